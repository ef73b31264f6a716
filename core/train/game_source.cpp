#include "core/train/game_source.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/store/pgn_import.h"
#include "core/store/store.h"
#include "core/xiangqi/pgn.h"

namespace xq::train {

namespace {

[[noreturn]] void unusable(std::string_view source, const std::string& why) {
    throw Error(ErrorCode::GamesUnusable, "--init-games " + std::string(source) + ": " + why,
                std::string(source));
}

SourceGames fromPgnFile(std::string_view source) {
    const std::filesystem::path path{std::string(source)};
    std::ifstream in(path, std::ios::binary);
    if (!in) unusable(source, "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) unusable(source, "cannot read the file");
    SourceGames out;
    for (const PgnGameRead& r : readPgnGames(text.str())) {
        if (!r.ok() || r.game->moves.empty()) {
            ++out.skipped;
            continue;
        }
        out.games.push_back(playedMoveTargets(store::gameRecordFromPgn(*r.game)));
    }
    out.description = std::to_string(out.games.size()) + " games of " + path.filename().string();
    return out;
}

SourceGames fromStore(store::Store& store, const store::GameFilter& filter, const std::string& what) {
    SourceGames out;
    for (const store::GameRecord& g : store.listGames(filter)) {
        auto full = store.loadGame(g.id);
        if (!full || full->moves.empty()) {
            ++out.skipped;
            continue;
        }
        out.games.push_back(playedMoveTargets(std::move(*full)));
    }
    out.description = std::to_string(out.games.size()) + " " + what;
    return out;
}

}  // namespace

store::GameRecord playedMoveTargets(store::GameRecord game) {
    for (store::MoveRecord& m : game.moves) {
        m.visits.assign(1, store::VisitCount{m.move, 1});
        m.rootValue.reset();
        m.policySurprise.reset();  // it measured the search's target, replaced here
    }
    return game;
}

SourceGames loadSourceGames(std::string_view source, store::Store& store) {
    if (source.empty()) unusable(source, "no source given");
    SourceGames out;
    store::GameFilter filter;
    filter.limit = 0;
    if (source.starts_with("kind:")) {
        const std::string_view name = source.substr(5);
        const auto kind = store::parseGameKind(name);
        if (!kind)
            unusable(source, "unknown game kind '" + std::string(name) +
                                 "' (choose imported, selfplay, eval, play or other)");
        filter.kind = *kind;
        out = fromStore(store, filter, "stored games of kind " + std::string(name));
    } else if (source.starts_with("run:")) {
        const std::string name(source.substr(4));
        const auto run = store.findRun(name);
        if (!run) unusable(source, "the database has no run named '" + name + "'");
        filter.run = run->id;
        filter.kind = store::GameKind::SelfPlay;
        out = fromStore(store, filter, "self-play games of run " + name);
    } else {
        out = fromPgnFile(source);
    }
    if (out.skipped > 0) out.description += " (" + std::to_string(out.skipped) + " skipped)";
    if (out.games.empty()) unusable(source, "no game with moves in it");
    return out;
}

}  // namespace xq::train
