#include "lazytab.h"

#include <QVBoxLayout>

namespace vna::ui {

LazyTab::LazyTab(Factory factory, QWidget *parent)
    : QWidget{parent}
    , m_factory{std::move(factory)}
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
}

QWidget *LazyTab::content()
{
    if (!m_content) {
        m_content = m_factory(this);
        layout()->addWidget(m_content);
        Q_EMIT created(m_content);
    }
    return m_content;
}

bool LazyTab::isCreated() const
{
    return m_content != nullptr;
}

} // namespace vna::ui
