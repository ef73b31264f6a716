#pragma once
// A page that is not built yet: its title, what it will do and which release brings it,
// over the shared board widget so the layout of the finished page is already visible.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

namespace xqui {

class BoardWidget;

class PlaceholderPage : public QWidget {
    Q_OBJECT
public:
    PlaceholderPage(const QString& title, const QString& hint, bool withBoard, QWidget* parent = nullptr);
    BoardWidget* board() const { return board_; }

private:
    BoardWidget* board_ = nullptr;
};

}  // namespace xqui
