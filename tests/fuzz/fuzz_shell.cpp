// A training command or script as pasted into the profiler linter, and the shell quoting we use to
// write commands. Property: words written with formatCommand read back as the same words.
#include "fuzzcheck.h"
#include "hydra/shell.h"
#include "profiler/lint.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;
using namespace vna;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = fuzz::text(data, size);
    if (const auto script = shell::parseScript(text)) {
        for (const auto &command : script->commands) {
            for (const auto &word : command.words)
                VNA_FUZZ_CHECK(word.line >= 1 && word.column >= 1, "every word has a place");
        }
    }
    (void)profiler::lint(text, verl::latestKnown());

    // Any strings, even with quotes, newlines, $ and backticks, are data once quoted. The first
    // word is fixed: a leading NAME=value word is an assignment to a shell, quoted or not.
    QStringList words{u"python3"_s};
    words += text.split(u'\x01');
    for (const auto layout : {shell::Layout::OneLine, shell::Layout::Multiline}) {
        const QString command = shell::formatCommand(words, layout);
        const auto script = shell::parseScript(command);
        VNA_FUZZ_CHECK(script.ok(), "a formatted command parses");
        VNA_FUZZ_CHECK(script->commands.size() == 1, "a formatted command is one command");
        const auto &read = script->commands.first();
        VNA_FUZZ_CHECK(read.assignments.isEmpty(), "no word became an assignment");
        VNA_FUZZ_CHECK_EQ(read.words.size(), words.size(), "every word comes back as one word");
        for (qsizetype i = 0; i < words.size(); ++i) {
            VNA_FUZZ_CHECK_EQ(read.words.at(i).text, words.at(i), "a quoted word reads back unchanged");
            VNA_FUZZ_CHECK(!read.words.at(i).substitution && read.words.at(i).unresolved.isEmpty(),
                           "nothing in a quoted word is expanded");
        }
    }
    return 0;
}
