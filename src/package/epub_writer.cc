#include "package/epub_writer.h"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <zip.h>
#include <zlib.h>
#include <algorithm>
#include <cerrno>

#include <cstring>
#include <ctime>
#include <fstream>
#include <optional>
#include <system_error>

#include "base/file_bytes.h"
#include "base/temp_files.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// MS-DOS date and time of a UTC instant (ZIP has no time zone; UTC keeps TZ out of it).
void dos_time(std::int64_t t, zip_uint16_t* dtime, zip_uint16_t* ddate) {
  if (t < 315532800) t = 315532800;  // 1980-01-01, the first DOS date
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  *dtime = static_cast<zip_uint16_t>((tm.tm_hour << 11) | (tm.tm_min << 5) | (tm.tm_sec / 2));
  *ddate =
      static_cast<zip_uint16_t>(((tm.tm_year - 80) << 9) | ((tm.tm_mon + 1) << 5) | tm.tm_mday);
}

std::string zip_message(zip_t* za) {
  return zip_error_strerror(zip_get_error(za));
}

// A pre-deflated entry (deflate_entry) split into its header fields and raw deflate stream.
struct DeflatedView {
  zip_uint32_t crc = 0;
  zip_uint64_t size = 0;
  std::string_view stream;
};

constexpr char kDeflatedMagic[4] = {'N', 'B', 'D', '1'};
constexpr size_t kDeflatedHeader = 4 + 4 + 8;

std::optional<DeflatedView> parse_deflated(std::string_view blob) {
  if (blob.size() < kDeflatedHeader || blob.compare(0, 4, std::string_view(kDeflatedMagic, 4)))
    return std::nullopt;
  auto byte = [&](size_t i) {
    return static_cast<zip_uint64_t>(static_cast<unsigned char>(blob[i]));
  };
  DeflatedView v;
  for (int i = 0; i < 4; ++i) v.crc |= static_cast<zip_uint32_t>(byte(4 + i) << (8 * i));
  for (int i = 0; i < 8; ++i) v.size |= byte(8 + i) << (8 * i);
  v.stream = blob.substr(kDeflatedHeader);
  return v;
}

// deflate_entry's header for `data`: the magic, then its CRC-32 and size, little-endian.
void put_deflated_header(std::string_view data, std::string* out) {
  out->append(kDeflatedMagic, 4);
  zip_uint32_t crc = static_cast<zip_uint32_t>(crc32(crc32(0, nullptr, 0),
                                                     reinterpret_cast<const Bytef*>(data.data()),
                                                     static_cast<uInt>(data.size())));
  zip_uint64_t size = data.size();
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((crc >> (8 * i)) & 0xff));
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((size >> (8 * i)) & 0xff));
}

// Appends `data` deflated raw (no zlib or gzip wrapper, as a ZIP entry holds it) and ended by
// `flush`: Z_FINISH for a whole stream, Z_SYNC_FLUSH for a piece that others follow. Level 6
// and memory level 9, as libzip uses, so the bytes do not depend on the thread or the run.
bool raw_deflate(std::string_view data, int flush, std::string* out) {
  z_stream z{};
  if (deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY) != Z_OK) return false;
  size_t start = out->size();
  out->resize(start + deflateBound(&z, static_cast<uLong>(data.size())) + 16);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out->data() + start);
  z.avail_out = static_cast<uInt>(out->size() - start);
  int rc = deflate(&z, flush);
  bool whole =
      (flush == Z_FINISH ? rc == Z_STREAM_END : rc == Z_OK) && z.avail_in == 0 && z.avail_out > 0;
  out->resize(start + z.total_out);
  deflateEnd(&z);
  return whole;
}

// A libzip source that hands over an already deflated stream: its stat names the method, both
// sizes and the CRC, so zip_close copies the bytes as they are instead of compressing again.
struct DeflatedSource {
  DeflatedView view;
  zip_uint64_t offset = 0;
  zip_error_t error;
};

zip_int64_t deflated_source_callback(void* state, void* data, zip_uint64_t len,
                                     zip_source_cmd_t cmd) {
  auto* s = static_cast<DeflatedSource*>(state);
  switch (cmd) {
    case ZIP_SOURCE_OPEN:
      s->offset = 0;
      return 0;
    case ZIP_SOURCE_READ: {
      zip_uint64_t left = s->view.stream.size() - s->offset;
      zip_uint64_t n = len < left ? len : left;
      std::memcpy(data, s->view.stream.data() + s->offset, n);
      s->offset += n;
      return static_cast<zip_int64_t>(n);
    }
    case ZIP_SOURCE_CLOSE:
      return 0;
    case ZIP_SOURCE_STAT: {
      auto* st = static_cast<zip_stat_t*>(data);
      zip_stat_init(st);
      st->valid = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC |
                  ZIP_STAT_ENCRYPTION_METHOD;
      st->size = s->view.size;
      st->comp_size = s->view.stream.size();
      st->comp_method = ZIP_CM_DEFLATE;
      st->crc = s->view.crc;
      st->encryption_method = ZIP_EM_NONE;
      return sizeof(*st);
    }
    case ZIP_SOURCE_ERROR:
      return zip_error_to_data(&s->error, data, len);
    case ZIP_SOURCE_FREE:
      zip_error_fini(&s->error);
      delete s;
      return 0;
    case ZIP_SOURCE_SUPPORTS:
      return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE,
                                            ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
    default:
      zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
      return -1;
  }
}

// The same for an entry made on another thread (ZipEntry::later): libzip asks for its stat
// only when it gets to the entry, and that is when the source waits for it.
struct LateSource {
  std::shared_future<Result<SharedBytes>> later;
  DeflatedSource data;
  bool ready = false;
};

zip_int64_t late_source_callback(void* state, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
  auto* s = static_cast<LateSource*>(state);
  if (cmd == ZIP_SOURCE_FREE) {
    zip_error_fini(&s->data.error);
    delete s;
    return 0;
  }
  // Everything but the free goes to the deflated source once the entry is there; what needs
  // no data (the commands it supports, its error) goes there at once.
  if (!s->ready && cmd != ZIP_SOURCE_SUPPORTS && cmd != ZIP_SOURCE_ERROR) {
    std::optional<DeflatedView> view;
    try {  // (a promise broken by its maker would throw here, inside libzip)
      const Result<SharedBytes>& made = s->later.get();
      if (made.ok()) view = parse_deflated(made->view());
    } catch (const std::exception&) {
      view.reset();
    }
    if (!view) {
      zip_error_set(&s->data.error, ZIP_ER_INTERNAL, 0);
      return -1;
    }
    s->data.view = *view;
    s->ready = true;
  }
  return deflated_source_callback(&s->data, data, len, cmd);
}

// A libzip function source over `state` (a DeflatedSource, or a LateSource holding one as
// `data`), whose error is initialised here; nullptr (and `state` deleted) when libzip
// refuses it.
template <typename State>
zip_source_t* function_source(zip_t* za, zip_source_callback callback, State* state,
                              zip_error_t* error) {
  zip_error_init(error);
  zip_source_t* src = zip_source_function(za, callback, state);
  if (!src) {
    zip_error_fini(error);
    delete state;
  }
  return src;
}

zip_source_t* late_source(zip_t* za, std::shared_future<Result<SharedBytes>> later) {
  auto* state = new LateSource{std::move(later), {{}, 0, {}}, false};
  return function_source(za, late_source_callback, state, &state->data.error);
}

zip_source_t* deflated_source(zip_t* za, const DeflatedView& view) {
  auto* state = new DeflatedSource{view, 0, {}};
  return function_source(za, deflated_source_callback, state, &state->error);
}

// The file libzip writes the archive into. libzip writes each entry's local header, its data,
// then seeks back to finish the header; through stdio every such seek flushes a small write.
// This target keeps a window of the file in memory instead and writes it out in large pieces,
// so that a book of thousands of entries costs a few system calls, not tens of thousands.
class FileTarget {
 public:
  explicit FileTarget(int fd) : fd_(fd) { zip_error_init(&error_); }
  ~FileTarget() { zip_error_fini(&error_); }

  static zip_int64_t callback(void* state, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
    return static_cast<FileTarget*>(state)->command(data, len, cmd);
  }
  // The file is complete (zip_close succeeded and every byte reached it).
  bool committed() const { return committed_; }
  // The checksum of the file's bytes (CacheKey::add_bytes), when they went out in order and
  // were never rewritten afterwards; else empty.
  std::string checksum() const { return in_order_ ? sum_.hex() : ""; }

 private:
  static constexpr size_t kWindow = 4 << 20;
  // What stays in memory when a full window goes out: libzip seeks back to the start of the
  // entry it has just written to finish its header, and a header rewritten in bytes already
  // written would cost the checksum (entries of a book are far smaller than this).
  static constexpr size_t kTail = 1 << 20;

  zip_int64_t command(void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
    switch (cmd) {
      case ZIP_SOURCE_STAT:  // a new archive: there is nothing to read
        zip_error_set(&error_, ZIP_ER_READ, ENOENT);
        return -1;
      case ZIP_SOURCE_BEGIN_WRITE:
        pos_ = 0;
        window_start_ = 0;
        window_.clear();
        window_.reserve(kWindow + kTail + (64 << 10));
        return 0;
      case ZIP_SOURCE_WRITE:
        return write(static_cast<const char*>(data), len);
      case ZIP_SOURCE_SEEK_WRITE: {
        auto* args = ZIP_SOURCE_GET_ARGS(zip_source_args_seek_t, data, len, &error_);
        if (!args) return -1;
        zip_int64_t base = args->whence == SEEK_SET   ? 0
                           : args->whence == SEEK_CUR ? static_cast<zip_int64_t>(pos_)
                                                      : static_cast<zip_int64_t>(end());
        if (base + args->offset < 0) {
          zip_error_set(&error_, ZIP_ER_INVAL, 0);
          return -1;
        }
        pos_ = static_cast<zip_uint64_t>(base + args->offset);
        return 0;
      }
      case ZIP_SOURCE_TELL_WRITE:
        return static_cast<zip_int64_t>(pos_);
      case ZIP_SOURCE_COMMIT_WRITE:
        if (!flush()) return -1;
        committed_ = true;
        return 0;
      case ZIP_SOURCE_ROLLBACK_WRITE:
        window_.clear();
        return 0;
      case ZIP_SOURCE_REMOVE:  // an archive without entries: write_zip never asks for one
      case ZIP_SOURCE_FREE:
        return 0;
      case ZIP_SOURCE_ERROR:
        return zip_error_to_data(&error_, data, len);
      case ZIP_SOURCE_SUPPORTS:
        return zip_source_make_command_bitmap(
            ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS,
            ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL,
            ZIP_SOURCE_BEGIN_WRITE, ZIP_SOURCE_WRITE, ZIP_SOURCE_SEEK_WRITE, ZIP_SOURCE_TELL_WRITE,
            ZIP_SOURCE_COMMIT_WRITE, ZIP_SOURCE_ROLLBACK_WRITE, ZIP_SOURCE_REMOVE, -1);
      default:  // reading: the archive is only ever written
        zip_error_set(&error_, ZIP_ER_OPNOTSUPP, 0);
        return -1;
    }
  }

  zip_uint64_t end() const { return std::max(flushed_end_, window_start_ + window_.size()); }

  zip_int64_t write(const char* data, zip_uint64_t len) {
    // A write outside the window (a header of an entry larger than the window) sends the
    // window to the file and starts a new one where the write goes.
    if (pos_ < window_start_ || pos_ > window_start_ + window_.size()) {
      if (!flush()) return -1;
      window_start_ = pos_;
    }
    size_t at = pos_ - window_start_;
    if (at == window_.size()) {
      window_.append(data, len);  // the usual case: at the end, nothing to zero first
    } else {
      if (at + len > window_.size()) window_.resize(at + len);
      std::memcpy(window_.data() + at, data, len);
    }
    pos_ += len;
    if (window_.size() >= kWindow + kTail && pos_ == window_start_ + window_.size()) {
      if (!flush(window_.size() - kTail)) return -1;
    }
    return static_cast<zip_int64_t>(len);
  }

  // Writes the first `count` bytes of the window (all by default) and keeps the rest.
  bool flush(size_t count = std::string::npos) {
    count = std::min(count, window_.size());
    size_t done = 0;
    while (done < count) {
      ssize_t n = pwrite(fd_, window_.data() + done, count - done,
                         static_cast<off_t>(window_start_ + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        zip_error_set(&error_, ZIP_ER_WRITE, n < 0 ? errno : ENOSPC);
        return false;
      }
      done += static_cast<size_t>(n);
    }
    // The checksum follows the file while each window starts where the last one ended.
    if (in_order_ && window_start_ == flushed_end_)
      sum_.add_bytes(std::string_view(window_).substr(0, count));
    else if (count > 0)
      in_order_ = false;
    flushed_end_ = std::max(flushed_end_, window_start_ + count);
    window_start_ += count;
    window_.erase(0, count);
    return true;
  }

  int fd_;
  zip_error_t error_;
  std::string window_;
  zip_uint64_t window_start_ = 0, pos_ = 0, flushed_end_ = 0;
  bool committed_ = false;
  CacheKey sum_;
  bool in_order_ = true;
};

// A hidden temporary file beside `out`: renamed into place once complete.
fs::path temp_path_for(const fs::path& out) {
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  // What a killed build left under this name goes first (see remove_stale_temp_files).
  remove_stale_temp_files(dir, "." + out.filename().string());
  return dir / temp_name(out.filename().string(), /*hidden=*/true);
}

}  // namespace

Result<std::string> deflate_entry(std::string_view data) {
  std::string out;
  put_deflated_header(data, &out);
  if (!raw_deflate(data, Z_FINISH, &out))
    return Status::Error("cannot compress: zlib did not finish");
  out.shrink_to_fit();
  return out;
}

std::vector<std::string_view> deflate_pieces(std::string_view data) {
  constexpr size_t kMin = 16 << 10, kMax = 128 << 10;
  std::vector<std::string_view> out;
  size_t start = 0, line = 0;
  while (line < data.size()) {
    size_t end = data.find('\n', line);
    end = end == std::string_view::npos ? data.size() : end + 1;
    std::uint32_t h = 2166136261u;  // FNV-1a of the line
    for (size_t i = line; i < end; ++i) h = (h ^ static_cast<unsigned char>(data[i])) * 16777619u;
    line = end;
    size_t size = end - start;
    if ((size >= kMin && (h & 7) == 0) || size >= kMax) {
      out.push_back(data.substr(start, size));
      start = end;
    }
  }
  if (start < data.size()) out.push_back(data.substr(start));
  return out;
}

Result<std::string> deflate_piece(std::string_view piece) {
  std::string out;
  if (!raw_deflate(piece, Z_SYNC_FLUSH, &out))
    return Status::Error("cannot compress: zlib did not finish");
  return out;
}

std::string join_deflated_pieces(std::string_view data,
                                 const std::vector<std::string_view>& deflated_pieces) {
  size_t total = kDeflatedHeader + 2;
  for (std::string_view p : deflated_pieces) total += p.size();
  std::string out;
  out.reserve(total);
  put_deflated_header(data, &out);
  for (std::string_view p : deflated_pieces) out += p;
  // The last block: an empty fixed-Huffman block with the final bit set.
  out.push_back('\x03');
  out.push_back('\x00');
  return out;
}

Status check_output_path(const fs::path& out) {
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return Status::Error(out.string() + ": the output folder " + dir.string() +
                         " does not exist; create it or choose another -o");
  }
  if (fs::is_directory(out, ec))
    return Status::Error(out.string() + ": is a folder; name the EPUB file to write with -o");
  // /proc and /sys have no room for files: say so plainly.
  struct statfs fs_info;
  if (statfs(dir.c_str(), &fs_info) == 0 &&
      (fs_info.f_type == PROC_SUPER_MAGIC || fs_info.f_type == SYSFS_MAGIC)) {
    return Status::Error(out.string() + ": " + dir.string() +
                         " is a virtual file system of the kernel, not a folder on disk; "
                         "choose another -o");
  }
  if (access(dir.c_str(), W_OK) != 0) {
    return Status::Error(out.string() + ": the output folder " + dir.string() +
                         " is not writable; choose another -o");
  }
  // A file created there now, before the work, so that a folder that takes no files (a
  // read-only mount, a full disk's quota) fails fast.
  fs::path probe = dir / temp_name(out.filename().string(), /*hidden=*/true);
  TempFileGuard guard(probe);
  int fd = open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0 && errno != EEXIST) {
    return Status::Error(out.string() + ": cannot create a file in " + dir.string() + " (" +
                         std::strerror(errno) + "); choose another -o");
  }
  if (fd >= 0) {
    close(fd);
    unlink(probe.c_str());
  }
  return Status::Ok();
}

Status copy_file_atomically(const fs::path& source, const fs::path& out) {
  if (Status s = check_output_path(out); !s) return s;
  fs::path tmp = temp_path_for(out);
  TempFileGuard guard(tmp);
  std::error_code ec;
  fs::remove(tmp, ec);
  // A file of its own, never a second name for the source: an output edited in place (as
  // calibre's or Sigil's editors do) must not change the cache or other outputs.
  Status copied = copy_file_contents(source, tmp);
  if (copied) fs::rename(tmp, out, ec);
  if (!copied || ec) {
    std::string reason = copied ? ec.message() : copied.message();
    fs::remove(tmp, ec);
    return Status::Error(out.string() + ": cannot write the output (" + reason +
                         "); check that the folder is writable and has space");
  }
  return Status::Ok();
}

Status write_zip(const fs::path& out, const std::vector<ZipEntry>& entries, std::int64_t time,
                 std::string* checksum) {
  if (Status s = check_output_path(out); !s) return s;
  std::error_code ec;
  fs::path tmp = temp_path_for(out);
  TempFileGuard guard(tmp);
  auto cannot_write = [&](const std::string& reason) {
    return Status::Error(out.string() + ": cannot write the output (" + reason +
                         "); check that the folder is writable and has space");
  };
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return cannot_write(std::strerror(errno));
  FileTarget target(fd);
  zip_error_t error;
  zip_error_init(&error);
  zip_t* za = nullptr;
  if (zip_source_t* src = zip_source_function_create(FileTarget::callback, &target, &error)) {
    za = zip_open_from_source(src, ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!za) zip_source_free(src);
  }
  if (!za) {
    std::string msg = zip_error_strerror(&error);
    zip_error_fini(&error);
    close(fd);
    fs::remove(tmp, ec);
    return cannot_write(msg);
  }
  zip_error_fini(&error);
  zip_uint16_t dtime, ddate;
  dos_time(time, &dtime, &ddate);
  auto discard = [&] {
    zip_discard(za);
    close(fd);
    fs::remove(tmp, ec);
  };
  auto fail = [&](const std::string& what) {
    std::string msg = out.string() + ": " + what + ": " + zip_message(za);
    discard();
    return Status::Error(msg);
  };
  for (const ZipEntry& e : entries) {
    std::string_view blob = e.deflated.view();
    zip_source_t* src = nullptr;
    if (e.later.valid()) {
      src = late_source(za, e.later);
    } else if (!blob.empty()) {
      auto view = parse_deflated(blob);
      if (!view) return fail("cannot read the compressed data of " + e.name);
      src = deflated_source(za, *view);
    } else {
      src = zip_source_buffer(za, e.data.data(), e.data.size(), 0);
    }
    if (!src) return fail("cannot add " + e.name);
    zip_int64_t idx = zip_file_add(za, e.name.c_str(), src, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
      zip_source_free(src);
      return fail("cannot add " + e.name);
    }
    zip_uint64_t i = static_cast<zip_uint64_t>(idx);
    bool compress = e.compress || !blob.empty() || e.later.valid();
    if (zip_set_file_compression(za, i, compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 compress ? 6 : 0) < 0 ||
        zip_file_set_dostime(za, i, dtime, ddate, 0) < 0 ||
        zip_file_set_external_attributes(za, i, 0, ZIP_OPSYS_UNIX, 0100644u << 16) < 0) {
      return fail("cannot set the attributes of " + e.name);
    }
  }
  if (zip_close(za) < 0) {
    // An entry made on another thread that failed says why.
    for (const ZipEntry& e : entries) {
      if (e.later.valid() &&
          e.later.wait_for(std::chrono::seconds(0)) == std::future_status::ready &&
          !e.later.get().ok()) {
        discard();
        return Status::Error(e.name + ": " + e.later.get().message());
      }
    }
    return fail("cannot finish the archive");
  }
  if (checksum) *checksum = target.checksum();
  if (close(fd) != 0 || !target.committed()) {
    std::string reason = std::strerror(errno);
    fs::remove(tmp, ec);
    return cannot_write(reason);
  }
  fs::rename(tmp, out, ec);
  if (ec) {
    std::string reason = ec.message();
    fs::remove(tmp, ec);
    return Status::Error(out.string() + ": cannot move the finished book into place (" + reason +
                         "); check that the path is writable");
  }
  return Status::Ok();
}

}  // namespace novelbind
