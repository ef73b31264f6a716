// xqstudio: the Qt front door. Parses the command line and opens the main window, or renders
// one page to a PNG with --screenshot (offscreen, no display needed) and exits.
#include <cstdio>
#include <cstring>

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>

#include "core/version.h"
#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/pages/library_page.h"
#include "ui/pages/play_page.h"
#include "ui/pages/train_page.h"

namespace {

struct Options {
    QCommandLineOption shot, page, lang, db, level, side, game;
};

// The options, declared once for both parsers: the display-free one that answers --help and
// --version, and the GUI one.
Options declareOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(QStringLiteral("XQZero Studio: play, analyse and train Xiangqi engines"));
    parser.addHelpOption();
    parser.addVersionOption();
    Options o{
        {QStringLiteral("screenshot"), QStringLiteral("Render a page to FILE (PNG) and exit."), QStringLiteral("FILE")},
        {QStringLiteral("page"), QStringLiteral("Page for --screenshot: play, analyze, train, library."),
         QStringLiteral("PAGE"), QStringLiteral("play")},
        {QStringLiteral("lang"), QStringLiteral("Interface language (en, zh_CN); default: Settings, then the system."),
         QStringLiteral("LANG")},
        {QStringLiteral("db"),
         QStringLiteral("Database for the Train and Library pages (default: the one chosen there or in Settings, "
                        "then ~/.local/share/xqzero/xqzero.db)."),
         QStringLiteral("FILE")},
        {QStringLiteral("level"), QStringLiteral("Play level to start with: random, beginner, amateur, advanced."),
         QStringLiteral("LEVEL")},
        {QStringLiteral("side"), QStringLiteral("Side the human plays at start: red or black (black: the computer opens)."),
         QStringLiteral("SIDE")},
        {QStringLiteral("game"),
         QStringLiteral("Open this game of the database in the Library, with its stored review (a Library "
                        "screenshot shows it at its worst marked move)."),
         QStringLiteral("ID")},
    };
    parser.addOptions({o.shot, o.page, o.lang, o.db, o.level, o.side, o.game});
    return o;
}

void setIdentity() {
    QCoreApplication::setOrganizationName(QStringLiteral("XQZero"));
    QCoreApplication::setApplicationName(QStringLiteral("XQZero Studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(XQ_VERSION));
}

// True when the command line asks only for text (help or version). Those must work without a
// display (a man page is generated from --help at build time; users run it over ssh), and a
// QApplication aborts with "could not connect to display" before the parser could answer.
bool asksForTextOnly(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "--") == 0) return false;
        for (const char* t : {"-h", "-?", "--help", "--help-all", "-v", "--version"})
            if (std::strcmp(a, t) == 0) return true;
    }
    return false;
}

// The window's state from the command line: the database, the Play page's level and side, the
// Library's game. Both the window and a screenshot start from it, so a screenshot of the Play
// page shows the level and side asked for. Returns false, after saying why on stderr, for a
// level or side it does not know.
bool applyOptions(xqui::MainWindow& w, const QCommandLineParser& parser, const Options& o,
                  bool forScreenshot) {
    if (parser.isSet(o.db)) {
        w.trainPage()->setDatabase(parser.value(o.db));
        w.libraryPage()->setDatabase(parser.value(o.db));
    }
    if (parser.isSet(o.level)) {
        const QStringList names{QStringLiteral("random"), QStringLiteral("beginner"),
                                QStringLiteral("amateur"), QStringLiteral("advanced")};
        const int l = int(names.indexOf(parser.value(o.level).toLower()));
        if (l < 0) {
            std::fprintf(stderr,
                         "xqstudio: unknown level '%s' (random, beginner, amateur, advanced)\n",
                         qPrintable(parser.value(o.level)));
            return false;
        }
        w.playPage()->setLevel(xqui::PlayLevel(l));
    }
    if (parser.isSet(o.side)) {
        const QString s = parser.value(o.side).toLower();
        if (s != QLatin1String("red") && s != QLatin1String("black")) {
            std::fprintf(stderr, "xqstudio: unknown side '%s' (red, black)\n",
                         qPrintable(parser.value(o.side)));
            return false;
        }
        w.playPage()->setHumanColor(s == QLatin1String("red") ? xq::Red : xq::Black);
    }
    if (parser.isSet(o.game)) {
        const qint64 id = parser.value(o.game).toLongLong();
        if (forScreenshot) {
            w.setScreenshotGame(id);
        } else {
            w.libraryPage()->openGame(id);
            w.setPage(xqui::MainWindow::LibraryPageIndex);
        }
    }
    return true;
}

// --screenshot: renders one page to a PNG and returns the exit code (0 written, 1 not written,
// 2 a bad option).
int screenshot(const QCommandLineParser& parser, const Options& o) {
    const int index = xqui::MainWindow::pageFromName(parser.value(o.page));
    if (index < 0) {
        std::fprintf(stderr, "xqstudio: unknown page '%s' (play, analyze, train, library)\n",
                     qPrintable(parser.value(o.page)));
        return 2;
    }
    xqui::MainWindow w;
    if (!applyOptions(w, parser, o, true)) return 2;
    QString error;
    if (!w.screenshot(parser.value(o.shot), index, &error)) {
        std::fprintf(stderr, "xqstudio: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (asksForTextOnly(argc, argv)) {
        // process() prints the help or version and exits. It returns only when "--help" was
        // an option's value (--db --help): then the GUI starts as usual below. Without a
        // QGuiApplication, --help-all lists Qt's core options but not its GUI ones (-platform).
        QCoreApplication core(argc, argv);
        setIdentity();
        QCommandLineParser parser;
        declareOptions(parser);
        parser.process(core);
    }
    // A screenshot needs no display: choose the offscreen platform before Qt starts, unless
    // the caller chose one.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            break;
        }
    }
    QApplication app(argc, argv);
    setIdentity();
    QGuiApplication::setDesktopFileName(QStringLiteral(XQ_APP_ID));  // the installed .desktop file's id
    xqui::initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/xqstudio.svg")));

    QCommandLineParser parser;
    const Options o = declareOptions(parser);
    parser.process(app);

    const QString loaded = xqui::installTranslations(parser.isSet(o.lang) ? parser.value(o.lang) : xqui::languageSetting());
    if (parser.isSet(o.lang) && loaded != parser.value(o.lang))
        std::fprintf(stderr, "xqstudio: no translation for '%s', using '%s'\n", qPrintable(parser.value(o.lang)),
                     qPrintable(loaded));

    if (parser.isSet(o.shot)) return screenshot(parser, o);
    xqui::MainWindow w;
    if (!applyOptions(w, parser, o, false)) return 2;
    w.show();
    return app.exec();
}
