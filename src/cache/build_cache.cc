#include "cache/build_cache.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cstring>

#include "base/file_bytes.h"
#include "base/temp_files.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

constexpr std::string_view kCacheMagic = "NBC1";  // bump when the entry format changes

std::string checksum(std::string_view payload) {
  return hash_hex(payload);
}

// Bytes `at` to `end` of the open file `fd`, handed to `piece` in order through one buffer (a
// thread's own); false when the file cannot be read or ends sooner.
bool read_pieces(int fd, size_t at, size_t end,
                 const std::function<void(std::string_view)>& piece) {
  static thread_local std::string buffer(1 << 20, '\0');
  while (at < end) {
    ssize_t n =
        ::pread(fd, buffer.data(), std::min(buffer.size(), end - at), static_cast<off_t>(at));
    if (n <= 0) return false;
    piece(std::string_view(buffer.data(), static_cast<size_t>(n)));
    at += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

Result<std::shared_ptr<BuildCache>> BuildCache::open(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec) || access(dir.c_str(), W_OK) != 0) {
    return Status::Error(dir.string() + ": cannot use this folder as the build cache (" +
                         (ec ? ec.message() : std::string("not writable")) +
                         "); choose another --cache");
  }
  auto cache = std::make_shared<BuildCache>();
  cache->dir_ = dir;
  // Temporary entries of a build that was killed (an interrupted one removes its own).
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code ignored;
    if (it->is_directory(ignored)) remove_stale_temp_files(it->path());
  }
  return cache;
}

std::optional<std::string> BuildCache::get(std::string_view kind, const std::string& key) const {
  fs::path path = dir_ / kind / key;
  std::optional<std::string> read = read_file_bytes(path);
  if (!read) {
    ++stats_->misses;
    return std::nullopt;
  }
  std::string& data = *read;
  size_t header = kCacheMagic.size() + 32;
  if (data.size() < header || data.compare(0, kCacheMagic.size(), kCacheMagic) != 0 ||
      data.compare(kCacheMagic.size(), 32, checksum(std::string_view(data).substr(header))) != 0) {
    ++stats_->corrupt;
    ++stats_->misses;
    return std::nullopt;
  }
  ++stats_->hits;
  data.erase(0, header);
  return std::move(data);
}

std::string file_checksum(const fs::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  ContentHash sum;
  struct stat st;
  bool ok =
      fstat(fd, &st) == 0 && read_pieces(fd, 0, static_cast<size_t>(st.st_size),
                                         [&sum](std::string_view piece) { sum.add_bytes(piece); });
  ::close(fd);
  return ok ? sum.hex() : "";
}

void BuildCache::put_file(std::string_view kind, const std::string& key, const fs::path& source,
                          const std::string& checksum) const {
  std::error_code ec;
  fs::path folder = dir_ / kind;
  fs::create_directories(folder, ec);
  std::string sum = checksum.empty() ? file_checksum(source) : checksum;
  if (sum.empty()) return;
  fs::path tmp = folder / temp_name(key, false);
  TempFileGuard guard(tmp);
  fs::remove(tmp, ec);
  // A copy (a reflink where the file system offers one), never a second name for the output:
  // an output edited in place by the user must leave the cache entry as it was.
  if (!copy_file_contents(source, guard)) return;
  fs::rename(tmp, folder / key, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return;
  }
  put(kind, key + ".sum", sum);
}

void BuildCache::erase_file(std::string_view kind, const std::string& key) const {
  std::error_code ec;
  fs::remove(dir_ / kind / (key + ".sum"), ec);
  fs::remove(dir_ / kind / key, ec);
}

std::optional<fs::path> BuildCache::get_file(std::string_view kind, const std::string& key) const {
  std::optional<std::string> sum = get(kind, key + ".sum");
  if (!sum) return std::nullopt;
  fs::path path = dir_ / kind / key;
  if (file_checksum(path) != *sum) {
    --stats_->hits;  // the checksum entry was found, the file it vouches for was not right
    ++stats_->misses;
    ++stats_->corrupt;
    return std::nullopt;
  }
  return path;
}

void BuildCache::put(std::string_view kind, const std::string& key,
                     std::string_view payload) const {
  put(kind, key, std::vector<std::string_view>{payload});
}

void BuildCache::put(std::string_view kind, const std::string& key,
                     const std::vector<std::string_view>& pieces) const {
  std::unique_ptr<EntryWriter> writer = write(kind, key);
  if (!writer) return;
  for (std::string_view piece : pieces) writer->append(piece);
  writer->commit();
}

MappedEntry::~MappedEntry() {
  if (address_) munmap(address_, size_);
}

void MappedEntry::release() const {
  // A private mapping never written to: its pages are the file's, so dropping them loses nothing.
  if (address_) madvise(address_, size_, MADV_DONTNEED);
}

std::shared_ptr<const MappedEntry> BuildCache::map(std::string_view kind, const std::string& key,
                                                   bool verify, const PayloadScan& scan) const {
  fs::path path = dir_ / kind / key;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    ++stats_->misses;
    return nullptr;
  }
  struct stat st;
  void* address = nullptr;
  std::size_t size = 0;
  const size_t header = kCacheMagic.size() + 32;
  char head[header];
  bool whole = fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) >= header &&
               ::pread(fd, head, header, 0) == static_cast<ssize_t>(header) &&
               std::string_view(head, kCacheMagic.size()) == kCacheMagic;
  if (whole) {
    size = static_cast<std::size_t>(st.st_size);
    address = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (address == MAP_FAILED) address = nullptr;
    whole = address != nullptr;
  }
  if (whole && (verify || scan)) {
    // Read, not touched through the mapping: the pages stay out of this process's memory.
    ContentHash sum;
    whole = read_pieces(fd, header, size, [&](std::string_view piece) {
      if (verify) sum.add_bytes(piece);
      if (scan) scan(piece);
    });
    if (verify && whole) whole = std::string_view(head + kCacheMagic.size(), 32) == sum.hex();
  }
  ::close(fd);
  if (!whole) {
    if (address) munmap(address, size);
    ++stats_->corrupt;
    ++stats_->misses;
    return nullptr;
  }
  ++stats_->hits;
  return std::make_shared<MappedEntry>(
      address, size, std::string_view(static_cast<const char*>(address), size).substr(header));
}

EntryWriter::EntryWriter(const fs::path& tmp, fs::path final_path)
    : final_(std::move(final_path)), guard_(tmp) {
  int fd = guard_.open(O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return;
  file_ = fdopen(fd, "wb");
  if (!file_) {
    ::close(fd);
    return;
  }
  std::fwrite(kCacheMagic.data(), 1, kCacheMagic.size(), file_);
  std::fwrite(std::string(32, '0').data(), 1, 32, file_);  // the checksum, at commit()
}

EntryWriter::~EntryWriter() {
  if (file_) {
    std::fclose(file_);
    std::error_code ec;
    fs::remove(guard_.path(), ec);
  }
}

void EntryWriter::append(std::string_view piece) {
  if (!file_) return;
  hash_.add_bytes(piece);
  std::fwrite(piece.data(), 1, piece.size(), file_);
}

void EntryWriter::commit() {
  if (!file_) return;
  std::string sum = hash_.hex();
  bool ok = std::fseek(file_, static_cast<long>(kCacheMagic.size()), SEEK_SET) == 0 &&
            std::fwrite(sum.data(), 1, sum.size(), file_) == sum.size() && !std::ferror(file_);
  ok &= std::fclose(file_) == 0;
  file_ = nullptr;
  std::error_code ec;
  if (ok) fs::rename(guard_.path(), final_, ec);
  if (!ok || ec) fs::remove(guard_.path(), ec);
}

std::unique_ptr<EntryWriter> BuildCache::write(std::string_view kind,
                                               const std::string& key) const {
  std::error_code ec;
  fs::path folder = dir_ / kind;
  fs::create_directories(folder, ec);
  auto writer = std::make_unique<EntryWriter>(folder / temp_name(key, false), folder / key);
  if (!writer->opened()) return nullptr;
  return writer;
}

}  // namespace novelbind
