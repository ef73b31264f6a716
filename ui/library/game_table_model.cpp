#include "ui/library/game_table_model.h"

#include <QColor>
#include <QDateTime>

#include "ui/library/library_texts.h"

namespace xqui {

GameTableModel::GameTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void GameTableModel::setGames(std::vector<xq::store::GameRecord> games, const std::vector<xq::store::RunInfo>& runs) {
    beginResetModel();
    games_ = std::move(games);
    runNames_.clear();
    for (const auto& r : runs) runNames_[r.id] = QString::fromStdString(r.name);
    endResetModel();
}

void GameTableModel::clear() { setGames({}, {}); }

int GameTableModel::rowOf(int64_t gameId) const {
    for (size_t i = 0; i < games_.size(); ++i)
        if (games_[i].id == gameId) return int(i);
    return -1;
}

int GameTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(games_.size()); }
int GameTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GameTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(games_.size())) return {};
    const xq::store::GameRecord& g = games_[size_t(index.row())];
    if (role == GameIdRole) return QVariant::fromValue<qint64>(g.id);
    if (role == Qt::TextAlignmentRole && (index.column() == Generation || index.column() == Plies))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Result) {
        if (g.result == xq::Result::RedWins) return QColor(170, 30, 20);
        if (g.result == xq::Result::BlackWins) return QColor(30, 30, 30);
        return QColor(90, 90, 120);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (Column(index.column())) {
        case Date:
            return QDateTime::fromMSecsSinceEpoch(g.finished).toString(QStringLiteral("yyyy-MM-dd hh:mm"));
        case Run: {
            if (!g.run) return QStringLiteral("—");
            auto it = runNames_.find(*g.run);
            return it != runNames_.end() ? it->second : QString::number(*g.run);
        }
        case Kind: return LibraryTexts::kind(g.kind);
        case Generation: return g.generation ? QVariant(*g.generation) : QVariant(QStringLiteral("—"));
        case Red: return LibraryTexts::player(g.red);
        case Black: return LibraryTexts::player(g.black);
        case Result: return LibraryTexts::result(g.result);
        case Reason: return LibraryTexts::reason(g.reason);
        case Plies: return g.plies;
        case ColumnCount: break;
    }
    return {};
}

QVariant GameTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, o, role);
    switch (Column(section)) {
        case Date: return tr("Date");
        case Run: return tr("Run");
        case Kind: return tr("Kind");
        case Generation: return tr("Gen.");
        case Red: return tr("Red");
        case Black: return tr("Black");
        case Result: return tr("Result");
        case Reason: return tr("Reason");
        case Plies: return tr("Plies");
        case ColumnCount: break;
    }
    return {};
}

void GameTableModel::retranslate() {
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

}  // namespace xqui
