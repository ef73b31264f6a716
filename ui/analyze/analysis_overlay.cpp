#include "ui/analyze/analysis_overlay.h"

#include <algorithm>

namespace xqui {

QVector<HeatCell> analysisHeatmap(const xq::search::SearchSnapshot& snap, HeatSource source) {
    // Several pieces may reach the same square: their shares add up there.
    double share[xq::kSquareCount] = {};
    double total = 0;
    for (const auto& c : snap.children) {
        const double w = source == HeatSource::Visits ? double(c.visits) : double(c.prior);
        share[c.move.to()] += w;
        total += w;
    }
    if (total <= 0) return {};
    double best = 0;
    for (double s : share) best = std::max(best, s);
    QVector<HeatCell> cells(xq::kSquareCount);
    for (int sq = 0; sq < xq::kSquareCount; ++sq) {
        if (share[sq] <= 0) continue;
        cells[sq].value = float(share[sq] / best);
        const double pct = 100.0 * share[sq] / total;
        // Below 1% a label is clutter: the colour already says "tried, but little".
        if (pct < 1.0) continue;
        cells[sq].label = pct >= 10 ? QString::number(pct, 'f', 0) + QLatin1Char('%')
                                    : QString::number(pct, 'f', 1) + QLatin1Char('%');
    }
    return cells;
}

QVector<BoardArrow> topMoveArrows(const xq::search::SearchSnapshot& snap, int count) {
    // Children arrive most visited first (mcts_snapshot.h).
    static const QColor colours[] = {QColor(20, 110, 220, 200), QColor(40, 150, 90, 170),
                                     QColor(200, 140, 30, 150)};
    QVector<BoardArrow> arrows;
    for (const auto& c : snap.children) {
        if (int(arrows.size()) >= count || c.visits <= 0) break;
        const int i = int(arrows.size());
        BoardArrow a;
        a.move = c.move;
        a.color = colours[std::min(i, 2)];
        a.width = i == 0 ? 0.2 : 0.13;
        arrows.push_back(a);
    }
    // Paint the best arrow last so it stays on top.
    std::reverse(arrows.begin(), arrows.end());
    return arrows;
}

}  // namespace xqui
