// The toolbar's verl version and backend: one choice for every tool, typed or picked, checked as typed.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace vna::ui {

class FieldMessage;
class Session;

class VersionBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VersionBar)

public:
    explicit VersionBar(Session &session, QWidget *parent = nullptr);
    ~VersionBar() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showVersionNote();
    void versionTyped(const QString &text);
    void showSession();

    Session &m_session;
    QLabel *m_versionLabel = nullptr;
    QComboBox *m_version = nullptr;
    FieldMessage *m_versionMessage = nullptr;
    QLabel *m_versionNote = nullptr; // "checked as 0.9.0" for a version this build has not read
    QLabel *m_backendLabel = nullptr;
    QComboBox *m_backend = nullptr;
};

} // namespace vna::ui
