// Hashing what a result was made from: ContentHash (a 128-bit XXH3 hash of fields, bytes and
// files) and FileStamp (enough of stat() to tell that a file has not changed since it was
// hashed). The build cache keys its entries with them; an archive's checksum is one too.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace novelbind {

// What stat() says of a file, enough to tell that it has not changed since it was hashed
// (as git's index does): device, inode, size, and modification and change times.
struct FileStamp {
  std::uint64_t device = 0, inode = 0, size = 0;
  std::int64_t modified_ns = 0, changed_ns = 0;
  bool operator==(const FileStamp&) const = default;
};
// The stamp of `path`; nullopt when it cannot be stat'ed or is not a regular file.
std::optional<FileStamp> stamp_file(const std::filesystem::path& path);

// A 128-bit XXH3 hash of everything fed to it, as 32 hex digits.
class ContentHash {
 public:
  ContentHash();
  ~ContentHash();
  ContentHash(const ContentHash&) = delete;
  ContentHash& operator=(const ContentHash&) = delete;
  // Adds a length-prefixed field, so ("ab","c") and ("a","bc") differ.
  ContentHash& add(std::string_view field);
  ContentHash& add(std::int64_t number);
  // Adds bytes as they are, without a length prefix: a key made only of these is the checksum
  // of the stream they make (as put_file stores it).
  ContentHash& add_bytes(std::string_view bytes);
  // Adds a file's bytes, streamed (never held whole in memory); false when it cannot be read.
  // `stamp`, when given, receives the file's stamp as read while hashing it.
  bool add_file(const std::filesystem::path& path, FileStamp* stamp = nullptr);
  std::string hex() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The 128-bit XXH3 hash of `bytes` as 32 hex digits (what ContentHash().add_bytes(bytes).hex()
// gives, without its state).
std::string hash_hex(std::string_view bytes);

}  // namespace novelbind
