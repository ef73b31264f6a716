#pragma once
// The Analyze page's search tree as a lazy item model: the root's searched moves at first,
// and a node's children only when the view expands it (fetchMore asks the running search for
// that one node: MctsSearch::snapshotChildren). The model never holds more than what the
// user has opened, so a tree of millions of nodes costs what its open branches cost.
//
// refresh() re-reads every opened node from the search in place: visits, prior and value
// change, new children are appended, nothing is rebuilt, so expansion and selection survive.
// Rows are in the order first seen; a QSortFilterProxyModel on sortRole() (the numbers of
// N, P, Q) orders them for display.
//
// Thread-safety: GUI thread only (a QAbstractItemModel).

#include <functional>
#include <memory>
#include <vector>

#include <QAbstractItemModel>

#include "core/search/mcts_snapshot.h"
#include "core/xiangqi/position.h"

namespace xqui {

class SearchTreeModel : public QAbstractItemModel {
    Q_OBJECT
  public:
    enum Column { MoveColumn, VisitsColumn, PriorColumn, ValueColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;  // a number for every column

    // The children of the node reached from the root by a move path (empty when none).
    using Provider =
        std::function<std::vector<xq::search::SnapshotNode>(const std::vector<xq::Move>&)>;
    using MoveText = std::function<QString(const xq::Position&, xq::Move)>;
    using ValueText = std::function<QString(float q, int proven)>;

    explicit SearchTreeModel(MoveText moveText, ValueText valueText, QObject* parent = nullptr);
    ~SearchTreeModel() override;

    // A new tree (a new search or position): fetches the root's searched moves.
    void reset(const xq::Position& root, Provider provider);
    // No tree at all.
    void clear();
    // Re-reads every opened node from the provider (see the header comment).
    void refresh();
    // The texts changed (another notation or language): every row repaints.
    void textsChanged();
    void setHeaders(const QStringList& headers);

    // Rows the model holds (every opened level): what it costs, whatever the tree's size.
    int loadedRows() const { return loadedRows_; }
    std::vector<xq::Move> pathOf(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& index) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

  private:
    struct Item;
    Item* itemOf(const QModelIndex& index) const;
    QModelIndex indexOf(Item* item, int column = 0) const;
    // Merges a fresh list of children into `item` (stats in place, new moves appended).
    void merge(Item* item, const std::vector<xq::search::SnapshotNode>& fresh);
    void refreshBelow(Item* item);
    void repaintRows(Item* item);

    std::unique_ptr<Item> root_;
    Provider provider_;
    MoveText moveText_;
    ValueText valueText_;
    QStringList headers_;
    int loadedRows_ = 0;
};

}  // namespace xqui
