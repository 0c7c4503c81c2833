// A small work pool for the per-chapter stages.
#pragma once

#include <cstddef>
#include <functional>

namespace novelbind {

// Number of worker threads for `jobs` (0 = number of cores).
int resolve_jobs(int jobs);

// Calls fn(i) for every i in [0, n) on up to `jobs` threads; returns when all are done.
// fn must not throw.
void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& fn);

}  // namespace novelbind
