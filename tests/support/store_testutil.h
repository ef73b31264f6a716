#pragma once
// Helpers for the store suite: temporary databases, whole-file snapshots, deterministic games.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>

#include "core/store/records.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/position.h"

namespace storetest {

using namespace xq;
using namespace xq::store;

inline QByteArray readAll(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

inline void writeAll(const std::string& path, const QByteArray& bytes) {
    QFile f(QString::fromStdString(path));
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) f.write(bytes);
}

inline QStringList dirEntries(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
}

// A legal game of `plies` plies from the start, choosing moves by a simple deterministic rule
// that varies with `seed`; every ply gets a visit distribution over all legal moves (values
// chosen to exercise the full u32 range) except every 7th, which has neither visits nor value.
inline GameRecord makeGame(int plies, uint32_t seed, std::optional<int64_t> run) {
    GameRecord g;
    g.run = run;
    g.kind = GameKind::SelfPlay;
    g.generation = int(seed % 5);
    g.red = "gen:" + std::to_string(seed % 5) + "@80";
    g.black = "random";
    g.result = Result::Draw;
    g.reason = Reason::LengthCap;
    g.started = 1'700'000'000'000 + int64_t(seed) * 1000;
    g.finished = g.started + 500;
    Position pos;
    g.startFen = toFen(pos);
    uint32_t x = seed * 2654435761u + 1;
    for (int ply = 0; ply < plies; ++ply) {
        MoveList legal;
        pos.legalMoves(legal);
        if (legal.empty()) break;
        x = x * 1664525u + 1013904223u;
        MoveRecord mr;
        mr.move = legal[int(x >> 8) % legal.size()];
        if (ply % 7 != 6) {
            mr.rootValue = float(int(x % 2001) - 1000) / 1000.0f;
            if (ply % 5 != 4)
                mr.policySurprise = float(x % 9001) / 1000.0f;  // some searched plies have none
            for (int i = 0; i < legal.size(); ++i)
                mr.visits.push_back({legal[i], i == 0 ? 0xFFFFFFF0u + uint32_t(ply % 15)
                                                      : uint32_t((x >> (i % 16)) % 1000)});
        }
        g.moves.push_back(mr);
        pos.makeMove(mr.move);
    }
    g.plies = int(g.moves.size());
    return g;
}

}  // namespace storetest
