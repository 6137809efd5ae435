// A tab page that builds its real content the first time it is shown, so start-up stays fast.
#pragma once

#include <functional>

#include <QWidget>

namespace vna::ui {

class LazyTab final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LazyTab)

public:
    using Factory = std::function<QWidget *(QWidget *parent)>;
    explicit LazyTab(Factory factory, QWidget *parent = nullptr);

    // Builds the content if it does not exist yet; returns it.
    QWidget *content();
    bool isCreated() const;

Q_SIGNALS:
    void created(QWidget *content);

private:
    Factory m_factory;
    QWidget *m_content = nullptr;
};

} // namespace vna::ui
