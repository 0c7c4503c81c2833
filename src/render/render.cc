#include "render/render.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "base/byte_scan.h"
#include "base/parallel.h"
#include "render/chapter_renderer.h"
#include "render/cover_draw.h"
#include "render/front_matter.h"
#include "render/image_check.h"
#include "render/labels.h"
#include "render/typeset.h"

namespace novelbind {

namespace mustache = kainjow::mustache;

std::string xml_escape(std::string_view text) {
  // Runs without a special character (nearly all of a Chinese text) are copied whole.
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    // Every special character is at or below '>': most bytes are passed over by one test,
    // eight at a time where none of them is.
    while (i + 8 <= text.size() && !byte_scan::has_below(byte_scan::load8(text.data() + i), '?'))
      i += 8;
    if (i >= text.size()) break;
    if (static_cast<unsigned char>(text[i]) > '>') continue;
    std::string_view entity;
    switch (text[i]) {
      case '&':
        entity = "&amp;";
        break;
      case '<':
        entity = "&lt;";
        break;
      case '>':
        entity = "&gt;";
        break;
      case '"':
        entity = "&quot;";
        break;
      default:
        continue;
    }
    out.append(text.substr(start, i - start));
    out.append(entity);
    start = i + 1;
  }
  out.append(text.substr(start));
  return out;
}

Result<RenderOptions> load_render_options(const Config& config, int jobs) {
  RenderOptions o;
  o.vertical = config.style.writing_mode == "vertical";
  o.cover_page = config.style.cover_page;
  o.title_page = config.style.title_page;
  o.intro_page = config.style.intro_page;
  o.toc_page = config.style.toc_page;
  o.jobs = jobs;
  if (!config.book.cover.empty()) {
    const std::filesystem::path path = config.resolve(config.book.cover);
    auto image = load_image(path);
    if (!image) return image.status();
    if (image->scaled()) {
      o.warnings.push_back(
          {"cover_image", path.string(), 0,
           "the cover is " + std::to_string(image->given_width) + "x" +
               std::to_string(image->given_height) + " pixels; scaled down to " +
               std::to_string(image->image.width) + "x" + std::to_string(image->image.height) +
               " (e-readers show no more than " + std::to_string(kMaxCoverSide) +
               " a side; Kindle asks for 1600x2560); give a smaller picture to keep its bytes"});
    }
    o.cover = std::move(image->image);
  }  // else the pipeline draws one, after a source EPUB's own cover is looked at, and says so
  if (!config.style.css.empty()) {
    std::filesystem::path path = config.resolve(config.style.css);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      return Status::Error(path.string() +
                           ": cannot read the stylesheet named by [style] css; check the path");
    }
    std::ostringstream s;
    s << in.rdbuf();
    o.extra_css = s.str();
  }
  return o;
}

namespace {

std::string chapter_id(size_t n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ch%04zu", n);
  return buf;
}

std::string volume_id(size_t n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "vol%02zu", n);
  return buf;
}

// base.css, then the writing mode's rules, then the user's own; a @charset is valid only at
// the very start of the file, so the user's is dropped.
std::string stylesheet(const Templates& templates, const RenderOptions& options) {
  std::string css = templates.get("base.css").text;
  css += "\n";
  css += templates.get(options.vertical ? "vertical.css" : "horizontal.css").text;
  if (!options.extra_css.empty()) {
    std::string extra = options.extra_css;
    if (extra.rfind("\xEF\xBB\xBF", 0) == 0) extra.erase(0, 3);
    if (extra.rfind("@charset", 0) == 0) extra.erase(0, extra.find(';') + 1);
    css += "\n/* [style] css */\n" + extra;
  }
  return css;
}

}  // namespace

std::string chapter_page_context(const Book& book, const Templates& templates,
                                 const RenderOptions& options) {
  std::string context = book.meta.language + '\n' + book.meta.title + '\n' + book.meta.author +
                        '\n' + (options.vertical ? "vertical" : "horizontal") + '\n' +
                        std::to_string(options.max_document_bytes) + '\n';
  context += templates.get("chapter.xhtml").text;
  return context;
}

namespace {

// A chapter's documents for assemble(): ready (XHTML, or deflated with `pages`), or being made
// on another thread (one document, see RenderOptions::chapters_later).
struct ChapterParts {
  std::vector<std::string> xhtml;
  std::vector<SharedBytes> deflated;
  std::shared_future<Result<SharedBytes>> later;
  size_t count() const { return later.valid() ? 1 : std::max(xhtml.size(), deflated.size()); }
};

// Whether a chapter is far enough below the document limit to be one document with any
// ordinary template (its text and a generous allowance for markup within half the limit).
bool clearly_one_document(const Chapter& c, std::size_t limit) {
  std::size_t bytes = 4 * c.title.size() + 8192;
  if (c.paragraphs.is_stored()) {
    bytes += c.paragraphs.stored_bytes() + 64 * c.paragraphs.size();
  } else {
    for (const Paragraph& p : c.paragraphs) bytes += p.text.size() + 64;
  }
  return bytes <= limit / 2;
}

// The book's documents in order (front matter, volumes and chapters, stylesheet, cover
// image), its TOC and landmarks, from each chapter's parts.
Result<RenderedBook> assemble(const Book& book, const Templates& templates,
                              const RenderOptions& options, std::vector<ChapterParts>& parts) {
  RenderedBook out;
  const Labels labels = labels_for(book.meta.language);
  std::vector<Document> body;
  std::vector<SharedBytes> body_deflated;  // parallel to body
  std::vector<std::shared_future<Result<SharedBytes>>> body_later;
  std::string current_volume;
  size_t volumes = 0, chapters = 0;
  for (size_t i = 0; i < book.chapters.size(); ++i) {
    const Chapter& c = book.chapters[i];
    if (!c.volume.empty() && (c.volume != current_volume || out.toc.empty())) {
      // The split stage turns text under a volume heading (before its first chapter) into a
      // section titled like the volume: that text belongs on the volume's page.
      bool own_section = c.title == c.volume;
      std::string vid = volume_id(++volumes);
      auto page =
          render_volume_page(book, templates, options, c.volume,
                             own_section ? c.paragraphs.all() : std::vector<Paragraph>(), vid);
      if (!page) return page.status();
      out.toc.push_back(TocEntry{c.volume, page->href + "#heading", {}});
      body.push_back(std::move(*page));
      body_deflated.emplace_back();
      body_later.emplace_back();
      current_volume = c.volume;
      if (own_section) continue;
    }
    current_volume = c.volume;
    std::string id = chapter_id(++chapters);
    TocEntry entry{c.title, "text/" + id + ".xhtml#heading", {}};
    if (c.volume.empty())
      out.toc.push_back(std::move(entry));
    else
      out.toc.back().children.push_back(std::move(entry));
    ChapterParts& made = parts[i];
    for (size_t p = 0; p < made.count(); ++p) {
      std::string part_id = p == 0 ? id : id + "_" + std::to_string(p + 1);
      std::string content = p < made.xhtml.size() ? std::move(made.xhtml[p]) : std::string();
      body.push_back({"text/" + part_id + ".xhtml", part_id, "application/xhtml+xml",
                      std::move(content), "", true, true, false});
      body_deflated.push_back(p < made.deflated.size() ? made.deflated[p] : SharedBytes());
      body_later.push_back(made.later);
    }
  }

  // The author's notes kept apart: a page after the last chapter, last in the contents.
  auto notes = render_notes_page(book, templates, options);
  if (!notes) return notes.status();
  if (notes->has_value()) {
    out.toc.push_back(TocEntry{labels.notes, std::string(kNotesHref) + "#heading", {}});
    body.push_back(std::move(**notes));
    body_deflated.emplace_back();
    body_later.emplace_back();
  }

  auto cover = render_cover(book, templates, options);
  if (!cover) return cover.status();
  if (cover->page) {
    out.landmarks.push_back({"cover", labels.cover, cover->page->href});
    out.documents.push_back(std::move(*cover->page));
  }
  if (options.title_page) {
    auto page = render_title_page(book, templates, options);
    if (!page) return page.status();
    out.landmarks.push_back({"titlepage", labels.titlepage, page->href});
    out.documents.push_back(std::move(*page));
  }
  if (options.intro_page) {
    auto page = render_intro_page(book, templates, options);
    if (!page) return page.status();
    if (page->has_value()) out.documents.push_back(std::move(**page));
  }
  if (options.toc_page) {
    auto page = options.contents_page_later
                    ? Result<Document>(contents_page_document(""))
                    : render_contents_page(book, templates, options, out.toc);
    if (!page) return page.status();
    out.landmarks.push_back({"toc", labels.contents, page->href});
    out.documents.push_back(std::move(*page));
  }
  if (!body.empty()) {
    std::string label = out.toc.empty() ? body.front().id : out.toc.front().label;
    out.landmarks.push_back({"bodymatter", label, body.front().href});
  }
  out.deflated.assign(out.documents.size(), SharedBytes());
  out.later.resize(out.documents.size());
  for (Document& d : body) out.documents.push_back(std::move(d));
  for (SharedBytes& d : body_deflated) out.deflated.push_back(std::move(d));
  for (auto& l : body_later) out.later.push_back(std::move(l));
  out.documents.push_back(
      {"styles/book.css", "css", "text/css", stylesheet(templates, options), "", false, true});
  out.documents.push_back(std::move(cover->image));
  out.deflated.resize(out.documents.size());
  out.later.resize(out.documents.size());
  out.later.back() = std::move(cover->image_later);
  return out;
}

}  // namespace

ChapterStream::~ChapterStream() {
  if (work_.valid()) work_.wait();
}

Status ChapterStream::wait() {
  if (work_.valid()) work_.get();
  return status_;
}

Result<RenderedBook> ChapterStream::reassemble() {
  return reassemble_();
}

Result<RenderedBook> render_book(Book& book, const Templates& templates,
                                 const RenderOptions& options) {
  // Chapters first (in parallel: each is independent), so that the contents page can list
  // them; the front matter goes before them in the document list.
  auto renderer = std::make_shared<ChapterRenderer>(book, templates, options);
  const size_t n = book.chapters.size();
  auto parts = std::make_shared<std::vector<ChapterParts>>(n);
  std::shared_ptr<ProgressMeter> progress = open_meter(options.progress, "render", n);
  // Once chapter i's documents are made: the volume's own text stays for the volume's page,
  // any other chapter lets go of its text.
  auto done = [&book, &options](size_t i) {
    Chapter& c = book.chapters[i];
    bool volume_text = c.title == c.volume && !c.volume.empty();
    if (volume_text) c.paragraphs.all();  // read now: the volume's page is made later
    if (options.release_text && !volume_text) c.paragraphs.release();
  };
  // Renders chapter i (from `pages` when set) and lets go of its text.
  auto make = [&book, renderer, &options, progress, done](size_t i) {
    progress->advance();
    Chapter& c = book.chapters[i];
    auto render = [&] { return renderer->render(c); };
    Result<ChapterParts> out = ChapterParts();
    if (options.pages) {
      auto deflated = options.pages->deflated(c, render);
      if (deflated)
        out->deflated = std::move(*deflated);
      else
        out = deflated.status();
    } else {
      auto xhtml = render();
      if (xhtml)
        out->xhtml = std::move(*xhtml);
      else
        out = xhtml.status();
    }
    done(i);
    return out;
  };

  // Chapters left to other threads (RenderOptions::chapters_later): new ones of ordinary
  // length, each one document. Those in `pages` already are taken from it first.
  std::vector<size_t> later;
  std::vector<char> is_later(n, 0), ready(n, 0);
  if (options.pages && options.chapters_later) {
    parallel_for(n, std::max(1, options.jobs), [&](size_t i) {
      if (auto found = options.pages->ready(book.chapters[i])) {
        progress->advance();
        (*parts)[i].deflated = std::move(*found);
        done(i);
        ready[i] = 1;
      }
    });
    bool tried = false;  // one new chapter is rendered now, so that a broken template stops
                         // the build here, before its findings are printed
    for (size_t i = 0; i < n; ++i) {
      const Chapter& c = book.chapters[i];
      bool volume_text = c.title == c.volume && !c.volume.empty();
      if (ready[i] || volume_text || !clearly_one_document(c, options.max_document_bytes)) continue;
      if (!tried) {
        tried = true;
        continue;
      }
      later.push_back(i);
      is_later[i] = 1;
    }
  }
  std::vector<Status> errors(n);
  parallel_for(n, std::max(1, options.jobs), [&](size_t i) {
    if (is_later[i] || ready[i]) return;
    auto made = make(i);
    if (made)
      (*parts)[i] = std::move(*made);
    else
      errors[i] = made.status();
  });
  for (const Status& s : errors)
    if (!s) return s;
  if (later.empty()) {
    progress->finish();
    return assemble(book, templates, options, *parts);
  }

  // The rest, on other threads while the book is packaged and written.
  auto promises = std::make_shared<std::vector<std::promise<Result<SharedBytes>>>>(n);
  for (size_t i : later) (*parts)[i].later = (*promises)[i].get_future().share();
  auto rendered = assemble(book, templates, options, *parts);
  if (!rendered) return rendered.status();
  auto stream = std::make_shared<ChapterStream>();
  ChapterStream* state = stream.get();
  stream->work_ =
      start_task([make, later, promises, parts, progress, state, jobs = std::max(1, options.jobs)] {
        std::vector<Status> failed(later.size());
        std::vector<char> several(later.size(), 0);  // (not vector<bool>: set from several threads)
        parallel_for(later.size(), jobs, [&](size_t k) {
          size_t i = later[k];
          auto made = make(i);
          ChapterParts& mine = (*parts)[i];
          mine.later = {};
          if (!made) {
            failed[k] = made.status();
            (*promises)[i].set_value(made.status());
            return;
          }
          mine.deflated = std::move(made->deflated);
          several[k] = mine.deflated.size() != 1;
          if (mine.deflated.empty())
            (*promises)[i].set_value(Status::Error(ChapterStream::kMispredicted));
          else
            (*promises)[i].set_value(mine.deflated.front());
        });
        progress->finish();
        for (size_t k = 0; k < later.size(); ++k) {
          if (!failed[k]) {
            state->status_ = failed[k];
            return;
          }
        }
        for (size_t k = 0; k < later.size(); ++k) {
          if (several[k]) {
            state->status_ = Status::Error(ChapterStream::kMispredicted);
            return;
          }
        }
      });
  stream->reassemble_ = [&book, &templates, &options, parts] {
    return assemble(book, templates, options, *parts);
  };
  rendered->stream = std::move(stream);
  return rendered;
}

}  // namespace novelbind
