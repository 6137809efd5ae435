<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Bucket</name>
    <message>
        <source>Line %1 mentions "too large to fit in the bucket", but the tensor's shape and data type could not be read. Paste the whole message, starting at "Weight".</source>
        <translation>第 %1 行提到了 "too large to fit in the bucket"，但无法读出张量的形状和数据类型。请从 "Weight" 开始粘贴完整的报错信息。</translation>
    </message>
    <message>
        <source>No "Weight … is too large to fit in the bucket" message found. Paste the AssertionError line from the training log.</source>
        <translation>未找到 "Weight … is too large to fit in the bucket" 报错。请粘贴训练日志中的 AssertionError 那一行。</translation>
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
        <source>Unknown backend "%1" in %2: expected fsdp or megatron.</source>
        <translation>%2 中的后端 "%1" 未知：应为 fsdp 或 megatron。</translation>
    </message>
    <message>
        <source>Unknown checkpoint engine "%1" in %2: expected naive, hccl or nccl.</source>
        <translation>%2 中的检查点引擎 "%1" 未知：应为 naive、hccl 或 nccl。</translation>
    </message>
    <message>
        <source>Invalid margin "%1" in %2: expected a number from %3 to %4, e.g. 1.2.</source>
        <translation>%2 中的余量 "%1" 无效：应为 %3 到 %4 之间的数，例如 1.2。</translation>
    </message>
    <message>
        <source>Invalid size "%1" in %2: expected a positive whole number of MiB, e.g. 4096.</source>
        <translation>%2 中的大小 "%1" 无效：应为以 MiB 为单位的正整数，例如 4096。</translation>
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
        <source>%1 (%2 MiB) is larger than the %3 MiB bucket: weight sync fails with "Weight … is too large to fit in the bucket". Set the override below.</source>
        <translation>%1（%2 MiB）大于 %3 MiB 的 bucket：权重同步会报 "Weight … is too large to fit in the bucket"。请使用下方的覆盖参数。</translation>
    </message>
    <message>
        <source>verl %1 has no bucket assertion (it first appeared in 0.7.1); there the bucket only groups SGLang weight updates. If you saw the message, your verl is 0.7.1 or newer: choose that version.</source>
        <translation>verl %1 没有这个 bucket 断言（它从 0.7.1 开始出现）；在该版本中 bucket 只用于 SGLang 的权重更新分组。如果你看到了这条报错，说明你的 verl 是 0.7.1 或更新版本：请选择对应版本。</translation>
    </message>
    <message>
        <source>The message says to increase %1, but since verl 0.7.1 that setting lives at %2; the old key no longer works.</source>
        <translation>报错信息提示增大 %1，但从 verl 0.7.1 起该设置位于 %2；旧的键已不再生效。</translation>
    </message>
    <message>
        <source>From verl 0.8.0 the vLLM IPC path sends weights larger than the bucket directly. On NPUs with Ascend HDK older than 25.3.rc1 or CANN older than 8.3.RC1 verl falls back to shared memory ("IPC is not supported on your devices. Falling back to shared memory" in the log), and there the assertion still fires.</source>
        <translation>从 verl 0.8.0 起，vLLM IPC 路径会直接发送超过 bucket 的权重。若 NPU 的昇腾 HDK 低于 25.3.rc1 或 CANN 低于 8.3.RC1，verl 会退回到共享内存（日志中出现 "IPC is not supported on your devices. Falling back to shared memory"），此时仍会触发该断言。</translation>
    </message>
    <message>
        <source>The HCCL checkpoint engine of verl %1 still asserts on large weights; verl 0.9.0 splits them into chunks.</source>
        <translation>verl %1 的 HCCL 检查点引擎遇到大权重仍会断言失败；verl 0.9.0 会把它们拆分成块发送。</translation>
    </message>
    <message>
        <source>verl %1 with the %2 engine sends this tensor on its own instead of failing; a bucket that holds it avoids the extra transfer.</source>
        <translation>verl %1 使用 %2 引擎时会单独发送该张量而不会失败；能容纳它的 bucket 可以省去这次额外传输。</translation>
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
        <source>The buffers take %1% of the device memory, which the rollout's KV cache cannot use; consider the exact minimum (%2 MiB) or lowering gpu_memory_utilization.</source>
        <translation>缓冲区占用了 %1% 的设备内存，rollout 的 KV cache 无法使用这部分；可考虑使用精确最小值（%2 MiB）或降低 gpu_memory_utilization。</translation>
    </message>
    <message>
        <source>Unknown data type "%1" in %2: use e.g. float32, bfloat16, float16, float8_e4m3fn or int8.</source>
        <translation>%2 中的数据类型 "%1" 未知：请使用例如 float32、bfloat16、float16、float8_e4m3fn 或 int8。</translation>
    </message>
    <message>
        <source>Unknown safetensors dtype "%1".</source>
        <translation>未知的 safetensors 数据类型 "%1"。</translation>
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
        <source>"weight_map" is not an object</source>
        <translation>"weight_map" 不是对象</translation>
    </message>
    <message>
        <source>a weight_map entry is not a file name</source>
        <translation>weight_map 中有一项不是文件名</translation>
    </message>
    <message>
        <source>model.safetensors.index.json names "%1", which is not a file in the folder.</source>
        <translation>model.safetensors.index.json 中写的 "%1" 不是该文件夹中的文件。</translation>
    </message>
    <message>
        <source>it has no "weight_map" object</source>
        <translation>缺少 "weight_map" 对象</translation>
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
        <source>%1: preset "%2", field "%3": %4</source>
        <translation>%1：预设 "%2"，字段 "%3"：%4</translation>
    </message>
    <message>
        <source>%1 is not a presets file (schema 1 with a "presets" list).</source>
        <translation>%1 不是预设文件（应为 schema 1 且带有 "presets" 列表）。</translation>
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
        <source>needs [vocab, hidden] or a "config"</source>
        <translation>需要 [vocab, hidden] 或 "config"</translation>
    </message>
    <message>
        <source>%1 is not a valid safetensors file: %2</source>
        <translation>%1 不是有效的 safetensors 文件：%2</translation>
    </message>
    <message>
        <source>it is a Git LFS pointer, not the weights; run "git lfs pull" in the model folder</source>
        <translation>它是 Git LFS 指针文件而不是权重；请在模型文件夹中运行 "git lfs pull"</translation>
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
        <source>the header does not start with "{"</source>
        <translation>文件头不以 "{" 开始</translation>
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
        <source>__metadata__ value "%1" is not a string</source>
        <translation>__metadata__ 中 "%1" 的值不是字符串</translation>
    </message>
    <message>
        <source>tensor "%1": %2</source>
        <translation>张量 "%1"：%2</translation>
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
        <source>unknown dtype "%1"</source>
        <translation>未知的数据类型 "%1"</translation>
    </message>
    <message>
        <source>"shape" is not a list</source>
        <translation>"shape" 不是列表</translation>
    </message>
    <message>
        <source>"shape" holds something other than non-negative whole numbers</source>
        <translation>"shape" 中含有非负整数以外的值</translation>
    </message>
    <message>
        <source>"data_offsets" is not a pair of byte offsets</source>
        <translation>"data_offsets" 不是一对字节偏移</translation>
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
        <source>tensor "%1" starts at byte %2 of the data, expected %3 (a hole or an overlap)</source>
        <translation>张量 "%1" 从数据的第 %2 字节开始，应为 %3（存在空洞或重叠）</translation>
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
        <source>Unknown preset "%1": choose one of %2.</source>
        <translation>未知预设 "%1"：请从 %2 中选择。</translation>
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
        <source>"torch.Size(" is not closed with ")".</source>
        <translation>"torch.Size(" 缺少结尾的 ")"。</translation>
    </message>
    <message>
        <source>"%1" at character %2 is not closed with "%3".</source>
        <translation>第 %2 个字符处的 "%1" 缺少对应的 "%3"。</translation>
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
        <source>Expected a whole number at character %1, found "%2".</source>
        <translation>第 %1 个字符处应为整数，实际为 "%2"。</translation>
    </message>
    <message>
        <source>Expected "," or "x" between dimensions at character %1, found "%2".</source>
        <translation>第 %1 个字符处的维度之间应为 "," 或 "x"，实际为 "%2"。</translation>
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
        <source>Sized in torch.float32: the FSDP actor sends full-precision weights without casting them to the rollout dtype.</source>
        <translation>按 torch.float32 计算大小：FSDP actor 发送全精度权重，不会先转换为 rollout 的数据类型。</translation>
    </message>
    <message>
        <source>Sized in torch.bfloat16: the Megatron actor sends bf16 weights.</source>
        <translation>按 torch.bfloat16 计算大小：Megatron actor 以 bf16 发送权重。</translation>
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
        <source>Fix "Weight … is too large to fit in the bucket": size the weight-transfer bucket.</source>
        <translation>解决 "Weight … is too large to fit in the bucket"：计算权重传输 bucket 大小。</translation>
    </message>
    <message>
        <source>Sizes actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes from a preset, a shape, the assertion message or a local model folder (read header-only), shows the arithmetic, and prints the Hydra override that fixes the assertion on the last line.
Exit code 0 when the current bucket fits the largest tensor, 1 when it does not.</source>
        <translation>根据预设、张量形状、断言报错信息或本地模型文件夹（只读取文件头）计算 actor_rollout_ref.rollout.checkpoint_engine.update_weights_bucket_megabytes，展示计算过程，并在最后一行输出解决该断言的 Hydra 覆盖参数。
当前 bucket 放得下最大张量时退出码为 0，放不下时为 1。</translation>
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
        <source>Shape of the largest tensor, e.g. 151936,4096 or "torch.Size([151936, 4096])".</source>
        <translation>最大张量的形状，例如 151936,4096 或 "torch.Size([151936, 4096])"。</translation>
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
        <source>Actor backend: fsdp sends float32, megatron sends bfloat16.</source>
        <translation>Actor 后端：fsdp 发送 float32，megatron 发送 bfloat16。</translation>
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
        <source>The bucket you run with now, in MiB (default: from the message, else verl's default).</source>
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
        <source>Invalid --top "%1": expected a number from 1 to 1000.</source>
        <translation>--top "%1" 无效：应为 1 到 1000 之间的数。</translation>
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
        <source>Run "%1 SUBCOMMAND --help" for the options of a subcommand. Without a subcommand the window opens.</source>
        <translation>运行 "%1 SUBCOMMAND --help" 查看子命令的选项。不带子命令时打开窗口。</translation>
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
        <source>Run "%1" for usage.</source>
        <translation>运行 "%1" 查看用法。</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>Unknown subcommand "%1". Available subcommands: %2.</source>
        <translation>未知子命令 "%1"。可用的子命令：%2。</translation>
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
        <source>Open the window on this tab (home, or a tool's name).</source>
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
        <source>Invalid size "%1" in %2: expected WIDTHxHEIGHT, e.g. 1280x800, each between %3 and %4.</source>
        <translation>%2 中的大小 "%1" 无效：应为 宽x高，例如 1280x800，每项在 %3 到 %4 之间。</translation>
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
        <source>--%1 is an option of the window; it cannot be used with the subcommand "%2".</source>
        <translation>--%1 是窗口的选项，不能与子命令 "%2" 一起使用。</translation>
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
    <name>Hydra</name>
    <message>
        <source>"%1" is not a valid Hydra key.</source>
        <translation>"%1" 不是有效的 Hydra 键。</translation>
    </message>
    <message>
        <source>"%1" cannot be a key inside {…}: Hydra allows letters, digits, _ and - only, starting with a letter or _.</source>
        <translation>"%1" 不能作为 {…} 中的键：Hydra 只允许字母、数字、_ 和 -，且必须以字母或 _ 开头。</translation>
    </message>
</context>
<context>
    <name>HydraParser</name>
    <message>
        <source>a list is not closed with "]"</source>
        <translation>列表缺少结尾的 "]"</translation>
    </message>
    <message>
        <source>expected "," or "]" in a list</source>
        <translation>列表中此处应为 "," 或 "]"</translation>
    </message>
    <message>
        <source>a dictionary key is missing</source>
        <translation>缺少字典的键</translation>
    </message>
    <message>
        <source>expected ":" after a dictionary key</source>
        <translation>字典的键之后应为 ":"</translation>
    </message>
    <message>
        <source>a dictionary is not closed with "}"</source>
        <translation>字典缺少结尾的 "}"</translation>
    </message>
    <message>
        <source>expected "," or "}" in a dictionary</source>
        <translation>字典中此处应为 "," 或 "}"</translation>
    </message>
    <message>
        <source>a function call is not closed with ")"</source>
        <translation>函数调用缺少结尾的 ")"</translation>
    </message>
    <message>
        <source>expected "," or ")" in a function call</source>
        <translation>函数调用中此处应为 "," 或 ")"</translation>
    </message>
    <message>
        <source>a quoted value is not closed</source>
        <translation>带引号的值缺少结尾引号</translation>
    </message>
    <message>
        <source>an interpolation "${…}" is not closed</source>
        <translation>插值 "${…}" 没有闭合</translation>
    </message>
    <message>
        <source>a quote inside an unquoted value; quote the whole value instead</source>
        <translation>未加引号的值中出现了引号；请改为给整个值加引号</translation>
    </message>
    <message>
        <source>"%1" must be escaped as "\%1" or the value quoted</source>
        <translation>"%1" 必须转义为 "\%1"，或给值加引号</translation>
    </message>
    <message>
        <source>"%1" is not allowed in an unquoted value; quote the value</source>
        <translation>未加引号的值中不允许出现 "%1"；请给值加引号</translation>
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
        <source>"%1" is not a valid key</source>
        <translation>"%1" 不是合法的键</translation>
    </message>
    <message>
        <source>"=" is missing after the key "%1"</source>
        <translation>键 "%1" 之后缺少 "="</translation>
    </message>
</context>
<context>
    <name>I18n</name>
    <message>
        <source>Unknown language "%1" in %2: expected one of %3.</source>
        <translation>%2 中的语言 "%1" 未知：应为 %3 之一。</translation>
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
        <source>expected "%1"</source>
        <translation>应为 "%1"</translation>
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
    <name>LintCommand</name>
    <message>
        <source>fix:</source>
        <translation>修正：</translation>
    </message>
    <message>
        <source>Check a launch command or script for Hydra and verl profiler mistakes.</source>
        <translation>检查启动命令或脚本中的 Hydra 与 verl 性能分析配置错误。</translation>
    </message>
    <message>
        <source>Reads a launch command or script (a file, or standard input for - or no file) and reports, with line and column, the overrides Hydra or verl will reject or misread: comma sweeps such as contents=npu,cpu, wrong types or values of profiler keys, keys that do not exist in your verl version, lists or dicts left unquoted for the shell, HCCL_DEBUG, and + on keys that exist. Prints the corrected overrides.
Exit code 1 when there are errors.</source>
        <translation>读取启动命令或脚本（文件；为 - 或不给文件时读标准输入），按行号和列号报告 Hydra 或 verl 会拒绝或误读的覆盖参数：contents=npu,cpu 这类逗号 sweep、性能分析键的类型或取值错误、你的 verl 版本中不存在的键、未对 shell 加引号的列表或字典、HCCL_DEBUG，以及对已存在的键使用 +。并输出修正后的覆盖参数。
有错误时退出码为 1。</translation>
    </message>
    <message>
        <source>The script or command to check; - or nothing reads standard input.</source>
        <translation>要检查的脚本或命令；为 - 或不给时读取标准输入。</translation>
    </message>
    <message>
        <source>Your verl version.</source>
        <translation>你的 verl 版本。</translation>
    </message>
    <message>
        <source>Print {"findings": [...]} instead of text.</source>
        <translation>输出 {"findings": [...]}，而不是文本。</translation>
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
        <source>Corrected overrides:</source>
        <translation>修正后的覆盖参数：</translation>
    </message>
</context>
<context>
    <name>Logging</name>
    <message>
        <source>Invalid log level "%1" in %2: expected one of %3.</source>
        <translation>%2 中的日志级别 "%1" 无效：应为 %3 之一。</translation>
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
    <name>ProfilerChecks</name>
    <message>
        <source>%1 is a comma-separated sweep: without --multirun Hydra stops with "Ambiguous value for argument". Write the list in brackets.</source>
        <translation>%1 是逗号分隔的 sweep：不加 --multirun 时 Hydra 会以 "Ambiguous value for argument" 报错退出。请用方括号写成列表。</translation>
    </message>
    <message>
        <source>%1 is a comma-separated sweep: without --multirun Hydra stops with "Ambiguous value for argument". %2 takes one value.</source>
        <translation>%1 是逗号分隔的 sweep：不加 --multirun 时 Hydra 会以 "Ambiguous value for argument" 报错退出。%2 只接受一个值。</translation>
    </message>
    <message>
        <source>%1() is a sweep: Hydra stops with "Sweep parameters … requires --multirun" in a normal run.</source>
        <translation>%1() 是 sweep：普通运行时 Hydra 会以 "Sweep parameters … requires --multirun" 报错退出。</translation>
    </message>
    <message>
        <source>%1 is an integer; verl wants true or false.</source>
        <translation>%1 是整数；verl 需要 true 或 false。</translation>
    </message>
    <message>
        <source>%1 is quoted, so it is a string; verl wants the bool true or false.</source>
        <translation>%1 带引号，因此是字符串；verl 需要布尔值 true 或 false。</translation>
    </message>
    <message>
        <source>%1 is not true or false.</source>
        <translation>%1 不是 true 或 false。</translation>
    </message>
    <message>
        <source>%1 is not a positive whole number.</source>
        <translation>%1 不是正整数。</translation>
    </message>
    <message>
        <source>%1 is not a whole number ≥ 0 or null.</source>
        <translation>%1 不是 ≥ 0 的整数，也不是 null。</translation>
    </message>
    <message>
        <source>%1 is not a path.</source>
        <translation>%1 不是路径。</translation>
    </message>
    <message>
        <source>level=%1 is the integer %1; verl accepts only the strings level_none, level0, level1 and level2 ("Profiler level must be of type str").</source>
        <translation>level=%1 是整数 %1；verl 只接受字符串 level_none、level0、level1 和 level2（"Profiler level must be of type str"）。</translation>
    </message>
    <message>
        <source>%1 is not a profiler level; verl accepts level_none, level0, level1 and level2.</source>
        <translation>%1 不是性能分析级别；verl 接受 level_none、level0、level1 和 level2。</translation>
    </message>
    <message>
        <source>%1 cannot be collected; contents takes npu, cpu, memory, shapes, module and stack ("Profiler contents only supports …").</source>
        <translation>无法采集 %1；contents 只接受 npu、cpu、memory、shapes、module 和 stack（"Profiler contents only supports …"）。</translation>
    </message>
    <message>
        <source>%1 is not a list; contents must be a list such as [npu,cpu] ("Profiler contents must be of type list").</source>
        <translation>%1 不是列表；contents 必须是 [npu,cpu] 这样的列表（"Profiler contents must be of type list"）。</translation>
    </message>
    <message>
        <source>tool=%1 does not profile Ascend NPUs; use npu.</source>
        <translation>tool=%1 不能分析昇腾 NPU；请使用 npu。</translation>
    </message>
    <message>
        <source>%1 is not a profiler tool; on Ascend NPUs use npu.</source>
        <translation>%1 不是性能分析工具；昇腾 NPU 上请使用 npu。</translation>
    </message>
    <message>
        <source>%1 is not a list of step numbers; write steps as a list, e.g. [1,2,5], or null.</source>
        <translation>%1 不是步数列表；steps 请写成列表（如 [1,2,5]）或 null。</translation>
    </message>
    <message>
        <source>%1 is not a list of ranks; write ranks as a list, e.g. [0,1].</source>
        <translation>%1 不是 rank 列表；ranks 请写成列表，如 [0,1]。</translation>
    </message>
    <message>
        <source>level2 with stack or memory writes very large traces (many GB per step); prefer level1 or level0 unless you need them.</source>
        <translation>level2 配合 stack 或 memory 会写出非常大的性能数据（每步数 GB）；除非确实需要，请优先使用 level1 或 level0。</translation>
    </message>
    <message>
        <source>Profiling is enabled for %1, but global_profiler.tool is not npu: verl then builds no NPU profiler and collects nothing.</source>
        <translation>已为 %1 开启性能分析，但 global_profiler.tool 不是 npu：verl 不会创建 NPU 性能分析器，什么也不会采集。</translation>
    </message>
    <message>
        <source>Profiling is enabled, but global_profiler.steps lists no step, so no step is profiled.</source>
        <translation>已开启性能分析，但 global_profiler.steps 没有列出任何步，因此不会分析任何一步。</translation>
    </message>
    <message>
        <source>%1: enable with no ranks and all_ranks off profiles rank 0 only (verl's DistProfiler; its docs say nothing is collected).</source>
        <translation>%1：开启 enable 但 ranks 为空且 all_ranks 关闭时，只分析 rank 0（verl 的 DistProfiler 如此实现；其文档称不会采集）。</translation>
    </message>
    <message>
        <source>%1: contents is empty, which after verl 0.9.0 collects CPU activity only; list npu to get device data.</source>
        <translation>%1：contents 为空，在 verl 0.9.0 之后的版本中只采集 CPU 活动；要获得设备数据请列出 npu。</translation>
    </message>
    <message>
        <source>%1: level2 with stack or memory writes very large traces (many GB per step); prefer level1 or level0 unless you need them.</source>
        <translation>%1：level2 配合 stack 或 memory 会写出非常大的性能数据（每步数 GB）；除非确实需要，请优先使用 level1 或 level0。</translation>
    </message>
    <message>
        <source>%1: profile_continuous_steps=True needs discrete=False (continuous steps share one database).</source>
        <translation>%1：profile_continuous_steps=True 需要 discrete=False（连续的步共用一个数据库）。</translation>
    </message>
    <message>
        <source>rollout: the agent loop (rollout.mode=async) can only be profiled with discrete=True.</source>
        <translation>rollout：agent loop（rollout.mode=async）只能在 discrete=True 时进行性能分析。</translation>
    </message>
    <message>
        <source>profile_token_end (%1) must be greater than profile_token_start (%2).</source>
        <translation>profile_token_end（%1）必须大于 profile_token_start（%2）。</translation>
    </message>
</context>
<context>
    <name>ProfilerCommand</name>
    <message>
        <source>Write correct NPU profiler overrides for your verl version.</source>
        <translation>为你的 verl 版本生成正确的 NPU 性能分析覆盖参数。</translation>
    </message>
    <message>
        <source>Prints the Hydra overrides that turn on verl's NPU profiler for your verl version: global_profiler and each role's profiler block (0.6 and later) or trainer.npu_profile (0.5). Every string parses in Hydra to the intended value and type. Warnings about what will or will not be collected go to stderr.
Exit code 1 when the settings contradict each other.</source>
        <translation>输出为你的 verl 版本开启 NPU 性能分析器的 Hydra 覆盖参数：global_profiler 与各角色的 profiler 配置块（0.6 及以后），或 trainer.npu_profile（0.5）。每个字符串经 Hydra 解析后都得到预期的值和类型。关于会或不会采集什么的警告输出到 stderr。
设置相互矛盾时退出码为 1。</translation>
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
        <source>Where traces are written (default: verl's).</source>
        <translation>性能数据的写入位置（默认：verl 的默认位置）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>What to collect: npu, cpu, memory, shapes, module, stack (comma-separated; empty: torch_npu's default).</source>
        <translation>要采集的内容：npu、cpu、memory、shapes、module、stack（逗号分隔；为空：torch_npu 的默认值）。</translation>
    </message>
    <message>
        <source>items</source>
        <translation>项</translation>
    </message>
    <message>
        <source>level_none, level0, level1 or level2 (default: the version's default).</source>
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
        <source>shell (one override per line, joined by " \"), line, yaml or json.</source>
        <translation>shell（每行一个覆盖参数，以 " \" 连接）、line、yaml 或 json。</translation>
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
</context>
<context>
    <name>ProfilerLint</name>
    <message>
        <source>HCCL_DEBUG is NCCL_DEBUG's look-alike; HCCL does not read it. For HCCL logs set ASCEND_GLOBAL_LOG_LEVEL=1 (with ASCEND_SLOG_PRINT_TO_STDOUT=1 to see them on screen) and, for more detail, HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE.</source>
        <translation>HCCL_DEBUG 只是形似 NCCL_DEBUG，HCCL 并不读取它。要得到 HCCL 日志，请设置 ASCEND_GLOBAL_LOG_LEVEL=1（配合 ASCEND_SLOG_PRINT_TO_STDOUT=1 可在屏幕上看到），需要更多细节时再设置 HCCL_DEBUG_CONFIG=ALG,TASK,RESOURCE。</translation>
    </message>
    <message>
        <source>Hydra cannot read this override: %1.</source>
        <translation>Hydra 无法解析此覆盖参数：%1。</translation>
    </message>
    <message>
        <source>%1 is set outside this script, so the value of %2 is not checked.</source>
        <translation>%1 在此脚本之外设置，因此未检查 %2 的值。</translation>
    </message>
    <message>
        <source>%1 does not exist in verl %2 and has no equivalent there.</source>
        <translation>%1 在 verl %2 中不存在，也没有对应的设置。</translation>
    </message>
    <message>
        <source>%1 does not exist in verl %2; the setting is %3 there.</source>
        <translation>%1 在 verl %2 中不存在；该版本中对应的设置是 %3。</translation>
    </message>
    <message>
        <source>%1 is not a setting of %2 in verl %3 (its settings: %4).</source>
        <translation>%1 不是 verl %3 中 %2 的设置（它的设置有：%4）。</translation>
    </message>
    <message>
        <source>+%1 adds a key that verl already has; Hydra stops with "Could not append to config. An item is already at …". Drop the +.</source>
        <translation>+%1 会添加一个 verl 中已存在的键；Hydra 会以 "Could not append to config. An item is already at …" 报错退出。请去掉 +。</translation>
    </message>
    <message>
        <source>bash expands {…,…} into several words before Hydra sees them; single-quote the override.</source>
        <translation>bash 会在 Hydra 看到之前把 {…,…} 展开成多个单词；请给覆盖参数加单引号。</translation>
    </message>
    <message>
        <source>[…] unquoted is a glob pattern to bash (it matches files named like it) and an error in zsh ("no matches found"); single-quote the override.</source>
        <translation>未加引号的 […] 在 bash 中是通配模式（会匹配同名文件），在 zsh 中会报错（"no matches found"）；请给覆盖参数加单引号。</translation>
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
        <translation><numerusform>在 %n 个覆盖参数中未发现问题。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 error(s), %2 warning(s) in %n override(s).</source>
        <translation><numerusform>%n 个覆盖参数中有 %1 个错误、%2 个警告。</numerusform></translation>
    </message>
</context>
<context>
    <name>ProfilerPlan</name>
    <message>
        <source>Unknown format "%1" in %2: expected shell, line, yaml or json.</source>
        <translation>%2 中的格式 "%1" 未知：应为 shell、line、yaml 或 json。</translation>
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
        <source>"%1" cannot be collected; contents takes npu, cpu, memory, shapes, module and stack.</source>
        <translation>无法采集 "%1"；contents 只接受 npu、cpu、memory、shapes、module 和 stack。</translation>
    </message>
    <message>
        <source>"%1" is not a profiler level: use level_none, level0, level1 or level2.</source>
        <translation>"%1" 不是性能分析级别：请使用 level_none、level0、level1 或 level2。</translation>
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
        <source>The reward model has no tool_config of its own: it uses the actor's contents, level and analysis.</source>
        <translation>奖励模型没有自己的 tool_config：它使用 actor 的 contents、level 和 analysis。</translation>
    </message>
    <message>
        <source>The rollout's profiler settings point at the actor's, so enabling the actor also profiles the rollout.</source>
        <translation>rollout 的性能分析配置指向 actor 的配置，因此开启 actor 也会分析 rollout。</translation>
    </message>
    <message>
        <source>verl 0.5 configures the NPU profiler under trainer.npu_profile and has no per-role switch; the actor, reference and rollout share actor_rollout_ref.profiler.</source>
        <translation>verl 0.5 在 trainer.npu_profile 下配置 NPU 性能分析器，没有按角色的开关；actor、reference 和 rollout 共用 actor_rollout_ref.profiler。</translation>
    </message>
    <message>
        <source>The value of %1 does not fit the form and was left at the form's setting.</source>
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
        <source>"%1" in %2 is not a whole number; write e.g. 1,2,5.</source>
        <translation>%2 中的 "%1" 不是整数；请写成 1,2,5 这样的形式。</translation>
    </message>
</context>
<context>
    <name>ProfilerSchema</name>
    <message>
        <source>Unknown role "%1" in %2: expected actor, ref, rollout, critic or reward.</source>
        <translation>%2 中的角色 "%1" 未知：应为 actor、ref、rollout、critic 或 reward。</translation>
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
        <source>Unknown tab "%1" in --tab: expected one of %2.</source>
        <translation>--tab 中的标签页 "%1" 未知：应为 %2 之一。</translation>
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
</context>
<context>
    <name>Tools</name>
    <message>
        <source>Bucket calculator</source>
        <translation>Bucket 计算器</translation>
    </message>
    <message>
        <source>Fix "Weight … is too large to fit in the bucket": the bucket size and the override for your verl version, from a preset, the error message or your model folder.</source>
        <translation>解决 "Weight … is too large to fit in the bucket"：根据预设、报错信息或模型文件夹，给出适合你 verl 版本的 bucket 大小和覆盖参数。</translation>
    </message>
    <message>
        <source>Profiler</source>
        <translation>性能分析器</translation>
    </message>
    <message>
        <source>Turn on the NPU profiler with overrides Hydra and verl accept for your version (the FAQ's contents=npu,cpu and level=1 are rejected), and check the launch commands you already have.</source>
        <translation>用你的 verl 版本下 Hydra 和 verl 都接受的覆盖参数开启 NPU 性能分析器（FAQ 中的 contents=npu,cpu 和 level=1 会被拒绝），并检查你已有的启动命令。</translation>
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
        <source>"%1" in %2 is not a verl version: expected e.g. 0.7.1 or v0.8.0.</source>
        <translation>%2 中的 "%1" 不是 verl 版本号：应为例如 0.7.1 或 v0.8.0。</translation>
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
    <name>vna::ui::BucketTab</name>
    <message>
        <source>Fix "Weight … is too large to fit in the bucket": find the largest tensor your actor sends and the update_weights_bucket_megabytes that holds it.</source>
        <translation>解决 "Weight … is too large to fit in the bucket"：找出 actor 发送的最大权重张量，以及能容纳它的 update_weights_bucket_megabytes。</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I)：</translation>
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
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
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
        <source>Open &amp;log file…</source>
        <translation>打开日志文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Model &amp;folder:</source>
        <translation>模型文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>/path/to/Qwen2.5-7B-Instruct</source>
        <translation>/path/to/Qwen2.5-7B-Instruct</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
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
        <source>&amp;Backend:</source>
        <translation>后端(&amp;B)：</translation>
    </message>
    <message>
        <source>FSDP (sends float32)</source>
        <translation>FSDP（发送 float32）</translation>
    </message>
    <message>
        <source>Megatron (sends bfloat16)</source>
        <translation>Megatron（发送 bfloat16）</translation>
    </message>
    <message>
        <source>verl &amp;version:</source>
        <translation>verl 版本(&amp;V)：</translation>
    </message>
    <message>
        <source>pip show verl tells you; the key and the notes depend on it</source>
        <translation>可用 pip show verl 查看；配置键和说明取决于它</translation>
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
        <source>&amp;Margin:</source>
        <translation>余量(&amp;M)：</translation>
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
        <source>from the message or verl's default</source>
        <translation>取自报错信息或 verl 默认值</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Device &amp;HBM (MiB):</source>
        <translation>设备 HBM(&amp;H)（MiB）：</translation>
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
        <source>verl version</source>
        <translation>verl 版本</translation>
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
        <source>%1 (%2 MiB) fits the current bucket of %3 MiB.</source>
        <translation>%1（%2 MiB）放得进当前 %3 MiB 的 bucket。</translation>
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
<context>
    <name>vna::ui::ProfilerTab</name>
    <message>
        <source>Cancelled. Edit the script or press Lint to check it again.</source>
        <translation>已取消。修改脚本或点击“检查”可重新检查。</translation>
    </message>
    <message>
        <source>Turn on verl's NPU profiler with overrides Hydra and verl accept for your version, or find what is wrong in a launch command you already have.</source>
        <translation>用你的 verl 版本下 Hydra 和 verl 都接受的覆盖参数开启 NPU 性能分析器，或找出已有启动命令中的错误。</translation>
    </message>
    <message>
        <source>verl &amp;version:</source>
        <translation>verl 版本(&amp;V)：</translation>
    </message>
    <message>
        <source>pip show verl tells you; the keys and defaults depend on it</source>
        <translation>可用 pip show verl 查看；键和默认值都取决于版本</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Lint a script</source>
        <translation>检查脚本(&amp;L)</translation>
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
        <source>Generation: actor_rollout_ref.rollout (0.5 shares the actor's block)</source>
        <translation>生成：actor_rollout_ref.rollout（0.5 与 actor 共用配置块）</translation>
    </message>
    <message>
        <source>The value model: critic</source>
        <translation>价值模型：critic</translation>
    </message>
    <message>
        <source>The reward model: reward_model (uses the actor's contents and level)</source>
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
        <source>verl's default</source>
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
        <source>&amp;Import into the form</source>
        <translation>导入到表单(&amp;I)</translation>
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
        <source>Paste a launch command or a whole &amp;script; problems are listed as you type. You can also drop a file on this tab.</source>
        <translation>粘贴启动命令或整个脚本(&amp;S)；输入时即列出问题。也可以把文件拖放到此页。</translation>
    </message>
    <message>
        <source>&amp;Open script…</source>
        <translation>打开脚本(&amp;O)…</translation>
    </message>
    <message>
        <source>Lin&amp;t</source>
        <translation>检查(&amp;T)</translation>
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
        <source>Corrected overrides</source>
        <translation>修正后的覆盖参数</translation>
    </message>
    <message>
        <source>Fill the Generate page's form from this script</source>
        <translation>用此脚本填写“生成”页的表单</translation>
    </message>
    <message>
        <source>Cop&amp;y</source>
        <translation>复制(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy the corrected overrides (Ctrl+Shift+C)</source>
        <translation>复制修正后的覆盖参数（Ctrl+Shift+C）</translation>
    </message>
    <message>
        <source>verl version</source>
        <translation>verl 版本</translation>
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
        <extracomment>The first entry of the level list; %1 is the level verl uses when none is given</extracomment>
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
        <source>Correct the verl version first: the keys depend on it.</source>
        <translation>请先改正 verl 版本：键取决于版本。</translation>
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
        <source>Tensor (numbered as in the table)</source>
        <translation>张量（编号与下表一致）</translation>
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
</TS>
