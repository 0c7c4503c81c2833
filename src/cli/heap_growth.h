// How the program's heap takes memory from the kernel: the novelbind binary's own concern (its
// allocator, tcmalloc, is linked into it alone). tcmalloc asks for the allocator below at its
// first request for memory, before main (heap_growth.cc, tc_get_sysalloc_override); main makes
// sure of it before any work.
#pragma once

namespace novelbind {

// Makes tcmalloc take memory from the kernel in whole 2 MiB pages, 2 MiB-aligned and marked
// for transparent huge pages (madvise MADV_HUGEPAGE; Debian's kernels offer them to memory that
// asks), instead of 4 KiB pages each made present by a page fault at its first touch. The
// pipeline's memory is fresh and written at once (a file's text, a chapter's XHTML, the bigram
// table): on the development machine, a virtual machine where a first touch costs about 13 us,
// the 10M-character book took 20,600 page faults. Where the kernel offers no huge pages, each
// chunk is made present at once instead (MADV_POPULATE_WRITE, Linux 5.14 and later: about 7 us
// a page). Does nothing where the allocator cannot (the sanitizer builds bring their own).
void grow_heap_in_huge_pages();

}  // namespace novelbind
