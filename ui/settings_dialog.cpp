#include "ui/settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "core/store/paths.h"
#include "ui/db_location.h"

namespace xqui {

xq::Notation notationSetting() {
    return xq::Notation(QSettings().value("play/notation", int(xq::Notation::Chinese)).toInt());
}

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Settings"));
    QSettings s;
    language_ = new QComboBox(this);
    language_->addItem(tr("System language"), QStringLiteral("system"));
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    language_->setCurrentIndex(qMax(0, language_->findData(s.value("ui/language", "system").toString())));
    notation_ = new QComboBox(this);
    notation_->addItem(tr("Chinese (炮二平五)"), int(xq::Notation::Chinese));
    notation_->addItem(tr("WXF (C2.5)"), int(xq::Notation::Wxf));
    notation_->addItem(tr("ICCS (h2e2)"), int(xq::Notation::Iccs));
    notation_->setCurrentIndex(qMax(0, notation_->findData(int(notationSetting()))));
    coordinates_ = new QCheckBox(tr("Show coordinates around the board"), this);
    coordinates_->setChecked(s.value("board/coordinates", true).toBool());

    const QString defaultDb = QDir::toNativeSeparators(QString::fromStdString(xq::store::defaultDatabasePath()));
    // A stored URI's password is not shown: the field holds the masked URI, and an untouched
    // field keeps the stored one (databasePath()).
    storedDb_ = s.value("database/path").toString();
    database_ = new QLineEdit(displayDatabase(storedDb_), this);
    database_->setObjectName(QStringLiteral("databasePath"));
    database_->setPlaceholderText(defaultDb);
    database_->setClearButtonEnabled(true);
    database_->setToolTip(tr("Finished games are stored here and the Library shows them: a file, or a "
                             "PostgreSQL URI (postgresql://user@host/database). Empty: %1")
                              .arg(defaultDb));
    auto* browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, [this, defaultDb] {
        const QString typed = databasePath();
        const QString start = typed.isEmpty() || isDatabaseUri(typed) ? defaultDb : database_->text();
        const QString file = QFileDialog::getSaveFileName(this, tr("Games database"), start,
                                                          tr("XQZero databases (*.db);;All files (*)"), nullptr,
                                                          QFileDialog::DontConfirmOverwrite);
        if (!file.isEmpty()) database_->setText(QDir::toNativeSeparators(file));
    });
    auto* dbRow = new QHBoxLayout;
    dbRow->addWidget(database_, 1);
    dbRow->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("Language:"), language_);
    form->addRow(tr("Move notation:"), notation_);
    form->addRow(QString(), coordinates_);
    form->addRow(tr("Games database:"), dbRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::save() const {
    QSettings s;
    s.setValue("ui/language", language());
    s.setValue("play/notation", int(notation()));
    s.setValue("board/coordinates", showCoordinates());
    s.setValue("database/path", databasePath());
}

bool SettingsDialog::showCoordinates() const { return coordinates_->isChecked(); }
xq::Notation SettingsDialog::notation() const { return xq::Notation(notation_->currentData().toInt()); }
QString SettingsDialog::databasePath() const {
    const QString typed = database_->text().trimmed();
    if (!storedDb_.isEmpty() && typed == displayDatabase(storedDb_)) return storedDb_;
    return databaseFromInput(typed);
}
QString SettingsDialog::language() const { return language_->currentData().toString(); }

}  // namespace xqui
