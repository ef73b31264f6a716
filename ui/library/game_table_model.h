#pragma once
// The Library's game list: one page of stored games (LibraryLoader fetches it with LIMIT and
// OFFSET) as a table with the columns date, run, kind, generation, red, black, result, reason,
// plies. The model only shows what it is given; paging and filters live in the page, which
// asks the loader and hands the answer over with setGames().
//
// Thread-safety: a Qt model; GUI thread only.

#include <cstdint>
#include <map>
#include <vector>

#include <QAbstractTableModel>

#include "core/store/records.h"

namespace xqui {

class GameTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Date, Run, Kind, Generation, Red, Black, Result, Reason, Plies, ColumnCount };
    static constexpr int GameIdRole = Qt::UserRole + 1;

    explicit GameTableModel(QObject* parent = nullptr);

    // Replaces the rows. `runs` names the run ids the games refer to.
    void setGames(std::vector<xq::store::GameRecord> games, const std::vector<xq::store::RunInfo>& runs);
    void clear();
    // After a language change: headers and the translated columns (kind, result, reason).
    void retranslate();
    const xq::store::GameRecord& game(int row) const { return games_.at(size_t(row)); }
    int64_t gameId(int row) const { return games_.at(size_t(row)).id; }
    // Row of the game with this id, -1 when it is not on this page.
    int rowOf(int64_t gameId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    std::vector<xq::store::GameRecord> games_;
    std::map<int64_t, QString> runNames_;
};

}  // namespace xqui
