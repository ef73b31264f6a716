#pragma once
// Plain structs the facade sends across threads in queued signals. No core objects with
// pointers inside: each is a value the GUI thread can keep.
//
// Thread-safety: plain values.

#include <string>
#include <vector>

#include <QMetaType>
#include <QString>

#include "core/xiangqi/types.h"

namespace xqui {

// The four Play levels, in strength order (indices match core/engine/levels.h).
enum class PlayLevel { Random = 0, Beginner = 1, Amateur = 2, Advanced = 3 };
constexpr int kPlayLevelCount = 4;

// What to think about: a game from its start with the moves played (so the player sees the
// history the repetition rules need).
struct EngineRequest {
    quint64 id = 0;
    std::string startFen;            // empty = the standard start position
    std::vector<xq::Move> moves;
    PlayLevel level = PlayLevel::Beginner;
    bool hint = false;               // a suggestion for the user, not a move to play
};

// A player's answer.
struct EngineReply {
    quint64 id = 0;
    bool hint = false;
    xq::Move move;                   // null when the position has no legal move or on error
    QString playerName;
    QString error;                   // non-empty when the player failed (engine crash ...)
    int elapsedMs = 0;
};

// The outcome of StudioFacade::storeGame(): the new game id, or an error naming the file and
// what went wrong (core's English text; the page adds the translated frame).
struct StoreReply {
    quint64 id = 0;                  // the storeGame() request this answers
    qint64 gameId = 0;               // row id in the database, 0 on failure
    QString databasePath;
    QString error;                   // empty on success
};

// Progress while thinking (one per search iteration).
struct EngineProgress {
    quint64 id = 0;
    int depth = 0;
    int scoreCp = 0;                 // side to move's view
    int mateIn = 0;
    quint64 nodes = 0;
    std::vector<xq::Move> pv;
};

}  // namespace xqui

Q_DECLARE_METATYPE(xqui::EngineRequest)
Q_DECLARE_METATYPE(xqui::EngineReply)
Q_DECLARE_METATYPE(xqui::EngineProgress)
Q_DECLARE_METATYPE(xqui::StoreReply)
