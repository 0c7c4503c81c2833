// Reading an archive nobody vouches for (an EPUB to check, or one given as input): entries are
// read one at a time, within limits, so that a forged or damaged archive costs neither memory
// nor time. `check` (package/check.h) and the EPUB input (ingest/epub_source.h) share it.
#pragma once

#include <zip.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

// An entry whose declared size is above `max_entry_bytes`, whose declared size is more than
// `max_ratio` times its compressed size (deflate cannot give more than about 1032), or that
// would take the entries read past `max_total_bytes` is refused with a problem naming it and
// never allocated. Memory stays near one entry's size.
struct ZipLimits {
  std::uint64_t max_entry_bytes = 256ull << 20;
  std::uint64_t max_total_bytes = 4ull << 30;
  std::uint64_t max_ratio = 1100;
};

// An archive opened for reading (from a file or from bytes in memory); closed when it goes.
class ZipArchive {
 public:
  // nullopt when the bytes are not a ZIP archive libzip can open.
  static std::optional<ZipArchive> open(const std::filesystem::path& path);
  static std::optional<ZipArchive> open_bytes(std::string_view bytes);  // bytes must outlive it
  ZipArchive(ZipArchive&& other) noexcept : za_(other.za_) { other.za_ = nullptr; }
  ZipArchive& operator=(ZipArchive&&) = delete;
  ~ZipArchive();

  zip_t* get() const { return za_; }
  // The entries' names in archive order.
  std::vector<std::string> names() const;

 private:
  explicit ZipArchive(zip_t* za) : za_(za) {}
  zip_t* za_;
};

// Reads the entries of an archive one at a time, within ZipLimits. Each problem (an entry
// refused or unreadable) is said once in `problems`, as "NAME: what is wrong".
class EntryReader {
 public:
  EntryReader(zip_t* za, const ZipLimits& limits, std::vector<std::string>* problems)
      : za_(za), limits_(limits), problems_(problems) {}

  // The entry's bytes; nullopt (with the problem said) when it cannot be read or its sizes
  // do not add up. Each entry is judged (and its problem said) once.
  std::optional<std::string> read(zip_uint64_t index);
  // The same by name; nullopt without a problem when there is no such entry.
  std::optional<std::string> read(const std::string& name);

 private:
  zip_t* za_;
  ZipLimits limits_;
  std::vector<std::string>* problems_;
  std::set<zip_uint64_t> refused_;
  zip_uint64_t total_ = 0;
};

// `href` (relative to the entry `base`, as a package document or XHTML file writes it) as a
// path in the archive: percent-escapes decoded, the fragment dropped, "." and ".." resolved.
std::string resolve_href(const std::string& base, std::string href);

// The fragment of `href` (after '#'), percent-escapes decoded; "" when none.
std::string href_fragment(const std::string& href);

}  // namespace novelbind
