<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Analyze</name>
    <message>
        <source>The facts hold no vllm-ascend release that refuses vLLM&apos;s V0 engine, so whether this setting breaks the run is not known.</source>
        <translation>事实数据中没有拒绝 vLLM V0 引擎的 vllm-ascend 版本，因此不知道这项设置是否会让运行失败。</translation>
    </message>
    <message>
        <source>the releases the log&apos;s lines fit</source>
        <translation>日志各行所符合的版本</translation>
    </message>
    <message>
        <source>It breaks a run only with vllm-ascend %1 or later, which refuses vLLM&apos;s V0 engine (%2); with an earlier one it runs. Which vllm-ascend you run is not known (give it with --installed vllm-ascend=…).</source>
        <translation>只有 vllm-ascend %1 及以后的版本会因此失败：它们拒绝 vLLM 的 V0 引擎（%2）；更早的版本照常运行。不知道你使用的 vllm-ascend 版本（可用 --installed vllm-ascend=… 指定）。</translation>
    </message>
    <message>
        <source>You run vllm-ascend %1 (%2), which refuses vLLM&apos;s V0 engine (since %3: %4).</source>
        <translation>你使用的是 vllm-ascend %1（%2），它拒绝 vLLM 的 V0 引擎（自 %3 起：%4）。</translation>
    </message>
    <message>
        <source>You run vllm-ascend %1 (%2), which still runs vLLM&apos;s V0 engine (refused only from %3: %4): here the setting is harmless and not the cause of a failure.</source>
        <translation>你使用的是 vllm-ascend %1（%2），它仍可运行 vLLM 的 V0 引擎（从 %3 起才拒绝：%4）：在这里这项设置无害，不是失败的原因。</translation>
    </message>
</context>
<context>
    <name>AnalyzeCommand</name>
    <message>
        <source>Entries: %1 (from %2).</source>
        <translation>条目：%1（来自 %2）。</translation>
    </message>
    <message>
        <source>Give the log to try the pattern on (a file, or - for standard input).</source>
        <translation>请给出用于试验该模式的日志（文件，或用 - 表示标准输入）。</translation>
    </message>
    <message>
        <source>Find known failures in training logs and say what to do about them.</source>
        <translation>在训练日志中查找已知故障，并给出处理方法。</translation>
    </message>
    <message>
        <source>Reads training logs of any size (plain or .gz; - for standard input) and finds every known failure from the knowledge base: the bucket assertion, NPUs not visible, HCCL timeouts, out of memory, missing checkpoint metadata, Hydra and profiler mistakes, CANN and torch_npu mismatches and more. Echoes on many ranks are grouped with a count; the first failure is the root cause and later ones it leads to are marked as its symptoms. Several files are merged into one timeline by the times in their lines.
Your own entries go in %1/*.json (same format as --list-kb --json).
Exit code 1 when a critical or error finding is found, 2 for bad input.</source>
        <translation>读取任意大小的训练日志（普通文本或 .gz；- 表示标准输入），按知识库找出所有已知故障：bucket 断言、NPU 设备不可见、HCCL 超时、显存不足、缺少检查点元数据、Hydra 与性能分析配置错误、CANN 与 torch_npu 版本不匹配等。多个 rank 上的重复报错合并并计数；最先出现的故障是根因，它引起的后续故障标为其连带症状。多个文件按行内时间合并为一条时间线。
自定义条目放在 %1/*.json（格式同 --list-kb --json）。
发现 critical 或 error 级别的问题时退出码为 1，输入有误时为 2。</translation>
    </message>
    <message>
        <source>Log files (plain or gzip); - reads standard input.</source>
        <translation>日志文件（普通文本或 gzip）；- 表示读取标准输入。</translation>
    </message>
    <message>
        <source>An extra knowledge-base file (repeatable).</source>
        <translation>额外的知识库文件（可重复指定）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Print one JSON object instead of text.</source>
        <translation>输出一个 JSON 对象而不是文本。</translation>
    </message>
    <message>
        <source>Show at most N findings (0: all).</source>
        <translation>最多显示 N 条发现（0：全部）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>List the knowledge base and the files it came from.</source>
        <translation>列出知识库及其来源文件。</translation>
    </message>
    <message>
        <source>Try an RE2 regex against the given log: print the matching lines and captures.</source>
        <translation>用给定日志试验一个 RE2 正则表达式：输出匹配的行和捕获组。</translation>
    </message>
    <message>
        <source>regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Standard input (-) can be read only once.</source>
        <translation>标准输入（-）只能读取一次。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Give at least one log file, or - to read standard input.</source>
        <translation>请至少给出一个日志文件，或用 - 读取标准输入。</translation>
    </message>
    <message>
        <source>Stop inflating a gzip file once its text outgrows N times the compressed bytes read (after the first 16 MiB): a log compresses 5-20 times, a decompression bomb a thousand. 0: no limit.</source>
        <translation>gzip 文件解压出的文本超过已读压缩字节的 N 倍时停止解压（前 16 MiB 不计）：日志通常压缩 5–20 倍，解压炸弹可达上千倍。0：不限制。</translation>
    </message>
    <message>
        <source>To read it all: --max-gzip-ratio 0 (no limit) or a ratio above %1.</source>
        <translation>要完整读取：使用 --max-gzip-ratio 0（不限制）或大于 %1 的倍数。</translation>
    </message>
    <message>
        <source>--code: &quot;%1&quot; is not in the catalogue of %2 codes (ACL and runtime return codes such as 507015, CANN codes such as E39009, torch_npu&apos;s ERR00100, HCCL&apos;s HCCL_E_TIMEOUT).</source>
        <translation>--code：&quot;%1&quot; 不在 %2 个错误码的目录中（ACL 与 runtime 返回码如 507015，CANN 错误码如 E39009，torch_npu 的 ERR00100，HCCL 的 HCCL_E_TIMEOUT）。</translation>
    </message>
    <message>
        <source>Say what an Ascend error code means and which entry explains it: 507015, E39009, ERR00100, HCCL_E_TIMEOUT or a symbolic name.</source>
        <translation>说明昇腾错误码的含义以及解释它的条目：507015、E39009、ERR00100、HCCL_E_TIMEOUT 或符号名。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>错误码</translation>
    </message>
    <message>
        <source>Your verl release: a known verl bug is told as fixed in your release or in a later one.</source>
        <translation>你的 verl 版本：已知的 verl 缺陷会据此说明在你的版本中已修复还是在更高版本中修复。</translation>
    </message>
    <message>
        <source>A release you run of another component, for its known bugs (repeatable): vllm-ascend=0.11.0rc1, torch_npu=2.5.1, mindspeed=2.1.0, mbridge=0.15.1, triton-ascend=3.2.0, vllm=0.11.0.</source>
        <translation>你所用的其他组件的版本，用于判断其已知缺陷（可重复指定）：vllm-ascend=0.11.0rc1、torch_npu=2.5.1、mindspeed=2.1.0、mbridge=0.15.1、triton-ascend=3.2.0、vllm=0.11.0。</translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Audit</name>
    <message>
        <source>%1 is not a version this tool can compare with %2.</source>
        <translation>%1 不是本工具能与 %2 比较的版本。</translation>
    </message>
    <message>
        <source>%1 is another build of the release %2 pins exactly; install %3 if the package fails at import.</source>
        <translation>%1 是 %2 精确固定的那个版本的另一个构建；如果导入该包失败，请安装 %3。</translation>
    </message>
    <message>
        <source>verl %1 is not a release number this tool can read: its pins were not checked.</source>
        <translation>verl %1 不是本工具能读取的版本号：未检查其版本约束。</translation>
    </message>
    <message>
        <source>verl %1 is older than every release whose files were read (from %2): its pins were not checked.</source>
        <translation>verl %1 早于已读取文件的所有版本（最早为 %2）：未检查其版本约束。</translation>
    </message>
    <message>
        <source>verl %1 is a build of main: compared with what verl %2 requires at its tag.</source>
        <translation>verl %1 是 main 分支的构建：按 verl %2 在其标签处的要求进行比较。</translation>
    </message>
    <message>
        <source>verl %1 is compared with %2, the newest release before it whose files were read.</source>
        <translation>verl %1 按 %2 比较，这是在它之前、已读取文件的最新版本。</translation>
    </message>
    <message>
        <source>verl&apos;s %1 guide at the same tag says %2 (%3); the requirement is what pip enforces and what the code was written for.</source>
        <translation>verl 在同一标签处的 %1 指南写的是 %2（%3）；以依赖要求为准：它是 pip 强制执行的，也是代码所针对的。</translation>
    </message>
    <message>
        <source>vllm-ascend %1 is not a release whose files were read; %2</source>
        <translation>vllm-ascend %1 不是已读取文件的发布版本；%2</translation>
    </message>
    <message>
        <source>its row of the documentation&apos;s matrix is used.</source>
        <translation>使用其在文档配套矩阵中的行。</translation>
    </message>
    <message>
        <source>its pins were not checked.</source>
        <translation>未检查其版本约束。</translation>
    </message>
    <message>
        <source>vllm-ascend&apos;s documentation at the same tag says %1 (%2); the pin in its own files wins.</source>
        <translation>vllm-ascend 在同一标签处的文档写的是 %1（%2）；以其自身文件中的约束为准。</translation>
    </message>
    <message>
        <source>The table pairs CANN %1 with the build %2, not %3: builds of one release are made against different CANN releases, and another build can fail at import with &quot;undefined symbol&quot;.</source>
        <translation>配套表中与 CANN %1 配套的是构建 %2，而不是 %3：同一版本的不同构建针对不同的 CANN 版本编译，换用其他构建可能在导入时报 &quot;undefined symbol&quot;。</translation>
    </message>
    <message>
        <source>the build %1 pairs with CANN %2 (%3)</source>
        <translation>与 CANN %2 配套的是构建 %1（%3）</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>torch_npu %1 is in neither Ascend&apos;s table nor vllm-ascend&apos;s.</source>
        <translation>torch_npu %1 既不在 Ascend 的配套表中，也不在 vllm-ascend 的表中。</translation>
    </message>
    <message>
        <source>%1 %2 is older than every release of its history read (from %3): its fixes were not listed.</source>
        <translation>%1 %2 早于已读取历史中的所有版本（最早为 %3）：未列出其修复。</translation>
    </message>
    <message>
        <source>the stack</source>
        <translation>该软件栈</translation>
    </message>
    <message>
        <source>its subject shares %1 with the symptom</source>
        <translation>其提交标题与症状共有 %1</translation>
    </message>
    <message>
        <source>%1 needs Python %2 (%3); this environment has %4: it needs a new one.</source>
        <translation>%1 需要 Python %2（%3）；当前环境为 %4：需要新建环境。</translation>
    </message>
    <message>
        <source>%1 %2 (you run %3; %4)</source>
        <translation>%1 %2（当前为 %3；%4）</translation>
    </message>
    <message>
        <source>%1 allows %2 %3 only (%4): upgrade %1 too, or it is refused</source>
        <translation>%1 只允许 %2 %3（%4）：需同时升级 %1，否则会被拒绝</translation>
    </message>
    <message>
        <source>%1 requires %2 %3 (%4)</source>
        <translation>%1 要求 %2 %3（%4）</translation>
    </message>
    <message>
        <source>%1 pins %2 %3 (%4) and %5 pins %6 (%7): no release of %2 satisfies both.</source>
        <translation>%1 将 %2 固定为 %3（%4），而 %5 固定为 %6（%7）：%2 没有任何版本能同时满足两者。</translation>
    </message>
    <message numerus="yes">
        <source>the next release: %n of the %1 NPU fixes released since</source>
        <translation>
            <numerusform>下一个版本：此后发布的 %1 个 NPU 修复中的 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>The hardware generation is not given (npu-smi info, or an image tag with a2/a3): no image was chosen.</source>
        <translation>未给出硬件代次（npu-smi info，或带 a2/a3 的镜像标签）：未选择镜像。</translation>
    </message>
    <message>
        <source>%1 from the branch %2 (%3): what it pins moves after the tag</source>
        <translation>%1 来自分支 %2（%3）：其固定的版本在打标签后仍会变化</translation>
    </message>
    <message>
        <source>the stack does not name %1: the pins on them were not checked.</source>
        <translation>软件栈未列出 %1：未检查与之相关的版本约束。</translation>
    </message>
    <message numerus="yes">
        <source>%n other package(s)</source>
        <translation>
            <numerusform>其他 %n 个包</numerusform>
        </translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>its image</source>
        <translation>其镜像</translation>
    </message>
    <message>
        <source>its guide</source>
        <translation>其指南</translation>
    </message>
    <message>
        <source>its documentation</source>
        <translation>其文档</translation>
    </message>
    <message>
        <source>table</source>
        <translation>配套表</translation>
    </message>
    <message>
        <source>Stack: %1</source>
        <translation>软件栈：%1</translation>
    </message>
    <message>
        <source>Read from: %1</source>
        <translation>读取自：%1</translation>
    </message>
    <message>
        <source>Pins: %1 broken, %2 differ from an image or guide, %3 hold, %4 on packages the stack does not name.</source>
        <translation>版本约束：%1 项不满足，%2 项与镜像或指南不同，%3 项满足，%4 项涉及软件栈未列出的包。</translation>
    </message>
    <message>
        <source>%1 %2: %3 %4 (%5, %6)</source>
        <translation>%1 %2：%3 %4（%5，%6）</translation>
    </message>
    <message>
        <source>Not checked:</source>
        <translation>未检查：</translation>
    </message>
    <message>
        <source>Fixes released since the versions you run:</source>
        <translation>你所用版本之后发布的修复：</translation>
    </message>
    <message>
        <source>%1 %2: no NPU fix released since (newest release read: %3).</source>
        <translation>%1 %2：此后没有发布 NPU 修复（已读取的最新版本：%3）。</translation>
    </message>
    <message>
        <source>%1 %2: %3 NPU fixes in later releases; %4 in %5, the next.</source>
        <translation>%1 %2：后续版本中有 %3 个 NPU 修复；下一个版本 %5 中有 %4 个。</translation>
    </message>
    <message>
        <source>%1 (compared with %2)</source>
        <translation>%1（与 %2 比较）</translation>
    </message>
    <message>
        <source>matches the symptom: %1</source>
        <translation>与症状匹配：%1</translation>
    </message>
    <message>
        <source>Smallest upgrades:</source>
        <translation>最小升级：</translation>
    </message>
    <message>
        <source>%1 %2 → %3: %4</source>
        <translation>%1 %2 → %3：%4</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>需要 %1</translation>
    </message>
    <message>
        <source>impossible here: %1</source>
        <translation>在此环境中无法实现：%1</translation>
    </message>
    <message>
        <source>verl %1&apos;s images for %2:</source>
        <translation>verl %1 为 %2 提供的镜像：</translation>
    </message>
    <message>
        <source>%1 (%2, CANN %3, from %4)</source>
        <translation>%1（%2，CANN %3，来自 %4）</translation>
    </message>
    <message numerus="yes">
        <source>Verdict: the stack breaks %n pin(s).</source>
        <translation>
            <numerusform>结论：软件栈违反了 %n 项版本约束。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Verdict: no pin broken among the %n checked.</source>
        <translation>
            <numerusform>结论：已检查的 %n 项版本约束均未违反。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stack audit</source>
        <translation>软件栈审计</translation>
    </message>
    <message>
        <source>The stack pasted</source>
        <translation>粘贴的软件栈</translation>
    </message>
    <message>
        <source>Nodes: %1</source>
        <translation>节点：%1</translation>
    </message>
    <message>
        <source>environment check of %1</source>
        <translation>%1 的环境检查</translation>
    </message>
    <message>
        <source>verl %1&apos;s own files disagree on %2: another of them accepts %3, so it is not judged.</source>
        <translation>verl %1 自身的文件对 %2 的要求不一致：其中另一个文件接受 %3，因此不作判断。</translation>
    </message>
    <message>
        <source>%1 %2 is what verl %3&apos;s %4 guide installs (%5), over this requirement: it is not judged.</source>
        <translation>%1 %2 是 verl %3 的 %4 指南所安装的版本（%5），覆盖了这项依赖要求：不作判断。</translation>
    </message>
    <message>
        <source>%1 pins the build %2 %3 (%4); %5 is another build of that release</source>
        <translation>%1 固定的是构建 %2 %3（%4）；%5 是该版本的另一个构建</translation>
    </message>
    <message>
        <source>%1 pins %2 %3 (%4): no release of %2 satisfies both; only another release of %5 can.</source>
        <translation>%1 将 %2 固定为 %3（%4）：%2 没有任何版本能同时满足两者；只能换用 %5 的其他版本。</translation>
    </message>
    <message>
        <source>the smallest release with the fixes that match the symptom (%1)</source>
        <translation>包含与症状匹配的修复（%1）的最小版本</translation>
    </message>
    <message>
        <source>version lines</source>
        <translation>版本行</translation>
    </message>
    <message>
        <source>image tag</source>
        <translation>镜像标签</translation>
    </message>
    <message>
        <source>Verdict: nothing was checked — no release read here pins the packages the stack names.</source>
        <translation>结论：没有检查任何内容——已读取的发布版本均未约束软件栈中列出的包。</translation>
    </message>
</context>
<context>
    <name>AuditCommand</name>
    <message>
        <source>&lt;stdin&gt;</source>
        <translation>&lt;标准输入&gt;</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 4 MiB: paste the versions (pip list, npu-smi info), or the error lines, not a whole log.</source>
        <translation>%1 大于 4 MiB：请粘贴版本信息（pip list、npu-smi info）或报错行，而不是整个日志。</translation>
    </message>
    <message>
        <source>Audit a stack: which versions go together, the fixes it lacks and the smallest upgrade.</source>
        <translation>审计软件栈：哪些版本相互配套、缺少哪些修复、最小升级是什么。</translation>
    </message>
    <message>
        <source>Reads a stack from what you have at hand — pip list, pip freeze, conda list, vllm-ascend&apos;s collect_env.py output, lines such as &quot;verl 0.7.1&quot; or &quot;CANN: 8.3.RC1&quot;, an image tag, npu-smi info — and checks it against the pins each release sets in its own files: verl&apos;s requirements-npu.txt and Ascend guides, vllm-ascend&apos;s requirements and images at its tag (where its documentation says otherwise, the pin wins and the audit says so), torch_npu&apos;s torch pin and Ascend&apos;s CANN table. Lists the NPU fixes released since each installed version (those matching --symptom first), the smallest upgrade that gets them with what else it needs or the pin that rules it out, and verl&apos;s images for your hardware.
Exit code 1 when the stack breaks a pin, 0 otherwise, 2 for input that holds no version.</source>
        <translation>从你手头已有的信息读取软件栈——pip list、pip freeze、conda list、vllm-ascend 的 collect_env.py 输出、形如 &quot;verl 0.7.1&quot; 或 &quot;CANN: 8.3.RC1&quot; 的行、镜像标签、npu-smi info——并对照各版本在其自身文件中设定的版本约束进行检查：verl 的 requirements-npu.txt 和 Ascend 指南、vllm-ascend 在其标签处的依赖与镜像（若其文档说法不同，以约束为准并予以说明）、torch_npu 对 torch 的约束以及 Ascend 的 CANN 配套表。列出每个已安装版本之后发布的 NPU 修复（与 --symptom 匹配的排在前面）、获得这些修复的最小升级及其还需要什么或是哪项约束使其不可行，以及 verl 为你的硬件提供的镜像。
软件栈违反约束时退出码为 1，否则为 0；输入中没有任何版本时为 2。</translation>
    </message>
    <message>
        <source>The pasted stack; - or nothing reads standard input.</source>
        <translation>粘贴的软件栈；- 或不填则读取标准输入。</translation>
    </message>
    <message>
        <source>What goes wrong, in words or an error line: the fixes that match it come first.</source>
        <translation>出现的问题，用文字或报错行描述：与之匹配的修复排在前面。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>The same from a file (a log excerpt with the traceback).</source>
        <translation>同上，但从文件读取（带 traceback 的日志片段）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Print one JSON object instead of text.</source>
        <translation>输出一个 JSON 对象而不是文本。</translation>
    </message>
    <message>
        <source>Give one stack to audit; got %1.</source>
        <translation>请给出一个要审计的软件栈；收到的是 %1。</translation>
    </message>
    <message>
        <source>Give --symptom or --symptom-file, not both.</source>
        <translation>请给出 --symptom 或 --symptom-file，不要同时给出。</translation>
    </message>
    <message>
        <source>The stack and the symptom cannot both come from standard input.</source>
        <translation>软件栈和症状不能都来自标准输入。</translation>
    </message>
</context>
<context>
    <name>Bucket</name>
    <message>
        <source>Line %1 mentions &quot;too large to fit in the bucket&quot;, but the tensor&apos;s shape and data type could not be read. Paste the whole message, starting at &quot;Weight&quot;.</source>
        <translation>第 %1 行提到了 &quot;too large to fit in the bucket&quot;，但无法读出张量的形状和数据类型。请从 &quot;Weight&quot; 开始粘贴完整的报错信息。</translation>
    </message>
    <message>
        <source>No &quot;Weight … is too large to fit in the bucket&quot; message found. Paste the AssertionError line from the training log.</source>
        <translation>未找到 &quot;Weight … is too large to fit in the bucket&quot; 报错。请粘贴训练日志中的 AssertionError 那一行。</translation>
    </message>
    <message>
        <source>Cannot read standard input.</source>
        <translation>无法读取标准输入。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Reading %1 was cancelled.</source>
        <translation>已取消读取 %1。</translation>
    </message>
    <message>
        <source>Unknown checkpoint engine &quot;%1&quot; in %2: expected naive, hccl or nccl.</source>
        <translation>%2 中的检查点引擎 &quot;%1&quot; 未知：应为 naive、hccl 或 nccl。</translation>
    </message>
    <message>
        <source>Invalid margin &quot;%1&quot; in %2: expected a number from %3 to %4, e.g. 1.2.</source>
        <translation>%2 中的余量 &quot;%1&quot; 无效：应为 %3 到 %4 之间的数，例如 1.2。</translation>
    </message>
    <message>
        <source>Invalid size &quot;%1&quot; in %2: expected a positive whole number of MiB, e.g. 4096.</source>
        <translation>%2 中的大小 &quot;%1&quot; 无效：应为以 MiB 为单位的正整数，例如 4096。</translation>
    </message>
    <message>
        <source>There is no tensor to size.</source>
        <translation>没有可计算大小的张量。</translation>
    </message>
    <message>
        <source>Largest tensor</source>
        <translation>最大权重张量</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素个数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>%1 × %2 B = %3 B</source>
        <translation>%1 × %2 B = %3 B</translation>
    </message>
    <message>
        <source>%1 × %2 bits ÷ 8 = %3 B</source>
        <translation>%1 × %2 位 ÷ 8 = %3 B</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>%1 B ÷ %2 = %3 MiB</source>
        <translation>%1 B ÷ %2 = %3 MiB</translation>
    </message>
    <message>
        <source>Exact minimum</source>
        <translation>精确最小值</translation>
    </message>
    <message>
        <source>ceil(%1) = %2 MiB</source>
        <translation>向上取整(%1) = %2 MiB</translation>
    </message>
    <message>
        <source>With margin</source>
        <translation>预留余量</translation>
    </message>
    <message>
        <source>%1 MiB × %2 = %3 MiB</source>
        <translation>%1 MiB × %2 = %3 MiB</translation>
    </message>
    <message>
        <source>Power of two</source>
        <translation>2 的幂次</translation>
    </message>
    <message>
        <source>%1 MiB → %2 MiB</source>
        <translation>%1 MiB → %2 MiB</translation>
    </message>
    <message>
        <source>from the message</source>
        <translation>来自报错信息</translation>
    </message>
    <message>
        <source>as you entered</source>
        <translation>你输入的值</translation>
    </message>
    <message>
        <source>default of verl %1</source>
        <translation>verl %1 的默认值</translation>
    </message>
    <message>
        <source>Current bucket</source>
        <translation>当前 bucket</translation>
    </message>
    <message>
        <source>%1 MiB ≤ %2 MiB (%3): it fits</source>
        <translation>%1 MiB ≤ %2 MiB（%3）：放得下</translation>
    </message>
    <message>
        <source>%1 MiB &gt; %2 MiB (%3): the assertion fires</source>
        <translation>%1 MiB &gt; %2 MiB（%3）：会触发断言失败</translation>
    </message>
    <message>
        <source>%1 MiB &gt; %2 MiB (%3): too large for one bucket</source>
        <translation>%1 MiB &gt; %2 MiB（%3）：一个 bucket 放不下</translation>
    </message>
    <message>
        <source>%1 × %2 MiB = %3 MiB</source>
        <translation>%1 × %2 MiB = %3 MiB</translation>
    </message>
    <message>
        <source>of %1 MiB HBM (%2%)</source>
        <translation>，占 %1 MiB HBM 的 %2%</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备内存</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync fails with &quot;Weight … is too large to fit in the bucket&quot;. Set the override below.</source>
        <translation>%1（%2 MiB）大于 %3 MiB 的 bucket：权重同步会报 &quot;Weight … is too large to fit in the bucket&quot;。请使用下方的覆盖参数。</translation>
    </message>
    <message>
        <source>The message says to increase %1, but since verl 0.7.1 that setting lives at %2; the old key no longer works.</source>
        <translation>报错信息提示增大 %1，但从 verl 0.7.1 起该设置位于 %2；旧的键已不再生效。</translation>
    </message>
    <message>
        <source>The tensor fits the %1 MiB you entered, so the run that failed used a smaller bucket.</source>
        <translation>该张量能放进你输入的 %1 MiB，说明出错的那次运行使用了更小的 bucket。</translation>
    </message>
    <message>
        <source>lm_head is tied to the embedding, so it is not sent as a second large tensor.</source>
        <translation>lm_head 与词嵌入共享权重，不会作为第二个大张量发送。</translation>
    </message>
    <message>
        <source>lm_head is not tied: it is a second tensor as large as the embedding.</source>
        <translation>lm_head 未与词嵌入共享：它是与词嵌入同样大的第二个张量。</translation>
    </message>
    <message>
        <source>The naive engine (vLLM IPC path) holds one bucket-sized buffer per device.</source>
        <translation>naive 引擎（vLLM IPC 路径）在每个设备上占用一个 bucket 大小的缓冲区。</translation>
    </message>
    <message>
        <source>The %1 engine holds two bucket-sized buffers (send and receive) per device.</source>
        <translation>%1 引擎在每个设备上占用两个 bucket 大小的缓冲区（发送和接收）。</translation>
    </message>
    <message>
        <source>%1 MiB of buffers do not fit in %2 MiB of HBM.</source>
        <translation>%1 MiB 的缓冲区放不进 %2 MiB 的 HBM。</translation>
    </message>
    <message>
        <source>The buffers take %1% of the device memory, which the rollout&apos;s KV cache cannot use; consider the exact minimum (%2 MiB) or lowering gpu_memory_utilization.</source>
        <translation>缓冲区占用了 %1% 的设备内存，rollout 的 KV cache 无法使用这部分；可考虑使用精确最小值（%2 MiB）或降低 gpu_memory_utilization。</translation>
    </message>
    <message>
        <source>Unknown data type &quot;%1&quot; in %2: use e.g. float32, bfloat16, float16, float8_e4m3fn or int8.</source>
        <translation>%2 中的数据类型 &quot;%1&quot; 未知：请使用例如 float32、bfloat16、float16、float8_e4m3fn 或 int8。</translation>
    </message>
    <message>
        <source>Unknown safetensors dtype &quot;%1&quot;.</source>
        <translation>未知的 safetensors 数据类型 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>%1 is %2 MiB, too large for a JSON description file.</source>
        <translation>%1 有 %2 MiB，作为 JSON 描述文件过大。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at byte %3).</source>
        <translation>%1 不是有效的 JSON（第 %3 字节：%2）。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is neither a model folder, a .safetensors file nor a config.json.</source>
        <translation>%1 既不是模型文件夹，也不是 .safetensors 文件或 config.json。</translation>
    </message>
    <message>
        <source>model.safetensors.index.json in %1 is damaged: %2.</source>
        <translation>%1 中的 model.safetensors.index.json 已损坏：%2。</translation>
    </message>
    <message>
        <source>&quot;weight_map&quot; is not an object</source>
        <translation>&quot;weight_map&quot; 不是对象</translation>
    </message>
    <message>
        <source>a weight_map entry is not a file name</source>
        <translation>weight_map 中有一项不是文件名</translation>
    </message>
    <message>
        <source>model.safetensors.index.json names &quot;%1&quot;, which is not a file in the folder.</source>
        <translation>model.safetensors.index.json 中写的 &quot;%1&quot; 不是该文件夹中的文件。</translation>
    </message>
    <message>
        <source>it has no &quot;weight_map&quot; object</source>
        <translation>缺少 &quot;weight_map&quot; 对象</translation>
    </message>
    <message>
        <source>%1 is listed in model.safetensors.index.json but missing from %2.</source>
        <translation>%1 在 model.safetensors.index.json 中列出，但 %2 中没有该文件。</translation>
    </message>
    <message>
        <source>Inspection of %1 was cancelled.</source>
        <translation>已取消对 %1 的读取。</translation>
    </message>
    <message>
        <source>model.safetensors.index.json lists %1 tensors but the shards hold %2; the index may be stale.</source>
        <translation>model.safetensors.index.json 列出了 %1 个张量，而分片文件中有 %2 个；索引可能已过时。</translation>
    </message>
    <message>
        <source>%1 holds PyTorch pickles (%2), which are not read here because loading a pickle can run code.</source>
        <translation>%1 中有 PyTorch pickle 文件（%2），这里不会读取它们，因为加载 pickle 可能执行代码。</translation>
    </message>
    <message>
        <source>%1 has no *.safetensors files and no config.json with vocab_size and hidden_size, so there is nothing to size.</source>
        <translation>%1 中既没有 *.safetensors 文件，也没有包含 vocab_size 和 hidden_size 的 config.json，无法计算大小。</translation>
    </message>
    <message>
        <source>No safetensors files: sizes come from config.json.</source>
        <translation>没有 safetensors 文件：大小根据 config.json 计算。</translation>
    </message>
    <message>
        <source>%1: preset &quot;%2&quot;, field &quot;%3&quot;: %4</source>
        <translation>%1：预设 &quot;%2&quot;，字段 &quot;%3&quot;：%4</translation>
    </message>
    <message>
        <source>%1 is not a presets file (schema 1 with a &quot;presets&quot; list).</source>
        <translation>%1 不是预设文件（应为 schema 1 且带有 &quot;presets&quot; 列表）。</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>used twice</source>
        <translation>重复使用</translation>
    </message>
    <message>
        <source>must be faq or model</source>
        <translation>必须是 faq 或 model</translation>
    </message>
    <message>
        <source>needs vocab_size and hidden_size</source>
        <translation>需要 vocab_size 和 hidden_size</translation>
    </message>
    <message>
        <source>must list positive numbers</source>
        <translation>必须列出正整数</translation>
    </message>
    <message>
        <source>needs [vocab, hidden] or a &quot;config&quot;</source>
        <translation>需要 [vocab, hidden] 或 &quot;config&quot;</translation>
    </message>
    <message>
        <source>%1 is not a valid safetensors file: %2</source>
        <translation>%1 不是有效的 safetensors 文件：%2</translation>
    </message>
    <message>
        <source>it is a Git LFS pointer, not the weights; run &quot;git lfs pull&quot; in the model folder</source>
        <translation>它是 Git LFS 指针文件而不是权重；请在模型文件夹中运行 &quot;git lfs pull&quot;</translation>
    </message>
    <message>
        <source>it is a PyTorch pickle, which is not read here (loading a pickle can run code); use the safetensors files or config.json</source>
        <translation>它是 PyTorch pickle 文件，这里不会读取（加载 pickle 可能执行代码）；请使用 safetensors 文件或 config.json</translation>
    </message>
    <message>
        <source>it is a PyTorch zip archive (torch.save), which is not read here; use the safetensors files or config.json</source>
        <translation>它是 PyTorch zip 归档（torch.save），这里不会读取；请使用 safetensors 文件或 config.json</translation>
    </message>
    <message>
        <source>the header does not start with &quot;{&quot;</source>
        <translation>文件头不以 &quot;{&quot; 开始</translation>
    </message>
    <message>
        <source>the JSON header is damaged (%1 at byte %2)</source>
        <translation>JSON 文件头已损坏（第 %2 字节：%1）</translation>
    </message>
    <message>
        <source>__metadata__ is not an object</source>
        <translation>__metadata__ 不是对象</translation>
    </message>
    <message>
        <source>__metadata__ value &quot;%1&quot; is not a string</source>
        <translation>__metadata__ 中 &quot;%1&quot; 的值不是字符串</translation>
    </message>
    <message>
        <source>tensor &quot;%1&quot;: %2</source>
        <translation>张量 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>it appears twice</source>
        <translation>出现了两次</translation>
    </message>
    <message>
        <source>its entry is not an object</source>
        <translation>其条目不是对象</translation>
    </message>
    <message>
        <source>unknown dtype &quot;%1&quot;</source>
        <translation>未知的数据类型 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;shape&quot; is not a list</source>
        <translation>&quot;shape&quot; 不是列表</translation>
    </message>
    <message>
        <source>&quot;shape&quot; holds something other than non-negative whole numbers</source>
        <translation>&quot;shape&quot; 中含有非负整数以外的值</translation>
    </message>
    <message>
        <source>&quot;data_offsets&quot; is not a pair of byte offsets</source>
        <translation>&quot;data_offsets&quot; 不是一对字节偏移</translation>
    </message>
    <message>
        <source>its data ends before it begins</source>
        <translation>其数据的结束位置在开始位置之前</translation>
    </message>
    <message>
        <source>%1 %2 needs %3 bytes but its data_offsets span %4</source>
        <translation>%1 %2 需要 %3 字节，但其 data_offsets 跨度为 %4</translation>
    </message>
    <message>
        <source>tensor &quot;%1&quot; starts at byte %2 of the data, expected %3 (a hole or an overlap)</source>
        <translation>张量 &quot;%1&quot; 从数据的第 %2 字节开始，应为 %3（存在空洞或重叠）</translation>
    </message>
    <message>
        <source>%1 is truncated: its header describes %2 bytes of tensor data but the file holds only %3.</source>
        <translation>%1 不完整：文件头描述了 %2 字节的张量数据，但文件中只有 %3 字节。</translation>
    </message>
    <message>
        <source>%1 bytes after the last tensor are not described by the header</source>
        <translation>最后一个张量之后还有 %1 字节未在文件头中描述</translation>
    </message>
    <message>
        <source>%1 is truncated: it has %2 bytes, fewer than the 8-byte header length of a safetensors file.</source>
        <translation>%1 不完整：只有 %2 字节，不足 safetensors 文件 8 字节的头长度字段。</translation>
    </message>
    <message>
        <source>the header length %1 is above the 100 MB limit</source>
        <translation>文件头长度 %1 超过了 100 MB 的上限</translation>
    </message>
    <message>
        <source>%1 is truncated: its header is %2 bytes long but the file has only %3 bytes.</source>
        <translation>%1 不完整：文件头长 %2 字节，但文件只有 %3 字节。</translation>
    </message>
    <message>
        <source>Cannot read the header of %1: %2</source>
        <translation>无法读取 %1 的文件头：%2</translation>
    </message>
    <message>
        <source>Unknown preset &quot;%1&quot;: choose one of %2.</source>
        <translation>未知预设 &quot;%1&quot;：请从 %2 中选择。</translation>
    </message>
    <message>
        <source>Preset %1: %2</source>
        <translation>预设 %1：%2</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message numerus="yes">
        <source>The message appears %n time(s) (one per rank or retry); %1 is the largest tensor among them.</source>
        <translation>
            <numerusform>该报错出现了 %n 次（每个 rank 或每次重试一次）；其中最大的张量是 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %n file(s), %1 bytes in all: headers only.</source>
        <translation>
            <numerusform>读取了 %n 个文件，共 %1 字节：只读取了文件头。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is empty: enter a shape such as 151936,4096.</source>
        <translation>%1 为空：请输入形状，例如 151936,4096。</translation>
    </message>
    <message>
        <source>&quot;torch.Size(&quot; is not closed with &quot;)&quot;.</source>
        <translation>&quot;torch.Size(&quot; 缺少结尾的 &quot;)&quot;。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; at character %2 is not closed with &quot;%3&quot;.</source>
        <translation>第 %2 个字符处的 &quot;%1&quot; 缺少对应的 &quot;%3&quot;。</translation>
    </message>
    <message>
        <source>No dimensions found.</source>
        <translation>未找到任何维度。</translation>
    </message>
    <message>
        <source>The dimension at character %1 is too large.</source>
        <translation>第 %1 个字符处的维度过大。</translation>
    </message>
    <message>
        <source>Expected a whole number at character %1, found &quot;%2&quot;.</source>
        <translation>第 %1 个字符处应为整数，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>Expected &quot;,&quot; or &quot;x&quot; between dimensions at character %1, found &quot;%2&quot;.</source>
        <translation>第 %1 个字符处的维度之间应为 &quot;,&quot; 或 &quot;x&quot;，实际为 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>A dimension is missing after character %1.</source>
        <translation>第 %1 个字符之后缺少一个维度。</translation>
    </message>
    <message>
        <source>The shape %1 has more elements than fit in 64 bits; check the numbers.</source>
        <translation>形状 %1 的元素个数超出 64 位整数范围；请检查数值。</translation>
    </message>
    <message>
        <source>The size of a %1 tensor of shape %2 does not fit in 64 bits; check the numbers.</source>
        <translation>形状为 %2 的 %1 张量的大小超出 64 位整数范围；请检查数值。</translation>
    </message>
    <message>
        <source>%1 elements of %2 (%3 bits each) do not fill whole bytes.</source>
        <translation>%1 个 %2 元素（每个 %3 位）凑不成整字节。</translation>
    </message>
    <message>
        <source>Sized in %1, the data type you chose.</source>
        <translation>按你选择的数据类型 %1 计算大小。</translation>
    </message>
    <message>
        <source>Sized in %1, the data type in the message.</source>
        <translation>按报错信息中的数据类型 %1 计算大小。</translation>
    </message>
    <message>
        <source>verl %1 with Megatron sends the parameters&apos; own dtype: bf16 (actor.megatron.dtype; float16 is the same size).</source>
        <translation>verl %1 使用 Megatron 时按参数自身的数据类型发送：bf16（actor.megatron.dtype；float16 大小相同）。</translation>
    </message>
    <message>
        <source>verl %1&apos;s FSDP engine worker casts every sharded (DTensor) weight to bf16 before sending it. (FSDP1 on a single device does not shard: there the weights stay float32.)</source>
        <translation>verl %1 的 FSDP 新引擎 worker 在发送前把每个分片（DTensor）权重转换为 bf16。（单设备上的 FSDP1 不分片，权重仍为 float32。）</translation>
    </message>
    <message>
        <source>verl %1&apos;s FSDP engine worker sends each weight in the dtype FSDP keeps it in: float32, without casting it to the rollout&apos;s dtype.</source>
        <translation>verl %1 的 FSDP 新引擎 worker 按 FSDP 保存的数据类型发送每个权重：float32，不转换为 rollout 的数据类型。</translation>
    </message>
    <message>
        <source>verl %1&apos;s legacy FSDP worker sends each weight in the dtype FSDP keeps it in: float32, without casting it to the rollout&apos;s dtype.</source>
        <translation>verl %1 的旧版 FSDP worker 按 FSDP 保存的数据类型发送每个权重：float32，不转换为 rollout 的数据类型。</translation>
    </message>
    <message>
        <source>Unknown backend &quot;%1&quot; in %2: expected fsdp, fsdp2 or megatron.</source>
        <translation>%2 中的后端 &quot;%1&quot; 未知：应为 fsdp、fsdp2 或 megatron。</translation>
    </message>
    <message>
        <source>Unknown worker &quot;%1&quot; in %2: expected legacy or engine.</source>
        <translation>%2 中的 worker &quot;%1&quot; 未知：应为 legacy 或 engine。</translation>
    </message>
    <message>
        <source>verl %1 runs the actor on the legacy worker whatever trainer.use_legacy_worker_impl says (%2); sized for that.</source>
        <translation>无论 trainer.use_legacy_worker_impl 如何设置，verl %1 都在旧版 worker 上运行 actor（%2）；按此计算。</translation>
    </message>
    <message>
        <source>verl %1 has only the new engine worker (%2); sized for that.</source>
        <translation>verl %1 只有新引擎 worker（%2）；按此计算。</translation>
    </message>
    <message>
        <source>The message says &quot;Please increase …&quot;: only verl&apos;s vLLM IPC path (checkpoint_engine.backend naive) words it so; sized for that path.</source>
        <translation>报错中有 &quot;Please increase …&quot;：只有 verl 的 vLLM IPC 路径（checkpoint_engine.backend naive）这样措辞；按该路径计算。</translation>
    </message>
    <message>
        <source>The message has no &quot;Please increase …&quot; sentence, so a checkpoint engine raised it, not the vLLM IPC path: on NPUs that is the HCCL engine (checkpoint_engine.backend nccl or hccl); sized for its two buffers.</source>
        <translation>报错中没有 &quot;Please increase …&quot; 这句，因此它来自 检查点引擎，而不是 vLLM IPC 路径：在 NPU 上即 HCCL 引擎（checkpoint_engine.backend 为 nccl 或 hccl）；按其两个缓冲区计算。</translation>
    </message>
    <message>
        <source>From verl %1 the vLLM IPC path raises this only in its shared-memory fallback (%2): your NPUs run without IPC (Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1; the log says &quot;IPC is not supported on your devices&quot;). The bucket is then host memory in /dev/shm.</source>
        <translation>自 verl %1 起，vLLM IPC 路径只在共享内存回退模式下报此错（%2）：你的 NPU 不支持 IPC（Ascend HDK 低于 25.3.rc1 或 CANN 低于 8.3.RC1；日志中有 &quot;IPC is not supported on your devices&quot;）。此时 bucket 位于主机的 /dev/shm 中。</translation>
    </message>
    <message>
        <source>Between verl %1 and %2 the dtype the actor sends changed (%3 → %4); sized in the larger.</source>
        <translation>在 verl %1 与 %2 之间，actor 发送的数据类型发生了变化（%3 → %4）；按较大者计算。</translation>
    </message>
    <message>
        <source>verl %1 sends packed MoE expert tensors one expert at a time (%2): sized per expert.</source>
        <translation>verl %1 将打包的 MoE 专家张量逐个专家发送（%2）：按单个专家计算。</translation>
    </message>
    <message>
        <source>%1 MiB per sending rank, in /dev/shm</source>
        <translation>每个发送 rank %1 MiB，位于 /dev/shm</translation>
    </message>
    <message>
        <source>of %1 MiB</source>
        <translation>（共 %1 MiB）</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>No bucket can hold %1: it needs %2 MiB, more than the %3 MiB %4. verl gathers every weight whole before sending it, so no setting helps: check the shape (a digit too many, or the dimensions of several tensors multiplied together?).</source>
        <translation>没有 bucket 能容纳 %1：它需要 %2 MiB，超过了%4 %3 MiB。verl 在发送前会把每个权重完整聚合，任何设置都无济于事：请检查形状（是否多写了一位数字，或把几个张量的维度乘在了一起？）。</translation>
    </message>
    <message>
        <source>of HBM you entered</source>
        <translation>你填写的 HBM</translation>
    </message>
    <message>
        <source>of HBM on the largest NPU</source>
        <translation>最大 NPU 的 HBM</translation>
    </message>
    <message>
        <source>The message contradicts itself: %1 (%2 MiB) fits the %3 MB bucket it names, and verl raises this only for a weight larger than the bucket. Check that the message is whole and unedited.</source>
        <translation>报错自相矛盾：%1（%2 MiB）能放进其中提到的 %3 MB bucket，而 verl 只在权重大于 bucket 时才报此错。请确认报错完整且未被修改。</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync failed with &quot;Weight … is too large to fit in the bucket&quot;. Set the override below.</source>
        <translation>%1（%2 MiB）大于 %3 MiB 的 bucket：权重同步已报 &quot;Weight … is too large to fit in the bucket&quot;。请使用下方的覆盖参数。</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) fits verl&apos;s default bucket of %3 MiB: keep it; no override is needed.</source>
        <translation>%1（%2 MiB）能放进 verl 默认的 %3 MiB bucket：保持不变，无需覆盖参数。</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) fits the %3 MiB bucket: keep it; no override is needed.</source>
        <translation>%1（%2 MiB）能放进 %3 MiB 的 bucket：保持不变，无需覆盖参数。</translation>
    </message>
    <message>
        <source>verl %1 has no bucket assertion (it first appeared in 0.7.1): the message proves your verl is 0.7.1 or newer; choose that version.</source>
        <translation>verl %1 没有 bucket 断言（它首次出现在 0.7.1）：这条报错说明你的 verl 是 0.7.1 或更新版本；请选择该版本。</translation>
    </message>
    <message>
        <source>verl %1 has no bucket assertion (it first appeared in 0.7.1); there the bucket only groups SGLang weight updates.</source>
        <translation>verl %1 没有 bucket 断言（它首次出现在 0.7.1）；该版本中 bucket 只用于打包 SGLang 的权重更新。</translation>
    </message>
    <message>
        <source>%1 is a development version: any commit after verl %2. Whether the assertion can fire depends on the commit; these numbers hold for both.</source>
        <translation>%1 是开发版本：verl %2 之后的任意提交。断言能否触发取决于具体提交；这里的数值对两者都成立。</translation>
    </message>
    <message>
        <source>(At the v%1 tag itself verl/version/version reads %2.)</source>
        <translation>（在 v%1 标签本身，verl/version/version 也写着 %2。）</translation>
    </message>
    <message>
        <source>From verl 0.8.0 the vLLM IPC path sends weights larger than the bucket directly (%1). On NPUs with Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1 verl falls back to shared memory (&quot;IPC is not supported on your devices. Falling back to shared memory&quot; in the log), and there the assertion still fires.</source>
        <translation>自 verl 0.8.0 起，vLLM IPC 路径会直接发送大于 bucket 的权重（%1）。在 Ascend HDK 低于 25.3.rc1 或 CANN 低于 8.3.RC1 的 NPU 上，verl 会回退到共享内存（日志中有 &quot;IPC is not supported on your devices. Falling back to shared memory&quot;），此时断言仍会触发。</translation>
    </message>
    <message>
        <source>The %1 checkpoint engine of verl %2 splits larger weights into bucket-sized chunks (%3).</source>
        <translation>verl %2 的 %1 检查点引擎会把更大的权重拆成 bucket 大小的块发送（%3）。</translation>
    </message>
    <message>
        <source>The %1 checkpoint engine of verl %2 asserts on weights larger than the bucket (%3).</source>
        <translation>verl %2 的 %1 检查点引擎在权重大于 bucket 时会触发断言（%3）。</translation>
    </message>
    <message>
        <source>The %1 engine of verl %2 does not raise this message: it came from an older verl (choose that version) or another checkpoint engine (mooncake asserts in every release).</source>
        <translation>verl %2 的 %1 引擎不会报这条错：它来自更旧的 verl（请选择该版本）或其他 检查点引擎（mooncake 在所有版本中都会断言）。</translation>
    </message>
    <message>
        <source>verl %1 with the %2 engine sends this tensor on its own instead of failing; the override below only saves that extra transfer.</source>
        <translation>使用 %2 引擎的 verl %1 会单独发送这个张量而不会失败；下方的覆盖参数只是省去这次额外的传输。</translation>
    </message>
    <message>
        <source>Without IPC every sending rank creates one bucket-sized shared-memory segment (%1): /dev/shm must hold one per rank of the node. Containers often give /dev/shm only 64 MiB; raise it with docker run --shm-size.</source>
        <translation>没有 IPC 时，每个发送 rank 都会创建一个 bucket 大小的共享内存段（%1）：/dev/shm 必须能为节点上的每个 rank 各容纳一个。容器的 /dev/shm 往往只有 64 MiB；请用 docker run --shm-size 调大。</translation>
    </message>
    <message>
        <source>/dev/shm (%1 MiB) holds %2 bucket(s) of %3 MiB; a node of 8 NPUs needs 8.</source>
        <translation>/dev/shm（%1 MiB）只能容纳 %2 个 %3 MiB 的 bucket；8 卡节点需要 8 个。</translation>
    </message>
</context>
<context>
    <name>BucketCommand</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Largest tensors:</source>
        <translation>最大的张量：</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Exact minimum (no margin):</source>
        <translation>精确最小值（不含余量）：</translation>
    </message>
    <message>
        <source>Recommended override:</source>
        <translation>推荐的覆盖参数：</translation>
    </message>
    <message>
        <source>Fix &quot;Weight … is too large to fit in the bucket&quot;: size the weight-transfer bucket.</source>
        <translation>解决 &quot;Weight … is too large to fit in the bucket&quot;：计算权重传输 bucket 大小。</translation>
    </message>
    <message>
        <source>A named model or FAQ row (see --list-presets).</source>
        <translation>模型名称或 FAQ 表格中的一行（见 --list-presets）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape of the largest tensor, e.g. 151936,4096 or &quot;torch.Size([151936, 4096])&quot;.</source>
        <translation>最大张量的形状，例如 151936,4096 或 &quot;torch.Size([151936, 4096])&quot;。</translation>
    </message>
    <message>
        <source>dims</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>The assertion message (or any text containing it).</source>
        <translation>断言报错信息（或任何包含它的文本）。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>A log file containing the assertion; - reads standard input.</source>
        <translation>包含该断言的日志文件；- 表示读取标准输入。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>A local model folder, .safetensors file or config.json; only headers are read.</source>
        <translation>本地模型文件夹、.safetensors 文件或 config.json；只读取文件头。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Data type the weights travel in; overrides what the backend sends (float32, bf16, …).</source>
        <translation>权重传输时的数据类型；会覆盖后端默认发送的类型（float32、bf16 等）。</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Safety factor before rounding up to a power of two, 1.0 to 2.0.</source>
        <translation>向上取整到 2 的幂次之前乘以的余量系数，1.0 到 2.0。</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>系数</translation>
    </message>
    <message>
        <source>Your verl version; decides the config key and the notes.</source>
        <translation>你的 verl 版本；决定配置键和说明。</translation>
    </message>
    <message>
        <source>checkpoint_engine.backend: naive (vLLM IPC), hccl or nccl.</source>
        <translation>checkpoint_engine.backend：naive（vLLM IPC）、hccl 或 nccl。</translation>
    </message>
    <message>
        <source>The NPUs lack IPC (HDK &lt; 25.3.rc1 or CANN &lt; 8.3.RC1): verl uses shared memory.</source>
        <translation>NPU 不支持 IPC（HDK &lt; 25.3.rc1 或 CANN &lt; 8.3.RC1）：verl 会使用共享内存。</translation>
    </message>
    <message>
        <source>The bucket you run with now, in MiB (default: from the message, else verl&apos;s default).</source>
        <translation>当前运行使用的 bucket 大小，单位 MiB（默认：取自报错信息，否则为 verl 默认值）。</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Device memory per NPU in MiB (npu-smi HBM total), to check the buffers fit.</source>
        <translation>每个 NPU 的设备内存，单位 MiB（npu-smi 中的 HBM 总量），用于检查缓冲区是否放得下。</translation>
    </message>
    <message>
        <source>How many of the largest tensors to list.</source>
        <translation>列出最大张量的个数。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Print one JSON object instead of text.</source>
        <translation>输出一个 JSON 对象而不是文本。</translation>
    </message>
    <message>
        <source>List the presets and where their numbers come from.</source>
        <translation>列出所有预设及其数值来源。</translation>
    </message>
    <message>
        <source>Give one of --preset, --shape, --error, --error-file or --model.</source>
        <translation>请给出 --preset、--shape、--error、--error-file 或 --model 之一。</translation>
    </message>
    <message>
        <source>Give only one input; got %1.</source>
        <translation>只能给出一种输入；实际给出了 %1。</translation>
    </message>
    <message>
        <source>Invalid --top &quot;%1&quot;: expected a number from 1 to 1000.</source>
        <translation>--top &quot;%1&quot; 无效：应为 1 到 1000 之间的数。</translation>
    </message>
    <message>
        <source>No override: no bucket can hold this tensor.</source>
        <translation>没有覆盖参数：没有 bucket 能容纳这个张量。</translation>
    </message>
    <message>
        <source>No override: the message contradicts itself (see the notes).</source>
        <translation>没有覆盖参数：报错自相矛盾（见说明）。</translation>
    </message>
    <message>
        <source>No override needed: keep %1=%2.</source>
        <translation>无需覆盖参数：保持 %1=%2。</translation>
    </message>
    <message>
        <source>Sizes actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes from a preset, a shape, the assertion message or a local model folder (read header-only), shows the arithmetic, and prints the Hydra override that fixes the assertion on the last line. What travels, and whether the assertion can fire, follow verl&apos;s source for the version, backend, worker and checkpoint engine.
Exit code 0 when nothing needs to change, 1 when the assertion fires (or no bucket can hold the tensor, or a pasted message contradicts itself).</source>
        <translation>根据预设、形状、断言报错或本地模型目录（只读文件头）计算 actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes，展示计算过程，并在最后一行打印修复该断言的 Hydra 覆盖参数。传输的数据类型以及断言能否触发，均依据 verl 对应版本、后端、worker 和 检查点引擎的源码。
无需修改时退出码为 0；断言会触发（或没有 bucket 能容纳该张量，或粘贴的报错自相矛盾）时为 1。</translation>
    </message>
    <message>
        <source>actor_rollout_ref.actor.strategy: fsdp (FSDP1), fsdp2 or megatron (default: verl&apos;s default for the version, fsdp).</source>
        <translation>actor_rollout_ref.actor.strategy：fsdp（FSDP1）、fsdp2 或 megatron（默认：该版本 verl 的默认值 fsdp）。</translation>
    </message>
    <message>
        <source>The worker that runs the actor: legacy, or engine (verl 0.7 with trainer.use_legacy_worker_impl=disable; the only one from 0.8). Default: verl&apos;s for the version.</source>
        <translation>运行 actor 的 worker：legacy，或 engine（verl 0.7 中需 trainer.use_legacy_worker_impl=disable；0.8 起只有它）。默认：该版本 verl 的默认值。</translation>
    </message>
    <message>
        <source>Size of /dev/shm on the node in MiB (df -m /dev/shm), to check the buckets fit with --no-ipc.</source>
        <translation>节点上 /dev/shm 的大小（MiB，df -m /dev/shm），用于在 --no-ipc 时检查 bucket 是否放得下。</translation>
    </message>
</context>
<context>
    <name>CkptDiscovery</name>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 holds more than a million files; point to default_local_dir or one global_step_N folder.</source>
        <translation>%1 中有超过一百万个文件；请指向 default_local_dir 或某个 global_step_N 文件夹。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a step: use a number, latest or all.</source>
        <translation>“%1”不是有效的 step：请使用数字、latest 或 all。</translation>
    </message>
    <message>
        <source>No global_step_N folder was found in %1.</source>
        <translation>在 %1 中没有找到 global_step_N 文件夹。</translation>
    </message>
    <message>
        <source>There is no global_step_%1 in %2.</source>
        <translation>%2 中没有 global_step_%1。</translation>
    </message>
    <message>
        <source>loaded by every rank: dist-checkpoint metadata (rank 0 writes it)</source>
        <translation>每个 rank 都会加载：分布式检查点元数据（由 rank 0 写入）</translation>
    </message>
    <message>
        <source>loaded by every rank: the model&apos;s weights in Hugging Face format (rank 0 writes them; verl ≥ 0.7 default with mbridge)</source>
        <translation>每个 rank 都会加载：Hugging Face 格式的模型权重（由 rank 0 写入；verl ≥ 0.7 使用 mbridge 时的默认行为）</translation>
    </message>
    <message>
        <source>read with the Hugging Face weights: config, index or tokenizer (rank 0 writes it)</source>
        <translation>随 Hugging Face 权重一起读取：配置、索引或分词器（由 rank 0 写入）</translation>
    </message>
    <message>
        <source>read by the trainer process when it resumes, on whichever node it starts</source>
        <translation>训练器进程恢复时读取，它可能在任一节点上启动</translation>
    </message>
    <message>
        <source>written by rank 0 only; copied so every node holds the whole step</source>
        <translation>仅由 rank 0 写入；复制过去以便每个节点都有完整的该步</translation>
    </message>
    <message>
        <source>each rank writes and reads its own: stays on its node</source>
        <translation>每个 rank 写入并读取自己的文件：留在其所在节点</translation>
    </message>
    <message>
        <source>%1 is a %2, not a file: not copied.</source>
        <translation>%1 是 %2，不是普通文件：未复制。</translation>
    </message>
    <message>
        <source>%1 is a link to a %2: not copied.</source>
        <translation>%1 是指向 %2 的链接：未复制。</translation>
    </message>
    <message>
        <source>The selected steps hold no file that other nodes need (only per-rank files, or nothing at all).</source>
        <translation>所选步中没有其他节点需要的文件（只有每个 rank 各自的文件，或者什么都没有）。</translation>
    </message>
    <message>
        <source>a %1, not a file</source>
        <translation>一个%1，不是普通文件</translation>
    </message>
    <message>
        <source>a link to a %1</source>
        <translation>指向%1的链接</translation>
    </message>
</context>
<context>
    <name>CkptSync</name>
    <message>
        <source>Canceled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Give the checkpoint folder on %1 as an absolute path: the other nodes must use the same path.</source>
        <translation>请以绝对路径给出 %1 上的检查点文件夹：其他节点必须使用相同的路径。</translation>
    </message>
    <message>
        <source>%1 does not exist on %2.</source>
        <translation>%2 上不存在 %1。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot read %1 on %2: %3</source>
        <translation>无法读取 %2 上的 %1：%3</translation>
    </message>
    <message>
        <source>preflight done</source>
        <translation>预检完成</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>skip: identical</source>
        <translation>跳过：内容相同</translation>
    </message>
    <message>
        <source>replace: differs (old kept as .bak)</source>
        <translation>替换：内容不同（旧文件保留为 .bak）</translation>
    </message>
    <message>
        <source>skip: shared storage, no copy needed</source>
        <translation>跳过：共享存储，无需复制</translation>
    </message>
    <message>
        <source>skip: node unreachable</source>
        <translation>跳过：节点无法连接</translation>
    </message>
    <message>
        <source>%1 is not writable</source>
        <translation>%1 不可写</translation>
    </message>
    <message>
        <source>%1 is missing and cannot be created</source>
        <translation>%1 不存在且无法创建</translation>
    </message>
    <message>
        <source>cannot create the folder: %1</source>
        <translation>无法创建文件夹：%1</translation>
    </message>
    <message>
        <source>cannot write the temporary file: %1</source>
        <translation>无法写入临时文件：%1</translation>
    </message>
    <message>
        <source>the copy arrived damaged: %1</source>
        <translation>传输后的文件已损坏：%1</translation>
    </message>
    <message>
        <source>unreachable at preflight</source>
        <translation>预检时无法连接</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>retrying after a transient failure</source>
        <translation>遇到暂时性故障，正在重试</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a script kind; use bash, clush, pdcp or hook.</source>
        <translation>“%1”不是脚本类型；请使用 bash、clush、pdcp 或 hook。</translation>
    </message>
    <message>
        <source># Run on %1, the source node.</source>
        <translation># 在源节点 %1 上运行。</translation>
    </message>
    <message>
        <source>Cannot write the audit log %1: %2</source>
        <translation>无法写入审计日志 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>copying %n file(s)</source>
        <translation>
            <numerusform>正在复制 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>no answer within the time limit</source>
        <translation>在时限内没有响应</translation>
    </message>
    <message>
        <source>the remote command ended with exit code %1 and printed nothing</source>
        <translation>远程命令以退出码 %1 结束，且没有任何输出</translation>
    </message>
    <message>
        <source>%1 is no longer a regular file.</source>
        <translation>%1 已不再是普通文件。</translation>
    </message>
    <message>
        <source>%1 on %2 is no longer a regular file.</source>
        <translation>%2 上的 %1 已不再是普通文件。</translation>
    </message>
    <message>
        <source>%1 changed while it was read (%2 bytes listed, %3 read): the save is still running; try again when it is done.</source>
        <translation>%1 在读取期间发生了变化（列出时 %2 字节，读到 %3 字节）：保存仍在进行；完成后再试。</translation>
    </message>
    <message>
        <source>%1 is a link at the source: its target was read and is copied as a file.</source>
        <translation>%1 在源端是链接：已读取其目标，并作为普通文件复制。</translation>
    </message>
    <message>
        <source>a file name holds a line break; rename it at the source</source>
        <translation>某个文件名包含换行符；请在源端重命名</translation>
    </message>
    <message>
        <source>another run</source>
        <translation>另一次运行</translation>
    </message>
    <message>
        <source>the shard names on every node</source>
        <translation>各节点上的分片文件名</translation>
    </message>
    <message>
        <source>the FSDP shard names</source>
        <translation>FSDP 分片文件名</translation>
    </message>
    <message>
        <source>%1 is a %2 on %3; remove it, then sync again</source>
        <translation>%1 在 %3 上是 %2；请删除后再同步</translation>
    </message>
    <message>
        <source>a link on the node: replaced by the file, the link kept as the backup</source>
        <translation>节点上此处是链接：将被文件替换，链接本身保留为备份</translation>
    </message>
    <message>
        <source>%1 MiB free on %2, %3 MiB needed</source>
        <translation>%2 上可用 %1 MiB，需要 %3 MiB</translation>
    </message>
    <message>
        <source>another sync is running there (%1)</source>
        <translation>那里正在运行另一次同步（%1）</translation>
    </message>
    <message>
        <source>an earlier sync was cut short while switching files; this run completes it first</source>
        <translation>之前的一次同步在切换文件时中断；本次运行会先将其完成</translation>
    </message>
    <message numerus="yes">
        <source>%n temporary file(s) of an earlier sync that died; removed by the next sync</source>
        <translation>
            <numerusform>之前已终止的同步留下了 %n 个临时文件；下次同步时会删除</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) only this node has (kept, not deleted): %1</source>
        <translation>
            <numerusform>%n 个只有此节点才有的文件（保留，不删除）：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot switch the files into place: %1</source>
        <translation>无法把文件切换到位：%1</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>an earlier sync left a journal that cannot be completed: %1</source>
        <translation>之前的同步留下了无法完成的日志：%1</translation>
    </message>
    <message>
        <source>the node ended the transfer without confirming it</source>
        <translation>节点结束了传输，但没有确认完成</translation>
    </message>
    <message>
        <source># Copy what every node needs of %1 to the nodes (no lock, no journal, no backup: the sync command does those).</source>
        <translation># 把 %1 中每个节点需要的文件复制到各节点（无锁、无日志、无备份：这些由 sync 命令负责）。</translation>
    </message>
    <message>
        <source># Run after each checkpoint save (e.g. at the end of your launch script&apos;s save step): gives the other nodes what they need of the newest step.</source>
        <translation># 每次保存检查点后运行（例如放在启动脚本保存步骤的末尾）：把最新一步中其他节点需要的文件交给它们。</translation>
    </message>
    <message numerus="yes">
        <source>%n backup(s) of files earlier syncs replaced (NAME.bak-…); delete them when the resume works</source>
        <translation>
            <numerusform>之前的同步替换文件时留下了 %n 个备份（NAME.bak-…）；确认恢复正常后可删除</numerusform>
        </translation>
    </message>
    <message>
        <source>no checksum came back</source>
        <translation>没有返回校验和</translation>
    </message>
    <message>
        <source>Cannot read the files on %1: %2</source>
        <translation>无法读取 %1 上的文件：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) partly sent by an earlier sync: resumed where they stopped</source>
        <translation>
            <numerusform>之前的同步只发送了 %n 个文件的一部分：从中断处继续</numerusform>
        </translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a rate: use bytes per second, e.g. 100M or 1.5G.</source>
        <translation>“%1”不是速率：请用每秒字节数，例如 100M 或 1.5G。</translation>
    </message>
    <message>
        <source>%1; %2 MiB already on the node from a transfer cut short: checked against the source, then only the rest is sent</source>
        <translation>%1；节点上已有中断传输留下的 %2 MiB：先与源端核对，再只发送其余部分</translation>
    </message>
    <message>
        <source>ssh failed</source>
        <translation>ssh 失败</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a topology: use auto, chain or star.</source>
        <translation>“%1”不是有效的传输拓扑：请使用 auto、chain 或 star。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 receives from this machine: it cannot reach %2 over ssh</source>
        <translation>%1 从本机接收：它无法通过 ssh 连接 %2</translation>
    </message>
    <message>
        <source>%1 cannot reach %2 over ssh; it receives from %3</source>
        <translation>%1 无法通过 ssh 连接 %2；改为从 %3 接收</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>%1 through this machine</source>
        <translation>%1（经本机中转）</translation>
    </message>
    <message>
        <source>(then %1)</source>
        <translation>（其次 %1）</translation>
    </message>
    <message>
        <source>nothing to send</source>
        <translation>无需发送</translation>
    </message>
    <message>
        <source>chain: %1</source>
        <translation>链式：%1</translation>
    </message>
    <message>
        <source>star: %1</source>
        <translation>星形：%1</translation>
    </message>
    <message>
        <source>the nodes it receives from failed: %1</source>
        <translation>为它转发数据的节点均已失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>receiving %n file(s) from %1</source>
        <translation>
            <numerusform>正在从 %1 接收 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>its upstream nodes failed (%1); this machine sends the rest</source>
        <translation>它的上游节点已失败（%1）；其余部分由本机发送</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 of %2, no bytes yet</source>
        <translation>%1 / %2，尚未收到数据</translation>
    </message>
    <message>
        <source>%1 of %2, %3/s, done</source>
        <translation>%1 / %2，%3/s，已完成</translation>
    </message>
    <message>
        <source>%1 of %2, %3/s, time left not known yet</source>
        <translation>%1 / %2，%3/s，剩余时间尚无法估计</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 of %2, %3/s, about %4 left</source>
        <translation>%1 / %2，%3/s，约剩 %4</translation>
    </message>
    <message>
        <source>blocked: it cannot be copied</source>
        <translation>受阻：无法复制</translation>
    </message>
    <message>
        <source>%1 cannot be read at the source: it is %2. It is %3, so a node without it cannot resume. Put the real file there, then sync again; the other files wait on the node under temporary names.</source>
        <translation>源端的 %1 无法读取：它是%2。该文件%3，缺少它的节点无法恢复训练。请在源端放回真正的文件，然后重新同步；其余文件会以临时文件名留在节点上等待。</translation>
    </message>
    <message>
        <source>python3 is not installed there: the sync needs it (the Python that verl runs on) to receive files</source>
        <translation>该节点未安装 python3：同步需要它（即 verl 运行所用的 Python）来接收文件</translation>
    </message>
    <message>
        <source>Cannot read %1 on %2: permission denied for the user the sync logs in as.</source>
        <translation>无法读取 %2 上的 %1：同步登录所用的用户没有读取权限。</translation>
    </message>
    <message>
        <source>no data from %1 for %2 s, and no answer to ssh keep-alives: its link or the host is down. What arrived waits there for the next run.</source>
        <translation>%1 已有 %2 秒没有数据，也不响应 ssh 保活探测：它的网络链路或主机已断开。已收到的部分留在那里，供下次运行续传。</translation>
    </message>
</context>
<context>
    <name>CodeCatalogue</name>
    <message>
        <source>ascend-codes.json is missing from the program&apos;s resources</source>
        <translation>程序资源中缺少 ascend-codes.json</translation>
    </message>
    <message>
        <source>%1: not valid JSON at byte %2: %3</source>
        <translation>%1：第 %2 字节处不是有效的 JSON：%3</translation>
    </message>
    <message>
        <source>%1: expected schema 1 with a &quot;codes&quot; array.</source>
        <translation>%1：应为 schema 1 并包含 &quot;codes&quot; 数组。</translation>
    </message>
    <message>
        <source>%1: code %2 has no code, an unknown class or a duplicate.</source>
        <translation>%1：第 %2 个错误码缺少 code、类别未知或重复。</translation>
    </message>
    <message>
        <source>ACL / runtime return code</source>
        <translation>ACL / runtime 返回码</translation>
    </message>
    <message>
        <source>CANN error code</source>
        <translation>CANN 错误码</translation>
    </message>
    <message>
        <source>HCCL return value</source>
        <translation>HCCL 返回值</translation>
    </message>
    <message>
        <source>torch_npu error code</source>
        <translation>torch_npu 错误码</translation>
    </message>
    <message>
        <source>Also printed as: %1</source>
        <translation>也会显示为：%1</translation>
    </message>
    <message>
        <source>Meaning: %1</source>
        <translation>含义：%1</translation>
    </message>
    <message>
        <source>Class: %1. %2</source>
        <translation>类别：%1。%2</translation>
    </message>
    <message>
        <source>It only wraps another fault: the code or message printed with it names the cause.</source>
        <translation>它只是包装了另一个故障：与它一同打印的错误码或信息才说明原因。</translation>
    </message>
    <message>
        <source>Explained by: %1 (%2)</source>
        <translation>解释条目：%1（%2）</translation>
    </message>
    <message>
        <source>the generic finding for a known code</source>
        <translation>已知错误码的通用结果</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>aclnn operator API status</source>
        <translation>aclnn 算子接口状态码</translation>
    </message>
</context>
<context>
    <name>Collect</name>
    <message numerus="yes">
        <source>Evidence from %n node(s)</source>
        <translation>
            <numerusform>来自 %n 个节点的证据</numerusform>
        </translation>
    </message>
    <message>
        <source>Collected %1 by verl-npu-assistant %2.</source>
        <translation>由 verl-npu-assistant %2 于 %1 收集。</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Where it began</source>
        <translation>故障起点</translation>
    </message>
    <message>
        <source>Where the run stopped</source>
        <translation>运行停在何处</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Python stack of %1 pid %2</source>
        <translation>%1 上 pid %2 的 Python 调用栈</translation>
    </message>
    <message>
        <source>The lines they cite</source>
        <translation>发现所引用的日志行</translation>
    </message>
    <message>
        <source>Versions and devices per node</source>
        <translation>各节点的版本与设备</translation>
    </message>
    <message>
        <source>The environment probe found no versions.</source>
        <translation>环境探测未读到任何版本。</translation>
    </message>
    <message>
        <source>Versions not collected.</source>
        <translation>未收集版本。</translation>
    </message>
    <message>
        <source>Canceled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>No answer within %1 s.</source>
        <translation>%1 秒内没有响应。</translation>
    </message>
    <message>
        <source>The node returned nothing we could read (exit code %1): %2</source>
        <translation>节点没有返回可读取的内容（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>stopped after %1 s, before it finished: files after the last one listed as read were not read</source>
        <translation>%1 秒后被停止，尚未完成：列为已读的最后一个文件之后的文件均未读取</translation>
    </message>
    <message>
        <source>the answer ended before it finished (exit code %1): %2</source>
        <translation>回应在完成前中断（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>installed on %1</source>
        <translation>安装于 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long ago.</source>
        <translation>“%1”太久以前了。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time: write 2026-12-07 10:42, 2026-12-07T10:42:07, or how long ago (90s, 30m, 2h, 1d).</source>
        <translation>“%1”不是时间：请写成 2026-12-07 10:42、2026-12-07T10:42:07，或多久以前（90s、30m、2h、1d）。</translation>
    </message>
    <message>
        <source>py-spy dump --pid %1 failed (exit code %2): %3</source>
        <translation>py-spy dump --pid %1 失败（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>no output</source>
        <translation>无输出</translation>
    </message>
    <message>
        <source>py-spy is not installed on the nodes, so no Python stacks were taken. To see where a process is stuck: pip install py-spy on the node, then py-spy dump --pid PID (as root, or with kernel.yama.ptrace_scope=0).</source>
        <translation>节点上没有安装 py-spy，因此未获取 Python 调用栈。要查看进程卡在哪里：在节点上 pip install py-spy，然后运行 py-spy dump --pid PID（以 root 身份，或设置 kernel.yama.ptrace_scope=0）。</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>%1 pid %2</source>
        <translation>%1 pid %2</translation>
    </message>
    <message>
        <source>an unknown node</source>
        <translation>未知节点</translation>
    </message>
    <message>
        <source>Where it began: %1 on %2%3 at %4.</source>
        <translation>故障起点：%2%3 上的 %1，时间 %4。</translation>
    </message>
    <message>
        <source>Where it began: %1 on %2%3 (its line carries no time).</source>
        <translation>故障起点：%2%3 上的 %1（该行没有时间）。</translation>
    </message>
    <message>
        <source>Not every finding&apos;s line carries a time: the order across nodes is by file, not by time.</source>
        <translation>并非每个发现所在的行都带时间：跨节点的顺序按文件排列，而非按时间。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>first at %1 on %2</source>
        <translation>最早于 %1 出现在 %2</translation>
    </message>
    <message>
        <source>Nothing failed: where each process stopped writing, quiet first (the last write on the cluster was at %1):</source>
        <translation>没有任何失败：各进程停止写日志的位置，最先沉寂的在前（集群上最后一次写入在 %1）：</translation>
    </message>
    <message>
        <source>QUIET</source>
        <translation>沉寂</translation>
    </message>
    <message>
        <source>(%1 s before the last write)</source>
        <translation>（比最后一次写入早 %1 秒）</translation>
    </message>
    <message>
        <source>in collective: %1</source>
        <translation>所在集合通信：%1</translation>
    </message>
    <message>
        <source>%1: not collected — %2</source>
        <translation>%1：未收集 — %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 files read (%4 on the node), %5 moved</source>
        <translation>%1：读取了 %3 个文件中的 %2 个（节点上共 %4），传输 %5</translation>
    </message>
    <message>
        <source>clock %1%2 s against %3 (±%4 ms)</source>
        <translation>时钟相对 %3 为 %1%2 秒（±%4 毫秒）</translation>
    </message>
    <message>
        <source>clock not measured: its times are taken as written</source>
        <translation>时钟未测量：其时间按原样采用</translation>
    </message>
    <message>
        <source>cut off: %1</source>
        <translation>被截断：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n older file(s) not read: the per-node cap was reached first.</source>
        <translation>
            <numerusform>有 %n 个较旧的文件未读取：已先达到单节点上限。</numerusform>
        </translation>
    </message>
    <message>
        <source>not there: %1</source>
        <translation>不存在：%1</translation>
    </message>
    <message>
        <source>kernel log not read: %1</source>
        <translation>未读取内核日志：%1</translation>
    </message>
    <message>
        <source>npu-smi is not installed or not on PATH.</source>
        <translation>npu-smi 未安装或不在 PATH 中。</translation>
    </message>
    <message>
        <source>%1 is not the head of this Ray session: %2</source>
        <translation>%1 不是该 Ray 会话的头节点：%2</translation>
    </message>
    <message>
        <source>The GCS log on %1 names no node that registered with this Ray session.</source>
        <translation>%1 上的 GCS 日志中没有任何在该 Ray 会话注册过的节点。</translation>
    </message>
    <message>
        <source>Where it began: %1 on %2%3, by %4 (its line carries no time: its log was last written then).</source>
        <translation>故障起点：%2%3 上的 %1，不晚于 %4（该行没有时间：其日志最后一次写入在此时）。</translation>
    </message>
</context>
<context>
    <name>CollectCommand</name>
    <message>
        <source>Collect a run&apos;s logs from every node over ssh and find where the failure began.</source>
        <translation>通过 ssh 从每个节点收集一次运行的日志，找出故障的起点。</translation>
    </message>
    <message>
        <source>Gathers the evidence of a verl run from every node over ssh — the Ray session&apos;s logs (driver, raylet, every worker&apos;s .out/.err, on the node where it ran), the CANN plogs and device logs, the NPU driver&apos;s lines of the kernel log, npu-smi info and the installed versions — keeping on each node only the windows around lines the knowledge base could match (grep there; nothing is installed), then analyses them on one clock: the failure&apos;s first node, rank and process with its echoes under it, or, when nothing failed, where each process stopped writing and the Python stacks of the quiet ones (py-spy, where the node has it).
Exit code 1 when a critical or error finding is found, 4 when none was but a node could not be collected, 2 for bad input.</source>
        <translation>通过 ssh 从每个节点收集一次 verl 运行的证据——Ray 会话的日志（driver、raylet，以及每个 worker 在其运行节点上的 .out/.err）、CANN plog 和 device 日志、内核日志中 NPU 驱动的行、npu-smi info 和已安装的版本——在每个节点上只保留知识库可能匹配的行附近的窗口（在节点上用 grep；节点上无需安装任何东西），然后在统一的时钟上分析：故障最早出现的节点、rank 和进程，以及其下的连锁反应；若没有失败，则给出每个进程停止写日志的位置和沉寂进程的 Python 调用栈（节点上有 py-spy 时）。
发现 critical 或 error 级问题时退出码为 1，没有问题但有节点未能收集时为 4，输入错误为 2。</translation>
    </message>
    <message>
        <source>Nodes in ClusterShell nodeset syntax, e.g. node[01-08] (repeatable).</source>
        <translation>ClusterShell nodeset 语法的节点，例如 node[01-08]（可重复）。</translation>
    </message>
    <message>
        <source>nodeset</source>
        <translation>节点集</translation>
    </message>
    <message>
        <source>A file with one node (or nodeset) per line; # starts a comment.</source>
        <translation>每行一个节点（或节点集）的文件；# 开始注释。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Ray&apos;s temp folder on the nodes (ray start --temp-dir).</source>
        <translation>节点上 Ray 的临时目录（ray start --temp-dir）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>The Ray session: a folder name under --ray-dir, or a path.</source>
        <translation>Ray 会话：--ray-dir 下的目录名，或一个路径。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>A further folder or file to read on every node (repeatable); ~/ is the node&apos;s home.</source>
        <translation>在每个节点上额外读取的目录或文件（可重复）；~/ 指节点上的主目录。</translation>
    </message>
    <message>
        <source>Do not read the CANN logs ($ASCEND_PROCESS_LOG_PATH or ~/ascend/log).</source>
        <translation>不读取 CANN 日志（$ASCEND_PROCESS_LOG_PATH 或 ~/ascend/log）。</translation>
    </message>
    <message>
        <source>Do not read the kernel log.</source>
        <translation>不读取内核日志。</translation>
    </message>
    <message>
        <source>Do not probe each node&apos;s versions and devices (the Environment check&apos;s probe).</source>
        <translation>不探测各节点的版本和设备（即环境检查的探测）。</translation>
    </message>
    <message>
        <source>When nothing failed, do not take the quiet processes&apos; Python stacks with py-spy.</source>
        <translation>没有失败时，不用 py-spy 获取沉寂进程的 Python 调用栈。</translation>
    </message>
    <message>
        <source>Only what was written since T: 2026-12-07 10:42, 2026-12-07T10:42:07, or how long ago (30m, 2h), read as the logs write times.</source>
        <translation>只看 T 以后写入的内容：2026-12-07 10:42、2026-12-07T10:42:07，或多久以前（30m、2h），按日志书写时间的方式理解。</translation>
    </message>
    <message>
        <source>Only what was written until T (same forms as --since).</source>
        <translation>只看 T 以前写入的内容（格式同 --since）。</translation>
    </message>
    <message>
        <source>A process that wrote nothing for N seconds before the last write is quiet.</source>
        <translation>在最后一次写入之前 N 秒内没有写任何内容的进程视为沉寂。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Lines kept before and after each line found on a node.</source>
        <translation>在节点上每个命中行前后保留的行数。</translation>
    </message>
    <message>
        <source>MiB of windows kept per file (its end).</source>
        <translation>每个文件保留的窗口大小（MiB，保留文件末尾）。</translation>
    </message>
    <message>
        <source>MiB of windows per node; older files past it are listed, not read.</source>
        <translation>每个节点的窗口总量（MiB）；超出后较旧的文件只列出，不读取。</translation>
    </message>
    <message>
        <source>Nodes collected at the same time.</source>
        <translation>同时收集的节点数。</translation>
    </message>
    <message>
        <source>Seconds a node has to answer.</source>
        <translation>每个节点的应答时限（秒）。</translation>
    </message>
    <message>
        <source>The Python interpreter of your verl environment.</source>
        <translation>verl 环境所用的 Python 解释器。</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Print one JSON object instead of text.</source>
        <translation>输出一个 JSON 对象而不是文本。</translation>
    </message>
    <message>
        <source>Write the findings, the lines they cite and each node&apos;s versions to FILE (secrets masked).</source>
        <translation>把发现、其引用的日志行和各节点的版本写入 FILE（密钥已遮蔽）。</translation>
    </message>
    <message>
        <source>An extra knowledge-base file (repeatable).</source>
        <translation>额外的知识库文件（可重复指定）。</translation>
    </message>
    <message>
        <source>Show at most N findings (0: all).</source>
        <translation>最多显示 N 条发现（0：全部）。</translation>
    </message>
    <message>
        <source>Your verl release, if the nodes do not say.</source>
        <translation>你的 verl 版本（若节点上读不到）。</translation>
    </message>
    <message>
        <source>collect takes no file names: name the nodes with --nodes (analyze reads files).</source>
        <translation>collect 不接受文件名：请用 --nodes 指定节点（读取文件请用 analyze）。</translation>
    </message>
    <message>
        <source>--ray-dir and --session must not be empty or hold a line break.</source>
        <translation>--ray-dir 和 --session 不能为空，也不能包含换行。</translation>
    </message>
    <message>
        <source>--until is before --since.</source>
        <translation>--until 早于 --since。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>%1: %2 files, %3 KiB moved in %4 ms</source>
        <translation>%1：%2 个文件，%4 毫秒内传输 %3 KiB</translation>
    </message>
    <message>
        <source>%1: not collected — %2</source>
        <translation>%1：未收集 — %2</translation>
    </message>
    <message>
        <source>Moved %1 of the %2 the nodes hold.</source>
        <translation>节点上共有 %2，传输了 %1。</translation>
    </message>
    <message>
        <source>Bundle written to %1.</source>
        <translation>证据包已写入 %1。</translation>
    </message>
    <message>
        <source>Ray&apos;s head node: every node its GCS log says registered with the session is collected, by the address it registered with.</source>
        <translation>Ray 头节点：按其 GCS 日志中在该会话注册过的每个节点收集，使用节点注册时的地址。</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Name the nodes with --nodes or --hostfile, or Ray&apos;s head node with --head.</source>
        <translation>请用 --nodes 或 --hostfile 指定节点，或用 --head 指定 Ray 头节点。</translation>
    </message>
    <message>
        <source>Give either the nodes (--nodes, --hostfile) or Ray&apos;s head node (--head).</source>
        <translation>请只指定节点（--nodes、--hostfile）或 Ray 头节点（--head）之一。</translation>
    </message>
    <message>
        <source>--head: &quot;%1&quot; is not a host name.</source>
        <translation>--head：“%1”不是主机名。</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message numerus="yes">
        <source>Ray&apos;s head %1 lists %n node(s): %2</source>
        <translation>
            <numerusform>Ray 头节点 %1 列出 %n 个节点：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Ray&apos;s GCS removed nodes during the session:</source>
        <translation>会话期间 Ray 的 GCS 移除了以下节点：</translation>
    </message>
    <message>
        <source>Print the shell script each node would run (on its standard input, nothing installed) and exit.</source>
        <translation>打印每个节点将运行的 shell 脚本（通过标准输入传入，无需安装任何东西）后退出。</translation>
    </message>
</context>
<context>
    <name>DiagnoseCommand</name>
    <message>
        <source>Check NPUs, drivers, CANN, torch_npu and the variables verl needs, here or on many nodes over ssh.</source>
        <translation>检查 NPU、驱动、CANN、torch_npu 以及 verl 需要的环境变量，可在本机或通过 ssh 在多个节点上运行。</translation>
    </message>
    <message>
        <source>Runs npu-smi, reads the driver, firmware and CANN version files, asks Python for torch, torch_npu, verl and friends, and checks the environment variables. Every check gets a verdict (PASS, WARN, FAIL, SKIP, ERROR), the evidence and the next step. With --hosts the same probes run on every node over ssh (BatchMode, your ~/.ssh/config) and the nodes are compared.
Exit code 1 when any check FAILs.</source>
        <translation>运行 npu-smi，读取驱动、固件和 CANN 的版本文件，向 Python 查询 torch、torch_npu、verl 等软件包的版本，并检查环境变量。每个检查项都给出结论（PASS、WARN、FAIL、SKIP、ERROR）、依据和下一步。使用 --hosts 时，同样的探测通过 ssh 在每个节点上运行（BatchMode，使用你的 ~/.ssh/config），并比较各节点。
任一检查项为 FAIL 时退出码为 1。</translation>
    </message>
    <message>
        <source>Nodes in ClusterShell nodeset syntax, e.g. node[01-16] or &quot;gpu[1-4]!gpu3&quot;.</source>
        <translation>ClusterShell nodeset 语法的节点列表，例如 node[01-16] 或 &quot;gpu[1-4]!gpu3&quot;。</translation>
    </message>
    <message>
        <source>nodeset</source>
        <translation>节点集</translation>
    </message>
    <message>
        <source>One node; repeat for more.</source>
        <translation>一个节点；可重复指定多个。</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>A file with one node (or nodeset) per line; # starts a comment.</source>
        <translation>每行一个节点（或节点集）的文件；# 开始注释。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Nodes probed at the same time.</source>
        <translation>同时探测的节点数。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>The Python interpreter of your verl environment.</source>
        <translation>verl 环境所用的 Python 解释器。</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Where Ascend software is installed, if not /usr/local/Ascend.</source>
        <translation>昇腾软件的安装位置（如果不是 /usr/local/Ascend）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Seconds each probe may take.</source>
        <translation>每个探测允许的秒数。</translation>
    </message>
    <message>
        <source>sec</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Also run a tensor operation on every visible NPU and an HCCL all-reduce (occupies the NPUs for a few seconds).</source>
        <translation>另外在每个可见 NPU 上运行一次张量运算，并运行一次 HCCL all-reduce（会占用 NPU 几秒钟）。</translation>
    </message>
    <message>
        <source>Print one JSON object.</source>
        <translation>输出一个 JSON 对象。</translation>
    </message>
    <message>
        <source>Print a Markdown report to paste into a GitHub issue.</source>
        <translation>输出可粘贴到 GitHub issue 的 Markdown 报告。</translation>
    </message>
    <message>
        <source>Write the report to this file instead of standard output.</source>
        <translation>将报告写入此文件，而不是标准输出。</translation>
    </message>
    <message>
        <source>Choose --json or --markdown, not both.</source>
        <translation>--json 和 --markdown 只能选择一个。</translation>
    </message>
    <message>
        <source>--python needs a path or a command name.</source>
        <translation>--python 需要一个路径或命令名。</translation>
    </message>
    <message>
        <source>--ascend-root: %1 is not a directory.</source>
        <translation>--ascend-root：%1 不是目录。</translation>
    </message>
    <message>
        <source>With several nodes: after the checks, an HCCL all-reduce across every node&apos;s NPUs, which proves the network between them (occupies every NPU for up to a few minutes).</source>
        <translation>多个节点时：检查之后在所有节点的 NPU 上做一次 HCCL all-reduce，以验证节点间的网络（会占用所有 NPU，最长数分钟）。</translation>
    </message>
    <message>
        <source>Where the cluster all-reduce meets: the first node&apos;s address on the network between the nodes (default: its HCCL_IF_IP, else the first address of hostname -I).</source>
        <translation>跨节点 all-reduce 的汇合地址：第一个节点在节点间网络上的地址（默认：其 HCCL_IF_IP，否则为 hostname -I 的第一个地址）。</translation>
    </message>
    <message>
        <source>address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>The port rank 0 listens on for the cluster all-reduce.</source>
        <translation>跨节点 all-reduce 中 rank 0 监听的端口。</translation>
    </message>
    <message>
        <source>port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>--cluster-allreduce needs at least two nodes (--hosts).</source>
        <translation>--cluster-allreduce 至少需要两个节点（--hosts）。</translation>
    </message>
    <message>
        <source>--master-addr and --master-port only apply with --cluster-allreduce.</source>
        <translation>--master-addr 和 --master-port 仅与 --cluster-allreduce 一起使用。</translation>
    </message>
</context>
<context>
    <name>Dispatcher</name>
    <message>
        <source>Show the options of this subcommand and exit.</source>
        <translation>显示此子命令的选项并退出。</translation>
    </message>
    <message>
        <source>Subcommands:</source>
        <translation>子命令：</translation>
    </message>
    <message>
        <source>Show the options of a subcommand.</source>
        <translation>显示某个子命令的选项。</translation>
    </message>
    <message>
        <source>Run &quot;%1 SUBCOMMAND --help&quot; for the options of a subcommand. Without a subcommand the window opens.</source>
        <translation>运行 &quot;%1 SUBCOMMAND --help&quot; 查看子命令的选项。不带子命令时打开窗口。</translation>
    </message>
    <message>
        <source>Exit codes:</source>
        <translation>退出码：</translation>
    </message>
    <message>
        <source>ran and found nothing wrong</source>
        <translation>已运行，未发现问题</translation>
    </message>
    <message>
        <source>ran and found problems</source>
        <translation>已运行，发现问题</translation>
    </message>
    <message>
        <source>bad usage or bad input (the message names the bad value)</source>
        <translation>用法或输入有误（消息中会指出错误的值）</translation>
    </message>
    <message>
        <source>runtime failure</source>
        <translation>运行时失败</translation>
    </message>
    <message>
        <source>Run &quot;%1&quot; for usage.</source>
        <translation>运行 &quot;%1&quot; 查看用法。</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>Unknown subcommand &quot;%1&quot;. Available subcommands: %2.</source>
        <translation>未知子命令 &quot;%1&quot;。可用的子命令：%2。</translation>
    </message>
    <message>
        <source>Run &quot;%1 SUBCOMMAND --help&quot; for the options of a subcommand. This build is the command line alone: it has no window.</source>
        <translation>运行 &quot;%1 SUBCOMMAND --help&quot; 查看子命令的选项。此版本只有命令行，没有窗口。</translation>
    </message>
</context>
<context>
    <name>EnvCheck</name>
    <message>
        <source>Node reachable</source>
        <translation>节点可连接</translation>
    </message>
    <message>
        <source>npu-smi runs and lists the NPUs</source>
        <translation>npu-smi 可运行并列出 NPU</translation>
    </message>
    <message>
        <source>NPU health</source>
        <translation>NPU 健康状态</translation>
    </message>
    <message>
        <source>NPUs free (no process or leftover holding HBM)</source>
        <translation>NPU 空闲（没有进程或残留占用 HBM）</translation>
    </message>
    <message>
        <source>ASCEND_RT_VISIBLE_DEVICES</source>
        <translation>ASCEND_RT_VISIBLE_DEVICES</translation>
    </message>
    <message>
        <source>Ray keeps ASCEND_RT_VISIBLE_DEVICES</source>
        <translation>Ray 保留 ASCEND_RT_VISIBLE_DEVICES</translation>
    </message>
    <message>
        <source>CANN toolkit installed</source>
        <translation>CANN 工具包已安装</translation>
    </message>
    <message>
        <source>CANN environment sourced (set_env.sh)</source>
        <translation>已加载 CANN 环境（set_env.sh）</translation>
    </message>
    <message>
        <source>Driver and firmware versions match</source>
        <translation>驱动与固件版本匹配</translation>
    </message>
    <message>
        <source>torch_npu sees the NPUs</source>
        <translation>torch_npu 能看到 NPU</translation>
    </message>
    <message>
        <source>torch ↔ torch_npu ↔ CANN compatible</source>
        <translation>torch ↔ torch_npu ↔ CANN 版本兼容</translation>
    </message>
    <message>
        <source>Log levels</source>
        <translation>日志级别</translation>
    </message>
    <message>
        <source>HCCL settings</source>
        <translation>HCCL 设置</translation>
    </message>
    <message>
        <source>MindSpeed version (Megatron backend)</source>
        <translation>MindSpeed 版本（Megatron 后端）</translation>
    </message>
    <message>
        <source>Tensor operation on each NPU</source>
        <translation>在每个 NPU 上做张量运算</translation>
    </message>
    <message>
        <source>HCCL all-reduce across the node&apos;s NPUs</source>
        <translation>在本节点的 NPU 之间做 HCCL all-reduce</translation>
    </message>
    <message>
        <source>The probe printed no npu-smi section.</source>
        <translation>探测没有输出 npu-smi 部分。</translation>
    </message>
    <message>
        <source>npu-smi is not on PATH, so the driver is missing or not mounted.</source>
        <translation>PATH 中没有 npu-smi，说明驱动未安装或未挂载。</translation>
    </message>
    <message>
        <source>On a host, install the NPU driver (it puts npu-smi in /usr/local/bin). In a container, mount /usr/local/bin/npu-smi, /usr/local/dcmi, /etc/ascend_install.info, /usr/local/Ascend/driver and the /dev/davinci* devices.</source>
        <translation>在主机上安装 NPU 驱动（它会把 npu-smi 放到 /usr/local/bin）。在容器中，挂载 /usr/local/bin/npu-smi、/usr/local/dcmi、/etc/ascend_install.info、/usr/local/Ascend/driver 以及 /dev/davinci* 设备。</translation>
    </message>
    <message>
        <source>npu-smi info did not finish in time: the driver may be hung.</source>
        <translation>npu-smi info 未能按时结束：驱动可能已挂起。</translation>
    </message>
    <message>
        <source>Run npu-smi info by hand and check dmesg for driver errors; a hung driver usually needs a reboot of the node.</source>
        <translation>手动运行 npu-smi info，并用 dmesg 查看驱动错误；驱动挂起通常需要重启节点。</translation>
    </message>
    <message>
        <source>Read the message; npu-smi fails like this when the driver is not loaded or the device files are not available.</source>
        <translation>请阅读报错信息；驱动未加载或设备文件不可用时，npu-smi 会这样失败。</translation>
    </message>
    <message>
        <source>Another container holds these NPUs. Start this container with --privileged or give each container its own /dev/davinci* devices.</source>
        <translation>另一个容器占用了这些 NPU。请用 --privileged 启动此容器，或为每个容器分配各自的 /dev/davinci* 设备。</translation>
    </message>
    <message>
        <source>npu-smi info failed (exit code %1): %2</source>
        <translation>npu-smi info 失败（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>The output of npu-smi info could not be read: %1</source>
        <translation>无法读取 npu-smi info 的输出：%1</translation>
    </message>
    <message>
        <source>Attach the raw output to a report so the parser can learn this format.</source>
        <translation>请把原始输出附在报告中，以便解析器支持这种格式。</translation>
    </message>
    <message>
        <source>npu-smi info lists no NPU.</source>
        <translation>npu-smi info 没有列出任何 NPU。</translation>
    </message>
    <message>
        <source>Check that the driver sees the cards (lspci | grep -i d80) and that the container has the /dev/davinci* devices.</source>
        <translation>确认驱动能识别到卡（lspci | grep -i d80），并且容器中有 /dev/davinci* 设备。</translation>
    </message>
    <message numerus="yes">
        <source>%n chip(s) on %1 NPU(s): %2</source>
        <translation>
            <numerusform>%1 个 NPU 上共 %n 个芯片：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>npu-smi %1, driver %2.</source>
        <translation>npu-smi %1，驱动 %2。</translation>
    </message>
    <message>
        <source>Parts could not be read: %1</source>
        <translation>部分内容无法读取：%1</translation>
    </message>
    <message>
        <source>Those values are left out rather than guessed; run npu-smi info again on the node.</source>
        <translation>这些值被略去而不是猜测；请在该节点上重新运行 npu-smi info。</translation>
    </message>
    <message>
        <source>No devices were read from npu-smi.</source>
        <translation>未从 npu-smi 读到任何设备。</translation>
    </message>
    <message>
        <source>NPU %1 chip %2: %3</source>
        <translation>NPU %1 芯片 %2：%3</translation>
    </message>
    <message>
        <source>error code %1 (%2)</source>
        <translation>错误码 %1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>All %n chip(s) report OK.</source>
        <translation>
            <numerusform>全部 %n 个芯片均报告 OK。</numerusform>
        </translation>
    </message>
    <message>
        <source>Look the error code up in the product&apos;s black-box error code list (%1). Warning is a minor alarm; Alarm, Critical or UNKNOWN means the chip should not run a job: drain the node and ask the administrator to check or reset it.</source>
        <translation>在产品的《黑匣子错误码信息列表》中查找错误码（%1）。Warning 是一般告警；Alarm、Critical 或 UNKNOWN 表示该芯片不应运行任务：请将节点下线，并请管理员检查或复位。</translation>
    </message>
    <message>
        <source>npu-smi printed no process table.</source>
        <translation>npu-smi 没有输出进程表。</translation>
    </message>
    <message>
        <source>no name: likely in a container</source>
        <translation>无名称：可能在容器中</translation>
    </message>
    <message>
        <source>NPU %1 chip %2: pid %3 (%4) holds %5 MB</source>
        <translation>NPU %1 芯片 %2：pid %3（%4）占用 %5 MB</translation>
    </message>
    <message>
        <source>NPU %1 chip %2: %3 MB in use with no process listed (idle %4 chips use %5 MB)</source>
        <translation>NPU %1 芯片 %2：已用 %3 MB，但没有列出任何进程（空闲的 %4 芯片占用 %5 MB）</translation>
    </message>
    <message>
        <source>No process holds device memory; usage is at the idle level on every chip.</source>
        <translation>没有进程占用设备内存；每个芯片的占用都处于空闲水平。</translation>
    </message>
    <message>
        <source>If these are not your job&apos;s processes, find their owner (ps -o user,cmd -p PID; processes without a name run in another container) and wait for them or stop them before starting verl.</source>
        <translation>如果这些不是你的任务的进程，请找到其所有者（ps -o user,cmd -p PID；没有名称的进程运行在其他容器中），在启动 verl 之前等待它们结束或停止它们。</translation>
    </message>
    <message>
        <source>Memory in use without a process is held by another container or left by a crashed job. Stop the container that holds it; when nothing runs on the node, npu-smi set -t reset -i N -c C frees it (never while a job runs).</source>
        <translation>没有进程却有内存占用，说明被其他容器占用或由崩溃的任务残留。请停止占用它的容器；当节点上没有任何任务运行时，可用 npu-smi set -t reset -i N -c C 释放（切勿在任务运行时执行）。</translation>
    </message>
    <message>
        <source>ASCEND_VISIBLE_DEVICES=%1 is also set: the Ascend container runtime uses it to pick the devices mounted into a container; ids inside are renumbered from 0.</source>
        <translation>同时设置了 ASCEND_VISIBLE_DEVICES=%1：昇腾容器运行时用它选择挂载进容器的设备；容器内的编号从 0 重新开始。</translation>
    </message>
    <message numerus="yes">
        <source>all %n logical device(s) are visible.</source>
        <translation>
            <numerusform>全部 %n 个逻辑设备均可见。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not set: %1</source>
        <translation>未设置：%1</translation>
    </message>
    <message>
        <source>%1 is set but empty: no device is visible.</source>
        <translation>%1 已设置但为空：没有可见设备。</translation>
    </message>
    <message>
        <source>Unset it (unset ASCEND_RT_VISIBLE_DEVICES) or list the ids, e.g. export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3.</source>
        <translation>取消设置（unset ASCEND_RT_VISIBLE_DEVICES），或列出设备 ID，例如 export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3。</translation>
    </message>
    <message>
        <source>%1: CANN stops reading at &quot;%2&quot;, so only [%3] are visible. Only digits and commas are allowed, without spaces.</source>
        <translation>%1：CANN 读到“%2”就停止，因此只有 [%3] 可见。只允许数字和逗号，不能有空格。</translation>
    </message>
    <message>
        <source>%1: the ids must be listed in ascending order without repeats.</source>
        <translation>%1：设备 ID 必须按升序排列且不能重复。</translation>
    </message>
    <message numerus="yes">
        <source>%1: id(s) %2 do not exist; this node has %n logical device(s), numbered from 0.</source>
        <translation>
            <numerusform>%1：设备 ID %2 不存在；本节点有 %n 个逻辑设备，编号从 0 开始。</numerusform>
        </translation>
    </message>
    <message>
        <source>List only ids below %1. On Atlas A3 every NPU has two chips: ids run 0–15 and verl needs trainer.n_gpus_per_node=16.</source>
        <translation>只列出小于 %1 的 ID。Atlas A3 的每个 NPU 有两个芯片：ID 为 0–15，verl 需要 trainer.n_gpus_per_node=16。</translation>
    </message>
    <message>
        <source>%1: %2 of %3 logical devices.</source>
        <translation>%1：%3 个逻辑设备中的 %2 个。</translation>
    </message>
    <message>
        <source>%1: %2 device(s).</source>
        <translation>%1：%2 个设备。</translation>
    </message>
    <message>
        <source>RAY_EXPERIMENTAL_NOSET_ASCEND_VISIBLE_DEVICES is set, but current Ray reads RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES; the old name only works with old Ray releases.</source>
        <translation>设置了 RAY_EXPERIMENTAL_NOSET_ASCEND_VISIBLE_DEVICES，但当前的 Ray 读取的是 RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES；旧名称只对旧版 Ray 有效。</translation>
    </message>
    <message>
        <source>ASCEND_RT_VISIBLE_DEVICES is set but RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES is not: Ray overwrites ASCEND_RT_VISIBLE_DEVICES in every worker with the ids it assigned, and torch_npu.npu.is_available() can return False there.</source>
        <translation>设置了 ASCEND_RT_VISIBLE_DEVICES，但没有设置 RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES：Ray 会在每个 worker 中用它分配的 ID 覆盖 ASCEND_RT_VISIBLE_DEVICES，torch_npu.npu.is_available() 可能因此返回 False。</translation>
    </message>
    <message>
        <source>(before ray start and before launching verl)</source>
        <translation>（在 ray start 和启动 verl 之前）</translation>
    </message>
    <message>
        <source>RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=%1: Ray leaves the visible devices alone.</source>
        <translation>RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=%1：Ray 不会改动可见设备。</translation>
    </message>
    <message>
        <source>No ascend_toolkit_install.info was found (searched ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME, /usr/local/Ascend and ~/Ascend, or the --ascend-root you gave).</source>
        <translation>没有找到 ascend_toolkit_install.info（已搜索 ASCEND_HOME_PATH、ASCEND_TOOLKIT_HOME、/usr/local/Ascend 和 ~/Ascend，或你指定的 --ascend-root）。</translation>
    </message>
    <message>
        <source>Install the CANN toolkit, or point to a non-default install with --ascend-root DIR.</source>
        <translation>安装 CANN 工具包，或用 --ascend-root DIR 指定非默认的安装位置。</translation>
    </message>
    <message>
        <source>CANN %1 (%2, %3) at %4</source>
        <translation>CANN %1（%2，%3），位于 %4</translation>
    </message>
    <message>
        <source>another toolkit, CANN %1, is installed at %2</source>
        <translation>另一个工具包 CANN %1 安装在 %2</translation>
    </message>
    <message>
        <source>version.cfg lists more than one installed version: %1</source>
        <translation>version.cfg 列出了多个已安装版本：%1</translation>
    </message>
    <message>
        <source>An older package was left installed; uninstall it so its kernels are not picked up.</source>
        <translation>残留了旧版软件包；请卸载它，以免加载其算子。</translation>
    </message>
    <message>
        <source>components run different releases: %1</source>
        <translation>各组件运行的版本不同：%1</translation>
    </message>
    <message>
        <source>Reinstall the toolkit so every component is at one release.</source>
        <translation>重新安装工具包，使所有组件处于同一版本。</translation>
    </message>
    <message>
        <source>the driver&apos;s version.info (driver %1) does not list %2 among the CANN releases it supports (%3)</source>
        <translation>驱动的 version.info（驱动 %1）所支持的 CANN 版本中没有 %2（%3）</translation>
    </message>
    <message>
        <source>A CANN newer than the driver fails at start with &quot;E19999 … Invalid opp version&quot;; upgrade the driver and firmware or use a CANN release the driver lists.</source>
        <translation>比驱动新的 CANN 会在启动时报“E19999 … Invalid opp version”；请升级驱动和固件，或使用驱动列出的 CANN 版本。</translation>
    </message>
    <message>
        <source>(This is the environment of a non-interactive ssh shell, where ~/.bashrc usually returns early.)</source>
        <translation>（这是非交互式 ssh shell 的环境，~/.bashrc 在其中通常会提前返回。）</translation>
    </message>
    <message>
        <source>No toolkit and no CANN variables.</source>
        <translation>没有工具包，也没有 CANN 环境变量。</translation>
    </message>
    <message>
        <source>ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME and ASCEND_OPP_PATH are not set: set_env.sh was not sourced, so import torch fails with &quot;libhccl.so: cannot open shared object file&quot;.</source>
        <translation>未设置 ASCEND_HOME_PATH、ASCEND_TOOLKIT_HOME 和 ASCEND_OPP_PATH：没有 source set_env.sh，因此 import torch 会报“libhccl.so: cannot open shared object file”。</translation>
    </message>
    <message>
        <source>(and source /usr/local/Ascend/nnal/atb/set_env.sh when ATB is installed), in the same shell that starts Ray and verl.</source>
        <translation>（安装了 ATB 时还需 source /usr/local/Ascend/nnal/atb/set_env.sh），要在启动 Ray 和 verl 的同一个 shell 中执行。</translation>
    </message>
    <message>
        <source>LD_LIBRARY_PATH has no %1/lib64, so libhccl.so and libascendcl.so are not found</source>
        <translation>LD_LIBRARY_PATH 中没有 %1/lib64，因此找不到 libhccl.so 和 libascendcl.so</translation>
    </message>
    <message>
        <source>LD_LIBRARY_PATH has no driver/lib64 directory</source>
        <translation>LD_LIBRARY_PATH 中没有 driver/lib64 目录</translation>
    </message>
    <message>
        <source>ASCEND_HOME_PATH=%1 holds no toolkit we could read</source>
        <translation>ASCEND_HOME_PATH=%1 中没有可读取的工具包</translation>
    </message>
    <message>
        <source>ASCEND_HOME_PATH=%1</source>
        <translation>ASCEND_HOME_PATH=%1</translation>
    </message>
    <message numerus="yes">
        <source>LD_LIBRARY_PATH repeats %n entr(ies): set_env.sh was sourced more than once (harmless).</source>
        <translation>
            <numerusform>LD_LIBRARY_PATH 中有 %n 个重复项：set_env.sh 被 source 了多次（无害）。</numerusform>
        </translation>
    </message>
    <message>
        <source>in a fresh shell instead of setting the variables by hand.</source>
        <translation>请在新的 shell 中执行，而不要手动设置这些变量。</translation>
    </message>
    <message>
        <source>No driver on this machine (no npu-smi and no driver/version.info).</source>
        <translation>本机没有驱动（没有 npu-smi，也没有 driver/version.info）。</translation>
    </message>
    <message>
        <source>npu-smi reports driver %1, but driver/version.info and firmware/version.info are not readable here, so the firmware cannot be checked.</source>
        <translation>npu-smi 报告驱动版本 %1，但此处无法读取 driver/version.info 和 firmware/version.info，因此无法检查固件。</translation>
    </message>
    <message>
        <source>In a container, mount /usr/local/Ascend/driver/version.info and /usr/local/Ascend/firmware/version.info read-only, or run the check on the host.</source>
        <translation>在容器中，请以只读方式挂载 /usr/local/Ascend/driver/version.info 和 /usr/local/Ascend/firmware/version.info，或在主机上运行检查。</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>firmware %1</source>
        <translation>固件 %1</translation>
    </message>
    <message>
        <source>firmware/version.info is not readable</source>
        <translation>无法读取 firmware/version.info</translation>
    </message>
    <message>
        <source>driver/version.info is not readable</source>
        <translation>无法读取 driver/version.info</translation>
    </message>
    <message>
        <source>the driver accepts firmware %1 only</source>
        <translation>驱动只接受固件 %1</translation>
    </message>
    <message>
        <source>the firmware accepts drivers %1 only</source>
        <translation>固件只接受驱动 %1</translation>
    </message>
    <message>
        <source>npu-smi reports driver %1 but driver/version.info says %2</source>
        <translation>npu-smi 报告驱动 %1，但 driver/version.info 写的是 %2</translation>
    </message>
    <message>
        <source>A container may mount a version.info from another driver; mount the host&apos;s files.</source>
        <translation>容器可能挂载了其他驱动的 version.info；请挂载主机上的文件。</translation>
    </message>
    <message>
        <source>each is within the range the other accepts</source>
        <translation>二者都在对方接受的范围内</translation>
    </message>
    <message>
        <source>Pass the interpreter your verl environment uses with --python (for example --python ~/miniconda3/envs/verl/bin/python).</source>
        <translation>用 --python 指定 verl 环境使用的解释器（例如 --python ~/miniconda3/envs/verl/bin/python）。</translation>
    </message>
    <message>
        <source>Python %1 at %2</source>
        <translation>Python %1（%2）</translation>
    </message>
    <message>
        <source>%1 has neither torch nor torch_npu.</source>
        <translation>%1 既没有 torch 也没有 torch_npu。</translation>
    </message>
    <message>
        <source>If verl lives in another environment, pass its interpreter with --python.</source>
        <translation>如果 verl 在其他环境中，请用 --python 指定其解释器。</translation>
    </message>
    <message>
        <source>%1 has torch %2 but not torch_npu, so verl cannot use the NPUs.</source>
        <translation>%1 有 torch %2 但没有 torch_npu，因此 verl 无法使用 NPU。</translation>
    </message>
    <message>
        <source>pip install torch-npu==&lt;the release for torch %1 and your CANN&gt; (see the compatibility check).</source>
        <translation>pip install torch-npu==&lt;与 torch %1 和你的 CANN 对应的版本&gt;（参见兼容性检查）。</translation>
    </message>
    <message>
        <source>Fix the import error first; run python -c &quot;import torch_npu&quot; in the same shell to see it in full.</source>
        <translation>请先解决导入错误；在同一个 shell 中运行 python -c &quot;import torch_npu&quot; 查看完整信息。</translation>
    </message>
    <message>
        <source>The CANN libraries are not on LD_LIBRARY_PATH: source set_env.sh of the toolkit in this shell (see the CANN environment check).</source>
        <translation>CANN 库不在 LD_LIBRARY_PATH 中：请在此 shell 中 source 工具包的 set_env.sh（参见 CANN 环境检查）。</translation>
    </message>
    <message>
        <source>ATB (NNAL) is not installed or not sourced: source /usr/local/Ascend/nnal/atb/set_env.sh.</source>
        <translation>ATB（NNAL）未安装或未加载：source /usr/local/Ascend/nnal/atb/set_env.sh。</translation>
    </message>
    <message>
        <source>torch_npu was built for another CANN/ATB release (or C++ ABI): install the torch_npu release that matches your CANN (see the compatibility check).</source>
        <translation>torch_npu 是为另一个 CANN/ATB 版本（或 C++ ABI）构建的：请安装与你的 CANN 匹配的 torch_npu 版本（参见兼容性检查）。</translation>
    </message>
    <message>
        <source>%1: import torch_npu failed: %2</source>
        <translation>%1：import torch_npu 失败：%2</translation>
    </message>
    <message>
        <source>%1: torch_npu %2 is installed but torch_npu.npu.is_available() is False.</source>
        <translation>%1：已安装 torch_npu %2，但 torch_npu.npu.is_available() 为 False。</translation>
    </message>
    <message>
        <source>Check ASCEND_RT_VISIBLE_DEVICES (it must name existing ids), that the devices are mounted into the container, and that npu-smi info works; under Ray also set RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1.</source>
        <translation>检查 ASCEND_RT_VISIBLE_DEVICES（只能写存在的设备 ID）、设备是否已挂载进容器、npu-smi info 能否运行；在 Ray 下还要设置 RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1。</translation>
    </message>
    <message>
        <source>%1: torch_npu did not report a device count.</source>
        <translation>%1：torch_npu 没有报告设备数量。</translation>
    </message>
    <message>
        <source>npu-smi</source>
        <translation>npu-smi</translation>
    </message>
    <message numerus="yes">
        <source>%1: torch_npu %2 sees %n device(s).</source>
        <translation>
            <numerusform>%1：torch_npu %2 看到 %n 个设备。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 says %2.</source>
        <translation>%1 显示为 %2。</translation>
    </message>
    <message>
        <source>Some devices are hidden or missing: compare ASCEND_RT_VISIBLE_DEVICES, the /dev/davinci* devices in the container, and npu-smi info -m.</source>
        <translation>有设备被隐藏或缺失：请对比 ASCEND_RT_VISIBLE_DEVICES、容器中的 /dev/davinci* 设备以及 npu-smi info -m。</translation>
    </message>
    <message>
        <source>torch_npu is not installed.</source>
        <translation>未安装 torch_npu。</translation>
    </message>
    <message>
        <source>torch_npu %1; the CANN version is not known.</source>
        <translation>torch_npu %1；CANN 版本未知。</translation>
    </message>
    <message>
        <source>torch %1, torch_npu %2, CANN %3 (from %4)</source>
        <translation>torch %1，torch_npu %2，CANN %3（来自 %4）</translation>
    </message>
    <message>
        <source>A mismatch shows as &quot;undefined symbol&quot; when torch_npu is imported.</source>
        <translation>版本不匹配时，导入 torch_npu 会报“undefined symbol”。</translation>
    </message>
    <message>
        <source>ASCEND_GLOBAL_LOG_LEVEL is not set: CANN logs at ERROR (3), the default.</source>
        <translation>未设置 ASCEND_GLOBAL_LOG_LEVEL：CANN 使用默认的 ERROR（3）级别。</translation>
    </message>
    <message>
        <source>ASCEND_GLOBAL_LOG_LEVEL=%1 is not 0–4, so CANN ignores it and logs at ERROR.</source>
        <translation>ASCEND_GLOBAL_LOG_LEVEL=%1 不在 0–4 之间，CANN 会忽略它并使用 ERROR 级别。</translation>
    </message>
    <message>
        <source>Use 0 DEBUG, 1 INFO, 2 WARNING, 3 ERROR or 4 NULL.</source>
        <translation>请使用 0 DEBUG、1 INFO、2 WARNING、3 ERROR 或 4 NULL。</translation>
    </message>
    <message>
        <source>ASCEND_GLOBAL_LOG_LEVEL=%1 (%2).</source>
        <translation>ASCEND_GLOBAL_LOG_LEVEL=%1（%2）。</translation>
    </message>
    <message>
        <source>DEBUG and INFO logging slow training down and fill the disk; after debugging, unset ASCEND_GLOBAL_LOG_LEVEL (or export ASCEND_GLOBAL_LOG_LEVEL=3).</source>
        <translation>DEBUG 和 INFO 日志会拖慢训练并占满磁盘；调试结束后请 unset ASCEND_GLOBAL_LOG_LEVEL（或 export ASCEND_GLOBAL_LOG_LEVEL=3）。</translation>
    </message>
    <message>
        <source>ASCEND_SLOG_PRINT_TO_STDOUT=1: CANN logs go to the screen instead of the log files.</source>
        <translation>ASCEND_SLOG_PRINT_TO_STDOUT=1：CANN 日志打印到屏幕，而不写入日志文件。</translation>
    </message>
    <message>
        <source>VERL_LOGGING_LEVEL=%1 is not a Python logging level.</source>
        <translation>VERL_LOGGING_LEVEL=%1 不是 Python 的日志级别。</translation>
    </message>
    <message>
        <source>Use DEBUG, INFO, WARN or ERROR.</source>
        <translation>请使用 DEBUG、INFO、WARN 或 ERROR。</translation>
    </message>
    <message>
        <source>VERL_LOGGING_LEVEL=%1.</source>
        <translation>VERL_LOGGING_LEVEL=%1。</translation>
    </message>
    <message>
        <source>VERL_LOGGING_LEVEL=DEBUG is very verbose; unset it when you are done (verl&apos;s default is WARN).</source>
        <translation>VERL_LOGGING_LEVEL=DEBUG 输出非常多；用完后请取消设置（verl 默认为 WARN）。</translation>
    </message>
    <message>
        <source>HCCL_DEBUG=%1 is set, but HCCL does not read HCCL_DEBUG (it is NCCL&apos;s variable; the FAQ&apos;s example has no effect).</source>
        <translation>设置了 HCCL_DEBUG=%1，但 HCCL 并不读取 HCCL_DEBUG（这是 NCCL 的变量；FAQ 中的示例不起作用）。</translation>
    </message>
    <message>
        <source>ASCEND_GLOBAL_EVENT_ENABLE=1: event logging is on.</source>
        <translation>ASCEND_GLOBAL_EVENT_ENABLE=1：已开启事件日志。</translation>
    </message>
    <message>
        <source>HCCL_CONNECT_TIMEOUT=%1 is outside 120–7200 seconds.</source>
        <translation>HCCL_CONNECT_TIMEOUT=%1 超出 120–7200 秒的范围。</translation>
    </message>
    <message>
        <source>Use whole seconds between 120 and 7200 (verl&apos;s multi-node example uses 3600).</source>
        <translation>请使用 120 到 7200 之间的整数秒（verl 的多机示例使用 3600）。</translation>
    </message>
    <message>
        <source>HCCL_CONNECT_TIMEOUT=%1 s (+20 s to broadcast the failure).</source>
        <translation>HCCL_CONNECT_TIMEOUT=%1 秒（另加 20 秒用于广播失败原因）。</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT=%1 is not a number of seconds.</source>
        <translation>HCCL_EXEC_TIMEOUT=%1 不是秒数。</translation>
    </message>
    <message>
        <source>Use whole seconds, e.g. 3600.</source>
        <translation>请使用整数秒，例如 3600。</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT=%1 with HCCL_OP_EXPANSION_MODE=AIV: values of 0 or above 1091 are treated as 1091 s.</source>
        <translation>HCCL_EXEC_TIMEOUT=%1 且 HCCL_OP_EXPANSION_MODE=AIV：0 或大于 1091 的值都按 1091 秒处理。</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT=%1 is outside (0, 17340] seconds, the range of this NPU family.</source>
        <translation>HCCL_EXEC_TIMEOUT=%1 超出该 NPU 系列的范围 (0, 17340] 秒。</translation>
    </message>
    <message>
        <source>Use a value up to 17340 s.</source>
        <translation>请使用不超过 17340 秒的值。</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT=%1 s; this family rounds it down to a multiple of 68: %2 s.</source>
        <translation>HCCL_EXEC_TIMEOUT=%1 秒；该系列会向下取整到 68 的倍数：%2 秒。</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT=%1 s%2.</source>
        <translation>HCCL_EXEC_TIMEOUT=%1 秒%2。</translation>
    </message>
    <message>
        <source> (never times out)</source>
        <translation>（永不超时）</translation>
    </message>
    <message>
        <source>HCCL_BUFFSIZE=%1 is not a whole number of MB (at least 1).</source>
        <translation>HCCL_BUFFSIZE=%1 不是整数 MB（至少为 1）。</translation>
    </message>
    <message>
        <source>The default is 200.</source>
        <translation>默认值为 200。</translation>
    </message>
    <message>
        <source>HCCL_BUFFSIZE=%1 MB per direction per communicator.</source>
        <translation>HCCL_BUFFSIZE=%1 MB（每个通信域每个方向）。</translation>
    </message>
    <message>
        <source>%1=%2 is not a port range like 60000-60050.</source>
        <translation>%1=%2 不是 60000-60050 这样的端口范围。</translation>
    </message>
    <message>
        <source>Write ranges as LOW-HIGH with 1 ≤ LOW ≤ HIGH ≤ 65535, comma-separated.</source>
        <translation>请把范围写成 LOW-HIGH，满足 1 ≤ LOW ≤ HIGH ≤ 65535，多个范围用逗号分隔。</translation>
    </message>
    <message>
        <source>%1=%2 (the interface list could not be read).</source>
        <translation>%1=%2（无法读取网卡列表）。</translation>
    </message>
    <message>
        <source>%1=%2 names no interface of this node (it has %3).</source>
        <translation>%1=%2 没有匹配本节点的任何网卡（本节点有 %3）。</translation>
    </message>
    <message>
        <source>Set %1 to the interface that reaches the other nodes (ip -br addr shows them).</source>
        <translation>请把 %1 设置为能连通其他节点的网卡（ip -br addr 可列出网卡）。</translation>
    </message>
    <message>
        <source>HCCL_IF_IP=%1 (takes priority over HCCL_SOCKET_IFNAME).</source>
        <translation>HCCL_IF_IP=%1（优先于 HCCL_SOCKET_IFNAME）。</translation>
    </message>
    <message>
        <source>HCCL_IF_IP=%1 is not an IP address.</source>
        <translation>HCCL_IF_IP=%1 不是 IP 地址。</translation>
    </message>
    <message>
        <source>Give one IPv4 or IPv6 address of this host.</source>
        <translation>请填写本机的一个 IPv4 或 IPv6 地址。</translation>
    </message>
    <message>
        <source>MindSpeed and megatron-core are not installed: only the Megatron backend needs them.</source>
        <translation>未安装 MindSpeed 和 megatron-core：只有 Megatron 后端需要它们。</translation>
    </message>
    <message>
        <source>megatron-core %1 is installed without MindSpeed; the Megatron backend on NPUs needs MindSpeed.</source>
        <translation>安装了 megatron-core %1 但没有 MindSpeed；NPU 上的 Megatron 后端需要 MindSpeed。</translation>
    </message>
    <message>
        <source>Install MindSpeed as verl&apos;s Ascend guide shows (git checkout %1, pip install -e MindSpeed).</source>
        <translation>按 verl 昇腾指南安装 MindSpeed（git checkout %1，pip install -e MindSpeed）。</translation>
    </message>
    <message>
        <source>MindSpeed %1 (pip), megatron-core %2</source>
        <translation>MindSpeed %1（pip），megatron-core %2</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>branch %1</source>
        <translation>分支 %1</translation>
    </message>
    <message>
        <source>npu:%1: %2</source>
        <translation>npu:%1：%2</translation>
    </message>
    <message>
        <source>No device was available to torch_npu.</source>
        <translation>torch_npu 没有可用的设备。</translation>
    </message>
    <message numerus="yes">
        <source>A tensor operation gave the right result on all %n device(s).</source>
        <translation>
            <numerusform>张量运算在全部 %n 个设备上结果正确。</numerusform>
        </translation>
    </message>
    <message>
        <source>Take the failing devices out of ASCEND_RT_VISIBLE_DEVICES and check their health with npu-smi info -t health.</source>
        <translation>将出错的设备从 ASCEND_RT_VISIBLE_DEVICES 中移除，并用 npu-smi info -t health 检查其健康状态。</translation>
    </message>
    <message>
        <source>Needs at least two devices.</source>
        <translation>至少需要两个设备。</translation>
    </message>
    <message numerus="yes">
        <source>HCCL all-reduce across %n device(s) gave the right sum.</source>
        <translation>
            <numerusform>在 %n 个设备间的 HCCL all-reduce 求和结果正确。</numerusform>
        </translation>
    </message>
    <message>
        <source>Read the HCCL logs under $HOME/ascend/log/run/plog; check HCCL_* settings and that no other job holds the devices.</source>
        <translation>查看 $HOME/ascend/log/run/plog 下的 HCCL 日志；检查 HCCL_* 设置，并确认没有其他任务占用设备。</translation>
    </message>
    <message>
        <source>The probe printed no Python section.</source>
        <translation>探测没有输出 Python 部分。</translation>
    </message>
    <message>
        <source>The Python interpreter was not found: %1</source>
        <translation>找不到 Python 解释器：%1</translation>
    </message>
    <message>
        <source>The Python probe did not finish in time (importing torch_npu can hang when a device is stuck). Output so far: %1</source>
        <translation>Python 探测未能按时结束（设备卡住时导入 torch_npu 可能挂起）。目前的输出：%1</translation>
    </message>
    <message>
        <source>The Python probe failed (exit code %1): %2</source>
        <translation>Python 探测失败（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>The Python probe printed something we could not read: %1</source>
        <translation>Python 探测输出了无法解析的内容：%1</translation>
    </message>
    <message>
        <source>Shared memory (/dev/shm) for verl&apos;s weight transfer</source>
        <translation>verl 权重传输所用的共享内存（/dev/shm）</translation>
    </message>
    <message>
        <source>/dev/shm was not measured (an older snapshot).</source>
        <translation>未测量 /dev/shm（较旧的快照）。</translation>
    </message>
    <message>
        <source>df -Pk /dev/shm gave no size: %1</source>
        <translation>df -Pk /dev/shm 未给出大小：%1</translation>
    </message>
    <message>
        <source>%1 MiB (verl is not installed in this Python).</source>
        <translation>%1 MiB（此 Python 中未安装 verl）。</translation>
    </message>
    <message>
        <source>%1 MiB; verl %2 keeps no weight bucket in /dev/shm.</source>
        <translation>%1 MiB；verl %2 不在 /dev/shm 中放置权重 bucket。</translation>
    </message>
    <message>
        <source>%1 MiB; driver %2 and CANN %3 support IPC, so verl&apos;s weight buckets stay in device memory.</source>
        <translation>%1 MiB；驱动 %2 和 CANN %3 支持 IPC，因此 verl 的权重 bucket 位于设备内存中。</translation>
    </message>
    <message>
        <source>driver %1 or CANN %2 is older than %3 / %4 (%5), so verl %6 moves weights through /dev/shm (%7)</source>
        <translation>驱动 %1 或 CANN %2 低于 %3 / %4（%5），因此 verl %6 通过 /dev/shm 传输权重（%7）</translation>
    </message>
    <message>
        <source>the driver or CANN version is unknown; without IPC (driver &lt; %1 or CANN &lt; %2, %3) verl %4 moves weights through /dev/shm (%5)</source>
        <translation>驱动或 CANN 版本未知；没有 IPC 时（驱动 &lt; %1 或 CANN &lt; %2，%3），verl %4 通过 /dev/shm 传输权重（%5）</translation>
    </message>
    <message>
        <source>%1 MiB: holds a %2 MiB bucket for each of %3 ranks; %4.</source>
        <translation>%1 MiB：能为 %3 个 rank 各放下一个 %2 MiB 的 bucket；%4。</translation>
    </message>
    <message>
        <source>%1 MiB, but %2 ranks need a %3 MiB bucket each (%4 MiB): %5.</source>
        <translation>%1 MiB，但 %2 个 rank 各需要一个 %3 MiB 的 bucket（共 %4 MiB）：%5。</translation>
    </message>
    <message>
        <source>Give /dev/shm at least %1 MiB (docker run --shm-size=%2g, or mount -o remount,size=%2G /dev/shm), or upgrade the driver and CANN for IPC. The Bucket tab sizes the bucket with &quot;NPU without IPC&quot; and this /dev/shm.</source>
        <translation>请给 /dev/shm 至少 %1 MiB（docker run --shm-size=%2g，或 mount -o remount,size=%2G /dev/shm），或升级驱动和 CANN 以支持 IPC。在 Bucket 计算器中勾选“NPU 不支持 IPC”并填写此 /dev/shm 即可计算 bucket。</translation>
    </message>
    <message>
        <source>Run the checks again.</source>
        <translation>请重新运行检查。</translation>
    </message>
    <message>
        <source>Run the checks again; if the probe stops the same way, run it by hand (the report shows it) to see which command hangs.</source>
        <translation>请重新运行检查；若探测仍以同样方式中止，请手动运行它（报告中有完整内容），看是哪条命令卡住。</translation>
    </message>
    <message>
        <source>Make &quot;ssh %1 true&quot; work from this machine without a prompt: the host name, port, user and key (in ~/.ssh/config), and its host key in known_hosts. Then run the checks again.</source>
        <translation>请确保在本机执行 &quot;ssh %1 true&quot; 无需任何交互即可成功：检查主机名、端口、用户和密钥（~/.ssh/config），以及 known_hosts 中的主机密钥。然后重新运行检查。</translation>
    </message>
    <message>
        <source>Connected over SSH; the probe took %1 s.</source>
        <translation>已通过 SSH 连接；探测耗时 %1 秒。</translation>
    </message>
    <message>
        <source>HCCL_OP_EXPANSION_MODE=AIV: the execution timeout is 1091 s by default.</source>
        <translation>HCCL_OP_EXPANSION_MODE=AIV：执行超时默认为 1091 秒。</translation>
    </message>
    <message>
        <source>%1 is set, but this NPU family does not support it: HCCL ignores it.</source>
        <translation>已设置 %1，但该 NPU 系列不支持它：HCCL 会忽略它。</translation>
    </message>
    <message>
        <source>Remove %1 on this node; HCCL_IF_BASE_PORT sets the ports there.</source>
        <translation>在该节点上删除 %1；此处由 HCCL_IF_BASE_PORT 设置端口。</translation>
    </message>
    <message>
        <source>%1=%2: its ranges overlap or share a port, which HCCL refuses.</source>
        <translation>%1=%2：其中的端口范围重叠或共用端口，HCCL 会拒绝。</translation>
    </message>
    <message>
        <source>Give each range its own ports, e.g. 60000-60049,60100-60149.</source>
        <translation>让每个范围使用各自的端口，例如 60000-60049,60100-60149。</translation>
    </message>
    <message>
        <source>%1=%2 includes ports below 1024, which the system reserves.</source>
        <translation>%1=%2 包含 1024 以下的端口，这些端口由系统保留。</translation>
    </message>
    <message>
        <source>Use ports from 1024 up, e.g. 60000-60050.</source>
        <translation>使用 1024 及以上的端口，例如 60000-60050。</translation>
    </message>
    <message>
        <source>%1=%2 starts or ends with a comma, which HCCL refuses.</source>
        <translation>%1=%2 以逗号开头或结尾，HCCL 会拒绝。</translation>
    </message>
    <message>
        <source>List the interfaces without an empty item, e.g. =eth0,enp0 or ^docker,lo.</source>
        <translation>列出网卡时不要留空项，例如 =eth0,enp0 或 ^docker,lo。</translation>
    </message>
    <message>
        <source>%1=%2: Gloo takes exact interface names only; ^ and = are HCCL&apos;s syntax.</source>
        <translation>%1=%2：Gloo 只接受完整的网卡名；^ 和 = 是 HCCL 的写法。</translation>
    </message>
    <message>
        <source>List the interface names themselves, e.g. %1=eth0.</source>
        <translation>直接列出网卡名，例如 %1=eth0。</translation>
    </message>
    <message>
        <source>%1=%2 lets it use %3.</source>
        <translation>%1=%2 允许使用 %3。</translation>
    </message>
    <message>
        <source>No HCCL variables are set: connect timeout 120 s, execution timeout %1 s, buffer 200 MB, interface chosen automatically (set HCCL_SOCKET_IFNAME on multi-node clusters).</source>
        <translation>未设置 HCCL 变量：建链超时 120 秒，执行超时 %1 秒，缓冲区 200 MB，网卡自动选择（多机集群请设置 HCCL_SOCKET_IFNAME）。</translation>
    </message>
    <message>
        <source>CANN ops package and NNAL match the toolkit</source>
        <translation>CANN ops 算子包与 NNAL 与工具包版本一致</translation>
    </message>
    <message>
        <source>Python version supported by torch_npu and vllm-ascend</source>
        <translation>torch_npu 与 vllm-ascend 支持当前 Python 版本</translation>
    </message>
    <message>
        <source>vLLM ↔ vllm-ascend ↔ torch_npu ↔ CANN ↔ triton-ascend (vllm-ascend&apos;s release matrix)</source>
        <translation>vLLM ↔ vllm-ascend ↔ torch_npu ↔ CANN ↔ triton-ascend（vllm-ascend 版本配套表）</translation>
    </message>
    <message>
        <source>Open-file limit (ulimit -n)</source>
        <translation>打开文件数上限（ulimit -n）</translation>
    </message>
    <message>
        <source>Host tuning (NUMA balancing, swappiness, CPU governor, reserved HCCL ports, task queue)</source>
        <translation>主机调优（NUMA 平衡、swappiness、CPU 调频策略、HCCL 预留端口、下发队列）</translation>
    </message>
    <message>
        <source>NPU network (hccn_tool: link, health, IP)</source>
        <translation>NPU 网络（hccn_tool：链路、健康状态、IP）</translation>
    </message>
    <message>
        <source>SGLang %1 is installed, and verl %2&apos;s Ascend guide says the SGLang backend must run with RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1 and both HCCL port ranges (%3); not set: %4.</source>
        <translation>已安装 SGLang %1，verl %2 的昇腾安装指南要求 SGLang 后端必须设置 RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1 及两个 HCCL 端口范围（%3）；未设置：%4。</translation>
    </message>
    <message>
        <source>(the guide&apos;s values; before ray start and before launching verl)</source>
        <translation>（指南中的取值；在 ray start 和启动 verl 之前设置）</translation>
    </message>
    <message>
        <source>Neither variable is set: Ray assigns devices to verl&apos;s workers, and verl sets the NOSET variable for its rollout servers itself. verl&apos;s multi-node practice exports it as 1.</source>
        <translation>两个变量都未设置：Ray 为 verl 的 worker 分配设备，verl 会为其 rollout 服务自行设置 NOSET 变量。verl 的多机实践中将其设置为 1。</translation>
    </message>
    <message>
        <source>No CANN toolkit was found.</source>
        <translation>未找到 CANN 工具包。</translation>
    </message>
    <message>
        <source>CANN %1 has no ascend_ops_install.info beside %2: since CANN 8.5.0 the ops package is required, and HCCL (libhccl.so) ships in it</source>
        <translation>CANN %1 在 %2 旁没有 ascend_ops_install.info：自 CANN 8.5.0 起 ops 算子包为必选安装，HCCL（libhccl.so）包含在其中</translation>
    </message>
    <message>
        <source>Install the ops package for your NPU (Ascend-cann-&lt;soc&gt;-ops_%1) into the toolkit&apos;s path, after the toolkit, then source set_env.sh again.</source>
        <translation>在工具包之后，将对应 NPU 的 ops 算子包（Ascend-cann-&lt;soc&gt;-ops_%1）安装到工具包所在路径，然后重新 source set_env.sh。</translation>
    </message>
    <message>
        <source>toolkit %1, ops %2 (%3)</source>
        <translation>工具包 %1，ops %2（%3）</translation>
    </message>
    <message>
        <source>ops older than 8.5.0 cannot run under a separately upgraded toolkit</source>
        <translation>8.5.0 之前的 ops 不能与单独升级的工具包配合使用</translation>
    </message>
    <message>
        <source>Install the ops package of CANN %1.</source>
        <translation>安装 CANN %1 的 ops 算子包。</translation>
    </message>
    <message>
        <source>more than one release apart; CANN supports toolkit and ops within one release of each other</source>
        <translation>两者相差超过一个版本；CANN 仅支持工具包与 ops 相差不超过一个版本</translation>
    </message>
    <message>
        <source>Install the ops package of CANN %1 (upgrading the toolkit removes ops: install ops again after it).</source>
        <translation>安装 CANN %1 的 ops 算子包（升级工具包会卸载 ops：升级后请重新安装 ops）。</translation>
    </message>
    <message>
        <source>a release this build does not know; CANN supports toolkit and ops within one release of each other</source>
        <translation>本程序不认识该版本；CANN 仅支持工具包与 ops 相差不超过一个版本</translation>
    </message>
    <message>
        <source>CANN %1 keeps HCCL and the operators in the toolkit and kernels packages</source>
        <translation>CANN %1 的 HCCL 与算子位于工具包和 kernels 包中</translation>
    </message>
    <message>
        <source>NNAL (ATB) %1 at %2 is not the toolkit&apos;s release</source>
        <translation>%2 处的 NNAL（ATB）%1 与工具包版本不一致</translation>
    </message>
    <message>
        <source>Install NNAL %1 (the same release as the toolkit), then source /usr/local/Ascend/nnal/atb/set_env.sh.</source>
        <translation>安装 NNAL %1（与工具包同一版本），然后 source /usr/local/Ascend/nnal/atb/set_env.sh。</translation>
    </message>
    <message>
        <source>NNAL (ATB) %1, the toolkit&apos;s release</source>
        <translation>NNAL（ATB）%1，与工具包版本一致</translation>
    </message>
    <message>
        <source>no NNAL (ATB) was found, and vllm-ascend needs it</source>
        <translation>未找到 NNAL（ATB），而 vllm-ascend 需要它</translation>
    </message>
    <message>
        <source>Install NNAL %1 (vllm-ascend&apos;s installation guide asks for the toolkit&apos;s release).</source>
        <translation>安装 NNAL %1（vllm-ascend 安装指南要求与工具包同一版本）。</translation>
    </message>
    <message>
        <source>no NNAL (ATB) was found (vllm-ascend and ATB models need it)</source>
        <translation>未找到 NNAL（ATB）（vllm-ascend 和使用 ATB 的模型需要它）</translation>
    </message>
    <message>
        <source>Install a firmware release the driver accepts. Over an existing install (an upgrade), install the firmware first, then the driver, then reboot; only a first install goes driver first.</source>
        <translation>安装驱动可接受的固件版本。覆盖安装（升级）时按“固件 &gt; 驱动”的顺序安装，然后重启；只有首次安装才先装驱动。</translation>
    </message>
    <message>
        <source>Install a driver release the firmware lists, or upgrade both: firmware first, then the driver, then reboot.</source>
        <translation>安装固件所列出的驱动版本，或同时升级两者：先固件，后驱动，然后重启。</translation>
    </message>
    <message>
        <source>Since CANN 8.5.0 libhccl.so ships in the ops package, which is not installed: install Ascend-cann-&lt;soc&gt;-ops_%1 into the toolkit&apos;s path (see the CANN ops check).</source>
        <translation>自 CANN 8.5.0 起 libhccl.so 包含在 ops 算子包中，而 ops 未安装：请将 Ascend-cann-&lt;soc&gt;-ops_%1 安装到工具包所在路径（见 CANN ops 检查项）。</translation>
    </message>
    <message>
        <source>Not read: the Python probe gave no versions (%1).</source>
        <translation>未读取：Python 探测未给出版本信息（%1）。</translation>
    </message>
    <message>
        <source>Fix what the check &quot;torch_npu sees the NPUs&quot; reports, then run the checks again.</source>
        <translation>先解决检查项“torch_npu 能看到 NPU”报告的问题，再重新运行检查。</translation>
    </message>
    <message>
        <source>torch %1 with torch_npu %2: torch_npu %3 is built for torch %3 exactly (its setup.py pins torch==%3).</source>
        <translation>torch %1 搭配 torch_npu %2：torch_npu %3 只适配 torch %3（其 setup.py 固定 torch==%3）。</translation>
    </message>
    <message>
        <source>pip install torch==%1, or the torch_npu release for torch %2 and your CANN.</source>
        <translation>pip install torch==%1，或安装适配 torch %2 和当前 CANN 的 torch_npu 版本。</translation>
    </message>
    <message>
        <source>(not installed)</source>
        <translation>（未安装）</translation>
    </message>
    <message>
        <source>Ascend&apos;s table</source>
        <translation>昇腾配套表</translation>
    </message>
    <message>
        <source>%1 pairs torch_npu %2 with CANN %3 (%4).</source>
        <translation>%1 将 torch_npu %2 与 CANN %3 配套（%4）。</translation>
    </message>
    <message>
        <source>%1 pairs torch_npu %2 with CANN %3 (%4); %5 is another build of the same %6 release.</source>
        <translation>%1 将 torch_npu %2 与 CANN %3 配套（%4）；%5 是同一 %6 版本的另一个构建。</translation>
    </message>
    <message>
        <source>For CANN %1 use %2.</source>
        <translation>CANN %1 请使用 %2。</translation>
    </message>
    <message>
        <source>For CANN %1 the table lists %2.</source>
        <translation>配套表中 CANN %1 对应：%2。</translation>
    </message>
    <message>
        <source>Ascend&apos;s table (%1, read %2) has no row for CANN %3.</source>
        <translation>昇腾配套表（%1，读取于 %2）中没有 CANN %3 的行。</translation>
    </message>
    <message>
        <source>torch_npu %1 is built for %2, not CANN %3.</source>
        <translation>torch_npu %1 适配的是 %2，而不是 CANN %3。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>torch_npu %1 is in neither Ascend&apos;s table (read %2) nor vllm-ascend&apos;s (read %3).</source>
        <translation>torch_npu %1 既不在昇腾配套表（读取于 %2）中，也不在 vllm-ascend 配套表（读取于 %3）中。</translation>
    </message>
    <message>
        <source>Python %1</source>
        <translation>Python %1</translation>
    </message>
    <message>
        <source>torch_npu for torch %1 supports Python %2 (%3)</source>
        <translation>适配 torch %1 的 torch_npu 支持 Python %2（%3）</translation>
    </message>
    <message>
        <source>torch_npu for torch %1 supports Python %2 only (%3)</source>
        <translation>适配 torch %1 的 torch_npu 仅支持 Python %2（%3）</translation>
    </message>
    <message>
        <source>Create the environment with Python %1.</source>
        <translation>请使用 Python %1 创建环境。</translation>
    </message>
    <message>
        <source>Ascend&apos;s Python table has no row for torch %1</source>
        <translation>昇腾的 Python 配套表中没有 torch %1 的行</translation>
    </message>
    <message>
        <source>vllm-ascend %1 needs Python %2 (%3)</source>
        <translation>vllm-ascend %1 需要 Python %2（%3）</translation>
    </message>
    <message>
        <source>Use a Python within %1 for vllm-ascend %2.</source>
        <translation>vllm-ascend %2 请使用 %1 范围内的 Python。</translation>
    </message>
    <message>
        <source>Python %1; neither torch_npu nor vllm-ascend is installed.</source>
        <translation>Python %1；torch_npu 和 vllm-ascend 均未安装。</translation>
    </message>
    <message>
        <source>vllm-ascend is not installed: only verl&apos;s vLLM rollout needs it.</source>
        <translation>未安装 vllm-ascend：只有 verl 的 vLLM rollout 需要它。</translation>
    </message>
    <message>
        <source>vllm-ascend %1 is not in vllm-ascend&apos;s release matrix (read %2 at %3): a development build, or newer than the table.</source>
        <translation>vllm-ascend %1 不在 vllm-ascend 的版本配套表中（读取于 %2，%3）：可能是开发构建，或比配套表更新。</translation>
    </message>
    <message>
        <source>Install a released vllm-ascend and the vLLM, torch_npu and CANN its row names.</source>
        <translation>请安装已发布的 vllm-ascend，以及其配套行所列的 vLLM、torch_npu 和 CANN。</translation>
    </message>
    <message>
        <source>vllm-ascend %1: its row (%2) names vLLM %3, torch_npu %4, CANN %5%6</source>
        <translation>vllm-ascend %1：其配套行（%2）对应 vLLM %3、torch_npu %4、CANN %5%6</translation>
    </message>
    <message>
        <source>, triton-ascend %1</source>
        <translation>、triton-ascend %1</translation>
    </message>
    <message>
        <source>Install the stack of one row: vLLM %1, torch_npu %2 on CANN %3 (%4).</source>
        <translation>请按同一行安装整套版本：vLLM %1、torch_npu %2，CANN %3（%4）。</translation>
    </message>
    <message>
        <source>vLLM is not installed</source>
        <translation>未安装 vLLM</translation>
    </message>
    <message>
        <source>vLLM %1 is installed</source>
        <translation>已安装的是 vLLM %1</translation>
    </message>
    <message>
        <source>torch_npu %1 is installed</source>
        <translation>已安装的是 torch_npu %1</translation>
    </message>
    <message>
        <source>torch_npu %1 is another build of %2</source>
        <translation>torch_npu %1 是 %2 的另一个构建</translation>
    </message>
    <message>
        <source>CANN %1 is in use (from %2)</source>
        <translation>当前使用的是 CANN %1（来自 %2）</translation>
    </message>
    <message>
        <source>triton-ascend is not installed</source>
        <translation>未安装 triton-ascend</translation>
    </message>
    <message>
        <source>triton-ascend %1 is installed</source>
        <translation>已安装的是 triton-ascend %1</translation>
    </message>
    <message>
        <source>CANN log files: %1/run/plog and %1/debug/plog (plog-PID_*.log).</source>
        <translation>CANN 日志文件：%1/run/plog 和 %1/debug/plog（plog-PID_*.log）。</translation>
    </message>
    <message>
        <source>For HCCL detail use export ASCEND_GLOBAL_LOG_LEVEL=1 and export HCCL_DEBUG_CONFIG=ALG,TASK (Atlas A2 and A3 only), and look in the run/plog logs.</source>
        <translation>如需 HCCL 详细信息，请设置 export ASCEND_GLOBAL_LOG_LEVEL=1 和 export HCCL_DEBUG_CONFIG=ALG,TASK（仅 Atlas A2 和 A3 支持），并查看 run/plog 日志。</translation>
    </message>
    <message>
        <source>For HCCL detail use export ASCEND_GLOBAL_LOG_LEVEL=1 and look in the run/plog logs (HCCL_DEBUG_CONFIG is not supported on %1).</source>
        <translation>如需 HCCL 详细信息，请设置 export ASCEND_GLOBAL_LOG_LEVEL=1 并查看 run/plog 日志（%1 不支持 HCCL_DEBUG_CONFIG）。</translation>
    </message>
    <message>
        <source>HCCL_DEBUG_CONFIG=%1 is set, but HCCL supports it on Atlas A2 and A3 only, not on %2.</source>
        <translation>已设置 HCCL_DEBUG_CONFIG=%1，但 HCCL 仅在 Atlas A2 和 A3 上支持它，不支持 %2。</translation>
    </message>
    <message>
        <source>verl %1&apos;s Ascend guide installs MindSpeed %2 (%3)</source>
        <translation>verl %1 的昇腾安装指南安装的是 MindSpeed %2（%3）</translation>
    </message>
    <message>
        <source>the pip version does not say which MindSpeed branch is installed, and no git branch was found</source>
        <translation>pip 版本号无法说明安装的是哪个 MindSpeed 分支，也未找到 git 分支</translation>
    </message>
    <message>
        <source>Run git -C %1 branch --show-current and compare with %2.</source>
        <translation>运行 git -C %1 branch --show-current，并与以下对照：%2。</translation>
    </message>
    <message>
        <source>MindSpeed %1 adapts megatron-core %2.x, but %3 is installed</source>
        <translation>MindSpeed %1 适配 megatron-core %2.x，但已安装的是 %3</translation>
    </message>
    <message>
        <source>Install Megatron-LM core_r%1 (pip install -e Megatron-LM after git checkout core_r%1), or the MindSpeed branch for megatron-core %2.</source>
        <translation>安装 Megatron-LM core_r%1（git checkout core_r%1 后 pip install -e Megatron-LM），或安装适配 megatron-core %2 的 MindSpeed 分支。</translation>
    </message>
    <message>
        <source>verl&apos;s FAQ: MindSpeed older than 2.3.0 fails with KeyError: decoder.layers.0.self_attention.q_layernorm.weight</source>
        <translation>verl FAQ：低于 2.3.0 的 MindSpeed 会报 KeyError: decoder.layers.0.self_attention.q_layernorm.weight</translation>
    </message>
    <message>
        <source>MindSpeed marks %1 out of maintenance (Ascend/MindSpeed@028de58:README.md:209-223)</source>
        <translation>MindSpeed 已将 %1 标记为停止维护（Ascend/MindSpeed@028de58:README.md:209-223）</translation>
    </message>
    <message>
        <source>Switch MindSpeed to %1 (git checkout %1, pip install -e MindSpeed) with the Megatron-LM release verl&apos;s guide pairs it with.</source>
        <translation>将 MindSpeed 切换到 %1（git checkout %1，pip install -e MindSpeed），并使用 verl 指南中与之配套的 Megatron-LM 版本。</translation>
    </message>
    <message>
        <source>%1&apos;s Ascend images run with --shm-size=%2g (%3).</source>
        <translation>%1 的昇腾镜像以 --shm-size=%2g 运行（%3）。</translation>
    </message>
    <message>
        <source>Give /dev/shm at least %1 GiB (docker run --shm-size=%1g, or mount -o remount,size=%1G /dev/shm).</source>
        <translation>为 /dev/shm 分配至少 %1 GiB（docker run --shm-size=%1g，或 mount -o remount,size=%1G /dev/shm）。</translation>
    </message>
    <message>
        <source>df -Pk /dev/shm did not finish in time: %1</source>
        <translation>df -Pk /dev/shm 未在规定时间内完成：%1</translation>
    </message>
    <message>
        <source>A hung mount can block df; run df -h /dev/shm on the node by hand.</source>
        <translation>挂起的挂载点可能阻塞 df；请在节点上手动运行 df -h /dev/shm。</translation>
    </message>
    <message>
        <source>%1 MiB; whether verl needs more is not known: the Python probe gave no verl version (%2).</source>
        <translation>%1 MiB；无法判断 verl 是否需要更多：Python 探测未给出 verl 版本（%2）。</translation>
    </message>
    <message>
        <source>The open-file limit was not read (an older snapshot).</source>
        <translation>未读取打开文件数上限（旧的快照）。</translation>
    </message>
    <message>
        <source>in this shell</source>
        <translation>当前 shell 中</translation>
    </message>
    <message>
        <source>in a non-interactive ssh shell; the shell that runs ray start may differ</source>
        <translation>非交互式 ssh shell 中；运行 ray start 的 shell 可能不同</translation>
    </message>
    <message>
        <source>ulimit -n: unlimited (%1).</source>
        <translation>ulimit -n：unlimited（%1）。</translation>
    </message>
    <message>
        <source>ulimit -n printed %1.</source>
        <translation>ulimit -n 输出为 %1。</translation>
    </message>
    <message>
        <source>verl&apos;s multi-node NPU practice uses ulimit -n %1</source>
        <translation>verl 的 NPU 多机实践使用 ulimit -n %1</translation>
    </message>
    <message>
        <source>verl %1&apos;s multi-node NPU practice uses ulimit -n %2 (%3)</source>
        <translation>verl %1 的 NPU 多机实践使用 ulimit -n %2（%3）</translation>
    </message>
    <message>
        <source>ulimit -n: %1 (%2); %3.</source>
        <translation>ulimit -n：%1（%2）；%3。</translation>
    </message>
    <message>
        <source>ulimit -n: %1 (%2); %3. Below it, Ray and the rollout run out of files and sockets (&quot;Too many open files&quot;).</source>
        <translation>ulimit -n：%1（%2）；%3。低于该值时，Ray 和 rollout 会耗尽文件和套接字（“Too many open files”）。</translation>
    </message>
    <message>
        <source>Run ulimit -n %1 in the shell that starts Ray and verl on every node (or raise nofile in /etc/security/limits.conf).</source>
        <translation>在每个节点上启动 Ray 和 verl 的 shell 中运行 ulimit -n %1（或在 /etc/security/limits.conf 中调大 nofile）。</translation>
    </message>
    <message>
        <source>The host settings were not read (an older snapshot).</source>
        <translation>未读取主机设置（旧的快照）。</translation>
    </message>
    <message>
        <source>kernel.numa_balancing=1: the kernel moves pages between NUMA nodes under the NPU processes (%1 turns it off)</source>
        <translation>kernel.numa_balancing=1：内核会在 NPU 进程运行时在 NUMA 节点间迁移内存页（%1 将其关闭）</translation>
    </message>
    <message>
        <source>vm.swappiness=%1 (%2 sets 0; 0 or 1 keeps host memory of the rollout out of swap)</source>
        <translation>vm.swappiness=%1（%2 设为 0；0 或 1 可避免 rollout 的主机内存被换出）</translation>
    </message>
    <message>
        <source>%1 CPUs on %2</source>
        <translation>%1 个 CPU 为 %2</translation>
    </message>
    <message>
        <source>CPU frequency governor: %1 (%2 sets performance)</source>
        <translation>CPU 调频策略：%1（%2 设为 performance）</translation>
    </message>
    <message>
        <source>every CPU on the performance governor</source>
        <translation>所有 CPU 均为 performance 调频策略</translation>
    </message>
    <message>
        <source>HCCL&apos;s host ports %1 are not in net.ipv4.ip_local_reserved_ports, so an outgoing connection can take one before HCCL binds it (HCCL&apos;s docs reserve them: hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_IF_BASE_PORT.md:19-29)</source>
        <translation>HCCL 的主机端口 %1 不在 net.ipv4.ip_local_reserved_ports 中，出站连接可能在 HCCL 绑定前占用它们（HCCL 文档要求预留：hicann/hccl@09300b7:docs/zh/user_guide/hccl_env/HCCL_IF_BASE_PORT.md:19-29）</translation>
    </message>
    <message>
        <source>HCCL&apos;s host ports are reserved</source>
        <translation>HCCL 的主机端口已预留</translation>
    </message>
    <message>
        <source>TASK_QUEUE_ENABLE=%1: torch_npu accepts 0, 1 or 2 and stops with &quot;TASK_QUEUE_ENABLE should be 0, 1 or 2&quot;</source>
        <translation>TASK_QUEUE_ENABLE=%1：torch_npu 只接受 0、1 或 2，否则报错“TASK_QUEUE_ENABLE should be 0, 1 or 2”</translation>
    </message>
    <message>
        <source>the vLLM rollout runs with TASK_QUEUE_ENABLE=2, which NPU graph capture rejects (&quot;Do not support TASK_QUEUE_ENABLE = 2 during NPU graph capture&quot;, Ascend/pytorch@9e73e70:torch_npu/csrc/core/npu/NPUGraph.cpp:242-246)</source>
        <translation>vLLM rollout 以 TASK_QUEUE_ENABLE=2 运行，而 NPU 图捕获不支持该值（“Do not support TASK_QUEUE_ENABLE = 2 during NPU graph capture”，Ascend/pytorch@9e73e70:torch_npu/csrc/core/npu/NPUGraph.cpp:242-246）</translation>
    </message>
    <message>
        <source>export VLLM_ASCEND_TASK_QUEUE_ENABLE=1 (verl %1 gives it to the rollout as its TASK_QUEUE_ENABLE, %2; training keeps 2)</source>
        <translation>export VLLM_ASCEND_TASK_QUEUE_ENABLE=1（verl %1 会将其作为 rollout 的 TASK_QUEUE_ENABLE，%2；训练仍为 2）</translation>
    </message>
    <message>
        <source>/proc/sys could not be read.</source>
        <translation>无法读取 /proc/sys。</translation>
    </message>
    <message>
        <source>The kernel settings apply to the host, not a container (%1:156).</source>
        <translation>内核参数需在主机上设置，而不是在容器内（%1:156）。</translation>
    </message>
    <message>
        <source>The NPU network was not read (an older snapshot).</source>
        <translation>未读取 NPU 网络（旧的快照）。</translation>
    </message>
    <message>
        <source>hccn_tool was not found here (the driver puts it in /usr/local/Ascend/driver/tools), so the NPU network cannot be checked; in a container, mount that directory.</source>
        <translation>此处未找到 hccn_tool（驱动将其安装在 /usr/local/Ascend/driver/tools），无法检查 NPU 网络；在容器中请挂载该目录。</translation>
    </message>
    <message>
        <source>hccn_tool did not answer in time</source>
        <translation>hccn_tool 未在规定时间内响应</translation>
    </message>
    <message>
        <source>link %1</source>
        <translation>链路 %1</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>net health %1</source>
        <translation>网络健康状态 %1</translation>
    </message>
    <message>
        <source>no IP address</source>
        <translation>没有 IP 地址</translation>
    </message>
    <message>
        <source>IP %1, but /etc/hccn.conf has address_%2=%3</source>
        <translation>IP 为 %1，但 /etc/hccn.conf 中为 address_%2=%3</translation>
    </message>
    <message>
        <source>device %1: %2</source>
        <translation>设备 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>link UP and net health Success on %n device(s): %1</source>
        <translation>
            <numerusform>%n 个设备链路 UP 且网络健康状态 Success：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>/etc/hccn.conf is missing, so the device IPs are not kept across reboots</source>
        <translation>缺少 /etc/hccn.conf，设备 IP 重启后不会保留</translation>
    </message>
    <message>
        <source>Jobs across nodes need every device&apos;s link UP with net health Success. Check the cables and the switch, then set the addresses (hccn_tool -i N -ip -s address A netmask M) and the detect IP (hccn_tool -i N -netdetect -s address G); a single-node job does not use this network.</source>
        <translation>跨节点任务需要每个设备链路 UP 且网络健康状态为 Success。请检查线缆和交换机，然后设置地址（hccn_tool -i N -ip -s address A netmask M）和检测 IP（hccn_tool -i N -netdetect -s address G）；单节点任务不使用此网络。</translation>
    </message>
    <message>
        <source>Not read: %1, before it reached %2.</source>
        <translation>未读取：%1，探测尚未到达 %2。</translation>
    </message>
    <message>
        <source>Nothing is known here yet. Run the checks again, with a longer probe timeout if the node is slow; the raw output shows where the probe stopped.</source>
        <translation>目前对此一无所知。请重新运行检查，节点较慢时请加长探测超时；原始输出会显示探测停在何处。</translation>
    </message>
    <message>
        <source>%1 device %2</source>
        <translation>%1 设备 %2</translation>
    </message>
    <message>
        <source>device %1 has IP %2, as %3 has: the nodes&apos; NPUs cannot reach each other</source>
        <translation>设备 %1 的 IP 为 %2，与 %3 相同：各节点的 NPU 之间无法互通</translation>
    </message>
    <message>
        <source>Give every NPU in the cluster its own address (/etc/hccn.conf was likely copied between nodes): hccn_tool -i N -ip -s address A netmask M.</source>
        <translation>为集群中每个 NPU 分配独立地址（/etc/hccn.conf 很可能是在节点间复制的）：hccn_tool -i N -ip -s address A netmask M。</translation>
    </message>
    <message>
        <source>HCCL all-reduce across all nodes&apos; NPUs</source>
        <translation>所有节点 NPU 间的 HCCL all-reduce</translation>
    </message>
    <message>
        <source>%1 (unreachable)</source>
        <translation>%1（无法连接）</translation>
    </message>
    <message>
        <source>%1 (torch_npu sees no NPU)</source>
        <translation>%1（torch_npu 看不到 NPU）</translation>
    </message>
    <message>
        <source>Needs at least two nodes.</source>
        <translation>至少需要两个节点。</translation>
    </message>
    <message>
        <source>Not run: every node must take part, and these cannot: %1.</source>
        <translation>未运行：所有节点都必须参与，而以下节点无法参与：%1。</translation>
    </message>
    <message>
        <source>Fix the checks of those nodes first.</source>
        <translation>请先解决这些节点的检查项问题。</translation>
    </message>
    <message>
        <source>given</source>
        <translation>指定</translation>
    </message>
    <message>
        <source>No address of %1 to meet at (HCCL_IF_IP is not set and hostname -I printed none).</source>
        <translation>没有可用于汇合的 %1 地址（未设置 HCCL_IF_IP，hostname -I 也没有输出地址）。</translation>
    </message>
    <message>
        <source>Give the first node&apos;s address on the network between the nodes (--master-addr).</source>
        <translation>请给出第一个节点在节点间网络上的地址（--master-addr）。</translation>
    </message>
    <message>
        <source>Canceled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内无响应</translation>
    </message>
    <message>
        <source>%1 of %2 ranks reported: %3</source>
        <translation>%2 个 rank 中有 %1 个报告了结果：%3</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s) on %1 node(s), meeting at %2:%3 (%4)</source>
        <translation>
            <numerusform>%1 个节点上的 %n 个 rank，在 %2:%3 汇合（%4）</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>rank %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1: this node&apos;s %n rank(s) got the right sum.</source>
        <translation>
            <numerusform>%1：本节点的 %n 个 rank 得到了正确的求和结果。</numerusform>
        </translation>
    </message>
    <message>
        <source>Ranks that time out while others pass point at the network between the nodes: check HCCL_SOCKET_IFNAME / HCCL_IF_IP, the NPU network check (hccn_tool) and that port %1 and the HCCL port ranges are open between the nodes.</source>
        <translation>部分 rank 超时而其他 rank 正常，说明问题在节点间的网络：请检查 HCCL_SOCKET_IFNAME / HCCL_IF_IP、NPU 网络检查项（hccn_tool），以及节点间是否放通端口 %1 和 HCCL 端口范围。</translation>
    </message>
    <message>
        <source>hccn_tool is here, but there is no /dev/davinci device to ask it about.</source>
        <translation>此处有 hccn_tool，但没有可供查询的 /dev/davinci 设备。</translation>
    </message>
    <message>
        <source>Run the checks again to finish the all-reduce.</source>
        <translation>重新运行检查以完成 all-reduce。</translation>
    </message>
    <message>
        <source>device %1 → %2 (%3 device %1)</source>
        <translation>设备 %1 → %2（%3 设备 %1）</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>无响应</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s) reach the same devices of %1 (hccn_tool -ping)</source>
        <translation>
            <numerusform>%n 个设备可以连通 %1 的对应设备（hccn_tool -ping）</numerusform>
        </translation>
    </message>
    <message>
        <source>hccn_tool -ping to %1: %2</source>
        <translation>hccn_tool -ping 到 %1：%2</translation>
    </message>
    <message>
        <source>Devices that cannot ping the other node&apos;s devices have no route between them: check the switch, the netmask and the gateway (hccn_tool -i N -gateway -g) on both nodes.</source>
        <translation>无法 ping 通另一节点设备的设备之间没有路由：请在两个节点上检查交换机、子网掩码和网关（hccn_tool -i N -gateway -g）。</translation>
    </message>
    <message>
        <source>Packages the installed verl release requires, and its Ascend guide&apos;s stack</source>
        <translation>已安装的 verl 版本所要求的软件包，以及其昇腾指南的软件栈</translation>
    </message>
    <message>
        <source>verl is not installed in this Python (%1): there is no release to compare with.</source>
        <translation>此 Python（%1）中未安装 verl：没有可对照的版本。</translation>
    </message>
    <message>
        <source>verl %1 is not a release number this tool can read.</source>
        <translation>verl %1 不是本工具能识别的版本号。</translation>
    </message>
    <message>
        <source>Install a released verl, or compare by hand with its requirements-npu.txt.</source>
        <translation>请安装正式发布的 verl，或手动对照其 requirements-npu.txt。</translation>
    </message>
    <message>
        <source>verl %1 is a build of main (the v%2 tag&apos;s own version file also reads %2.dev): compared with what verl %2 requires</source>
        <translation>verl %1 是 main 分支的构建（v%2 标签自身的版本文件也写作 %2.dev）：按 verl %2 的要求对照</translation>
    </message>
    <message>
        <source>verl %1 is compared with %2, the newest release before it whose files were read</source>
        <translation>verl %1 按 %2 对照，这是在它之前、已读取其文件的最新版本</translation>
    </message>
    <message>
        <source>No requirements were read for verl %1 (the facts file has none).</source>
        <translation>未读取到 verl %1 的依赖要求（事实文件中没有）。</translation>
    </message>
    <message>
        <source>%1&apos;s requirement %2 (%3) could not be read</source>
        <translation>无法解析 %1 的依赖要求 %2（%3）</translation>
    </message>
    <message>
        <source>%1 is not installed; verl %2 requires %1%3 (%4)</source>
        <translation>未安装 %1；verl %2 要求 %1%3（%4）</translation>
    </message>
    <message>
        <source>%1 %2 is not a version this tool can compare with %3 (%4)</source>
        <translation>%1 %2 不是本工具能与 %3（%4）比较的版本号</translation>
    </message>
    <message>
        <source>verl %1&apos;s files disagree on %2: %3 asks for %4 (%5), %6 for %7 (%8); %2 %9 meets the second, so it is not judged</source>
        <translation>verl %1 自身的文件对 %2 的要求互相矛盾：%3 要求 %4（%5），%6 要求 %7（%8）；%2 %9 满足后者，因此不作判定</translation>
    </message>
    <message>
        <source>%1 %2 is what verl %3&apos;s %4 guide installs (%5), newer than its %6 asks for (%7 at %8): the guide&apos;s later step overrides it, so it is not judged</source>
        <translation>%1 %2 正是 verl %3 的 %4 指南所安装的版本（%5），比其 %6 的要求（%8 处的 %7）更新：指南的后续步骤覆盖了该要求，因此不作判定</translation>
    </message>
    <message>
        <source>%1 %2 is installed; verl %3 requires %1%4 (%5: &quot;%6&quot;)</source>
        <translation>已安装 %1 %2；verl %3 要求 %1%4（%5：&quot;%6&quot;）</translation>
    </message>
    <message>
        <source>verl %1&apos;s guide pins %2 %3 (%4), but its %5 asks for %6 (%7): the requirements are what the code was written for</source>
        <translation>verl %1 的指南固定 %2 %3（%4），但其 %5 要求 %6（%7）：代码是按依赖要求编写的，以依赖要求为准</translation>
    </message>
    <message>
        <source>%1 %2 is outside the %3 verl %4&apos;s Ascend guide asks for (%5)</source>
        <translation>%1 %2 不在 verl %4 昇腾指南要求的 %3 范围内（%5）</translation>
    </message>
    <message>
        <source>%1 %2 is older than the %3 verl %4&apos;s Ascend guide installs (%5)</source>
        <translation>%1 %2 比 verl %4 昇腾指南安装的 %3 更旧（%5）</translation>
    </message>
    <message>
        <source>Install vLLM and vllm-ascend %1 the way verl %2&apos;s guide does (%3).</source>
        <translation>按 verl %2 指南的方式安装 vLLM 和 vllm-ascend %1（%3）。</translation>
    </message>
    <message>
        <source>%1 %2 is newer than the guide&apos;s %3</source>
        <translation>%1 %2 比指南中的 %3 更新</translation>
    </message>
    <message>
        <source>verl %1: %2 requirements of requirements-npu.txt and setup.py compared</source>
        <translation>verl %1：已对照 requirements-npu.txt 与 setup.py 中的 %2 项依赖要求</translation>
    </message>
    <message>
        <source>, and %1 pins of its %2 guide (%3)</source>
        <translation>，以及其 %2 指南中固定的 %1 个版本（%3）</translation>
    </message>
    <message>
        <source>; no guide stack compared (neither vllm-ascend nor SGLang is installed)</source>
        <translation>；未对照指南软件栈（vllm-ascend 与 SGLang 均未安装）</translation>
    </message>
    <message>
        <source>not compared (the probe does not read them): %1</source>
        <translation>未对照（探测不读取它们）：%1</translation>
    </message>
    <message>
        <source>The probe runs on this machine</source>
        <translation>探测在本机运行</translation>
    </message>
    <message>
        <source>Not set, and no NPU was found to make visible.</source>
        <translation>未设置，也没有找到可设为可见的 NPU。</translation>
    </message>
</context>
<context>
    <name>EnvReport</name>
    <message>
        <source>Next step:</source>
        <translation>下一步：</translation>
    </message>
    <message>
        <source>All nodes agree on every check, version and variable.</source>
        <translation>所有节点在每个检查项、版本和变量上都一致。</translation>
    </message>
    <message>
        <source>Where the nodes differ:</source>
        <translation>各节点的差异：</translation>
    </message>
    <message>
        <source>Environment report</source>
        <translation>环境报告</translation>
    </message>
    <message>
        <source>Made by verl-npu-assistant %1 on %2.</source>
        <translation>由 verl-npu-assistant %1 于 %2 生成。</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Rows in bold differ between nodes.</source>
        <translation>加粗的行表示各节点不一致。</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Environment variables (allowlisted, secrets masked)</source>
        <translation>环境变量（按白名单收集，敏感值已遮盖）</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>Logical devices</source>
        <translation>逻辑设备数</translation>
    </message>
    <message>
        <source>%1 unreachable (%2)</source>
        <translation>%1 个不可达（%2）</translation>
    </message>
    <message>
        <source>%1 with failures (%2)</source>
        <translation>%1 个有失败项（%2）</translation>
    </message>
    <message>
        <source>%1 with warnings (%2)</source>
        <translation>%1 个有警告（%2）</translation>
    </message>
    <message>
        <source>%1 passed</source>
        <translation>%1 个通过</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): %1.</source>
        <translation>
            <numerusform>%n 个节点：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 has no Ascend NPU: npu-smi is not installed and no device was found, so this is not an NPU node. Run the checks on the nodes that train (over SSH), or install the NPU driver if it should be one.</source>
        <translation>%1 没有昇腾 NPU：未安装 npu-smi，也没有找到设备，因此这不是 NPU 节点。请在训练节点上（通过 SSH）运行检查；如果它本应是 NPU 节点，请安装 NPU 驱动。</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
</context>
<context>
    <name>EnvScript</name>
    <message>
        <source>&quot;%1&quot; is not a log level; use debug, info, warning, error or null.</source>
        <translation>“%1”不是日志级别；请使用 debug、info、warning、error 或 null。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a device id or a range like 0-7.</source>
        <translation>“%1”不是设备 ID，也不是 0-7 这样的范围。</translation>
    </message>
    <message>
        <source>The range %1 runs backwards.</source>
        <translation>范围 %1 是倒序的。</translation>
    </message>
    <message>
        <source>%1 devices is more than a node has.</source>
        <translation>%1 个设备超过了一个节点所能拥有的数量。</translation>
    </message>
    <message>
        <source># verl on Ascend NPU: environment generated by %1 %2.</source>
        <translation># 昇腾 NPU 上运行 verl 的环境，由 %1 %2 生成。</translation>
    </message>
    <message>
        <source># Source it (source FILE) in the shell that runs ray start and the verl launch command, on every node.</source>
        <translation># 在每个节点上、运行 ray start 和 verl 启动命令的 shell 中 source 本文件（source FILE）。</translation>
    </message>
    <message>
        <source># CANN toolkit: libraries, Python path and ASCEND_HOME_PATH. From CANN 8.5 the file is /usr/local/Ascend/cann/set_env.sh.</source>
        <translation># CANN 工具包：库路径、Python 路径和 ASCEND_HOME_PATH。从 CANN 8.5 起该文件为 /usr/local/Ascend/cann/set_env.sh。</translation>
    </message>
    <message>
        <source># ATB (NNAL), needed by vllm-ascend, when installed.</source>
        <translation># ATB（NNAL），vllm-ascend 需要，已安装时加载。</translation>
    </message>
    <message>
        <source># Logical device ids this job may use: ascending, comma-separated, no spaces (CANN stops reading at the first other character).</source>
        <translation># 本任务可用的逻辑设备 ID：升序、逗号分隔、不能有空格（CANN 遇到其他字符就停止读取）。</translation>
    </message>
    <message>
        <source># Keep Ray from overwriting ASCEND_RT_VISIBLE_DEVICES in its workers (verl FAQ). Set it before ray start.</source>
        <translation># 防止 Ray 在 worker 中覆盖 ASCEND_RT_VISIBLE_DEVICES（verl FAQ）。需在 ray start 之前设置。</translation>
    </message>
    <message>
        <source># CANN log level 0 = DEBUG: everything. Slows training and fills the disk; revert after debugging.</source>
        <translation># CANN 日志级别 0 = DEBUG：输出全部日志。会拖慢训练并占满磁盘；调试后请恢复。</translation>
    </message>
    <message>
        <source># CANN log level 1 = INFO: includes HCCL details. Slows training; revert after debugging.</source>
        <translation># CANN 日志级别 1 = INFO：包含 HCCL 细节。会拖慢训练；调试后请恢复。</translation>
    </message>
    <message>
        <source># CANN log level 2 = WARNING.</source>
        <translation># CANN 日志级别 2 = WARNING。</translation>
    </message>
    <message>
        <source># CANN log level 3 = ERROR, the default: errors only.</source>
        <translation># CANN 日志级别 3 = ERROR，默认值：只输出错误。</translation>
    </message>
    <message>
        <source># CANN log level 4 = NULL: no CANN logs at all.</source>
        <translation># CANN 日志级别 4 = NULL：不输出任何 CANN 日志。</translation>
    </message>
    <message>
        <source># Print CANN logs to the screen instead of writing them under $HOME/ascend/log.</source>
        <translation># 将 CANN 日志打印到屏幕，而不写入 $HOME/ascend/log。</translation>
    </message>
    <message>
        <source># HCCL reads no HCCL_DEBUG; this adds HCCL algorithm and task details to the run logs.</source>
        <translation># HCCL 不读取 HCCL_DEBUG；此项会在 run 日志中加入 HCCL 算法和任务细节。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a verl log level; use DEBUG, INFO, WARN or ERROR.</source>
        <translation>“%1”不是 verl 的日志级别；请使用 DEBUG、INFO、WARN 或 ERROR。</translation>
    </message>
    <message>
        <source># verl&apos;s own Python logging (its default is WARN).</source>
        <translation># verl 自身的 Python 日志（默认为 WARN）。</translation>
    </message>
    <message>
        <source>The HCCL connect timeout must be 120–7200 seconds, not %1.</source>
        <translation>HCCL 建链超时必须在 120–7200 秒之间，而不是 %1。</translation>
    </message>
    <message>
        <source># Seconds HCCL waits for the other ranks to connect (120–7200, default 120).</source>
        <translation># HCCL 等待其他 rank 建链的秒数（120–7200，默认 120）。</translation>
    </message>
    <message>
        <source># Seconds a rank waits for the others inside a collective, e.g. while one saves a checkpoint (default 1836; 0 never times out on Atlas A2/A3).</source>
        <translation># 集合通信中一个 rank 等待其他 rank 的秒数，例如某个 rank 正在保存检查点时（默认 1836；在 Atlas A2/A3 上 0 表示永不超时）。</translation>
    </message>
    <message>
        <source># Several processes on one card (e.g. SGLang rollout) need their own port ranges.</source>
        <translation># 单卡多进程（例如 SGLang rollout）需要各自的端口范围。</translation>
    </message>
    <message>
        <source>A multi-node setup needs the network interface that reaches the other nodes (--ifname, e.g. eth0).</source>
        <translation>多机配置需要能连通其他节点的网卡（--ifname，例如 eth0）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a network interface name.</source>
        <translation>“%1”不是网卡名称。</translation>
    </message>
    <message>
        <source># The network interface that reaches the other nodes, for HCCL and for gloo.</source>
        <translation># 能连通其他节点的网卡，供 HCCL 和 gloo 使用。</translation>
    </message>
    <message>
        <source># A guess: nothing said how many devices the node has. An Atlas A2 node has 8 (0-7), an A3 node 16 (0-15, two per NPU): run the checks on it first, or give the ids.</source>
        <translation># 这是猜测：没有信息说明节点有多少个设备。Atlas A2 节点有 8 个（0-7），A3 节点有 16 个（0-15，每个 NPU 两个）：请先在该节点上运行检查，或直接给出设备号。</translation>
    </message>
    <message numerus="yes">
        <source># The %n logical device(s) the checks found on %1.</source>
        <translation>
            <numerusform># 检查在 %1 上发现的 %n 个逻辑设备。</numerusform>
        </translation>
    </message>
    <message>
        <source># verl&apos;s multi-node practice waits 3600 s: the first steps of a large model and its checkpoint saves keep ranks apart longer than HCCL&apos;s defaults.</source>
        <translation># verl 的多机实践等待 3600 秒：大模型的前几步和保存检查点时，各 rank 的间隔会超过 HCCL 的默认值。</translation>
    </message>
    <message>
        <source># Fixed HCCL port ranges on the host and on the NPU, as verl&apos;s multi-node practice sets them (open them between the nodes; several processes per card, as SGLang&apos;s rollout runs, need them).</source>
        <translation># 按 verl 多机实践固定主机侧和 NPU 侧的 HCCL 端口范围（需在节点间放通；单卡多进程，如 SGLang rollout，也需要它们）。</translation>
    </message>
    <message>
        <source># As root, once per host, keep the host ports out of the kernel&apos;s ephemeral range:</source>
        <translation># 以 root 在每台主机上执行一次，将主机端口排除在内核的临时端口范围之外：</translation>
    </message>
    <message>
        <source># vllm-ascend&apos;s tensor-parallel sockets use the same interface.</source>
        <translation># vllm-ascend 的张量并行套接字使用同一网卡。</translation>
    </message>
    <message>
        <source># Show every node&apos;s log lines instead of folding repeats, and Hydra&apos;s full traceback.</source>
        <translation># 显示每个节点的日志行而不折叠重复内容，并输出 Hydra 的完整报错栈。</translation>
    </message>
    <message>
        <source># Operator dispatch queue: 1 as verl&apos;s practice sets it (NPU graph capture, used by the vLLM rollout, rejects 2).</source>
        <translation># 算子下发队列：按 verl 实践设为 1（vLLM rollout 使用的 NPU 图捕获不支持 2）。</translation>
    </message>
    <message>
        <source># torch_npu&apos;s default 1 ends the process on an HCCL ERROR CQE; verl&apos;s practice turns it off and relies on the timeouts.</source>
        <translation># torch_npu 默认值 1 会在 HCCL ERROR CQE 时终止进程；verl 的实践将其关闭，依靠超时处理。</translation>
    </message>
    <message>
        <source># Ray and the rollout open many files and sockets (&quot;Too many open files&quot;).</source>
        <translation># Ray 和 rollout 会打开大量文件和套接字（“Too many open files”）。</translation>
    </message>
    <message>
        <source># Then start Ray with this node&apos;s NPUs as a resource, after sourcing this block: on the head node</source>
        <translation># source 本段后，以本节点的 NPU 作为资源启动 Ray：在主节点上</translation>
    </message>
    <message>
        <source># and on every other node (HEAD_IP: the head node&apos;s address on %1)</source>
        <translation># 在其他每个节点上（HEAD_IP：主节点在 %1 上的地址）</translation>
    </message>
</context>
<context>
    <name>EnvScriptCommand</name>
    <message>
        <source>Print the commented export block verl on Ascend needs (devices, Ray, log levels, HCCL).</source>
        <translation>输出昇腾上运行 verl 所需的带注释的 export 代码块（设备、Ray、日志级别、HCCL）。</translation>
    </message>
    <message>
        <source>Prints a bash block of commented export lines to source before ray start and the verl launch command, on every node.</source>
        <translation>输出一段带注释的 bash export 语句，在每个节点上于 ray start 和 verl 启动命令之前 source。</translation>
    </message>
    <message>
        <source>Logical device ids, e.g. 0-7, 0-15 on Atlas A3, or 0,1,4-5; &quot;&quot; leaves ASCEND_RT_VISIBLE_DEVICES unset.</source>
        <translation>逻辑设备 ID，例如 0-7、Atlas A3 上的 0-15，或 0,1,4-5；&quot;&quot; 表示不设置 ASCEND_RT_VISIBLE_DEVICES。</translation>
    </message>
    <message>
        <source>ids</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Do not set RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1.</source>
        <translation>不设置 RAY_EXPERIMENTAL_NOSET_ASCEND_RT_VISIBLE_DEVICES=1。</translation>
    </message>
    <message>
        <source>CANN log level (ASCEND_GLOBAL_LOG_LEVEL) by name.</source>
        <translation>按名称指定 CANN 日志级别（ASCEND_GLOBAL_LOG_LEVEL）。</translation>
    </message>
    <message>
        <source>Print CANN logs to the screen instead of log files.</source>
        <translation>将 CANN 日志打印到屏幕，而不写入日志文件。</translation>
    </message>
    <message>
        <source>verl&apos;s logging level.</source>
        <translation>verl 的日志级别。</translation>
    </message>
    <message>
        <source>HCCL_CONNECT_TIMEOUT in seconds (120–7200).</source>
        <translation>HCCL_CONNECT_TIMEOUT，单位秒（120–7200）。</translation>
    </message>
    <message>
        <source>sec</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>HCCL_EXEC_TIMEOUT in seconds (0: never).</source>
        <translation>HCCL_EXEC_TIMEOUT，单位秒（0：永不超时）。</translation>
    </message>
    <message>
        <source>Port ranges for several processes per card (SGLang).</source>
        <translation>单卡多进程的端口范围（SGLang）。</translation>
    </message>
    <message>
        <source>Settings for a cluster of several nodes (needs --ifname).</source>
        <translation>多节点集群的设置（需要 --ifname）。</translation>
    </message>
    <message>
        <source>The network interface that reaches the other nodes.</source>
        <translation>能连通其他节点的网卡。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>The set_env.sh to source; &quot;&quot; for none.</source>
        <translation>要 source 的 set_env.sh；&quot;&quot; 表示不 source。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>--ifname only applies with --multi-node.</source>
        <translation>--ifname 只能与 --multi-node 一起使用。</translation>
    </message>
</context>
<context>
    <name>GlobalOptions</name>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示此帮助并退出。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本并退出。</translation>
    </message>
    <message>
        <source>Log level: trace, debug, info, warn or error (default: info; environment variable VNA_LOG_LEVEL). Allowed anywhere on the line.</source>
        <translation>日志级别：trace、debug、info、warn 或 error（默认 info；环境变量 VNA_LOG_LEVEL）。可放在命令行的任意位置。</translation>
    </message>
    <message>
        <source>level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Language of the window and the messages: en or zh_CN (default: the saved choice, else the system language). Allowed anywhere on the line.</source>
        <translation>窗口和消息的语言：en 或 zh_CN（默认：上次保存的选择，否则使用系统语言）。可放在命令行的任意位置。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>将主窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Open the window on this tab (home, or a tool&apos;s name).</source>
        <translation>打开窗口并切换到此标签页（home 或工具名称）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Window size, e.g. 1280x800.</source>
        <translation>窗口大小，例如 1280x800。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>宽x高</translation>
    </message>
    <message>
        <source>Invalid size &quot;%1&quot; in %2: expected WIDTHxHEIGHT, e.g. 1280x800, each between %3 and %4.</source>
        <translation>%2 中的大小 &quot;%1&quot; 无效：应为 宽x高，例如 1280x800，每项在 %3 到 %4 之间。</translation>
    </message>
    <message>
        <source>Missing value after %1.</source>
        <translation>%1 后面缺少取值。</translation>
    </message>
    <message>
        <source>--screenshot needs a file name, e.g. --screenshot home.png.</source>
        <translation>--screenshot 需要文件名，例如 --screenshot home.png。</translation>
    </message>
    <message>
        <source>--%1 is an option of the window; it cannot be used with the subcommand &quot;%2&quot;.</source>
        <translation>--%1 是窗口的选项，不能与子命令 &quot;%2&quot; 一起使用。</translation>
    </message>
    <message>
        <source>A tool to run on the command line (see below).</source>
        <translation>在命令行中运行的工具（见下文）。</translation>
    </message>
    <message>
        <source>Diagnoses Ascend NPU environments, sizes the verl weight-transfer bucket, writes NPU profiler overrides, syncs checkpoints across nodes and explains training logs.</source>
        <translation>诊断昇腾 NPU 环境，计算 verl 权重传输 bucket 大小，生成 NPU 性能分析覆盖参数，在节点间同步检查点 (checkpoint)，并分析训练日志。</translation>
    </message>
</context>
<context>
    <name>Hydra</name>
    <message>
        <source>&quot;%1&quot; is not a valid Hydra key.</source>
        <translation>&quot;%1&quot; 不是有效的 Hydra 键。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be a key inside {…}: Hydra allows letters, digits, _ and - only, starting with a letter or _.</source>
        <translation>&quot;%1&quot; 不能作为 {…} 中的键：Hydra 只允许字母、数字、_ 和 -，且必须以字母或 _ 开头。</translation>
    </message>
</context>
<context>
    <name>HydraParser</name>
    <message>
        <source>a list is not closed with &quot;]&quot;</source>
        <translation>列表缺少结尾的 &quot;]&quot;</translation>
    </message>
    <message>
        <source>expected &quot;,&quot; or &quot;]&quot; in a list</source>
        <translation>列表中此处应为 &quot;,&quot; 或 &quot;]&quot;</translation>
    </message>
    <message>
        <source>a dictionary key is missing</source>
        <translation>缺少字典的键</translation>
    </message>
    <message>
        <source>expected &quot;:&quot; after a dictionary key</source>
        <translation>字典的键之后应为 &quot;:&quot;</translation>
    </message>
    <message>
        <source>a dictionary is not closed with &quot;}&quot;</source>
        <translation>字典缺少结尾的 &quot;}&quot;</translation>
    </message>
    <message>
        <source>expected &quot;,&quot; or &quot;}&quot; in a dictionary</source>
        <translation>字典中此处应为 &quot;,&quot; 或 &quot;}&quot;</translation>
    </message>
    <message>
        <source>a function call is not closed with &quot;)&quot;</source>
        <translation>函数调用缺少结尾的 &quot;)&quot;</translation>
    </message>
    <message>
        <source>expected &quot;,&quot; or &quot;)&quot; in a function call</source>
        <translation>函数调用中此处应为 &quot;,&quot; 或 &quot;)&quot;</translation>
    </message>
    <message>
        <source>a quoted value is not closed</source>
        <translation>带引号的值缺少结尾引号</translation>
    </message>
    <message>
        <source>an interpolation &quot;${…}&quot; is not closed</source>
        <translation>插值 &quot;${…}&quot; 没有闭合</translation>
    </message>
    <message>
        <source>a quote inside an unquoted value; quote the whole value instead</source>
        <translation>未加引号的值中出现了引号；请改为给整个值加引号</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be escaped as &quot;\%1&quot; or the value quoted</source>
        <translation>&quot;%1&quot; 必须转义为 &quot;\%1&quot;，或给值加引号</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not allowed in an unquoted value; quote the value</source>
        <translation>未加引号的值中不允许出现 &quot;%1&quot;；请给值加引号</translation>
    </message>
    <message>
        <source>a value is missing</source>
        <translation>缺少值</translation>
    </message>
    <message>
        <source>an integer larger than 64 bits</source>
        <translation>整数超出 64 位范围</translation>
    </message>
    <message>
        <source>%1 (at character %2)</source>
        <translation>%1（第 %2 个字符处）</translation>
    </message>
    <message>
        <source>unexpected text after the value</source>
        <translation>值之后有多余的文本</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid key</source>
        <translation>&quot;%1&quot; 不是合法的键</translation>
    </message>
    <message>
        <source>&quot;=&quot; is missing after the key &quot;%1&quot;</source>
        <translation>键 &quot;%1&quot; 之后缺少 &quot;=&quot;</translation>
    </message>
    <message>
        <source>values are nested more than %1 levels deep</source>
        <translation>值的嵌套超过了 %1 层</translation>
    </message>
</context>
<context>
    <name>I18n</name>
    <message>
        <source>Unknown language &quot;%1&quot; in %2: expected one of %3.</source>
        <translation>%2 中的语言 &quot;%1&quot; 未知：应为 %3 之一。</translation>
    </message>
</context>
<context>
    <name>Json</name>
    <message>
        <source>text after the end</source>
        <translation>结尾之后还有多余内容</translation>
    </message>
    <message>
        <source>the text ends too early</source>
        <translation>文本提前结束</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;</source>
        <translation>应为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>nested more than %1 levels deep</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a string is not closed</source>
        <translation>字符串没有结束引号</translation>
    </message>
    <message>
        <source>a control character inside a string</source>
        <translation>字符串中含有控制字符</translation>
    </message>
    <message>
        <source>a bad \u escape</source>
        <translation>错误的 \u 转义</translation>
    </message>
    <message>
        <source>a lone surrogate in a \u escape</source>
        <translation>\u 转义中有不成对的代理项</translation>
    </message>
    <message>
        <source>an unknown escape \%1</source>
        <translation>未知的转义 \%1</translation>
    </message>
    <message>
        <source>a string is not valid UTF-8</source>
        <translation>字符串不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>a malformed number</source>
        <translation>格式错误的数字</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>expected a non-negative whole number</source>
        <translation>应为非负整数</translation>
    </message>
    <message>
        <source>a number larger than 64 bits</source>
        <translation>数字超出 64 位范围</translation>
    </message>
    <message>
        <source>an unknown word</source>
        <translation>未知的单词</translation>
    </message>
    <message>
        <source>an unexpected character</source>
        <translation>意外的字符</translation>
    </message>
</context>
<context>
    <name>KnowledgeBase</name>
    <message>
        <source>the file is larger than %1 MiB.</source>
        <translation>文件大于 %1 MiB。</translation>
    </message>
    <message>
        <source>%1, line %2: not valid JSON: %3.</source>
        <translation>%1，第 %2 行：不是有效的 JSON：%3。</translation>
    </message>
    <message>
        <source>the file must hold one JSON object with &quot;schema&quot; and &quot;entries&quot;.</source>
        <translation>文件必须是一个包含 &quot;schema&quot; 和 &quot;entries&quot; 的 JSON 对象。</translation>
    </message>
    <message>
        <source>&quot;schema&quot; must be 1.</source>
        <translation>&quot;schema&quot; 必须为 1。</translation>
    </message>
    <message>
        <source>&quot;entries&quot; must be an array.</source>
        <translation>&quot;entries&quot; 必须是数组。</translation>
    </message>
    <message>
        <source>more than %1 entries.</source>
        <translation>条目超过 %1 个。</translation>
    </message>
    <message>
        <source>entry %1</source>
        <translation>第 %1 个条目</translation>
    </message>
    <message>
        <source>must be an object.</source>
        <translation>必须是对象。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is used by an earlier entry.</source>
        <translation>&quot;%1&quot; 已被前面的条目使用。</translation>
    </message>
    <message>
        <source>%1, field &quot;%2&quot;</source>
        <translation>%1，字段 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>must be a non-empty string.</source>
        <translation>必须是非空字符串。</translation>
    </message>
    <message>
        <source>is longer than %1 characters.</source>
        <translation>超过 %1 个字符。</translation>
    </message>
    <message>
        <source>must be an array of strings.</source>
        <translation>必须是字符串数组。</translation>
    </message>
    <message>
        <source>has more than %1 items.</source>
        <translation>超过 %1 项。</translation>
    </message>
    <message>
        <source>must be an object with &quot;en&quot; and &quot;zh_CN&quot; texts.</source>
        <translation>必须是包含 &quot;en&quot; 和 &quot;zh_CN&quot; 文本的对象。</translation>
    </message>
    <message>
        <source>unknown language (expected en and zh_CN).</source>
        <translation>未知语言（应为 en 和 zh_CN）。</translation>
    </message>
    <message>
        <source>must be an object with &quot;keywords&quot; or &quot;regex&quot;.</source>
        <translation>必须是包含 &quot;keywords&quot; 或 &quot;regex&quot; 的对象。</translation>
    </message>
    <message>
        <source>needs exactly one of &quot;keywords&quot; and &quot;regex&quot;.</source>
        <translation>&quot;keywords&quot; 和 &quot;regex&quot; 必须且只能有一个。</translation>
    </message>
    <message>
        <source>must list at least one keyword.</source>
        <translation>至少要列出一个关键字。</translation>
    </message>
    <message>
        <source>only a regex can span several lines.</source>
        <translation>只有正则表达式可以跨多行。</translation>
    </message>
    <message>
        <source>must be a whole number from 1 to %1.</source>
        <translation>必须是 1 到 %1 之间的整数。</translation>
    </message>
    <message>
        <source>matches an empty line, so it would match every line.</source>
        <translation>能匹配空行，因此会匹配所有行。</translation>
    </message>
    <message>
        <source>contains \n: set &quot;lines&quot; to the number of lines it spans.</source>
        <translation>包含 \n：请把 &quot;lines&quot; 设为它跨越的行数。</translation>
    </message>
    <message>
        <source>must be kebab-case (a-z, 0-9 and single hyphens), at most 64 characters.</source>
        <translation>必须是 kebab-case（a-z、0-9 和单个连字符），最多 64 个字符。</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot;</source>
        <translation>条目 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unknown field (expected one of %1).</source>
        <translation>未知字段（应为 %1 之一）。</translation>
    </message>
    <message>
        <source>must be a lower-case word such as environment or memory.</source>
        <translation>必须是小写单词，例如 environment 或 memory。</translation>
    </message>
    <message>
        <source>must be critical, error, warning or info.</source>
        <translation>必须是 critical、error、warning 或 info。</translation>
    </message>
    <message>
        <source>must be a non-empty array.</source>
        <translation>必须是非空数组。</translation>
    </message>
    <message>
        <source>must be an object with &quot;verl&quot; and/or &quot;components&quot;.</source>
        <translation>必须是包含 &quot;verl&quot; 和/或 &quot;components&quot; 的对象。</translation>
    </message>
    <message>
        <source>unknown field (expected verl, components).</source>
        <translation>未知字段（应为 verl、components）。</translation>
    </message>
    <message>
        <source>must be an http(s) URL.</source>
        <translation>必须是 http(s) 网址。</translation>
    </message>
    <message>
        <source>must be the id of another entry.</source>
        <translation>必须是另一个条目的 id。</translation>
    </message>
    <message>
        <source>must be an object with &quot;tool&quot; and &quot;params&quot;.</source>
        <translation>必须是包含 &quot;tool&quot; 和 &quot;params&quot; 的对象。</translation>
    </message>
    <message>
        <source>must be one of %1.</source>
        <translation>必须是 %1 之一。</translation>
    </message>
    <message>
        <source>must be an object of strings.</source>
        <translation>必须是值为字符串的对象。</translation>
    </message>
    <message>
        <source>the %1 tool takes %2.</source>
        <translation>%1 工具接受的参数：%2。</translation>
    </message>
    <message>
        <source>no parameters</source>
        <translation>无参数</translation>
    </message>
    <message>
        <source>must be a string.</source>
        <translation>必须是字符串。</translation>
    </message>
    <message>
        <source>${%1} is neither a named capture of the entry&apos;s regexes nor one of %2.</source>
        <translation>${%1} 既不是该条目正则表达式中的命名捕获组，也不是 %2 之一。</translation>
    </message>
    <message>
        <source>%1: cannot read the file: %2</source>
        <translation>%1：无法读取文件：%2</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>%1: the file is larger than %2 MiB.</source>
        <translation>%1：文件大于 %2 MiB。</translation>
    </message>
    <message>
        <source>%1: entry &quot;%2&quot; is skipped: the id is already used by %3.</source>
        <translation>%1：已跳过条目 &quot;%2&quot;：该 id 已被 %3 使用。</translation>
    </message>
    <message>
        <source>%1: entry &quot;%2&quot;, field &quot;leads_to&quot;: no entry has the id &quot;%3&quot;; it is ignored.</source>
        <translation>%1：条目 &quot;%2&quot;，字段 &quot;leads_to&quot;：没有 id 为 &quot;%3&quot; 的条目，已忽略。</translation>
    </message>
    <message>
        <source>RE2 rejects the pattern: %1.</source>
        <translation>RE2 不接受该模式：%1。</translation>
    </message>
    <message>
        <source>must be job, node or rank.</source>
        <translation>必须是 job、node 或 rank。</translation>
    </message>
    <message>
        <source>unknown field (expected tool, params, verl_since).</source>
        <translation>未知字段（应为 tool、params、verl_since）。</translation>
    </message>
    <message>
        <source>must be a verl release such as 0.6.0.</source>
        <translation>必须是 verl 的发布版本，例如 0.6.0。</translation>
    </message>
    <message>
        <source>unknown field (expected keywords, regex, lines, quiet_in).</source>
        <translation>未知字段（应为 keywords、regex、lines、quiet_in）。</translation>
    </message>
    <message>
        <source>&quot;*&quot; must be the only code.</source>
        <translation>&quot;*&quot; 必须是唯一的错误码。</translation>
    </message>
    <message>
        <source>%1 is not in the code catalogue (ascend-codes.json)%2</source>
        <translation>%1 不在错误码目录（ascend-codes.json）中%2</translation>
    </message>
    <message>
        <source>must be true or false.</source>
        <translation>必须为 true 或 false。</translation>
    </message>
    <message>
        <source>unknown top-level field &quot;%1&quot; (expected schema, entries, comment, repositories).</source>
        <translation>未知的顶层字段 &quot;%1&quot;（应为 schema、entries、comment、repositories）。</translation>
    </message>
    <message>
        <source>&quot;repositories&quot; has no releases of %1: run scripts/known-bugs/refresh.py.</source>
        <translation>&quot;repositories&quot; 中没有 %1 的版本列表：请运行 scripts/known-bugs/refresh.py。</translation>
    </message>
    <message>
        <source>must be an object (component, threads, fix, fixed_in, fixed_in_tag, checked, workaround).</source>
        <translation>必须是对象（component、threads、fix、fixed_in、fixed_in_tag、checked、workaround）。</translation>
    </message>
    <message>
        <source>must list the thread where the bug was met.</source>
        <translation>必须列出遇到该缺陷的讨论帖。</translation>
    </message>
    <message>
        <source>must be an https URL.</source>
        <translation>必须是 https 网址。</translation>
    </message>
    <message>
        <source>must be a GitHub repository, owner/name.</source>
        <translation>必须是 GitHub 仓库，格式为 owner/name。</translation>
    </message>
    <message>
        <source>must be a commit&apos;s 40 hexadecimal digits.</source>
        <translation>必须是提交的 40 位十六进制哈希。</translation>
    </message>
    <message>
        <source>must be a pull request number.</source>
        <translation>必须是 pull request 编号。</translation>
    </message>
    <message>
        <source>must be a string written by scripts/known-bugs/refresh.py.</source>
        <translation>必须是由 scripts/known-bugs/refresh.py 写入的字符串。</translation>
    </message>
    <message>
        <source>must be an array written by scripts/known-bugs/refresh.py.</source>
        <translation>必须是由 scripts/known-bugs/refresh.py 写入的数组。</translation>
    </message>
    <message>
        <source>is empty: run scripts/known-bugs/refresh.py.</source>
        <translation>为空：请运行 scripts/known-bugs/refresh.py。</translation>
    </message>
    <message>
        <source>must be a release number such as 0.7.0.</source>
        <translation>必须是版本号，例如 0.7.0。</translation>
    </message>
    <message>
        <source>must name the tag fixed_in was read from.</source>
        <translation>必须写出读取 fixed_in 的标签。</translation>
    </message>
    <message>
        <source>PR #%1</source>
        <translation>PR #%1</translation>
    </message>
    <message>
        <source>commit %1</source>
        <translation>提交 %1</translation>
    </message>
    <message>
        <source>unknown condition (expected one of: %1).</source>
        <translation>未知条件（应为以下之一：%1）。</translation>
    </message>
</context>
<context>
    <name>KnowledgeCategory</name>
    <message>
        <source>checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>rollout</source>
        <translation>rollout 推理</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <source>upstream bug</source>
        <translation>上游缺陷</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
</context>
<context>
    <name>KnownBugs</name>
    <message>
        <source>Known bug of %1, fixed in %1 %2 (%3); you run %4 (%5), which does not have the fix. Move %1 to %6 or later.</source>
        <translation>%1 的已知缺陷，已在 %1 %2 中修复（%3）；你使用的是 %4（%5），不包含该修复。请把 %1 升级到 %6 或更高版本。</translation>
    </message>
    <message>
        <source>If you cannot upgrade: %1</source>
        <translation>如果无法升级：%1</translation>
    </message>
    <message>
        <source>This matches a known bug of %1 fixed in %2 (%3), but you run %4 (%5), which has the fix: this is something else with the same message. Look at the lines before it, and search the issues for what follows.</source>
        <translation>这与 %1 在 %2 中修复的已知缺陷（%3）相符，但你使用的是 %4（%5），已包含该修复：这是报错信息相同的另一个问题。请查看它之前的日志行，并按之后的内容搜索 issues。</translation>
    </message>
    <message>
        <source>Known bug of %1, fixed on main by %2 but in no release yet (tags read at %3). The workaround is: %4</source>
        <translation>%1 的已知缺陷，已由 %2 在 main 分支修复，但尚未进入任何发布版本（标签读取于 %3）。规避方法：%4</translation>
    </message>
    <message>
        <source>Which %1 you run is not known: if it is older than %2, move to %2 or later; if not, this is something else with the same message.</source>
        <translation>不知道你使用的 %1 版本：如果早于 %2，请升级到 %2 或更高版本；否则这是报错信息相同的另一个问题。</translation>
    </message>
    <message>
        <source>You run %1 %2 (%3), which cannot be compared with %4: check that it contains %5.</source>
        <translation>你使用的是 %1 %2（%3），无法与 %4 比较：请确认其中包含 %5。</translation>
    </message>
    <message>
        <source>Known bug of %1, fixed in %2 (%3).</source>
        <translation>%1 的已知缺陷，已在 %2 中修复（%3）。</translation>
    </message>
    <message>
        <source>--installed %1: write COMPONENT=VERSION with a component from %2.</source>
        <translation>--installed %1：请写成 组件=版本，组件取自 %2。</translation>
    </message>
    <message>
        <source>--installed %1: &quot;%2&quot; is not a version such as 0.11.0rc1.</source>
        <translation>--installed %1：&quot;%2&quot; 不是版本号（例如 0.11.0rc1）。</translation>
    </message>
    <message>
        <source>Known bug of %1, fixed in %1 %2 (%3); you run %4 (%5), which does not have the fix. Install the release tagged %6, or a later line that has it.</source>
        <translation>%1 的已知缺陷，已在 %1 %2 中修复（%3）；你使用的是 %4（%5），不包含该修复。请安装标签为 %6 的版本，或包含该修复的更新版本线。</translation>
    </message>
</context>
<context>
    <name>LaunchConfig</name>
    <message>
        <source>the config facts could not be loaded (%1)</source>
        <translation>无法加载配置事实数据（%1）</translation>
    </message>
    <message>
        <source>verl %1 is older than every release this build has read (the first is %2)</source>
        <translation>verl %1 早于本程序读过的所有版本（最早的是 %2）</translation>
    </message>
    <message>
        <source>--config-path %1 is not a config folder of verl %2 or of the verl-recipe commit it pins</source>
        <translation>--config-path %1 不是 verl %2 或其固定的 verl-recipe 提交中的配置目录</translation>
    </message>
    <message>
        <source>%1 is not a Hydra program of verl %2 or of the verl-recipe commit it pins, so its config is not known</source>
        <translation>%1 不是 verl %2 或其固定的 verl-recipe 提交中的 Hydra 程序，因此不知道它的配置</translation>
    </message>
    <message>
        <source>verl %1 has no config %2 in %3</source>
        <translation>verl %1 的 %3 中没有配置 %2</translation>
    </message>
    <message>
        <source>Hydra could not compose %1 at %2 (%3)</source>
        <translation>Hydra 无法在 %2 组合出 %1（%3）</translation>
    </message>
    <message>
        <source>the facts hold no composition of %1 at %2</source>
        <translation>事实数据中没有 %1 在 %2 的组合结果</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 at %2 with %3</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>Hydra&apos;s group %1 has no option %2, so Hydra stops (&quot;Could not find &apos;%1/%2&apos;&quot;); its options are %3.</source>
        <translation>Hydra 自身的配置组 %1 没有选项 %2，Hydra 会停止（&quot;Could not find &apos;%1/%2&apos;&quot;）；可选项有 %3。</translation>
    </message>
    <message>
        <source>Hydra&apos;s group %1 is not one the facts list</source>
        <translation>事实数据中没有 Hydra 的配置组 %1</translation>
    </message>
    <message>
        <source>The config group %1 has no option %2 in verl %3, so Hydra stops (&quot;Could not find &apos;%4/%2&apos;&quot;); its options are %5.</source>
        <translation>在 verl %3 中配置组 %1 没有选项 %2，Hydra 会停止（&quot;Could not find &apos;%4/%2&apos;&quot;）；可选项有 %5。</translation>
    </message>
    <message>
        <source>the facts hold no composition of %1 with %2=%3</source>
        <translation>事实数据中没有 %1 在 %2=%3 时的组合结果</translation>
    </message>
    <message>
        <source>the config %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>%1 (the config of %2)</source>
        <translation>%1（%2 的配置）</translation>
    </message>
    <message>
        <source>the config group choice %1 is not in the facts, so the config it makes is not known</source>
        <translation>事实数据中没有配置组选择 %1，因此不知道它组合出的配置</translation>
    </message>
    <message>
        <source>%1 is not one of Hydra&apos;s settings, so Hydra stops (&quot;Could not override &apos;%1&apos;&quot;).</source>
        <translation>%1 不是 Hydra 自身的设置项，Hydra 会停止（&quot;Could not override &apos;%1&apos;&quot;）。</translation>
    </message>
    <message>
        <source>~%1 removes a key verl %2&apos;s config does not have, so Hydra stops (&quot;Could not delete from config. &apos;%1&apos; does not exist.&quot;).</source>
        <translation>~%1 要删除的键在 verl %2 的配置中不存在，Hydra 会停止（&quot;Could not delete from config. &apos;%1&apos; does not exist.&quot;）。</translation>
    </message>
    <message>
        <source>+%1 adds a key that verl %2 already has; Hydra stops with &quot;Could not append to config. An item is already at &apos;%1&apos;&quot;. Drop the +.</source>
        <translation>+%1 会添加一个 verl %2 中已有值的键；Hydra 会以 &quot;Could not append to config. An item is already at &apos;%1&apos;&quot; 报错停止。请去掉 +。</translation>
    </message>
    <message>
        <source>%1 is built into %2, which could not be read from verl&apos;s source</source>
        <translation>%1 会被构造为 %2，但无法从 verl 源码中读取该类</translation>
    </message>
    <message>
        <source>+%1 adds a key verl does not take: verl %2 builds %3 into %4 (%5), which has no field %6, and stops at start-up (TypeError: __init__() got an unexpected keyword argument &apos;%6&apos;).</source>
        <translation>+%1 添加的键 verl 不接受：verl %2 会把 %3 构造为 %4（%5），它没有字段 %6，启动时就会停止（TypeError: __init__() got an unexpected keyword argument &apos;%6&apos;）。</translation>
    </message>
    <message>
        <source>Did you mean %1?</source>
        <translation>是不是想写 %1？</translation>
    </message>
    <message>
        <source>+%1 adds a key verl %2&apos;s config does not have; Hydra accepts it, but verl reads only the keys its code asks for. Did you mean %3?</source>
        <translation>+%1 添加了一个 verl %2 配置中没有的键；Hydra 会接受它，但 verl 只读取其代码用到的键。是不是想写 %3？</translation>
    </message>
    <message>
        <source>Hydra stops (&quot;Could not override &apos;%1&apos;&quot;)</source>
        <translation>Hydra 会停止（&quot;Could not override &apos;%1&apos;&quot;）</translation>
    </message>
    <message>
        <source>in verl %1 it moved to %2 (%3)</source>
        <translation>它在 verl %1 中移到了 %2（%3）</translation>
    </message>
    <message>
        <source>before verl %1 it was %2</source>
        <translation>在 verl %1 之前它是 %2</translation>
    </message>
    <message>
        <source>here it is %1</source>
        <translation>在此版本中它是 %1</translation>
    </message>
    <message>
        <source>%1 is not a key of verl %2: %3; %4.</source>
        <translation>%1 不是 verl %2 的键：%3；%4。</translation>
    </message>
    <message>
        <source>%1 is a field of %2 (%3) that verl %4&apos;s config file leaves out, so %5; add it with +.</source>
        <translation>%1 是 %2 的字段（%3），但 verl %4 的配置文件中没有写出它，因此 %5；请用 + 添加。</translation>
    </message>
    <message>
        <source>%1 is a key of verl %2 but not of %3: %4.</source>
        <translation>%1 是 verl %2 的键，但不是 %3 的：%4。</translation>
    </message>
    <message>
        <source>Nothing in verl %1 takes its place; leave it out.</source>
        <translation>verl %1 中没有替代它的键；请去掉它。</translation>
    </message>
    <message>
        <source>%1 is not a key of %2 in verl %3: %4. It is a key of %5.</source>
        <translation>在 verl %3 中 %1 不是 %2 的键：%4。它是 %5 的键。</translation>
    </message>
    <message>
        <source>Here the keys closest to it are %1.</source>
        <translation>此配置中与它最接近的键是 %1。</translation>
    </message>
    <message>
        <source>%1 is not a key of %2 in verl %3, so %4.</source>
        <translation>在 verl %3 中 %1 不是 %2 的键，因此 %4。</translation>
    </message>
    <message>
        <source>The keys closest to it are %1.</source>
        <translation>与它最接近的键是 %1。</translation>
    </message>
    <message>
        <source>The keys of %1 are %2.</source>
        <translation>%1 下的键有 %2。</translation>
    </message>
    <message>
        <source>%1.%2 is %3 (%4)</source>
        <translation>%1.%2 的类型是 %3（%4）</translation>
    </message>
    <message>
        <source>a %1 in the config (%2)</source>
        <translation>它在配置中是 %1（%2）</translation>
    </message>
    <message>
        <source>its default is %1 (%2)</source>
        <translation>它的默认值是 %1（%2）</translation>
    </message>
    <message>
        <source>its value comes from a variable the script does not set</source>
        <translation>它的值来自脚本中没有设置的变量</translation>
    </message>
    <message>
        <source>%1=%2: %3, so verl expects %4, not %5. %6</source>
        <translation>%1=%2：%3，因此 verl 需要的是 %4，而不是 %5。%6</translation>
    </message>
    <message>
        <source>Hydra and OmegaConf pass it on as it is, and verl&apos;s arithmetic on it fails at start-up.</source>
        <translation>Hydra 和 OmegaConf 会原样传入它，verl 启动时对它做算术运算就会出错。</translation>
    </message>
    <message>
        <source>Python counts true as 1 and false as 0.</source>
        <translation>Python 会把 true 当作 1、false 当作 0。</translation>
    </message>
    <message>
        <source>Hydra reads it as a float; verl passes it to code that wants a whole number.</source>
        <translation>Hydra 把它读成浮点数；而 verl 会把它交给需要整数的代码。</translation>
    </message>
    <message>
        <source>verl tests it as a switch.</source>
        <translation>verl 把它当作开关来判断。</translation>
    </message>
    <message>
        <source>Any text but an empty one reads as true, &apos;false&apos; included.</source>
        <translation>任何非空文本都会被当作 true，包括 &apos;false&apos;。</translation>
    </message>
    <message>
        <source>Hydra cannot merge a dict into a list and stops (&quot;Error merging override&quot;).</source>
        <translation>Hydra 无法把字典合并进列表，会停止（&quot;Error merging override&quot;）。</translation>
    </message>
    <message>
        <source>Code that loops over it takes the text letter by letter.</source>
        <translation>遍历它的代码会把文本逐个字符拆开。</translation>
    </message>
    <message>
        <source>%1={…} merges %2 into %1, which has no key %2, so Hydra stops (&quot;Could not override &apos;%1&apos;&quot;); add new keys with +%1.%2=….</source>
        <translation>%1={…} 会把 %2 合并进 %1，但 %1 中没有键 %2，Hydra 会停止（&quot;Could not override &apos;%1&apos;&quot;）；新键请用 +%1.%2=… 添加。</translation>
    </message>
    <message>
        <source>Hydra replaces the whole node with it, and verl reads fields of it.</source>
        <translation>Hydra 会用它替换整个节点，而 verl 要读取该节点下的字段。</translation>
    </message>
    <message>
        <source>verl uses it as text.</source>
        <translation>verl 把它当作文本使用。</translation>
    </message>
    <message>
        <source>%1=%2: verl %3 refuses this value and stops at start-up (%4).</source>
        <translation>%1=%2：verl %3 拒绝这个值，启动时就会停止（%4）。</translation>
    </message>
    <message>
        <source>%1=%2: verl %3 declares it as one of %4 (%5) but does not check it at start-up; its code handles only those.</source>
        <translation>%1=%2：verl %3 声明它只能取 %4 之一（%5），但启动时并不检查；其代码只处理这些值。</translation>
    </message>
    <message>
        <source>%1=%2: verl %3 knows only %4 (%5); another value fails when verl first uses it.</source>
        <translation>%1=%2：verl %3 只认识 %4（%5）；其他值会在 verl 第一次用到它时出错。</translation>
    </message>
    <message>
        <source>%1=%2: verl %3 accepts only %4 and stops at start-up otherwise (%5).</source>
        <translation>%1=%2：verl %3 只接受 %4，否则启动时就会停止（%5）。</translation>
    </message>
    <message>
        <source>+%1 adds a key verl %2 does not read: %3. Write %4 instead.</source>
        <translation>+%1 添加的键 verl %2 并不读取：%3。请改写为 %4。</translation>
    </message>
    <message>
        <source>%1=%2 may come from %3, which the command&apos;s hydra.searchpath adds; config from outside verl is not known</source>
        <translation>%1=%2 可能来自命令的 hydra.searchpath 加入的 %3；verl 之外的配置无从得知</translation>
    </message>
    <message>
        <source>%1 is filled from %2, which the command&apos;s hydra.searchpath adds; config from outside verl is not known</source>
        <translation>%1 的内容来自命令的 hydra.searchpath 加入的 %2；verl 之外的配置无从得知</translation>
    </message>
    <message>
        <source>the config group choice %1 may come from %2, which the command&apos;s hydra.searchpath adds; config from outside verl is not known</source>
        <translation>配置组选项 %1 可能来自命令的 hydra.searchpath 加入的 %2；verl 之外的配置无从得知</translation>
    </message>
</context>
<context>
    <name>Lint</name>
    <message>
        <source>The rollout&apos;s %1 devices (trainer.nnodes × n_gpus_per_node = %2 × %3) do not split into groups of tensor_model_parallel_size %4, so verl stops at start-up (&quot;rollout world_size: %1 is not divisible by infer_tp: %4&quot;, %5).</source>
        <translation>rollout 的 %1 个设备（trainer.nnodes × n_gpus_per_node = %2 × %3）无法按 tensor_model_parallel_size %4 整组划分，verl 启动时就会停止（&quot;rollout world_size: %1 is not divisible by infer_tp: %4&quot;，%5）。</translation>
    </message>
    <message>
        <source>The rollout&apos;s %1 devices (trainer.nnodes × n_gpus_per_node = %2 × %3) do not split into groups of tensor × data × pipeline parallel = %4, so verl stops at start-up (&quot;rollout world_size: %1 is not divisible by infer_world_size: %4&quot;, %5).</source>
        <translation>rollout 的 %1 个设备（trainer.nnodes × n_gpus_per_node = %2 × %3）无法按张量 × 数据 × 流水线并行 = %4 整组划分，verl 启动时就会停止（&quot;rollout world_size: %1 is not divisible by infer_world_size: %4&quot;，%5）。</translation>
    </message>
    <message>
        <source>The rollout&apos;s expert_parallel_size %1 is not tensor × data parallel = %2 × %3, so verl stops at start-up (&quot;expert_parallel_size must be equal to tensor_model_parallel_size * data_parallel_size&quot;, %4).</source>
        <translation>rollout 的 expert_parallel_size %1 不等于张量 × 数据并行 = %2 × %3，verl 启动时就会停止（&quot;expert_parallel_size must be equal to tensor_model_parallel_size * data_parallel_size&quot;，%4）。</translation>
    </message>
    <message>
        <source>Multi-turn rollout needs multi_turn.tool_config_path in verl %1, which stops at start-up without it (%2).</source>
        <translation>在 verl %1 中，多轮 rollout 需要 multi_turn.tool_config_path，缺少时启动即停止（%2）。</translation>
    </message>
    <message>
        <source>Multi-turn rollout needs multi_turn.tool_config_path or interaction_config_path in verl %1, which stops at start-up without one (%2).</source>
        <translation>在 verl %1 中，多轮 rollout 需要 multi_turn.tool_config_path 或 interaction_config_path，两者都没有时启动即停止（%2）。</translation>
    </message>
    <message>
        <source>verl %1 runs multi-turn rollout with GRPO advantages only and stops at start-up with algorithm.adv_estimator=%2 (&quot;only GRPO is tested for multi-turn with tool&quot;, %3); later releases take it.</source>
        <translation>verl %1 的多轮 rollout 只支持 GRPO 优势估计，algorithm.adv_estimator=%2 时启动即停止（&quot;only GRPO is tested for multi-turn with tool&quot;，%3）；之后的版本支持。</translation>
    </message>
</context>
<context>
    <name>LintCommand</name>
    <message>
        <source>fix:</source>
        <translation>修正：</translation>
    </message>
    <message>
        <source>The script or command to check; - or nothing reads standard input.</source>
        <translation>要检查的脚本或命令；为 - 或不给时读取标准输入。</translation>
    </message>
    <message>
        <source>Give one file to check; got %1.</source>
        <translation>请只给一个要检查的文件；收到了 %1 个。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>&lt;stdin&gt;</source>
        <translation>&lt;标准输入&gt;</translation>
    </message>
    <message>
        <source>note:</source>
        <translation>注意：</translation>
    </message>
    <message>
        <source>Read as verl launches:</source>
        <translation>识别为 verl 启动命令的有：</translation>
    </message>
    <message>
        <source>Sourced files, not read: %1</source>
        <translation>通过 source 引入但未读取的文件：%1</translation>
    </message>
    <message>
        <source>Check a launch command or script against your verl release&apos;s config, or move it to another release.</source>
        <translation>按你的 verl 版本的配置检查启动命令或脚本，或把它迁移到另一个版本。</translation>
    </message>
    <message>
        <source>Reads a launch command or script (a file, or standard input for - or no file) the way bash runs it (variables, defaults, arrays, $((…)), functions, here-documents), finds the verl launches in it (python -m verl…, main_*.py, torchrun, ray job submit -- …) and checks every override against the config its program composes in your verl release, as Hydra composes it: keys that do not exist there (typos, keys of another release or another program), + on keys that exist or on nodes verl builds into a dataclass without that field, values of the wrong type or that verl refuses, config group options, and what the profiler settings will not collect. Prints the whole corrected command for that release, and which overrides it could not check and why.
With --from-version, moves the script from that release to --verl-version: keys renamed, removed and values refused by the move, and the defaults that changed.
Exit code 1 when there are errors, 4 when there are none but some overrides could not be checked.</source>
        <translation>按 bash 执行的方式读取启动命令或脚本（文件，或 - / 不给时读取标准输入；支持变量、默认值、数组、$((…))、函数、here-document），找出其中的 verl 启动命令（python -m verl…、main_*.py、torchrun、ray job submit -- …），并按 Hydra 的组合方式，用你的 verl 版本中该程序组合出的配置检查每一个覆盖参数：不存在的键（拼写错误、其他版本或其他程序的键）、对已存在的键或 verl 会构造为 dataclass 但没有该字段的节点使用 +、类型错误或 verl 拒绝的值、配置组选项，以及性能分析设置采集不到什么。输出该版本下完整的修正命令，并列出未能检查的覆盖参数及原因。
使用 --from-version 时，把脚本从该版本迁移到 --verl-version：列出迁移带来的重命名、删除的键和被拒绝的值，以及默认值的变化。
有错误时退出码为 1；没有错误但有覆盖参数未能检查时为 4。</translation>
    </message>
    <message>
        <source>Your verl version (the target of --from-version).</source>
        <translation>你的 verl 版本（--from-version 的迁移目标）。</translation>
    </message>
    <message>
        <source>The verl version the script was written for: move it to --verl-version.</source>
        <translation>脚本原本针对的 verl 版本：把它迁移到 --verl-version。</translation>
    </message>
    <message>
        <source>Print {&quot;findings&quot;: [...], &quot;launches&quot;: [...], &quot;checked&quot;: N, &quot;not_checked&quot;: [...]} instead of text.</source>
        <translation>输出 {&quot;findings&quot;: [...], &quot;launches&quot;: [...], &quot;checked&quot;: N, &quot;not_checked&quot;: [...]}，而不是文本。</translation>
    </message>
    <message>
        <source>Not checked:</source>
        <translation>未检查：</translation>
    </message>
</context>
<context>
    <name>Located</name>
    <message>
        <source>the log&apos;s lines</source>
        <translation>日志中的行</translation>
    </message>
    <message>
        <source>main at %1</source>
        <translation>%1 的 main 分支</translation>
    </message>
</context>
<context>
    <name>LocatedReport</name>
    <message>
        <source>in %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <source>when: %1</source>
        <translation>条件：%1</translation>
    </message>
    <message>
        <source>Fixed since %1 %2 (%3)? Suspects, from the code and its history:</source>
        <translation>%1 %2（%3）之后是否已修复？根据代码及其提交历史找到的疑似修复：</translation>
    </message>
    <message>
        <source>Which %1 you run is not known (--installed %1=VERSION); changes that may have fixed this, from the code and its history:</source>
        <translation>不知道你运行的 %1 版本（可用 --installed %1=VERSION 指定）；根据代码及其提交历史，可能修复了此问题的改动：</translation>
    </message>
    <message>
        <source>in no release yet</source>
        <translation>尚未包含在任何发布版本中</translation>
    </message>
    <message>
        <source>No change of %1 has evidence enough to name as a fix.</source>
        <translation>%1 中没有证据充分、可认定为修复的改动。</translation>
    </message>
    <message>
        <source>No change of %1 after %2 has evidence enough to name as a fix.</source>
        <translation>%1 在 %2 之后没有证据充分、可认定为修复的改动。</translation>
    </message>
    <message>
        <source>raised at: %1</source>
        <translation>抛出位置：%1</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>The log&apos;s lines fit these releases only: %1.</source>
        <translation>日志中的行只与这些版本的代码相符：%1。</translation>
    </message>
    <message>
        <source>Fixed since the releases the log&apos;s lines fit (%1 %2)? Suspects, from the code and its history:</source>
        <translation>日志中的行所对应的版本（%1 %2）之后是否已修复？根据代码及其提交历史找到的疑似修复：</translation>
    </message>
    <message>
        <source>Error and warning lines no entry explains: %1 traced to upstream code, %2 lines not.</source>
        <translation>知识库未解释的错误和警告行：%1 行已追溯到上游代码，%2 行未追溯到。</translation>
    </message>
    <message>
        <source>Traced lines not shown: %1.</source>
        <translation>未显示的已追溯行：%1。</translation>
    </message>
</context>
<context>
    <name>LogInput</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Reading %1 failed: %2</source>
        <translation>读取 %1 失败：%2</translation>
    </message>
    <message>
        <source>Cannot start decompressing %1.</source>
        <translation>无法开始解压 %1。</translation>
    </message>
    <message>
        <source>%1 ends in the middle of its gzip data (the file is cut short).</source>
        <translation>%1 在 gzip 数据中途结束（文件不完整）。</translation>
    </message>
    <message>
        <source>%1: the gzip data is damaged near byte %2 (%3).</source>
        <translation>%1：gzip 数据在第 %2 字节附近损坏（%3）。</translation>
    </message>
    <message>
        <source>&lt;stdin&gt;</source>
        <translation>&lt;标准输入&gt;</translation>
    </message>
    <message>
        <source>&lt;pasted text&gt;</source>
        <translation>&lt;粘贴的文本&gt;</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder; give the log files in it.</source>
        <translation>%1 是文件夹；请给出其中的日志文件。</translation>
    </message>
    <message>
        <source>Cannot read %1: permission denied.</source>
        <translation>无法读取 %1：权限不足。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a pipe or a device), so it may never end: save it to a file first, or pipe it to standard input (… | verl-npu-assistant analyze -).</source>
        <translation>%1 不是普通文件（管道或设备），可能永远读不完：请先保存为文件，或通过标准输入传入（… | verl-npu-assistant analyze -）。</translation>
    </message>
</context>
<context>
    <name>LogReport</name>
    <message>
        <source>CRITICAL</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>pid %1</source>
        <translation>pid %1</translation>
    </message>
    <message>
        <source>%1 pid %2</source>
        <translation>%1 pid %2</translation>
    </message>
    <message>
        <source>Files: %1, lines: %2, size: %3, time: %4 ms.</source>
        <translation>文件：%1，行数：%2，大小：%3，用时：%4 ms。</translation>
    </message>
    <message>
        <source>No known problem found.</source>
        <translation>未发现已知问题。</translation>
    </message>
    <message>
        <source>If the job failed anyway, turn on more logging (ASCEND_GLOBAL_LOG_LEVEL=1, ASCEND_GLOBAL_EVENT_ENABLE=1) and analyse the plog files too (~/ascend/log/debug/plog/*.log).</source>
        <translation>如果作业仍然失败，请打开更详细的日志（ASCEND_GLOBAL_LOG_LEVEL=1、ASCEND_GLOBAL_EVENT_ENABLE=1），并一并分析 plog 文件（~/ascend/log/debug/plog/*.log）。</translation>
    </message>
    <message>
        <source>Known problems: %1.</source>
        <translation>已知问题：%1。</translation>
    </message>
    <message>
        <source>The files were merged into one timeline by the times in their lines.</source>
        <translation>已按行内时间把这些文件合并为一条时间线。</translation>
    </message>
    <message>
        <source>(root cause)</source>
        <translation>（根因）</translation>
    </message>
    <message>
        <source>(symptom of %1)</source>
        <translation>（%1 的连带症状）</translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation>出现在 rank %1</translation>
    </message>
    <message>
        <source>on nodes %1</source>
        <translation>出现在节点 %1</translation>
    </message>
    <message>
        <source>cause: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>fix: %1</source>
        <translation>解决方案：%1</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>下一步：%1</translation>
    </message>
    <message>
        <source>see: %1</source>
        <translation>参见：%1</translation>
    </message>
    <message>
        <source>Findings not shown (--max-findings): %1.</source>
        <translation>未显示的发现（--max-findings）：%1。</translation>
    </message>
    <message>
        <source>similar lines after it: %1</source>
        <translation>其后相似的行：%1</translation>
    </message>
    <message>
        <source>Matching lines: %1.</source>
        <translation>匹配的行：%1。</translation>
    </message>
    <message>
        <source>No line matches. A rule needs at least one line it finds and one it must not.</source>
        <translation>没有匹配的行。一条规则至少需要一行它应匹配的和一行它不应匹配的样例。</translation>
    </message>
    <message>
        <source>Stopped reading %1 after %2 of text: its first %3 of gzip data inflated %4 times, far more than a log compresses, so it may be a decompression bomb. The findings cover what was read.</source>
        <translation>已在读取 %1 的 %2 文本后停止：其前 %3 的 gzip 数据解压后膨胀了 %4 倍，远超日志的压缩率，可能是解压炸弹。结果只涵盖已读取的部分。</translation>
    </message>
    <message>
        <source>thread: %1</source>
        <translation>讨论帖：%1</translation>
    </message>
    <message>
        <source>the fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <source>(harmless with your release)</source>
        <translation>（在你的版本下无害）</translation>
    </message>
    <message>
        <source>(a cause only with some releases: see below)</source>
        <translation>（只在部分版本下是原因：见下文）</translation>
    </message>
</context>
<context>
    <name>LogScanner</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>Logging</name>
    <message>
        <source>Invalid log level &quot;%1&quot; in %2: expected one of %3.</source>
        <translation>%2 中的日志级别 &quot;%1&quot; 无效：应为 %3 之一。</translation>
    </message>
    <message>
        <source>Cannot write the log file %1: %2</source>
        <translation>无法写入日志文件 %1：%2</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>No display found (DISPLAY and WAYLAND_DISPLAY are unset). Run a subcommand instead (see --help), or render the window with --screenshot FILE.</source>
        <translation>未找到显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置）。请改为运行子命令（见 --help），或用 --screenshot FILE 渲染窗口。</translation>
    </message>
</context>
<context>
    <name>Matcher</name>
    <message>
        <source>%1: entry &quot;%2&quot;, field &quot;indications[%3]&quot;: RE2 rejects the pattern: %4</source>
        <translation>%1：条目 &quot;%2&quot;，字段 &quot;indications[%3]&quot;：RE2 不接受该模式：%4</translation>
    </message>
    <message>
        <source>The knowledge base is too large to compile (RE2 ran out of memory).</source>
        <translation>知识库过大，无法编译（RE2 内存不足）。</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Invalid %1 &quot;%2&quot;: expected the device memory in MiB as npu-smi prints it (HBM total, e.g. 65536), from 1024 to 1048576.</source>
        <translation>%1 &quot;%2&quot; 无效：应为 npu-smi 显示的设备内存，单位 MiB（HBM 总量，例如 65536），范围 1024 到 1048576。</translation>
    </message>
    <message>
        <source>%1 MiB per device</source>
        <translation>每设备 %1 MiB</translation>
    </message>
    <message>
        <source>verl %1 is older than every release whose config was read; the settings the command does not set are unknown.</source>
        <translation>verl %1 早于所有已读取配置的版本；命令未设置的参数取值未知。</translation>
    </message>
    <message>
        <source>%1 could not be composed at %2 (%3); verl&apos;s PPO trainer defaults stand in for it.</source>
        <translation>无法在 %2 下组合 %1 的配置（%3）；改用 verl PPO 训练器的默认值代替。</translation>
    </message>
    <message>
        <source>line %1: %2 is not known before the run (%3); verl&apos;s default is used for it.</source>
        <translation>第 %1 行：%2 在运行前无法确定（%3）；按 verl 的默认值处理。</translation>
    </message>
    <message>
        <source>%1 gives no %2, so its memory cannot be sized.</source>
        <translation>%1 没有给出 %2，因此无法估算其内存。</translation>
    </message>
    <message>
        <source>The preset %1 is a row of the FAQ&apos;s bucket table and has no model shape; pick a model preset (Qwen2.5-7B, …) or a model folder.</source>
        <translation>预设 %1 是 FAQ bucket 表格中的一行，没有模型结构信息；请选择模型预设（Qwen2.5-7B、…）或模型目录。</translation>
    </message>
    <message>
        <source>%1 is neither a preset nor an existing model folder or config.json.</source>
        <translation>%1 既不是预设，也不是已存在的模型目录或 config.json。</translation>
    </message>
    <message>
        <source>%1 has no config.json, which gives the attention shape the memory estimate needs.</source>
        <translation>%1 中没有 config.json，而显存估算需要从中读取注意力结构参数。</translation>
    </message>
    <message>
        <source>%1 (parameters counted from %2 safetensors file(s))</source>
        <translation>%1（参数量由 %2 个 safetensors 文件统计）</translation>
    </message>
    <message>
        <source>actor.ppo_micro_batch_size_per_gpu is not set (and use_dynamic_bsz is off): verl asks for one; 1 is assumed.</source>
        <translation>未设置 actor.ppo_micro_batch_size_per_gpu（且 use_dynamic_bsz 关闭）：verl 要求设置该值；此处假设为 1。</translation>
    </message>
    <message>
        <source>rollout.log_prob_micro_batch_size_per_gpu is not set: %1 is assumed.</source>
        <translation>未设置 rollout.log_prob_micro_batch_size_per_gpu：假设为 %1。</translation>
    </message>
    <message>
        <source>actor parameters: %1 × %2 bytes ÷ %3 shards</source>
        <translation>actor 参数：%1 × %2 字节 ÷ %3 个分片</translation>
    </message>
    <message>
        <source>gradients: %1 × %2 bytes ÷ %3 shards</source>
        <translation>梯度：%1 × %2 字节 ÷ %3 个分片</translation>
    </message>
    <message>
        <source>optimizer states (AdamW): %1 × %2 bytes ÷ %3</source>
        <translation>优化器状态（AdamW）：%1 × %2 字节 ÷ %3</translation>
    </message>
    <message>
        <source>reference model: %1 × %2 bytes ÷ %3 shards</source>
        <translation>参考模型：%1 × %2 字节 ÷ %3 个分片</translation>
    </message>
    <message>
        <source>critic (GAE): parameters and optimizer states, %1 bytes per parameter ÷ %2 shards</source>
        <translation>critic（GAE）：参数和优化器状态，每个参数 %1 字节 ÷ %2 个分片</translation>
    </message>
    <message>
        <source>gathered FSDP units: the largest unit and the next, in bf16</source>
        <translation>all-gather 的 FSDP 单元：最大的单元及下一个单元，按 bf16 计</translation>
    </message>
    <message>
        <source>activations without gradients: one layer at a time, %1 tokens</source>
        <translation>不求梯度的激活值：每次一层，%1 个 token</translation>
    </message>
    <message>
        <source>activations, offloaded: one layer&apos;s recomputation, %1 tokens</source>
        <translation>激活值（已卸载到主机）：一层的重计算，%1 个 token</translation>
    </message>
    <message>
        <source>activations with gradient checkpointing: each layer&apos;s input and one layer recomputed, %1 tokens</source>
        <translation>启用梯度检查点（gradient checkpointing）的激活值：每层的输入加一层的重计算，%1 个 token</translation>
    </message>
    <message>
        <source>activations of every layer (no gradient checkpointing), %1 tokens</source>
        <translation>所有层的激活值（未启用梯度检查点），%1 个 token</translation>
    </message>
    <message>
        <source>fused kernels: log-probabilities from the hidden states, no vocabulary-wide logits</source>
        <translation>融合算子（fused kernels）：直接由隐藏状态计算 log-prob，不生成全词表 logits</translation>
    </message>
    <message>
        <source>logits: %1 tokens × %2 vocabulary × 2 bytes</source>
        <translation>logits：%1 个 token × 词表大小 %2 × 2 字节</translation>
    </message>
    <message>
        <source>, entropy in chunks of 2048 tokens</source>
        <translation>，熵按每 2048 个 token 分块计算</translation>
    </message>
    <message>
        <source>, entropy over the whole vocabulary</source>
        <translation>，熵在整个词表上计算</translation>
    </message>
    <message>
        <source>, and their gradient</source>
        <translation>，以及它们的梯度</translation>
    </message>
    <message>
        <source>rollout engine weights: %1 × 2 bytes ÷ tensor parallel %2</source>
        <translation>rollout 引擎权重：%1 × 2 字节 ÷ 张量并行度 %2</translation>
    </message>
    <message>
        <source>weight-transfer bucket: %1 buffer(s) of %2 MiB</source>
        <translation>权重传输 bucket：%1 个 %2 MiB 的缓冲区</translation>
    </message>
    <message>
        <source>engine workspace: its profile run of %1 tokens and the logits of %2 sequences</source>
        <translation>引擎工作空间：%1 个 token 的 profile run，以及 %2 条序列的 logits</translation>
    </message>
    <message>
        <source>KV cache: gpu_memory_utilization %1 × device memory, less the weights, the workspace and what the training side holds (vllm-ascend %2 counts the whole device): %3 tokens</source>
        <translation>KV cache：gpu_memory_utilization %1 × 设备内存，减去权重、工作空间和训练侧占用（vllm-ascend %2 按整个设备计算）：%3 个 token</translation>
    </message>
    <message>
        <source>KV cache: gpu_memory_utilization %1 × device memory, less the weights and the workspace (vllm-ascend %2): %3 tokens</source>
        <translation>KV cache：gpu_memory_utilization %1 × 设备内存，减去权重和工作空间（vllm-ascend %2）：%3 个 token</translation>
    </message>
    <message>
        <source>vLLM finds no memory for the KV cache (&quot;No available memory for the cache blocks&quot;): gpu_memory_utilization grants %1, the weights and workspace%2 take %3.</source>
        <translation>vLLM 找不到可用于 KV cache 的内存（&quot;No available memory for the cache blocks&quot;）：gpu_memory_utilization 给出 %1，而权重和工作空间%2 共占用 %3。</translation>
    </message>
    <message>
        <source> and the training side</source>
        <translation> 以及训练侧</translation>
    </message>
    <message>
        <source>the KV cache holds %1 tokens, fewer than one sequence of max_model_len %2: vLLM refuses to start (&quot;To serve at least one request with the models&apos;s max seq len …&quot;); set rollout.max_model_len to prompt + response or give the engine more memory.</source>
        <translation>KV cache 只能容纳 %1 个 token，不足一条 max_model_len 为 %2 的序列：vLLM 拒绝启动（&quot;To serve at least one request with the models&apos;s max seq len …&quot;）；请把 rollout.max_model_len 设为 prompt + response 的长度，或给引擎更多内存。</translation>
    </message>
    <message>
        <source>vLLM refuses to start: &quot;Free memory on device … on startup is less than desired GPU memory utilization&quot;, because the training side holds %1 of the device.</source>
        <translation>vLLM 拒绝启动：&quot;Free memory on device … on startup is less than desired GPU memory utilization&quot;，因为训练侧占用了设备的 %1。</translation>
    </message>
    <message>
        <source>NPU out of memory while the engine allocates its KV cache.</source>
        <translation>引擎分配 KV cache 时 NPU 显存不足。</translation>
    </message>
    <message>
        <source>out of memory when the KV cache is allocated again after the weight update (wake_up).</source>
        <translation>权重更新后重新分配 KV cache（wake_up）时显存不足。</translation>
    </message>
    <message>
        <source>NPU out of memory in compute_log_prob (old or reference log-probs).</source>
        <translation>compute_log_prob（old 或 reference log-prob）中 NPU 显存不足。</translation>
    </message>
    <message>
        <source>NPU out of memory in update_actor.</source>
        <translation>update_actor 中 NPU 显存不足。</translation>
    </message>
    <message>
        <source>out of memory while the weights are sent to the rollout engine (update_weights).</source>
        <translation>向 rollout 引擎发送权重（update_weights）时显存不足。</translation>
    </message>
    <message>
        <source>A margin of %1 per device stands for what cannot be known before running: the CANN and HCCL workspace, the allocator&apos;s fragmentation and what the sleeping engine keeps; a phase within it is tight.</source>
        <translation>每设备 %1 的余量用于运行前无法确定的开销：CANN 和 HCCL 工作空间、分配器的内存碎片以及休眠中的引擎保留的内存；峰值落在余量内的阶段记为紧张。</translation>
    </message>
    <message>
        <source>fewer tokens per update micro-batch: more, smaller steps, the same result</source>
        <translation>减少每个 update micro-batch 的 token 数：步数更多、每步更小，结果不变</translation>
    </message>
    <message>
        <source>fewer sequences per update micro-batch: more, smaller steps, the same result</source>
        <translation>减少每个 update micro-batch 的序列数：步数更多、每步更小，结果不变</translation>
    </message>
    <message>
        <source>entropy over chunks of the vocabulary-wide logits</source>
        <translation>对全词表 logits 分块计算熵</translation>
    </message>
    <message>
        <source>recompute each layer in the backward pass: about a third more update time</source>
        <translation>反向传播时重计算每一层：更新耗时增加约三分之一</translation>
    </message>
    <message>
        <source>fewer tokens per log-prob micro-batch</source>
        <translation>减少每个 log-prob micro-batch 的 token 数</translation>
    </message>
    <message>
        <source>fewer sequences per log-prob micro-batch</source>
        <translation>减少每个 log-prob micro-batch 的序列数</translation>
    </message>
    <message>
        <source>split each sequence over 2 devices (Ulysses): half the activations and logits per device</source>
        <translation>把每条序列切分到 2 个设备上（Ulysses 序列并行）：每设备的激活值和 logits 减半</translation>
    </message>
    <message>
        <source>split the engine&apos;s weights over twice the devices: more room for the KV cache</source>
        <translation>把引擎权重切分到两倍的设备上：为 KV cache 腾出更多空间</translation>
    </message>
    <message>
        <source>a smaller KV cache for the engine: fewer sequences generated at once</source>
        <translation>缩小引擎的 KV cache：同时生成的序列更少</translation>
    </message>
    <message>
        <source>keep the optimizer states in host memory: a copy to and from the host every step</source>
        <translation>把优化器状态放在主机内存中：每步都要在主机与设备之间来回拷贝</translation>
    </message>
    <message>
        <source>keep the actor&apos;s parameters in host memory between passes: a copy every pass</source>
        <translation>两次计算之间把 actor 参数放在主机内存中：每次计算都要拷贝一次</translation>
    </message>
    <message>
        <source>keep the reference model in host memory</source>
        <translation>把参考模型放在主机内存中</translation>
    </message>
    <message>
        <source>twice the nodes: the parameters and optimizer states are split twice as far</source>
        <translation>节点数翻倍：参数和优化器状态切分到两倍的分片上</translation>
    </message>
    <message>
        <source>The device&apos;s memory is not known: pick an NPU or give --hbm.</source>
        <translation>设备内存未知：请选择 NPU 型号或给出 --hbm。</translation>
    </message>
    <message>
        <source>The model has no parameters to size.</source>
        <translation>该模型没有可计算的参数。</translation>
    </message>
    <message>
        <source>Give the model: a preset (Qwen2.5-7B, …), a model folder or its config.json.</source>
        <translation>请给出模型：预设（Qwen2.5-7B、…）、模型目录或其 config.json。</translation>
    </message>
    <message>
        <source>Unknown NPU &quot;%1&quot;: expected one of %2, or the device memory with --hbm.</source>
        <translation>未知 NPU &quot;%1&quot;：应为 %2 之一，或用 --hbm 给出设备内存。</translation>
    </message>
    <message>
        <source>Invalid margin &quot;%1&quot;: expected GiB from 0 to less than the device&apos;s memory.</source>
        <translation>余量 &quot;%1&quot; 无效：应为从 0 到小于设备内存的 GiB 数。</translation>
    </message>
    <message>
        <source>No launch command was given: verl&apos;s defaults at %1 are estimated.</source>
        <translation>未给出启动命令：按 %1 的 verl 默认配置估算。</translation>
    </message>
    <message>
        <source>Invalid %1 &quot;%2&quot;: expected a whole number from 1 to 4096.</source>
        <translation>%1 &quot;%2&quot; 无效：应为 1 到 4096 之间的整数。</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Engine start</source>
        <translation>引擎启动</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>Rollout</translation>
    </message>
    <message>
        <source>Log-probs</source>
        <translation>Log-prob</translation>
    </message>
    <message>
        <source>Actor update</source>
        <translation>Actor 更新</translation>
    </message>
    <message>
        <source>Weight sync</source>
        <translation>权重同步</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>Critic</source>
        <translation>Critic</translation>
    </message>
    <message>
        <source>Gathered layers</source>
        <translation>all-gather 的层</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>Engine workspace</source>
        <translation>引擎工作空间</translation>
    </message>
    <message>
        <source>Engine weights</source>
        <translation>引擎权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Bucket</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>紧张</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Model: %1, %2 parameters (%3)</source>
        <translation>模型：%1，参数量 %2（%3）</translation>
    </message>
    <message>
        <source>Devices: %1 × %2 (%3 per device; %4)</source>
        <translation>设备：%1 × %2（每设备 %3；%4）</translation>
    </message>
    <message>
        <source>verl %1 (config of %2): %3 actor over %4 shards, %5 rollout</source>
        <translation>verl %1（%2 的配置）：%3 actor，分为 %4 个分片；%5 rollout</translation>
    </message>
    <message>
        <source>Tokens per device: %1 per update micro-batch, %2 per log-prob micro-batch; one sequence %3</source>
        <translation>每设备 token 数：每个 update micro-batch %1，每个 log-prob micro-batch %2；单条序列 %3</translation>
    </message>
    <message>
        <source>KV cache: %1 for %2 tokens (%3 sequences at once)</source>
        <translation>KV cache：%1，可容纳 %2 个 token（同时 %3 条序列）</translation>
    </message>
    <message>
        <source>%1: peak %2 of %3 — %4%5</source>
        <translation>%1：峰值 %2 / %3 — %4%5</translation>
    </message>
    <message>
        <source> (binds)</source>
        <translation> (瓶颈)</translation>
    </message>
    <message>
        <source>Does not fit: %1 binds.</source>
        <translation>放不下：瓶颈在 %1。</translation>
    </message>
    <message>
        <source>Fits only within the margin: %1 is tight.</source>
        <translation>仅在余量内放得下：%1 紧张。</translation>
    </message>
    <message>
        <source>Every phase fits with the margin.</source>
        <translation>预留余量后所有阶段都放得下。</translation>
    </message>
    <message>
        <source>What makes it fit, cheapest first:</source>
        <translation>让它放得下的方法（代价从低到高）：</translation>
    </message>
    <message>
        <source>frees %1</source>
        <translation>释放 %1</translation>
    </message>
    <message>
        <source>These are not enough: no setting checked here makes it fit; more devices or a smaller model are left.</source>
        <translation>以上仍不够：这里检查的设置都无法让它放得下；只能增加设备或换用更小的模型。</translation>
    </message>
    <message>
        <source>Corrected command:</source>
        <translation>修正后的命令：</translation>
    </message>
    <message>
        <source>Assumptions:</source>
        <translation>假设：</translation>
    </message>
    <message>
        <source>vLLM checks its KV cache against one sequence of max_model_len, which verl sets to max_position_embeddings; prompt + response is all a rollout uses</source>
        <translation>vLLM 启动时检查 KV cache 能否容纳一条 max_model_len 长的序列，而 verl 把它设为 max_position_embeddings；rollout 实际只用到 prompt + response</translation>
    </message>
    <message>
        <source>give the engine the memory the training side leaves free: room for its weights and a KV cache</source>
        <translation>把训练侧空出的显存分给引擎：放得下其权重和 KV cache</translation>
    </message>
    <message>
        <source>lets %1 pass</source>
        <translation>使%1通过</translation>
    </message>
    <message>
        <source>actor strategy %1 is estimated as FSDP: its sharding was not read from verl&apos;s code.</source>
        <translation>actor 策略 %1 按 FSDP 估算：其分片方式未从 verl 代码中读取。</translation>
    </message>
    <message>
        <source>Did you mean %1?</source>
        <translation>您是不是要找 %1？</translation>
    </message>
    <message>
        <source>%1: config.json&apos;s %2 is not one the memory estimate can read, so its memory is not estimated rather than guessed.</source>
        <translation>%1：显存估算无法读取 config.json 中的 %2，因此不做估算，而不是去猜。</translation>
    </message>
    <message>
        <source>lora_rank is %1 but target_modules (%2) names no q/k/v/o/gate/up/down projection: no adapter is counted.</source>
        <translation>lora_rank 为 %1，但 target_modules（%2）没有指定任何 q/k/v/o/gate/up/down 投影：不计入适配器。</translation>
    </message>
    <message>
        <source>the engine&apos;s LoRA slots are counted for the attention and dense layers; the experts&apos; are not.</source>
        <translation>推理引擎的 LoRA 槽位只计入注意力层和稠密层，不计入专家层。</translation>
    </message>
    <message>
        <source>actor parameters: the frozen base, %1 × %2 bytes ÷ %3 shards, and the LoRA adapter of rank %4 (%5 parameters)</source>
        <translation>actor 参数：冻结的基座 %1 × %2 字节 ÷ %3 个分片，加上秩为 %4 的 LoRA 适配器（%5 个参数）</translation>
    </message>
    <message>
        <source>%1 adapter parameters</source>
        <translation>%1 个适配器参数</translation>
    </message>
    <message>
        <source>optimizer states (AdamW): %1 × 8 bytes ÷ %2 shards</source>
        <translation>优化器状态（AdamW）：%1 × 8 字节 ÷ %2 个分片</translation>
    </message>
    <message>
        <source>%1&apos;s LoRA buffers are not counted: only vLLM&apos;s are known.</source>
        <translation>未计入 %1 的 LoRA 缓冲区：只知道 vLLM 的。</translation>
    </message>
    <message>
        <source>engine LoRA slots: %1 × rank %2 for every linear layer, ÷ tensor parallel %3</source>
        <translation>推理引擎 LoRA 槽位：每个线性层 %1 × 秩 %2，÷ 张量并行 %3</translation>
    </message>
    <message>
        <source>Not estimated: this run gives the rollout devices of its own (%1), and this estimate models verl&apos;s colocated engine, where the rollout and the training take turns on the same devices. Their own memory (the engine&apos;s grant, the weight-sync buffers on both sides) is not modelled yet; a fully asynchronous run has run out of memory in the weight sync with a 0.5B model on 64 GB devices (verl PR #7041).</source>
        <translation>未估算：此运行让 rollout 使用自己的设备（%1），而本估算模拟的是 verl 的共置引擎，即 rollout 与训练在同一批设备上轮流运行。两侧各自的显存（引擎分得的份额、两端的权重同步缓冲区）尚未建模；已有完全异步的运行在 64 GB 设备上用 0.5B 模型在权重同步时显存不足（verl PR #7041）。</translation>
    </message>
    <message>
        <source>Vision tower: %1 parameters, from config.json&apos;s vision_config</source>
        <translation>视觉塔：%1 个参数，来自 config.json 的 vision_config</translation>
    </message>
    <message>
        <source>Hybrid attention: %1 of %2 layers keep a KV cache; the other %3 keep a fixed state of %4 per sequence</source>
        <translation>混合注意力：%2 层中有 %1 层保留 KV cache；其余 %3 层每个序列保留固定的 %4 状态</translation>
    </message>
    <message>
        <source>The command was not read: it has no verl launch and no overrides, so verl&apos;s defaults are estimated, not your run.</source>
        <translation>没有读到命令：其中既没有 verl 启动命令也没有覆盖参数，因此估算的是 verl 的默认值，而不是你的运行。</translation>
    </message>
</context>
<context>
    <name>MemoryCommand</name>
    <message>
        <source>Will it fit? NPU memory for every phase of an RL run, and the overrides that make it fit.</source>
        <translation>放得下吗？估算 RL 训练每个阶段的 NPU 显存，并给出让它放得下的覆盖参数。</translation>
    </message>
    <message>
        <source>Estimates, per device, what each phase of a colocated verl run keeps in NPU memory (the rollout engine starting, the rollout, the log-prob passes, the actor&apos;s update and the weight transfer), whether it fits, the phase that binds, and the cheapest overrides that make it fit, in the corrected command. The launch command or script is read as the linter reads it, against the config of your verl release; what it does not set takes that release&apos;s defaults. Every rule names verl&apos;s (or vllm-ascend&apos;s) source line.
Exit code 0 when every phase fits (tight included), 1 when one does not.</source>
        <translation>按设备估算共卡部署（colocated）的 verl 训练在每个阶段（rollout 引擎启动、rollout、log-prob 计算、actor 更新和权重传输）占用的 NPU 显存，判断是否放得下、哪个阶段是瓶颈，并在修正后的命令中给出让它放得下、代价最低的覆盖参数。启动命令或脚本按检查器（lint）的方式读取，并对照你的 verl 版本的配置；命令未设置的参数取该版本的默认值。每条规则都注明了 verl（或 vllm-ascend）的源码行。
所有阶段都放得下（包括紧张）时退出码为 0，有阶段放不下时为 1。</translation>
    </message>
    <message>
        <source>The launch command or script; - reads standard input; nothing estimates verl&apos;s defaults.</source>
        <translation>启动命令或脚本；- 表示读取标准输入；不给时估算 verl 的默认配置。</translation>
    </message>
    <message>
        <source>A model preset (see bucket --list-presets), a local model folder or its config.json.</source>
        <translation>模型预设（见 bucket --list-presets）、本地模型目录或其 config.json。</translation>
    </message>
    <message>
        <source>name|dir</source>
        <translation>名称|目录</translation>
    </message>
    <message>
        <source>The NPU: 910B1, 910B2, 910B3, 910B4, A3 or 910A (see --list-npus).</source>
        <translation>NPU 型号：910B1、910B2、910B3、910B4、A3 或 910A（见 --list-npus）。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Device memory per NPU in MiB as npu-smi prints it (HBM total); overrides --npu.</source>
        <translation>每个 NPU 的设备内存，单位 MiB，取 npu-smi 显示的值（HBM 总量）；会覆盖 --npu。</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>trainer.nnodes (default: the command&apos;s, else verl&apos;s).</source>
        <translation>trainer.nnodes（默认：取命令中的值，否则为 verl 的默认值）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>trainer.n_gpus_per_node (default: the command&apos;s, else verl&apos;s).</source>
        <translation>trainer.n_gpus_per_node（默认：取命令中的值，否则为 verl 的默认值）。</translation>
    </message>
    <message>
        <source>GiB per device kept for what cannot be known before running (CANN/HCCL workspace, fragmentation).</source>
        <translation>每设备预留的 GiB 数，用于运行前无法确定的开销（CANN/HCCL 工作空间、内存碎片）。</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Your verl version; decides the config, its defaults and the rules.</source>
        <translation>你的 verl 版本；决定配置、其默认值和规则。</translation>
    </message>
    <message>
        <source>Print one JSON object instead of text.</source>
        <translation>输出一个 JSON 对象而不是文本。</translation>
    </message>
    <message>
        <source>List the NPUs and where their memory sizes come from.</source>
        <translation>列出所有 NPU 型号及其内存大小的来源。</translation>
    </message>
    <message>
        <source>Give one launch command or script; got %1.</source>
        <translation>请只给出一个启动命令或脚本；实际收到：%1。</translation>
    </message>
    <message>
        <source>Give --model: a preset (Qwen2.5-7B, …), a model folder or its config.json.</source>
        <translation>请给出 --model：预设（Qwen2.5-7B、…）、模型目录或其 config.json。</translation>
    </message>
</context>
<context>
    <name>Migration</name>
    <message>
        <source>Moving from verl %1 to %2: %3 renamed, %4 removed, %5 refused by %2; %6 default(s) changed for keys the script does not set.</source>
        <translation>从 verl %1 迁移到 %2：%3 个重命名，%4 个已删除，%5 个被 %2 拒绝；脚本未设置的键中有 %6 个默认值发生了变化。</translation>
    </message>
    <message numerus="yes">
        <source>%n override(s) already fail on verl %1.</source>
        <translation>
            <numerusform>有 %n 个覆盖参数在 verl %1 上就已经出错。</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>renamed: %1 → %2. %3</source>
        <translation>重命名：%1 → %2。%3</translation>
    </message>
    <message>
        <source>removed: %1. %2</source>
        <translation>已删除：%1。%2</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>already wrong before the move: %1</source>
        <translation>迁移前就已出错：%1</translation>
    </message>
    <message>
        <source>default changed: %1 was %2, is %3 (%4)</source>
        <translation>默认值变化：%1 原为 %2，现为 %3（%4）</translation>
    </message>
</context>
<context>
    <name>NodeOptions</name>
    <message>
        <source>Use this ssh configuration file instead of ~/.ssh/config.</source>
        <translation>使用此 ssh 配置文件代替 ~/.ssh/config。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Pass -o OPTION to ssh; repeat for more.</source>
        <translation>向 ssh 传递 -o OPTION；可重复指定多个。</translation>
    </message>
    <message>
        <source>option</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Accept and remember host keys of nodes never seen before (changed keys are still refused).</source>
        <translation>接受并记住首次连接的节点的主机密钥（已变更的密钥仍会被拒绝）。</translation>
    </message>
    <message>
        <source>Cannot read the ssh configuration file %1.</source>
        <translation>无法读取 ssh 配置文件 %1。</translation>
    </message>
    <message>
        <source>--%1: %2</source>
        <translation>--%1：%2</translation>
    </message>
    <message>
        <source>Cannot read the host file %1: %2</source>
        <translation>无法读取主机列表文件 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>More than %1 hosts.</source>
        <translation>主机数超过 %1 个。</translation>
    </message>
    <message>
        <source>Invalid --%1 &quot;%2&quot;: expected a number from %3 to %4.</source>
        <translation>--%1 的值“%2”无效：应为 %3 到 %4 之间的数字。</translation>
    </message>
</context>
<context>
    <name>Nodeset</name>
    <message>
        <source>&quot;[&quot; at position %1 is never closed.</source>
        <translation>位置 %1 的“[”没有闭合。</translation>
    </message>
    <message>
        <source>&quot;]&quot; at position %1 has no matching &quot;[&quot;.</source>
        <translation>位置 %1 的“]”没有匹配的“[”。</translation>
    </message>
    <message>
        <source>Node groups (@name) are not supported at position %1: list the nodes, e.g. node[01-04].</source>
        <translation>位置 %1：不支持节点组（@name），请直接列出节点，例如 node[01-04]。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; at position %2 cannot be part of a host name.</source>
        <translation>位置 %2 的“%1”不能出现在主机名中。</translation>
    </message>
    <message>
        <source>An empty host name at position %1.</source>
        <translation>位置 %1 的主机名为空。</translation>
    </message>
    <message>
        <source>A host name cannot start with &quot;-&quot; (position %1).</source>
        <translation>主机名不能以“-”开头（位置 %1）。</translation>
    </message>
    <message>
        <source>This expands to more than %1 hosts; check the ranges.</source>
        <translation>展开后超过 %1 个主机；请检查范围。</translation>
    </message>
    <message>
        <source>A number is missing in the range at position %1.</source>
        <translation>位置 %1 的范围中缺少数字。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; at position %2 is not a digit.</source>
        <translation>位置 %2 的“%1”不是数字。</translation>
    </message>
    <message>
        <source>The number at position %1 is too large.</source>
        <translation>位置 %1 的数字太大。</translation>
    </message>
    <message>
        <source>The range at position %1 runs backwards (%2 &gt; %3).</source>
        <translation>位置 %1 的范围是倒序的（%2 &gt; %3）。</translation>
    </message>
    <message>
        <source>A step (/N) needs a range a-b, at position %1.</source>
        <translation>位置 %1：步长（/N）需要 a-b 形式的范围。</translation>
    </message>
    <message>
        <source>The step at position %1 must be at least 1.</source>
        <translation>位置 %1 的步长至少为 1。</translation>
    </message>
    <message>
        <source>The host list is empty.</source>
        <translation>主机列表为空。</translation>
    </message>
    <message>
        <source>A host name is missing before position %1.</source>
        <translation>位置 %1 之前缺少主机名。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; leaves no hosts.</source>
        <translation>“%1”没有剩下任何主机。</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>The host file lists no hosts.</source>
        <translation>主机列表文件中没有任何主机。</translation>
    </message>
</context>
<context>
    <name>NpuSmi</name>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>NPU %1 has no second row (chip, Bus-Id, memory); those values are not shown.</source>
        <translation>NPU %1 缺少第二行（芯片、Bus-Id、内存）；这些值不予显示。</translation>
    </message>
    <message>
        <source>could not read this process row: %1</source>
        <translation>无法读取此进程行：%1</translation>
    </message>
    <message>
        <source>the memory of process %1 could not be read.</source>
        <translation>无法读取进程 %1 的内存。</translation>
    </message>
    <message>
        <source>a chip row without the NPU row before it: %1</source>
        <translation>芯片行之前缺少 NPU 行：%1</translation>
    </message>
    <message>
        <source>the HBM usage of NPU %1 chip %2 could not be read.</source>
        <translation>无法读取 NPU %1 芯片 %2 的 HBM 占用。</translation>
    </message>
    <message>
        <source>the memory usage of NPU %1 chip %2 could not be read.</source>
        <translation>无法读取 NPU %1 芯片 %2 的内存占用。</translation>
    </message>
    <message>
        <source>the AI core usage of NPU %1 could not be read.</source>
        <translation>无法读取 NPU %1 的 AI Core 占用率。</translation>
    </message>
    <message>
        <source>health &quot;%1&quot; of NPU %2 is not one of OK, Warning, Alarm, Critical, UNKNOWN; the paste may be damaged.</source>
        <translation>NPU %2 的健康状态“%1”不是 OK、Warning、Alarm、Critical、UNKNOWN 之一；粘贴的内容可能已损坏。</translation>
    </message>
    <message>
        <source>the power of NPU %1 could not be read.</source>
        <translation>无法读取 NPU %1 的功率。</translation>
    </message>
    <message>
        <source>the temperature of NPU %1 could not be read.</source>
        <translation>无法读取 NPU %1 的温度。</translation>
    </message>
    <message>
        <source>could not read this row: %1</source>
        <translation>无法读取此行：%1</translation>
    </message>
    <message>
        <source>This is not npu-smi info output: no npu-smi table was found.</source>
        <translation>这不是 npu-smi info 的输出：没有找到 npu-smi 表格。</translation>
    </message>
    <message>
        <source>The header line with the npu-smi and driver versions is missing.</source>
        <translation>缺少包含 npu-smi 和驱动版本的表头行。</translation>
    </message>
    <message>
        <source>This is not npu-smi info -m output: the &quot;NPU ID … Chip Logic ID&quot; header is missing.</source>
        <translation>这不是 npu-smi info -m 的输出：缺少“NPU ID … Chip Logic ID”表头。</translation>
    </message>
</context>
<context>
    <name>OpenPath</name>
    <message>
        <source>No program could open %1.</source>
        <translation>没有程序能打开 %1。</translation>
    </message>
    <message>
        <source>%1 does not exist yet.</source>
        <translation>%1 尚不存在。</translation>
    </message>
    <message>
        <source>Copy the path and open it with a program of your choice.</source>
        <translation>复制路径，然后用你选择的程序打开它。</translation>
    </message>
    <message>
        <source>It is written the first time there is something to put in it.</source>
        <translation>第一次有内容需要写入时才会创建它。</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>复制路径</translation>
    </message>
</context>
<context>
    <name>Probe</name>
    <message>
        <source>Canceled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>No answer within %1 s.</source>
        <translation>%1 秒内没有响应。</translation>
    </message>
    <message>
        <source>The node returned nothing we could read (exit code %1): %2</source>
        <translation>节点没有返回可读取的内容（退出码 %1）：%2</translation>
    </message>
    <message>
        <source>The probe was stopped after %1 s, before it finished</source>
        <translation>探测在 %1 秒后被终止，未能完成</translation>
    </message>
    <message>
        <source>The probe ended before it finished (exit code %1: %2)</source>
        <translation>探测未完成就结束了（退出码 %1：%2）</translation>
    </message>
</context>
<context>
    <name>Process</name>
    <message>
        <source>Could not run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
</context>
<context>
    <name>ProfilerChecks</name>
    <message>
        <source>%1 is a comma-separated sweep: without --multirun Hydra stops with &quot;Ambiguous value for argument&quot;. Write the list in brackets.</source>
        <translation>%1 是逗号分隔的 sweep：不加 --multirun 时 Hydra 会以 &quot;Ambiguous value for argument&quot; 报错退出。请用方括号写成列表。</translation>
    </message>
    <message>
        <source>%1 is a comma-separated sweep: without --multirun Hydra stops with &quot;Ambiguous value for argument&quot;. %2 takes one value.</source>
        <translation>%1 是逗号分隔的 sweep：不加 --multirun 时 Hydra 会以 &quot;Ambiguous value for argument&quot; 报错退出。%2 只接受一个值。</translation>
    </message>
    <message>
        <source>%1() is a sweep: Hydra stops with &quot;Sweep parameters … requires --multirun&quot; in a normal run.</source>
        <translation>%1() 是 sweep：普通运行时 Hydra 会以 &quot;Sweep parameters … requires --multirun&quot; 报错退出。</translation>
    </message>
    <message>
        <source>%1 is not a positive whole number.</source>
        <translation>%1 不是正整数。</translation>
    </message>
    <message>
        <source>%1 is not a path.</source>
        <translation>%1 不是路径。</translation>
    </message>
    <message>
        <source>level2 with stack or memory writes very large traces (many GB per step); prefer level1 or level0 unless you need them.</source>
        <translation>level2 配合 stack 或 memory 会写出非常大的性能数据（每步数 GB）；除非确实需要，请优先使用 level1 或 level0。</translation>
    </message>
    <message>
        <source>%1: level2 with stack or memory writes very large traces (many GB per step); prefer level1 or level0 unless you need them.</source>
        <translation>%1：level2 配合 stack 或 memory 会写出非常大的性能数据（每步数 GB）；除非确实需要，请优先使用 level1 或 level0。</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>%1 is a %2; verl checks that %3 is true or false and stops (%4).</source>
        <translation>%1 是 %2；verl 会检查 %3 是否为 true 或 false，不是则停止（%4）。</translation>
    </message>
    <message>
        <source>%1 is a string, and verl reads any non-empty string as true; write false.</source>
        <translation>%1 是字符串，verl 会把任何非空字符串当作 true；请写 false。</translation>
    </message>
    <message>
        <source>%1 is not a whole number.</source>
        <translation>%1 不是整数。</translation>
    </message>
    <message>
        <source>%1 is not a number.</source>
        <translation>%1 不是数字。</translation>
    </message>
    <message>
        <source>%1 is not a whole number ≥ 0 or null; verl checks it and stops (%2).</source>
        <translation>%1 不是 ≥ 0 的整数或 null；verl 会检查并停止（%2）。</translation>
    </message>
    <message>
        <source>level=%1 is the integer %1; verl accepts only the strings %2 and stops on anything else.</source>
        <translation>level=%1 是整数 %1；verl 只接受字符串 %2，其他取值都会停止。</translation>
    </message>
    <message>
        <source>%1 is not a profiler level; verl accepts %2 and stops on anything else.</source>
        <translation>%1 不是性能分析级别；verl 接受 %2，其他取值都会停止。</translation>
    </message>
    <message>
        <source>%1 cannot be collected; contents takes %2, and verl stops on anything else.</source>
        <translation>无法采集 %1；contents 只接受 %2，其他取值 verl 都会停止。</translation>
    </message>
    <message>
        <source>%1 is not a list; verl checks that contents is a list such as [npu,cpu] and stops.</source>
        <translation>%1 不是列表；verl 会检查 contents 是否为 [npu,cpu] 这样的列表，不是则停止。</translation>
    </message>
    <message>
        <source>tool=%1 collects no Ascend NPU data (it drives CUDA tools); use npu.</source>
        <translation>tool=%1 采集不到昇腾 NPU 的数据（它调用的是 CUDA 工具）；请使用 npu。</translation>
    </message>
    <message>
        <source>%1 is not a tool verl knows (%2); verl then builds no profiler and collects nothing. On Ascend NPUs use npu.</source>
        <translation>%1 不是 verl 认识的工具（%2）；verl 因此不会创建性能分析器，什么也采集不到。在昇腾 NPU 上请使用 npu。</translation>
    </message>
    <message>
        <source>%1 holds something other than step numbers ≥ 1; such an item never matches a training step.</source>
        <translation>%1 中有不是 ≥ 1 的步数的项；这样的项永远匹配不到训练步。</translation>
    </message>
    <message>
        <source>%1 is not a list of step numbers; verl looks the step up in it and stops. Write steps as a list, e.g. [1,2,5], or null.</source>
        <translation>%1 不是步数列表；verl 在其中查找当前步时会停止。请把 steps 写成列表，如 [1,2,5]，或 null。</translation>
    </message>
    <message>
        <source>%1 holds something other than rank numbers; such an item matches no rank.</source>
        <translation>%1 中有不是 rank 编号的项；这样的项匹配不到任何 rank。</translation>
    </message>
    <message>
        <source>%1 is not a list of ranks; verl checks that ranks is a list and stops. Write e.g. [0,1].</source>
        <translation>%1 不是 rank 列表；verl 会检查 ranks 是否为列表，不是则停止。请写成如 [0,1]。</translation>
    </message>
    <message>
        <source>%1 is not a list.</source>
        <translation>%1 不是列表。</translation>
    </message>
    <message>
        <source>%1 sets neither ranks nor all_ranks, and verl %2 then profiles no rank at all: its NPU profiler starts only on a listed rank (%3). List the ranks to profile.</source>
        <translation>%1 既没有设置 ranks 也没有设置 all_ranks，verl %2 因此不会对任何 rank 做性能分析：其 NPU 性能分析器只在列出的 rank 上启动（%3）。请列出要分析的 rank。</translation>
    </message>
    <message>
        <source>%1 lists no step, so no step is profiled.</source>
        <translation>%1 没有列出任何步，因此不会分析任何一步。</translation>
    </message>
    <message>
        <source>No role has profiler.enable=True, so verl profiles nothing; turn it on for the roles to profile.</source>
        <translation>没有任何角色设置了 profiler.enable=True，verl 因此什么也不分析；请为要分析的角色打开它。</translation>
    </message>
    <message>
        <source>global_profiler.tool is not set, so verl builds no profiler and collects nothing.</source>
        <translation>没有设置 global_profiler.tool，verl 因此不会创建性能分析器，什么也采集不到。</translation>
    </message>
    <message>
        <source>%1: contents is empty, which in verl %2 collects CPU activity only (%3); list npu to get device data.</source>
        <translation>%1：contents 为空，在 verl %2 中只采集 CPU 活动（%3）；要获得设备数据请列出 npu。</translation>
    </message>
    <message>
        <source>%1: profile_continuous_steps merges steps into one trace, but with discrete=True each task writes its own trace, so nothing is merged (verl&apos;s config: &quot;If True, worker.profiler.discrete must be False&quot;, %2).</source>
        <translation>%1：profile_continuous_steps 会把多步合并成一份 trace，但 discrete=True 时每个任务各写一份 trace，所以什么也不会合并（verl 配置中写道：&quot;If True, worker.profiler.discrete must be False&quot;，%2）。</translation>
    </message>
    <message>
        <source>rollout: the agent-loop rollout servers (rollout.mode=async) are profiled only with discrete=True (%1); without it generation is not profiled.</source>
        <translation>rollout：agent-loop 的 rollout 服务（rollout.mode=async）只有在 discrete=True 时才会被分析（%1）；否则生成阶段不会被分析。</translation>
    </message>
    <message>
        <source>rollout: in verl %1 the agent-loop rollout servers (rollout.mode=async) start no profiler (%2), so generation is not profiled.</source>
        <translation>rollout：在 verl %1 中，agent-loop 的 rollout 服务（rollout.mode=async）不会启动性能分析器（%2），因此生成阶段不会被分析。</translation>
    </message>
    <message>
        <source>profile_token_end (%1) must be greater than profile_token_start (%2); verl checks it and stops (%3).</source>
        <translation>profile_token_end（%1）必须大于 profile_token_start（%2）；verl 会检查并停止（%3）。</translation>
    </message>
    <message>
        <source>The token range applies only to the agent-loop rollout servers&apos; profiler (rollout.mode=async with discrete=True, %1); here it has no effect.</source>
        <translation>token 范围只作用于 agent-loop rollout 服务的性能分析器（rollout.mode=async 且 discrete=True，%1）；在这里不起作用。</translation>
    </message>
    <message>
        <source>On Ascend NPUs, verl %1 hands the NPU profiler options only to the actor, rollout and reference workers (%2), so %3 collects nothing.</source>
        <translation>在昇腾 NPU 上，verl %1 只把 NPU 性能分析选项交给 actor、rollout 和 reference 的 worker（%2），因此 %3 什么也采集不到。</translation>
    </message>
    <message>
        <source>On Ascend NPUs, verl %1&apos;s Megatron workers drop the NPU profiler options they are given (%2): with %3 nothing is collected. Use the FSDP trainer (ppo_trainer) to profile, or verl 0.6 or newer.</source>
        <translation>在昇腾 NPU 上，verl %1 的 Megatron worker 会丢弃传给它们的 NPU 性能分析选项（%2）：使用 %3 时什么也采集不到。请用 FSDP 训练器（ppo_trainer）做性能分析，或使用 verl 0.6 及更新版本。</translation>
    </message>
</context>
<context>
    <name>ProfilerCommand</name>
    <message>
        <source>Write correct NPU profiler overrides for your verl version.</source>
        <translation>为你的 verl 版本生成正确的 NPU 性能分析覆盖参数。</translation>
    </message>
    <message>
        <source>Your verl version.</source>
        <translation>你的 verl 版本。</translation>
    </message>
    <message>
        <source>Roles to profile: actor, ref, rollout, critic, reward (comma-separated).</source>
        <translation>要分析的角色：actor、ref、rollout、critic、reward（逗号分隔）。</translation>
    </message>
    <message>
        <source>roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Training steps to profile, e.g. 1,2,5.</source>
        <translation>要分析的训练步，如 1,2,5。</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Where traces are written (default: verl&apos;s).</source>
        <translation>性能数据的写入位置（默认：verl 的默认位置）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>What to collect: npu, cpu, memory, shapes, module, stack (comma-separated; empty: torch_npu&apos;s default).</source>
        <translation>要采集的内容：npu、cpu、memory、shapes、module、stack（逗号分隔；为空：torch_npu 的默认值）。</translation>
    </message>
    <message>
        <source>items</source>
        <translation>项</translation>
    </message>
    <message>
        <source>level_none, level0, level1 or level2 (default: the version&apos;s default).</source>
        <translation>level_none、level0、level1 或 level2（默认：该版本的默认值）。</translation>
    </message>
    <message>
        <source>level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Parse the traces after collecting them (default).</source>
        <translation>采集后解析性能数据（默认）。</translation>
    </message>
    <message>
        <source>Do not parse the traces; analyse them offline later.</source>
        <translation>不解析性能数据，之后离线分析。</translation>
    </message>
    <message>
        <source>One database per task (actor update, log-prob, rollout…).</source>
        <translation>每个任务（actor 更新、log-prob、rollout…）一个数据库。</translation>
    </message>
    <message>
        <source>One database per step (default).</source>
        <translation>每步一个数据库（默认）。</translation>
    </message>
    <message>
        <source>Ranks to profile, e.g. 0,1 (default without --all-ranks: rank 0 only).</source>
        <translation>要分析的 rank，如 0,1（不加 --all-ranks 时默认只分析 rank 0）。</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>rank 列表</translation>
    </message>
    <message>
        <source>Profile every rank.</source>
        <translation>分析所有 rank。</translation>
    </message>
    <message>
        <source>Consecutive steps share one database (needs --no-discrete; verl 0.6+).</source>
        <translation>连续的步共用一个数据库（需要 --no-discrete；verl 0.6+）。</translation>
    </message>
    <message>
        <source>Rollout: first generated token to profile (verl 0.9+).</source>
        <translation>Rollout：开始分析的第一个生成 token（verl 0.9+）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Rollout: last generated token to profile (verl 0.9+).</source>
        <translation>Rollout：结束分析的最后一个生成 token（verl 0.9+）。</translation>
    </message>
    <message>
        <source>shell (one override per line, joined by &quot; \&quot;), line, yaml or json.</source>
        <translation>shell（每行一个覆盖参数，以 &quot; \&quot; 连接）、line、yaml 或 json。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>--%1 and --%2 contradict each other.</source>
        <translation>--%1 与 --%2 相互矛盾。</translation>
    </message>
    <message>
        <source>--ranks and --all-ranks contradict each other.</source>
        <translation>--ranks 与 --all-ranks 相互矛盾。</translation>
    </message>
    <message>
        <source>--%1 takes one whole number ≥ 0.</source>
        <translation>--%1 只接受一个 ≥ 0 的整数。</translation>
    </message>
    <message>
        <source>note:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Prints the Hydra overrides that turn on verl&apos;s NPU profiler for your verl version, with the keys that release reads (verl&apos;s own config at its release tag): global_profiler and each role&apos;s profiler block (0.6 and later) or trainer.npu_profile (0.5). Every string parses in Hydra to the intended value and type and composes with that release&apos;s config. Notes and warnings about what will be collected go to stderr. verl 0.4 and older have no NPU profiler: exit code 2.
Exit code 1 when the settings contradict each other.</source>
        <translation>打印为你的 verl 版本开启 NPU 性能分析器的 Hydra 覆盖参数，所用的键就是该版本读取的键（取自该发布标签下 verl 自己的配置）：global_profiler 和各角色的 profiler 块（0.6 及以后），或 trainer.npu_profile（0.5）。每个字符串在 Hydra 中都解析为预期的值和类型，并能与该版本的配置组合。关于会采集到什么的说明和警告输出到标准错误。verl 0.4 及更早版本没有 NPU 性能分析器：退出码为 2。
设置相互矛盾时退出码为 1。</translation>
    </message>
    <message>
        <source>fix:</source>
        <translation>修正：</translation>
    </message>
</context>
<context>
    <name>ProfilerLint</name>
    <message>
        <source>HCCL_DEBUG is NCCL_DEBUG&apos;s look-alike; HCCL does not read it. For HCCL logs set ASCEND_GLOBAL_LOG_LEVEL=1 (with ASCEND_SLOG_PRINT_TO_STDOUT=1 to see them on screen) and, for more detail, HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE.</source>
        <translation>HCCL_DEBUG 只是形似 NCCL_DEBUG，HCCL 并不读取它。要得到 HCCL 日志，请设置 ASCEND_GLOBAL_LOG_LEVEL=1（配合 ASCEND_SLOG_PRINT_TO_STDOUT=1 可在屏幕上看到），需要更多细节时再设置 HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE。</translation>
    </message>
    <message>
        <source>Hydra cannot read this override: %1.</source>
        <translation>Hydra 无法解析此覆盖参数：%1。</translation>
    </message>
    <message>
        <source>+%1 adds a key that verl already has; Hydra stops with &quot;Could not append to config. An item is already at …&quot;. Drop the +.</source>
        <translation>+%1 会添加一个 verl 中已存在的键；Hydra 会以 &quot;Could not append to config. An item is already at …&quot; 报错退出。请去掉 +。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 is larger than 16 MiB; that is not a launch script.</source>
        <translation>%1 大于 16 MiB，不是启动脚本。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder; choose the launch script in it.</source>
        <translation>%1 是文件夹；请选择其中的启动脚本。</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a pipe or a device); save the script to a file first.</source>
        <translation>%1 不是普通文件（而是管道或设备）；请先把脚本保存为文件。</translation>
    </message>
    <message>
        <source>The text is larger than 16 MiB; that is not a launch script.</source>
        <translation>文本大于 16 MiB，不是启动脚本。</translation>
    </message>
    <message numerus="yes">
        <source>No problems found in %n override(s).</source>
        <translation>
            <numerusform>在 %n 个覆盖参数中未发现问题。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 error(s), %2 warning(s) in %n override(s).</source>
        <translation>
            <numerusform>%n 个覆盖参数中有 %1 个错误、%2 个警告。</numerusform>
        </translation>
    </message>
    <message>
        <source>bash runs this line as a command named &quot;%1&quot; and stops with &quot;command not found&quot;: its overrides never reach a verl program. The command before it ends too early; look for a comment or a blank after the backslash that should continue it.</source>
        <translation>bash 会把这一行当作名为 &quot;%1&quot; 的命令来运行，并报 &quot;command not found&quot; 停止：这些覆盖参数永远到不了 verl 程序。上一条命令结束得太早了；请检查本应续行的反斜杠后面是否跟了注释或空格。</translation>
    </message>
    <message>
        <source>%1 is an argument given to the script, so the value of %2 is not checked.</source>
        <translation>%1 是传给脚本的参数，因此不检查 %2 的值。</translation>
    </message>
    <message>
        <source>$%1 is not set in this script; it may come from %2, which it sources, so the value of %3 is not checked.</source>
        <translation>$%1 没有在本脚本中设置；它可能来自脚本 source 的 %2，因此不检查 %3 的值。</translation>
    </message>
    <message>
        <source>$%1 is not set in this script, so it comes from the environment and the value of %2 is not checked.</source>
        <translation>$%1 没有在本脚本中设置，它来自环境变量，因此不检查 %2 的值。</translation>
    </message>
    <message>
        <source>Hydra&apos;s command line has no option %1 and stops (&quot;unrecognized arguments&quot;).</source>
        <translation>Hydra 的命令行没有 %1 这个选项，会停止（&quot;unrecognized arguments&quot;）。</translation>
    </message>
    <message numerus="yes">
        <source>bash expands {…} before Hydra sees it, so Hydra gets %n override(s) instead of one: %1; the last one wins.</source>
        <translation>
            <numerusform>bash 会在 Hydra 看到之前展开 {…}，因此 Hydra 收到的不是一个而是 %n 个覆盖参数：%1；最后一个生效。</numerusform>
        </translation>
    </message>
    <message>
        <source>In verl %1, %2 is an interpolation of %3 (%4), so Hydra cannot set %5 (&quot;Could not override&quot;); set %6, which it follows.</source>
        <translation>在 verl %1 中，%2 是对 %3 的插值引用（%4），因此 Hydra 无法设置 %5（&quot;Could not override&quot;）；请设置它所跟随的 %6。</translation>
    </message>
    <message>
        <source>In verl %1, %2 is an interpolation of %3 (%4), so Hydra cannot set %5 (&quot;Could not override&quot;).</source>
        <translation>在 verl %1 中，%2 是对 %3 的插值引用（%4），因此 Hydra 无法设置 %5（&quot;Could not override&quot;）。</translation>
    </message>
    <message>
        <source>verl %1 has no NPU profiler, so %2 does not exist there (Hydra: &quot;Key … is not in struct&quot;); the NPU profiler arrived in verl %3.</source>
        <translation>verl %1 没有 NPU 性能分析器，因此其中不存在 %2（Hydra：&quot;Key … is not in struct&quot;）；NPU 性能分析器从 verl %3 起才有。</translation>
    </message>
    <message>
        <source>%1 does not exist in verl %2; it is part of the contents list written above.</source>
        <translation>verl %2 中不存在 %1；它已并入上面写出的 contents 列表。</translation>
    </message>
    <message>
        <source>%1 does not exist in verl %2 (Hydra: &quot;Key … is not in struct&quot;) and has no equivalent there.</source>
        <translation>verl %2 中不存在 %1（Hydra：&quot;Key … is not in struct&quot;），也没有对应的设置。</translation>
    </message>
    <message>
        <source>%1 does not exist in verl %2 (Hydra: &quot;Key … is not in struct&quot;); there the setting is %3.</source>
        <translation>verl %2 中不存在 %1（Hydra：&quot;Key … is not in struct&quot;）；在该版本中对应的设置是 %3。</translation>
    </message>
    <message>
        <source>%1 is not a setting of %2 in verl %3, so Hydra stops (&quot;Key … is not in struct&quot;); its settings are %4.</source>
        <translation>在 verl %3 中 %1 不是 %2 的设置项，Hydra 会停止（&quot;Key … is not in struct&quot;）；它的设置项有 %4。</translation>
    </message>
    <message>
        <source>[…] unquoted is a glob pattern; this shell (zsh, or bash with failglob/nullglob) stops with &quot;no matches found&quot; or drops the word when no file matches. Single-quote the override.</source>
        <translation>没有加引号的 […] 是通配模式；在这个 shell 中（zsh，或开启了 failglob/nullglob 的 bash），没有匹配的文件时会报 &quot;no matches found&quot; 停止，或丢掉这个词。请用单引号括起这个覆盖参数。</translation>
    </message>
    <message>
        <source>No verl launch found: no python -m verl…/recipe…, main_*.py, torchrun or ray job submit command, and no overrides on their own, so nothing was checked.</source>
        <translation>没有找到 verl 启动命令：没有 python -m verl…/recipe…、main_*.py、torchrun 或 ray job submit 命令，也没有单独的覆盖参数，因此没有检查任何内容。</translation>
    </message>
    <message>
        <source>overrides on their own</source>
        <translation>单独的覆盖参数</translation>
    </message>
    <message>
        <source>verl %1 is not a release this build has read; it is checked as verl %2 (%3), the nearest earlier one it knows.</source>
        <translation>本程序没有读过 verl %1 这个版本；按它已知的最接近的较早版本 verl %2（%3）检查。</translation>
    </message>
    <message>
        <source>Corrected for verl %1 (line %2):</source>
        <translation>针对 verl %1 修正后的命令（第 %2 行）：</translation>
    </message>
    <message>
        <source>Left out, with nothing to write instead: %1</source>
        <translation>已去掉、且没有可替代写法的参数：%1</translation>
    </message>
    <message>
        <source>The script has Windows line ends (CRLF). bash keeps the \r as part of the words and a backslash before it no longer continues the line, so the command breaks apart. Convert it with dos2unix.</source>
        <translation>脚本使用 Windows 换行符（CRLF）。bash 会把 \r 当作单词的一部分，其前面的反斜杠也不再续行，命令因此被拆散。请用 dos2unix 转换。</translation>
    </message>
    <message>
        <source>%1; the script&apos;s own arguments are passed on too and are not checked</source>
        <translation>%1；脚本自身的参数也会传入，这些参数未经检查</translation>
    </message>
    <message>
        <source>The script asks for more than the linter follows (a command of more than %1 words, calls nested more than %2 deep, more than %3 commands or %4 steps in all); what lies beyond was not checked.</source>
        <translation>脚本超出了检查器跟踪的范围（单条命令超过 %1 个单词、函数调用嵌套超过 %2 层，或总计超过 %3 条命令或 %4 步）；超出部分未经检查。</translation>
    </message>
    <message>
        <source>the script passes its own arguments on to the program; what they hold is only known when it runs</source>
        <translation>脚本把自身的参数传给了程序；这些参数的内容只有在运行时才知道</translation>
    </message>
    <message>
        <source>its key comes from a variable the script does not set</source>
        <translation>它的键来自脚本中没有设置的变量</translation>
    </message>
    <message>
        <source>Nothing was checked: no verl launch and no overrides were found.</source>
        <translation>没有检查任何内容：没有找到 verl 启动命令，也没有覆盖参数。</translation>
    </message>
    <message numerus="yes">
        <source>No problems found in the %1 of %n override(s) that were checked; %2 not checked (listed below).</source>
        <translation>
            <numerusform>在 %n 个覆盖参数中已检查的 %1 个里没有发现问题；%2 个未检查（见下方列表）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 error(s), %2 warning(s) in %n override(s); %3 not checked (listed below).</source>
        <translation>
            <numerusform>%n 个覆盖参数中有 %1 个错误、%2 个警告；%3 个未检查（见下方列表）。</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2: %3</source>
        <translation>第 %1 行：%2：%3</translation>
    </message>
    <message numerus="yes">
        <source>Line %1: %2, %n override(s), checked against %3</source>
        <translation>
            <numerusform>第 %1 行：%2，%n 个覆盖参数，按 %3 检查</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Line %1: %2, %n override(s); its config is not known: %3</source>
        <translation>
            <numerusform>第 %1 行：%2，%n 个覆盖参数；不知道它的配置：%3</numerusform>
        </translation>
    </message>
    <message>
        <source>VLLM_ATTENTION_BACKEND=XFORMERS makes vLLM fall back to its V0 engine, which vllm-ascend refuses from %1 on (&quot;vLLM Ascend does not support V0 engine.&quot;, %2); with an earlier vllm-ascend it runs. On NPU, leave it unset.</source>
        <translation>VLLM_ATTENTION_BACKEND=XFORMERS 会让 vLLM 退回 V0 引擎，而 vllm-ascend 从 %1 起拒绝它（&quot;vLLM Ascend does not support V0 engine.&quot;，%2）；更早的 vllm-ascend 可以运行。在 NPU 上请不要设置它。</translation>
    </message>
    <message>
        <source>verl %1&apos;s Ascend images install vllm-ascend %2.</source>
        <translation>verl %1 的昇腾镜像安装的是 vllm-ascend %2。</translation>
    </message>
    <message>
        <source>verl %1 has no module %2 (it is in verl %3): Python stops at once with &quot;No module named %2&quot;.</source>
        <translation>verl %1 中没有模块 %2（它存在于 verl %3）：Python 会立即以 &quot;No module named %2&quot; 停止。</translation>
    </message>
    <message numerus="yes">
        <source>Read as a set -x trace: the %n command(s) after &quot;+ &quot; as bash ran them; the lines programs printed between them were left out.</source>
        <translation>
            <numerusform>按 set -x 跟踪输出读取：&quot;+ &quot; 之后的 %n 条命令即 bash 实际运行的命令；其间程序打印的行被忽略。</numerusform>
        </translation>
    </message>
    <message>
        <source>Read as pasted from Markdown: the ``` fences or the backquotes around the command were left out.</source>
        <translation>按从 Markdown 粘贴的内容读取：命令外的 ``` 代码块标记或反引号已去掉。</translation>
    </message>
    <message>
        <source>verl %1 is older than every release this build has read (the first is %2): no override is checked against its config, and the profiler settings are those of %2, which may differ.</source>
        <translation>verl %1 早于本程序读过的所有版本（最早的是 %2）：不会按它的配置检查任何覆盖参数，性能分析相关设置按 %2 处理，可能有出入。</translation>
    </message>
</context>
<context>
    <name>ProfilerPlan</name>
    <message>
        <source>Unknown format &quot;%1&quot; in %2: expected shell, line, yaml or json.</source>
        <translation>%2 中的格式 &quot;%1&quot; 未知：应为 shell、line、yaml 或 json。</translation>
    </message>
    <message>
        <source>Choose at least one role to profile.</source>
        <translation>请至少选择一个要分析的角色。</translation>
    </message>
    <message>
        <source>List at least one step to profile, e.g. 1,2,5.</source>
        <translation>请至少列出一个要分析的步，如 1,2,5。</translation>
    </message>
    <message>
        <source>Step %1 is not a training step; steps start at 1.</source>
        <translation>%1 不是训练步；步从 1 开始。</translation>
    </message>
    <message>
        <source>Rank %1 is negative.</source>
        <translation>rank %1 为负数。</translation>
    </message>
    <message>
        <source>A token range profiles the rollout only, and needs verl 0.9.0 or newer.</source>
        <translation>token 范围只用于分析 rollout，并且需要 verl 0.9.0 或更新版本。</translation>
    </message>
    <message>
        <source>Continuous steps need verl 0.6.0 or newer.</source>
        <translation>连续步需要 verl 0.6.0 或更新版本。</translation>
    </message>
    <message>
        <source>The value of %1 does not fit the form and was left at the form&apos;s setting.</source>
        <translation>%1 的值无法填入表单，表单保留了原有设置。</translation>
    </message>
    <message>
        <source>The %1 profiler settings differ from the %2 ones; the form has one set and shows the %2 ones.</source>
        <translation>%1 的性能分析设置与 %2 的不同；表单只有一组设置，显示的是 %2 的设置。</translation>
    </message>
    <message>
        <source>No role has profiler.enable=True in the command, so it profiles nothing; the form turns it on for %1.</source>
        <translation>命令中没有任何角色设置 profiler.enable=True，因此不会分析任何内容；表单为 %1 开启了它。</translation>
    </message>
    <message>
        <source>The command profiles no step (steps is null or empty); the form keeps its steps.</source>
        <translation>命令没有分析任何步（steps 为 null 或空）；表单保留了原有的步。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a whole number; write e.g. 1,2,5.</source>
        <translation>%2 中的 &quot;%1&quot; 不是整数；请写成 1,2,5 这样的形式。</translation>
    </message>
    <message>
        <source>verl %1 has no NPU profiler: its settings arrived in verl %2. Choose verl %2 or newer (and upgrade verl to it).</source>
        <translation>verl %1 没有 NPU 性能分析器：相关设置从 verl %2 起才有。请选择 verl %2 或更新版本（并把 verl 升级到该版本）。</translation>
    </message>
    <message>
        <source>verl %1 has no profiler settings for the %2 role, so it cannot be profiled there; leave %2 out.</source>
        <translation>verl %1 没有 %2 角色的性能分析设置，因此无法对它做性能分析；请去掉 %2。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be collected; contents takes %2.</source>
        <translation>无法采集 &quot;%1&quot;；contents 只接受 %2。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a profiler level: use %2.</source>
        <translation>&quot;%1&quot; 不是性能分析级别：请使用 %2。</translation>
    </message>
    <message>
        <source>In verl %1 the %2 profiler&apos;s tool_config is an interpolation of the actor&apos;s, so its contents, level, analysis and discrete are set on the actor.</source>
        <translation>在 verl %1 中，%2 性能分析器的 tool_config 是对 actor 的插值引用，因此它的 contents、level、analysis 和 discrete 都设置在 actor 上。</translation>
    </message>
    <message>
        <source>The %1 profiler&apos;s enable follows the %2&apos;s (%3), so enabling the %2 also profiles the %1.</source>
        <translation>%1 性能分析器的 enable 跟随 %2 的设置（%3），因此打开 %2 也会分析 %1。</translation>
    </message>
    <message>
        <source>verl %1 profiles no rank unless ranks or all_ranks is set (%2), so &quot;rank 0 only&quot; is written as ranks=[0].</source>
        <translation>verl %1 在没有设置 ranks 或 all_ranks 时不分析任何 rank（%2），因此“只分析 rank 0”写作 ranks=[0]。</translation>
    </message>
    <message>
        <source>verl %1 configures the NPU profiler under trainer.npu_profile and has no per-role switch; the actor, reference and rollout share actor_rollout_ref.profiler.</source>
        <translation>verl %1 在 trainer.npu_profile 下配置 NPU 性能分析器，没有按角色的开关；actor、reference 和 rollout 共用 actor_rollout_ref.profiler。</translation>
    </message>
</context>
<context>
    <name>ProfilerSchema</name>
    <message>
        <source>Unknown role &quot;%1&quot; in %2: expected actor, ref, rollout, critic or reward.</source>
        <translation>%2 中的角色 &quot;%1&quot; 未知：应为 actor、ref、rollout、critic 或 reward。</translation>
    </message>
</context>
<context>
    <name>Screenshot</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot encode the screenshot %1: %2</source>
        <translation>无法编码截图 %1：%2</translation>
    </message>
    <message>
        <source>Unknown tab &quot;%1&quot; in --tab: expected one of %2.</source>
        <translation>--tab 中的标签页 &quot;%1&quot; 未知：应为 %2 之一。</translation>
    </message>
</context>
<context>
    <name>ShellReader</name>
    <message>
        <source>a single quote is not closed</source>
        <translation>单引号没有闭合</translation>
    </message>
    <message>
        <source>a double quote is not closed</source>
        <translation>双引号没有闭合</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>the script nests more than %1 levels deep</source>
        <translation>脚本嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a (( is not closed</source>
        <translation>(( 没有闭合</translation>
    </message>
    <message>
        <source>a backquote is not closed</source>
        <translation>反引号没有闭合</translation>
    </message>
    <message>
        <source>a $( is not closed</source>
        <translation>$( 没有闭合</translation>
    </message>
    <message>
        <source>a ${ is not closed</source>
        <translation>${ 没有闭合</translation>
    </message>
</context>
<context>
    <name>Ssh</name>
    <message>
        <source>%1 did not answer in time. Check that the node is up and that ssh %1 works from a terminal.</source>
        <translation>%1 没有及时响应。请确认节点已开机，且在终端中 ssh %1 可以连接。</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>The host key of %1 is not in known_hosts, and it is never accepted silently. Check its fingerprint with ssh-keyscan %1 | ssh-keygen -lf -, then connect once with ssh, or accept new host keys (--accept-new-host-keys).</source>
        <translation>%1 的主机密钥不在 known_hosts 中，本工具不会静默接受。请用 ssh-keyscan %1 | ssh-keygen -lf - 核对指纹，然后用 ssh 连接一次，或选择接受新的主机密钥（--accept-new-host-keys）。</translation>
    </message>
    <message>
        <source>The host key of %1 has CHANGED since it was recorded in known_hosts. This can be a reinstalled node or an attack; nothing was run there. Verify the new key with your administrator, then remove the old one with ssh-keygen -R %1.</source>
        <translation>%1 的主机密钥与 known_hosts 中记录的不同（已变更）。这可能是节点重装，也可能是攻击；未在该节点上运行任何命令。请与管理员核实新密钥，然后用 ssh-keygen -R %1 删除旧密钥。</translation>
    </message>
    <message>
        <source>%1 refused every key (password prompts are off). Load your key into ssh-agent or name it with IdentityFile in your ssh config: %2</source>
        <translation>%1 拒绝了所有密钥（已关闭密码提示）。请把密钥加入 ssh-agent，或在 ssh 配置中用 IdentityFile 指定：%2</translation>
    </message>
    <message>
        <source>ssh to %1 failed: %2</source>
        <translation>ssh 连接 %1 失败：%2</translation>
    </message>
    <message>
        <source>Its keys now: %1.</source>
        <translation>它当前的密钥：%1。</translation>
    </message>
    <message>
        <source>%1 stopped answering: no data and no answer to ssh keep-alives for about %2 s. Its link or the host is down.</source>
        <translation>%1 停止响应：约 %2 秒内既无数据也不响应 ssh 保活探测。它的网络链路或主机已断开。</translation>
    </message>
    <message>
        <source>The ssh connection to %1 ended without a message (exit code 255): it was cut, or the host went down.</source>
        <translation>到 %1 的 ssh 连接在没有任何消息的情况下结束（退出码 255）：连接被切断，或主机已宕机。</translation>
    </message>
</context>
<context>
    <name>Stack</name>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>The image tag</source>
        <translation>镜像标签</translation>
    </message>
    <message>
        <source>%1&apos;s version &quot;%2&quot; is not a version number; it is not used.</source>
        <translation>%1 的版本 &quot;%2&quot; 不是版本号；不予使用。</translation>
    </message>
    <message>
        <source>%1 is given again as %2 (line %3 says %4); line %3 is used.</source>
        <translation>%1 再次给出为 %2（第 %3 行为 %4）；采用第 %3 行。</translation>
    </message>
    <message>
        <source>%1 says %2, but line %3 says %4; line %3 is used.</source>
        <translation>%1 表明为 %2，但第 %3 行表明为 %4；采用第 %3 行。</translation>
    </message>
    <message>
        <source>%1 is installed from %2, which states no version.</source>
        <translation>%1 安装自 %2，未写明版本。</translation>
    </message>
    <message>
        <source>%1 is installed from a git checkout (-e), which states no release: give its version (python -c &quot;import %2; print(%2.__version__)&quot;).</source>
        <translation>%1 从 git 检出目录安装（-e），未写明发布版本：请给出其版本（python -c &quot;import %2; print(%2.__version__)&quot;）。</translation>
    </message>
    <message>
        <source>The hardware named</source>
        <translation>所述硬件</translation>
    </message>
    <message>
        <source>%1 is given as &quot;%2&quot;, not a release: what it runs is not known.</source>
        <translation>%1 给出的是 &quot;%2&quot;，不是发布版本：无法得知实际运行的版本。</translation>
    </message>
    <message>
        <source>No versions found: paste the output of pip list, pip freeze or conda list, lines such as &quot;verl 0.7.1&quot; or &quot;CANN: 8.3.RC1&quot;, an image tag, or npu-smi info.</source>
        <translation>未找到版本：请粘贴 pip list、pip freeze 或 conda list 的输出，形如 &quot;verl 0.7.1&quot; 或 &quot;CANN: 8.3.RC1&quot; 的行、镜像标签或 npu-smi info。</translation>
    </message>
</context>
<context>
    <name>SuspectFixes</name>
    <message>
        <source>changes %1, where the message is raised</source>
        <translation>修改了抛出该消息的 %1</translation>
    </message>
    <message>
        <source>rewrites or removes that message</source>
        <translation>改写或删除了该消息</translation>
    </message>
    <message>
        <source>changes %1, whose import the message reports</source>
        <translation>修改了消息所报告导入失败的 %1</translation>
    </message>
    <message>
        <source>changes %1 in %2, a function of the traceback</source>
        <translation>修改了调用栈中的函数 %1（%2）</translation>
    </message>
    <message>
        <source>adds or removes %1, named in the error</source>
        <translation>增删了报错中出现的 %1</translation>
    </message>
    <message>
        <source>changed line: %1</source>
        <translation>改动的行：%1</translation>
    </message>
    <message>
        <source>its subject says %1, as the error does</source>
        <translation>提交标题与报错同样提到 %1</translation>
    </message>
    <message>
        <source>changes %1, which the error names</source>
        <translation>修改了报错中提到的 %1</translation>
    </message>
</context>
<context>
    <name>SyncCommand</name>
    <message>
        <source>layout v1 (actor/dist_ckpt)</source>
        <translation>目录结构 v1（actor/dist_ckpt）</translation>
    </message>
    <message>
        <source>layout v2 (actor/{model,optimizer,extra}/dist_ckpt)</source>
        <translation>目录结构 v2（actor/{model,optimizer,extra}/dist_ckpt）</translation>
    </message>
    <message>
        <source>no dist_ckpt folder</source>
        <translation>没有 dist_ckpt 文件夹</translation>
    </message>
    <message numerus="yes">
        <source>Checkpoint %1: %n step(s)</source>
        <translation>
            <numerusform>检查点 %1：%n 个 step</numerusform>
        </translation>
    </message>
    <message>
        <source>tracker says %1</source>
        <translation>tracker 文件记录为 %1</translation>
    </message>
    <message>
        <source>no %1</source>
        <translation>没有 %1</translation>
    </message>
    <message>
        <source>default_local_dir, or one global_step_N folder in it (absolute path).</source>
        <translation>default_local_dir，或其中的某个 global_step_N 文件夹（绝对路径）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Destination nodes in ClusterShell nodeset syntax, e.g. node[02-16].</source>
        <translation>目标节点，使用 ClusterShell nodeset 语法，例如 node[02-16]。</translation>
    </message>
    <message>
        <source>nodeset</source>
        <translation>节点集</translation>
    </message>
    <message>
        <source>A file with one destination node (or nodeset) per line.</source>
        <translation>每行一个目标节点（或节点集）的文件。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>The rank-0 node holding the files, when it is not this machine.</source>
        <translation>保存这些文件的 rank 0 所在节点（如果不是本机）。</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Which step: a number, latest (the tracker&apos;s, else the highest) or all.</source>
        <translation>哪个 step：数字、latest（tracker 记录的，否则为最大的）或 all。</translation>
    </message>
    <message>
        <source>N|latest|all</source>
        <translation>N|latest|all</translation>
    </message>
    <message>
        <source>NPUs per node for the resume, to check the world size the shards were saved with.</source>
        <translation>恢复训练时每个节点的 NPU 数，用于核对分片保存时的 world size。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>Nodes copied to at the same time.</source>
        <translation>同时复制的节点数。</translation>
    </message>
    <message>
        <source>sec</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Retries for transient failures (refused, reset, timed out).</source>
        <translation>暂时性故障（连接被拒绝、被重置、超时）的重试次数。</translation>
    </message>
    <message>
        <source>Keep watching the checkpoint folder and sync every new step once it is complete.</source>
        <translation>持续监视检查点文件夹，每个新 step 保存完成后自动同步。</translation>
    </message>
    <message>
        <source>Print one JSON object: plan, results, summary.</source>
        <translation>输出一个 JSON 对象：plan、results、summary。</translation>
    </message>
    <message>
        <source>--checkpoint is required.</source>
        <translation>必须指定 --checkpoint。</translation>
    </message>
    <message>
        <source>Choose --dry-run or --verify-only, not both.</source>
        <translation>--dry-run 和 --verify-only 只能选择一个。</translation>
    </message>
    <message>
        <source>--from takes one host: %1</source>
        <translation>--from 只能指定一个主机：%1</translation>
    </message>
    <message numerus="yes">
        <source>got %n hosts</source>
        <translation>
            <numerusform>给出了 %n 个主机</numerusform>
        </translation>
    </message>
    <message>
        <source>--checkpoint names global_step_%1, which contradicts --step %2.</source>
        <translation>--checkpoint 指向 global_step_%1，与 --step %2 矛盾。</translation>
    </message>
    <message>
        <source>Name the destination nodes with --nodes or --hostfile.</source>
        <translation>请用 --nodes 或 --hostfile 指定目标节点。</translation>
    </message>
    <message>
        <source>Plan:</source>
        <translation>计划：</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>结果：</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) written</source>
        <translation>
            <numerusform>写入了 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Watching %1; press Ctrl+C to stop.</source>
        <translation>正在监视 %1；按 Ctrl+C 停止。</translation>
    </message>
    <message>
        <source>global_step_%1 is complete; syncing.</source>
        <translation>global_step_%1 已保存完成；正在同步。</translation>
    </message>
    <message numerus="yes">
        <source>shards of %n rank(s) here</source>
        <translation>
            <numerusform>此处有 %n 个 rank 的分片</numerusform>
        </translation>
    </message>
    <message>
        <source>Every node needs from the source:</source>
        <translation>每个节点需要从源端获得：</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1</source>
        <translation>
            <numerusform>%n 个文件，%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n per-rank file(s) stay where they are: %1</source>
        <translation>
            <numerusform>%n 个每 rank 各自的文件留在原处：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>NOTE: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>Give every node the checkpoint files only rank 0&apos;s node has (metadata, and since verl 0.7 the weights), over ssh.</source>
        <translation>通过 ssh 把只有 rank 0 所在节点才有的检查点文件（元数据，以及自 verl 0.7 起的权重）交给每个节点。</translation>
    </message>
    <message>
        <source>On clusters without shared storage, a verl checkpoint reloads only where rank 0 saved it: the dist-checkpoint metadata (common.pt, .metadata, metadata.json) and, since verl 0.7, the model&apos;s weights (huggingface/) exist on that node alone. This gives every node the files of the step that rank 0&apos;s node has and it lacks, except each rank&apos;s own shards: preflight (the node&apos;s files, checksums where sizes match, free space where each folder lives), a plan with the reason for each file, one lock per node for the whole run, files written under temporary names and checked, then switched into place together through a journal the next run completes if this one is cut short; an old file or link is kept as NAME.bak-…. Links and special files on a node are never followed or opened. Nothing on the source is modified.
Exit code 0 when every node is ok or skipped, 1 when any failed, 2 for bad input.</source>
        <translation>在没有共享存储的集群上，verl 检查点只能在 rank 0 保存它的节点上重新加载：分布式检查点元数据（common.pt、.metadata、metadata.json）以及自 verl 0.7 起的模型权重（huggingface/）只存在于该节点。本命令把 rank 0 所在节点有而其他节点缺少的该步文件交给每个节点，每个 rank 各自的分片除外：预检（节点上的文件、大小相同时的校验和、每个目录所在位置的剩余空间）、注明每个文件原因的计划、整个运行期间每个节点一把锁、以临时文件名写入并校验，然后通过日志一起切换到位（若本次中断，下次运行会将其完成）；旧文件或链接保留为 NAME.bak-…。节点上的链接和特殊文件从不跟随或打开。源端不做任何修改。
所有节点成功或跳过时退出码为 0，有节点失败时为 1，输入错误时为 2。</translation>
    </message>
    <message>
        <source>Also copy latest_checkpointed_iteration.txt (data.pt is part of the step).</source>
        <translation>同时复制 latest_checkpointed_iteration.txt（data.pt 属于该步，总会复制）。</translation>
    </message>
    <message>
        <source>Run the preflight and print the plan; copy nothing. Exit code 1 when a node cannot be reached or has a problem.</source>
        <translation>运行预检并打印计划，不复制任何文件。有节点无法连接或存在问题时退出码为 1。</translation>
    </message>
    <message>
        <source>Compare the checksums on every node with the source and remove temporary files of syncs that died; copy nothing.</source>
        <translation>将每个节点上的校验和与源端比较，并删除已终止的同步留下的临时文件，不复制任何文件。</translation>
    </message>
    <message>
        <source>Print only the equivalent commands, with your ssh options, instead of running: bash (an ssh loop), clush, pdcp, or hook (a post-save script that runs this command).</source>
        <translation>不执行，只打印带有你的 ssh 选项的等效命令：bash（ssh 循环）、clush、pdcp，或 hook（保存后运行本命令的脚本）。</translation>
    </message>
    <message>
        <source>%1: completed the switch an earlier sync left half done.</source>
        <translation>%1：已完成之前一次同步未做完的切换。</translation>
    </message>
    <message>
        <source>WARNING: the checkpoint was saved by %1 ranks (from %2); you plan to resume on %3. Copying files does not fix a changed topology.</source>
        <translation>警告：该检查点由 %1 个 rank 保存（依据 %2）；你计划在 %3 个 rank 上恢复。复制文件无法解决拓扑变化。</translation>
    </message>
    <message>
        <source>(missing or not a file)</source>
        <translation>（缺失或不是普通文件）</translation>
    </message>
    <message>
        <source>a sync was cut short while switching files: some are new, some old. Run the sync again to complete it.</source>
        <translation>一次同步在切换文件时中断：部分文件是新的，部分是旧的。请再次运行同步以完成它。</translation>
    </message>
    <message numerus="yes">
        <source>%n temporary file(s) of a sync that died</source>
        <translation>
            <numerusform>已终止的同步留下的 %n 个临时文件</numerusform>
        </translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <source>%1 to send</source>
        <translation>待发送 %1</translation>
    </message>
    <message>
        <source>PROBLEM: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>ssh configuration: %1</source>
        <translation>ssh 配置：%1</translation>
    </message>
    <message>
        <source>global_step_%1 changed at the source; syncing it again.</source>
        <translation>global_step_%1 在源端发生了变化；正在重新同步。</translation>
    </message>
    <message>
        <source>global_step_%1: trying %2 again.</source>
        <translation>global_step_%1：正在重试 %2。</translation>
    </message>
    <message>
        <source>Seconds between two looks at the folder in --watch.</source>
        <translation>--watch 模式下两次查看目录之间的秒数。</translation>
    </message>
    <message>
        <source>Stopped watching.</source>
        <translation>已停止监视。</translation>
    </message>
    <message>
        <source>Seconds a node may go without progress (nothing sent or answered) before it fails.</source>
        <translation>节点在没有任何进展（既没有发送也没有应答）时最多等待的秒数，超过即判定失败。</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Bytes per second, e.g. 100M or 1G (binary units); 0: no limit. From this machine: for all nodes together; in a chain: on each link.</source>
        <translation>每秒字节数，例如 100M 或 1G（二进制单位）；0 表示不限速。从本机发送时：所有节点合计；链式传输时：每条链路各自限速。</translation>
    </message>
    <message>
        <source>How the bytes travel: chain (each node receives from the node before it while that one receives, so every link carries each byte once), star (this machine sends to every node) or auto (a chain when two or more nodes receive 32 MiB or more and reach each other over ssh).</source>
        <translation>数据的传输方式：chain（链式：每个节点在前一个节点仍在接收时就从它接收，每条链路上每个字节只传一次）、star（星形：由本机发送给每个节点）或 auto（自动：当两个或更多节点各需接收 32 MiB 以上且彼此可通过 ssh 连接时使用链式）。</translation>
    </message>
    <message>
        <source>auto|chain|star</source>
        <translation>auto|chain|star</translation>
    </message>
    <message>
        <source>Route: %1</source>
        <translation>传输路径：%1</translation>
    </message>
</context>
<context>
    <name>Tools</name>
    <message>
        <source>Bucket calculator</source>
        <translation>Bucket 计算器</translation>
    </message>
    <message>
        <source>Fix &quot;Weight … is too large to fit in the bucket&quot;: the bucket size and the override for your verl version, from a preset, the error message or your model folder.</source>
        <translation>解决 &quot;Weight … is too large to fit in the bucket&quot;：根据预设、报错信息或模型文件夹，给出适合你 verl 版本的 bucket 大小和覆盖参数。</translation>
    </message>
    <message>
        <source>Profiler</source>
        <translation>性能分析器</translation>
    </message>
    <message>
        <source>Turn on the NPU profiler with overrides Hydra and verl accept for your version (the FAQ&apos;s contents=npu,cpu and level=1 are rejected), and check the launch commands you already have.</source>
        <translation>用你的 verl 版本下 Hydra 和 verl 都接受的覆盖参数开启 NPU 性能分析器（FAQ 中的 contents=npu,cpu 和 level=1 会被拒绝），并检查你已有的启动命令。</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>NPUs not visible, or a job that will not start: check npu-smi, drivers, CANN, torch_npu and the variables verl needs, here or on every node over SSH, and generate the export block.</source>
        <translation>NPU 设备不可见，或任务无法启动：在本机或通过 SSH 在每个节点上检查 npu-smi、驱动、CANN、torch_npu 以及 verl 需要的环境变量，并生成 export 代码块。</translation>
    </message>
    <message>
        <source>Checkpoint sync</source>
        <translation>检查点同步</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>日志分析</translation>
    </message>
    <message>
        <source>A job died and the log is gigabytes long: find every known failure, which rank failed first and which errors are only its echoes, with the fix and the tool that applies it.</source>
        <translation>作业挂了，日志有好几 GB：找出所有已知故障、最先失败的 rank，以及哪些报错只是它的连带症状，并给出解决方案和能直接处理它的工具。</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存估算</translation>
    </message>
    <message>
        <source>NPU out of memory, or vLLM that will not start: whether your run fits in each phase (rollout, log-probs, update, weight sync) for your verl release, and the overrides that make it fit.</source>
        <translation>NPU 显存不足，或 vLLM 无法启动：按你的 verl 版本判断训练在每个阶段（rollout、log-prob、更新、权重同步）是否放得下，并给出让它放得下的覆盖参数。</translation>
    </message>
    <message>
        <source>FileNotFoundError: common.pt, .metadata or metadata.json when resuming on several nodes without shared storage: give every node the files only rank 0&apos;s node has (the metadata, and since verl 0.7 the weights), checked and safe.</source>
        <translation>在没有共享存储的多节点上恢复训练时报 FileNotFoundError: common.pt、.metadata 或 metadata.json：把只有 rank 0 所在节点才有的文件（元数据，以及 verl 0.7 起的权重）安全地发给每个节点并校验。</translation>
    </message>
</context>
<context>
    <name>Upstream</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>a number is too large</source>
        <translation>数字过大</translation>
    </message>
    <message>
        <source>schema %1 is not the one this program reads (1)</source>
        <translation>schema %1 不是本程序可读取的版本（1）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a list of release numbers such as &quot;0-3,5&quot;</source>
        <translation>&quot;%1&quot; 不是形如 &quot;0-3,5&quot; 的版本编号列表</translation>
    </message>
    <message>
        <source>&quot;component&quot;, &quot;repository&quot; and &quot;commit&quot; are required.</source>
        <translation>必须提供 &quot;component&quot;、&quot;repository&quot; 和 &quot;commit&quot;。</translation>
    </message>
    <message>
        <source>&quot;releases&quot; must list 1 to %1 releases.</source>
        <translation>&quot;releases&quot; 必须列出 1 到 %1 个版本。</translation>
    </message>
    <message>
        <source>%1 at byte %2</source>
        <translation>%1（第 %2 字节处）</translation>
    </message>
    <message>
        <source>messages[%1] is not [template, kind, type, level, sites].</source>
        <translation>messages[%1] 不是 [template, kind, type, level, sites] 形式。</translation>
    </message>
    <message>
        <source>text after the end of the index</source>
        <translation>索引结束后还有多余的内容</translation>
    </message>
    <message>
        <source>it was read at %1, its messages at %2: run scripts/upstream/index.py again.</source>
        <translation>它读取自 %1，而消息索引读取自 %2：请重新运行 scripts/upstream/index.py。</translation>
    </message>
    <message>
        <source>its paths and functions do not extend its messages file&apos;s.</source>
        <translation>它的路径和函数列表没有延续消息索引文件中的列表。</translation>
    </message>
    <message>
        <source>fixes[%1] needs a 40-digit &quot;sha&quot;, a release set &quot;in&quot;, and files, sites and names of the index&apos;s form.</source>
        <translation>fixes[%1] 需要 40 位的 &quot;sha&quot;、版本集合 &quot;in&quot;，以及符合索引格式的文件、消息位置和名称。</translation>
    </message>
    <message>
        <source>%1 has no message index (%2).</source>
        <translation>%1 没有消息索引（%2）。</translation>
    </message>
    <message>
        <source>%1 has no index of changes (%2).</source>
        <translation>%1 没有改动索引（%2）。</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>WARN</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>SKIP</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>Verl</name>
    <message>
        <source>&quot;%1&quot; in %2 is not a verl version: expected e.g. 0.7.1 or v0.8.0.</source>
        <translation>%2 中的 &quot;%1&quot; 不是 verl 版本号：应为例如 0.7.1 或 v0.8.0。</translation>
    </message>
</context>
<context>
    <name>vna::ui::AboutDialog</name>
    <message>
        <source>About verl NPU Assistant</source>
        <translation>关于 verl NPU 助手</translation>
    </message>
    <message>
        <source>verl NPU Assistant %1</source>
        <translation>verl NPU 助手 %1</translation>
    </message>
    <message>
        <source>Tools for running verl on Huawei Ascend NPU clusters.</source>
        <translation>在华为昇腾 NPU 集群上运行 verl 的工具集。</translation>
    </message>
    <message>
        <source>Qt version:</source>
        <translation>Qt 版本：</translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation>%1（编译时为 %2）</translation>
    </message>
    <message>
        <source>Log file:</source>
        <translation>日志文件：</translation>
    </message>
    <message>
        <source>Settings file:</source>
        <translation>设置文件：</translation>
    </message>
    <message>
        <source>Open &amp;log folder</source>
        <translation>打开日志文件夹(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>vna::ui::AuditPage</name>
    <message numerus="yes">
        <source>Reads %n version(s): %1</source>
        <translation>
            <numerusform>读取到 %n 个版本：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste the versions (pip list, npu-smi info), not a log.</source>
        <translation>请粘贴版本信息（pip list、npu-smi info），而不是日志。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Run the checks first: their Python probe reads each node&apos;s packages.</source>
        <translation>请先运行检查：其 Python 探测会读取每个节点的包。</translation>
    </message>
    <message numerus="yes">
        <source>The stacks of the %n node(s) just checked.</source>
        <translation>
            <numerusform>刚刚检查的 %n 个节点的软件栈。</numerusform>
        </translation>
    </message>
    <message>
        <source>Auditing the stack…</source>
        <translation>正在审计软件栈…</translation>
    </message>
    <message>
        <source>Paste a stack, or run the checks and audit the nodes.</source>
        <translation>粘贴软件栈，或运行检查后审计节点。</translation>
    </message>
    <message>
        <source>=== Nodes: %1</source>
        <translation>=== 节点：%1</translation>
    </message>
    <message>
        <source>Not audited (their Python probe gave no versions): %1</source>
        <translation>未审计（其 Python 探测未给出版本）：%1</translation>
    </message>
    <message>
        <source>Nothing to audit: no node&apos;s Python probe gave versions.</source>
        <translation>没有可审计的内容：没有节点的 Python 探测给出版本。</translation>
    </message>
    <message numerus="yes">
        <source>%n stack(s) break a pin: see FAIL below.</source>
        <translation>
            <numerusform>%n 个软件栈违反了版本约束：见下方 FAIL。</numerusform>
        </translation>
    </message>
    <message>
        <source>No pin broken: what was checked, and what was not, is below.</source>
        <translation>没有违反版本约束：下方列出了检查了什么、未检查什么。</translation>
    </message>
    <message>
        <source>Which versions go together, the NPU fixes your versions lack and the smallest upgrade: paste pip list, pip freeze or conda list, lines such as &quot;verl 0.7.1&quot; or &quot;CANN: 8.3.RC1&quot;, an image tag, or npu-smi info — or audit the nodes just checked.</source>
        <translation>哪些版本相互配套、你的版本缺少哪些 NPU 修复、最小升级是什么：粘贴 pip list、pip freeze 或 conda list，形如 &quot;verl 0.7.1&quot; 或 &quot;CANN: 8.3.RC1&quot; 的行、镜像标签或 npu-smi info——或审计刚刚检查的节点。</translation>
    </message>
    <message>
        <source>&amp;Stack:</source>
        <translation>软件栈(&amp;S)：</translation>
    </message>
    <message>
        <source>verl 0.8.0
vllm-ascend 0.18.0
torch_npu 2.9.0
CANN 8.5.1
…</source>
        <translation>verl 0.8.0
vllm-ascend 0.18.0
torch_npu 2.9.0
CANN 8.5.1
…</translation>
    </message>
    <message>
        <source>Anything that states versions; lines that do not are skipped, and a version that cannot be read is named with its line.</source>
        <translation>任何写明版本的内容；没有版本的行会被跳过，无法读取的版本会连同其行号一起指出。</translation>
    </message>
    <message>
        <source>S&amp;ymptom:</source>
        <translation>症状(&amp;Y)：</translation>
    </message>
    <message>
        <source>optional: the error line, or what goes wrong in a few words</source>
        <translation>可选：报错行，或用几个词描述问题</translation>
    </message>
    <message>
        <source>The fixes that match it are listed first, and the smallest upgrade gets them.</source>
        <translation>与之匹配的修复排在前面，最小升级会包含它们。</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>审计(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy report for a GitHub issue</source>
        <translation>复制用于 GitHub issue 的报告</translation>
    </message>
    <message>
        <source>The environment report with this audit, in Markdown.</source>
        <translation>包含本次审计的环境报告（Markdown）。</translation>
    </message>
    <message>
        <source>Nothing could be checked: no release read here pins the packages named; see below what is missing.</source>
        <translation>无法检查任何内容：已读取的发布版本均未约束所列的包；缺少的信息见下方。</translation>
    </message>
    <message>
        <source>&amp;Audit the nodes just checked</source>
        <translation>审计刚检查的节点(&amp;A)</translation>
    </message>
</context>
<context>
    <name>vna::ui::BucketTab</name>
    <message>
        <source>Fix &quot;Weight … is too large to fit in the bucket&quot;: find the largest tensor your actor sends and the update_weights_bucket_megabytes that holds it.</source>
        <translation>解决 &quot;Weight … is too large to fit in the bucket&quot;：找出 actor 发送的最大权重张量，以及能容纳它的 update_weights_bucket_megabytes。</translation>
    </message>
    <message>
        <source>Preset (FAQ table or a known model)</source>
        <translation>预设（FAQ 表格或常见模型）</translation>
    </message>
    <message>
        <source>Tensor shape</source>
        <translation>张量形状</translation>
    </message>
    <message>
        <source>Error message or log</source>
        <translation>报错信息或日志</translation>
    </message>
    <message>
        <source>Local model folder</source>
        <translation>本地模型文件夹</translation>
    </message>
    <message>
        <source>&amp;Shape:</source>
        <translation>形状(&amp;S)：</translation>
    </message>
    <message>
        <source>Dimensions of the tensor: 151936,4096 or 151936x4096 or torch.Size([151936, 4096])</source>
        <translation>张量的维度：151936,4096 或 151936x4096 或 torch.Size([151936, 4096])</translation>
    </message>
    <message>
        <source>Paste the AssertionError (or a whole log):</source>
        <translation>粘贴 AssertionError（或整个日志）：</translation>
    </message>
    <message>
        <source>/path/to/Qwen2.5-7B-Instruct</source>
        <translation>/path/to/Qwen2.5-7B-Instruct</translation>
    </message>
    <message>
        <source>Only config.json, model.safetensors.index.json and the safetensors headers are read; weights are never loaded. You can also drop a folder on this tab.</source>
        <translation>只读取 config.json、model.safetensors.index.json 和 safetensors 文件头，不会加载权重。也可以把文件夹拖到本页。</translation>
    </message>
    <message>
        <source>Your run</source>
        <translation>你的运行配置</translation>
    </message>
    <message>
        <source>&amp;Data type:</source>
        <translation>数据类型(&amp;D)：</translation>
    </message>
    <message>
        <source>as the backend sends it</source>
        <translation>与后端发送的一致</translation>
    </message>
    <message>
        <source>Leave empty to use what the actor sends; any name works: fp32, bf16, torch.float16, F8_E4M3…</source>
        <translation>留空则使用 actor 实际发送的类型；任何写法都可以：fp32、bf16、torch.float16、F8_E4M3…</translation>
    </message>
    <message>
        <source>Checkpoint &amp;engine:</source>
        <translation>检查点引擎(&amp;E)：</translation>
    </message>
    <message>
        <source>naive (vLLM IPC, default)</source>
        <translation>naive（vLLM IPC，默认）</translation>
    </message>
    <message>
        <source>NPU without IPC (HDK &lt; 25.3.rc1 or CANN &lt; 8.3.RC1)</source>
        <translation>NPU 不支持 IPC（HDK &lt; 25.3.rc1 或 CANN &lt; 8.3.RC1）</translation>
    </message>
    <message>
        <source>verl then falls back to shared memory, where the assertion still fires on 0.8 and later</source>
        <translation>此时 verl 会退回到共享内存，在 0.8 及以后版本中仍会触发该断言</translation>
    </message>
    <message>
        <source>The FAQ suggests 1.2 to 1.5 times the largest tensor before rounding up</source>
        <translation>FAQ 建议在向上取整前预留最大张量 1.2~1.5 倍的余量</translation>
    </message>
    <message>
        <source>C&amp;urrent bucket:</source>
        <translation>当前 bucket(&amp;U)：</translation>
    </message>
    <message>
        <source>from the message or verl&apos;s default</source>
        <translation>取自报错信息或 verl 默认值</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>HBM total per NPU from npu-smi: 65536 on Atlas A2 910B1–B3 and A3, 32768 on 910B4</source>
        <translation>npu-smi 显示的每个 NPU 的 HBM 总量：Atlas A2 910B1–B3 和 A3 为 65536，910B4 为 32768</translation>
    </message>
    <message>
        <source>&amp;Calculate</source>
        <translation>计算(&amp;C)</translation>
    </message>
    <message>
        <source>Recalculate, or read the model folder (Ctrl+Return)</source>
        <translation>重新计算或重新读取模型文件夹（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Override that fixes it (recommended)</source>
        <translation>解决问题的覆盖参数（推荐）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the override (Ctrl+Shift+C)</source>
        <translation>复制覆盖参数（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>Exact minimum, when device memory is short:</source>
        <translation>设备内存紧张时使用的精确最小值：</translation>
    </message>
    <message>
        <source>How it is calculated</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Largest tensors</source>
        <translation>最大的张量</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Device HBM</source>
        <translation>设备 HBM</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Enter the shape of the largest tensor, e.g. 151936, 4096.</source>
        <translation>请输入最大张量的形状，例如 151936, 4096。</translation>
    </message>
    <message>
        <source>Paste the AssertionError from the training log, or open the log file.</source>
        <translation>请粘贴训练日志中的 AssertionError，或打开日志文件。</translation>
    </message>
    <message>
        <source>Choose a model folder or drop one on this tab.</source>
        <translation>请选择模型文件夹，或把文件夹拖到本页。</translation>
    </message>
    <message>
        <source>Fix the marked fields on the left.</source>
        <translation>请修正左侧标出的输入项。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Reading the safetensors headers…</source>
        <translation>正在读取 safetensors 文件头…</translation>
    </message>
    <message>
        <source>Reading the message…</source>
        <translation>正在读取报错信息…</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) does not fit the current bucket of %3 MiB.</source>
        <translation>%1（%2 MiB）放不进当前 %3 MiB 的 bucket。</translation>
    </message>
    <message>
        <source>Recommended: %1 MiB; exact minimum: %2 MiB.</source>
        <translation>推荐值：%1 MiB；精确最小值：%2 MiB。</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>已复制：%1</translation>
    </message>
    <message>
        <source>Choose a model folder</source>
        <translation>选择模型文件夹</translation>
    </message>
    <message>
        <source>Open a training log</source>
        <translation>打开训练日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out *.err);;All files (*)</source>
        <translation>日志 (*.log *.txt *.out *.err);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>From the log analyzer: %1</source>
        <translation>来自日志分析：%1</translation>
    </message>
    <message>
        <source>Open the log file instead: files of any size are read in the background.</source>
        <translation>请改为打开日志文件：任意大小的文件都会在后台读取。</translation>
    </message>
    <message>
        <source>Actor &amp;worker:</source>
        <translation>Actor &amp;worker：</translation>
    </message>
    <message>
        <source>verl&apos;s default</source>
        <translation>verl 默认</translation>
    </message>
    <message>
        <source>legacy</source>
        <translation>旧版</translation>
    </message>
    <message>
        <source>new engine</source>
        <translation>新引擎</translation>
    </message>
    <message>
        <source>verl 0.7 runs the actor on the new engine worker only with trainer.use_legacy_worker_impl=disable; from 0.8 there is no other</source>
        <translation>verl 0.7 只有在 trainer.use_legacy_worker_impl=disable 时才在新引擎 worker 上运行 actor；0.8 起只有新引擎</translation>
    </message>
    <message>
        <source>df -m /dev/shm on the node; with shared memory every rank needs one bucket there</source>
        <translation>节点上 df -m /dev/shm 的结果；使用共享内存时每个 rank 都要在其中放一个 bucket</translation>
    </message>
    <message>
        <source>/dev/shm</source>
        <translation>/dev/shm</translation>
    </message>
    <message>
        <source>No bucket can hold %1 (%2 MiB): check the shape.</source>
        <translation>没有 bucket 能容纳 %1（%2 MiB）：请检查形状。</translation>
    </message>
    <message>
        <source>%1 (%2 MiB) fits the current bucket of %3 MiB: nothing to change.</source>
        <translation>%1（%2 MiB）能放进当前 %3 MiB 的 bucket：无需修改。</translation>
    </message>
    <message>
        <source>The message contradicts itself: %1 (%2 MiB) fits the %3 MiB bucket it names. See the notes.</source>
        <translation>报错自相矛盾：%1（%2 MiB）能放进其中提到的 %3 MiB bucket。请查看说明。</translation>
    </message>
    <message>
        <source>/dev/shm (%1 MiB) cannot hold one bucket of %2 MiB: raise /dev/shm. See the notes.</source>
        <translation>/dev/shm（%1 MiB）放不下一个 %2 MiB 的 bucket：请调大 /dev/shm。请查看说明。</translation>
    </message>
    <message>
        <source>verl:</source>
        <translation>verl：</translation>
    </message>
    <message>
        <source>verl&apos;s default strategy</source>
        <translation>verl 的默认策略</translation>
    </message>
    <message>
        <source>%1, %2 (set in the toolbar)</source>
        <translation>%1，%2（在工具栏中设置）</translation>
    </message>
    <message>
        <source>Open lo&amp;g file…</source>
        <translation>打开日志文件(&amp;G)…</translation>
    </message>
    <message>
        <source>/dev/sh&amp;m (MiB):</source>
        <translation>/dev/sh&amp;m（MiB）：</translation>
    </message>
    <message>
        <source>I&amp;nput:</source>
        <translation>输入(&amp;N)：</translation>
    </message>
    <message>
        <source>M&amp;odel:</source>
        <translation>模型(&amp;O)：</translation>
    </message>
    <message>
        <source>Model f&amp;older:</source>
        <translation>模型文件夹(&amp;O)：</translation>
    </message>
    <message>
        <source>B&amp;rowse…</source>
        <translation>浏览(&amp;R)…</translation>
    </message>
    <message>
        <source>M&amp;argin:</source>
        <translation>余量(&amp;A)：</translation>
    </message>
    <message>
        <source>Device H&amp;BM (MiB):</source>
        <translation>设备 HBM(&amp;B)（MiB）：</translation>
    </message>
    <message>
        <source>The message was written by the %1 engine: the result is for it.</source>
        <translation>该报错信息来自 %1 引擎：结果按该引擎计算。</translation>
    </message>
</context>
<context>
    <name>vna::ui::ClusterDialog</name>
    <message>
        <source>Collect logs from the cluster</source>
        <translation>从集群收集日志</translation>
    </message>
    <message>
        <source>Reads the Ray session&apos;s logs, the CANN plogs and the kernel log on every node over ssh, keeps only the lines around errors on the node, and finds where the failure began — or, when nothing failed, where each process stopped.</source>
        <translation>通过 ssh 读取每个节点上的 Ray 会话日志、CANN plog 和内核日志，只在节点上保留错误附近的行，并找出故障的起点；没有失败时，找出每个进程停在哪里。</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>节点(&amp;N)：</translation>
    </message>
    <message>
        <source>ClusterShell nodeset syntax, as in Environment and Checkpoint sync: node[01-08],gpu3</source>
        <translation>ClusterShell nodeset 语法，与环境检查和检查点同步相同：node[01-08],gpu3</translation>
    </message>
    <message>
        <source>SSH &amp;config:</source>
        <translation>SSH 配置(&amp;C)：</translation>
    </message>
    <message>
        <source>Empty: your ~/.ssh/config.</source>
        <translation>留空：使用你的 ~/.ssh/config。</translation>
    </message>
    <message>
        <source>&amp;Ray folder:</source>
        <translation>Ray 目录(&amp;R)：</translation>
    </message>
    <message>
        <source>Ray&apos;s temp folder on the nodes (ray start --temp-dir).</source>
        <translation>节点上 Ray 的临时目录（ray start --temp-dir）。</translation>
    </message>
    <message>
        <source>S&amp;ession:</source>
        <translation>会话(&amp;E)：</translation>
    </message>
    <message>
        <source>The session folder&apos;s name under the Ray folder, or a path. session_latest is the newest.</source>
        <translation>Ray 目录下会话文件夹的名称，或一个路径。session_latest 是最新的会话。</translation>
    </message>
    <message>
        <source>&amp;More folders:</source>
        <translation>更多目录(&amp;M)：</translation>
    </message>
    <message>
        <source>Further folders or files to read on every node, separated by ;  ~/ is the node&apos;s home.</source>
        <translation>在每个节点上额外读取的目录或文件，用 ; 分隔；~/ 指节点上的主目录。</translation>
    </message>
    <message>
        <source>Since (op&amp;tional):</source>
        <translation>起始时间（可选）(&amp;T)：</translation>
    </message>
    <message>
        <source>Only what was written since then: 2026-12-07 10:42, or how long ago (30m, 2h).</source>
        <translation>只看此后写入的内容：2026-12-07 10:42，或多久以前（30m、2h）。</translation>
    </message>
    <message>
        <source>Also read each node&apos;s &amp;versions and npu-smi (the Environment check&apos;s probe)</source>
        <translation>同时读取各节点的版本和 npu-smi（环境检查的探测）(&amp;V)</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>已传输</translation>
    </message>
    <message>
        <source>Co&amp;llect</source>
        <translation>收集(&amp;L)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Save &amp;bundle…</source>
        <translation>保存证据包(&amp;B)…</translation>
    </message>
    <message>
        <source>One file for a GitHub issue: the findings, the lines they cite and each node&apos;s versions, with secrets masked.</source>
        <translation>一个可附到 GitHub issue 的文件：发现、其引用的日志行和各节点的版本，密钥已遮蔽。</translation>
    </message>
    <message>
        <source>Canceling: waiting for the nodes in hand to stop…</source>
        <translation>正在取消：等待进行中的节点停止…</translation>
    </message>
    <message>
        <source>Name at least one node.</source>
        <translation>请至少指定一个节点。</translation>
    </message>
    <message>
        <source>%1 is not a file.</source>
        <translation>%1 不是文件。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) to collect from.</source>
        <translation>
            <numerusform>将从 %n 个节点收集。</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message numerus="yes">
        <source>Collecting from %n node(s)…</source>
        <translation>
            <numerusform>正在从 %n 个节点收集…</numerusform>
        </translation>
    </message>
    <message>
        <source>collecting…</source>
        <translation>收集中…</translation>
    </message>
    <message>
        <source>done in %1 s</source>
        <translation>%1 秒内完成</translation>
    </message>
    <message>
        <source>partial: %1</source>
        <translation>不完整：%1</translation>
    </message>
    <message>
        <source>Canceled: what the nodes sent before is shown.</source>
        <translation>已取消：显示的是此前各节点已发送的内容。</translation>
    </message>
    <message>
        <source>Moved %1 of the %2 the nodes hold; the findings are in the Logs tab.</source>
        <translation>节点上共有 %2，传输了 %1；发现显示在“日志”页。</translation>
    </message>
    <message>
        <source>Save the bundle</source>
        <translation>保存证据包</translation>
    </message>
    <message>
        <source>Markdown (*.md);;All files (*)</source>
        <translation>Markdown (*.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Bundle written to %1.</source>
        <translation>证据包已写入 %1。</translation>
    </message>
    <message>
        <source>Choose an ssh configuration file</source>
        <translation>选择 ssh 配置文件</translation>
    </message>
</context>
<context>
    <name>vna::ui::EnvResults</name>
    <message>
        <source>Checks</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>All verdicts</source>
        <translation>全部结论</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>只看问题</translation>
    </message>
    <message>
        <source>The node whose checks and devices are shown.</source>
        <translation>显示哪个节点的检查项和设备。</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Markdown for a GitHub issue, raw outputs collapsed (Ctrl+Shift+C).</source>
        <translation>用于 GitHub issue 的 Markdown，原始输出已折叠（Ctrl+Shift+C）。</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>保存报告…</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Double-click a check to see the raw output it was judged on.</source>
        <translation>双击检查项可查看其所依据的原始输出。</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状态</translation>
    </message>
    <message>
        <source>Power (W)</source>
        <translation>功率（W）</translation>
    </message>
    <message>
        <source>Temp (°C)</source>
        <translation>温度（°C）</translation>
    </message>
    <message>
        <source>AI core (%)</source>
        <translation>AI Core（%）</translation>
    </message>
    <message>
        <source>HBM used / total (MB)</source>
        <translation>HBM 已用 / 总量（MB）</translation>
    </message>
    <message>
        <source>Bus-Id</source>
        <translation>Bus-Id</translation>
    </message>
    <message>
        <source>Process id</source>
        <translation>进程 ID</translation>
    </message>
    <message>
        <source>Process name</source>
        <translation>进程名</translation>
    </message>
    <message>
        <source>Memory (MB)</source>
        <translation>内存（MB）</translation>
    </message>
    <message>
        <source>HBM per chip (MB)</source>
        <translation>每个芯片的 HBM（MB）</translation>
    </message>
    <message>
        <source>One column per node. Rows where the nodes differ are highlighted: in multi-node runs a version or variable that differs on one node is the most common silent failure.</source>
        <translation>每列一个节点。各节点不一致的行会高亮显示：在多机训练中，某个节点上版本或变量不一致是最常见的隐性故障。</translation>
    </message>
    <message>
        <source>Show only rows that differ</source>
        <translation>只显示不一致的行</translation>
    </message>
    <message>
        <source>verl version set to %1, as installed on the nodes.</source>
        <translation>verl 版本已设为 %1，与节点上安装的一致。</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Press Run checks to diagnose this machine or the nodes you list.</source>
        <translation>点击“运行检查”诊断本机或你列出的节点。</translation>
    </message>
    <message>
        <source>%1%2: %3 (in %4 s)</source>
        <translation>%1%2：%3（用时 %4 秒）</translation>
    </message>
    <message>
        <source>Use verl %1 (found on the nodes) in every tool</source>
        <translation>在所有工具中使用 verl %1（节点上安装的版本）</translation>
    </message>
    <message>
        <source>Press Run checks: the devices of the node appear here.</source>
        <translation>点击“运行检查”后，节点的设备会显示在这里。</translation>
    </message>
    <message>
        <source>No devices: %1 could not be probed (%2).</source>
        <translation>没有设备：无法探测 %1（%2）。</translation>
    </message>
    <message>
        <source>No devices: %1</source>
        <translation>没有设备：%1</translation>
    </message>
    <message>
        <source>No devices: npu-smi listed none.</source>
        <translation>没有设备：npu-smi 没有列出任何设备。</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>(no name: in a container)</source>
        <translation>（无名称：在容器中）</translation>
    </message>
    <message>
        <source>NPU/chip</source>
        <translation>NPU/芯片</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>NPU/chip %1: %2 MB used, %3 MB free</source>
        <translation>NPU/芯片 %1：已用 %2 MB，空闲 %3 MB</translation>
    </message>
    <message>
        <source>Select a check to read it in full.</source>
        <translation>选择一项检查以查看完整内容。</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <source>Next step:</source>
        <translation>下一步：</translation>
    </message>
    <message>
        <source>Double-click the row for the raw output.</source>
        <translation>双击该行可查看原始输出。</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>Raw output: %1</source>
        <translation>原始输出：%1</translation>
    </message>
</context>
<context>
    <name>vna::ui::EnvTab</name>
    <message>
        <source>SSH configuration file</source>
        <translation>SSH 配置文件</translation>
    </message>
    <message>
        <source>Find out why the NPUs are not visible or a job will not start: every check gets a verdict, the evidence and the next step, on this machine or on every node.</source>
        <translation>找出 NPU 设备不可见或任务无法启动的原因：在本机或每个节点上，每个检查项都给出结论、依据和下一步。</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>检查位置</translation>
    </message>
    <message>
        <source>&amp;This machine</source>
        <translation>本机(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Nodes over SSH</source>
        <translation>通过 SSH 检查节点(&amp;N)</translation>
    </message>
    <message>
        <source>Runs the same probes on every node with your ssh client (BatchMode: keys or an agent, never a password prompt).</source>
        <translation>用你的 ssh 客户端在每个节点上运行同样的探测（BatchMode：使用密钥或 agent，从不提示输入密码）。</translation>
    </message>
    <message>
        <source>ClusterShell nodeset syntax: node[01-16], rack[1-2]n[1-4], a,b, node[1-8]!node3.</source>
        <translation>ClusterShell nodeset 语法：node[01-16]、rack[1-2]n[1-4]、a,b、node[1-8]!node3。</translation>
    </message>
    <message>
        <source>SSH configuration file:</source>
        <translation>SSH 配置文件：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Accept new host keys</source>
        <translation>接受新的主机密钥</translation>
    </message>
    <message>
        <source>Accept and remember the host keys of nodes never seen before. Changed host keys are always refused.</source>
        <translation>接受并记住首次连接的节点的主机密钥。已变更的主机密钥始终会被拒绝。</translation>
    </message>
    <message>
        <source>Probes</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>Python:</source>
        <translation>Python：</translation>
    </message>
    <message>
        <source>The interpreter of your verl environment, e.g. ~/miniconda3/envs/verl/bin/python.</source>
        <translation>verl 环境的解释器，例如 ~/miniconda3/envs/verl/bin/python。</translation>
    </message>
    <message>
        <source>Ascend root:</source>
        <translation>昇腾安装目录：</translation>
    </message>
    <message>
        <source>Only for a non-default install; otherwise ASCEND_HOME_PATH, /usr/local/Ascend and ~/Ascend are searched.</source>
        <translation>仅用于非默认安装；否则会搜索 ASCEND_HOME_PATH、/usr/local/Ascend 和 ~/Ascend。</translation>
    </message>
    <message>
        <source>Timeout per probe:</source>
        <translation>每个探测的超时：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Deep checks (use the NPUs)</source>
        <translation>深度检查（会使用 NPU）(&amp;D)</translation>
    </message>
    <message>
        <source>A tensor operation on every visible NPU and an HCCL all-reduce across them. Occupies the NPUs for a few seconds; you are asked before it runs.</source>
        <translation>在每个可见 NPU 上做一次张量运算，并在它们之间做一次 HCCL all-reduce。会占用 NPU 几秒钟；运行前会先询问你。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Run checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Environment script</source>
        <translation>环境脚本</translation>
    </message>
    <message>
        <source>Source this block on every node before ray start and the verl launch command.</source>
        <translation>在每个节点上，于 ray start 和 verl 启动命令之前 source 这段内容。</translation>
    </message>
    <message>
        <source>Devices:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Logical ids: 0-7 on Atlas A2, 0-15 on Atlas A3 (two chips per NPU); empty leaves ASCEND_RT_VISIBLE_DEVICES unset.</source>
        <translation>逻辑 ID：Atlas A2 上为 0-7，Atlas A3 上为 0-15（每个 NPU 两个芯片）；留空则不设置 ASCEND_RT_VISIBLE_DEVICES。</translation>
    </message>
    <message>
        <source>Keep Ray from overwriting the visible devices</source>
        <translation>防止 Ray 覆盖可见设备</translation>
    </message>
    <message>
        <source>CANN log level:</source>
        <translation>CANN 日志级别：</translation>
    </message>
    <message>
        <source>debug (0): everything, slows training</source>
        <translation>debug（0）：全部日志，会拖慢训练</translation>
    </message>
    <message>
        <source>info (1): includes HCCL details</source>
        <translation>info（1）：包含 HCCL 细节</translation>
    </message>
    <message>
        <source>warning (2)</source>
        <translation>warning（2）</translation>
    </message>
    <message>
        <source>error (3): the default</source>
        <translation>error（3）：默认值</translation>
    </message>
    <message>
        <source>null (4): no logs</source>
        <translation>null（4）：不输出日志</translation>
    </message>
    <message>
        <source>Print CANN logs to the screen instead of files</source>
        <translation>将 CANN 日志打印到屏幕而不写入文件</translation>
    </message>
    <message>
        <source>verl log level:</source>
        <translation>verl 日志级别：</translation>
    </message>
    <message>
        <source>verl&apos;s default (WARN)</source>
        <translation>verl 默认（WARN）</translation>
    </message>
    <message>
        <source>HCCL connect timeout:</source>
        <translation>HCCL 建链超时：</translation>
    </message>
    <message>
        <source>default (120 s)</source>
        <translation>默认（120 秒）</translation>
    </message>
    <message>
        <source>HCCL execution timeout:</source>
        <translation>HCCL 执行超时：</translation>
    </message>
    <message>
        <source>default (1836 s)</source>
        <translation>默认（1836 秒）</translation>
    </message>
    <message>
        <source>Port ranges for several processes per card (SGLang)</source>
        <translation>单卡多进程的端口范围（SGLang）</translation>
    </message>
    <message>
        <source>Multi-node, interface:</source>
        <translation>多机，网卡：</translation>
    </message>
    <message>
        <source>set_env.sh:</source>
        <translation>set_env.sh：</translation>
    </message>
    <message>
        <source>From CANN 8.5: /usr/local/Ascend/cann/set_env.sh. Empty: no source line.</source>
        <translation>CANN 8.5 起为 /usr/local/Ascend/cann/set_env.sh。留空则不生成 source 行。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>Name the Python interpreter (python3, or a path).</source>
        <translation>请指定 Python 解释器（python3 或路径）。</translation>
    </message>
    <message>
        <source>%1 is not a directory on this machine.</source>
        <translation>%1 不是本机上的目录。</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): %1</source>
        <translation>
            <numerusform>%n 个节点：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Run deep checks?</source>
        <translation>运行深度检查？</translation>
    </message>
    <message>
        <source>Deep checks run a tensor operation on every visible NPU and an HCCL all-reduce across them. They occupy the NPUs for a few seconds and can disturb a job that is running. Run them now?</source>
        <translation>深度检查会在每个可见 NPU 上做一次张量运算，并在它们之间做一次 HCCL all-reduce。这会占用 NPU 几秒钟，可能干扰正在运行的任务。现在运行吗？</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v / %m</translation>
    </message>
    <message>
        <source>Running checks…</source>
        <translation>正在运行检查…</translation>
    </message>
    <message>
        <source>Checks canceled.</source>
        <translation>检查已取消。</translation>
    </message>
    <message numerus="yes">
        <source>Checks done: %n failed.</source>
        <translation>
            <numerusform>检查完成：%n 项失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json);;Text (*.txt)</source>
        <translation>Markdown (*.md);;JSON (*.json);;文本 (*.txt)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save environment script</source>
        <translation>保存环境脚本</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation>Shell 脚本 (*.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Opened from %1: the checks still running keep their nodes.</source>
        <translation>从 %1 打开：正在运行的检查保留原有节点。</translation>
    </message>
    <message>
        <source>Filled in from %1: the nodes that logged the failure.</source>
        <translation>已从 %1 填入：记录该故障的节点。</translation>
    </message>
    <message>
        <source>Opened from %1: the log names no node. Check this machine, or list the job&apos;s nodes.</source>
        <translation>从 %1 打开：日志中没有节点名。请检查本机，或列出该任务的节点。</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>All-reduce &amp;across the nodes (use every NPU)</source>
        <translation>跨节点 all-reduce（占用所有 NPU）(&amp;A)</translation>
    </message>
    <message>
        <source>After the checks, one process per NPU on every node joins one HCCL all-reduce: what proves the network between the nodes. Occupies every NPU for up to a few minutes; you are asked before it runs.</source>
        <translation>检查之后，每个节点的每个 NPU 启动一个进程，共同完成一次 HCCL all-reduce，以验证节点间的网络。会占用所有 NPU，最长数分钟；运行前会先询问。</translation>
    </message>
    <message>
        <source>Meet at:</source>
        <translation>汇合地址：</translation>
    </message>
    <message>
        <source>the first node&apos;s HCCL_IF_IP</source>
        <translation>第一个节点的 HCCL_IF_IP</translation>
    </message>
    <message>
        <source>The first node&apos;s address on the network between the nodes, where rank 0 listens. Empty: its HCCL_IF_IP, else the first address hostname -I prints there.</source>
        <translation>第一个节点在节点间网络上的地址，rank 0 在此监听。留空：使用其 HCCL_IF_IP，否则使用该节点 hostname -I 输出的第一个地址。</translation>
    </message>
    <message>
        <source>The all-reduce across the nodes needs at least two nodes.</source>
        <translation>跨节点 all-reduce 至少需要两个节点。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IP address.</source>
        <translation>“%1”不是 IP 地址。</translation>
    </message>
    <message>
        <source>Run the all-reduce across the nodes?</source>
        <translation>运行跨节点 all-reduce？</translation>
    </message>
    <message numerus="yes">
        <source>After the checks, every NPU of the %n node(s) joins one HCCL all-reduce. It occupies them for up to a few minutes and can disturb a job that is running. Run it now?</source>
        <translation>
            <numerusform>检查之后，%n 个节点的所有 NPU 将共同完成一次 HCCL all-reduce。这会占用它们最长数分钟，并可能干扰正在运行的任务。现在运行吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <source>Which versions go together, the fixes they lack and the smallest upgrade</source>
        <translation>哪些版本相互配套、缺少哪些修复、最小升级是什么</translation>
    </message>
</context>
<context>
    <name>vna::ui::FindingView</name>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>解决方案</translation>
    </message>
    <message>
        <source>Matched lines</source>
        <translation>匹配的行</translation>
    </message>
    <message>
        <source>Search verl issues</source>
        <translation>搜索 verl issues</translation>
    </message>
    <message>
        <source>Open the &amp;thread</source>
        <translation>打开讨论帖(&amp;T)</translation>
    </message>
    <message>
        <source>Open the fi&amp;x</source>
        <translation>打开修复(&amp;X)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>No web browser could be opened; the address is in the button&apos;s tooltip.</source>
        <translation>无法打开网页浏览器；地址在按钮的提示中。</translation>
    </message>
    <message>
        <source>seen %1 times</source>
        <translation>出现 %1 次</translation>
    </message>
    <message>
        <source>on ranks %1</source>
        <translation>出现在 rank %1</translation>
    </message>
    <message>
        <source>on nodes %1</source>
        <translation>出现在节点 %1</translation>
    </message>
    <message>
        <source>Symptom of: %1. Fix that first; this one usually goes away with it.</source>
        <translation>连带症状，根因：%1。请先解决根因，本问题通常随之消失。</translation>
    </message>
    <message>
        <source>Root cause: nothing earlier in the logs explains it.</source>
        <translation>根因：日志中没有更早的问题能解释它。</translation>
    </message>
    <message>
        <source>Open in Bucket calculator</source>
        <translation>在 Bucket 计算器中打开</translation>
    </message>
    <message>
        <source>Open Checkpoint sync</source>
        <translation>打开检查点同步</translation>
    </message>
    <message>
        <source>Open in Profiler linter</source>
        <translation>在性能分析检查器中打开</translation>
    </message>
    <message>
        <source>Open Environment checks</source>
        <translation>打开环境检查</translation>
    </message>
    <message>
        <source>Same on the command line: %1</source>
        <translation>对应的命令行：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>An error no entry explains</source>
        <translation>知识库未解释的错误</translation>
    </message>
    <message>
        <source>A warning no entry explains</source>
        <translation>知识库未解释的警告</translation>
    </message>
    <message>
        <source>The line</source>
        <translation>该行</translation>
    </message>
    <message>
        <source>Traceback and line</source>
        <translation>调用栈与该行</translation>
    </message>
</context>
<context>
    <name>vna::ui::FindingsModel</name>
    <message>
        <source>Line</source>
        <extracomment>Column of the lint table: line:column in the script</extracomment>
        <translation>行</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修正</translation>
    </message>
</context>
<context>
    <name>vna::ui::HomeTab</name>
    <message>
        <source>verl NPU Assistant</source>
        <translation>verl NPU 助手</translation>
    </message>
    <message>
        <source>Fixes for the problems in the verl Ascend FAQ, done for you and checked against your verl version: on this machine, or on every node of your cluster over SSH.</source>
        <translation>verl 昇腾 NPU 常见问题的解决步骤，由工具替你完成，并按你的 verl 版本核对：可在本机运行，也可通过 SSH 在集群的每个节点上运行。</translation>
    </message>
    <message>
        <source>Every tool is also a command for headless NPU nodes. Run %1 in a terminal to see them.</source>
        <translation>每个工具也都是命令行子命令，可在没有图形界面的 NPU 节点上使用。在终端中运行 %1 查看。</translation>
    </message>
    <message>
        <source>Open (%1)</source>
        <extracomment>%1 is a keyboard shortcut such as Ctrl+2</extracomment>
        <translation>打开 (%1)</translation>
    </message>
</context>
<context>
    <name>vna::ui::JobRunner</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cancelling: what is under way ends first…</source>
        <translation>正在取消：先等进行中的工作结束…</translation>
    </message>
</context>
<context>
    <name>vna::ui::LocatedView</name>
    <message>
        <source>Raised at</source>
        <translation>抛出位置</translation>
    </message>
    <message>
        <source>Fixed since your release?</source>
        <translation>你的版本之后是否已修复？</translation>
    </message>
    <message>
        <source>The message is there in %1 %2.</source>
        <translation>该消息存在于 %1 %2 中。</translation>
    </message>
    <message>
        <source>These are suspects found in the code and its history, not checked by hand: read the change before you upgrade for it.</source>
        <translation>以上是根据代码及其提交历史找到的疑似修复，未经人工核对：为此升级前请先阅读该改动。</translation>
    </message>
</context>
<context>
    <name>vna::ui::LogModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>vna::ui::LogPanel</name>
    <message>
        <source>&amp;Level:</source>
        <translation>级别(&amp;L)：</translation>
    </message>
    <message>
        <source>Show records of this level and above</source>
        <translation>显示此级别及以上的记录</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Filter messages</source>
        <translation>筛选消息</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected records, or every shown record when none is selected</source>
        <translation>复制选中的记录；未选中时复制所有显示的记录</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Remove the records from this panel (the log file keeps them)</source>
        <translation>清空此面板中的记录（日志文件中仍保留）</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n log record(s)</source>
        <translation>
            <numerusform>已复制 %n 条日志记录</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vna::ui::LogsTab</name>
    <message>
        <source>Drop training logs here (Ray, verl, CANN plog; .gz too) to find known failures, which one came first, and the tool that fixes it.</source>
        <translation>把训练日志拖到这里（Ray、verl、CANN plog，也支持 .gz），找出已知故障、最先出现的那个，以及能解决它的工具。</translation>
    </message>
    <message>
        <source>One file per rank or node is fine: lines with times are merged into one timeline.</source>
        <translation>每个 rank 或节点一个文件即可：带时间的行会合并为一条时间线。</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>添加文件(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Or &amp;paste log lines:</source>
        <translation>或粘贴日志行(&amp;P)：</translation>
    </message>
    <message>
        <source>[rank3]: RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB</source>
        <translation>[rank3]: RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB</translation>
    </message>
    <message>
        <source>A&amp;nalyze</source>
        <translation>分析(&amp;N)</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Knowledge base</source>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Test a pattern</source>
        <translation>试验模式</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Read the knowledge-base files again, yours included.</source>
        <translation>重新读取知识库文件，包括你自己的文件。</translation>
    </message>
    <message>
        <source>Open my knowledge folder</source>
        <translation>打开我的知识库文件夹</translation>
    </message>
    <message>
        <source>&amp;RE2 regex to try (named captures such as (?P&lt;port&gt;\d+) are shown):</source>
        <translation>要试验的 RE2 正则表达式(&amp;R)（会显示 (?P&lt;port&gt;\d+) 这样的命名捕获组）：</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>试验(&amp;T)</translation>
    </message>
    <message>
        <source>Lines to try it on (leave empty to try it on the logs on the left):</source>
        <translation>用于试验的日志行（留空则用左侧的日志）：</translation>
    </message>
    <message>
        <source>Add logs on the left and press Analyze.</source>
        <translation>在左侧添加日志，然后点击“分析”。</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>所有类别</translation>
    </message>
    <message>
        <source>Cause:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决方案：</translation>
    </message>
    <message>
        <source>Matches any of:</source>
        <translation>匹配以下任一项：</translation>
    </message>
    <message>
        <source>all on one line, in order:</source>
        <translation>按顺序出现在同一行：</translation>
    </message>
    <message>
        <source>regex:</source>
        <translation>正则：</translation>
    </message>
    <message>
        <source>(up to %1 lines)</source>
        <translation>（最多 %1 行）</translation>
    </message>
    <message>
        <source>Can cause on other ranks:</source>
        <translation>可能在其他 rank 上引起：</translation>
    </message>
    <message>
        <source>Applies to:</source>
        <translation>适用于：</translation>
    </message>
    <message>
        <source>References:</source>
        <translation>参考：</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Add training logs</source>
        <translation>添加训练日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out *.err *.gz);;All files (*)</source>
        <translation>日志 (*.log *.txt *.out *.err *.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No recent logs</source>
        <translation>没有最近的日志</translation>
    </message>
    <message>
        <source>Forget recent logs</source>
        <translation>清除最近的日志</translation>
    </message>
    <message>
        <source>Only local files can be analysed: %1</source>
        <translation>只能分析本地文件：%1</translation>
    </message>
    <message>
        <source>Add a log file or paste log lines first.</source>
        <translation>请先添加日志文件或粘贴日志行。</translation>
    </message>
    <message>
        <source>Reading the logs…</source>
        <translation>正在读取日志…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cancelled. Press Analyze to read the logs again.</source>
        <translation>已取消。点击“分析”重新读取日志。</translation>
    </message>
    <message>
        <source>The files were merged into one timeline.</source>
        <translation>这些文件已合并为一条时间线。</translation>
    </message>
    <message>
        <source>%1 (symptom)</source>
        <translation>%1（连带症状）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Type a regex above to try it.</source>
        <translation>在上方输入正则表达式进行试验。</translation>
    </message>
    <message>
        <source>Press Test to try it on the logs on the left.</source>
        <translation>点击“试验”用左侧的日志进行试验。</translation>
    </message>
    <message>
        <source>Press Test to try it on these lines.</source>
        <translation>点击“试验”用这些行进行试验。</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>样例</translation>
    </message>
    <message>
        <source>Type a regex first.</source>
        <translation>请先输入正则表达式。</translation>
    </message>
    <message>
        <source>Add a log on the left or type lines above to try the regex on.</source>
        <translation>请在左侧添加日志，或在上方输入用于试验的行。</translation>
    </message>
    <message>
        <source>Entries: %1 (files read: %2). Add your own in %3.</source>
        <translation>条目：%1（已读取文件：%2）。自定义条目放在 %3。</translation>
    </message>
    <message>
        <source>files: %1, lines: %2, time: %3 ms</source>
        <translation>文件：%1，行数：%2，用时：%3 ms</translation>
    </message>
    <message>
        <source>Known problems: %1, root causes among them: %2 (%3).</source>
        <translation>已知问题：%1，其中根因：%2（%3）。</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>保存报告…</translation>
    </message>
    <message>
        <source>Text for an issue, or JSON (the same as analyze --json).</source>
        <translation>用于 issue 的文本，或 JSON（与 analyze --json 相同）。</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>Text (*.txt);;JSON (*.json)</source>
        <translation>文本 (*.txt);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>No known problem found (%1).</source>
        <translation>未发现已知问题（%1）。</translation>
    </message>
    <message>
        <source>Add the log as a file instead: files of any size are read in the background.</source>
        <translation>请改为以文件方式添加日志：任意大小的文件都会在后台读取。</translation>
    </message>
    <message>
        <source>Leave the sample empty to test the pattern on the log files on the left.</source>
        <translation>将示例留空，即可在左侧的日志文件上测试该模式。</translation>
    </message>
    <message>
        <source>Read all of it</source>
        <translation>全部读取</translation>
    </message>
    <message>
        <source>Analyze again and inflate every gzip file to its end, however large its text.</source>
        <translation>重新分析，并把每个 gzip 文件完整解压到末尾，无论文本多大。</translation>
    </message>
    <message>
        <source>Follows only from a cause on:</source>
        <translation>只可能由以下位置的原因引起：</translation>
    </message>
    <message>
        <source>the same node</source>
        <translation>同一节点</translation>
    </message>
    <message>
        <source>the same rank</source>
        <translation>同一 rank</translation>
    </message>
    <message>
        <source>any error code of the catalogue that no other entry explains</source>
        <translation>目录中任何没有其他条目解释的错误码</translation>
    </message>
    <message>
        <source>the codes, in every form the stack prints them:</source>
        <translation>以下错误码，以软件栈打印它们的各种形式出现：</translation>
    </message>
    <message>
        <source>Search ids, titles, causes and patterns, or type an error code: 507015, E39009</source>
        <translation>搜索 id、标题、原因和模式，或输入错误码：507015、E39009</translation>
    </message>
    <message>
        <source>An error code (ACL, CANN, HCCL or torch_npu) shows what it means and the entry that explains it.</source>
        <translation>输入错误码（ACL、CANN、HCCL 或 torch_npu）即可显示其含义和解释它的条目。</translation>
    </message>
    <message>
        <source>the window&apos;s verl version</source>
        <translation>窗口中选择的 verl 版本</translation>
    </message>
    <message>
        <source>Releases with the fix:</source>
        <translation>包含修复的版本：</translation>
    </message>
    <message>
        <source>none yet (read at %1)</source>
        <translation>尚无（读取于 %1）</translation>
    </message>
    <message>
        <source>the thread</source>
        <translation>讨论帖</translation>
    </message>
    <message>
        <source>Lines no entry explains, traced to upstream code: %1.</source>
        <translation>知识库未解释、已追溯到上游代码的行：%1。</translation>
    </message>
    <message>
        <source>Lines no entry explains, traced to upstream code</source>
        <translation>知识库未解释、已追溯到上游代码的行</translation>
    </message>
    <message>
        <source>From the &amp;cluster…</source>
        <translation>从集群(&amp;C)…</translation>
    </message>
    <message>
        <source>Collect the run&apos;s logs from every node over ssh and find where the failure began.</source>
        <translation>通过 ssh 从每个节点收集本次运行的日志，找出故障的起点。</translation>
    </message>
    <message>
        <source>The knowledge base is still loading.</source>
        <translation>知识库仍在加载。</translation>
    </message>
    <message>
        <source>Lo&amp;g files:</source>
        <translation>日志文件(&amp;G)：</translation>
    </message>
</context>
<context>
    <name>vna::ui::MainWindow</name>
    <message>
        <source>The %1 translation is missing from this build.</source>
        <translation>此构建中缺少 %1 翻译。</translation>
    </message>
    <message>
        <source>verl NPU Assistant</source>
        <translation>verl NPU 助手</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>首页</translation>
    </message>
    <message>
        <source>What each tool solves</source>
        <translation>每个工具解决的问题</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Log panel</source>
        <translation>日志面板(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Go to</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言 Language(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About verl NPU Assistant</source>
        <translation>关于 verl NPU 助手(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>verl version</source>
        <translation>verl 版本</translation>
    </message>
</context>
<context>
    <name>vna::ui::MemoryChart</name>
    <message>
        <source>GiB per device</source>
        <translation>每设备 GiB</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备内存</translation>
    </message>
    <message>
        <source>Less the margin</source>
        <translation>扣除余量后</translation>
    </message>
</context>
<context>
    <name>vna::ui::MemoryTab</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Open the script file instead.</source>
        <translation>请改为打开脚本文件。</translation>
    </message>
    <message>
        <source>Corrected command copied.</source>
        <translation>已复制修正后的命令。</translation>
    </message>
    <message>
        <source>Report copied.</source>
        <translation>已复制报告。</translation>
    </message>
    <message>
        <source>The run</source>
        <translation>运行配置</translation>
    </message>
    <message>
        <source>Paste the launch command or script (python3 -m verl.trainer.main_ppo …). Empty: verl&apos;s defaults for your release.</source>
        <translation>粘贴启动命令或脚本（python3 -m verl.trainer.main_ppo …）。留空：使用你的 verl 版本的默认配置。</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>A model preset, or the path of a local model folder or its config.json (only headers are read).</source>
        <translation>模型预设，或本地模型目录或其 config.json 的路径（只读取文件头）。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;NPU:</source>
        <translation>NPU(&amp;N)：</translation>
    </message>
    <message>
        <source>Other (type the memory)</source>
        <translation>其他（手动输入内存）</translation>
    </message>
    <message>
        <source>npu-smi info: HBM total, e.g. 65536</source>
        <translation>npu-smi info 中的 HBM 总量，例如 65536</translation>
    </message>
    <message>
        <source>N&amp;odes:</source>
        <translation>节点数(&amp;O)：</translation>
    </message>
    <message>
        <source>from the command</source>
        <translation>取自命令</translation>
    </message>
    <message>
        <source>&amp;Devices per node:</source>
        <translation>每节点设备数(&amp;D)：</translation>
    </message>
    <message>
        <source>M&amp;argin (GiB):</source>
        <translation>余量（GiB）(&amp;A)：</translation>
    </message>
    <message>
        <source>Memory per device kept for what cannot be known before running: CANN and HCCL workspace, the allocator&apos;s fragmentation, what the sleeping engine keeps.</source>
        <translation>每设备预留的内存，用于运行前无法确定的开销：CANN 和 HCCL 工作空间、分配器的内存碎片、休眠中的引擎保留的内存。</translation>
    </message>
    <message>
        <source>&amp;Estimate</source>
        <translation>估算(&amp;E)</translation>
    </message>
    <message>
        <source>Estimate again (Ctrl+Return)</source>
        <translation>重新估算（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>What makes it fit</source>
        <translation>让它放得下的方法</translation>
    </message>
    <message>
        <source>Copy &amp;command</source>
        <translation>复制命令(&amp;C)</translation>
    </message>
    <message>
        <source>Every phase, part by part</source>
        <translation>各阶段逐项明细</translation>
    </message>
    <message>
        <source>Copy &amp;report</source>
        <translation>复制报告(&amp;R)</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>正在估算显存…</translation>
    </message>
    <message>
        <source>Not estimated: %1</source>
        <translation>未估算：%1</translation>
    </message>
    <message>
        <source>Fits: the fullest phase, %1, peaks at %2 of %3 per device.</source>
        <translation>放得下：占用最高的阶段 %1 峰值为每设备 %2 / %3。</translation>
    </message>
    <message>
        <source>Tight: %1 peaks at %2 of %3, within the margin.</source>
        <translation>紧张：%1 峰值为 %2 / %3，落在余量内。</translation>
    </message>
    <message>
        <source>No setting checked here makes it fit.</source>
        <translation>这里检查的设置都无法让它放得下。</translation>
    </message>
    <message>
        <source>Nothing to change.</source>
        <translation>无需修改。</translation>
    </message>
    <message>
        <source>Open a launch script</source>
        <translation>打开启动脚本</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation>Shell 脚本 (*.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a model folder</source>
        <translation>选择模型文件夹</translation>
    </message>
    <message>
        <source>From %1: the device ran out of memory asking for %2 more, with %3 already allocated of %4. Compare with the phase that binds below.</source>
        <translation>来自 %1：设备显存不足，尚需申请 %2，此时已分配 %3（共 %4）。请与下方的瓶颈阶段对照。</translation>
    </message>
    <message>
        <source>From %1: the device ran out of memory asking for %2 more.</source>
        <translation>来自 %1：设备显存不足，尚需申请 %2。</translation>
    </message>
    <message>
        <source>From %1: the device ran out of memory.</source>
        <translation>来自 %1：设备显存不足。</translation>
    </message>
    <message>
        <source># %1 (%2): %3</source>
        <translation># %1（%2）：%3</translation>
    </message>
    <message>
        <source>From %1: the rollout engine found no room for its KV cache. See Engine start below.</source>
        <translation>来自 %1：rollout 引擎没有空间分配 KV cache。见下方的引擎启动阶段。</translation>
    </message>
    <message>
        <source>From %1: the rollout engine had %2 for its KV cache, too little. See Engine start below.</source>
        <translation>来自 %1：rollout 引擎只有 %2 可用于 KV cache，不够。见下方的引擎启动阶段。</translation>
    </message>
    <message>
        <source>Open scri&amp;pt…</source>
        <translation>打开脚本(&amp;P)…</translation>
    </message>
    <message>
        <source>Device memor&amp;y (MiB):</source>
        <translation>设备内存（MiB）(&amp;Y)：</translation>
    </message>
    <message>
        <source>La&amp;unch command:</source>
        <translation>启动命令(&amp;U)：</translation>
    </message>
    <message>
        <source>Does not fit: %1 needs %2 of %3 per device — %4</source>
        <translation>放不下：%1 需要每设备 %2（共 %3）— %4</translation>
    </message>
</context>
<context>
    <name>vna::ui::ProfilerTab</name>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>What to profile</source>
        <translation>分析对象</translation>
    </message>
    <message>
        <source>&amp;Roles:</source>
        <translation>角色(&amp;R)：</translation>
    </message>
    <message>
        <source>The policy being trained: actor_rollout_ref.actor</source>
        <translation>正在训练的策略模型：actor_rollout_ref.actor</translation>
    </message>
    <message>
        <source>The reference model: actor_rollout_ref.ref</source>
        <translation>参考模型：actor_rollout_ref.ref</translation>
    </message>
    <message>
        <source>Generation: actor_rollout_ref.rollout (0.5 shares the actor&apos;s block)</source>
        <translation>生成：actor_rollout_ref.rollout（0.5 与 actor 共用配置块）</translation>
    </message>
    <message>
        <source>The value model: critic</source>
        <translation>价值模型：critic</translation>
    </message>
    <message>
        <source>The reward model: reward_model (uses the actor&apos;s contents and level)</source>
        <translation>奖励模型：reward_model（使用 actor 的 contents 和 level）</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>步(&amp;S)：</translation>
    </message>
    <message>
        <source>Training steps to profile, comma-separated; steps start at 1</source>
        <translation>要分析的训练步，逗号分隔；步从 1 开始</translation>
    </message>
    <message>
        <source>R&amp;anks:</source>
        <translation>Rank(&amp;A)：</translation>
    </message>
    <message>
        <source>rank 0 only</source>
        <translation>仅 rank 0</translation>
    </message>
    <message>
        <source>Ranks to profile, comma-separated, e.g. 0,8 for the first rank of two nodes</source>
        <translation>要分析的 rank，逗号分隔，例如 0,8 表示两个节点各自的第一个 rank</translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation>所有 rank</translation>
    </message>
    <message>
        <source>Profile every rank: one trace per rank, so plan the disk space</source>
        <translation>分析每一个 rank：每个 rank 一份性能数据，请预留磁盘空间</translation>
    </message>
    <message>
        <source>What to collect</source>
        <translation>采集内容</translation>
    </message>
    <message>
        <source>&amp;Contents:</source>
        <translation>内容(&amp;C)：</translation>
    </message>
    <message>
        <source>Operators and tasks on the NPU</source>
        <translation>NPU 上的算子和任务</translation>
    </message>
    <message>
        <source>Host-side activity (Python, framework)</source>
        <translation>主机侧活动（Python、框架）</translation>
    </message>
    <message>
        <source>Memory use of operators</source>
        <translation>算子的内存占用</translation>
    </message>
    <message>
        <source>Input shapes of operators</source>
        <translation>算子的输入形状</translation>
    </message>
    <message>
        <source>Python module hierarchy</source>
        <translation>Python 模块层级</translation>
    </message>
    <message>
        <source>Python call stacks (large traces)</source>
        <translation>Python 调用栈（数据量大）</translation>
    </message>
    <message>
        <source>None ticked: what an empty contents list means in your version</source>
        <translation>全不勾选：即你的版本中空 contents 列表的含义</translation>
    </message>
    <message>
        <source>Parse traces after collecting (a&amp;nalysis)</source>
        <translation>采集后解析性能数据（a&amp;nalysis）</translation>
    </message>
    <message>
        <source>Off: keep raw data and parse it offline later, which makes the run faster</source>
        <translation>关闭：保留原始数据，之后离线解析，运行更快</translation>
    </message>
    <message>
        <source>One database per task (&amp;discrete)</source>
        <translation>每个任务一个数据库（&amp;discrete）</translation>
    </message>
    <message>
        <source>On: actor update, log-prob and rollout each get their own trace; needed for the agent-loop rollout</source>
        <translation>开启：actor 更新、log-prob 和 rollout 各有自己的性能数据；agent loop 的 rollout 需要开启</translation>
    </message>
    <message>
        <source>Consecutive steps share one database (continuous steps)</source>
        <translation>连续的步共用一个数据库（continuous steps）</translation>
    </message>
    <message>
        <source>Rollout &amp;tokens:</source>
        <translation>Rollout token(&amp;T)：</translation>
    </message>
    <message>
        <source>first</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>last</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Profile only these generated tokens of the rollout (verl 0.9 and later)</source>
        <translation>只分析 rollout 中这些生成的 token（verl 0.9 及以后）</translation>
    </message>
    <message>
        <source>Save &amp;path:</source>
        <translation>保存路径(&amp;P)：</translation>
    </message>
    <message>
        <source>verl&apos;s default</source>
        <translation>verl 的默认位置</translation>
    </message>
    <message>
        <source>Where traces are written on every node</source>
        <translation>每个节点上性能数据的写入位置</translation>
    </message>
    <message>
        <source>&amp;Output:</source>
        <translation>输出格式(&amp;O)：</translation>
    </message>
    <message>
        <source>bash, one override per line</source>
        <translation>bash，每行一个覆盖参数</translation>
    </message>
    <message>
        <source>bash, one line</source>
        <translation>bash，单行</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Import a command</source>
        <translation>导入命令</translation>
    </message>
    <message>
        <source>Paste a launch command: the form takes its profiler settings, corrected, and the problems it had are listed below.</source>
        <translation>粘贴启动命令：表单会采用其中（修正后的）性能分析设置，原有的问题列在下方。</translation>
    </message>
    <message>
        <source>Fill the form from the pasted command (Ctrl+Return in the box)</source>
        <translation>用粘贴的命令填写表单（在文本框中按 Ctrl+Return）</translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation>覆盖参数</translation>
    </message>
    <message>
        <source>Copy the overrides (Ctrl+Shift+C or Ctrl+Return)</source>
        <translation>复制覆盖参数（Ctrl+Shift+C 或 Ctrl+Return）</translation>
    </message>
    <message>
        <source>What this will do</source>
        <translation>实际效果</translation>
    </message>
    <message>
        <source>&amp;Open script…</source>
        <translation>打开脚本(&amp;O)…</translation>
    </message>
    <message>
        <source>Check the script again (Ctrl+Return)</source>
        <translation>重新检查脚本（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Fill the Generate page&apos;s form from this script</source>
        <translation>用此脚本填写“生成”页的表单</translation>
    </message>
    <message>
        <source>Cop&amp;y</source>
        <translation>复制(&amp;Y)</translation>
    </message>
    <message>
        <source>profile_continuous_steps: needs discrete off</source>
        <translation>profile_continuous_steps：需要关闭 discrete</translation>
    </message>
    <message>
        <source>verl 0.6.0 and later only</source>
        <translation>仅 verl 0.6.0 及以后</translation>
    </message>
    <message>
        <source>verl 0.9.0 and later, with the rollout role ticked</source>
        <translation>需要 verl 0.9.0 及以后，并勾选 rollout 角色</translation>
    </message>
    <message>
        <source>version default (%1)</source>
        <translation>版本默认值（%1）</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>The first token</source>
        <translation>起始 token</translation>
    </message>
    <message>
        <source>The last token</source>
        <translation>结束 token</translation>
    </message>
    <message>
        <source>Nothing to warn about: these overrides profile what the form says.</source>
        <translation>没有需要提醒的：这些覆盖参数会按表单所选进行分析。</translation>
    </message>
    <message>
        <source>Correct the fields marked in red to see the overrides.</source>
        <translation>请改正标红的字段以查看覆盖参数。</translation>
    </message>
    <message>
        <source>Paste a launch command into the box first.</source>
        <translation>请先把启动命令粘贴到文本框中。</translation>
    </message>
    <message>
        <source>Reading the command…</source>
        <translation>正在读取命令…</translation>
    </message>
    <message>
        <source>The command sets no profiler override for verl %1; the form is unchanged.</source>
        <translation>该命令没有设置任何 verl %1 的性能分析覆盖参数；表单未改动。</translation>
    </message>
    <message numerus="yes">
        <source>The form now holds the profiler settings of %n override(s).</source>
        <translation>
            <numerusform>表单已采用 %n 个覆盖参数中的性能分析设置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Fixed to %1.</source>
        <translation>已修正为 %1。</translation>
    </message>
    <message>
        <source>Paste a command or open a script to check it.</source>
        <translation>粘贴命令或打开脚本以进行检查。</translation>
    </message>
    <message>
        <source>Open a launch script</source>
        <translation>打开启动脚本</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh *.bash);;All files (*)</source>
        <translation>Shell 脚本 (*.sh *.bash);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s)</source>
        <translation>
            <numerusform>已复制 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 takes one whole number ≥ 0.</source>
        <translation>%1 只接受一个 ≥ 0 的整数。</translation>
    </message>
    <message>
        <source>L&amp;evel:</source>
        <translation>级别(&amp;E)：</translation>
    </message>
    <message>
        <source>Open in the gene&amp;rator</source>
        <translation>在生成器中打开(&amp;R)</translation>
    </message>
    <message>
        <source>Select a row to see it in the script.</source>
        <translation>选中一行可在脚本中定位。</translation>
    </message>
    <message>
        <source>Paste the launch command that failed (%1) to check it.</source>
        <translation>粘贴失败的启动命令（%1）进行检查。</translation>
    </message>
    <message>
        <source>From the log analyzer: %1</source>
        <translation>来自日志分析：%1</translation>
    </message>
    <message>
        <source>Paste only the launch command.</source>
        <translation>请只粘贴启动命令。</translation>
    </message>
    <message>
        <source>Open the script file instead.</source>
        <translation>请改为打开脚本文件。</translation>
    </message>
    <message>
        <source>verl %1 has no profiler settings for the %2 role</source>
        <extracomment>%1 is a verl version, %2 a role name such as reward</extracomment>
        <translation>verl %1 没有 %2 角色的性能分析设置</translation>
    </message>
    <message>
        <source>Corrected for verl %1 (line %2): %3</source>
        <translation>针对 verl %1 修正后的命令（第 %2 行）：%3</translation>
    </message>
    <message>
        <source>Checking the script…</source>
        <translation>正在检查脚本…</translation>
    </message>
    <message>
        <source>version default</source>
        <translation>版本默认值</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more launch(es).</source>
        <translation>
            <numerusform>…… 另有 %n 条启动命令。</numerusform>
        </translation>
    </message>
    <message>
        <source>For verl %1 (set in the toolbar).</source>
        <translation>适用于 verl %1（在工具栏中设置）。</translation>
    </message>
    <message>
        <source>The log shows the key, not its value: type the value after = to check it.</source>
        <translation>日志只显示了键，没有值：请在 = 后输入值以进行检查。</translation>
    </message>
    <message>
        <source>Turn on verl&apos;s NPU profiler with overrides Hydra and verl accept for your version, or check a launch command you already have against your release&apos;s whole config, and move it from another release.</source>
        <translation>用 Hydra 和 verl 在你的版本中都接受的覆盖参数开启 verl 的 NPU 性能分析器；或按你的版本的完整配置检查已有的启动命令，并把它从其他版本迁移过来。</translation>
    </message>
    <message>
        <source>Paste a launch command or a whole &amp;script; every override is checked against your release&apos;s config as you type. You can also drop a file on this tab.</source>
        <translation>粘贴启动命令或整个脚本(&amp;S)；输入时每个覆盖参数都会按你的版本的配置进行检查。也可以把文件拖到此标签页。</translation>
    </message>
    <message>
        <source>my version (check only)</source>
        <translation>我的版本（仅检查）</translation>
    </message>
    <message>
        <source>The verl release the script was written for, to move it to yours</source>
        <translation>脚本原本针对的 verl 版本，用于把它迁移到你的版本</translation>
    </message>
    <message>
        <source>Moved to verl %1</source>
        <translation>已迁移到 verl %1</translation>
    </message>
    <message>
        <source>Corrected command</source>
        <translation>修正后的命令</translation>
    </message>
    <message>
        <source>Copy the corrected command (Ctrl+Shift+C)</source>
        <translation>复制修正后的命令（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>&amp;Move to verl %1</source>
        <translation>迁移到 verl %1(&amp;M)</translation>
    </message>
    <message>
        <source>Pick the release the script was written for first</source>
        <translation>请先选择脚本原本针对的版本</translation>
    </message>
    <message>
        <source>Show what moving the script from verl %1 to %2 changes, and the moved command</source>
        <translation>显示把脚本从 verl %1 迁移到 %2 会改变什么，以及迁移后的命令</translation>
    </message>
    <message>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <source>Cancelled. Edit the script or press Check to check it again.</source>
        <translation>已取消。修改脚本或点击“检查”可重新检查。</translation>
    </message>
    <message>
        <source>&amp;Written for verl:</source>
        <translation>原针对的 verl 版本(&amp;W)：</translation>
    </message>
    <message>
        <source>La&amp;unch command</source>
        <translation>启动命令(&amp;U)</translation>
    </message>
    <message>
        <source>I&amp;mport into the form</source>
        <translation>导入到表单(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
</context>
<context>
    <name>vna::ui::Session</name>
    <message>
        <source>verl version set to %1: the error in %2 exists only since verl %1, not in %3. Set the exact version in the toolbar.</source>
        <translation>verl 版本已设为 %1：%2 中的错误从 verl %1 起才存在，%3 中没有。请在工具栏中设置确切版本。</translation>
    </message>
</context>
<context>
    <name>vna::ui::SyncTab</name>
    <message>
        <source>writable</source>
        <translation>可写</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>will be created</source>
        <translation>将会创建</translation>
    </message>
    <message>
        <source>missing, cannot be created</source>
        <translation>不存在，无法创建</translation>
    </message>
    <message>
        <source>Checkpoint folder</source>
        <translation>检查点文件夹</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Checkpoint sync</source>
        <translation>检查点同步</translation>
    </message>
    <message>
        <source>Where rank 0 saved the checkpoint</source>
        <translation>rank 0 保存检查点的位置</translation>
    </message>
    <message>
        <source>The other nodes</source>
        <translation>其他节点</translation>
    </message>
    <message>
        <source>Preflight</source>
        <translation>预检</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Copying</source>
        <translation>复制中</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>总结</translation>
    </message>
    <message>
        <source>&amp;Start sync</source>
        <translation>开始同步(&amp;S)</translation>
    </message>
    <message>
        <source>On &amp;this machine</source>
        <translation>在本机(&amp;T)</translation>
    </message>
    <message>
        <source>On &amp;another node:</source>
        <translation>在另一个节点上(&amp;A)：</translation>
    </message>
    <message>
        <source>default_local_dir, or one global_step_N folder in it:</source>
        <translation>default_local_dir，或其中的某个 global_step_N 文件夹：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Scan</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <source>Step / folder</source>
        <translation>Step / 文件夹</translation>
    </message>
    <message>
        <source>Metadata files</source>
        <translation>元数据文件</translation>
    </message>
    <message>
        <source>Copy:</source>
        <translation>复制：</translation>
    </message>
    <message>
        <source>The nodes that need the files, in ClusterShell nodeset syntax (node[02-16], rack[1-2]n[01-04], a,b, node[1-8]!node3).</source>
        <translation>需要这些文件的节点，使用 ClusterShell nodeset 语法（node[02-16]、rack[1-2]n[01-04]、a,b、node[1-8]!node3）。</translation>
    </message>
    <message>
        <source>SSH configuration file:</source>
        <translation>SSH 配置文件：</translation>
    </message>
    <message>
        <source>Accept new host keys (changed keys are always refused)</source>
        <translation>接受新的主机密钥（已变更的密钥始终拒绝）</translation>
    </message>
    <message>
        <source>&amp;Test connections</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Nothing is written on the nodes yet. Each node is checked: reachable, the folder writable, free space, the files already there, and whether it shares the source&apos;s storage (then no copy is needed).</source>
        <translation>此时还不会在节点上写入任何内容。逐个检查节点：能否连接、文件夹是否可写、可用空间、已有的文件，以及是否与源端共享存储（共享则无需复制）。</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Reachable</source>
        <translation>可连接</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>可用空间</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Files already there</source>
        <translation>已有文件</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Show commands</source>
        <translation>显示命令</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Retry failed</source>
        <translation>重试失败的节点(&amp;R)</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
    <message>
        <source>Open audit log</source>
        <translation>打开审计日志</translation>
    </message>
    <message>
        <source>&amp;Watch the folder and sync every new step once it is complete</source>
        <translation>监视文件夹，每个新 step 保存完成后自动同步(&amp;W)</translation>
    </message>
    <message>
        <source>Name one host that holds the checkpoint.</source>
        <translation>请指定保存检查点的一个主机。</translation>
    </message>
    <message>
        <source>Give the checkpoint folder.</source>
        <translation>请给出检查点文件夹。</translation>
    </message>
    <message>
        <source>Give an absolute path: the other nodes use the same one.</source>
        <translation>请使用绝对路径：其他节点使用相同的路径。</translation>
    </message>
    <message>
        <source>Scanning %1…</source>
        <translation>正在扫描 %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>No global_step_N folder was found here.</source>
        <translation>这里没有找到 global_step_N 文件夹。</translation>
    </message>
    <message>
        <source>the latest: global_step_%1</source>
        <translation>最新的：global_step_%1</translation>
    </message>
    <message>
        <source>every step (%1)</source>
        <translation>所有 step（%1 个）</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s): %1</source>
        <translation>
            <numerusform>%n 个节点：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the ssh configuration file %1.</source>
        <translation>无法读取 ssh 配置文件 %1。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message numerus="yes">
        <source>All %n node(s) answered.</source>
        <translation>
            <numerusform>全部 %n 个节点均有响应。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading the source and checking %n node(s)…</source>
        <translation>
            <numerusform>正在读取源端并检查 %n 个节点…</numerusform>
        </translation>
    </message>
    <message>
        <source>yes, shared storage</source>
        <translation>是，共享存储</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>%1 identical, %2 different, %3 missing</source>
        <translation>%1 个相同，%2 个不同，%3 个缺失</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n node(s) reachable.</source>
        <translation>
            <numerusform>%n 个节点中有 %1 个可连接。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every reachable node shares the source&apos;s storage: no copy needed.</source>
        <translation>所有可连接的节点都与源端共享存储：无需复制。</translation>
    </message>
    <message numerus="yes">
        <source>%n file copy(ies) to make. Nothing on the source is changed; an existing different file is kept as NAME.bak-&lt;time&gt;.</source>
        <translation>
            <numerusform>需要复制 %n 个文件。源端不做任何修改；内容不同的已有文件会保留为 NAME.bak-&lt;时间&gt;。</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message numerus="yes">
        <source>Copying to %n node(s).</source>
        <translation>
            <numerusform>正在复制到 %n 个节点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying %1.</source>
        <translation>正在重试 %1。</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n node(s) failed.</source>
        <translation>
            <numerusform>完成：%n 个节点失败。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checkpoint sync done: %n node(s) failed.</source>
        <translation>
            <numerusform>检查点同步完成：%n 个节点失败。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 node(s) ok, %2 failed, %3 skipped; %4 file(s) written and checked.
Audit log: %5</source>
        <translation>%1 个节点成功，%2 个失败，%3 个跳过；写入并校验了 %4 个文件。
审计日志：%5</translation>
    </message>
    <message>
        <source>Watching for new steps.</source>
        <translation>正在监视新的 step。</translation>
    </message>
    <message>
        <source>global_step_%1 was complete and has been synced.</source>
        <translation>global_step_%1 已保存完成并已同步。</translation>
    </message>
    <message>
        <source>Unknown host keys</source>
        <translation>未知的主机密钥</translation>
    </message>
    <message>
        <source>These nodes have never been connected to:

%1

Accept and remember their keys, then check the nodes again?</source>
        <translation>以下节点从未连接过：

%1

接受并记住它们的密钥，然后重新检查这些节点吗？</translation>
    </message>
    <message>
        <source>The wizard is busy; cancel or finish the running step first.</source>
        <translation>向导正忙；请先取消或完成当前步骤。</translation>
    </message>
    <message>
        <source>Folder filled in by the log analyzer from %1. If the checkpoint lives on another node, choose &quot;On another node&quot; and give that node.</source>
        <translation>文件夹由日志分析根据 %1 填入。如果检查点在另一个节点上，请选择“在另一个节点上”并填写该节点。</translation>
    </message>
    <message numerus="yes">
        <source>%n per-rank file(s) stay on their node.</source>
        <translation>
            <numerusform>%n 个每 rank 各自的文件留在其所在节点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every node needs:</source>
        <translation>每个节点需要：</translation>
    </message>
    <message>
        <source>Without shared storage, a checkpoint reloads only where rank 0 saved it: the dist-checkpoint metadata (common.pt, .metadata, metadata.json) and, since verl 0.7, the model&apos;s weights exist on that node alone. This gives every node the files of the step that its ranks read, at the same path; each rank&apos;s own shards stay where they are.</source>
        <translation>没有共享存储时，检查点只能在 rank 0 保存它的节点上重新加载：分布式检查点元数据（common.pt、.metadata、metadata.json）以及自 verl 0.7 起的模型权重只存在于该节点。本工具把该步中各节点 rank 会读取的文件放到每个节点的相同路径下；每个 rank 各自的分片留在原处。</translation>
    </message>
    <message>
        <source>Shards here</source>
        <translation>此处的分片</translation>
    </message>
    <message>
        <source>Also the tracker file</source>
        <translation>同时复制 tracker 文件</translation>
    </message>
    <message>
        <source>latest_checkpointed_iteration.txt is written only on the trainer&apos;s node; where it is missing, a resume starts from scratch. global_step_N/data.pt is part of the step and always copied.</source>
        <translation>latest_checkpointed_iteration.txt 只写在训练器所在节点；缺少它时恢复会从头开始。global_step_N/data.pt 属于该步，总会复制。</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>&amp;New sync</source>
        <translation>新建同步(&amp;N)</translation>
    </message>
    <message>
        <source>%1 GiB on %2</source>
        <translation>%2 上 %1 GiB</translation>
    </message>
    <message numerus="yes">
        <source>Saved by %n rank(s) (read from %1).</source>
        <translation>
            <numerusform>由 %n 个 rank 保存（依据 %1）。</numerusform>
        </translation>
    </message>
    <message>
        <source>To send: %1</source>
        <translation>待发送：%1</translation>
    </message>
    <message>
        <source>ssh configuration: %1</source>
        <translation>ssh 配置：%1</translation>
    </message>
    <message>
        <source>ssh configuration: ~/.ssh/config</source>
        <translation>ssh 配置：~/.ssh/config</translation>
    </message>
    <message>
        <source>global_step_%1: %2 failed; tried again at the next poll.</source>
        <translation>global_step_%1：%2 失败；将在下次轮询时重试。</translation>
    </message>
    <message>
        <source> MiB/s</source>
        <translation> MiB/s</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限速</translation>
    </message>
    <message>
        <source>%1 MiB sent in %2 s.</source>
        <translation>%2 秒内发送了 %1 MiB。</translation>
    </message>
    <message>
        <source>From this machine: for every node together, so the source&apos;s link keeps room for training. In a chain: on each link.</source>
        <translation>从本机发送时：所有节点合计，为源节点的链路留出训练所需的带宽。链式传输时：每条链路各自限速。</translation>
    </message>
    <message>
        <source>&amp;Route:</source>
        <translation>传输路径(&amp;R)：</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Chain: node to node</source>
        <translation>链式：节点到节点</translation>
    </message>
    <message>
        <source>Star: from here to every node</source>
        <translation>星形：由本机发往每个节点</translation>
    </message>
    <message>
        <source>Chain: each node receives from the node before it while that one is still receiving, so every link carries each byte once, and a node whose upstream fails goes on from the one before. Star: this machine sends to every node. Automatic: a chain when two or more nodes receive 32 MiB or more and reach each other over ssh (the preflight checks it).</source>
        <translation>链式：每个节点在前一个节点仍在接收时就从它接收，每条链路上每个字节只传一次；某个节点的上游失败时，它改从更前面的节点继续接收。星形：由本机发送给每个节点。自动：当两个或更多节点各需接收 32 MiB 以上且彼此可通过 ssh 连接时使用链式（预检会检查）。</translation>
    </message>
    <message>
        <source>Route: %1</source>
        <translation>传输路径：%1</translation>
    </message>
    <message>
        <source>Every node: %1</source>
        <translation>所有节点：%1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>No node could be reached, so nothing can be copied: the preflight (&lt; Back) says why.</source>
        <translation>所有节点都无法连接，因此无法复制：原因见预检（&lt; 上一步）。</translation>
    </message>
    <message numerus="yes">
        <source>Nothing to copy to the %n node(s) reached: they have these files or share the storage.</source>
        <translation>
            <numerusform>已连接的 %n 个节点无需复制：它们已有这些文件或共享存储。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) could not be reached.</source>
        <translation>
            <numerusform>%n 个节点无法连接。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to copy: every node already has these files or shares the storage.</source>
        <translation>无需复制：每个节点都已有这些文件或共享存储。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Band&amp;width limit:</source>
        <translation>带宽上限(&amp;W)：</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1: %2</source>
        <translation>
            <numerusform>%n 个文件，%1：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>none on this machine</source>
        <translation>本机上没有</translation>
    </message>
</context>
<context>
    <name>vna::ui::TensorChart</name>
    <message>
        <source>Largest tensors as they travel</source>
        <translation>按传输数据类型计算的最大张量</translation>
    </message>
    <message>
        <source>Tensor size</source>
        <translation>张量大小</translation>
    </message>
    <message>
        <source>Current bucket</source>
        <translation>当前 bucket</translation>
    </message>
    <message>
        <source>Recommended bucket</source>
        <translation>推荐的 bucket</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
</context>
<context>
    <name>vna::ui::TensorTableModel</name>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>vna::ui::TextBox</name>
    <message>
        <source>Not pasted: the text is %1, and this box takes at most %2.</source>
        <translation>未粘贴：文本大小为 %1，而此输入框最多接受 %2。</translation>
    </message>
</context>
<context>
    <name>vna::ui::VersionBar</name>
    <message>
        <source>verl version</source>
        <translation>verl 版本</translation>
    </message>
    <message>
        <source>The verl release of the job, for every tool: the keys, defaults and notes depend on it. pip show verl tells you; the Environment tab reads it from the nodes.</source>
        <translation>任务所用的 verl 版本，对所有工具生效：键、默认值和说明都取决于它。可用 pip show verl 查看；环境页会从节点读取。</translation>
    </message>
    <message>
        <source>verl&apos;s default (fsdp)</source>
        <translation>verl 默认值（fsdp）</translation>
    </message>
    <message>
        <source>actor_rollout_ref.actor.strategy: which dtype travels depends on it and on the version</source>
        <translation>actor_rollout_ref.actor.strategy：传输哪种 dtype 取决于它和版本</translation>
    </message>
    <message>
        <source>Bac&amp;kend:</source>
        <translation>后端(&amp;K)：</translation>
    </message>
    <message>
        <source>verl vers&amp;ion:</source>
        <translation>verl 版本(&amp;I)：</translation>
    </message>
    <message>
        <source>checked as %1</source>
        <translation>按 %1 检查</translation>
    </message>
    <message>
        <source>verl %1 is not a release this build has read: every tool checks it against verl %2, the nearest release it knows.</source>
        <translation>本程序没有读过 verl %1 这个版本：各工具都按它已知的最接近版本 verl %2 检查。</translation>
    </message>
    <message>
        <source>older than %1</source>
        <translation>早于 %1</translation>
    </message>
    <message>
        <source>verl %1 is older than every release this build has read (the first is %2): launch commands are not checked against its config, and the other tools use the facts of verl %2, which may differ.</source>
        <translation>verl %1 早于本程序读过的所有版本（最早的是 %2）：不会按它的配置检查启动命令，其他工具使用 verl %2 的事实数据，可能有出入。</translation>
    </message>
</context>
</TS>
