#include "ingest/ingest.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "base/file_bytes.h"
#include "base/parallel.h"
#include "base/utf8.h"
#include "ingest/encoding.h"
#include "ingest/epub_source.h"
#include "ingest/file_name_text.h"
#include "ingest/folder_cover.h"
#include "ingest/natural_sort.h"
#include "ingest/yaml_header.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

std::string lower_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  return ext;
}

// The chapter files a folder is read for: .txt, else (a crawler that saved Markdown) .md.
enum class ChapterFiles { kText, kMarkdown };

bool is_chapter_file(const fs::path& p, ChapterFiles kind) {
  const std::string ext = lower_extension(p);
  return kind == ChapterFiles::kText ? ext == ".txt" : ext == ".md" || ext == ".markdown";
}

// Whether a folder's name is one of what follows the story, alone or before its title, with no
// number before it (番外, 番外篇 江湖夜雨, 后记): it then stands after the volumes.
bool follows_the_story(std::string_view name) {
  for (std::string_view word :
       {"番外", "外传", "外傳", "尾声", "尾聲", "后记", "後記", "完本感言", "附录", "附錄"})
    if (name.starts_with(word)) return true;
  return false;
}

// Whether a folder's entry named `name` is hidden: no chapter, nor a volume. So is what an
// archive made on a Mac holds beside the files (__MACOSX/, and ._001.txt: the resource fork of
// 001.txt, binary).
bool is_hidden_entry(std::string_view name) {
  return name.empty() || name[0] == '.' || name == "__MACOSX";
}

// Sub-folders are volumes; deeper ones are read into the volume they are in.
constexpr int kMaxFolderDepth = 4;

// The chapter files of `kind` in `folder` in natural order, sub-folders in place among them
// (their files carry the sub-folder's name as their volume).
Status list_into(const fs::path& folder, ChapterFiles kind, int depth, const std::string& volume,
                 int* folders, int folder_index, std::vector<InputFile>* out) {
  auto is_chapter = [kind](const fs::path& p) { return is_chapter_file(p, kind); };
  std::error_code ec;
  struct Entry {
    std::string name;
    fs::path path;
    bool directory;
    std::string stem;  // a file's name without its extension (sorted first), once
  };
  std::vector<Entry> entries;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    std::error_code type_ec;
    // (Sorted, titled and named in messages by the name as text: name_text.)
    const std::string name = name_text(entry.path().filename().string());
    if (is_hidden_entry(name)) continue;
    // A linked folder is not followed: links can make loops.
    if (entry.is_directory(type_ec) && !entry.is_symlink(type_ec)) {
      if (depth < kMaxFolderDepth) entries.push_back({name, entry.path(), true, ""});
    } else if (entry.is_regular_file(type_ec) && is_chapter(entry.path())) {
      entries.push_back({name, entry.path(), false, fs::path(name).stem().string()});
    } else if (type_ec == std::errc::too_many_symbolic_link_levels && is_chapter(entry.path())) {
      return Status::Error(entry.path().string() +
                           ": a symbolic link loop (a link that leads back to itself); remove "
                           "the link or point it at a file");
    } else if (std::error_code link_ec; entry.is_symlink(link_ec) && is_chapter(entry.path()) &&
                                        !fs::exists(entry.path(), link_ec)) {
      // (A chapter file that is a link to nothing: left out, the book would start at 第2章.)
      std::error_code read_ec;
      const fs::path target = fs::read_symlink(entry.path(), read_ec);
      return Status::Error(entry.path().string() + ": a link to a file that does not exist (" +
                           target.string() +
                           "); put the chapter file in its place, or remove the link");
    }
  }
  if (ec) return Status::Error(folder.string() + ": cannot list the folder: " + ec.message());
  // (A folder of what follows the story, named by its word alone, after the volumes: 番外/
  // sorted before 第一卷/ by its characters.)
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    const bool a_after = a.directory && follows_the_story(a.name);
    const bool b_after = b.directory && follows_the_story(b.name);
    if (a_after != b_after) return b_after;
    // A file's name without its extension first: 0002.txt is page 1 of 0002(2).txt and
    // 0002-2.txt, whose marks sort before its dot.
    if (!a.directory && !b.directory && a.stem != b.stem) return natural_less(a.stem, b.stem);
    return natural_less(a.name, b.name);
  });
  for (const Entry& e : entries) {
    if (!e.directory) {
      InputFile file(e.path, path_text(e.path), volume, folder_index);
      if (e.name != e.path.filename().string()) file.name = fs::path(e.name).stem().string();
      out->push_back(std::move(file));
      continue;
    }
    bool top = depth == 0;
    int index = top ? ++*folders : folder_index;
    std::string name = top ? e.name : volume;
    if (Status s = list_into(e.path, kind, depth + 1, name, folders, index, out); !s) return s;
  }
  return Status::Ok();
}

// A file of the chapters' titles beside files named by their numbers alone (a crawler's
// title_name.txt or 目录.txt: its line N titles N.txt): no chapter of the book. Taken out of
// `files`, its lines named to the files, when its name says what it is, every other file of
// the folder's top is named by a number, and it holds a short line for each of them.
void take_title_file(std::vector<InputFile>* files) {
  constexpr std::size_t kMaxTitle = 40;  // code points
  static constexpr std::array<std::string_view, 8> kWords = {"title", "目录",     "目錄", "index",
                                                             "toc",   "contents", "章节", "章節"};
  auto number_of = [](const InputFile& f) -> long long {
    const std::string stem = f.path.stem().string();
    if (stem.empty() || stem.size() > 6 || !f.volume.empty() ||
        !std::all_of(stem.begin(), stem.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return 0;
    return std::stoll(stem);
  };
  std::size_t index = files->size(), numbered = 0;
  long long highest = 0;
  for (std::size_t i = 0; i < files->size(); ++i) {
    const InputFile& f = (*files)[i];
    if (long long n = number_of(f)) {
      ++numbered;
      highest = std::max(highest, n);
      continue;
    }
    std::string stem = f.path.stem().string();
    std::transform(stem.begin(), stem.end(), stem.begin(), ::tolower);
    const bool named = f.volume.empty() && std::any_of(kWords.begin(), kWords.end(), [&](auto w) {
                         return stem.find(w) != std::string::npos;
                       });
    if (!named || index != files->size()) return;  // (another file, or a second index)
    index = i;
  }
  if (index == files->size() || numbered + 1 != files->size() || numbered < 2) return;
  std::optional<std::string> bytes = read_file_bytes((*files)[index].path);
  if (!bytes) return;
  // (UTF-8 only: a title file in another encoding is left a chapter.)
  for (std::size_t i = 0, n = 0; i < bytes->size(); i += n)
    if (utf8::decode_strict(*bytes, i, &n) == utf8::kInvalid) return;
  std::vector<std::string> titles;
  for (std::size_t from = 0; from < bytes->size();) {
    std::size_t end = bytes->find('\n', from);
    if (end == std::string::npos) end = bytes->size();
    std::string_view line = utf8::trim(std::string_view(*bytes).substr(from, end - from));
    from = end + 1;
    if (line.empty()) continue;
    if (utf8::length(line) > kMaxTitle || line.ends_with("。")) return;
    titles.emplace_back(line);
  }
  if (titles.size() < static_cast<std::size_t>(highest)) return;
  files->erase(files->begin() + static_cast<std::ptrdiff_t>(index));
  // (As a file named by its number and title would be: 5_进入秘境，遇灵果.)
  for (InputFile& f : *files)
    f.name = f.stem() + "_" + titles[static_cast<std::size_t>(number_of(f)) - 1];
}

// A line or a file's name as a contents file's line is compared with another's: without spaces,
// Latin letters in lower case.
std::string contents_key(std::string_view text) {
  return utf8::ascii_lower(utf8::without_spaces(utf8::trim(text)));
}

// The text of a file beside the chapters, decoded as a chapter file's is; nullopt when it cannot
// be read or decoded (it is then left a chapter: its error is the build's).
std::optional<std::string> decoded_file_text(const InputFile& f) {
  std::optional<std::string> bytes = read_file_bytes(f.path);
  if (!bytes) return std::nullopt;
  auto decoded = decode_text(*bytes, f.display, {});
  if (!decoded) return std::nullopt;
  return std::move(decoded->text);
}

// Whether a file that names `named` of the folder's `others` other files speaks of the folder
// (its contents, a record of it): at least two of them, at least half.
bool names_the_folder(std::size_t named, std::size_t others) {
  return named >= 2 && 2 * named >= others;
}

// What a warning of a file left out of the book tells the user to do instead.
constexpr std::string_view kChooseFiles =
    "; list the chapter files in book.toml ([chapters] files) to choose them yourself";

// Where a file whose name is `key` (contents_key) stands among a contents file's `lines`: the
// first line that is its name, or, for a name that ends in a number N after a space (Interlude 3),
// the Nth line that is the rest (a converter numbers the files of a title the contents repeats:
// Interlude, Interlude, ...). npos when it is not listed.
std::size_t contents_place(const std::vector<std::string>& lines, const std::string& key) {
  if (auto it = std::find(lines.begin(), lines.end(), key); it != lines.end())
    return static_cast<std::size_t>(it - lines.begin());
  std::size_t digits = key.size();
  while (digits > 0 && key[digits - 1] >= '0' && key[digits - 1] <= '9') --digits;
  if (digits == key.size() || digits == 0 || key.size() - digits > 3) return std::string::npos;
  // (contents_key took the space out: Interlude 3 is interlude3.)
  const std::string base = key.substr(0, digits);
  const int nth = std::stoi(key.substr(digits));
  int seen = 0;
  for (std::size_t k = 0; k < lines.size(); ++k)
    if (lines[k] == base && ++seen == nth) return k;
  return std::string::npos;
}

// The listed files in the order the contents gives them, in the places the listed files held
// (those it does not list keep theirs); whether that moved any. A light novel's files are named by
// their titles (Prelude 1.txt, Interlude 1.txt, ⑩于是，比企谷八幡如是说。.txt), whose order by name
// is not the book's.
bool in_contents_order(std::vector<InputFile>* files, const std::vector<std::size_t>& place) {
  std::vector<std::size_t> slots;
  for (std::size_t k = 0; k < files->size(); ++k)
    if (place[k] != std::string::npos) slots.push_back(k);
  std::vector<std::size_t> by_place = slots;
  std::stable_sort(by_place.begin(), by_place.end(),
                   [&](std::size_t a, std::size_t b) { return place[a] < place[b]; });
  if (by_place == slots) return false;
  std::vector<InputFile> ordered = *files;
  for (std::size_t n = 0; n < slots.size(); ++n) ordered[slots[n]] = (*files)[by_place[n]];
  *files = std::move(ordered);
  return true;
}

// A contents file beside the chapter files (目录.txt, contents.txt): the book's titles, often
// after its blurb, no chapter; its heading lines would even teach the book a heading scheme of
// their own (an unseen light novel's 目录.txt listed Prelude 1 to Prelude 4 beside the files
// Prelude 1.txt and Prelude 2.txt: its Prelude 3 and Prelude 4 became chapters "3" and "4" in
// the middle of the book, and the files' chapters "1" and "2"). Taken out of `files`, with a
// warning, when its name is only a contents word and at least two of its lines are other files'
// names, at least half of them. (A folder of files named by their numbers beside a list of their
// titles is take_title_file's.)
void take_contents_file(std::vector<InputFile>* files, std::vector<Diagnostic>* warnings) {
  static constexpr std::array<std::string_view, 11> kNames = {
      "目录",   "目錄",     "目次", "章节目录", "章節目錄", "总目录",
      "總目錄", "contents", "toc",  "index",    "索引"};
  if (files->size() < 3) return;
  for (std::size_t i = 0; i < files->size();) {
    const InputFile& f = (*files)[i];
    const std::string name = contents_key(f.stem());
    if (std::find(kNames.begin(), kNames.end(), name) == kNames.end()) {
      ++i;
      continue;
    }
    const std::optional<std::string> text = decoded_file_text(f);
    if (!text) return;
    std::vector<std::string> lines;
    for (std::string_view rest = *text; !rest.empty();) {
      std::size_t end = std::min(rest.find('\n'), rest.size());
      // (A line may name a file with its extension: 甄士隐梦幻识通灵.txt.)
      std::string key = contents_key(rest.substr(0, end));
      for (std::string_view extension : {".txt", ".md"})
        if (key.size() > extension.size() && key.ends_with(extension))
          key.resize(key.size() - extension.size());
      if (!key.empty()) lines.push_back(key);
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    // The files it may list: the book's, or, in a volume's folder, that volume's (第一卷/目录.txt
    // lists 第一卷's files, in its order).
    const bool in_volume = !f.volume.empty();
    auto beside = [&](const InputFile& o) {
      return !in_volume || (o.volume == f.volume && o.folder == f.folder);
    };
    // Where each other file stands in the contents (npos: not listed).
    std::vector<std::size_t> place(files->size(), std::string::npos);
    std::size_t listed = 0, others = 0;
    for (std::size_t k = 0; k < files->size(); ++k) {
      if (k == i || !beside((*files)[k])) continue;
      ++others;
      place[k] = contents_place(lines, contents_key((*files)[k].stem()));
      listed += place[k] != std::string::npos;
    }
    if (!names_the_folder(listed, others)) {
      ++i;
      continue;
    }
    const std::string display = f.display;
    files->erase(files->begin() + static_cast<std::ptrdiff_t>(i));
    place.erase(place.begin() + static_cast<std::ptrdiff_t>(i));
    const bool reordered = in_contents_order(files, place);
    warnings->push_back(
        {"contents_file", display, 0,
         std::string(in_volume ? "the volume's" : "the book's") + " contents (" +
             std::to_string(listed) + " of its lines name the folder's " + std::to_string(others) +
             " other files), not a chapter: left out of the book" +
             (reordered ? "; the files it lists are read in its order, not by their names" : "") +
             std::string(kChooseFiles)});
    if (!in_volume) return;  // (the book's one contents)
  }
}

// A record of the folder beside its chapter files (a converter's convert_log.md: a table of
// `01_序章.md`, `02_第一话　「大小姐的暴力」.md`… with their sources and word counts, then the
// files it skipped): it names the other files by their file names, extension included, which
// no story does. Taken out of `files`, with a warning, when it names at least two of the
// folder's other files so, at least half of them. Only a file whose name holds no digit among
// files that do is looked at (a folder's chapter files are numbered; a record is not), and
// only one or two such files: a folder of titled files is not read twice.
void take_folder_record(std::vector<InputFile>* files, std::vector<Diagnostic>* warnings) {
  if (files->size() < 3) return;
  auto has_digit = [](const InputFile& f) {
    const std::string stem = f.path.stem().string();
    return std::any_of(stem.begin(), stem.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < files->size(); ++i)
    if (!has_digit((*files)[i])) candidates.push_back(i);
  if (candidates.empty() || candidates.size() > 2 || candidates.size() * 2 > files->size()) return;
  for (std::size_t i : candidates) {
    const InputFile& f = (*files)[i];
    const std::optional<std::string> text = decoded_file_text(f);
    if (!text) return;
    std::size_t named = 0;
    for (std::size_t k = 0; k < files->size(); ++k) {
      const std::string name = (*files)[k].path.filename().string();
      named +=
          k != i && name.find('.') != std::string::npos && text->find(name) != std::string::npos;
    }
    const std::size_t others = files->size() - 1;
    if (!names_the_folder(named, others)) continue;
    warnings->push_back({"contents_file", f.display, 0,
                         "a record of the folder (it names " + std::to_string(named) + " of its " +
                             std::to_string(others) +
                             " other files by their file names), not a chapter: left out of the "
                             "book" +
                             std::string(kChooseFiles)});
    files->erase(files->begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

// What `folder` holds besides hidden files: its chapter files (of either kind), and its folders.
struct FolderHolds {
  bool chapters = false;
  std::vector<fs::path> folders;
};
// Whether a file beside a book's folder is a download's notice (readme.txt, 下载说明.txt,
// 免责声明.txt), which no story is: it makes no folder a book's own.
bool is_notice_file(const fs::path& p) {
  const std::string stem = utf8::ascii_lower(p.stem().string());
  for (std::string_view word : {"readme", "read me", "说明", "說明", "声明", "聲明", "版权", "版權",
                                "更多好书", "更多好書", "必读", "必讀"})
    if (stem.find(word) != std::string::npos) return true;
  return false;
}

// A download's notice file beside a folder's chapters, named as one (readme.txt, 下载说明.txt,
// 免责声明.txt, 更多好书.txt): no chapter. Taken out of `files`, each with a warning, when two
// chapter files or more are left.
void take_notice_files(std::vector<InputFile>* files, std::vector<Diagnostic>* warnings) {
  const auto notices = static_cast<std::size_t>(std::count_if(
      files->begin(), files->end(), [](const InputFile& f) { return is_notice_file(f.path); }));
  if (notices == 0 || files->size() - notices < 2) return;
  std::erase_if(*files, [&](const InputFile& f) {
    if (!is_notice_file(f.path)) return false;
    warnings->push_back({"download_notice", f.display, 0,
                         "a download's notice beside the chapters (named so), not a chapter: left "
                         "out of the book" +
                             std::string(kChooseFiles)});
    return true;
  });
}

// Whether a folder's name says it is a volume (第一卷, 卷一 桃园, 上部, Volume 2, 番外), not a
// folder that only wraps the chapters (txt, 正文, chapters, 三国新编TXT下载).
bool names_a_volume(std::string_view name) {
  const std::string lower = utf8::ascii_lower(name);
  for (std::string_view word : {"卷", "部", "册", "冊", "篇", "集", "季", "辑", "輯", "第"})
    if (name.find(word) != std::string_view::npos) return true;
  for (std::string_view word : {"vol", "book", "part", "season"})
    if (lower.find(word) != std::string::npos) return true;
  return follows_the_story(name);
}

FolderHolds folder_holds(const fs::path& folder) {
  FolderHolds holds;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (is_hidden_entry(entry.path().filename().string())) continue;
    std::error_code type_ec;
    if (entry.is_directory(type_ec) && !entry.is_symlink(type_ec))
      holds.folders.push_back(entry.path());
    else if ((is_chapter_file(entry.path(), ChapterFiles::kText) ||
              is_chapter_file(entry.path(), ChapterFiles::kMarkdown)) &&
             !is_notice_file(entry.path()))
      holds.chapters = true;
  }
  return holds;
}

// The folder that holds `folder`'s book: `folder` itself, or, when it holds no chapter file (a
// download's notice beside it, 下载说明.txt, is none) and one folder alone that is no volume,
// that folder: one of the same name (an archive unpacked into a folder of its own name,
// 书名/书名/…), one that holds folders itself (书名/txt/第一卷/…), or one named as no volume is
// (书名/txt/, 书名/正文/). A book's one volume (书名/第一卷/001.txt) stays its volume.
fs::path book_folder(fs::path folder) {
  for (int depth = 0; depth < kMaxFolderDepth; ++depth) {
    const FolderHolds holds = folder_holds(folder);
    if (holds.chapters || holds.folders.size() != 1) break;
    const fs::path& only = holds.folders.front();
    fs::path named = fs::absolute(folder).lexically_normal();
    if (named.filename().empty()) named = named.parent_path();
    const bool same_name = only.filename() == named.filename();
    // (A lone folder named as no volume only wraps the chapters: txt/, 正文/, 三国新编TXT下载/.)
    if (!same_name && folder_holds(only).folders.empty() &&
        names_a_volume(name_text(only.filename().string())))
      break;
    folder = only;
  }
  return folder;
}

Result<std::vector<InputFile>> list_folder(const fs::path& given,
                                           std::vector<Diagnostic>* warnings) {
  std::error_code ec;
  if (!fs::is_directory(given, ec))
    return Status::Error(given.string() + ": no such folder; check the path");
  const fs::path folder = book_folder(given);
  std::vector<InputFile> files;
  // (.md only in a folder without .txt files: beside chapter files, README.md is no chapter.)
  for (ChapterFiles kind : {ChapterFiles::kText, ChapterFiles::kMarkdown}) {
    int folders = 0;
    if (Status s = list_into(folder, kind, 0, "", &folders, 0, &files); !s) return s;
    take_title_file(&files);
    take_contents_file(&files, warnings);
    take_folder_record(&files, warnings);
    take_notice_files(&files, warnings);
    if (!files.empty()) return files;
  }
  return Status::Error(folder.string() +
                       ": no .txt (or .md) chapter files in this folder; add chapter files or "
                       "name a book.toml");
}

std::string stem_of(const fs::path& p) {
  fs::path clean = p.lexically_normal();
  if (clean.filename().empty()) clean = clean.parent_path();
  if (clean.filename() == "." || clean.filename().empty())
    clean = fs::absolute(p).lexically_normal();
  if (clean.filename().empty()) clean = clean.parent_path();
  return name_text(clean.stem().string());
}

// An EPUB: each section its table of contents cuts (or the whole book) a made text; the new
// book goes beside it as NAME.novelbind.epub, never in its place.
Result<InputPlan> plan_epub(const fs::path& input) {
  auto source = read_epub_source(input, input.string());
  if (!source) return source.status();
  InputPlan plan;
  for (EpubSection& section : source->sections) {
    InputFile file(input, section.display);
    file.made = std::move(section.text);
    file.name = section.title;
    plan.files.push_back(std::move(file));
  }
  plan.default_title = input.stem().string();
  plan.default_output = input.parent_path() / (plan.default_title + ".novelbind.epub");
  plan.source_book = std::make_shared<SourceBook>(std::move(source->book));
  return plan;
}

}  // namespace

Result<InputPlan> plan_input(const fs::path& input, const Config& config) {
  std::error_code ec;
  if (!fs::exists(input, ec))
    return Status::Error(input.string() + ": no such file or folder; check the path");
  InputPlan plan;
  fs::path base = input.lexically_normal();
  if (base.filename().empty()) base = base.parent_path();

  if (fs::is_directory(input, ec)) {
    auto files = list_folder(input, &plan.warnings);
    if (!files) return files.status();
    plan.files = std::move(*files);
    plan.default_title = stem_of(input);
    plan.default_output = base.parent_path() / (plan.default_title + ".epub");
    // A folder named in ASCII (sdxl_wmtxt_toc) around one file named in characters (神雕侠侣.txt):
    // the file's name says more of the book.
    auto ascii = [](const std::string& s) {
      return std::all_of(s.begin(), s.end(), [](char c) { return (c & 0x80) == 0; });
    };
    if (plan.files.size() == 1 && ascii(plan.default_title)) {
      std::string file_stem = plan.files[0].stem();
      if (!ascii(file_stem)) plan.default_title = file_stem;
    }
    // So does the folder it wraps (shape_named_files/斩蛇记/…, novel_12345/txt/… does not).
    const fs::path inner = book_folder(input);
    if (ascii(plan.default_title) && inner != input) {
      const std::string inner_name = stem_of(inner);
      if (!ascii(inner_name)) plan.default_title = inner_name;
    }
    for (const fs::path& folder : {inner, input}) {
      plan.cover = folder_cover(folder, plan.default_title);
      if (!plan.cover.empty()) break;
    }
    return plan;
  }
  if (input.filename() == "book.toml" || input.extension() == ".toml") {
    fs::path dir = config.project_dir;
    plan.default_title = stem_of(fs::absolute(dir));
    plan.default_output = dir / (plan.default_title + ".epub");
    if (!config.chapters.files.empty()) {
      for (const std::string& f : config.chapters.files) {
        fs::path p = config.resolve(f);
        if (!fs::is_regular_file(p, ec)) {
          return Status::Error(config.toml_path.string() + ": [chapters] files lists '" + f +
                               "', which does not exist; fix the list or add the file");
        }
        plan.files.push_back({p, p.string(), "", 0});
      }
      return plan;
    }
    fs::path folder =
        config.resolve(config.chapters.folder.empty() ? "chapters" : config.chapters.folder);
    auto files = list_folder(folder, &plan.warnings);
    if (!files) return files.status();
    plan.files = std::move(*files);
    return plan;
  }
  if (!fs::is_regular_file(input, ec))
    return Status::Error(input.string() +
                         ": not a regular file; name a .txt, an .epub, a folder or a book.toml");
  if (lower_extension(input) == ".epub") return plan_epub(input);
  plan.files.push_back({input, path_text(input), "", 0});
  plan.default_title = name_text(input.stem().string());
  plan.default_output = input.parent_path() / (plan.default_title + ".epub");
  return plan;
}

void stamp_inputs(InputPlan& plan) {
  parallel_for(plan.files.size(), 0,
               [&](std::size_t i) { plan.files[i].stamp = stamp_file(plan.files[i].path); });
}

Result<SourceText> read_source(const InputFile& file, int index, const CleanConfig& config) {
  if (file.made) {  // already UTF-8, with the lines of the documents it was made from
    SourceText source;
    source.path = file.display;
    source.text = file.made->text;
    source.encoding = "UTF-8";
    source.index = index;
    source.mtime = modified_seconds(file.path);
    return source;
  }
  std::optional<std::string> bytes = read_file_bytes(file.path);
  if (!bytes) return Status::Error(file.display + ": cannot read the file; check its permissions");
  auto decoded = decode_text(*bytes, file.display, {config.encoding, config.lenient});
  if (!decoded) return decoded.status();
  SourceText source;
  source.path = file.display;
  source.text = std::move(decoded->text);
  source.encoding = decoded->encoding;
  source.warnings = std::move(decoded->warnings);
  if (int lines = blank_yaml_header(&source.text)) {
    source.warnings.push_back(
        {"tool_record", file.display, 1,
         "the file opens with a YAML header (" + std::to_string(lines) +
             " lines between --- lines: a site's record of the page); left out of the text"});
  }
  source.index = index;
  source.mtime = modified_seconds(file.path);
  source.volume = file.volume;
  source.folder = file.folder;
  return source;
}

std::int64_t modified_seconds(const fs::path& path) {
  std::error_code ec;
  auto t = fs::last_write_time(path, ec);
  if (ec) return 0;
  auto sys = std::chrono::file_clock::to_sys(t);
  return std::chrono::duration_cast<std::chrono::seconds>(sys.time_since_epoch()).count();
}

}  // namespace novelbind
