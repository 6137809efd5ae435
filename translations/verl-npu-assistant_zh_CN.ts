<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Diagnoses Ascend NPU environments, sizes the verl weight-transfer bucket, writes NPU profiler overrides, syncs checkpoint metadata across nodes and explains training logs.</source>
        <translation>诊断昇腾 NPU 环境，计算 verl 权重传输 bucket 大小，生成 NPU 性能分析覆盖参数，在节点间同步检查点 (checkpoint) 元数据文件，并分析训练日志。</translation>
    </message>
    <message>
        <source>A tool to run on the command line (see below).</source>
        <translation>在命令行中运行的工具（见下文）。</translation>
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
</context>
</TS>
