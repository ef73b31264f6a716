// xqstudio: the Qt front door. Parses the command line and opens the main window, or renders
// one page to a PNG with --screenshot (offscreen, no display needed) and exits.
#include <cstdio>
#include <cstring>

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include "core/version.h"
#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/pages/library_page.h"
#include "ui/pages/play_page.h"
#include "ui/pages/train_page.h"

int main(int argc, char** argv) {
    // A screenshot needs no display: choose the offscreen platform before Qt starts, unless
    // the caller chose one.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            break;
        }
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("XQZero"));
    QApplication::setApplicationName(QStringLiteral("XQZero Studio"));
    QApplication::setApplicationVersion(QStringLiteral(XQ_VERSION));
    xqui::initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/xqstudio.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("XQZero Studio: play, analyse and train Xiangqi engines"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("Render a page to FILE (PNG) and exit."),
                            QStringLiteral("FILE"));
    QCommandLineOption page(QStringLiteral("page"), QStringLiteral("Page for --screenshot: play, analyze, train, library."),
                            QStringLiteral("PAGE"), QStringLiteral("play"));
    QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Interface language (en, zh_CN); default: Settings, then the system."),
                            QStringLiteral("LANG"));
    QCommandLineOption db(QStringLiteral("db"), QStringLiteral("Database for the Train and Library pages (default: the one chosen there or in Settings, then ~/.local/share/xqzero/xqzero.db)."),
                          QStringLiteral("FILE"));
    QCommandLineOption level(QStringLiteral("level"), QStringLiteral("Play level to start with: random, beginner, amateur, advanced."),
                             QStringLiteral("LEVEL"));
    QCommandLineOption side(QStringLiteral("side"), QStringLiteral("Side the human plays at start: red or black (black: the computer opens)."),
                            QStringLiteral("SIDE"));
    parser.addOptions({shot, page, lang, db, level, side});
    parser.process(app);

    const QString loaded = xqui::installTranslations(parser.isSet(lang) ? parser.value(lang) : xqui::languageSetting());
    if (parser.isSet(lang) && loaded != parser.value(lang))
        std::fprintf(stderr, "xqstudio: no translation for '%s', using '%s'\n", qPrintable(parser.value(lang)),
                     qPrintable(loaded));

    if (parser.isSet(shot)) {
        const int index = xqui::MainWindow::pageFromName(parser.value(page));
        if (index < 0) {
            std::fprintf(stderr, "xqstudio: unknown page '%s' (play, analyze, train, library)\n",
                         qPrintable(parser.value(page)));
            return 2;
        }
        xqui::MainWindow w;
        if (parser.isSet(db)) {
            w.trainPage()->setDatabase(parser.value(db));
            w.libraryPage()->setDatabase(parser.value(db));
        }
        QString error;
        if (!w.screenshot(parser.value(shot), index, &error)) {
            std::fprintf(stderr, "xqstudio: %s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }
    xqui::MainWindow w;
    if (parser.isSet(db)) {
        w.trainPage()->setDatabase(parser.value(db));
        w.libraryPage()->setDatabase(parser.value(db));
    }
    if (parser.isSet(level)) {
        const QStringList names{QStringLiteral("random"), QStringLiteral("beginner"), QStringLiteral("amateur"),
                                QStringLiteral("advanced")};
        const int l = int(names.indexOf(parser.value(level).toLower()));
        if (l < 0) {
            std::fprintf(stderr, "xqstudio: unknown level '%s' (random, beginner, amateur, advanced)\n",
                         qPrintable(parser.value(level)));
            return 2;
        }
        w.playPage()->setLevel(xqui::PlayLevel(l));
    }
    if (parser.isSet(side)) {
        const QString s = parser.value(side).toLower();
        if (s != QLatin1String("red") && s != QLatin1String("black")) {
            std::fprintf(stderr, "xqstudio: unknown side '%s' (red, black)\n", qPrintable(parser.value(side)));
            return 2;
        }
        w.playPage()->setHumanColor(s == QLatin1String("red") ? xq::Red : xq::Black);
    }
    w.show();
    return app.exec();
}
