#pragma once
// The studio's main window: a side bar with the pages Play, Analyze, Train and Library, the
// menus (with shortcuts), a status bar, and QSettings for geometry and the user's choices.
// It owns the one StudioFacade every page talks to.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QMainWindow>

class QListWidget;
class QStackedWidget;
class QLabel;
class QAction;

namespace xqui {

class AnalyzePage;
struct ImportReply;
class LibraryPage;
class PlayPage;
class StudioFacade;
class TrainPage;
class TrainingSession;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum Page { PlayPageIndex = 0, AnalyzePageIndex, TrainPageIndex, LibraryPageIndex };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    PlayPage* playPage() const { return play_; }
    AnalyzePage* analyzePage() const { return analyze_; }
    TrainPage* trainPage() const { return train_; }
    LibraryPage* libraryPage() const { return library_; }
    StudioFacade* facade() const { return facade_; }
    void setPage(int index);
    int page() const;
    // "play", "analyze", "train", "library" -> index, -1 when unknown.
    static int pageFromName(const QString& name);

    // Renders `page` offscreen into `file` (PNG), with a game in progress on the Play page.
    // Returns false with a message in `error` when the file cannot be written.
    bool screenshot(const QString& file, int page, QString* error);
    // The Library's screenshot shows this game (with its stored review) when set.
    void setScreenshotGame(qint64 gameId) { screenshotGame_ = gameId; }

    // Switches the interface language ("en", "zh_CN", "system") at once: every open page
    // retranslates (QEvent::LanguageChange). Returns the language loaded.
    QString applyLanguage(const QString& language);

    // The summary of the last import (the dialog's text), for tests; "" before any.
    QString lastImportSummary() const { return lastImportSummary_; }

public slots:
    void openPgn();
    void savePgn();
    // Game > Import games: a file dialog, then importPgnFile().
    void importPgn();
    // Imports `file` into the games database off the GUI thread (StudioFacade::importPgnFile);
    // progress shows in the status bar, a summary dialog follows and the Library reloads.
    void importPgnFile(const QString& file);
    void copyFen();
    void pasteFen();
    void showSettings();
    void about();

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void buildNav();
    void buildPages();
    void connectPages();
    void buildCentralWidget();
    void buildStatusBar();
    void retranslate();
    void buildMenus();
    void restoreChoices();
    void saveChoices() const;
    void importFinished(const ImportReply& reply);

    StudioFacade* facade_ = nullptr;
    QListWidget* nav_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    PlayPage* play_ = nullptr;
    AnalyzePage* analyze_ = nullptr;
    TrainingSession* training_ = nullptr;
    TrainPage* train_ = nullptr;
    LibraryPage* library_ = nullptr;
    QLabel* engineState_ = nullptr;
    QAction* coordsAction_ = nullptr;
    QString lastImportSummary_;
    qint64 screenshotGame_ = 0;
};

}  // namespace xqui
