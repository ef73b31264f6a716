// Switching the interface language at run time retranslates every open page at once: the
// side bar, the menus, and a visible text on each page (Play, Analyze, Train, Library), there
// and back again, without a restart.
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QtTest>

#include "ui/app_setup.h"
#include "ui/main_window.h"
#include "ui/pages/library_page.h"
#include "ui/pages/play_page.h"
#include "ui/pages/train_page.h"
#include "ui/settings_dialog.h"

using namespace xqui;

namespace {

bool hasButton(QWidget* page, const QString& text) {
    for (QPushButton* b : page->findChildren<QPushButton*>())
        if (b->text() == text) return true;
    return false;
}

bool hasLabel(QWidget* page, const QString& text) {
    for (QLabel* l : page->findChildren<QLabel*>())
        if (l->text() == text) return true;
    return false;
}

QStringList menuTitles(QMainWindow& w) {
    QStringList t;
    for (QAction* a : w.menuBar()->actions()) t << a->text();
    return t;
}

}  // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        initResources();
    }

    void switchesEveryOpenPageAndBack() {
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        MainWindow w;
        w.show();
        auto* nav = w.findChild<QListWidget*>(QStringLiteral("pageNav"));
        QVERIFY(nav);
        QCOMPARE(nav->item(0)->text(), QStringLiteral("Play"));
        QVERIFY(hasButton(w.playPage(), QStringLiteral("New game")));
        QVERIFY(hasButton(w.trainPage(), QStringLiteral("Start")));
        QVERIFY(hasLabel(w.trainPage(), QStringLiteral("Generation:")));
        QVERIFY(hasButton(w.libraryPage(), QStringLiteral("Refresh")));
        QVERIFY(menuTitles(w).contains(QStringLiteral("&Game")));

        QCOMPARE(w.applyLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        // The expected texts come from the installed translation, so the test says "every page
        // shows what the catalogue says", not a copy of it.
        auto zh = [](const char* context, const char* text) { return QCoreApplication::translate(context, text); };
        QCOMPARE(nav->item(0)->text(), zh("xqui::MainWindow", "Play"));
        QVERIFY(nav->item(0)->text() != QStringLiteral("Play"));
        QVERIFY(hasButton(w.playPage(), zh("xqui::PlayPage", "New game")));
        QVERIFY(!hasButton(w.playPage(), QStringLiteral("New game")));
        QVERIFY(hasButton(w.trainPage(), zh("xqui::TrainPage", "Start")));
        QVERIFY(hasLabel(w.trainPage(), zh("xqui::TrainStatus", "Generation:")));
        QVERIFY(hasButton(w.libraryPage(), zh("xqui::LibraryPage", "Refresh")));
        QVERIFY(menuTitles(w).contains(zh("xqui::MainWindow", "&Game")));
        QVERIFY(!menuTitles(w).contains(QStringLiteral("&Game")));
        QVERIFY(hasButton(w.findChild<QWidget*>(QStringLiteral("analyzePage")) ? w.findChild<QWidget*>(QStringLiteral("analyzePage"))
                                                                                : &w,
                          zh("xqui::AnalyzePage", "Start analysis")));

        QCOMPARE(w.applyLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(nav->item(0)->text(), QStringLiteral("Play"));
        QVERIFY(hasButton(w.playPage(), QStringLiteral("New game")));
        QVERIFY(hasLabel(w.trainPage(), QStringLiteral("Generation:")));
        QVERIFY(menuTitles(w).contains(QStringLiteral("&Game")));
    }

    // Qt's own strings follow the switch too: the Settings dialog's standard Cancel button
    // (Qt's catalogue, package qt6-translations-l10n, which the project's scripts install).
    void qtsOwnStringsFollow() {
        QCOMPARE(installTranslations(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        {
            SettingsDialog d;
            auto* box = d.findChild<QDialogButtonBox*>();
            QVERIFY(box && box->button(QDialogButtonBox::Cancel));
            QCOMPARE(box->button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
        }
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        SettingsDialog d;
        QCOMPARE(d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel)->text(),
                 QStringLiteral("Cancel"));
    }
};

QTEST_MAIN(TestLanguage)
#include "test_language.moc"
