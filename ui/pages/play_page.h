#pragma once
// The Play page: a game against one of the four levels, shown and driven through widgets.
//
// The levels play with the studio's chosen model (the facade's ModelChoice, picked here or on
// the Analyze page: one shared choice): Beginner samples the net's policy, Amateur and
// Advanced search with MCTS; without a model they are alpha-beta, and the page says so.
//
// The game itself is a PlaySession (ui/facade/play_session.h): the page lays out the board,
// the controls, the move list and the banners, binds them to the session and forwards the
// session's status lines. What the page adds is what only a view has: which ply is shown, the
// board's flip, the move notation, the search heatmap. Once a finished game is stored, "Review
// this game" asks for its review (reviewRequested: the window opens it in the Library and
// reviews it there). Public slots are what the menus of the main window and the tests drive.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

#include "core/xiangqi/notation.h"
#include "ui/facade/facade_types.h"
#include "ui/facade/game_record.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace xqui {

class BoardWidget;
class ModelPicker;
class PlaySession;
class StudioFacade;

class PlayPage : public QWidget {
    Q_OBJECT
public:
    PlayPage(StudioFacade* facade, QWidget* parent = nullptr);

    BoardWidget* board() const { return board_; }
    PlaySession* session() const { return session_; }
    const GameRecord& game() const;
    int viewPly() const { return viewPly_; }
    xq::Color humanColor() const;
    PlayLevel level() const;
    xq::Notation notation() const { return notation_; }
    bool aiThinking() const;
    QString errorText() const;   // the message banner ("" when none)
    QString resultText() const;  // the result banner ("" while the game runs)
    QTableWidget* moveTable() const { return moves_; }
    ModelPicker* modelPicker() const { return modelPicker_; }
    QCheckBox* showSearchBox() const { return showSearch_; }
    // Search snapshots of the AI shown on the board so far (the live heatmap while it thinks).
    int snapshotsShown() const { return snapshotsShown_; }
    // What the levels play with: the chosen model's name, and the note under the picker.
    QString modelText() const;

    // FEN of the position on the board.
    QString currentFen() const;
    // The position on the board with the moves that led to it (repetition rules need them).
    xq::Position positionShown() const;
    // Starts a new game from `fen`. A bad FEN leaves the game as it was and shows why.
    bool pasteFen(const QString& fen);
    // PGN text in/out (xqbase dialect); loading a bad text keeps the game and shows why.
    bool loadPgnText(const QString& text, QString* error = nullptr);
    QString pgnText() const;

    // A move from outside the board (tests, scripted screenshots); must be legal and the
    // human's turn.
    bool playHumanMove(xq::Move m);

public slots:
    void newGame();
    void undo();
    void hint();
    void resign();
    void flip();
    void moveNow();
    void setHumanColor(xq::Color c);
    void setLevel(xqui::PlayLevel level);
    void setNotation(xq::Notation n);
    void setShowCoordinates(bool on);
    void showPly(int ply);  // 0 = start position; plies() = the live position

signals:
    void statusMessage(const QString& text);
    void gameFinished(const QString& result);
    // "Analyze this position": the position on the board, with its history.
    void analyzeRequested(const xq::Position& position);
    // "Review this game": the finished game, as stored in `database` under `gameId`.
    void reviewRequested(const QString& database, qint64 gameId);

protected:
    void changeEvent(QEvent* e) override;

private:
    void buildUi();
    void buildGameBox();
    void buildThinkingRow();
    void buildBanners();
    void buildMoveList();
    void layOut();
    void nameControls();
    void connectControls();
    void bindSession();
    void retranslate();
    void onGameChanged();  // the live position, the move list and the result banner
    void onHintFound(xq::Move m);
    void onSearchSnapshot(const xq::search::SearchSnapshot& s);
    void onHumanColorChanged(xq::Color c);
    void onLevelChanged(xqui::PlayLevel level);
    void refreshMoves();
    void refreshBoard();
    void refreshControls();
    void refreshModel();  // the note and the level tool tips follow the chosen model

    StudioFacade* facade_;
    PlaySession* session_;  // child of this
    int viewPly_ = 0;
    xq::Notation notation_ = xq::Notation::Chinese;
    bool flipped_ = false;  // the user's own flip on top of "human at the bottom"

    BoardWidget* board_ = nullptr;
    QGroupBox* gameBox_ = nullptr;
    QLabel* sideLabel_ = nullptr;
    QLabel* levelLabel_ = nullptr;
    QLabel* modelLabel_ = nullptr;
    QLabel* movesLabel_ = nullptr;
    QComboBox* side_ = nullptr;
    QComboBox* levelBox_ = nullptr;
    ModelPicker* modelPicker_ = nullptr;
    QLabel* modelNote_ = nullptr;
    QComboBox* notationBox_ = nullptr;
    QPushButton* newGameBtn_ = nullptr;
    QPushButton* undoBtn_ = nullptr;
    QPushButton* hintBtn_ = nullptr;
    QPushButton* resignBtn_ = nullptr;
    QPushButton* flipBtn_ = nullptr;
    QPushButton* analyzeBtn_ = nullptr;
    QPushButton* reviewBtn_ = nullptr;
    QPushButton* moveNowBtn_ = nullptr;
    QCheckBox* showSearch_ = nullptr;
    int snapshotsShown_ = 0;
    QProgressBar* busy_ = nullptr;
    QLabel* thinking_ = nullptr;
    QLabel* result_ = nullptr;
    QLabel* error_ = nullptr;
    QTableWidget* moves_ = nullptr;
};

}  // namespace xqui
