// A small work pool for the per-chapter stages.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace novelbind {

// Number of worker threads for `jobs` (0 = number of cores).
int resolve_jobs(int jobs);

// Calls fn(i) for every i in [0, n) on up to `jobs` threads; returns when all are done.
// fn must not throw.
void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& fn);

// Items [0, n) added up in parts: two halves, one on each core, when there are at least
// `min_for_two` of them (else one part); `add(part, i)` adds item i to its part. The caller
// adds the parts together: for counts, whose sum does not depend on the order.
template <typename Part, typename Add>
std::vector<Part> add_up_in_halves(std::size_t n, std::size_t min_for_two, Add add) {
  const std::size_t halves = n >= min_for_two ? 2 : 1;
  std::vector<Part> parts(halves);
  parallel_for(halves, 0, [&](std::size_t h) {
    for (std::size_t i = n * h / halves; i < n * (h + 1) / halves; ++i) add(parts[h], i);
  });
  return parts;
}

}  // namespace novelbind
