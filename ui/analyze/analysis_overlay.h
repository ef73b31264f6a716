#pragma once
// What a running search thinks, as board overlays: the share of root visits (or of the
// policy prior) summed per destination square as a heatmap, and arrows for the top moves.
//
// Thread-safety: pure functions on values.

#include <QVector>

#include "core/search/mcts_snapshot.h"
#include "ui/board/board_widget.h"

namespace xqui {

enum class HeatSource { Visits, Priors };

// 90 cells, or empty when the snapshot has nothing to show (no children, no visits yet).
// A cell's label is its share in percent (none below 1%); its colour value is relative to the strongest
// square so the favourite is always full colour however flat the distribution.
QVector<HeatCell> analysisHeatmap(const xq::search::SearchSnapshot& snap, HeatSource source);
// Arrows for the `count` most visited root moves (visited ones only), the best one widest.
QVector<BoardArrow> topMoveArrows(const xq::search::SearchSnapshot& snap, int count = 3);

}  // namespace xqui
