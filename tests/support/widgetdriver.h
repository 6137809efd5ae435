// Drives widgets the way a user does, for the widget tests: find by object name, pick from a combo
// box with the keyboard, retype a field, click a check box.
#pragma once

#include <QCheckBox>
#include <QComboBox>
#include <QTest>
#include <QWidget>

namespace vna::test {

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no child widget named %s", name);
    return found;
}

inline void chooseIndex(QComboBox *combo, int index)
{
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
}

inline void retype(QWidget *field, const QString &text)
{
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
}

// Clicks the box (on its indicator, where users click) until it shows `checked`.
inline void setChecked(QCheckBox *box, bool checked)
{
    if (box->isChecked() != checked)
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(box->height() / 2, box->height() / 2));
}

} // namespace vna::test
