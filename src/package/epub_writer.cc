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
#include "base/zip_library.h"
#include "package/output_target.h"
#include "package/zip_file_target.h"

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
  return zip_api().zip_error_strerror(zip_api().zip_get_error(za));
}

// A libzip source that hands over an already deflated stream: its stat names the method, both
// sizes and the CRC, so zip_close copies the bytes as they are instead of compressing again.
struct DeflatedSource {
  DeflatedView view;
  zip_uint64_t offset = 0;
  zip_error_t error;
  // The bytes to store as they are (`view.stream`), as zip_source_buffer hands them over:
  // libzip takes their CRC as it writes them.
  bool stored = false;
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
      zip_api().zip_stat_init(st);
      st->valid = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD |
                  ZIP_STAT_ENCRYPTION_METHOD | (s->stored ? 0 : ZIP_STAT_CRC);
      st->size = s->view.size;
      st->comp_size = s->view.stream.size();
      st->comp_method = s->stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE;
      st->crc = s->view.crc;
      st->encryption_method = ZIP_EM_NONE;
      return sizeof(*st);
    }
    case ZIP_SOURCE_ERROR:
      return zip_api().zip_error_to_data(&s->error, data, len);
    case ZIP_SOURCE_FREE:
      zip_api().zip_error_fini(&s->error);
      delete s;
      return 0;
    case ZIP_SOURCE_SUPPORTS:
      return zip_api().zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ,
                                                      ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT,
                                                      ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
    default:
      zip_api().zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
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
    zip_api().zip_error_fini(&s->data.error);
    delete s;
    return 0;
  }
  // Everything but the free goes to the deflated source once the entry is there; what needs
  // no data (the commands it supports, its error) goes there at once.
  if (!s->ready && cmd != ZIP_SOURCE_SUPPORTS && cmd != ZIP_SOURCE_ERROR) {
    std::optional<DeflatedView> view;
    try {  // (a promise broken by its maker would throw here, inside libzip)
      const Result<SharedBytes>& made = s->later.get();
      if (made.ok() && s->data.stored)
        view = DeflatedView{0, made->view().size(), made->view()};
      else if (made.ok())
        view = parse_deflated(made->view());
    } catch (const std::exception&) {
      view.reset();
    }
    if (!view) {
      zip_api().zip_error_set(&s->data.error, ZIP_ER_INTERNAL, 0);
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
  zip_api().zip_error_init(error);
  zip_source_t* src = zip_api().zip_source_function(za, callback, state);
  if (!src) {
    zip_api().zip_error_fini(error);
    delete state;
  }
  return src;
}

zip_source_t* late_source(zip_t* za, std::shared_future<Result<SharedBytes>> later, bool stored) {
  auto* state = new LateSource{std::move(later), {{}, 0, {}, stored}, false};
  return function_source(za, late_source_callback, state, &state->data.error);
}

zip_source_t* deflated_source(zip_t* za, const DeflatedView& view) {
  auto* state = new DeflatedSource{view, 0, {}, false};
  return function_source(za, deflated_source_callback, state, &state->error);
}

// A hidden temporary file beside `out`: renamed into place once complete.
fs::path temp_path_for(const fs::path& out) {
  // What a killed build left under this name goes first (see remove_stale_temp_files).
  remove_stale_temp_files_beside(out);
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  return dir / temp_name(out.filename().string(), /*hidden=*/true);
}

}  // namespace

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
                         " is not writable (" + std::strerror(errno) + "); choose another -o");
  }
  // A file created there now, before the work, so that a folder that takes no files (a
  // read-only mount, a full disk's quota) fails fast.
  fs::path probe = dir / temp_name(out.filename().string(), /*hidden=*/true);
  TempFileGuard guard(probe);
  int fd = guard.open(O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC);
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
  Status copied = copy_file_contents(source, guard);
  if (!copied) {
    int error = errno;
    fs::remove(tmp, ec);
    if (copied.message().rfind(source.string(), 0) == 0) return copied;  // reading the cache
    return Status::Error(write_failure(out, error));
  }
  return move_into_place(tmp, out);
}

Status write_zip(const fs::path& out, const std::vector<ZipEntry>& entries, std::int64_t time,
                 std::string* checksum) {
  if (Status s = check_output_path(out); !s) return s;
  if (const Result<ZipLibrary>& zip = load_zip_library(); !zip) return zip.status();
  std::error_code ec;
  fs::path tmp = temp_path_for(out);
  TempFileGuard guard(tmp);
  int fd = guard.open(O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return Status::Error(write_failure(out, errno));
  FileTarget target(fd);
  zip_error_t error;
  zip_api().zip_error_init(&error);
  zip_t* za = nullptr;
  if (zip_source_t* src =
          zip_api().zip_source_function_create(FileTarget::callback, &target, &error)) {
    za = zip_api().zip_open_from_source(src, ZIP_CREATE | ZIP_TRUNCATE, &error);
    if (!za) zip_api().zip_source_free(src);
  }
  if (!za) {
    std::string msg = zip_api().zip_error_strerror(&error);
    zip_api().zip_error_fini(&error);
    close(fd);
    fs::remove(tmp, ec);
    return Status::Error(out.string() + ": cannot write the book (" + msg + ")");
  }
  zip_api().zip_error_fini(&error);
  zip_uint16_t dtime, ddate;
  dos_time(time, &dtime, &ddate);
  auto discard = [&] {
    zip_api().zip_discard(za);
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
      src = late_source(za, e.later, /*stored=*/!e.compress);
    } else if (!blob.empty()) {
      auto view = parse_deflated(blob);
      if (!view) return fail("cannot read the compressed data of " + e.name);
      src = deflated_source(za, *view);
    } else {
      src = zip_api().zip_source_buffer(za, e.data.data(), e.data.size(), 0);
    }
    if (!src) return fail("cannot add " + e.name);
    zip_int64_t idx = zip_api().zip_file_add(za, e.name.c_str(), src, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
      zip_api().zip_source_free(src);
      return fail("cannot add " + e.name);
    }
    zip_uint64_t i = static_cast<zip_uint64_t>(idx);
    bool compress = e.compress || !blob.empty();
    if (zip_api().zip_set_file_compression(za, i, compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                           compress ? 6 : 0) < 0 ||
        zip_api().zip_file_set_dostime(za, i, dtime, ddate, 0) < 0 ||
        zip_api().zip_file_set_external_attributes(za, i, 0, ZIP_OPSYS_UNIX, 0100644u << 16) < 0) {
      return fail("cannot set the attributes of " + e.name);
    }
  }
  if (zip_api().zip_close(za) < 0) {
    // An entry made on another thread that failed says why.
    for (const ZipEntry& e : entries) {
      if (e.later.valid() &&
          e.later.wait_for(std::chrono::seconds(0)) == std::future_status::ready &&
          !e.later.get().ok()) {
        discard();
        return Status::Error(e.name + ": " + e.later.get().message());
      }
    }
    if (target.write_error() != 0) {  // the disk's refusal, not libzip's
      discard();
      return Status::Error(write_failure(out, target.write_error()));
    }
    return fail("cannot finish the archive");
  }
  if (checksum) *checksum = target.checksum();
  if (close(fd) != 0 || !target.committed()) {
    int error = target.committed() ? errno : target.write_error();
    fs::remove(tmp, ec);
    return Status::Error(write_failure(out, error != 0 ? error : EIO));
  }
  return move_into_place(tmp, out);
}

}  // namespace novelbind
