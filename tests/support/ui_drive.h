#pragma once
// Driving a page as a user does (offscreen): its controls are found by object name and
// pressed with the mouse or the keyboard, never by calling the slot behind them, so a button
// that is disconnected, disabled or hidden fails the test.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QtTest>

namespace xqtest {

template <class W = QAbstractButton>
W* control(QWidget* parent, const char* name) {
    return parent ? parent->findChild<W*>(QString::fromLatin1(name)) : nullptr;
}

// Clicks a button with the mouse; false when it is missing, hidden or disabled.
inline bool press(QWidget* parent, const char* name) {
    auto* b = control(parent, name);
    if (!b || !b->isVisible() || !b->isEnabled()) return false;
    QTest::mouseClick(b, Qt::LeftButton);
    return true;
}

// Chooses item `index` of a combo box as a user does: opens its list, walks to the item with
// the arrow keys and takes it with Return, so the box emits `activated` once, for this item.
// False when it did not land there (a disabled item, an index out of range).
inline bool chooseIndex(QComboBox* box, int index) {
    if (!box || index < 0 || index >= box->count() || !box->isVisible() || !box->isEnabled())
        return false;
    box->showPopup();
    QAbstractItemView* view = box->view();
    if (!view || !view->isVisible()) return false;
    QTest::keyClick(view, Qt::Key_Home);
    for (int k = 0; k < box->count() && view->currentIndex().row() != index; ++k)
        QTest::keyClick(view, Qt::Key_Down);
    if (view->currentIndex().row() != index) {
        box->hidePopup();
        return false;
    }
    QTest::keyClick(view, Qt::Key_Return);
    return box->currentIndex() == index && !view->isVisible();
}

// The same for the item whose data is `data`.
inline bool choose(QComboBox* box, const QVariant& data) {
    return box && chooseIndex(box, box->findData(data));
}

}  // namespace xqtest
