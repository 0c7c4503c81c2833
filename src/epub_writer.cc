#include "epub_writer.h"

#include <unistd.h>
#include <zip.h>
#include <ctime>
#include <system_error>

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
  if (access(dir.c_str(), W_OK) != 0) {
    return Status::Error(out.string() + ": the output folder " + dir.string() +
                         " is not writable; choose another -o");
  }
  return Status::Ok();
}

Status write_zip(const fs::path& out, const std::vector<ZipEntry>& entries, std::int64_t time) {
  if (Status s = check_output_path(out); !s) return s;
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::error_code ec;
  // Appending piecewise: GCC 12 warns falsely (-Wrestrict) on `"." + std::string`.
  std::string tmp_name(".");
  tmp_name += out.filename().string();
  tmp_name += ".tmp";
  tmp_name += std::to_string(getpid());
  fs::path tmp = dir / tmp_name;
  int err = 0;
  zip_t* za = zip_open(tmp.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!za) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    return Status::Error(out.string() + ": cannot write the output (" + msg +
                         "); check that the folder is writable");
  }
  zip_uint16_t dtime, ddate;
  dos_time(time, &dtime, &ddate);
  auto fail = [&](const std::string& what) {
    std::string msg = out.string() + ": " + what + ": " + zip_message(za);
    zip_discard(za);
    fs::remove(tmp, ec);
    return Status::Error(msg);
  };
  for (const ZipEntry& e : entries) {
    zip_source_t* src = zip_source_buffer(za, e.data.data(), e.data.size(), 0);
    if (!src) return fail("cannot add " + e.name);
    zip_int64_t idx = zip_file_add(za, e.name.c_str(), src, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
      zip_source_free(src);
      return fail("cannot add " + e.name);
    }
    zip_uint64_t i = static_cast<zip_uint64_t>(idx);
    if (zip_set_file_compression(za, i, e.compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 e.compress ? 6 : 0) < 0 ||
        zip_file_set_dostime(za, i, dtime, ddate, 0) < 0 ||
        zip_file_set_external_attributes(za, i, 0, ZIP_OPSYS_UNIX, 0100644u << 16) < 0) {
      return fail("cannot set the attributes of " + e.name);
    }
  }
  if (zip_close(za) < 0) return fail("cannot finish the archive");
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
