#include "build_cache.h"

#include <unistd.h>
#include <xxhash.h>
#include <cstring>
#include <fstream>
#include <sstream>

#include "file_bytes.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

constexpr std::string_view kMagic = "NBC1";  // bump when the entry format changes

std::string hex128(XXH128_hash_t h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

std::string checksum(std::string_view payload) {
  return hex128(XXH3_128bits(payload.data(), payload.size()));
}

}  // namespace

struct CacheKey::State {
  XXH3_state_t* xxh = XXH3_createState();
  ~State() { XXH3_freeState(xxh); }
};

CacheKey::CacheKey() : state_(std::make_unique<State>()) {
  XXH3_128bits_reset(state_->xxh);
}
CacheKey::~CacheKey() = default;

CacheKey& CacheKey::add(std::string_view field) {
  std::uint64_t size = field.size();
  XXH3_128bits_update(state_->xxh, &size, sizeof size);
  XXH3_128bits_update(state_->xxh, field.data(), field.size());
  return *this;
}

CacheKey& CacheKey::add(std::int64_t number) {
  return add(std::string_view(reinterpret_cast<const char*>(&number), sizeof number));
}

bool CacheKey::add_file(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  static thread_local std::string buffer(1 << 16, '\0');
  std::uint64_t total = 0;
  for (size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), f)) > 0;) {
    XXH3_128bits_update(state_->xxh, buffer.data(), n);
    total += n;
  }
  bool ok = std::ferror(f) == 0;
  std::fclose(f);
  add(static_cast<std::int64_t>(total));  // ends the field, as add()'s length prefix would
  return ok;
}

std::string CacheKey::hex() const {
  return hex128(XXH3_128bits_digest(state_->xxh));
}

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
  size_t header = kMagic.size() + 32;
  if (data.size() < header || data.compare(0, kMagic.size(), kMagic) != 0 ||
      data.compare(kMagic.size(), 32, checksum(std::string_view(data).substr(header))) != 0) {
    ++stats_->corrupt;
    ++stats_->misses;
    return std::nullopt;
  }
  ++stats_->hits;
  data.erase(0, header);
  return std::move(data);
}

namespace {

// XXH3-128 of a file's bytes, streamed; "" when it cannot be read.
std::string file_checksum(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return "";
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  static thread_local std::string buffer(1 << 16, '\0');
  for (size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), f)) > 0;)
    XXH3_128bits_update(state, buffer.data(), n);
  bool ok = std::ferror(f) == 0;
  std::fclose(f);
  std::string sum = ok ? hex128(XXH3_128bits_digest(state)) : "";
  XXH3_freeState(state);
  return sum;
}

}  // namespace

void BuildCache::put_file(std::string_view kind, const std::string& key,
                          const fs::path& source) const {
  std::error_code ec;
  fs::path folder = dir_ / kind;
  fs::create_directories(folder, ec);
  std::string sum = file_checksum(source);
  if (sum.empty()) return;
  fs::path tmp = folder / (key + ".tmp" + std::to_string(getpid()));
  fs::copy_file(source, tmp, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::rename(tmp, folder / key, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return;
  }
  put(kind, key + ".sum", sum);
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
  std::error_code ec;
  fs::path folder = dir_ / kind;
  fs::create_directories(folder, ec);
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  for (std::string_view piece : pieces) XXH3_128bits_update(state, piece.data(), piece.size());
  std::string sum = hex128(XXH3_128bits_digest(state));
  XXH3_freeState(state);
  std::string tmp_name = key;
  tmp_name += ".tmp";
  tmp_name += std::to_string(getpid());
  fs::path tmp = folder / tmp_name;
  {
    std::ofstream out(tmp, std::ios::binary);
    out << kMagic << sum;
    for (std::string_view piece : pieces)
      out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
    if (!out) {
      fs::remove(tmp, ec);
      return;
    }
  }
  fs::rename(tmp, folder / key, ec);
  if (ec) fs::remove(tmp, ec);
}

}  // namespace novelbind
