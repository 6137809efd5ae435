// The Checkpoint sync wizard's page: its completeness and what happens on entry are given by the
// tab. Private to ui/ckptsync.
#pragma once

#include <functional>

#include <QApplication>
#include <QPointer>
#include <QWizard>
#include <QWizardPage>

namespace vna::ui {

// A wizard page whose completeness and entry action are given by the tab.
class SyncPage final : public QWizardPage
{
public:
    using QWizardPage::QWizardPage;
    std::function<bool()> complete = [] { return true; };
    std::function<void()> enter;
    bool isComplete() const override { return complete(); }
    void initializePage() override
    {
        if (enter)
            enter();
    }
    // QWizard answers completeChanged by hiding and showing the page to avoid flicker, and hiding the
    // page moves the keyboard focus out of it: the field being typed into would lose focus at every
    // keystroke. Give the focus back to where the user was.
    void refresh()
    {
        const QPointer<QWidget> focus = QApplication::focusWidget();
        Q_EMIT completeChanged();
        if (focus && QApplication::focusWidget() != focus && wizard() && wizard()->isAncestorOf(focus)
            && focus->isVisible() && focus->isEnabled())
            focus->setFocus(Qt::OtherFocusReason);
    }
};

inline SyncPage *page(QWizard *wizard, int id)
{
    return static_cast<SyncPage *>(wizard->page(id));
}

} // namespace vna::ui
