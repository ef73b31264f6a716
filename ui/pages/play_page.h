#pragma once
// The Play page: a game against one of the four levels.
//
// The levels play with the studio's chosen model (the facade's ModelChoice, picked here or on
// the Analyze page: one shared choice): Beginner samples the net's policy, Amateur and
// Advanced search with MCTS; without a model they are alpha-beta, and the page says so.
//
// The page keeps the game (GameRecord), shows it on a BoardWidget, asks the facade for the
// AI's moves (the search runs on the facade's worker thread; the page only reacts to its
// queued signals) and announces the result with its reason. A game played to its end on the
// page (not one merely loaded from a file) is stored in the database through the facade; the
// outcome, success or failure, goes to the status bar. Once stored, "Review this game" asks
// for its review (reviewRequested: the window opens it in the Library and reviews it there). Public slots are what the menus
// of the main window and the tests drive.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

#include "core/xiangqi/notation.h"
#include "ui/facade/facade_types.h"
#include "ui/pages/game_record.h"

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
class StudioFacade;

class PlayPage : public QWidget {
    Q_OBJECT
public:
    PlayPage(StudioFacade* facade, QWidget* parent = nullptr);

    BoardWidget* board() const { return board_; }
    const GameRecord& game() const { return game_; }
    int viewPly() const { return viewPly_; }
    xq::Color humanColor() const { return human_; }
    PlayLevel level() const { return level_; }
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

private slots:
    void onBoardMove(xq::Move m);
    void onEngineMoved(const xqui::EngineReply& reply);
    void onEngineProgress(const xqui::EngineProgress& progress);
    void onEngineSnapshot(const xqui::EngineSnapshot& snapshot);
    void onThinkingChanged(bool thinking);
    void onGameStored(const xqui::StoreReply& reply);

protected:
    void changeEvent(QEvent* e) override;

private:
    void buildUi();
    void retranslate();
    QString resultBanner(const xq::GameStatus& st) const;
    void afterChange();      // refresh everything and let the AI move when it is its turn
    void refreshMoves();
    void refreshBoard();
    void refreshControls();
    void refreshModel();     // the note and the level tool tips follow the chosen model
    void requestAiMove();
    void showError(const QString& text);
    void startGameClock();
    void storeFinishedGame();
    static QString reasonText(xq::Reason r);
    static QString pieceText(xq::Piece p);  // "black horse", for the perpetual-chase banner

    StudioFacade* facade_;
    GameRecord game_;
    int viewPly_ = 0;
    xq::Color human_ = xq::Red;
    PlayLevel level_ = PlayLevel::Beginner;
    xq::Notation notation_ = xq::Notation::Chinese;
    quint64 aiRequest_ = 0;    // the facade request for the AI's move, 0 = none
    quint64 hintRequest_ = 0;
    bool flipped_ = false;     // the user's own flip on top of "human at the bottom"
    // A move was played (or the human resigned) since the game was loaded or last stored:
    // when it ends, it is stored. Loading a finished PGN therefore stores nothing.
    bool storePending_ = false;
    qint64 gameStartedMs_ = 0;
    quint64 storeRequest_ = 0;  // the newest facade storeGame() request, 0 = none
    // The finished game on the board as stored (its id there, 0 = not stored): what "Review
    // this game" reviews. Any change to the game forgets it.
    qint64 storedGameId_ = 0;
    QString storedDatabase_;

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
