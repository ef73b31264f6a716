#include "ui/library/visit_overlay.h"

#include <algorithm>
#include <array>

namespace xqui {

quint64 totalVisits(const xq::store::MoveRecord& rec) {
    quint64 total = 0;
    for (const auto& v : rec.visits) total += v.visits;
    return total;
}

QVector<HeatCell> visitHeatmap(const xq::store::MoveRecord& rec) {
    const quint64 total = totalVisits(rec);
    if (total == 0) return {};
    std::array<quint64, xq::kSquareCount> perSquare{};
    for (const auto& v : rec.visits) perSquare[size_t(v.move.to())] += v.visits;
    const quint64 top = *std::max_element(perSquare.begin(), perSquare.end());
    QVector<HeatCell> cells(xq::kSquareCount);
    for (int sq = 0; sq < xq::kSquareCount; ++sq) {
        if (perSquare[size_t(sq)] == 0) continue;
        const double share = double(perSquare[size_t(sq)]) / double(total);
        cells[sq].value = float(double(perSquare[size_t(sq)]) / double(top));
        cells[sq].label = share >= 0.095 ? QString::number(qRound(share * 100)) + QLatin1Char('%')
                                         : QString::number(share * 100, 'f', 1) + QLatin1Char('%');
    }
    return cells;
}

BoardArrow playedArrow(xq::Move m) { return BoardArrow{m, QColor(200, 40, 30, 200), 0.14}; }

}  // namespace xqui
