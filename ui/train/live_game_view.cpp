#include "ui/train/live_game_view.h"

#include <algorithm>

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextCursor>
#include <QVBoxLayout>

#include "ui/analyze/analysis_overlay.h"
#include "ui/board/board_widget.h"
#include "ui/settings_dialog.h"

namespace xqui {

LiveGameView::LiveGameView(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);

    auto* bar = new QHBoxLayout;
    prev_ = new QPushButton(QStringLiteral("◀"), this);
    prev_->setObjectName(QStringLiteral("liveGamePrevious"));
    next_ = new QPushButton(QStringLiteral("▶"), this);
    next_->setObjectName(QStringLiteral("liveGameNext"));
    for (QPushButton* b : {prev_, next_}) b->setFixedWidth(36);
    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("liveGameTitle"));
    title_->setAlignment(Qt::AlignCenter);
    bar->addWidget(prev_);
    bar->addWidget(title_, 1);
    bar->addWidget(next_);
    v->addLayout(bar);
    connect(prev_, &QPushButton::clicked, this, [this] { step(-1); });
    connect(next_, &QPushButton::clicked, this, [this] { step(+1); });

    board_ = new BoardWidget(this);
    board_->setObjectName(QStringLiteral("liveGameBoard"));
    board_->setInteractive(false);
    board_->setShowCoordinates(false);  // small board: the labels would crowd it
    v->addWidget(board_);

    value_ = new QLabel(this);
    value_->setObjectName(QStringLiteral("liveGameValue"));
    value_->setAlignment(Qt::AlignCenter);
    v->addWidget(value_);
    // Texts that change 12 times a second must not change the page's layout: a label whose
    // width followed its text could widen the column and make the charts beside it resize
    // and replot (tens of milliseconds on the GUI thread).
    for (QLabel* l : {title_, value_}) {
        l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        l->setMinimumWidth(0);
    }

    moves_ = new QPlainTextEdit(this);
    moves_->setObjectName(QStringLiteral("liveGameMoves"));
    moves_->setReadOnly(true);
    moves_->setFrameShape(QFrame::StyledPanel);
    moves_->setMinimumHeight(moves_->fontMetrics().lineSpacing() * 3 + 12);
    v->addWidget(moves_, 1);

    notation_ = notationSetting();
    reset();
    retranslate();
}

// The fixed texts; the title and the value line follow the snapshots (about 12 a second).
void LiveGameView::retranslate() {
    prev_->setToolTip(tr("Show the previous game in flight"));
    next_->setToolTip(tr("Show the next game in flight"));
    board_->setToolTip(tr("A self-play game being played now; the colours show the share of the current search's visits per target square."));
    moves_->setPlaceholderText(tr("Moves of the game appear here."));
    if (slotCount_ == 0) title_->setText(tr("No self-play game in flight"));
}

void LiveGameView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && moves_) retranslate();
    QWidget::changeEvent(e);
}

void LiveGameView::setNotation(xq::Notation n) {
    notation_ = n;
    shownGame_ = UINT64_MAX;  // rebuild the list
    shownMoves_.clear();
    updateMoveList();
}

void LiveGameView::reset() {
    game_ = {};
    game_.slot = slot_ = 0;
    slotCount_ = 0;
    updates_ = 0;
    shownMoves_.clear();
    shownGame_ = UINT64_MAX;
    board_->setPosition(xq::Position());
    board_->clearHeatmap();
    moves_->clear();
    title_->setText(tr("No self-play game in flight"));
    value_->setText(QStringLiteral(" "));
    prev_->setEnabled(false);
    next_->setEnabled(false);
}

void LiveGameView::step(int delta) {
    if (slotCount_ <= 1) return;
    slot_ = (slot_ + delta + slotCount_) % slotCount_;
    title_->setText(tr("Game %1 of %2").arg(slot_ + 1).arg(slotCount_));
    emit slotRequested(slot_);
}

void LiveGameView::setGame(const xq::train::LiveGame& g) {
    if (g.slotCount == 0) {  // no self-play running: keep the last board, say why it stands
        slotCount_ = 0;
        prev_->setEnabled(false);
        next_->setEnabled(false);
        title_->setText(tr("No self-play game in flight"));
        board_->clearHeatmap();
        value_->setText(QStringLiteral(" "));
        return;
    }
    slotCount_ = g.slotCount;
    prev_->setEnabled(slotCount_ > 1);
    next_->setEnabled(slotCount_ > 1);
    if (slot_ >= slotCount_) {  // fewer games in flight than before (new settings)
        slot_ = 0;
        emit slotRequested(slot_);
    }
    if (g.slot != slot_) return;  // sent before the choice changed
    game_ = g;
    ++updates_;
    const QLocale loc;
    title_->setText(g.active ? tr("Game %1 of %2 · no. %3")
                                   .arg(slot_ + 1)
                                   .arg(slotCount_)
                                   .arg(loc.toString(qulonglong(g.gameNumber + 1)))
                             : tr("Game %1 of %2 · idle").arg(slot_ + 1).arg(slotCount_));  // its game ended
    if (g.moves != shownMoves_ || g.gameNumber != shownGame_) {
        xq::Position pos;
        for (xq::Move m : g.moves) pos.makeMove(m);
        board_->setPosition(pos, g.moves.empty() ? xq::Move() : g.moves.back());
        updateMoveList();
    }
    const bool ours = g.search.rootVisits > 0 && g.search.rootKey == board_->position().key();
    board_->setHeatmap(ours ? analysisHeatmap(g.search, HeatSource::Visits) : QVector<HeatCell>{});
    const int ply = int(g.moves.size());
    if (ours) {
        // rootValue is for the side to move (mcts_snapshot.h); shown for Red, as the
        // Analyze page's evaluation is.
        const float red = board_->position().sideToMove() == xq::Red ? g.search.rootValue : -g.search.rootValue;
        // A fast search (playout-cap randomization) is played but never learned from.
        value_->setText((g.fullSearch ? tr("Ply %1 · %2 visits · value for Red %3")
                                      : tr("Ply %1 · %2 visits (fast search) · value for Red %3"))
                            .arg(ply)
                            .arg(loc.toString(g.search.rootVisits))
                            .arg((red >= 0 ? QStringLiteral("+") : QString()) + loc.toString(red, 'f', 2)));
    } else {
        value_->setText(tr("Ply %1 · searching…").arg(ply));
    }
}

void LiveGameView::updateMoveList() {
    const std::vector<xq::Move>& moves = game_.moves;
    // Same game, more moves: append only the new ones (the list keeps its scroll position
    // logic simple: it follows the end).
    const bool extends = game_.gameNumber == shownGame_ && moves.size() >= shownMoves_.size() &&
                         std::equal(shownMoves_.begin(), shownMoves_.end(), moves.begin());
    xq::Position pos;
    QString text;
    for (size_t i = 0; i < moves.size(); ++i) {
        if (!extends || i >= shownMoves_.size()) {
            if (i % 2 == 0) text += (i ? QStringLiteral("  ") : QString()) + QString::number(i / 2 + 1) + QStringLiteral(". ");
            else text += QLatin1Char(' ');
            text += QString::fromStdString(xq::formatMove(pos, moves[i], notation_));
        }
        pos.makeMove(moves[i]);
    }
    if (!extends) moves_->clear();
    if (!text.isEmpty()) {
        moves_->moveCursor(QTextCursor::End);
        moves_->insertPlainText(text);
    }
    moves_->verticalScrollBar()->setValue(moves_->verticalScrollBar()->maximum());
    shownMoves_ = moves;
    shownGame_ = game_.gameNumber;
}

}  // namespace xqui
