#pragma once
// The Library page: every game stored in a database (self-play, evaluation, Play and imported
// games), filtered by run, kind and result and paged through 100 at a time, and a replay of the
// selected game on the board, move by move. For searched games (self-play, evaluation) each
// position shows the search's visit distribution as a heatmap on the destination squares,
// the move played as an arrow, and the root value.
//
// Review: "Review" searches every position of the game with the chosen model (the studio's
// ModelChoice) on a ReviewSession's worker thread, with progress and Cancel; the review is
// stored with the game and shown again, without searching, whenever the game is opened. Shown:
// Red's win chance per ply under the board (ReviewGraph; a click goes to that ply), the marks
// in the move list (?! ? ??), the search's best move as a green arrow beside the move played,
// the values and loss of the move at the shown ply, and a summary per side.
//
// The database is opened read-only (a training run may be writing it); queries run on the
// LibraryLoader's thread, so a large database never stalls the GUI.
//
// Thread-safety: a QWidget; GUI thread only.

#include <cstdint>
#include <optional>

#include <QWidget>

#include "core/engine/review.h"
#include "core/store/records.h"
#include "core/xiangqi/position.h"
#include "ui/library/library_loader.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLayout;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace xqui {

class BoardWidget;
class GameTableModel;
class ModelChoice;
class ReviewGraph;
class ReviewSession;
struct ReviewProgressInfo;
struct ReviewReply;

class LibraryPage : public QWidget {
    Q_OBJECT
public:
    explicit LibraryPage(QWidget* parent = nullptr);
    ~LibraryPage() override;

    // The database to browse (default: the one chosen in Settings). Reloads the list.
    void setDatabase(const QString& path);
    QString database() const { return dbPath_; }
    // Queries answer inside the call (screenshots, tests).
    void setSynchronous(bool on);

    // Filters (empty = all); each reloads from the first page.
    void setRunFilter(std::optional<int64_t> run);
    void setKindFilter(std::optional<xq::store::GameKind> kind);
    void setResultFilter(std::optional<xq::Result> result);

    GameTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    BoardWidget* board() const { return board_; }
    QListWidget* moveList() const { return moves_; }
    int64_t totalGames() const { return total_; }
    int pageIndex() const { return page_; }
    static constexpr int kPageSize = 100;
    QString messageText() const;  // the info/error banner ("" when hidden)

    // The game on the board (loaded with its moves); nullptr before one is chosen.
    const xq::store::GameRecord* replayGame() const { return replay_ ? &*replay_ : nullptr; }
    int ply() const { return ply_; }
    // The replayed game's position at ply(), with the moves that led to it (the start position
    // when no game is chosen).
    xq::Position positionShown() const;
    QString valueText() const;  // the root value line for the current position

    // Selects the row of the current page and loads that game for replay.
    void selectRow(int row);
    // Replays the game with this id, whatever page of the list shows (from the Train page's
    // "Replay in the Library"). The list keeps its filters.
    void openGame(int64_t gameId);
    // Screenshots: load the list now, pick a self-play game (else the newest) and show a
    // position from its middle; with `gameId`, that game, at its worst marked move when it has
    // a stored review.
    void prepareScreenshot(int64_t gameId = 0);

    // --- review -----------------------------------------------------------------------------
    // The model reviews use (the studio's one choice); none: Review says how to get one.
    void setModelChoice(ModelChoice* choice);
    ReviewSession* reviewSession() const { return reviewSession_; }
    ReviewGraph* reviewGraph() const { return graph_; }
    QPushButton* reviewButton() const { return reviewBtn_; }
    // The review shown with the replayed game (stored or just made); nullptr when none.
    const xq::engine::GameReview* review() const { return review_ ? &*review_ : nullptr; }
    QString reviewSummaryText() const;
    // The replayed game as PGN (ICCS moves, as the Play page saves), with its review, when it
    // has one, as a NAG and a comment after each move (review.h: reviewPgnNotes).
    QString pgnText() const;
    bool reviewing() const;
    // Reviews the replayed game (false, with the reason in the banner, when it cannot start).
    bool startReview();
    void cancelReview();
    // Opens the game with this id and reviews it once it is loaded, unless it has a stored
    // review already (the Play page's "Review this game").
    void reviewGame(int64_t gameId);

public slots:
    void refresh();
    void nextPage();
    void previousPage();
    void showPly(int ply);
    void first() { showPly(0); }
    void previous() { showPly(ply_ - 1); }
    void next() { showPly(ply_ + 1); }
    void last();
    void chooseDatabase();
    // "Save PGN…": pgnText() into a file the user chooses.
    void savePgn();

signals:
    void statusMessage(const QString& text);
    // "Analyze this position": the replay's position, with its history.
    void analyzeRequested(const xq::Position& position);
    // A review (stored or just made) is shown with the replayed game.
    void reviewShown();

protected:
    void showEvent(QShowEvent* e) override;
    void changeEvent(QEvent* e) override;

private slots:
    void onGamesLoaded(const xqui::GameListResult& r);
    void onGameLoaded(const xqui::GameLoadResult& r);
    void onReviewProgress(const xqui::ReviewProgressInfo& p);
    void onReviewFinished(const xqui::ReviewReply& reply);

private:
    void retranslate();
    void buildUi();
    QHBoxLayout* buildFilterRow();
    QWidget* buildGameList();
    QWidget* buildReplay();
    void nameWidgets();
    void connectUi();
    QLayout* buildReviewRow();
    void showReview(std::optional<xq::engine::GameReview> review);
    void refreshReviewControls();
    QString reviewLine(const xq::engine::MoveReview& m) const;
    void fillRunCombo(const std::vector<xq::store::RunInfo>& runs);
    void fillMoveList();
    void refreshReplay();
    void refreshPager();
    void showMessage(const QString& text, bool error);
    xq::store::GameFilter filter() const;

    LibraryLoader* loader_ = nullptr;
    GameTableModel* model_ = nullptr;
    QString dbPath_;
    std::optional<int64_t> runFilter_;
    std::optional<xq::store::GameKind> kindFilter_;
    std::optional<xq::Result> resultFilter_;
    int page_ = 0;
    int64_t total_ = 0;
    int64_t selectedId_ = 0;    // the game chosen in the table (kept across reloads)
    std::optional<xq::store::GameRecord> replay_;
    int ply_ = 0;
    std::optional<xq::engine::GameReview> review_;  // of replay_, when it has one
    int64_t reviewPendingFor_ = 0;  // reviewGame(): the game to review once loaded
    ModelChoice* models_ = nullptr;
    ReviewSession* reviewSession_ = nullptr;
    int64_t reviewingGame_ = 0;     // the game of the review in progress

    QLabel* dbLabel_ = nullptr;
    QLabel* dbCaption_ = nullptr;
    QLabel* runCaption_ = nullptr;
    QPushButton* openBtn_ = nullptr;
    QPushButton* refreshBtn_ = nullptr;
    QPushButton* analyzeBtn_ = nullptr;
    QPushButton* savePgnBtn_ = nullptr;
    QComboBox* runBox_ = nullptr;
    QComboBox* kindBox_ = nullptr;
    QComboBox* resultBox_ = nullptr;
    QLabel* message_ = nullptr;
    QTableView* table_ = nullptr;
    QPushButton* prevPageBtn_ = nullptr;
    QPushButton* nextPageBtn_ = nullptr;
    QLabel* pageLabel_ = nullptr;
    BoardWidget* board_ = nullptr;
    QLabel* header_ = nullptr;
    QLabel* info_ = nullptr;
    QPushButton* firstBtn_ = nullptr;
    QPushButton* prevBtn_ = nullptr;
    QPushButton* nextBtn_ = nullptr;
    QPushButton* lastBtn_ = nullptr;
    QListWidget* moves_ = nullptr;
    QPushButton* reviewBtn_ = nullptr;
    QPushButton* cancelReviewBtn_ = nullptr;
    QLabel* simsLabel_ = nullptr;
    QSpinBox* reviewSims_ = nullptr;
    QProgressBar* reviewProgress_ = nullptr;
    ReviewGraph* graph_ = nullptr;
    QLabel* reviewSummary_ = nullptr;
};

}  // namespace xqui
