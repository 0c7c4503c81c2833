#include "cache/code_identity.h"

#include <elf.h>
#include <link.h>

#include <string>

namespace novelbind {
namespace {

// The NT_GNU_BUILD_ID note of the main program (the first object dl_iterate_phdr reports).
int find_build_id(struct dl_phdr_info* info, size_t, void* data) {
  auto* out = static_cast<std::string*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* at = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = at + ph.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(at);
      const char* name = at + sizeof(ElfW(Nhdr));
      const char* desc = name + ((note->n_namesz + 3) & ~3u);
      if (desc + note->n_descsz > end) break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::string_view(name, 3) == "GNU") {
        static const char kHex[] = "0123456789abcdef";
        for (unsigned j = 0; j < note->n_descsz; ++j) {
          auto byte = static_cast<unsigned char>(desc[j]);
          *out += kHex[byte >> 4];
          *out += kHex[byte & 15];
        }
        return 1;
      }
      at = desc + ((note->n_descsz + 3) & ~3u);
    }
  }
  return 1;  // only the main program
}

}  // namespace

std::string_view code_identity() {
  static const std::string identity = [] {
    std::string build_id;
    dl_iterate_phdr(find_build_id, &build_id);
    std::string s = NOVELBIND_VERSION;
    if (!build_id.empty()) s += "+" + build_id;
    return s;
  }();
  return identity;
}

}  // namespace novelbind
