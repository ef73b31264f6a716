// Store: Elo ladder results (split from store.cpp by concern).
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "core/store/store_impl.h"

namespace xq::store {

namespace {

constexpr const char* kLadderColumns =
    "SELECT id, run, model_id, player, rating, lo, hi, games, created, detail FROM ladder ";

LadderRecord readLadder(const Query& st) {
    LadderRecord r;
    r.id = st.int64(0);
    r.run = st.optInt64(1);
    r.model = st.optInt64(2);
    r.player = st.text(3);
    r.rating = st.real(4);
    r.lo = st.real(5);
    r.hi = st.real(6);
    r.games = int(st.int64(7));
    r.created = st.int64(8);
    r.detail = st.text(9);
    return r;
}

[[noreturn]] void invalid(const LadderRecord& r, const std::string& msg) {
    throw StoreError(StoreErrorCode::InvalidArgument,
                     "storing the ladder result of '" + r.player + "': " + msg);
}

}  // namespace

int64_t Store::addLadderResult(const LadderRecord& r) {
    if (r.player.empty()) invalid(r, "empty player");
    if (!std::isfinite(r.rating) || !std::isfinite(r.lo) || !std::isfinite(r.hi))
        invalid(r, "rating or interval is not a finite number");
    if (r.games < 0) invalid(r, "negative game count");
    if (!nlohmann::json::accept(r.detail)) invalid(r, "the detail is not valid JSON");
    std::lock_guard lock(impl_->mutex);
    Backend& db = *impl_->db;
    Transaction tx(db);
    if (r.run) {
        Query st(db, "SELECT 1 FROM runs WHERE id = ?");
        st.bind(1, *r.run);
        if (!st.step())
            throw StoreError(StoreErrorCode::NotFound, "storing the ladder result of '" + r.player +
                                                           "': no run with id " +
                                                           std::to_string(*r.run));
    }
    if (r.model) {
        Query st(db, "SELECT 1 FROM models WHERE id = ?");
        st.bind(1, *r.model);
        if (!st.step())
            throw StoreError(StoreErrorCode::NotFound, "storing the ladder result of '" + r.player +
                                                           "': no model with id " +
                                                           std::to_string(*r.model));
    }
    Query st(db,
                      "INSERT INTO ladder(run, model_id, player, rating, lo, hi, games, created, "
                      "detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    st.bind(1, r.run).bind(2, r.model).bind(3, r.player).bind(4, r.rating).bind(5, r.lo);
    st.bind(6, r.hi).bind(7, r.games).bind(8, r.created ? r.created : nowMs()).bind(9, r.detail);
    st.step();
    const int64_t id = st.int64(0);
    st.reset();
    tx.commit();
    return id;
}

std::vector<LadderRecord> Store::listLadderResults(const LadderFilter& f) {
    std::string where;
    auto add = [&](const char* cond) { where += (where.empty() ? "WHERE " : " AND ") + std::string(cond); };
    if (f.run) add("run = ?");
    if (f.player) add("player = ?");
    std::string q = std::string(kLadderColumns) + where + " ORDER BY created DESC, id DESC";
    if (f.limit > 0) q += " LIMIT " + std::to_string(f.limit);
    std::lock_guard lock(impl_->mutex);
    Query st(*impl_->db, q);
    int i = 1;
    if (f.run) st.bind(i++, *f.run);
    if (f.player) st.bind(i++, *f.player);
    std::vector<LadderRecord> out;
    while (st.step()) out.push_back(readLadder(st));
    return out;
}

}  // namespace xq::store
