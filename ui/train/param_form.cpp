#include "ui/train/param_form.h"

#include <cmath>

#include <QEvent>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/train/param_texts.h"

namespace xqui {

using namespace xq::train;

namespace {

// Enough decimals to show the smallest useful step of the range: a learning rate of 1e-6 or
// a weight decay of 1e-4 needs six, a c_puct of 1.5 needs two or three.
int decimalsFor(const ParamDecl& p) {
    if ((p.min > 0 && p.min < 1e-3) || p.max <= 0.1) return 6;
    return 3;
}

}  // namespace

ParamForm::ParamForm(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QFormLayout;
    preset_ = new QComboBox(this);
    preset_->setObjectName(QStringLiteral("presetCombo"));
    for (const auto& name : presetNames()) preset_->addItem(QString(), QString::fromStdString(name));
    presetLabel_ = new QLabel(this);
    top->addRow(presetLabel_, preset_);
    layout->addLayout(top);

    auto* tabs = new QTabWidget(this);
    tabs_ = tabs;
    tabs->setObjectName(QStringLiteral("paramTabs"));
    tabs->setDocumentMode(true);
    layout->addWidget(tabs, 1);
    QHash<QString, QFormLayout*> forms;
    for (const ParamDecl& p : params()) {
        const QString group = QString::fromUtf8(p.group);
        QFormLayout* form = forms.value(group);
        if (!form) {
            auto* page = new QWidget;
            form = new QFormLayout(page);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            auto* scroll = new QScrollArea;
            scroll->setWidget(page);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            tabs->addTab(scroll, QString());
            tabGroups_.push_back(group);
            forms.insert(group, form);
        }
        QWidget* ed = nullptr;
        switch (p.kind) {
            case ParamKind::Bool: ed = new QCheckBox; break;
            case ParamKind::Int: {
                if (!p.choices.empty()) {  // named values: a list of their labels
                    auto* box = new QComboBox;
                    for (size_t i = 0; i < p.choices.size(); ++i) box->addItem(QString());
                    ed = box;
                    break;
                }
                auto* sb = new QSpinBox;
                sb->setRange(int(p.min), int(std::min(p.max, 2147483647.0)));
                sb->setGroupSeparatorShown(true);
                ed = sb;
                break;
            }
            case ParamKind::Double: {
                auto* sb = new QDoubleSpinBox;
                sb->setDecimals(decimalsFor(p));
                sb->setRange(p.min, p.max);
                sb->setSingleStep(std::pow(10.0, std::floor(std::log10(std::max(1e-9, (p.max - p.min) / 100)))));
                ed = sb;
                break;
            }
        }
        ed->setObjectName(QStringLiteral("param_") + QString::fromUtf8(p.name));
        auto* label = new QLabel;
        form->addRow(label, ed);
        rows_.push_back({&p, ed, label});
    }
    retranslate();
    connect(preset_, &QComboBox::activated, this, [this](int i) { setPreset(preset_->itemData(i).toString()); });
    setPreset(QStringLiteral("quick"));
}

// Labels, help and titles come from the declaration through param_texts (translated there).
void ParamForm::retranslate() {
    for (int i = 0; i < preset_->count(); ++i) preset_->setItemText(i, presetTitle(preset_->itemData(i).toString()));
    preset_->setToolTip(tr("Choosing a preset fills in all the values below; edit any of them afterwards."));
    presetLabel_->setText(tr("Preset"));
    for (int i = 0; i < int(tabGroups_.size()); ++i) tabs_->setTabText(i, paramGroupTitle(tabGroups_[i]));
    for (const Row& r : rows_) {
        if (auto* box = qobject_cast<QComboBox*>(r.editor))
            for (int i = 0; i < box->count(); ++i)
                box->setItemText(i, paramChoiceLabel(r.decl->choices[size_t(i)]));
        r.editor->setToolTip(paramHelp(*r.decl));
        r.label->setText(paramLabel(*r.decl));
        r.label->setToolTip(r.editor->toolTip());
    }
}

void ParamForm::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange && presetLabel_) retranslate();
    QWidget::changeEvent(e);
}

TrainConfig ParamForm::config() const {
    TrainConfig c = xq::train::preset(preset_->currentData().toString().toStdString());
    for (const Row& r : rows_) {
        double v = 0;
        if (auto* cb = qobject_cast<QCheckBox*>(r.editor)) v = cb->isChecked() ? 1 : 0;
        else if (auto* sb = qobject_cast<QSpinBox*>(r.editor)) v = sb->value();
        else if (auto* db = qobject_cast<QDoubleSpinBox*>(r.editor)) v = db->value();
        else if (auto* box = qobject_cast<QComboBox*>(r.editor)) v = box->currentIndex();
        setParam(c, *r.decl, v);  // in range by construction of the editors
    }
    return c;
}

void ParamForm::setConfig(const TrainConfig& c) {
    for (const Row& r : rows_) {
        const double v = getParam(c, *r.decl);
        if (auto* cb = qobject_cast<QCheckBox*>(r.editor)) cb->setChecked(v != 0);
        else if (auto* sb = qobject_cast<QSpinBox*>(r.editor)) sb->setValue(int(v));
        else if (auto* db = qobject_cast<QDoubleSpinBox*>(r.editor)) db->setValue(v);
        else if (auto* box = qobject_cast<QComboBox*>(r.editor)) box->setCurrentIndex(int(v));
    }
}

void ParamForm::setPreset(const QString& name) {
    const int i = preset_->findData(name);
    if (i < 0) return;
    preset_->setCurrentIndex(i);
    setConfig(xq::train::preset(name.toStdString()));
    emit presetChosen(name);
}

QString ParamForm::preset() const { return preset_->currentData().toString(); }

QWidget* ParamForm::editor(const char* name) const {
    for (const Row& r : rows_)
        if (qstrcmp(r.decl->name, name) == 0) return r.editor;
    return nullptr;
}

}  // namespace xqui
