#include "ui/app_setup.h"

#include <QApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

static void initXqResources() {
    Q_INIT_RESOURCE(xqstudio);
    // qt_add_translations compiles the .qm files into xq_ui as resource "xq_ui_translations";
    // a static library needs this reference or the linker drops them.
    Q_INIT_RESOURCE(xq_ui_translations);
}

namespace xqui {

void initResources() {
    static bool done = false;
    if (done) return;
    done = true;
    // The .qrc lives in a static library: without this call the linker may drop it.
    initXqResources();
}

QString languageSetting() {
    return QSettings().value(QStringLiteral("ui/language"), QStringLiteral("system")).toString();
}

QString installTranslations(const QString& language) {
    static QTranslator* ours = nullptr;
    static QTranslator* qtBase = nullptr;
    if (ours) {
        QCoreApplication::removeTranslator(ours);
        delete ours;
        ours = nullptr;
    }
    if (qtBase) {
        QCoreApplication::removeTranslator(qtBase);
        delete qtBase;
        qtBase = nullptr;
    }
    const QLocale locale = (language.isEmpty() || language == QLatin1String("system")) ? QLocale::system()
                                                                                       : QLocale(language);
    auto* t = new QTranslator(qApp);
    if (t->load(locale, QStringLiteral("xqstudio"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(t);
        ours = t;
        // Qt's own strings (standard buttons, file dialogs), when the system has them.
        auto* q = new QTranslator(qApp);
        if (q->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(q);
            qtBase = q;
        } else {
            delete q;
        }
        const QString file = QFileInfo(t->filePath()).baseName();
        return file.mid(QStringLiteral("xqstudio_").size());
    }
    delete t;
    return QStringLiteral("en");
}

}  // namespace xqui
