#include "cli/heap_growth.h"

#if defined(NOVELBIND_TCMALLOC)
#include <fcntl.h>
#include <gperftools/malloc_extension.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>
#include <string_view>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14's value, for older headers; older kernels refuse it
#endif

namespace novelbind {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;

// Whether the kernel gives transparent huge pages to memory that asks for them: "[always]" or
// "[madvise]" in its setting ("[never]", or no such file: it does not).
bool huge_pages_offered() {
  int fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buffer[128];
  ssize_t n = read(fd, buffer, sizeof buffer);
  close(fd);
  std::string_view modes(buffer, n > 0 ? static_cast<size_t>(n) : 0);
  return modes.find("[always]") != std::string_view::npos ||
         modes.find("[madvise]") != std::string_view::npos;
}

// Chunks of whole 2 MiB pages, mapped here; tcmalloc's own allocator, which this wraps, takes
// what it cannot (an alignment above 2 MiB, a failed mapping). tcmalloc calls it with its page
// heap locked.
class HugePageAllocator : public SysAllocator {
 public:
  HugePageAllocator(SysAllocator* next, bool huge) : next_(next), huge_(huge) {}
  void* Alloc(size_t size, size_t* actual_size, size_t alignment) override {
    if (alignment > kHugePage || size > SIZE_MAX / 2)
      return next_->Alloc(size, actual_size, alignment);
    const size_t rounded = (size + kHugePage - 1) / kHugePage * kHugePage;
    void* mapped = mmap(nullptr, rounded + kHugePage, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return next_->Alloc(size, actual_size, alignment);
    // On a 2 MiB boundary; the slack before and after goes back.
    const auto raw = reinterpret_cast<std::uintptr_t>(mapped);
    const std::uintptr_t start = (raw + kHugePage - 1) / kHugePage * kHugePage;
    const std::uintptr_t end = start + rounded;
    if (start > raw) munmap(mapped, start - raw);
    if (end < raw + rounded + kHugePage)
      munmap(reinterpret_cast<void*>(end), raw + rounded + kHugePage - end);
    void* p = reinterpret_cast<void*>(start);
    if (huge_)
      madvise(p, rounded, MADV_HUGEPAGE);
    else  // Linux 5.14 and later; an older kernel says EINVAL, and the pages come as touched
      madvise(p, rounded, MADV_POPULATE_WRITE);
    *actual_size = rounded;
    return p;
  }

 private:
  SysAllocator* next_;
  bool huge_;
};

// The one allocator, made on first use in storage of its own: tcmalloc asks for it before the
// program's static objects are constructed (see tc_get_sysalloc_override below).
HugePageAllocator* huge_page_allocator(SysAllocator* next) {
  alignas(HugePageAllocator) static unsigned char storage[sizeof(HugePageAllocator)];
  static HugePageAllocator* made = nullptr;
  if (!made) made = new (storage) HugePageAllocator(next, huge_pages_offered());
  return made;
}

// tcmalloc's static data made present in one call (MADV_POPULATE_WRITE) before it starts: its
// page heap, 1.7 MB of zero-initialised data (.bss) that its constructor zeroes again, page by
// page: about 420 page faults at every start. Made present at once, they cost about 3.5 ms less
// (`novelbind --version` 838 -> 416 page faults). The library is the loaded object whose code
// holds tcmalloc's functions; its .bss is what its writable segment holds beyond the file's
// bytes.
int populate_allocator_data(dl_phdr_info* object, size_t, void* code) {
  const auto address = reinterpret_cast<ElfW(Addr)>(code);
  bool holds = false;
  for (int i = 0; i < object->dlpi_phnum && !holds; ++i) {
    const ElfW(Phdr)& segment = object->dlpi_phdr[i];
    const ElfW(Addr) start = object->dlpi_addr + segment.p_vaddr;
    holds = segment.p_type == PT_LOAD && address >= start && address < start + segment.p_memsz;
  }
  if (!holds || object->dlpi_name == nullptr || object->dlpi_name[0] == '\0') return 0;
  const ElfW(Addr) page = static_cast<ElfW(Addr)>(sysconf(_SC_PAGESIZE));
  for (int i = 0; i < object->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = object->dlpi_phdr[i];
    if (segment.p_type != PT_LOAD || !(segment.p_flags & PF_W) ||
        segment.p_memsz <= segment.p_filesz)
      continue;
    const ElfW(Addr) zeroed = object->dlpi_addr + segment.p_vaddr + segment.p_filesz;
    const ElfW(Addr) first = (zeroed + page - 1) / page * page;  // the file's last page is not
    const ElfW(Addr) end =
        (object->dlpi_addr + segment.p_vaddr + segment.p_memsz + page - 1) / page * page;
    if (end > first) madvise(reinterpret_cast<void*>(first), end - first, MADV_POPULATE_WRITE);
  }
  return 1;
}

// Run by the dynamic loader before any library's initialisation (the executable's
// .preinit_array), so before tcmalloc's first allocation.
void populate_before_start(int, char**, char**) {
  dl_iterate_phdr(populate_allocator_data, reinterpret_cast<void*>(&MallocExtension::instance));
}

__attribute__((section(".preinit_array"),
               used)) void (*populate_at_start)(int, char**, char**) = populate_before_start;

}  // namespace

void grow_heap_in_huge_pages() {
  MallocExtension* heap = MallocExtension::instance();
  SysAllocator* current = heap->GetSystemAllocator();
  if (!current) return;
  HugePageAllocator* ours = huge_page_allocator(current);
  if (current != ours) heap->SetSystemAllocator(ours);  // when tcmalloc did not ask (below)
}

}  // namespace novelbind

// tcmalloc's hook for the system allocator, called once, at its first request for memory from
// the kernel: a weak function of libtcmalloc that it calls through the dynamic linker, so this
// definition in the executable takes its place. With it, the chunks tcmalloc takes while the
// libraries start, before main, come in huge pages too: among them its page map's first leaf,
// 2 MB that tcmalloc zeroes although the kernel hands out zeroed memory (`novelbind --version`
// took 1,442 page faults, 838 with this; the static data above made it 416).
// Called with tcmalloc's allocator lock held, before static constructors run: it allocates
// nothing.
SysAllocator* tc_get_sysalloc_override(SysAllocator* def);
SysAllocator* tc_get_sysalloc_override(SysAllocator* def) {
  return novelbind::huge_page_allocator(def);
}

#else

namespace novelbind {

void grow_heap_in_huge_pages() {}

}  // namespace novelbind

#endif
