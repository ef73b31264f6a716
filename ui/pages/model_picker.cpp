#include "ui/pages/model_picker.h"

#include <QEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QSignalBlocker>

#include "ui/facade/model_choice.h"

namespace xqui {

namespace {
enum ItemKind { KindNone = 0, KindModel = 1, KindOpen = 2 };
constexpr int kKindRole = Qt::UserRole + 1;

// Lists the database's models again each time it opens: a run trained by another process (or
// host) has published generations since the last read.
class ReloadingComboBox : public QComboBox {
public:
    ReloadingComboBox(ModelChoice* choice, QWidget* parent) : QComboBox(parent), choice_(choice) {}
    void showPopup() override {
        choice_->reload();
        QComboBox::showPopup();
    }

private:
    ModelChoice* choice_;
};
}  // namespace

ModelPicker::ModelPicker(ModelChoice* choice, const QString& noneText, QWidget* parent)
    : QWidget(parent), choice_(choice), noneText_(noneText) {
    box_ = new ReloadingComboBox(choice_, this);
    box_->setObjectName(QStringLiteral("modelPicker"));
    box_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box_->setMinimumContentsLength(16);
    auto* l = new QHBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(box_);
    connect(box_, &QComboBox::activated, this, &ModelPicker::activate);
    connect(choice_, &ModelChoice::modelsChanged, this, &ModelPicker::rebuild);
    connect(choice_, &ModelChoice::currentChanged, this, &ModelPicker::rebuild);
    rebuild();
}

void ModelPicker::setNoneText(const QString& text) {
    noneText_ = text;
    rebuild();
}

void ModelPicker::rebuild() {
    const QSignalBlocker block(box_);
    box_->clear();
    box_->addItem(noneText_);
    box_->setItemData(0, KindNone, kKindRole);
    const QString current = choice_->currentFile();
    int currentIndex = 0;
    bool listed = false;
    for (const ModelEntry& e : choice_->models()) {
        box_->addItem(ModelChoice::describe(e), e.file);
        const int i = box_->count() - 1;
        box_->setItemData(i, KindModel, kKindRole);
        QString tip = QDir::toNativeSeparators(e.file);
        if (e.ladderElo) tip += QLatin1Char('\n') + tr("Elo: the newest ladder rating (alpha-beta depth 1 = 0)");
        box_->setItemData(i, tip, Qt::ToolTipRole);
        if (e.file == current) {
            currentIndex = i;
            listed = true;
        }
    }
    if (!current.isEmpty() && !listed) {  // a file opened by hand
        box_->addItem(ModelChoice::describe(*choice_->current()), current);
        currentIndex = box_->count() - 1;
        box_->setItemData(currentIndex, KindModel, kKindRole);
        box_->setItemData(currentIndex, QDir::toNativeSeparators(current), Qt::ToolTipRole);
    }
    box_->addItem(tr("Open model file…"));
    box_->setItemData(box_->count() - 1, KindOpen, kKindRole);
    box_->setCurrentIndex(currentIndex);
    box_->setToolTip(current.isEmpty() ? noneText_ : QDir::toNativeSeparators(current));
}

void ModelPicker::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && box_) rebuild();
    QWidget::changeEvent(e);
}

void ModelPicker::activate(int index) {
    if (index < 0 || index >= box_->count()) return;
    const int kind = box_->itemData(index, kKindRole).toInt();
    if (kind == KindNone) {
        choice_->chooseNone();
    } else if (kind == KindModel) {
        QString error;
        if (!choice_->chooseFile(box_->itemData(index).toString(), &error)) emit errorOccurred(error);
    } else {
        const QString start = choice_->currentFile().isEmpty() ? QString() : QFileInfo(choice_->currentFile()).absolutePath();
        const QString path = QFileDialog::getOpenFileName(this, tr("Open model"), start, tr("Models (*.xqm);;All files (*)"));
        QString error;
        if (!path.isEmpty() && !choice_->chooseFile(path, &error)) emit errorOccurred(error);
    }
    rebuild();  // a cancelled dialog or a refused file: show the choice as it is
}

}  // namespace xqui
