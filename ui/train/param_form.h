#pragma once
// ParamForm: the run settings, generated from the single parameter declaration
// (xq::train::params()): one tab per ParamDecl::group, one editor per parameter with the
// declared range (spin box, or a check box for a flag) and the help as its tooltip, and a
// preset chooser that fills every value. Adding a parameter to the core adds it here.
//
// Thread-safety: a QWidget; GUI thread only.

#include <vector>

#include <QWidget>

#include "core/train/config.h"

class QComboBox;
class QLabel;
class QTabWidget;

namespace xqui {

class ParamForm : public QWidget {
    Q_OBJECT
public:
    explicit ParamForm(QWidget* parent = nullptr);

    // The values shown. config() reads every editor; setConfig() fills them (the preset
    // chooser is left as it is).
    xq::train::TrainConfig config() const;
    void setConfig(const xq::train::TrainConfig& c);
    // "quick", "standard", "full": chooses it and fills the values from it.
    void setPreset(const QString& name);
    QString preset() const;
    // The editor of a parameter by its declared name (QSpinBox, QDoubleSpinBox or QCheckBox).
    QWidget* editor(const char* name) const;

signals:
    void presetChosen(const QString& name);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    struct Row {
        const xq::train::ParamDecl* decl;
        QWidget* editor;
        QLabel* label;
    };
    QComboBox* preset_ = nullptr;
    QLabel* presetLabel_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    std::vector<QString> tabGroups_;  // the declared group of each tab
    std::vector<Row> rows_;
};

}  // namespace xqui
