#pragma once
// ModelPicker: a combo box over the studio's ModelChoice (ui/facade/model_choice.h), used by
// the Play and Analyze pages. Its items: "no model" (the page names what that means), every
// listed model of the training database (runs newest first), a model file opened by hand,
// and "Open model file…". Choosing an item changes the shared choice; every picker follows
// the choice, so the pages always show the same model. Opening the list reads the database
// again, so generations that another process published since appear (and, in automatic
// mode, the newest best is chosen).
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

class QComboBox;

namespace xqui {

class ModelChoice;

class ModelPicker : public QWidget {
    Q_OBJECT
public:
    // `noneText`: the item for "no model" ("No model: alpha-beta levels" ...).
    ModelPicker(ModelChoice* choice, const QString& noneText, QWidget* parent = nullptr);

    QComboBox* comboBox() const { return box_; }
    void setNoneText(const QString& text);
    // Chooses the item at `index` as a user would (the "Open model file…" item asks for a file).
    void activate(int index);

signals:
    // A file the user opened could not be used.
    void errorOccurred(const QString& message);

protected:
    void changeEvent(QEvent* e) override;  // a language change: the list is rebuilt

private:
    void rebuild();

    ModelChoice* choice_;
    QString noneText_;
    QComboBox* box_ = nullptr;
};

}  // namespace xqui
