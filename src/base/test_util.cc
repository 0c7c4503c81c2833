#include "base/test_util.h"

#include "book.h"

#include <iconv.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zip.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <pugixml.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "base/content_hash.h"
#include "base/zip_library.h"
#include "package/epubcheck.h"

namespace fs = std::filesystem;

namespace novelbind::test {

TempDir::TempDir() {
  std::random_device rd;
  path_ =
      fs::temp_directory_path() / ("novelbind-test-" + std::to_string(rd()) + std::to_string(rd()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

void write_file(const fs::path& path, const std::string& bytes) {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string quoted(const std::filesystem::path& p) {
  std::string q = "'";  // (written out: GCC 12 warns falsely on "'" + string + "'")
  q += p.string();
  q += '\'';
  return q;
}

CommandResult run(const std::string& command) {
  CommandResult r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

CommandResult run_novelbind(const std::string& args) {
  return run(std::string("'") + NOVELBIND_BINARY + "' " + args);
}

std::string zip_bytes(const std::vector<std::pair<std::string, std::string>>& entries) {
  zip_error_t error;
  zip_api().zip_error_init(&error);
  zip_source_t* buffer = zip_api().zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_api().zip_source_keep(buffer);
  zip_t* za = zip_api().zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  for (const auto& [name, data] : entries) {
    zip_source_t* s = zip_api().zip_source_buffer(za, data.data(), data.size(), 0);
    zip_int64_t index = zip_api().zip_file_add(za, name.c_str(), s, ZIP_FL_ENC_UTF_8);
    if (name == "mimetype") zip_api().zip_set_file_compression(za, index, ZIP_CM_STORE, 0);
  }
  zip_api().zip_close(za);
  std::string out;
  zip_stat_t st;
  if (zip_api().zip_source_stat(buffer, &st) == 0 && zip_api().zip_source_open(buffer) == 0) {
    out.resize(st.size);
    zip_api().zip_source_read(buffer, out.data(), st.size);
    zip_api().zip_source_close(buffer);
  }
  zip_api().zip_source_free(buffer);
  zip_api().zip_error_fini(&error);
  return out;
}

std::map<std::string, std::string> read_epub(const fs::path& epub) {
  std::map<std::string, std::string> out;
  int err = 0;
  zip_t* za = zip_api().zip_open(epub.c_str(), ZIP_RDONLY, &err);
  if (!za) return out;
  zip_int64_t n = zip_api().zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    zip_api().zip_stat_index(za, i, 0, &st);
    std::string data(st.size, '\0');
    zip_file_t* f = zip_api().zip_fopen_index(za, i, 0);
    if (f) {
      zip_api().zip_fread(f, data.data(), st.size);
      zip_api().zip_fclose(f);
    }
    out[st.name] = data;
  }
  zip_api().zip_close(za);
  return out;
}

fs::path tool_cache_dir() {
  const char* dir = std::getenv("NOVELBIND_TOOL_CACHE");
  if (dir && std::string(dir) == "off") return {};
  fs::path path = dir && *dir ? fs::path(dir) : source_dir() / "build-tool-cache";
  std::error_code ec;
  fs::create_directories(path, ec);
  return ec ? fs::path() : path;
}

std::string tool_cache_key(const std::string& tool, const std::vector<fs::path>& inputs) {
  ContentHash hash;
  hash.add(tool);
  for (const fs::path& input : inputs) hash.add(read_file(input));
  return hash.hex();
}

namespace {

// Where this process writes `kept` before renaming it into place: its own name, so that two
// tests keeping the same entry at once (ctest -j) never write into one file.
fs::path part_of(const fs::path& kept) {
  return kept.string() + "." + std::to_string(::getpid()) + ".part";
}

}  // namespace

CommandResult cached_tool_output(const std::string& tool, const std::vector<fs::path>& inputs,
                                 const std::string& command, const fs::path& output) {
  fs::path dir = tool_cache_dir();
  fs::path kept = dir.empty() ? fs::path() : dir / (tool_cache_key(tool, inputs) + ".out");
  if (!kept.empty() && fs::exists(kept)) {
    fs::copy_file(kept, output, fs::copy_options::overwrite_existing);
    fs::last_write_time(output, fs::last_write_time(kept));
    return {0, "(" + tool + ": kept from an earlier run on the same bytes, " + kept.string() + ")"};
  }
  CommandResult r = run(command);
  if (r.exit_code == 0 && !kept.empty() && fs::exists(output)) {
    std::error_code ec;
    fs::path part = part_of(kept);
    fs::copy_file(output, part, fs::copy_options::overwrite_existing, ec);
    if (!ec) fs::last_write_time(part, fs::last_write_time(output), ec);
    if (!ec) fs::rename(part, kept, ec);
  }
  return r;
}

namespace {

constexpr std::string_view kPassingVerdict = "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos";

}  // namespace

std::string epubcheck(const fs::path& epub) {
  const char* jar = kEpubcheckJar;
  if (!fs::exists(jar)) {
    ADD_FAILURE() << jar << " is missing: run scripts/bootstrap (apt-get install epubcheck)";
    return "epubcheck missing";
  }
  // A passing verdict on the same bytes, from an earlier run.
  fs::path dir = tool_cache_dir();
  fs::path kept = dir.empty()
                      ? fs::path()
                      : dir / (tool_cache_key(epubcheck_identity(jar), {epub}) + ".verdict");
  if (!kept.empty() && fs::exists(kept)) return read_file(kept);
  CommandResult r = run(std::string(kEpubcheckJava) + " -jar " + jar + " '" + epub.string() + "'");
  std::string summary, problems;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Messages:", 0) == 0) summary = line;
    if (line.rfind("ERROR", 0) == 0 || line.rfind("WARNING", 0) == 0 || line.rfind("FATAL", 0) == 0)
      problems += "\n" + line;
  }
  if (summary.empty()) return "epubcheck did not run: " + r.output;
  if (!kept.empty() && r.exit_code == 0 && problems.empty() &&
      summary.rfind(kPassingVerdict, 0) == 0) {
    std::error_code ec;
    fs::path part = part_of(kept);
    write_file(part, summary);
    fs::rename(part, kept, ec);
  }
  return summary + problems;
}

fs::path source_dir() {
  return NOVELBIND_SOURCE_DIR;
}

Chapter chapter_of(const std::vector<std::string>& lines) {
  Chapter c;
  c.sources = {"001.txt"};
  int n = 0;
  for (const std::string& l : lines) c.paragraphs.push_back({l, ++n, false});
  return c;
}

std::vector<std::string> paragraph_texts(const Chapter& chapter) {
  std::vector<std::string> out;
  for (const Paragraph& p : chapter.paragraphs) out.push_back(p.text);
  return out;
}

std::string shell_quote(const fs::path& path) {
  return "'" + path.string() + "'";
}

fs::path seeds_dir() {
  return source_dir() / "samples" / "seeds";
}

std::string fixture(const std::string& name) {
  return read_file(source_dir() / "tests/fixtures" / name);
}

std::string encode_as(const std::string& utf8, const std::string& encoding) {
  iconv_t cd = iconv_open(encoding.c_str(), "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1))
    throw std::runtime_error("encode_as: iconv does not know " + encoding);
  std::string out(utf8.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(utf8.data());
  size_t in_left = utf8.size();
  char* op = out.data();
  size_t out_left = out.size();
  size_t r = iconv(cd, &in, &in_left, &op, &out_left);
  if (r != static_cast<size_t>(-1)) r = iconv(cd, nullptr, nullptr, &op, &out_left);
  iconv_close(cd);
  if (r == static_cast<size_t>(-1)) {
    throw std::runtime_error("encode_as: " + encoding + " cannot hold the text at byte " +
                             std::to_string(utf8.size() - in_left));
  }
  out.resize(out.size() - out_left);
  return out;
}

fs::path corpus_file(const std::string& name) {
  const fs::path candidates[] = {source_dir() / ".." / "shared" / "corpus" / name,
                                 fs::path("/work/shared/corpus") / name};
  std::string tried;
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return p.lexically_normal();
    tried += (tried.empty() ? "" : " and ") + p.lexically_normal().string();
  }
  throw std::runtime_error("corpus file '" + name + "' not found: tried " + tried +
                           "; put the shared corpus beside the checkout (../shared/corpus)");
}

fs::path find_corpus_dir(std::string* looked) {
  try {
    return corpus_file("sanguo.txt").parent_path();
  } catch (const std::runtime_error& e) {
    if (looked) *looked = e.what();
    return {};
  }
}

fs::path shared_dir() {
  for (const fs::path& p : {source_dir().parent_path() / "shared", fs::path("/work/shared")})
    if (fs::is_directory(p / "realworld")) return p;
  return {};
}

fs::path realworld_txt(const std::string& case_name) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(shared_dir() / "realworld" / case_name, ec))
    if (e.path().extension() == ".txt") return e.path();
  return {};
}

std::vector<std::string> nav_labels(const fs::path& epub) {
  std::string nav = read_epub(epub)["EPUB/nav.xhtml"];
  std::vector<std::string> out;
  std::regex link("<a href=\"text/ch[0-9]+\\.xhtml[^\"]*\">([^<]*)</a>");
  for (std::sregex_iterator it(nav.begin(), nav.end(), link), end; it != end; ++it)
    out.push_back((*it)[1]);
  return out;
}

namespace {
void append_text(pugi::xml_node node, std::string* out) {
  for (pugi::xml_node child : node.children()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata)
      *out += child.value();
    else if (child.type() == pugi::node_element)
      append_text(child, out);
  }
}
}  // namespace

std::string xhtml_text(const std::string& xhtml) {
  pugi::xml_document doc;
  doc.load_buffer(xhtml.data(), xhtml.size());
  std::string out;
  for (const pugi::xpath_node& n :
       doc.select_nodes("//*[local-name()='body']//*[local-name()='p' or local-name()='h1' or "
                        "local-name()='h2' or local-name()='h3' or (local-name()='div' and "
                        "not(*[local-name()='p' or local-name()='div']))]")) {
    append_text(n.node(), &out);
    out += "\n";
  }
  return out;
}

}  // namespace novelbind::test
