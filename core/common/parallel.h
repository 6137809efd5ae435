// Running one piece of work per item on worker threads, at most `jobs` at a time, and waiting for
// all of them: the shape of every "on each node" operation.
#pragma once

#include <functional>

#include <QtGlobal>

namespace vna {

// Calls work(0) … work(count - 1) on a private thread pool of min(jobs, count) threads; returns
// when every call has returned. Calls for different indices may run at the same time.
void forEachBounded(qsizetype count, int jobs, const std::function<void(qsizetype)> &work);

} // namespace vna
