// Build configuration: book.toml sections with typed fields and defaults, then command-line
// overrides. Every key of every section is declared here, so that an unknown key is an
// error naming it and its line.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "config/rule_names.h"

namespace novelbind {

struct ChaptersConfig {
  std::string folder;               // relative to the project folder
  std::vector<std::string> files;   // explicit reading order; overrides everything else
  std::vector<std::string> titles;  // titles for chapters without a heading, in reading order
  std::string heading;              // ECMAScript regex replacing the built-in heading patterns
  int heading_max_length = 60;      // longer lines are never headings (characters)
  // Every numbered chapter's title in one style ("第{number}章 {name}"); "" keeps the titles
  // as written (render/title_format.h).
  std::string title_format;
};

struct CleanConfig {
  std::vector<std::string> drop;       // extra boilerplate patterns (ECMAScript regex)
  std::vector<std::string> disable;    // rule names or built-in pattern ids to switch off
  std::string quotes = "auto";         // "auto" | "corner" | "curly" | "keep"
  std::string punctuation = "repair";  // "repair" (only damage) | "normalize" (also width, runs)
  std::string encoding;                // force an input encoding (iconv name); empty = detect
  bool lenient = false;                // undecodable bytes become U+FFFD with a warning
  std::string author_notes = "apart";  // "apart" (a page at the end) | "drop" | "keep"
  // Texts that are story: a line holding one is left as it is (clean/kept_lines.h).
  std::vector<std::string> keep;
};

struct ConvertConfig {
  std::string script = "auto";  // auto | keep | zh-Hans | zh-Hant | zh-TW | zh-HK
  bool localize_phrases = false;
  std::string phrases;  // user dictionary, one "source<TAB>target" a line
};

struct StyleConfig {
  std::string writing_mode = "horizontal";  // horizontal | vertical
  std::string css;                          // extra stylesheet appended to the default one
  std::string templates;  // folder whose files override the default templates one by one
  bool cover_page = true;
  bool title_page = true;
  bool intro_page = true;
  bool toc_page = true;
};

struct BuildConfig {
  std::string cache;  // cache folder; empty = none
  int jobs = 0;       // 0 = number of cores
  bool strict = false;
  std::vector<std::string> fail_on;  // rule names whose warnings fail the build
};

struct Config {
  Metadata book;  // [book]; script lives in convert
  ChaptersConfig chapters;
  CleanConfig clean;
  ConvertConfig convert;
  StyleConfig style;
  BuildConfig build;

  std::filesystem::path project_dir;     // folder of book.toml; relative paths resolve here
  std::filesystem::path toml_path;       // empty when built without book.toml
  bool language_set = false;             // [book] language or --language given explicitly
  std::map<std::string, int> key_lines;  // "[style] css" -> its line in book.toml

  // A path from the configuration made absolute against project_dir.
  std::filesystem::path resolve(const std::string& path) const;
};

// Parses book.toml text. `name` is used in messages ("book.toml:7: unknown key 'titel' in
// [book]").
// `rules`: the rule names [build] fail_on and [clean] disable accept (the stages' names,
// pipeline/stage_rule_names.h); a name outside them is an error naming its line.
Result<Config> parse_config(std::string_view toml_text, const std::string& name,
                            const RuleNames& rules);

// Every key book.toml accepts, as "[section] key" (docs/book-toml.md documents each).
std::vector<std::string> book_toml_keys();

// Reads and parses a book.toml file; project_dir becomes its folder.
Result<Config> load_config(const std::filesystem::path& path, const RuleNames& rules);

// A stable text of every option that changes the output (for cache keys): everything but
// [build] and where the project lives. Files the options name (cover, phrases, css,
// templates) are hashed by the cache itself.
std::string config_fingerprint(const Config& config);

}  // namespace novelbind
