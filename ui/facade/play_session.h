#pragma once
// PlaySession: one game against a Play level, without widgets (Qt Core only).
//
// The session keeps the game (GameRecord), which side the human plays and at which level, asks
// the facade for the computer's moves and hints, and stores a game played to its end through
// the facade. The Play page lays out and binds widgets to it; tests drive it headless.
//
// How a game goes:
// - Every change to the game (a move, a take-back, a new start, a resignation) ends in one
//   step: gameChanged() and stateChanged() are emitted; a game that is over is announced
//   (gameFinished(), statusMessage()) and stored when a move was played or the human resigned
//   since it was loaded or last stored; otherwise, when it is the computer's turn and it is not
//   already thinking, its move is requested.
// - A new start (newGame(), startFromFen(), loadPgn()) cancels the facade's search, drops the
//   replies still due, tells the players a new game begins, clears the error and restarts the
//   game clock. Loading a finished game therefore stores nothing.
// - Only the newest request is answered (the facade drops the rest); a reply for another
//   request (another page's) is ignored.
// - A stored game is remembered (storedGameId(), storedDatabase()) until the game changes:
//   that is the game "Review this game" reviews.
//
// Texts (errors, status lines, the result and thinking lines) are translated with tr() in the
// language installed when they are made.
//
// Thread-safety: a QObject of the GUI thread (the facade's thread): construct, call and
// destroy there. Its slots are reached through the facade's queued signals.

#include <QObject>
#include <QString>

#include "core/search/mcts_snapshot.h"
#include "core/store/records.h"
#include "core/xiangqi/types.h"
#include "ui/facade/facade_types.h"
#include "ui/facade/game_record.h"

namespace xqui {

class StudioFacade;

class PlaySession : public QObject {
    Q_OBJECT
public:
    explicit PlaySession(StudioFacade* facade, QObject* parent = nullptr);

    const GameRecord& game() const { return game_; }
    xq::Color humanColor() const { return human_; }
    PlayLevel level() const { return level_; }
    // The computer is thinking about its move (not a hint).
    bool aiThinking() const { return aiRequest_ != 0; }
    // The facade is busy with a search (the computer's move, a hint, or another page's).
    bool engineBusy() const;
    bool over() const { return game_.status().over(); }
    // The game runs and the human is to move in the live position.
    bool humanToMove() const { return !over() && game_.current().sideToMove() == human_; }
    // What a hint needs: the human to move and the facade idle.
    bool canHint() const { return humanToMove() && !engineBusy(); }
    bool canUndo() const { return game_.plies() > 0; }
    bool canResign() const { return !over() && game_.plies() > 0; }
    // The message of the last failed action ("" when none, or after a successful one).
    QString errorText() const { return error_; }
    // The result line of a finished game ("" while it runs), in the language installed now.
    QString resultText() const;
    // The thinking line while the computer thinks: "Advanced is thinking…".
    QString aiThinkingText() const;
    // The state of the search in `s` as a line: "Advanced is thinking… 1,200 visits, …".
    QString snapshotText(const xq::search::SearchSnapshot& s) const;
    // The finished game as stored (0 / "": not stored, or changed since).
    qint64 storedGameId() const { return storedGameId_; }
    QString storedDatabase() const { return storedDatabase_; }
    // PGN text of the game (xqbase dialect, ICCS moves).
    QString pgnText() const;
    // How the session names the computer in a stored game: level:NAME[@MODEL] (levels.h).
    std::string aiPlayerSpec() const;
    // The game as the store keeps it, finished now.
    xq::store::GameRecord storedRecord() const;

    // The result line of a game with status `st`: "Red wins — checkmate", and for a perpetual
    // chase the loser and the chased piece.
    static QString resultBanner(const xq::GameStatus& st);

public slots:
    void newGame();
    // Starts a new game from `fen`; a bad FEN leaves the game as it was and sets the error.
    bool startFromFen(const QString& fen);
    // Replaces the game with the first one of a PGN text; the human then plays the side to
    // move. A bad text keeps the game, sets the error and returns it in `error`.
    bool loadPgn(const QString& text, QString* error = nullptr);
    // A move of the human: refused (false, nothing changes) unless legal and the human's turn
    // while the computer is not thinking.
    bool playHumanMove(xq::Move m);
    // Takes back plies until it is the human's turn again (the computer's reply and the
    // human's move); a search still running is cancelled.
    void undo();
    void hint();
    void resign();
    void moveNow();
    void setHumanColor(xq::Color c);
    void setLevel(xqui::PlayLevel level);
    // Shows `text` as the error ("" clears it); a non-empty one goes to the status line too.
    void setError(const QString& text);

signals:
    // The game was replaced or changed: views show its live position.
    void gameChanged();
    // Something the controls depend on changed (thinking, stored, error, side).
    void stateChanged();
    void gameFinished(const QString& result);
    void statusMessage(const QString& text);
    void errorChanged(const QString& text);
    void thinkingTextChanged(const QString& text);
    void humanColorChanged(xq::Color c);
    void levelChanged(xqui::PlayLevel level);
    // The hint asked for, legal in the live position.
    void hintFound(xq::Move m);
    // A snapshot of the running search of the computer or a hint, at the live position.
    void searchSnapshot(const xq::search::SearchSnapshot& snapshot);

private slots:
    void onEngineMoved(const xqui::EngineReply& reply);
    void onEngineProgress(const xqui::EngineProgress& progress);
    void onEngineSnapshot(const xqui::EngineSnapshot& snapshot);
    void onGameStored(const xqui::StoreReply& reply);

private:
    // Cancels the search and starts over at `start` with `moves` (legal, as a reader checked).
    void restart(const xq::Position& start, const std::vector<xq::Move>& moves = {});
    void cancelSearch();
    void afterChange();
    void requestAiMove();
    void onHintReply(const EngineReply& reply);
    void storeFinishedGame();

    StudioFacade* facade_;
    GameRecord game_;
    xq::Color human_ = xq::Red;
    PlayLevel level_ = PlayLevel::Beginner;
    quint64 aiRequest_ = 0;  // the facade request for the computer's move, 0 = none
    quint64 hintRequest_ = 0;
    // A move was played (or the human resigned) since the game was loaded or last stored:
    // when it ends, it is stored.
    bool storePending_ = false;
    qint64 gameStartedMs_ = 0;
    quint64 storeRequest_ = 0;  // the newest facade storeGame() request, 0 = none
    qint64 storedGameId_ = 0;
    QString storedDatabase_;
    QString error_;
};

}  // namespace xqui
