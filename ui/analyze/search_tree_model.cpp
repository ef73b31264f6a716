#include "ui/analyze/search_tree_model.h"

#include <algorithm>

namespace xqui {

struct SearchTreeModel::Item {
    Item* parent = nullptr;
    int row = 0;
    xq::search::SnapshotNode stats;  // its `children` and `pv` stay empty
    xq::Position before;             // the position the move is played in
    bool fetched = false;            // children read from the search (at least once)
    std::vector<std::unique_ptr<Item>> children;

    // A node searched more than once has a searched child; one searched once only has its
    // network evaluation. Proven and terminal nodes have nothing to open.
    bool openable() const { return parent && stats.visits >= 2 && !stats.terminal; }
    xq::Position after() const {
        xq::Position p = before;
        p.makeMove(stats.move);
        return p;
    }
};

SearchTreeModel::SearchTreeModel(MoveText moveText, ValueText valueText, QObject* parent)
    : QAbstractItemModel(parent),
      root_(std::make_unique<Item>()),
      moveText_(std::move(moveText)),
      valueText_(std::move(valueText)) {}

SearchTreeModel::~SearchTreeModel() = default;

void SearchTreeModel::reset(const xq::Position& root, Provider provider) {
    beginResetModel();
    root_ = std::make_unique<Item>();
    root_->before = root;  // the root item has no move: its "after" is `before` itself
    provider_ = std::move(provider);
    loadedRows_ = 0;
    endResetModel();
    refresh();
}

void SearchTreeModel::clear() {
    beginResetModel();
    root_ = std::make_unique<Item>();
    provider_ = {};
    loadedRows_ = 0;
    endResetModel();
}

void SearchTreeModel::refresh() {
    if (!provider_) return;
    root_->fetched = true;
    refreshBelow(root_.get());
}

void SearchTreeModel::refreshBelow(Item* item) {
    merge(item, provider_(pathOf(indexOf(item))));
    for (auto& c : item->children)
        if (c->fetched) refreshBelow(c.get());
}

void SearchTreeModel::merge(Item* item, const std::vector<xq::search::SnapshotNode>& fresh) {
    const QModelIndex parentIndex = indexOf(item);
    std::vector<const xq::search::SnapshotNode*> added;
    for (const auto& n : fresh) {
        if (n.visits <= 0) continue;  // unsearched moves are in the candidate table already
        auto it = std::find_if(item->children.begin(), item->children.end(),
                               [&](const auto& c) { return c->stats.move == n.move; });
        if (it == item->children.end()) {
            added.push_back(&n);
            continue;
        }
        Item& c = **it;
        const bool wasOpenable = c.openable();
        c.stats = n;
        c.stats.pv.clear();
        c.stats.children.clear();
        emit dataChanged(index(c.row, VisitsColumn, parentIndex),
                         index(c.row, ValueColumn, parentIndex));
        // The view asks hasChildren() again only for rows it is told about.
        if (wasOpenable != c.openable())
            emit dataChanged(index(c.row, 0, parentIndex), index(c.row, 0, parentIndex));
    }
    if (added.empty()) return;
    // The position the children's moves are played in (the root item has no move of its own).
    const xq::Position pos = item == root_.get() ? item->before : item->after();
    const int first = int(item->children.size());
    beginInsertRows(parentIndex, first, first + int(added.size()) - 1);
    for (const auto* n : added) {
        auto c = std::make_unique<Item>();
        c->parent = item;
        c->row = int(item->children.size());
        c->stats = *n;
        c->stats.pv.clear();
        c->stats.children.clear();
        c->before = pos;
        item->children.push_back(std::move(c));
    }
    loadedRows_ += int(added.size());
    endInsertRows();
}

void SearchTreeModel::textsChanged() {
    repaintRows(root_.get());
}

void SearchTreeModel::repaintRows(Item* item) {
    if (item->children.empty()) return;
    const QModelIndex p = indexOf(item);
    emit dataChanged(index(0, 0, p), index(int(item->children.size()) - 1, ColumnCount - 1, p));
    for (auto& c : item->children) repaintRows(c.get());
}

void SearchTreeModel::setHeaders(const QStringList& headers) {
    headers_ = headers;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

std::vector<xq::Move> SearchTreeModel::pathOf(const QModelIndex& index) const {
    std::vector<xq::Move> path;
    for (const Item* it = itemOf(index); it && it->parent; it = it->parent)
        path.push_back(it->stats.move);
    std::reverse(path.begin(), path.end());
    return path;
}

SearchTreeModel::Item* SearchTreeModel::itemOf(const QModelIndex& index) const {
    return index.isValid() ? static_cast<Item*>(index.internalPointer()) : root_.get();
}

QModelIndex SearchTreeModel::indexOf(Item* item, int column) const {
    if (!item || item == root_.get()) return {};
    return createIndex(item->row, column, item);
}

QModelIndex SearchTreeModel::index(int row, int column, const QModelIndex& parent) const {
    const Item* p = itemOf(parent);
    if (row < 0 || row >= int(p->children.size()) || column < 0 || column >= ColumnCount) return {};
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex SearchTreeModel::parent(const QModelIndex& index) const {
    const Item* it = itemOf(index);
    if (!index.isValid() || !it->parent || it->parent == root_.get()) return {};
    return createIndex(it->parent->row, 0, it->parent);
}

int SearchTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return int(itemOf(parent)->children.size());
}

int SearchTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant SearchTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Item* it = itemOf(index);
    const auto& s = it->stats;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case MoveColumn:
                return moveText_(it->before, s.move);
            case VisitsColumn:
                return QString::number(s.visits);
            case PriorColumn:
                return QString::number(s.prior, 'f', 3);
            case ValueColumn:
                return valueText_(s.q, s.proven);
        }
    } else if (role == kSortRole) {
        switch (index.column()) {
            case MoveColumn:
                return s.visits;  // the move column sorts as N does
            case VisitsColumn:
                return s.visits;
            case PriorColumn:
                return double(s.prior);
            case ValueColumn:
                return double(s.proven != 0 ? s.proven * 2 : s.q);
        }
    } else if (role == Qt::TextAlignmentRole && index.column() != MoveColumn) {
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant SearchTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 &&
        section < headers_.size())
        return headers_[section];
    return QAbstractItemModel::headerData(section, orientation, role);
}

bool SearchTreeModel::hasChildren(const QModelIndex& parent) const {
    const Item* it = itemOf(parent);
    if (!parent.isValid()) return !it->children.empty();
    if (parent.column() != 0) return false;
    return it->fetched ? !it->children.empty() || it->openable() : it->openable();
}

bool SearchTreeModel::canFetchMore(const QModelIndex& parent) const {
    const Item* it = itemOf(parent);
    return parent.isValid() && !it->fetched && it->openable() && provider_;
}

void SearchTreeModel::fetchMore(const QModelIndex& parent) {
    Item* it = itemOf(parent);
    if (!parent.isValid() || it->fetched || !provider_) return;
    it->fetched = true;
    merge(it, provider_(pathOf(parent)));
}

}  // namespace xqui
