#include "ingest/book_metadata.h"

#include <filesystem>
#include <map>
#include <optional>

#include "base/utf8.h"
#include "ingest/book_header.h"
#include "ingest/pinyin_title.h"
#include "ingest/tool_record.h"

namespace novelbind {
namespace {

// The most a book's unheaded front text may hold to be read as its blurb rather than as an
// untitled first chapter: a few paragraphs, well short of a chapter.
constexpr std::size_t kBlurbCharacters = 1200;
constexpr std::size_t kBlurbParagraphs = 12;

// Whether `text` closes with a date, a signature's (七年四月二日识。, 一九二四年九月十五日记,
// 2001年5月3日): how a preface the author wrote to the story ends, and a blurb never does.
bool ends_with_date(std::string_view text) {
  std::u32string s;
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) s += utf8::decode(text, i, &n);
  auto numeral = [](char32_t c) {
    return (c >= U'0' && c <= U'9') || (c >= U'０' && c <= U'９') ||
           std::u32string_view(U"〇零一二三四五六七八九十廿卅").find(c) !=
               std::u32string_view::npos;
  };
  std::size_t end = s.size();
  // Closing marks, then a signature's word (识, 记, 序, 于北京…: at most a few characters).
  while (end > 0 &&
         std::u32string_view(U"。．.）)」” 　").find(s[end - 1]) != std::u32string_view::npos)
    --end;
  for (std::size_t k = 0; k < 2 && end > 0 && s[end - 1] != U'日'; ++k)
    if (std::u32string_view(U"识識记記序书書写寫跋").find(s[end - 1]) != std::u32string_view::npos)
      --end;
  if (end < 4 || s[end - 1] != U'日') return false;
  std::size_t i = end - 1;
  std::size_t day = 0;
  while (i > 0 && numeral(s[i - 1])) --i, ++day;
  if (day == 0 || day > 3 || i == 0 || s[i - 1] != U'月') return false;
  --i;
  std::size_t month = 0;
  while (i > 0 && numeral(s[i - 1])) --i, ++month;
  return month > 0 && month <= 3;
}

// A site's path to a page, on a line of its own: short, with two of a path's separators or more
// (首页 > 古典 > 红楼新编 > 第1章 托内兄如海荐西宾).
bool is_path_line(std::string_view line) {
  constexpr std::size_t kMaxPath = 60;
  if (utf8::length(line) > kMaxPath) return false;
  std::size_t separators = 0;
  for (std::size_t i = 0; i < line.size();) {
    const char32_t c = utf8::next(line, &i);
    separators += c == U'>' || c == U'＞' || c == U'»' || c == U'›' || c == U'→';
  }
  return separators >= 2;
}

// What is left of a one-file book's front text once its header is read: a blurb without a
// 内容简介 label (jpbb: seven lines between 《书名》 and 1.失业), or a line that lists what an
// omnibus holds. Short beside the chapters that follow, it is the book's description (its
// intro page), not a chapter of its own: `front` is emptied, each line a book_header repair.
std::string take_front_blurb(Chapter& front, std::size_t chapters, int* first_line, int* lines) {
  std::size_t characters = count_characters(front);
  if (chapters < 3 || front.paragraphs.empty() || front.paragraphs.size() > kBlurbParagraphs ||
      characters > kBlurbCharacters)
    return "";
  // A text that closes with its date is the author's preface, the story's own (an unseen 狂人日记:
  // 某君昆仲，今隐其名，… 七年四月二日识。 before 一 was taken for the blurb): it stays.
  for (auto p = front.paragraphs.all().rbegin(); p != front.paragraphs.all().rend(); ++p) {
    if (p->scene_break || utf8::trim(p->text).empty()) continue;
    if (ends_with_date(utf8::trim(p->text))) return "";
    break;
  }
  // Sections a 起点 download sets before the story, each headed 作品相关 (作品相关 新书感言,
  // 作品相关 人物设定): the book's front matter, not its blurb.
  for (const Paragraph& p : front.paragraphs)
    if (opens_work_related_section(p.text)) return "";
  std::string blurb;
  for (const Paragraph& p : front.paragraphs) {
    if (p.scene_break) continue;
    ++*lines;
    // A notice or a field of the site's page after the blurb (版权信息：…) goes, not into it;
    // so does the page's path to the first chapter (首页 > 古典 > 红楼新编 > 第1章 …).
    if (!is_header_notice(p.text) && !is_path_line(p.text)) {
      if (blurb.empty()) *first_line = p.line;
      (blurb += blurb.empty() ? "" : "\n") += p.text;
    }
    front.repairs.push_back(
        {"book_header", front.sources.empty() ? "" : front.sources[0], p.line, p.text, ""});
  }
  front.paragraphs.edit().clear();
  return blurb;
}

// The words a folder's file is named by when it is the book's card, not a chapter: its blurb
// (简介.txt, 文案.txt, intro.txt) or its details (书籍信息.txt, info.txt).
constexpr std::string_view kCardNames[] = {
    "简介",        "内容简介", "作品简介", "小说简介", "书籍简介",     "本书简介", "图书简介",
    "简介信息",    "书籍信息", "小说信息", "作品信息", "图书信息",     "书籍详情", "作品介绍",
    "内容介绍",    "书籍介绍", "小说介绍", "内容提要", "文案",         "簡介",     "內容簡介",
    "作品簡介",    "小說簡介", "書籍簡介", "書籍信息", "書籍資訊",     "小說信息", "作品介紹",
    "內容介紹",    "書籍介紹", "info",     "intro",    "introduction", "summary",  "synopsis",
    "description", "blurb",    "about",    "bookinfo"};

// `stem` without what sorts or frames a name: leading digits and marks (0_简介, 00-简介), brackets
// around it (【简介】), separators at its ends; ASCII in lower case.
std::string card_word(std::string_view stem) {
  std::string_view t = utf8::trim(stem);
  while (!t.empty() && std::string_view("0123456789_-. ").find(t.front()) != std::string_view::npos)
    t.remove_prefix(1);
  for (std::string_view open : {"【", "[", "（", "(", "《"})
    if (t.starts_with(open)) t.remove_prefix(open.size());
  for (std::string_view close : {"】", "]", "）", ")", "》"})
    if (t.ends_with(close)) t.remove_suffix(close.size());
  t = utf8::trim(t);
  std::string out = utf8::ascii_lower(t);
  std::erase_if(out, [](char c) { return c == '_' || c == '-' || c == ' '; });
  return out;
}

// Whether a file named `stem` is named as the book's card: one of kCardNames, alone or after the
// book's title (三国新编简介, 三国新编_简介, 《三国新编》简介).
bool named_as_card(std::string_view stem, std::string_view title) {
  std::string word = card_word(stem);
  for (std::string_view name : kCardNames) {
    if (word == name) return true;
    if (title.empty() || !word.ends_with(name) || utf8::length(name) < 2) continue;
    std::string before = card_word(std::string_view(word).substr(0, word.size() - name.size()));
    if (before == card_word(title)) return true;
  }
  return false;
}

// The most a card may hold: a blurb of some paragraphs, never a chapter's length.
constexpr std::size_t kCardParagraphs = 40;
constexpr std::size_t kCardCharacters = 3000;

// A file of a folder that is the book's card, not a chapter: a file with no heading of its own,
// the only chapter it gives, short, and either named as a card (简介.txt) or holding nothing but
// the book's header (书名：…, 作者：…, 内容简介：…). `card` receives what the first card says of
// the book and `card_file` its file; each card leaves the book, its lines book_header repairs
// handed to a neighbouring chapter, and a warning in the book's says so.
void take_book_cards(Book& book, std::string_view title, BookHeader* card, std::string* card_file) {
  std::map<int, int> chapters_of_source;
  for (const Chapter& c : book.chapters) ++chapters_of_source[c.source_index];
  for (std::size_t i = 0; i < book.chapters.size() && book.chapters.size() > 1;) {
    Chapter& c = book.chapters[i];
    const bool headless = c.heading.empty() || c.heading_line == 0;
    if (!headless || c.sources.size() != 1 || c.part != 0 || c.paragraphs.empty() ||
        chapters_of_source[c.source_index] != 1 || c.paragraphs.size() > kCardParagraphs ||
        count_characters(c) > kCardCharacters) {
      ++i;
      continue;
    }
    const std::string file = c.sources.front();
    const bool named = named_as_card(std::filesystem::path(file).stem().string(), title);
    Chapter rest = c;
    BookHeader found = take_book_header(rest, title, /*remove=*/true);
    if (!named && (has_text(rest) || (found.title.empty() && found.author.empty()))) {
      ++i;
      continue;
    }
    // What the header left of a card named so is its blurb (a notice of the site's page left
    // out of it).
    std::string blurb = found.description;
    int blurb_line = found.description_line;
    for (const Paragraph& p : rest.paragraphs) {
      std::string_view text = utf8::trim(p.text);
      if (p.scene_break || text.empty() || is_header_notice(text)) continue;
      if (blurb.empty()) blurb_line = p.line;
      (blurb += blurb.empty() ? "" : "\n") += text;
    }
    if (card_file->empty()) {
      *card_file = file;
      *card = std::move(found);
      card->description = std::move(blurb);
      card->description_line = blurb_line;
    }
    for (const Paragraph& p : c.paragraphs)
      if (!p.scene_break) c.repairs.push_back({"book_header", file, p.line, p.text, ""});
    book.warnings.push_back(
        {"book_header", file, 0,
         std::string(named ? "the book's card (by its name)" : "only the book's header") +
             ", no chapter: it gives the book's title, author and description (the intro "
             "page); set [clean] disable = [\"book_header\"] to keep it as a chapter"});
    hand_over_findings(c, book.chapters[i + 1 < book.chapters.size() ? i + 1 : i - 1]);
    book.chapters.erase(book.chapters.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

}  // namespace

BookMetadata read_book_metadata(Book& book, std::string_view input_name, bool single_file,
                                bool remove_header, std::string_view heading_name) {
  BookMetadata out;
  NameMetadata by_name = metadata_from_name(input_name);
  std::string name_title = by_name.title.empty() ? std::string(input_name) : by_name.title;
  // (The name before the headings may hold more than the title, as a file's name does:
  // 交错时光的爱恋_席绢_TXT小说天堂 第一章.)
  NameMetadata by_heading =
      heading_name.empty() ? NameMetadata() : metadata_from_name(heading_name);
  if (is_ascii_name(by_heading.title)) by_heading = NameMetadata();
  // (Either names the book on the first file's title line.)
  std::vector<std::string> other_names = by_name.dash_parts;
  if (!by_heading.title.empty()) other_names.push_back(by_heading.title);

  BookHeader header;
  std::string file;
  // A book of several files has its header at the top of its first file, as a one-file book
  // does (a crawler's folder whose first chapter file begins with the book's title, author and
  // blurb, before its heading or, where the titles are in the names, before its story).
  if (!book.chapters.empty()) {
    Chapter& first = book.chapters.front();
    // (A heading at line 0 is the file's name: the file's text opens without one.)
    if ((first.heading.empty() || first.heading_line == 0) && first.source_index == 0 &&
        first.part == 0) {
      file = first.sources.empty() ? "" : first.sources[0];
      // (A book of one chapter whose header would take all of its text keeps it: nothing tells
      // the header's end there, and a book is never left without its story.)
      std::optional<Chapter> whole;
      if (book.chapters.size() == 1 && remove_header) whole = first;
      header = take_book_header(first, name_title, remove_header, other_names);
      if (whole && !has_text(first)) {
        first = std::move(*whole);
        header = take_book_header(first, name_title, /*remove_lines=*/false, other_names);
        header.removed = 0;
      }
      bool found = !header.title.empty() || !header.author.empty() || header.removed > 0;
      // (In a book of several files, a first file without a heading is a chapter, however short:
      // only the text before a first heading may be a blurb.)
      if (found && remove_header && has_text(first) && (single_file || first.front_matter)) {
        int line = 0, lines = 0;
        std::string blurb = take_front_blurb(first, book.chapters.size(), &line, &lines);
        header.removed += lines;
        if (!blurb.empty()) {
          header.description += (header.description.empty() ? "" : "\n") + blurb;
          if (header.description_line == 0) header.description_line = line;
        }
      }
      // A chapter left with nothing but the header goes; its repairs and warnings (a decoding
      // warning of the file) are kept with the next.
      if (header.removed > 0 && !has_text(first) && book.chapters.size() > 1) {
        hand_over_findings(first, book.chapters[1]);
        book.chapters.erase(book.chapters.begin());
      }
    }
  }
  // A folder's card (简介.txt, 书籍信息.txt) says what the first file's header did not.
  BookHeader card;
  std::string card_file;
  if (!single_file && remove_header) take_book_cards(book, name_title, &card, &card_file);
  std::string title_file = file, author_file = file, description_file = file;
  if (header.title.empty() && !card.title.empty()) {
    header.title = card.title;
    header.title_line = card.title_line;
    header.title_evidence = card.title_evidence;
    title_file = card_file;
  }
  if (header.author.empty() && !card.author.empty()) {
    header.author = card.author;
    header.author_line = card.author_line;
    header.author_evidence = card.author_evidence;
    author_file = card_file;
  }
  if (header.description.empty() && !card.description.empty()) {
    header.description = card.description;
    header.description_line = card.description_line;
    description_file = card_file;
  }
  auto at = [](const std::string& f, int line) { return f + ":" + std::to_string(line); };
  // What a tool's record beside a folder's chapters says of the book (metadata.txt: "title:
  // …", "author: …").
  RecordFields record;
  std::string record_file;
  if (!single_file && book.chapters.size() >= 3) {
    for (const Chapter& c : book.chapters) {
      if (!is_tool_record(c)) continue;
      RecordFields fields = record_fields(c);
      if (fields.title.empty() && fields.author.empty() && fields.description.empty()) continue;
      record = std::move(fields);
      record_file = c.sources.front();
      break;
    }
  }

  if (!header.title.empty()) {
    out.title = header.title;
    out.log.push_back({"title", "title " + header.title + " from " +
                                    at(title_file, header.title_line) + " " +
                                    header.title_evidence});
  } else if (!record.title.empty() && (by_name.title.empty() || is_ascii_name(by_name.title))) {
    out.title = record.title;
    out.log.push_back(
        {"title", "title " + record.title + " from the tool's record " + record_file});
  } else if (!by_heading.title.empty() && (by_name.title.empty() || is_ascii_name(by_name.title))) {
    out.title = by_heading.title;
    out.log.push_back({"title", "title " + out.title +
                                    ": the name before the chapters' headings (" +
                                    std::string(heading_name) + " 第…章)"});
  } else if (!by_name.title.empty() && !is_ascii_name(by_name.title)) {
    out.title = by_name.title;
    out.log.push_back(
        {"title", "title " + by_name.title + " from the name '" + std::string(input_name) + "'"});
  } else if (auto spelled = title_from_pinyin(name_title, book)) {
    out.title = spelled->title;
    out.log.push_back({"title", "title " + spelled->title + ": the name '" +
                                    std::string(input_name) + "' is the pinyin of " +
                                    spelled->title + ", which the text uses " +
                                    std::to_string(spelled->uses) + " time(s)"});
  } else {
    out.title = name_title;
    out.log.push_back(
        {"title", "title " + name_title + " is the name '" + std::string(input_name) +
                      "': the text names no title; set it with --title or [book] title"});
  }
  // A name of two parts (金庸-天龙八部) whose one part the text gives as the title: the other
  // is the author's name.
  std::string dash_author;
  const std::vector<std::string>& dash = by_name.dash_parts;
  if (dash.size() == 2 && !header.title.empty()) {
    for (std::size_t k = 0; k < 2; ++k)
      if (header.title == dash[k] && utf8::length(dash[1 - k]) <= 10) dash_author = dash[1 - k];
  }
  if (!header.author.empty()) {
    out.author = header.author;
    out.log.push_back({"author", "author " + header.author + " from " +
                                     at(author_file, header.author_line) + " " +
                                     header.author_evidence});
  } else if (!by_heading.author.empty() && out.title == by_heading.title) {
    out.author = by_heading.author;
    out.log.push_back({"author", "author " + out.author +
                                     ": the name before the chapters' headings gives it beside the "
                                     "title (" +
                                     std::string(heading_name) + ")"});
  } else if (!by_name.author.empty()) {
    out.author = by_name.author;
    out.log.push_back({"author", "author " + by_name.author + " from the name '" +
                                     std::string(input_name) + "'"});
  } else if (!record.author.empty() && utf8::length(record.author) <= 20) {
    out.author = record.author;
    out.log.push_back(
        {"author", "author " + record.author + " from the tool's record " + record_file});
  } else if (!dash_author.empty()) {
    out.author = dash_author;
    out.log.push_back({"author", "author " + dash_author + " from the name '" +
                                     std::string(input_name) + "', beside the title " +
                                     header.title + " the text gives"});
  } else if (std::string line, under = author_under_headings(book.chapters, &line);
             !under.empty()) {
    out.author = under;
    out.log.push_back({"author", "author " + under +
                                     " from the line under the chapters' headings (" + line + ")"});
  }
  if (header.description.empty() && !record.description.empty()) {
    out.description = record.description;
    out.log.push_back({"description", "description from the tool's record " + record_file});
  } else if (!header.description.empty()) {
    out.description = header.description;
    out.log.push_back(
        {"description", "description from " + at(description_file, header.description_line) + " (" +
                            std::to_string(utf8::length(header.description)) + " characters)"});
  }
  if (header.removed > 0)
    out.log.push_back({"header", std::to_string(header.removed) + " header line(s) of " + file +
                                     " removed from the story (rule book_header)"});
  // A library's licence after the book (Project Gutenberg's END line and what follows it).
  if (!book.chapters.empty()) {
    Chapter& last = book.chapters.back();
    if (int n = take_book_footer(last, remove_header); n > 0)
      out.log.push_back({"header", std::to_string(n) + " line(s) of the library's footer in " +
                                       (last.sources.empty() ? "" : last.sources.front()) +
                                       " removed from the story (rule book_header)"});
  }
  return out;
}

}  // namespace novelbind
