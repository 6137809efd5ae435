// Every shape of the bucket assertion users paste: real messages from verl issues, wrapped, prefixed.
#include <QTest>

#include "bucket/assertionparser.h"

using namespace Qt::StringLiterals;
using vna::bucket::Shape;

class TestAssertionParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void variants_data();
    void variants();
    void duplicatesAndOrder();
    void failures_data();
    void failures();
    void hugeLogInWindows();
};

void TestAssertionParser::variants_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<qulonglong>("bucket"); // 0: not in the message
    QTest::addColumn<qsizetype>("line");

    // The FAQ (seed Q3), two lines as printed there.
    QTest::addRow("FAQ example") << u"AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
                                    u"torch.float32) is too large to fit in the bucket.\n"
                                    u"Please increase rollout.update_weights_bucket_megabytes(2048 MB)."_s
                                 << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 2048ULL
                                 << qsizetype(1);
    // verl issue #5779: no space before "Please".
    QTest::addRow("issue 5779, glued sentences")
        << u"AssertionError: Weight model.language_model.embed_tokens.weight(torch.Size([248320, 5120]), "
           u"torch.bfloat16) is too large to fit in the bucket.Please increase "
           u"rollout.update_weights_bucket_megabytes(2048 MB)"_s
        << u"model.language_model.embed_tokens.weight"_s << Shape{248320, 5120} << u"BF16"_s << 2048ULL << qsizetype(1);
    // HCCL/NCCL engines: no "Please increase" sentence at all.
    QTest::addRow("engine message without Please")
        << u"    assert offset + weight.nbytes <= bucket_size, (\n"
           u"AssertionError: Weight lm_head.weight(torch.Size([152064, 8192]), torch.bfloat16) is too large to fit in "
           u"the bucket."_s
        << u"lm_head.weight"_s << Shape{152064, 8192} << u"BF16"_s << 0ULL << qsizetype(2);
    QTest::addRow("wrapped inside the shape")
        << u"AssertionError: Weight model.embed_tokens.weight(torch.Size([151936,\n 4096]), torch.float32) is too\n"
           u"large to fit in the bucket."_s
        << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 0ULL << qsizetype(1);
    QTest::addRow("hard-wrapped inside the name")
        << u"AssertionError: Weight model.embed_to\nkens.weight(torch.Size([151936, 4096]), torch.float32) is too "
           u"large to fit in the bucket."_s
        << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 0ULL << qsizetype(1);
    QTest::addRow("Ray worker prefix on every line")
        << u"(WorkerDict pid=23817, ip=10.0.0.5) Traceback (most recent call last):\n"
           u"(WorkerDict pid=23817, ip=10.0.0.5) AssertionError: Weight model.embed_tokens.weight(torch.Size([152064,\n"
           u"(WorkerDict pid=23817, ip=10.0.0.5)  3584]), torch.float32) is too large to fit in the bucket.Please "
           u"increase rollout.update_weights_bucket_megabytes(512 MB)."_s
        << u"model.embed_tokens.weight"_s << Shape{152064, 3584} << u"F32"_s << 512ULL << qsizetype(2);
    QTest::addRow("CRLF line ends")
        << u"x\r\nAssertionError: Weight w(torch.Size([1024, 1024]), torch.float16) is too large to fit in the "
           u"bucket.\r\nPlease increase rollout.update_weights_bucket_megabytes(1 MB).\r\n"_s
        << u"w"_s << Shape{1024, 1024} << u"F16"_s << 1ULL << qsizetype(2);
    QTest::addRow("shape without torch.Size")
        << u"Weight model.embed_tokens.weight([151936, 4096], torch.float32) is too large to fit in the bucket."_s
        << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 0ULL << qsizetype(1);
    QTest::addRow("dtype without torch.")
        << u"Weight a.b(torch.Size([8, 8]), bfloat16) is too large to fit in the bucket."_s << u"a.b"_s << Shape{8, 8}
        << u"BF16"_s << 0ULL << qsizetype(1);
    // The FAQ's Q3 pasted whole (verl v0.9.0 docs/ascend_tutorial/faq/faq.rst:80-89): its heading also says
    // "Weight ... is too large to fit in the bucket", which must not run into the tensor's name.
    QTest::addRow("FAQ section pasted whole")
        << u"### Q3： \"AssertionError: Weight ... is too large to fit in the "
           u"bucket\"\n\n**问题现象**：在分布式训练权重同步"
           u"时，出现如下错误：\n\n.. code-block:: text\n\n   AssertionError: Weight "
           u"model.embed_tokens.weight(torch.Size(["
           u"151936, 4096]), torch.float32) is too large to fit in the bucket.\n   Please increase "
           u"rollout.update_weights_bucket_megabytes(2048 MB).\n"_s
        << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 2048ULL << qsizetype(7);
    QTest::addRow("buried in a log") << u"step 1\nstep 2\nINFO ok\nE AssertionError: Weight model.embed_tokens.weight("
                                        u"torch.Size([151936, 4096]), torch.float32) is too large to fit in the "
                                        u"bucket.\nstep 5"_s
                                     << u"model.embed_tokens.weight"_s << Shape{151936, 4096} << u"F32"_s << 0ULL
                                     << qsizetype(4);
}

void TestAssertionParser::variants()
{
    QFETCH(QString, text);
    QFETCH(QString, name);
    QFETCH(Shape, shape);
    QFETCH(QString, dtype);
    QFETCH(qulonglong, bucket);
    QFETCH(qsizetype, line);

    const auto matches = vna::bucket::parseAssertions(text);
    QVERIFY2(matches.ok(), qPrintable(matches.ok() ? QString() : matches.error().message));
    QCOMPARE(matches->size(), 1);
    const auto &match = matches->first();
    QCOMPARE(match.tensor.name, name);
    QCOMPARE(match.tensor.shape, shape);
    QCOMPARE(match.tensor.dtype.safetensors, dtype);
    QCOMPARE(match.bucketMiB.value_or(0), bucket);
    QCOMPARE(match.line, line);
    if (bucket)
        QCOMPARE(match.keyNamed, u"rollout.update_weights_bucket_megabytes"_s);
}

void TestAssertionParser::duplicatesAndOrder()
{
    const QString small = u"Weight small(torch.Size([10, 10]), torch.float32) is too large to fit in the bucket."_s;
    const QString big = u"Weight big(torch.Size([1000, 1000]), torch.float32) is too large to fit in the bucket."_s;
    const auto matches = vna::bucket::parseAssertions(small + u'\n' + big + u'\n' + big + u'\n' + big);
    QVERIFY(matches.ok());
    QCOMPARE(matches->size(), 2);
    QCOMPARE(matches->at(0).tensor.name, u"big"_s);
    QCOMPARE(matches->at(0).occurrences, 3);
    QCOMPARE(matches->at(0).line, qsizetype(2));
    QCOMPARE(matches->at(1).tensor.name, u"small"_s);
}

void TestAssertionParser::failures_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<qsizetype>("position");

    QTest::addRow("empty") << QString() << u"No \"Weight"_s << qsizetype(-1);
    QTest::addRow("unrelated log") << u"CUDA out of memory\nKilled"_s << u"No \"Weight"_s << qsizetype(-1);
    QTest::addRow("shape cut off") << u"ok\nAssertionError: Weight x(torch.Size([151936, is too large to fit in the "
                                      u"bucket."_s
                                   << u"Line 2"_s << qsizetype(2);
    QTest::addRow("unknown dtype")
        << u"Weight x(torch.Size([1, 2]), torch.float33) is too large to fit in the bucket."_s << u"Line 1"_s
        << qsizetype(1);
    QTest::addRow("overflowing shape")
        << u"Weight x(torch.Size([99999999999, 99999999999]), torch.float32) is too large to fit in the bucket."_s
        << u"Line 1"_s << qsizetype(1);
}

void TestAssertionParser::failures()
{
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    QFETCH(qsizetype, position);
    const auto matches = vna::bucket::parseAssertions(text);
    QVERIFY(!matches.ok());
    QCOMPARE(matches.error().position, position);
    QVERIFY2(matches.error().message.contains(mentions), qPrintable(matches.error().message));
}

void TestAssertionParser::hugeLogInWindows()
{
    // Messages far apart, near window edges, in a log longer than several scan windows.
    vna::bucket::AssertionScanner scanner;
    qsizetype line = 0;
    QList<qsizetype> where;
    for (int i = 0; i < 9000; ++i) {
        ++line;
        if (i == 1959 || i == 4000 || i == 8999) {
            // Wrapped over two lines, starting just before a window boundary in one case.
            scanner.addLine(u"AssertionError: Weight t%1(torch.Size([%2,"_s.arg(i).arg(1000 + i));
            ++line;
            scanner.addLine(u" 64]), torch.float32) is too large to fit in the bucket."_s);
            where << line - 1;
        } else {
            scanner.addLine(u"(TaskRunner pid=1) step %1 loss 0.5"_s.arg(i));
        }
    }
    const auto matches = scanner.finish();
    QVERIFY(matches.ok());
    QCOMPARE(matches->size(), 3);
    QList<qsizetype> lines;
    for (const auto &m : *matches)
        lines << m.line;
    std::sort(lines.begin(), lines.end());
    QCOMPARE(lines, where);
}

QTEST_GUILESS_MAIN(TestAssertionParser)
#include "tst_assertionparser.moc"
