// Store: game reviews (one row per game, schema step 6), split from store.cpp by concern.
#include <nlohmann/json.hpp>

#include "core/store/store_impl.h"

namespace xq::store {

void Store::putReview(const ReviewRecord& r) {
    auto invalid = [&](const std::string& msg) {
        throw StoreError(StoreErrorCode::InvalidArgument,
                         "storing the review of game " + std::to_string(r.game) + ": " + msg);
    };
    if (r.simulations < 0) invalid("negative simulation count");
    if (!nlohmann::json::accept(r.detail)) invalid("the review is not valid JSON");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    // Replacing is idempotent, so a write cut off with the connection may be run again.
    retryOnLostConnection(db, [&] {
        Transaction tx(db);
        {
            Query game(db, "SELECT 1 FROM games WHERE id = ?");
            game.bind(1, r.game);
            if (!game.step())
                throw StoreError(StoreErrorCode::NotFound, "storing a review: no game with id " +
                                                               std::to_string(r.game));
        }
        Query del(db, "DELETE FROM reviews WHERE game = ?");
        del.bind(1, r.game).run();
        Query ins(db,
                  "INSERT INTO reviews(game, model, simulations, created, detail) "
                  "VALUES (?, ?, ?, ?, ?)");
        ins.bind(1, r.game).bind(2, r.model).bind(3, r.simulations);
        ins.bind(4, r.created ? r.created : nowMs()).bind(5, r.detail);
        ins.run();
        tx.commit();
    });
}

std::optional<ReviewRecord> Store::loadReview(int64_t game) {
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Query st(db, "SELECT game, model, simulations, created, detail FROM reviews WHERE game = ?");
    st.bind(1, game);
    if (!st.step()) return std::nullopt;
    ReviewRecord r;
    r.game = st.int64(0);
    r.model = st.text(1);
    r.simulations = int(st.int64(2));
    r.created = st.int64(3);
    r.detail = st.text(4);
    st.reset();
    return r;
}

}  // namespace xq::store
