#pragma once
// Settings: interface language, board coordinates, move notation, and the games database
// (finished Play games are stored there; the Library opens it). Values live in QSettings
// (keys "ui/language", "board/coordinates", "play/notation", "database/path"; an empty
// database path means xq::store::defaultDatabasePath()). The database may be a file or a
// PostgreSQL URI typed into the field (kept as typed; its password is never shown back).
//
// Thread-safety: a QDialog; GUI thread only.

#include <QDialog>

#include "core/xiangqi/notation.h"

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace xqui {

// The move notation chosen in Settings ("play/notation"; Chinese when unset).
xq::Notation notationSetting();

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);
    void save() const;
    bool showCoordinates() const;
    xq::Notation notation() const;
    QString language() const;  // "system", "en", "zh_CN"
    QString databasePath() const;  // "" = the default path

private:
    QComboBox* language_ = nullptr;
    QComboBox* notation_ = nullptr;
    QCheckBox* coordinates_ = nullptr;
    QLineEdit* database_ = nullptr;
    QString storedDb_;  // the setting as stored (the field masks a URI's password)
};

}  // namespace xqui
