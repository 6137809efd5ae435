// Ascend version files: driver and firmware version.info, toolkit *_install.info, version.cfg, and
// the version comparison and ranges they hold.
#include "env/versionfiles.h"
#include "fuzzcheck.h"

using namespace Qt::StringLiterals;
using namespace vna::env;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = vna::fuzz::text(data, size);
    const QString path = u"/fuzz/version.info"_s;
    const DriverInfo driver = parseDriverInfo(text, path);
    for (const VersionRange &range : driver.compatibleFirmware) {
        (void)range.contains(driver.version);
        (void)range.text();
    }
    (void)parseFirmwareInfo(text, path);
    (void)parseToolkitInfo(text, path).innerCode();
    (void)parseVersionCfg(text, path).toolkitRelease();
    (void)parseCodeList(text);
    (void)parseAssignments(text);

    // compareVersions is an order: antisymmetric and reflexive on any two lines of the input.
    const QStringList lines = text.split(u'\n');
    const QString a = lines.value(0);
    const QString b = lines.value(1);
    VNA_FUZZ_CHECK(compareVersions(a, a) == 0, "a version equals itself");
    const int ab = compareVersions(a, b);
    const int ba = compareVersions(b, a);
    VNA_FUZZ_CHECK((ab < 0) == (ba > 0) && (ab == 0) == (ba == 0), "compareVersions is antisymmetric");
    for (const VersionRange &range : parseRanges(text))
        (void)range.contains(a);
    return 0;
}
