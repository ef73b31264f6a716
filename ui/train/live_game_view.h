#pragma once
// LiveGameView: the Train page's live self-play board. It shows one game in flight as the
// TrainingSession's liveGame() snapshots arrive: the position after its moves (last move
// marked), the running search's root visits as a heatmap (the Analyze page's overlay), the
// root value (for Red), the ply and visit count, and the move list. Previous / next choose
// another game in flight (wrapping around); slotRequested() tells the session which.
//
// Snapshots of another slot than the chosen one (still on their way when the choice changed)
// are ignored, so switching never shows a wrong game.
//
// Thread-safety: a QWidget; GUI thread only.

#include <vector>

#include <QWidget>

#include "core/train/live_game.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/position.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace xqui {

class BoardWidget;

class LiveGameView : public QWidget {
    Q_OBJECT
public:
    explicit LiveGameView(QWidget* parent = nullptr);

    void setGame(const xq::train::LiveGame& game);
    // Back to "no game" (a new run starts with slot 0).
    void reset();
    int slot() const { return slot_; }
    const xq::train::LiveGame& game() const { return game_; }
    // Snapshots shown since the last reset() (for tests and the stall probe's report).
    int updates() const { return updates_; }
    void setNotation(xq::Notation n);

    BoardWidget* board() const { return board_; }
    QPushButton* previousButton() const { return prev_; }
    QPushButton* nextButton() const { return next_; }
    QLabel* titleLabel() const { return title_; }
    QLabel* valueLabel() const { return value_; }
    QPlainTextEdit* moveList() const { return moves_; }

signals:
    void slotRequested(int slot);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void step(int delta);
    void updateMoveList();

    BoardWidget* board_ = nullptr;
    QPushButton* prev_ = nullptr;
    QPushButton* next_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* value_ = nullptr;
    QPlainTextEdit* moves_ = nullptr;
    xq::train::LiveGame game_;
    std::vector<xq::Move> shownMoves_;  // the moves the board and the list show
    uint64_t shownGame_ = UINT64_MAX;   // gameNumber of those
    int slot_ = 0;
    int slotCount_ = 0;
    int updates_ = 0;
    xq::Notation notation_ = xq::Notation::Chinese;
};

}  // namespace xqui
