#include "cli/heap_growth.h"

#if defined(NOVELBIND_TCMALLOC)
#include <gperftools/malloc_extension.h>
#include <sys/mman.h>
#endif

namespace novelbind {

#if defined(NOVELBIND_TCMALLOC) && defined(MADV_POPULATE_WRITE)

namespace {

// tcmalloc's own way to the kernel (sbrk, else mmap), then the chunk made present. tcmalloc
// calls it with its page heap locked, as it does the allocator it wraps.
class PopulatingAllocator : public SysAllocator {
 public:
  explicit PopulatingAllocator(SysAllocator* next) : next_(next) {}
  void* Alloc(size_t size, size_t* actual_size, size_t alignment) override {
    void* p = next_->Alloc(size, actual_size, alignment);
    // An older kernel says EINVAL: the pages then come one fault at a time, as before.
    if (p) madvise(p, *actual_size, MADV_POPULATE_WRITE);
    return p;
  }

 private:
  SysAllocator* next_;
};

}  // namespace

void populate_heap_growth() {
  MallocExtension* heap = MallocExtension::instance();
  SysAllocator* next = heap->GetSystemAllocator();
  if (!next) return;
  static PopulatingAllocator populating(next);  // lives as long as the heap
  heap->SetSystemAllocator(&populating);
}

#else

void populate_heap_growth() {}

#endif

}  // namespace novelbind
