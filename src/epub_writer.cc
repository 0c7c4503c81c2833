#include "epub_writer.h"

#include <unistd.h>
#include <zip.h>
#include <ctime>
#include <fstream>
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

std::string error_text(zip_error_t* error) {
  std::string text = zip_error_strerror(error);
  zip_error_fini(error);
  return text;
}

// Opens a one-entry archive made by deflate_archive() for reading; nullptr when it is not one.
zip_t* open_deflated(const std::string& bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (!src) return nullptr;
  zip_t* za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  zip_error_fini(&error);
  if (!za) {
    zip_source_free(src);
    return nullptr;
  }
  if (zip_get_num_entries(za, 0) != 1) {
    zip_discard(za);
    return nullptr;
  }
  return za;
}

// A hidden temporary file beside `out`: renamed into place once complete.
fs::path temp_path_for(const fs::path& out) {
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::string name(".");
  name += out.filename().string();
  name += ".tmp";
  name += std::to_string(getpid());
  return dir / name;
}

}  // namespace

Result<std::string> deflate_archive(std::string_view data) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!buffer) return Status::Error("cannot compress: " + error_text(&error));
  zip_source_keep(buffer);  // the archive's bytes are read back after zip_close
  zip_t* za = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (!za) {
    zip_source_free(buffer);
    return Status::Error("cannot compress: " + error_text(&error));
  }
  zip_error_fini(&error);
  zip_source_t* src = zip_source_buffer(za, data.data(), data.size(), 0);
  zip_int64_t idx = src ? zip_file_add(za, "data", src, 0) : -1;
  if (idx < 0 ||
      zip_set_file_compression(za, static_cast<zip_uint64_t>(idx), ZIP_CM_DEFLATE, 6) < 0 ||
      zip_file_set_dostime(za, static_cast<zip_uint64_t>(idx), 0, 0x21, 0) < 0 ||
      zip_close(za) < 0) {
    std::string msg = "cannot compress: " + zip_message(za);
    if (idx < 0 && src) zip_source_free(src);
    zip_discard(za);
    zip_source_free(buffer);
    return Status::Error(msg);
  }
  std::string out;
  zip_stat_t st;
  if (zip_source_stat(buffer, &st) == 0 && zip_source_open(buffer) == 0) {
    out.resize(st.size);
    zip_int64_t n = zip_source_read(buffer, out.data(), st.size);
    zip_source_close(buffer);
    if (n != static_cast<zip_int64_t>(st.size)) out.clear();
  }
  zip_source_free(buffer);
  if (out.empty()) return Status::Error("cannot compress: the in-memory archive cannot be read");
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
  if (access(dir.c_str(), W_OK) != 0) {
    return Status::Error(out.string() + ": the output folder " + dir.string() +
                         " is not writable; choose another -o");
  }
  return Status::Ok();
}

Status copy_file_atomically(const fs::path& source, const fs::path& out) {
  if (Status s = check_output_path(out); !s) return s;
  fs::path tmp = temp_path_for(out);
  std::error_code ec;
  fs::remove(tmp, ec);
  fs::create_hard_link(source, tmp, ec);  // a second name when possible, else a copy
  if (ec) fs::copy_file(source, tmp, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::rename(tmp, out, ec);
  if (ec) {
    std::string reason = ec.message();
    fs::remove(tmp, ec);
    return Status::Error(out.string() + ": cannot write the output (" + reason +
                         "); check that the folder is writable and has space");
  }
  return Status::Ok();
}

Status write_zip(const fs::path& out, const std::vector<ZipEntry>& entries, std::int64_t time) {
  if (Status s = check_output_path(out); !s) return s;
  fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::error_code ec;
  fs::path tmp = temp_path_for(out);
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
  // Archives of pre-deflated entries stay open until zip_close has copied their bytes.
  std::vector<zip_t*> deflated;
  auto close_deflated = [&] {
    for (zip_t* d : deflated) zip_discard(d);
    deflated.clear();
  };
  auto fail = [&](const std::string& what) {
    std::string msg = out.string() + ": " + what + ": " + zip_message(za);
    zip_discard(za);
    close_deflated();
    fs::remove(tmp, ec);
    return Status::Error(msg);
  };
  for (const ZipEntry& e : entries) {
    zip_source_t* src = nullptr;
    if (!e.deflated.empty()) {
      zip_t* d = open_deflated(e.deflated);
      if (!d) return fail("cannot read the compressed data of " + e.name);
      deflated.push_back(d);
      src = zip_source_zip(za, d, 0, 0, 0, 0);
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
    bool compress = e.compress || !e.deflated.empty();
    if (zip_set_file_compression(za, i, compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                 compress ? 6 : 0) < 0 ||
        zip_file_set_dostime(za, i, dtime, ddate, 0) < 0 ||
        zip_file_set_external_attributes(za, i, 0, ZIP_OPSYS_UNIX, 0100644u << 16) < 0) {
      return fail("cannot set the attributes of " + e.name);
    }
  }
  if (zip_close(za) < 0) return fail("cannot finish the archive");
  close_deflated();
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
