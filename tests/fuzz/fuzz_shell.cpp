// A training command or script as pasted into the profiler linter, and the shell quoting we use to
// write commands. Properties: reading any text ends with an answer or an error (never a hang or a
// crash), every word read has a place, and words written with formatCommand read back as the same
// words, known and unexpanded.
#include "bash/interpreter.h"
#include "fuzzcheck.h"
#include "hydra/shell.h"
#include "profiler/lint.h"
#include "verl/version.h"

using namespace Qt::StringLiterals;
using namespace vna;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = fuzz::text(data, size);
    if (const auto run = shell::interpret(text)) {
        for (const auto &command : run->commands) {
            for (const auto &word : command.words) {
                VNA_FUZZ_CHECK(word.line >= 1 && word.column >= 1, "every word has a place");
                for (const auto &u : word.unknowns)
                    VNA_FUZZ_CHECK(u.offset >= 0 && u.offset + u.length <= word.text.size(),
                                   "an unknown part lies inside its word");
            }
        }
    }
    (void)profiler::lint(text, verl::latestKnown());

    // Any strings, even with quotes, newlines, $ and backticks, are data once quoted. The first
    // word is fixed: a leading NAME=value word is an assignment to a shell, quoted or not.
    QStringList words{u"python3"_s};
    words += text.split(u'\x01');
    for (const auto layout : {shell::Layout::OneLine, shell::Layout::Multiline}) {
        const QString command = shell::formatCommand(words, layout);
        const auto run = shell::interpret(command);
        VNA_FUZZ_CHECK(run.ok(), "a formatted command parses");
        VNA_FUZZ_CHECK(run->commands.size() == 1, "a formatted command is one command");
        const auto &read = run->commands.first();
        VNA_FUZZ_CHECK(read.assignments.isEmpty(), "no word became an assignment");
        VNA_FUZZ_CHECK_EQ(read.words.size(), words.size(), "every word comes back as one word");
        for (qsizetype i = 0; i < words.size(); ++i) {
            VNA_FUZZ_CHECK_EQ(read.words.at(i).text, words.at(i), "a quoted word reads back unchanged");
            VNA_FUZZ_CHECK(read.words.at(i).known() && !read.words.at(i).spread && !read.words.at(i).braceExpanded,
                           "nothing in a quoted word is expanded");
        }
    }
    return 0;
}
