#pragma once
// What the search thought at one position of a stored game, as board overlays: the visit
// distribution summed per destination square (several pieces may move to the same square)
// as a heatmap, and the move actually played as an arrow.
//
// Thread-safety: pure functions on values.

#include <QVector>

#include "core/store/records.h"
#include "ui/board/board_widget.h"

namespace xqui {

// 90 cells (empty when the record has no visits). A cell's label is its share of all visits
// in percent; its colour value is the share relative to the most visited square, so the
// favourite is always full colour however flat the distribution.
QVector<HeatCell> visitHeatmap(const xq::store::MoveRecord& rec);
// Total visits of the record's distribution (0 = none recorded).
quint64 totalVisits(const xq::store::MoveRecord& rec);
BoardArrow playedArrow(xq::Move m);

}  // namespace xqui
