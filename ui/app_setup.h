#pragma once
// Application-wide set-up shared by xqstudio and the GUI tests: resources, translations,
// organisation names for QSettings.
//
// Thread-safety: call from the GUI thread before the first window is shown.

#include <QString>

class QApplication;

namespace xqui {

// Registers the resources compiled into xq_ui (icon, translations). Safe to call twice.
void initResources();
// Loads the translation for `language`: "" or "system" = the system locale, otherwise a
// locale name such as "zh_CN" or "en". Returns the language actually loaded ("en" when the
// source strings are used).
QString installTranslations(const QString& language);
// The language chosen in Settings ("system" when never chosen).
QString languageSetting();

}  // namespace xqui
