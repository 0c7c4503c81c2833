#include "ingest/epub_source.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "base/content_hash.h"
#include "ingest/epub_package.h"
#include "ingest/epub_toc.h"
#include "ingest/xhtml_text.h"

namespace novelbind {
namespace {

const char* const kRepair =
    "; the EPUB is damaged: repair it (calibre's editor, or `ebook-convert IN.epub OUT.epub`) "
    "and build again";

bool is_text_document(const SpineDocument& d) {
  const std::string& t = d.media_type;
  if (t == "application/xhtml+xml" || t == "text/html" || t == "application/xml") return true;
  std::string lower = d.path;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* ext : {".xhtml", ".html", ".htm"})
    if (lower.size() > std::strlen(ext) &&
        lower.compare(lower.size() - std::strlen(ext), std::strlen(ext), ext) == 0)
      return true;
  return false;
}

// A document that holds no story: the cover, the title page, a table of contents (the book
// gets its own), each as the package or the document itself says.
bool not_story(const XhtmlText& text) {
  for (const char* kind : {"cover", "titlepage", "toc", "doc-toc", "doc-cover"})
    if (has_word(text.types, kind)) return true;
  return false;
}

struct DocumentText {
  std::string path;
  std::string display;
  XhtmlText text;
};

// Where a section starts: document index, line index within it.
struct Start {
  size_t document = 0;
  size_t line = 0;
  std::string title;
  std::string fragment;
  bool operator<(const Start& o) const {
    return document != o.document ? document < o.document : line < o.line;
  }
};

// The sections' starts from the table of contents: the entries that point into the text, in
// reading order (an entry pointing back is left out; of entries at one place, the deepest
// titles it, as a volume's entry and its first chapter's often share a document).
std::vector<Start> section_starts(const std::vector<DocumentText>& docs, const EpubToc& toc) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < docs.size(); ++i) index.emplace(docs[i].path, i);
  std::vector<Start> starts;
  for (const EpubTocEntry& e : toc.entries) {
    auto found = index.find(e.path);
    if (found == index.end()) continue;
    Start s{found->second, 0, e.title, ""};
    if (!e.fragment.empty()) {
      const auto& anchors = docs[s.document].text.anchors;
      auto anchor = anchors.find(e.fragment);
      if (anchor != anchors.end()) {
        s.line = anchor->second;
        s.fragment = e.fragment;
      }
    }
    if (!starts.empty() && s < starts.back()) continue;
    if (!starts.empty() && !(starts.back() < s)) {
      starts.back() = std::move(s);
      continue;
    }
    starts.push_back(std::move(s));
  }
  return starts;
}

class SectionWriter {
 public:
  explicit SectionWriter(const std::vector<DocumentText>& docs) : docs_(docs) {}

  // Lines [from, to) of the book (document, line) as one section.
  EpubSection make(const Start& from, const Start* to, const std::string& epub_display) {
    auto text = std::make_shared<MadeText>();
    std::map<size_t, std::uint32_t> doc_index;
    for (size_t d = from.document; d < docs_.size(); ++d) {
      if (to && d > to->document) break;
      size_t first = d == from.document ? from.line : 0;
      size_t last = to && d == to->document ? to->line : docs_[d].text.lines.size();
      if (first >= last) continue;
      auto [it, added] = doc_index.emplace(d, static_cast<std::uint32_t>(text->documents.size()));
      if (added) text->documents.push_back(docs_[d].display);
      if (!text->text.empty()) blank(text.get());  // a document ends a paragraph
      for (size_t k = first; k < last; ++k) {
        const XhtmlLine& line = docs_[d].text.lines[k];
        // A heading stands apart, as it does in a .txt.
        if (line.heading && !text->text.empty()) blank(text.get());
        text->text += line.text;
        text->text += '\n';
        text->lines.push_back({it->second, line.line});
        if (line.heading) blank(text.get());
      }
    }
    EpubSection section;
    section.title = from.title;
    section.display = epub_display + ":" + docs_[from.document].path +
                      (from.fragment.empty() ? "" : "#" + from.fragment);
    section.text = std::move(text);
    return section;
  }

 private:
  static void blank(MadeText* text) {
    if (text->text.size() >= 2 && text->text.compare(text->text.size() - 2, 2, "\n\n") == 0) return;
    text->text += '\n';
    text->lines.push_back({0, 0});
  }

  const std::vector<DocumentText>& docs_;
};

Result<EpubSource> read_archive(const ZipArchive& archive, const std::string& display,
                                const ZipLimits& limits, const std::string& fingerprint) {
  std::vector<std::string> problems;
  EntryReader reader(archive.get(), limits, &problems);
  auto refused = [&](const std::string& entry) -> Status {
    if (!problems.empty()) return Status::Error(display + ": " + problems.front());
    return Status::Error(display + ": " + entry + " is missing" + kRepair);
  };
  auto container = reader.read("META-INF/container.xml");
  if (!container) {
    if (!problems.empty()) return Status::Error(display + ": " + problems.front());
    return Status::Error(display +
                         ": not an EPUB (no META-INF/container.xml); give an EPUB, a .txt, a "
                         "folder of chapter files or a book.toml");
  }
  auto opf_path = package_path(*container, display);
  if (!opf_path) return opf_path.status();
  auto opf = reader.read(*opf_path);
  if (!opf) return refused(*opf_path);
  auto package = read_package(*opf, *opf_path, display);
  if (!package) return package.status();

  // The table of contents: the EPUB 3 nav, else the NCX (a damaged one is passed over: the
  // book is still read, as one text).
  EpubToc toc;
  for (const std::string& path : {package->nav, package->ncx}) {
    if (path.empty() || !toc.entries.empty()) continue;
    auto xml = reader.read(path);
    if (!xml) continue;
    auto read =
        path == package->nav ? read_nav(*xml, path, display) : read_ncx(*xml, path, display);
    if (read) toc = std::move(*read);
  }
  problems.clear();
  std::set<std::string> skip(package->not_text.begin(), package->not_text.end());
  skip.insert(toc.not_text.begin(), toc.not_text.end());
  skip.insert(package->nav);

  std::vector<DocumentText> docs;
  for (const SpineDocument& d : package->spine) {
    if (!d.linear || skip.count(d.path) || !is_text_document(d)) continue;
    auto bytes = reader.read(d.path);
    if (!bytes) return refused(d.path);
    auto text = read_xhtml_text(*bytes, display + ":" + d.path);
    if (!text) return text.status();
    // The book's title as the heading of the first text (pandoc puts the text before the
    // first chapter under one) is the title page's, not a chapter's.
    if (docs.empty() && !text->lines.empty() && text->lines.front().heading &&
        text->lines.front().text == package->metadata.title) {
      text->lines.erase(text->lines.begin());
      for (auto& [id, line] : text->anchors) line = line > 0 ? line - 1 : 0;
    }
    if (not_story(*text) || text->lines.empty()) continue;
    docs.push_back({d.path, display + ":" + d.path, std::move(*text)});
  }
  if (docs.empty()) {
    return Status::Error(display + ": the spine's documents hold no text; nothing to build (an " +
                         "EPUB of pictures cannot be rebuilt as text)");
  }

  EpubSource out;
  SectionWriter writer(docs);
  std::vector<Start> starts = section_starts(docs, toc);
  // A contents that names at most one place in the text (calibre's "Start") cuts nothing:
  // the book is then one text, read as a one-file .txt is.
  if (starts.size() < 2) starts.clear();
  Start book_start;
  if (starts.empty() || book_start < starts.front()) {
    const Start* end = starts.empty() ? nullptr : &starts.front();
    EpubSection front = writer.make(book_start, end, display);
    if (!front.text->text.empty()) out.sections.push_back(std::move(front));
  }
  for (size_t i = 0; i < starts.size(); ++i) {
    EpubSection s =
        writer.make(starts[i], i + 1 < starts.size() ? &starts[i + 1] : nullptr, display);
    if (!s.text->text.empty()) out.sections.push_back(std::move(s));
  }
  // Two sections starting in one document at anchors that are not found would share a name.
  std::map<std::string, int> seen;
  for (EpubSection& s : out.sections)
    if (int n = seen[s.display]++; n > 0) s.display += "#" + std::to_string(n + 1);

  out.book.display = display;
  out.book.metadata = package->metadata;
  out.book.fingerprint = fingerprint;
  if (!package->cover.empty()) {
    auto cover = reader.read(package->cover);
    if (cover) {
      out.book.cover = std::move(*cover);
      out.book.cover_name = display + ":" + package->cover;
    }
  }
  return out;
}

}  // namespace

Result<EpubSource> read_epub_source(const std::filesystem::path& path, const std::string& display,
                                    const ZipLimits& limits) {
  ContentHash fingerprint;
  if (!fingerprint.add_file(path))
    return Status::Error(display + ": cannot read the file; check its permissions");
  std::optional<ZipArchive> archive = ZipArchive::open(path);
  if (!archive) {
    return Status::Error(display +
                         ": not an EPUB (not a readable ZIP archive); give an EPUB, a .txt, a "
                         "folder of chapter files or a book.toml");
  }
  return read_archive(*archive, display, limits, fingerprint.hex());
}

Result<EpubSource> read_epub_source_bytes(std::string_view bytes, const std::string& display,
                                          const ZipLimits& limits) {
  std::optional<ZipArchive> archive = ZipArchive::open_bytes(bytes);
  if (!archive) {
    return Status::Error(display +
                         ": not an EPUB (not a readable ZIP archive); give an EPUB, a .txt, a "
                         "folder of chapter files or a book.toml");
  }
  return read_archive(*archive, display, limits, hash_hex(bytes));
}

}  // namespace novelbind
