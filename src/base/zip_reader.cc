#include "base/zip_reader.h"

#include <algorithm>

#include "base/zip_library.h"

namespace novelbind {

std::optional<ZipArchive> ZipArchive::open(const std::filesystem::path& path) {
  int err = 0;
  zip_t* za = zip_api().zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (!za) return std::nullopt;
  return ZipArchive(za);
}

std::optional<ZipArchive> ZipArchive::open_bytes(std::string_view bytes) {
  if (bytes.empty()) return std::nullopt;
  zip_error_t error;
  zip_api().zip_error_init(&error);
  zip_source_t* source = zip_api().zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip_t* za = source ? zip_api().zip_open_from_source(source, ZIP_RDONLY, &error) : nullptr;
  zip_api().zip_error_fini(&error);
  if (!za) {
    if (source) zip_api().zip_source_free(source);
    return std::nullopt;
  }
  return ZipArchive(za);
}

ZipArchive::~ZipArchive() {
  if (za_) zip_api().zip_discard(za_);
}

std::vector<std::string> ZipArchive::names() const {
  std::vector<std::string> out;
  zip_int64_t n = zip_api().zip_get_num_entries(za_, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    if (zip_api().zip_stat_index(za_, static_cast<zip_uint64_t>(i), 0, &st) == 0 &&
        (st.valid & ZIP_STAT_NAME))
      out.push_back(st.name);
  }
  return out;
}

std::optional<std::string> EntryReader::read(zip_uint64_t index) {
  zip_stat_t st;
  if (zip_api().zip_stat_index(za_, index, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) return {};
  std::string name = st.name;
  auto refuse = [&](const std::string& why) -> std::optional<std::string> {
    if (refused_.insert(index).second) problems_->push_back(name + ": " + why);
    return std::nullopt;
  };
  if (refused_.count(index)) return std::nullopt;
  zip_uint64_t size = (st.valid & ZIP_STAT_SIZE) ? st.size : 0;
  zip_uint64_t packed = (st.valid & ZIP_STAT_COMP_SIZE) ? st.comp_size : 0;
  if (size > limits_.max_entry_bytes) {
    return refuse("declares " + std::to_string(size) + " bytes, more than the " +
                  std::to_string(limits_.max_entry_bytes) +
                  " a document of a book may have; refused (a damaged or forged archive)");
  }
  if (size > 4096 && size / std::max<zip_uint64_t>(packed, 1) > limits_.max_ratio) {
    return refuse("declares " + std::to_string(size) + " bytes from " + std::to_string(packed) +
                  " compressed, a ratio above " + std::to_string(limits_.max_ratio) +
                  " that deflate cannot give; refused (a zip bomb or a forged archive)");
  }
  if (total_ + size > limits_.max_total_bytes) {
    return refuse("the archive's documents come to more than " +
                  std::to_string(limits_.max_total_bytes) +
                  " bytes; refused (a zip bomb or a damaged archive)");
  }
  zip_file_t* f = zip_api().zip_fopen_index(za_, index, 0);
  if (!f)
    return refuse("cannot be read from the archive (" + std::string(zip_api().zip_strerror(za_)) +
                  ")");
  // Grown as bytes arrive, never to the declared size up front: a forged size costs nothing.
  std::string data;
  char chunk[65536];
  zip_int64_t n = 0;
  while ((n = zip_api().zip_fread(f, chunk, sizeof chunk)) > 0) {
    if (data.size() + static_cast<size_t>(n) > size) break;
    data.append(chunk, static_cast<size_t>(n));
  }
  std::string reason = n < 0 ? zip_api().zip_file_strerror(f) : "";
  zip_api().zip_fclose(f);
  if (n < 0) return refuse("cannot be read from the archive (" + reason + ")");
  if (n > 0 || data.size() != size)
    return refuse("holds " + std::string(n > 0 ? "more" : "fewer") +
                  " bytes than it declares; a damaged archive");
  total_ += size;
  return data;
}

std::optional<std::string> EntryReader::read(const std::string& name) {
  zip_int64_t index = zip_api().zip_name_locate(za_, name.c_str(), 0);
  if (index < 0) return std::nullopt;
  return read(static_cast<zip_uint64_t>(index));
}

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// %XX escapes decoded (a malformed one is kept as written).
std::string percent_decoded(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

std::string dirname_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace

std::string resolve_href(const std::string& base, std::string href) {
  href = percent_decoded(href.substr(0, href.find('#')));
  std::string full = href.rfind('/', 0) == 0 ? href.substr(1) : dirname_of(base) + href;
  // Most paths need no resolving: no empty, "." or ".." part, no slash at either end (a
  // package's 3000 chapter hrefs, text/ch0001.xhtml under EPUB/).
  auto plain = [](std::string_view f) {
    if (f.empty() || f.front() == '/' || f.back() == '/') return false;
    for (size_t start = 0; start <= f.size();) {
      size_t end = std::min(f.find('/', start), f.size());
      std::string_view part = f.substr(start, end - start);
      if (part.empty() || part == "." || part == "..") return false;
      start = end + 1;
    }
    return true;
  };
  if (plain(full)) return full;
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= full.size()) {
    size_t end = full.find('/', start);
    if (end == std::string::npos) end = full.size();
    std::string part = full.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

std::string href_fragment(const std::string& href) {
  size_t hash = href.find('#');
  return hash == std::string::npos ? "" : percent_decoded(href.substr(hash + 1));
}

}  // namespace novelbind
