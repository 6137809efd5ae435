// Help -> About: version, Qt version, and where the log and settings files are.
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;

namespace vna::ui {

class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    explicit AboutDialog(QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_title = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_openLogFolder = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace vna::ui
