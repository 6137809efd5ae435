// Reference for the start-up benchmark: the least a Qt Widgets program does to show a window and
// save it as a PNG, the same way `verl-npu-assistant --screenshot` exits.
#include <QApplication>
#include <QImageWriter>
#include <QLabel>
#include <QMainWindow>
#include <QSaveFile>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 2)
        return 2;
    QMainWindow window;
    window.setCentralWidget(new QLabel(QStringLiteral("verl NPU Assistant"), &window));
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    QSaveFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::WriteOnly))
        return 3;
    QImageWriter writer(&file, "png");
    if (!writer.write(window.grab().toImage()) || !file.commit())
        return 3;
    return 0;
}
