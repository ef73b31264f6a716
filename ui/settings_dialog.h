#pragma once
// Settings: interface language, board coordinates, move notation. Values live in QSettings
// (keys "ui/language", "board/coordinates", "play/notation").
//
// Thread-safety: a QDialog; GUI thread only.

#include <QDialog>

#include "core/xiangqi/notation.h"

class QCheckBox;
class QComboBox;

namespace xqui {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);
    void save() const;
    bool showCoordinates() const;
    xq::Notation notation() const;
    QString language() const;  // "system", "en", "zh_CN"

private:
    QComboBox* language_ = nullptr;
    QComboBox* notation_ = nullptr;
    QCheckBox* coordinates_ = nullptr;
};

}  // namespace xqui
