// Runs a fuzz target's entry point over saved inputs, without libFuzzer: the seed corpus and every
// input a fuzzer once crashed on. Built by every preset, so the regression inputs are part of the
// ordinary test suite (and of the sanitizer run).
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

#include "fuzzcheck.h"

int main(int argc, char **argv)
{
    int inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const QString root = QString::fromLocal8Bit(argv[i]);
        QStringList files;
        if (QFileInfo(root).isDir()) {
            QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext())
                files.append(it.next());
            files.sort();
        } else {
            files.append(root);
        }
        for (const QString &path : std::as_const(files)) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "cannot read %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
                return 2;
            }
            const QByteArray data = file.readAll();
            std::fprintf(stderr, "%s\n", qPrintable(path));
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.constData()),
                                   static_cast<size_t>(data.size()));
            ++inputs;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "no inputs found\n");
        return 2;
    }
    std::printf("%d inputs ran without a crash or a broken property\n", inputs);
    return 0;
}
