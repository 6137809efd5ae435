// What a node sends back to collect (sections of grep windows, file lists, tails), Ray's GCS log, times
// without a year and lines a bundle masks: whatever a node, a disk or a hostile file puts there.
#include <QtGlobal>

#include "collect/bundle.h"
#include "collect/collect.h"
#include "collect/nodelogs.h"
#include "collect/rayhead.h"
#include "collect/timewindow.h"
#include "fuzzcheck.h"
#include "logscan/lineinfo.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const vna::collect::NodeAnswer answer = vna::collect::parseNodeAnswer(bytes, QStringLiteral("VNAf"), 4096);
    for (const vna::collect::NodeFile &file : answer.files) {
        VNA_FUZZ_CHECK(file.text.count('\n') == file.lineNumbers.size(), "one number per kept line");
        qint64 previous = 0;
        for (const qint64 number : file.lineNumbers) {
            VNA_FUZZ_CHECK(number >= 0, "line numbers are positive or a gap");
            VNA_FUZZ_CHECK(number == 0 || number > previous, "kept lines are in order, each once");
            if (number > 0)
                previous = number;
        }
    }
    const QString text = vna::fuzz::text(data, size);
    const vna::collect::RayNodes nodes = vna::collect::parseGcsLog(text);
    for (const QString &address : nodes.addresses)
        VNA_FUZZ_CHECK(!address.isEmpty() && !address.contains(QLatin1Char(' ')), "an address is one word");
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    const qint64 t = vna::logscan::parseYearlessTime(view, 1796000000000);
    VNA_FUZZ_CHECK(t == -1 || t >= 0, "a time or -1");
    for (const QString &line : text.split(QLatin1Char('\n')).mid(0, 50))
        (void)vna::collect::maskSecrets(line);
    return 0;
}
