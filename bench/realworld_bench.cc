// realworld_bench: the scoreboard of the development set of real scraped novels (issues 13, 14).
//
// For every truth file tests/realworld/CASE.toml (written by reading the book, never from
// novelbind's output), runs the real `novelbind build INPUT -o T/CASE.epub --report
// T/CASE.json` with default options, opens the EPUB and prints one row per book:
//
//   chapters  truth chapter titles found in the nav TOC in reading order: the longest common
//             subsequence of the TOC entries (all levels, in document order) and the truth list.
//             Titles are compared after removing all whitespace (U+3000 and letter spacing
//             included), folding full-width ASCII to ASCII and applying the case's `fold`
//             character pairs; an entry matches a truth title when the two are equal or when
//             one contains the other and the contained one has at least 2 characters (so
//             `第三十三章 回营【求收藏！】` counts for `第三十三章 回营`, `第十一回` for either
//             title of that chapter).
//   toc       TOC entries / (truth chapters + truth volumes).
//   vols      truth volume titles found in the TOC in order (same rule).
//   empty     documents of leaf TOC entries with no paragraph text.
//   residue   truth residue entries still present anywhere in the book's text (every spine
//             document except the cover, title page and contents page named by the nav's
//             landmarks), compared with all whitespace removed on both sides.
//   story     truth story paragraphs not found unchanged (exact substring of the book's
//             text, blocks joined by newlines), not counting those in `quote`.
//   quote     story paragraphs found only once every quotation mark ("" “” 「」 『』 ...) is
//             folded to one: changed in quote style only, counted apart (issue 14).
//   mixed     `story_mixed` paragraphs not found after folding the `fold` pairs and quote
//             marks (books whose script unification may change them; `-` when none).
//   epubcheck `ok`, `warn:N` or `ERR:N` from `java -jar /usr/share/java/epubcheck.jar`
//             with --epubcheck, else `-`.
//   time, exit  the build's wall time and exit code.
//
// A book that fails to build is a row with its error; it never stops the board.
//
//   realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] [--write-baseline FILE]
//                   [--only CASE] [--keep]
//
// --baseline exits 1 when any figure is worse than the committed baseline; the realworld
// folder is `shared/realworld` beside the checkout, else /work/shared/realworld, else the
// argument; when none exists the board fails (exit 2): it never skips silently.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zip.h>

#include <toml++/toml.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------- text helpers

std::u32string utf8_decode(const std::string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    char32_t cp;
    int len;
    if (c < 0x80) {
      cp = c, len = 1;
    } else if ((c >> 5) == 6) {
      cp = c & 0x1F, len = 2;
    } else if ((c >> 4) == 14) {
      cp = c & 0x0F, len = 3;
    } else if ((c >> 3) == 30) {
      cp = c & 0x07, len = 4;
    } else {
      out.push_back(0xFFFD), ++i;
      continue;
    }
    if (i + len > s.size()) {
      out.push_back(0xFFFD);
      break;
    }
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

std::string utf8_encode(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF;
}

std::u32string without_spaces(const std::u32string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (char32_t c : s)
    if (!is_space(c)) out.push_back(c);
  return out;
}

// Character pairs "aAbB..." from a case's `fold`: the characters of a pair are equal, and so
// are pairs that share a character (干 with 幹 and with 乾): each maps to one representative.
using FoldMap = std::map<char32_t, char32_t>;

FoldMap make_fold(const std::string& pairs) {
  FoldMap parent;
  auto root = [&](char32_t c) {
    while (parent.count(c) && parent[c] != c) c = parent[c];
    return c;
  };
  std::u32string p = utf8_decode(pairs);
  for (size_t i = 0; i + 1 < p.size(); i += 2) {
    for (char32_t c : {p[i], p[i + 1]})
      if (!parent.count(c)) parent[c] = c;
    char32_t a = root(p[i]), b = root(p[i + 1]);
    if (a != b) parent[b] = a;
  }
  FoldMap m;
  for (const auto& [c, unused] : parent) m[c] = root(c);
  return m;
}

std::u32string folded(std::u32string s, const FoldMap& fold) {
  for (char32_t& c : s) {
    if (auto it = fold.find(c); it != fold.end()) c = it->second;
  }
  return s;
}

// Every quotation mark (ASCII, curly, corner, full-width) as one: a paragraph whose only change
// is its quote style is counted apart from other changes (issue 14).
std::u32string quotes_folded(std::u32string s) {
  static const std::u32string quotes =
      U"\"'\u201C\u201D\u2018\u2019\u300C\u300D\u300E\u300F\uFF02\uFF07\uFE41\uFE42\uFE43\uFE44";
  for (char32_t& c : s)
    if (quotes.find(c) != std::u32string::npos) c = U'"';
  return s;
}

std::u32string title_key(const std::string& title, const FoldMap& fold) {
  std::u32string s = without_spaces(utf8_decode(title));
  for (char32_t& c : s)
    if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;
  return folded(s, fold);
}

bool titles_match(const std::u32string& toc, const std::u32string& truth) {
  if (toc == truth) return true;
  if (truth.size() >= 2 && toc.find(truth) != std::u32string::npos) return true;
  if (toc.size() >= 2 && truth.find(toc) != std::u32string::npos) return true;
  return false;
}

size_t lcs(const std::vector<std::u32string>& toc, const std::vector<std::u32string>& truth) {
  std::vector<size_t> prev(truth.size() + 1, 0), cur(truth.size() + 1, 0);
  for (size_t i = 1; i <= toc.size(); ++i) {
    for (size_t j = 1; j <= truth.size(); ++j)
      cur[j] =
          titles_match(toc[i - 1], truth[j - 1]) ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    std::swap(prev, cur);
  }
  return prev[truth.size()];
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The line of a failed build's output to show: its first error, else its last line.
std::string failure_line(const std::string& s) {
  std::istringstream in(s);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("error", 0) == 0) return line;
    if (!line.empty()) last = line;
  }
  return last;
}

// At most n characters of s, cut at a character boundary.
std::string head(const std::string& s, size_t n) {
  std::u32string u = utf8_decode(s);
  return u.size() <= n ? s : utf8_encode(u.substr(0, n)) + "...";
}

// ---------------------------------------------------------------- truth files

struct Truth {
  std::string name;
  fs::path file;
  std::string input;
  std::vector<std::string> chapters, volumes, residue, story, story_mixed;
  std::string fold;
};

std::vector<std::string> string_array(const toml::table& t, const char* key, const fs::path& file) {
  std::vector<std::string> out;
  const toml::node* node = t.get(key);
  if (!node) return out;
  const toml::array* arr = node->as_array();
  if (!arr) throw std::runtime_error(file.string() + ": `" + key + "` must be an array of strings");
  for (const toml::node& item : *arr) {
    auto value = item.value<std::string>();
    if (!value)
      throw std::runtime_error(file.string() + ":" + std::to_string(item.source().begin.line) +
                               ": `" + key + "` holds a value that is not a string");
    out.push_back(*value);
  }
  return out;
}

Truth load_truth(const fs::path& file) {
  toml::table t;
  try {
    t = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << file.string() << ":" << e.source().begin.line << ": " << e.description();
    throw std::runtime_error(msg.str());
  }
  Truth truth;
  truth.name = file.stem().string();
  truth.file = file;
  auto input = t["input"].value<std::string>();
  if (!input)
    throw std::runtime_error(file.string() +
                             ": `input` (a path in the realworld folder) is missing");
  truth.input = *input;
  truth.chapters = string_array(t, "chapters", file);
  truth.volumes = string_array(t, "volumes", file);
  truth.residue = string_array(t, "residue", file);
  truth.story = string_array(t, "story", file);
  truth.story_mixed = string_array(t, "story_mixed", file);
  truth.fold = t["fold"].value_or(std::string());
  if (truth.chapters.empty()) throw std::runtime_error(file.string() + ": `chapters` is empty");
  return truth;
}

// ---------------------------------------------------------------- the built EPUB

struct TocEntry {
  std::string title, target;  // target: document path inside the zip, no fragment
  bool leaf = true;
};

struct Epub {
  std::vector<TocEntry> toc;
  std::map<std::string, std::string> documents;  // path in zip -> XHTML
  std::vector<std::string> spine;                // paths in zip
  std::set<std::string> generated;               // cover, title page, contents page, nav
};

std::optional<std::string> zip_read(zip_t* z, const std::string& name) {
  zip_stat_t st;
  if (zip_stat(z, name.c_str(), 0, &st) != 0) return std::nullopt;
  zip_file_t* f = zip_fopen(z, name.c_str(), 0);
  if (!f) return std::nullopt;
  std::string data(st.size, '\0');
  zip_int64_t n = zip_fread(f, data.data(), st.size);
  zip_fclose(f);
  if (n < 0 || static_cast<zip_uint64_t>(n) != st.size) return std::nullopt;
  return data;
}

std::string resolve(const std::string& base_dir, std::string href) {
  if (auto hash = href.find('#'); hash != std::string::npos) href.resize(hash);
  fs::path p = (fs::path(base_dir) / href).lexically_normal();
  return p.generic_string();
}

std::string dir_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string node_text(const pugi::xml_node& n) {
  std::string out;
  for (pugi::xml_node d = n.first_child(); d; d = d.next_sibling()) {
    if (d.type() == pugi::node_pcdata || d.type() == pugi::node_cdata)
      out += d.value();
    else if (d.type() == pugi::node_element)
      out += node_text(d);
  }
  return out;
}

bool has_epub_type(const pugi::xml_node& n, const char* type) {
  std::string t = n.attribute("epub:type").value();
  std::istringstream words(t);
  for (std::string w; words >> w;)
    if (w == type) return true;
  return false;
}

void collect_toc(const pugi::xml_node& ol, const std::string& base, std::vector<TocEntry>& out) {
  for (pugi::xml_node li : ol.children("li")) {
    TocEntry e;
    pugi::xml_node a = li.child("a");
    if (!a) a = li.child("span");
    e.title = node_text(a);
    if (a.attribute("href")) e.target = resolve(base, a.attribute("href").value());
    pugi::xml_node sub = li.child("ol");
    e.leaf = !sub;
    out.push_back(e);
    if (sub) collect_toc(sub, base, out);
  }
}

// Opens the EPUB; on failure returns a message.
std::string open_epub(const fs::path& path, Epub& epub) {
  int err = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (!z) return "cannot open " + path.string() + " as a zip";
  auto close = [&] { zip_close(z); };
  auto container = zip_read(z, "META-INF/container.xml");
  if (!container) return close(), "no META-INF/container.xml";
  pugi::xml_document doc;
  doc.load_string(container->c_str());
  std::string opf_path =
      doc.select_node("//*[local-name()='rootfile']").node().attribute("full-path").value();
  auto opf = zip_read(z, opf_path);
  if (!opf) return close(), "no package document " + opf_path;
  pugi::xml_document pkg;
  if (!pkg.load_string(opf->c_str())) return close(), "package document does not parse";
  std::string opf_dir = dir_of(opf_path);
  std::map<std::string, std::string> id_to_path;
  std::string nav_path;
  for (pugi::xpath_node item : pkg.select_nodes("//*[local-name()='item']")) {
    std::string href = resolve(opf_dir, item.node().attribute("href").value());
    id_to_path[item.node().attribute("id").value()] = href;
    std::string props = item.node().attribute("properties").value();
    if (props.find("nav") != std::string::npos) nav_path = href;
  }
  for (pugi::xpath_node ref : pkg.select_nodes("//*[local-name()='itemref']")) {
    std::string p = id_to_path[ref.node().attribute("idref").value()];
    epub.spine.push_back(p);
    if (auto data = zip_read(z, p)) epub.documents[p] = *data;
  }
  if (nav_path.empty()) return close(), "no nav document in the manifest";
  auto nav = zip_read(z, nav_path);
  close();
  if (!nav) return "nav document " + nav_path + " missing";
  epub.generated.insert(nav_path);
  pugi::xml_document navdoc;
  if (!navdoc.load_string(nav->c_str())) return "nav document does not parse";
  std::string nav_dir = dir_of(nav_path);
  for (pugi::xpath_node n : navdoc.select_nodes("//*[local-name()='nav']")) {
    pugi::xml_node navnode = n.node();
    if (has_epub_type(navnode, "toc")) {
      collect_toc(navnode.child("ol"), nav_dir, epub.toc);
    } else if (has_epub_type(navnode, "landmarks")) {
      for (pugi::xpath_node a : navnode.select_nodes(".//*[local-name()='a']")) {
        pugi::xml_node an = a.node();
        if (has_epub_type(an, "cover") || has_epub_type(an, "titlepage") ||
            has_epub_type(an, "toc"))
          epub.generated.insert(resolve(nav_dir, an.attribute("href").value()));
      }
    }
  }
  return "";
}

bool is_block(const char* name) {
  static const std::set<std::string> blocks = {"p",  "h1", "h2", "h3", "h4", "h5",  "h6",
                                               "li", "dt", "dd", "td", "th", "pre", "figcaption"};
  return blocks.count(name) > 0;
}

void collect_blocks(const pugi::xml_node& n, std::vector<std::string>& blocks,
                    bool& has_paragraph) {
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) {
    if (c.type() == pugi::node_pcdata) {
      std::string t = c.value();
      if (!without_spaces(utf8_decode(t)).empty()) blocks.push_back(t);
    } else if (c.type() == pugi::node_element) {
      if (is_block(c.name())) {
        std::string t = node_text(c);
        blocks.push_back(t);
        if (std::string(c.name()) == "p" && !without_spaces(utf8_decode(t)).empty())
          has_paragraph = true;
      } else {
        collect_blocks(c, blocks, has_paragraph);
      }
    }
  }
}

// ---------------------------------------------------------------- running processes

struct RunResult {
  int exit_code = -1;
  double seconds = 0;
  std::string output;  // stdout + stderr
};

RunResult run(const std::vector<std::string>& argv, const fs::path& log) {
  RunResult r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    r.output = "cannot start " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.output = read_file(log);
  return r;
}

// ---------------------------------------------------------------- one row

struct Row {
  std::string name;
  bool built = false;
  std::string error;
  size_t chapters_found = 0, chapters_truth = 0;
  size_t volumes_found = 0, volumes_truth = 0;
  size_t toc_entries = 0;
  size_t empty = 0;
  size_t residue_left = 0, residue_truth = 0;
  size_t story_changed = 0, story_truth = 0;
  size_t quote_changed = 0;  // story paragraphs found once quote marks are folded
  size_t mixed_changed = 0, mixed_truth = 0;
  std::string epubcheck = "-";
  double seconds = 0;
  int exit_code = -1;
  std::vector<std::string> residue_examples, story_examples, mixed_examples;
};

Row score(const Truth& truth, const fs::path& realworld, const fs::path& tmp) {
  Row row;
  row.name = truth.name;
  row.chapters_truth = truth.chapters.size();
  row.volumes_truth = truth.volumes.size();
  row.residue_truth = truth.residue.size();
  row.story_truth = truth.story.size();
  row.mixed_truth = truth.story_mixed.size();
  fs::path input = realworld / truth.input;
  fs::path epub_path = tmp / (truth.name + ".epub");
  if (!fs::exists(input)) {
    row.error = "input " + input.string() + " does not exist";
    return row;
  }
  RunResult r = run({NOVELBIND_BINARY, "build", input.string(), "-o", epub_path.string(),
                     "--report", (tmp / (truth.name + ".json")).string()},
                    tmp / (truth.name + ".log"));
  row.seconds = r.seconds;
  row.exit_code = r.exit_code;
  if (r.exit_code != 0 || !fs::exists(epub_path)) {
    row.error = failure_line(r.output);
    if (row.error.empty()) row.error = "exit " + std::to_string(r.exit_code) + ", no EPUB";
    return row;
  }
  Epub epub;
  if (std::string msg = open_epub(epub_path, epub); !msg.empty()) {
    row.error = "EPUB: " + msg;
    return row;
  }
  row.built = true;
  FoldMap fold = make_fold(truth.fold);

  std::vector<std::u32string> toc_keys;
  for (const TocEntry& e : epub.toc) toc_keys.push_back(title_key(e.title, fold));
  row.toc_entries = epub.toc.size();
  std::vector<std::u32string> chapter_keys, volume_keys;
  for (const std::string& t : truth.chapters) chapter_keys.push_back(title_key(t, fold));
  for (const std::string& t : truth.volumes) volume_keys.push_back(title_key(t, fold));
  row.chapters_found = lcs(toc_keys, chapter_keys);
  row.volumes_found = lcs(toc_keys, volume_keys);

  std::string text;  // blocks of every content document, joined by newlines
  std::map<std::string, bool> doc_has_paragraph;
  for (const std::string& path : epub.spine) {
    auto it = epub.documents.find(path);
    if (it == epub.documents.end()) continue;
    pugi::xml_document doc;
    doc.load_string(it->second.c_str());
    std::vector<std::string> blocks;
    bool has_paragraph = false;
    collect_blocks(doc.select_node("//*[local-name()='body']").node(), blocks, has_paragraph);
    doc_has_paragraph[path] = has_paragraph;
    if (epub.generated.count(path)) continue;
    for (const std::string& b : blocks) {
      text += b;
      text += '\n';
    }
  }
  std::set<std::string> empty_docs;
  for (const TocEntry& e : epub.toc) {
    if (!e.leaf) continue;
    auto it = doc_has_paragraph.find(e.target);
    if (it == doc_has_paragraph.end() || !it->second) empty_docs.insert(e.target);
  }
  row.empty = empty_docs.size();

  // Residue: whitespace removed on both sides; U+001F keeps blocks apart.
  std::u32string text32 = utf8_decode(text);
  std::u32string bare;
  bare.reserve(text32.size());
  for (char32_t c : text32) bare.push_back(c == U'\n' ? U'\x1F' : c);
  bare = without_spaces(bare);
  for (const std::string& r : truth.residue) {
    std::u32string needle = without_spaces(utf8_decode(r));
    if (!needle.empty() && bare.find(needle) != std::u32string::npos) {
      ++row.residue_left;
      row.residue_examples.push_back(r);
    }
  }
  std::u32string quote_folded_text;
  for (const std::string& s : truth.story) {
    if (text.find(s) != std::string::npos) continue;
    if (quote_folded_text.empty()) quote_folded_text = quotes_folded(text32);
    if (quote_folded_text.find(quotes_folded(utf8_decode(s))) != std::u32string::npos) {
      ++row.quote_changed;
    } else {
      ++row.story_changed;
      row.story_examples.push_back(s);
    }
  }
  if (!truth.story_mixed.empty()) {
    std::u32string folded_text = quotes_folded(folded(text32, fold));
    for (const std::string& s : truth.story_mixed)
      if (folded_text.find(quotes_folded(folded(utf8_decode(s), fold))) == std::u32string::npos) {
        ++row.mixed_changed;
        row.mixed_examples.push_back(s);
      }
  }
  return row;
}

std::string epubcheck_verdict(const fs::path& epub, const fs::path& log) {
  RunResult r = run({"java", "-jar", "/usr/share/java/epubcheck.jar", epub.string()}, log);
  if (r.exit_code < 0) return "ERR:nojava";  // `java` could not be started
  int fatals = -1, errors = -1, warnings = -1;
  auto pos = r.output.find("Messages:");
  if (pos != std::string::npos)
    std::sscanf(r.output.c_str() + pos, "Messages: %d fatals / %d errors / %d warnings", &fatals,
                &errors, &warnings);
  if (fatals < 0) return "ERR:?";
  if (fatals + errors > 0) return "ERR:" + std::to_string(fatals + errors);
  if (warnings > 0) return "warn:" + std::to_string(warnings);
  return "ok";
}

int verdict_rank(const std::string& v) {
  if (v == "ok") return 2;
  if (v.rfind("warn", 0) == 0) return 1;
  if (v.rfind("ERR", 0) == 0) return 0;
  return -1;  // not measured
}

// ---------------------------------------------------------------- baseline

const char* kBaselineHeader =
    "case\tbuilt\tchapters_found\tchapters_truth\tvolumes_found\tvolumes_truth\ttoc_entries\t"
    "empty\tresidue_left\tresidue_truth\tstory_changed\tquote_changed\tstory_truth\tmixed_changed\t"
    "mixed_truth\tepubcheck";

void write_baseline(const fs::path& file, const std::vector<Row>& rows) {
  std::ofstream out(file);
  out << "# realworld_bench baseline: figures the code has reached; written by "
         "`realworld_bench --epubcheck --write-baseline FILE`\n"
      << kBaselineHeader << "\n";
  for (const Row& r : rows)
    out << r.name << '\t' << (r.built ? 1 : 0) << '\t' << r.chapters_found << '\t'
        << r.chapters_truth << '\t' << r.volumes_found << '\t' << r.volumes_truth << '\t'
        << r.toc_entries << '\t' << r.empty << '\t' << r.residue_left << '\t' << r.residue_truth
        << '\t' << r.story_changed << '\t' << r.quote_changed << '\t' << r.story_truth << '\t'
        << r.mixed_changed << '\t' << r.mixed_truth << '\t' << r.epubcheck << '\n';
}

// Returns the number of figures worse than the baseline, printing each.
int compare_baseline(const fs::path& file, const std::vector<Row>& rows, bool all_cases) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << "realworld_bench: cannot read baseline " << file
              << "; write one with --write-baseline\n";
    return 1;
  }
  std::map<std::string, std::vector<std::string>> base;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.empty() || line[0] == '#' || line.rfind("case\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::istringstream s(line);
    for (std::string cell; std::getline(s, cell, '\t');) f.push_back(cell);
    if (f.size() != 16) {
      std::cerr << file.string() << ":" << line_no << ": expected 16 tab-separated fields, got "
                << f.size() << "\n";
      return 1;
    }
    base[f[0]] = f;
  }
  int worse = 0;
  auto report = [&](const std::string& name, const std::string& what, const std::string& was,
                    const std::string& now) {
    std::cout << "  WORSE " << name << ": " << what << " " << was << " -> " << now << "\n";
    ++worse;
  };
  std::set<std::string> seen;
  for (const Row& r : rows) {
    seen.insert(r.name);
    auto it = base.find(r.name);
    if (it == base.end()) {
      std::cout << "  new case " << r.name << " (not in the baseline)\n";
      continue;
    }
    const auto& f = it->second;
    auto num = [&](size_t i) { return std::stoul(f[i]); };
    if (num(1) == 1 && !r.built) {
      report(r.name, "build", "passed", "failed");
      continue;
    }
    if (!r.built) continue;
    if (num(1) == 0) {  // failed in the baseline: any figure of a build is an improvement
      std::cout << "  " << r.name << " builds now (it failed in the baseline)\n";
      continue;
    }
    if (r.chapters_found < num(2))
      report(r.name, "chapters in order", f[2], std::to_string(r.chapters_found));
    if (r.volumes_found < num(4))
      report(r.name, "volumes in order", f[4], std::to_string(r.volumes_found));
    if (r.empty > num(7)) report(r.name, "empty chapters", f[7], std::to_string(r.empty));
    if (r.residue_left > num(8))
      report(r.name, "residue left", f[8], std::to_string(r.residue_left));
    if (r.story_changed > num(10))
      report(r.name, "story changed", f[10], std::to_string(r.story_changed));
    else if (r.story_changed + r.quote_changed > num(10) + num(11))
      report(r.name, "story changed in quote style only", f[11], std::to_string(r.quote_changed));
    if (r.mixed_changed > num(13))
      report(r.name, "mixed story changed", f[13], std::to_string(r.mixed_changed));
    int was = verdict_rank(f[15]), now = verdict_rank(r.epubcheck);
    if (was >= 0 && now >= 0 && now < was) report(r.name, "epubcheck", f[15], r.epubcheck);
  }
  for (const auto& [name, f] : base)
    if (all_cases && !seen.count(name))
      report(name, "case", "in the baseline", "missing from tests/realworld");
  return worse;
}

// ---------------------------------------------------------------- main

fs::path find_realworld(const std::string& given) {
  if (!given.empty()) return given;
  const fs::path candidates[] = {fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "realworld",
                                 "/work/shared/realworld"};
  for (const fs::path& p : candidates)
    if (fs::is_directory(p)) return p.lexically_normal();
  return {};
}

std::string fraction(size_t a, size_t b) {
  return std::to_string(a) + "/" + std::to_string(b);
}

}  // namespace

int main(int argc, char** argv) {
  std::string realworld_arg, baseline, write_to, only;
  bool epubcheck = false, keep = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* opt) -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "realworld_bench: " << opt << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--baseline")
      baseline = value("--baseline");
    else if (a == "--write-baseline")
      write_to = value("--write-baseline");
    else if (a == "--only")
      only = value("--only");
    else if (a == "--epubcheck")
      epubcheck = true;
    else if (a == "--keep")
      keep = true;
    else if (a == "-h" || a == "--help") {
      std::cout << "usage: realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] "
                   "[--write-baseline FILE] [--only CASE] [--keep]\n";
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "realworld_bench: unknown option " << a << "\n";
      return 2;
    } else
      realworld_arg = a;
  }
  fs::path realworld = find_realworld(realworld_arg);
  if (realworld.empty() || !fs::is_directory(realworld)) {
    std::cerr
        << "realworld_bench: FAILED: the development set is missing: "
        << (realworld_arg.empty()
                ? "neither " +
                      (fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "realworld").string() +
                      " nor /work/shared/realworld exists"
                : realworld_arg + " is not a folder")
        << "; put shared/realworld beside the checkout or pass its path\n";
    return 2;
  }
  fs::path truth_dir = fs::path(NOVELBIND_SOURCE_DIR) / "tests" / "realworld";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(truth_dir))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::cerr << "realworld_bench: FAILED: no truth files in " << truth_dir << "\n";
    return 2;
  }
  std::vector<Truth> truths;
  for (const fs::path& f : files) {
    if (!only.empty() && f.stem() != only) continue;
    try {
      truths.push_back(load_truth(f));
    } catch (const std::exception& e) {
      std::cerr << "realworld_bench: " << e.what() << "\n";
      return 2;
    }
  }

  char tmpl[] = "/tmp/realworld_bench.XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::cerr << "realworld_bench: cannot create a temporary folder\n";
    return 2;
  }
  fs::path tmp = tmpl;
  std::cout << "realworld_bench: " << truths.size() << " book(s) from " << realworld.string()
            << ", truth in " << truth_dir.string() << "\n";

  std::vector<Row> rows;
  double total = 0;
  for (const Truth& t : truths) {  // builds first, one at a time, so their times are clean
    rows.push_back(score(t, realworld, tmp));
    total += rows.back().seconds;
  }
  if (epubcheck)  // after all builds, so that a JVM does not slow a timed build
    for (Row& r : rows)
      if (r.built)
        r.epubcheck =
            epubcheck_verdict(tmp / (r.name + ".epub"), tmp / (r.name + ".epubcheck.log"));

  std::printf("\n%-24s %9s %9s %6s %6s %8s %8s %6s %6s %10s %7s %5s\n", "case", "chapters", "toc",
              "vols", "empty", "residue", "story", "quote", "mixed", "epubcheck", "time", "exit");
  for (const Row& r : rows) {
    if (!r.built) {
      std::printf("%-24s BUILD FAILED (exit %d, %.2f s): %s\n", r.name.c_str(), r.exit_code,
                  r.seconds, r.error.c_str());
      continue;
    }
    std::printf("%-24s %9s %9s %6s %6zu %8s %8s %6zu %6s %10s %6.2fs %5d\n", r.name.c_str(),
                fraction(r.chapters_found, r.chapters_truth).c_str(),
                fraction(r.toc_entries, r.chapters_truth + r.volumes_truth).c_str(),
                r.volumes_truth ? fraction(r.volumes_found, r.volumes_truth).c_str() : "-", r.empty,
                fraction(r.residue_left, r.residue_truth).c_str(),
                fraction(r.story_changed, r.story_truth).c_str(), r.quote_changed,
                r.mixed_truth ? fraction(r.mixed_changed, r.mixed_truth).c_str() : "-",
                r.epubcheck.c_str(), r.seconds, r.exit_code);
  }
  std::printf("\ntotal build time %.2f s (target < 5 s: %s)\n", total,
              total < 5 ? "met" : "MISSED");
  std::printf(
      "columns: chapters = truth chapters in the TOC in order / truth; toc = TOC entries / "
      "(truth chapters + volumes); residue = truth residue left / listed; story = story "
      "paragraphs changed / listed; quote = story paragraphs changed in quote style only; mixed = "
      "story_mixed paragraphs changed beyond the fold pairs\n");
  for (const Row& r : rows) {
    for (size_t i = 0; i < r.residue_examples.size() && i < 3; ++i)
      std::printf("  %s residue left: %s\n", r.name.c_str(),
                  head(r.residue_examples[i], 60).c_str());
    for (size_t i = 0; i < r.story_examples.size() && i < 2; ++i)
      std::printf("  %s story changed: %s\n", r.name.c_str(),
                  head(r.story_examples[i], 50).c_str());
    for (size_t i = 0; i < r.mixed_examples.size() && i < 2; ++i)
      std::printf("  %s mixed story changed: %s\n", r.name.c_str(),
                  head(r.mixed_examples[i], 50).c_str());
  }

  int status = 0;
  if (!write_to.empty()) {
    write_baseline(write_to, rows);
    std::cout << "wrote baseline " << write_to << "\n";
  }
  if (!baseline.empty()) {
    std::cout << "\ncompared with baseline " << baseline << ":\n";
    int worse = compare_baseline(baseline, rows, only.empty());
    if (worse > 0) {
      std::cout << "realworld_bench: FAILED: " << worse << " figure(s) worse than the baseline\n";
      status = 1;
    } else {
      std::cout << "  no figure worse than the baseline\n";
    }
  }
  if (keep)
    std::cout << "kept " << tmp.string() << "\n";
  else
    fs::remove_all(tmp);
  return status;
}
