#include "pipeline/pipeline.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <future>

#include "base/parallel.h"
#include "base/utf8.h"
#include "base/zip_library.h"
#include "cache/incremental.h"
#include "cache/page_cache.h"
#include "config/metadata_check.h"
#include "convert/book_language.h"
#include "convert/convert.h"
#include "ingest/ingest.h"
#include "ingest/line_origins.h"
#include "ingest/source_metadata.h"
#include "order/author_notes.h"
#include "order/book_residue.h"
#include "order/headingless_files.h"
#include "order/order.h"
#include "order/warning_lines.h"
#include "package/check.h"
#include "package/compress.h"
#include "package/epub_writer.h"
#include "package/epubcheck.h"
#include "package/identifier.h"
#include "package/output_guard.h"
#include "package/output_target.h"
#include "package/package.h"
#include "pipeline/book_cache.h"
#include "pipeline/cover_cache.h"
#include "pipeline/stage_clock.h"
#include "pipeline/strictness.h"
#include "render/cover_draw.h"
#include "render/front_matter.h"
#include "render/image_check.h"
#include "render/paint_library.h"
#include "render/render.h"
#include "render/templates.h"
#include "render/title_format.h"

namespace fs = std::filesystem;

namespace novelbind {

std::vector<Diagnostic> all_warnings(const Book& book) {
  std::vector<Diagnostic> out;
  for (const Chapter& c : book.chapters)
    out.insert(out.end(), c.warnings.begin(), c.warnings.end());
  out.insert(out.end(), book.warnings.begin(), book.warnings.end());
  return out;
}

namespace {

// Threads kept ready for the text stages while libraries load beside them: the main thread's
// helpers, the script detector's warm-up, the bigram count, the fillers' tally.
constexpr int kThreadsBesideLoading = 4;

// Where the book goes (output_target.h). A streamed book is made in a private folder first;
// result->output is the file the build writes, until deliver() sends it down the stream.
struct Destination {
  OutputTarget target;
  std::unique_ptr<StreamStaging> staging;
};

// The files of the book, and where it goes: never in place of one of them.
Result<InputPlan> plan_build(const BuildRequest& request, BuildResult* result,
                             Destination* destination) {
  auto plan = plan_input(request.input, request.config);
  if (!plan) return plan.status();
  auto target = resolve_output(request.output.empty() ? plan->default_output : request.output);
  if (!target) return target.status();
  destination->target = std::move(*target);
  if (destination->target.kind == OutputTarget::Kind::kStream) {
    auto staging = StreamStaging::create();
    if (!staging) return staging.status();
    destination->staging = std::move(*staging);
    result->output = destination->staging->book();
    return plan;  // a pipe or standard output is no input file
  }
  result->output = destination->target.file;
  if (Status s = check_output_path(result->output); !s) return s;
  // What stat() says of every input, asked once for the two that need it: the check below,
  // when the output exists, and the build cache's keys.
  std::error_code ec;
  if (!request.cache.empty() || fs::exists(result->output, ec)) stamp_inputs(*plan);
  if (Status s = check_output_spares_inputs(result->output, *plan, request.config); !s) return s;
  return plan;
}

// The finished, checked book down the stream, when the output is one.
Status deliver(Destination& destination, BuildResult* result) {
  if (!destination.staging) return Status::Ok();
  Status sent = stream_book(result->output, destination.target);
  result->output = destination.target.named;
  return sent;
}

// The book of the text stages becomes the build's, with its sources and cache counts.
Status take_text(const BuildRequest& request, const InputPlan& plan, BookText& text,
                 BuildResult* result) {
  result->sources = std::move(text.sources);
  if (result->cache.enabled) {
    result->cache.files_reused = text.files_reused;
    result->cache.files_rebuilt = static_cast<int>(plan.files.size()) - text.files_reused;
  }
  result->book = std::move(text.book);
  if (result->book.chapters.empty()) {
    return Status::Error(request.input.string() +
                         ": no chapter text in the input (the files are empty or blank); add "
                         "text to the chapter files");
  }
  return Status::Ok();
}

// Title, author and blurb: the settings, else what the book says of itself, in the book's
// script; the language, identifier and date.
void metadata_stage(Book& book, const Config& config, const BookText& cleaned,
                    const InputPlan& plan) {
  const Converter* converter = cleaned.converter.get();
  const std::string& default_title = plan.default_title;
  book.meta = config.book;
  if (plan.source_book) fill_source_metadata(*plan.source_book, &book.meta);
  // Flags and book.toml win over what the book says of itself.
  const BookMetadata& found = cleaned.metadata;
  for (const MetadataDecision& d : found.log) {
    bool overridden = (d.field == "title" && !book.meta.title.empty()) ||
                      (d.field == "author" && !book.meta.author.empty()) ||
                      (d.field == "description" && !book.meta.description.empty());
    spdlog::info("metadata: {}{}", relocate_message(d.message, plan),
                 overridden ? " (overridden by the settings)" : "");
  }
  if (book.meta.title.empty()) book.meta.title = without_control_characters(found.title);
  if (book.meta.title.empty()) book.meta.title = without_control_characters(default_title);
  if (book.meta.author.empty()) book.meta.author = without_control_characters(found.author);
  if (book.meta.description.empty()) book.meta.description = found.description;
  book.meta.title = converter->convert_text(book.meta.title);
  book.meta.author = converter->convert_text(book.meta.author);
  book.meta.description = converter->convert_text(book.meta.description);
  book.meta.series = converter->convert_text(book.meta.series);
  for (std::string& subject : book.meta.subjects) subject = converter->convert_text(subject);
  if (!config.language_set) {
    book.meta.language = cleaned.script.language;
    if (plan.source_book) {
      book.meta.language = source_language(*plan.source_book, cleaned.script.language);
    } else if (written_in_english(book.chapters)) {
      book.meta.language = "en";
      spdlog::info(
          "metadata: language en: the text is written in English, not Chinese; set another "
          "with --language or [book] language");
    }
  }
  if (book.meta.identifier.empty())
    book.meta.identifier = derive_identifier(book.meta.title, book.meta.author);
  book.meta.modified = cleaned.modified;
  if (title_lone_story(book.chapters, book.meta.title))
    spdlog::info("structure: the text before '{}' has no heading: the book's story, titled {}",
                 book.chapters[1].title, book.meta.title);
  // A book of one chapter without a heading (a short story: an unseen 越女剑, 鸳鸯刀) is the
  // book's story, titled by the book, not 第一章 by its place.
  if (book.chapters.size() == 1 && config.chapters.titles.empty() && !book.meta.title.empty()) {
    Chapter& only = book.chapters.front();
    if (only.heading.empty() && !only.front_matter && only.title.starts_with("第") &&
        only.title.ends_with("章") && utf8::length(only.title) <= 4)
      only.title = book.meta.title;
  }
}

// [style] templates; without it, the templates/ folder beside book.toml when there is one
// (what `novelbind init` writes), so that a project's copies are used without a setting.
fs::path template_folder(const Config& config) {
  if (!config.style.templates.empty()) return config.resolve(config.style.templates);
  if (config.toml_path.empty()) return {};
  std::error_code ec;
  fs::path beside = config.resolve("templates");
  return fs::is_directory(beside, ec) ? beside : fs::path();
}

// The rendered book on its way into the archive, with what the pages made last (the contents
// page) need: the templates and options, and the chapters still being rendered on other
// threads. It stays where it was made: the chapters rendered later refer to it.
struct Rendering {
  Task<void> cover_drawing;  // (first, so that it is waited for last)
  std::optional<Templates> templates;
  RenderOptions options;
  std::unique_ptr<PageCache> pages;  // chapters rendered and deflated by earlier builds
  std::optional<RenderedBook> documents;
  std::shared_ptr<ChapterStream> chapters_made;
  // Characters of the drawn cover shown as boxes, set once the cover is drawn (or read).
  std::shared_ptr<std::atomic<int>> cover_missing_glyphs = std::make_shared<std::atomic<int>>(0);
};

// A cover will be drawn (or its drawing looked up in the cache, whose key names the libraries'
// versions): none is given, and the input is no EPUB with a cover of its own.
bool cover_drawn(const Config& config, const InputPlan& plan) {
  return config.book.cover.empty() && plan.cover.empty() &&
         !(plan.source_book && !plan.source_book->cover.empty());
}

// The libraries that draw the cover (Pango, Cairo, fontconfig and its font list: about 30 ms)
// loaded on a thread of their own while the text stages run, which leave the other core mostly
// idle; the cover is drawn after them, when the title is known. Not when the cache holds a
// cover drawn by the same libraries: a rebuild most likely takes it from there, and the
// loading would only slow the text stages beside it. Waited for when dropped.
Task<void> load_cover_libraries_early(const Config& config, const InputPlan& plan,
                                      const BuildCache* cache) {
  if (!cover_drawn(config, plan) || cached_cover_libraries_unchanged(cache)) return {};
  return start_task([] {
    if (load_paint_library()) load_font_configuration();
  });
}

Status render_stage(Book& book, const Config& config, const InputPlan& plan, BookCache& cache,
                    const ProgressMeters& progress, Rendering* out) {
  int jobs = resolve_jobs(config.build.jobs);
  auto templates = Templates::load(template_folder(config));
  if (!templates) return templates.status();
  out->templates.emplace(std::move(*templates));
  auto options = load_render_options(config, jobs);
  if (!options) return options.status();
  out->options = std::move(*options);
  book.warnings.insert(book.warnings.end(), out->options.warnings.begin(),
                       out->options.warnings.end());
  // The source EPUB's own cover, unless the settings name one: checked as a user's cover is.
  if (!out->options.cover && plan.source_book && !plan.source_book->cover.empty()) {
    auto image = check_image(plan.source_book->cover, plan.source_book->cover_name);
    if (image) {
      spdlog::info("cover: {} ({}x{})", plan.source_book->cover_name, image->image.width,
                   image->image.height);
      out->options.cover = std::move(image->image);
    } else {
      spdlog::warn("{}; a cover is drawn instead", image.message());
    }
  }
  // The folder's own cover picture (cover.jpg beside the chapters), unless the settings name one.
  if (!out->options.cover && !plan.cover.empty()) {
    auto image = load_image(plan.cover);
    if (image) {
      spdlog::info(
          "cover: {} from the book's folder ({}x{}); give another with --cover or [book] "
          "cover",
          plan.cover.string(), image->image.width, image->image.height);
      out->options.cover = std::move(image->image);
    } else {
      // (The message names the picture, as the warning does.)
      std::string why = image.message();
      if (why.starts_with(plan.cover.string() + ": ")) why.erase(0, plan.cover.string().size() + 2);
      book.warnings.push_back(
          {"cover_image", plan.cover.string(), 0, why + "; a cover is drawn instead"});
    }
  }
  if (!out->options.cover) {  // drawn with the title and author, or taken from the cache
    spdlog::info(
        "cover: none given, so one is drawn with the title and author ({}x{} PNG); "
        "give a JPEG or PNG with --cover or [book] cover to use another",
        kDrawnCoverWidth, kDrawnCoverHeight);
    // Drawn on a thread of its own while the chapters are rendered: the archive takes it last.
    std::packaged_task<Result<SharedBytes>()> draw(
        [meta = book.meta, cache = cache.cache(), missing = out->cover_missing_glyphs] {
          int count = 0;
          auto drawn = drawn_cover(meta, cache, &count);
          *missing = count;
          if (!drawn) return Result<SharedBytes>(drawn.status());
          return Result<SharedBytes>(SharedBytes(std::move(drawn->bytes)));
        });
    out->options.cover_later = draw.get_future().share();
    out->cover_drawing = start_task(std::move(draw));
  }
  // Each chapter is rendered and deflated in one step (or taken from the cache), and its text
  // let go: a long book never holds its text, its XHTML and its compressed form at once.
  out->pages = std::make_unique<PageCache>(
      cache.cache(), chapter_page_context(book, *out->templates, out->options), cache.take_pages());
  out->options.pages = out->pages.get();
  out->options.release_text = true;
  out->options.contents_page_later = true;
  // New chapters of ordinary length are rendered and deflated on other threads while the
  // archive is written, each as soon as its turn comes (RenderOptions::chapters_later).
  out->options.chapters_later = true;
  out->options.progress = progress;
  auto rendered = render_book(book, *out->templates, out->options);
  if (!rendered) return rendered.status();
  out->chapters_made = std::move(rendered->stream);
  out->documents.emplace(std::move(*rendered));
  return Status::Ok();
}

// Everything the user should hear about is known now, before anything is written.
Status findings_stage(const BuildRequest& request, const Book& book) {
  if (request.on_findings) request.on_findings(book);
  if (std::string failure = strict_failure(book, request.config.build); !failure.empty())
    return Status::Error(failure);
  return Status::Ok();
}

// What only the drawn cover could tell, known once the archive has taken it: characters shown as
// boxes. A warning like the others (printed, in the report and the cache's findings); one that
// --strict or --fail-on makes fatal removes the book just written.
Status cover_findings(const BuildRequest& request, const Rendering& rendering,
                      BuildResult* result) {
  int missing = *rendering.cover_missing_glyphs;
  if (missing == 0) return Status::Ok();
  Diagnostic warning{"cover_glyphs", "", 0, missing_glyphs_message(missing)};
  if (request.on_late_warning) request.on_late_warning(warning);
  result->book.warnings.push_back(std::move(warning));
  if (std::string failure = strict_failure(result->book, request.config.build); !failure.empty()) {
    std::error_code ec;
    fs::remove(result->output, ec);
    return Status::Error(failure);
  }
  return Status::Ok();
}

// The documents not deflated yet (all but the chapters), on every core; `deflater` takes what
// it can from the cache.
// The compress stage's deflate, answered from the cache where an earlier build deflated the
// same bytes.
DeflateDocument deflate_with(DocumentDeflater& deflater) {
  return [&deflater](std::string_view data) { return deflater.deflate(data); };
}

Status compress_stage(Rendering& rendering, DocumentDeflater& deflater, const Config& config) {
  return deflate_documents(*rendering.documents, deflate_with(deflater),
                           resolve_jobs(config.build.jobs));
}

// The archive: the documents deflated on every core (`deflater` takes what it can from the
// cache), then written. The contents page, package document, nav and NCX are made (and
// deflated) on other threads while the chapters are written: they are the archive's last
// entries. `checksum` receives the written book's.
Status package_stage(const Book& book, const Config& config, Rendering& rendering,
                     DocumentDeflater& deflater, const fs::path& output, std::string* checksum) {
  auto write_book = [&](RenderedBook documents) {
    BookWideOptions book_wide;
    book_wide.contents_page = [&](const std::vector<TocEntry>& toc) -> Result<std::string> {
      auto page = render_contents_page(book, *rendering.templates, rendering.options, toc);
      if (!page) return page.status();
      return std::move(page->content);
    };
    book_wide.deflate = [&](std::string_view data) { return deflater.deflate(data); };
    Package package = package_book(book, std::move(documents), config, std::move(book_wide));
    Status s = write_zip(output, package.entries, book.meta.modified, checksum);
    if (package.making.valid()) package.making.wait();
    return s;
  };
  Status written = write_book(std::move(*rendering.documents));
  if (rendering.chapters_made) {
    // A chapter rendered meanwhile failed (its error is the build's), or came out in several
    // documents where one was listed (a template whose output is far larger than its text):
    // the book is then put together from the parts made and written again.
    Status made = rendering.chapters_made->wait();
    if (!made && made.message() == ChapterStream::kMispredicted) {
      auto again = rendering.chapters_made->reassemble();
      if (!again) return again.status();
      if (Status s =
              deflate_documents(*again, deflate_with(deflater), resolve_jobs(config.build.jobs));
          !s)
        return s;
      written = write_book(std::move(*again));
      std::error_code ec;
      if (!written) fs::remove(output, ec);  // not the book as first written either
    } else if (!made) {
      written = made;
    }
  }
  return written;
}

// --check and --epubcheck on the written book; a failing book is removed.
Status check_book(const BuildRequest& request, BuildResult* result, bool fresh,
                  const CheckedEntries* checked = nullptr,
                  const CheckedDocuments* documents = nullptr) {
  StageClock clock(&result->timings);
  std::error_code ec;
  // Always: a book that fails novelbind's own check is never left behind with exit 0.
  std::vector<std::string> problems;
  if (fresh || request.check) problems = check_epub(result->output, {}, checked, documents);
  if (!problems.empty()) {
    fs::remove(result->output, ec);
    return Status::Error(result->output.string() + ": the built book fails the structural check: " +
                         problems.front() + "; the book was not written (please report this)");
  }
  clock.done("check");
  if (request.epubcheck) {
    if (Status s = run_epubcheck(result->output); !s) {
      fs::remove(result->output, ec);
      return s;
    }
    clock.done("epubcheck");
  }
  return Status::Ok();
}

}  // namespace

void order_book(Book& book, const Config& config, BookMetadata& found) {
  BookNames names;
  for (const std::string* t : {&config.book.title, static_cast<const std::string*>(&found.title)})
    if (!t->empty()) names.titles.push_back(*t);
  for (const std::string* a : {&config.book.author, static_cast<const std::string*>(&found.author)})
    if (!a->empty()) names.authors.push_back(*a);
  const bool preview = std::find(config.clean.disable.begin(), config.clean.disable.end(),
                                 "new_book_preview") == config.clean.disable.end();
  order_chapters(book, config.chapters, preview ? &names.titles : nullptr);
  std::string author = remove_book_residue(book, names, config.clean.disable);
  remove_empty_sections(book);  // (a front matter of nothing but residue: a running header)
  title_headingless_by_first_line(book.chapters);
  title_bare_headings_by_next_line(book.chapters);
  if (found.author.empty() && !author.empty()) {
    found.author = author;
    found.log.push_back({"author", "author " + author +
                                       " from the breadcrumbs between chapters (…-->" +
                                       (found.title.empty() ? "…" : found.title) + "-->…)"});
  }
  keep_author_notes_apart(book, config.clean.author_notes);
}

Result<BookText> run_text_stages(const InputPlan& plan, const Config& config,
                                 std::vector<StageTiming>* timings,
                                 const FileStageOptions& options) {
  auto text = run_file_stages(plan, config, timings, options);
  if (!text) return text.status();
  StageClock clock(timings);
  Book& book = text->book;
  log_script_repairs(book.chapters, text->script);
  if (book.chapters.empty()) return text;  // the caller says what is missing
  std::map<std::string, int> starts = chapter_start_lines(book);
  order_book(book, config, text->metadata);
  locate_warnings(book, starts);
  relocate_findings(book, plan);
  // The order stage is the last to read the reused chapters' texts (their edges).
  if (text->release_stored_text) text->release_stored_text();
  spdlog::info("order: {} chapter(s) in reading order", book.chapters.size());
  clock.done("order");
  return text;
}

Result<BuildResult> run_build(const BuildRequest& request) {
  const Config& config = request.config;
  BuildResult result;
  StageClock start(&result.timings);
  Destination destination;
  auto plan = plan_build(request, &result, &destination);
  if (!plan) return plan.status();
  BookCache cache(request, &result);
  auto reused = cache.open(*plan, &start);
  if (!reused) return reused.status();
  if (*reused) {
    if (Status s = check_book(request, &result, /*fresh=*/false); !s) return s;
    cache.finish_reused();
    if (Status s = deliver(destination, &result); !s) return s;
    return result;
  }

  // Threads for the text stages made first: none can be made while libraries load beside them
  // (libzip, which the package stage needs, and the cover's).
  keep_threads(2 + kThreadsBesideLoading);
  Task<void> zip_library = start_task([] { (void)load_zip_library(); });
  Task<void> cover_libraries = load_cover_libraries_early(config, *plan, cache.cache());
  auto text =
      run_text_stages(*plan, config, &result.timings, cache.file_stage_options(request.progress));
  if (!text) return text.status();
  StageClock clock(&result.timings);
  if (Status s = take_text(request, *plan, *text, &result); !s) return s;
  Book& book = result.book;
  metadata_stage(book, config, *text, *plan);
  // (The metadata's conversion may be the first to need OpenCC, in a book read from the cache.)
  if (Status s = text->converter->status(); !s) return s;
  if (int n = apply_title_format(book, config.chapters.title_format); n > 0)
    spdlog::info("title_format: {} chapter title(s) written as '{}'", n,
                 config.chapters.title_format);
  result.script_target = text->script.target;
  Rendering rendering;
  if (Status s = render_stage(book, config, *plan, cache, request.progress, &rendering); !s)
    return s;
  clock.done("render and compress chapters");
  if (Status s = findings_stage(request, book); !s) return s;

  DocumentDeflater deflater(cache.cache(), cache.take_deflate());
  if (Status s = compress_stage(rendering, deflater, config); !s) return s;
  clock.done("compress");
  cache.set_aside(result.output);
  std::string checksum;
  Status written = package_stage(book, config, rendering, deflater, result.output, &checksum);
  cache.keep_rendered(*rendering.pages, deflater);
  if (!written) return written;
  clock.done("package");
  if (Status s = cover_findings(request, rendering, &result); !s) return s;

  cache.store_book(checksum, destination.staging != nullptr);
  Status verified =
      check_book(request, &result, /*fresh=*/true, cache.checked(), rendering.pages->checked());
  clock.restart();  // (check_book timed itself)
  if (Status s = cache.keep(verified, &clock); !s) return s;
  if (Status s = deliver(destination, &result); !s) return s;
  return result;
}

}  // namespace novelbind
