#include "ui/pages/placeholder_page.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/board/board_widget.h"

namespace xqui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& hint, bool withBoard, QWidget* parent)
    : QWidget(parent) {
    auto* text = new QVBoxLayout;
    auto* heading = new QLabel(title, this);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    heading->setFont(f);
    auto* body = new QLabel(hint, this);
    body->setWordWrap(true);
    body->setStyleSheet(QStringLiteral("color: #6b5a48; font-size: 14px;"));
    text->addStretch(1);
    text->addWidget(heading);
    text->addWidget(body);
    text->addStretch(2);
    auto* layout = new QHBoxLayout(this);
    if (withBoard) {
        board_ = new BoardWidget(this);
        board_->setInteractive(false);
        layout->addWidget(board_, 3);
    }
    auto* side = new QWidget(this);
    side->setLayout(text);
    side->setMaximumWidth(withBoard ? 340 : 620);
    if (withBoard) {
        layout->addWidget(side, 1);
    } else {
        layout->addStretch(1);
        layout->addWidget(side, 2);
        layout->addStretch(1);
    }
}

}  // namespace xqui
