#include "test_util.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <pugixml.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <zip.h>

namespace fs = std::filesystem;

namespace novelbind::test {

TempDir::TempDir() {
  std::random_device rd;
  path_ = fs::temp_directory_path() / ("novelbind-test-" + std::to_string(rd()) + std::to_string(rd()));
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

std::map<std::string, std::string> read_epub(const fs::path& epub) {
  std::map<std::string, std::string> out;
  int err = 0;
  zip_t* za = zip_open(epub.c_str(), ZIP_RDONLY, &err);
  if (!za) return out;
  zip_int64_t n = zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    zip_stat_index(za, i, 0, &st);
    std::string data(st.size, '\0');
    zip_file_t* f = zip_fopen_index(za, i, 0);
    if (f) {
      zip_fread(f, data.data(), st.size);
      zip_fclose(f);
    }
    out[st.name] = data;
  }
  zip_close(za);
  return out;
}

fs::path source_dir() { return NOVELBIND_SOURCE_DIR; }

fs::path corpus_file(const std::string& name) {
  const fs::path candidates[] = {source_dir() / ".." / "shared" / "corpus" / name,
                                 fs::path("/work/shared/corpus") / name};
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return p.lexically_normal();
  }
  throw std::runtime_error("corpus file " + name + " is in neither " + candidates[0].string() +
                           " nor " + candidates[1].string() + "; put shared/ beside the checkout");
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
  for (const pugi::xpath_node& n : doc.select_nodes(
           "//*[local-name()='body']//*[local-name()='p' or local-name()='h1' or "
           "local-name()='h2' or local-name()='h3']")) {
    append_text(n.node(), &out);
    out += "\n";
  }
  return out;
}

}  // namespace novelbind::test
