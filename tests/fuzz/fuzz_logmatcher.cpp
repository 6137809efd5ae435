// Arbitrary bytes as a training log: the built-in knowledge base's matcher, the line attribution,
// the whole scan in small blocks (so lines and multi-line matches cross block edges) and both
// report formats.
#include "fuzzcheck.h"
#include "logscan/knowledgebase.h"
#include "logscan/lineinfo.h"
#include "logscan/matcher.h"
#include "logscan/report.h"
#include "logscan/scanner.h"

using namespace Qt::StringLiterals;
using namespace vna::logscan;

namespace {

struct Built
{
    QList<Entry> entries;
    Matcher matcher;
};

const Built &built()
{
    static const Built instance = [] {
        KnowledgeBase kb = loadKnowledgeBase();
        auto matcher = Matcher::compile(kb.entries);
        VNA_FUZZ_CHECK(matcher.ok(), "the built-in knowledge base compiles");
        return Built{kb.entries, *matcher};
    }();
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Built &kb = built();
    const std::string_view block(reinterpret_cast<const char *>(data), size);
    for (const RawHit &hit : kb.matcher.scan(block, 0)) {
        VNA_FUZZ_CHECK(hit.begin <= hit.end && hit.end <= size, "a hit lies inside the block");
        VNA_FUZZ_CHECK(hit.indication >= 0 && static_cast<size_t>(hit.indication) < kb.matcher.indications().size(),
                       "a hit names a known indication");
    }
    size_t start = 0;
    while (start <= size) {
        size_t end = block.find('\n', start);
        if (end == std::string_view::npos)
            end = size;
        const std::string_view line = block.substr(start, end - start);
        (void)describeLine(line);
        (void)displayText(line);
        (void)fingerprint(line);
        (void)searchText(line);
        start = end + 1;
    }

    ScanOptions options;
    options.threads = 1;
    options.blockBytes = 256;
    const QByteArray text(block.data(), static_cast<qsizetype>(size));
    const auto analysis = analyze({LogInput::pasted(text, u"fuzz.log"_s)}, kb.entries, kb.matcher, options);
    VNA_FUZZ_CHECK(analysis.ok(), "pasted text always scans");
    for (const Finding &finding : analysis->findings) {
        VNA_FUZZ_CHECK(finding.count >= 1 && finding.first.line >= 1, "a finding was seen somewhere");
        (void)explain(kb.entries.at(finding.entry), finding, *analysis, u"zh_CN"_s);
        if (const auto link = linkFor(kb.entries.at(finding.entry), finding, *analysis))
            (void)commandLine(*link);
        (void)issueSearchUrl(finding);
    }
    (void)toText(*analysis, kb.entries, u"en"_s, 50);
    (void)toJson(*analysis, kb.entries, u"en"_s, 50);
    return 0;
}
