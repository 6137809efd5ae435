#include "parallel.h"

#include <QFuture>
#include <QList>
#include <QThreadPool>
#include <QtConcurrent>

namespace vna {

void forEachBounded(qsizetype count, int jobs, const std::function<void(qsizetype)> &work)
{
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, static_cast<int>(std::min<qsizetype>(jobs, count))));
    QList<QFuture<void>> futures;
    futures.reserve(count);
    for (qsizetype i = 0; i < count; ++i)
        futures.append(QtConcurrent::run(&pool, [&work, i] { work(i); }));
    for (QFuture<void> &future : futures)
        future.waitForFinished();
}

} // namespace vna
