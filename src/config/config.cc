#include "config/config.h"

#include <toml++/toml.h>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include "config/metadata_check.h"
#include "config/rule_names.h"
#include "config/title_format.h"
#include "config/user_pattern.h"
#include "toml_depth.h"

namespace novelbind {
namespace {

std::string where(const std::string& name, const toml::node& node) {
  return name + ":" + std::to_string(node.source().begin.line) + ": ";
}

// One typed setter per key; a setter returns an error text or "" on success.
using Setter = std::function<std::string(const toml::node&)>;

Setter text(std::string* out) {
  return [out](const toml::node& n) -> std::string {
    if (auto v = n.value<std::string>()) {
      *out = *v;
      return "";
    }
    return "expected a string";
  };
}

// A [book] value written into the package document: no control characters.
Setter metadata_text(std::string* out) {
  return [out](const toml::node& n) -> std::string {
    if (std::string err = text(out)(n); !err.empty()) return err;
    return control_character_error(*out);
  };
}

Setter flag(bool* out) {
  return [out](const toml::node& n) -> std::string {
    if (auto v = n.value<bool>()) {
      *out = *v;
      return "";
    }
    return "expected true or false";
  };
}

Setter integer(int* out, int min, int max) {
  return [=](const toml::node& n) -> std::string {
    // Only an integer node: value<int64_t>() would convert a float (99E99) to an integer,
    // which is undefined when it does not fit.
    std::optional<int64_t> v;
    if (n.is_integer()) v = n.value<int64_t>();
    if (!v || *v < min || *v > max)
      return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    *out = static_cast<int>(*v);
    return "";
  };
}

Setter text_list(std::vector<std::string>* out) {
  return [out](const toml::node& n) -> std::string {
    const toml::array* a = n.as_array();
    if (!a) return "expected a list of strings";
    out->clear();
    for (const toml::node& item : *a) {
      auto v = item.value<std::string>();
      if (!v) return "expected a list of strings";
      out->push_back(*v);
    }
    return "";
  };
}

// A list of rule names, each one of `known()` (an unknown name is an error listing them).
Setter rule_list(std::vector<std::string>* out, const std::vector<std::string>* known,
                 std::string what) {
  return [=](const toml::node& n) -> std::string {
    std::string err = text_list(out)(n);
    if (!err.empty()) return err;
    for (const std::string& name : *out)
      if (std::string unknown = unknown_rule(name, *known, what); !unknown.empty()) return unknown;
    return "";
  };
}

// A number, kept as text (series_index = 2, 2.5 or "2.5"): it goes into the package
// document's group-position, which readers sort by.
Setter text_or_number(std::string* out) {
  return [out](const toml::node& n) -> std::string {
    if (n.is_boolean()) return "expected a number like 2 or 2.5";  // value<> would make it 1
    if (auto s = n.value<std::string>()) {
      static const std::regex number(R"(\d+(\.\d+)?)");
      if (!std::regex_match(*s, number))
        return "expected a number like 2 or 2.5, not \"" + *s + "\"";
      *out = *s;
    } else if (auto i = n.is_integer() ? n.value<int64_t>() : std::nullopt) {
      *out = std::to_string(*i);
    } else if (auto d = n.value<double>()) {
      std::ostringstream o;
      o << *d;
      *out = o.str();
    } else {
      return "expected a number like 2 or 2.5";
    }
    return "";
  };
}

// dc:date in the W3C date format EPUBCheck expects: 2024, 2024-05, 2024-05-01 or a full
// date and time.
Setter w3c_date(std::string* out) {
  return [out](const toml::node& n) -> std::string {
    if (auto d = n.value<toml::date>()) {  // date = 2024-05-01, unquoted
      char buf[16];
      std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d->year, d->month, d->day);
      *out = buf;
      return "";
    }
    auto v = n.value<std::string>();
    if (!v) return "expected a date, e.g. \"2024-05-01\"";
    static const std::regex format(
        R"(\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?)");
    if (!std::regex_match(*v, format))
      return "'" + *v + "' is not a date like \"2024\", \"2024-05\" or \"2024-05-01\"";
    *out = *v;
    return "";
  };
}

Setter one_of(std::string* out, std::vector<std::string> allowed) {
  return [=](const toml::node& n) -> std::string {
    auto v = n.value<std::string>();
    std::string list;
    for (const auto& a : allowed) {
      if (v && *v == a) {
        *out = *v;
        return "";
      }
      list += (list.empty() ? "" : ", ") + ("\"" + a + "\"");
    }
    return "expected one of " + list;
  };
}

// What parsing book.toml fills in: the settings, and what a setter noticed on the way.
struct ConfigParse {
  Config c;
  RuleNames rules;  // what [build] fail_on and [clean] disable accept
  bool language_set = false;
  // The line of the list item a setter refused, when it is not the key's own line.
  std::optional<int> item_line;
};

using SectionSetters = std::map<std::string, std::map<std::string, Setter>>;

// Every section of book.toml and every key of each, with what reads it into `state`.
SectionSetters section_setters(ConfigParse& state) {
  // The setters outlive this call: each lambda holds what it writes to, never a local.
  Config& c = state.c;
  // A user regular expression, compiled now so that a bad one is named with its line (the
  // build would refuse it too, without the line).
  auto pattern_error = [&item_line = state.item_line](const toml::node& n) -> std::string {
    auto compiled = UserPattern::compile(n.value<std::string>().value_or(""));
    if (compiled) return "";
    item_line = static_cast<int>(n.source().begin.line);
    return compiled.message();
  };
  auto patterns = [&](std::vector<std::string>* out, std::string what_to_do) -> Setter {
    return [pattern_error, out, what_to_do](const toml::node& n) -> std::string {
      if (std::string err = text_list(out)(n); !err.empty()) return err;
      if (const toml::array* a = n.as_array())
        for (const toml::node& item : *a)
          if (std::string err = pattern_error(item); !err.empty()) return err + what_to_do;
      return "";
    };
  };
  auto pattern = [&](std::string* out, std::string what_to_do) -> Setter {
    return [pattern_error, out, what_to_do](const toml::node& n) -> std::string {
      if (std::string err = text(out)(n); !err.empty()) return err;
      if (std::string err = pattern_error(n); !err.empty()) return err + what_to_do;
      return "";
    };
  };
  return {
      {"book",
       {{"title", metadata_text(&c.book.title)},
        {"author", metadata_text(&c.book.author)},
        {"language",
         [&c = state.c, &language_set = state.language_set](const toml::node& n) {
           language_set = true;
           if (std::string err = text(&c.book.language)(n); !err.empty()) return err;
           return language_tag_error(c.book.language);
         }},
        {"identifier", metadata_text(&c.book.identifier)},
        {"description", metadata_text(&c.book.description)},
        {"publisher", metadata_text(&c.book.publisher)},
        {"subjects",
         [&c = state.c](const toml::node& n) {
           if (std::string err = text_list(&c.book.subjects)(n); !err.empty()) return err;
           for (const std::string& subject : c.book.subjects)
             if (std::string err = control_character_error(subject); !err.empty()) return err;
           return std::string();
         }},
        {"series", metadata_text(&c.book.series)},
        {"series_index", text_or_number(&c.book.series_index)},
        {"cover", text(&c.book.cover)},
        {"date", w3c_date(&c.book.date)},
        {"script",
         one_of(&c.convert.script, {"auto", "keep", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"})}}},
      {"chapters",
       {{"folder", text(&c.chapters.folder)},
        {"files", text_list(&c.chapters.files)},
        {"titles", text_list(&c.chapters.titles)},
        {"heading", pattern(&c.chapters.heading, "; fix the pattern")},
        {"heading_max_length", integer(&c.chapters.heading_max_length, 1, 1000)},
        {"title_format",
         [&c = state.c](const toml::node& n) {
           if (std::string err = text(&c.chapters.title_format)(n); !err.empty()) return err;
           auto format = TitleFormat::parse(c.chapters.title_format);
           return format ? std::string() : format.message();
         }}}},
      {"clean",
       {{"drop", patterns(&c.clean.drop, "; fix or remove it")},
        {"disable", rule_list(&c.clean.disable, &state.rules.disable, "rule or pattern")},
        {"quotes", one_of(&c.clean.quotes, {"auto", "corner", "curly", "keep"})},
        {"punctuation", one_of(&c.clean.punctuation, {"repair", "normalize"})},
        {"encoding", text(&c.clean.encoding)},
        {"lenient", flag(&c.clean.lenient)},
        {"author_notes", one_of(&c.clean.author_notes, {"apart", "drop", "keep"})},
        {"keep", text_list(&c.clean.keep)}}},
      {"convert",
       {{"script",
         one_of(&c.convert.script, {"auto", "keep", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"})},
        {"localize_phrases", flag(&c.convert.localize_phrases)},
        {"phrases", text(&c.convert.phrases)}}},
      {"style",
       {{"writing_mode", one_of(&c.style.writing_mode, {"horizontal", "vertical"})},
        {"css", text(&c.style.css)},
        {"templates", text(&c.style.templates)},
        {"cover_page", flag(&c.style.cover_page)},
        {"title_page", flag(&c.style.title_page)},
        {"intro_page", flag(&c.style.intro_page)},
        {"toc_page", flag(&c.style.toc_page)}}},
      {"build",
       {{"cache", text(&c.build.cache)},
        {"jobs", integer(&c.build.jobs, 0, 1024)},
        {"strict", flag(&c.build.strict)},
        {"fail_on", rule_list(&c.build.fail_on, &state.rules.rules, "rule")}}},
  };
}

}  // namespace

std::vector<std::string> book_toml_keys() {
  ConfigParse state;
  std::vector<std::string> keys;
  for (const auto& [section, setters] : section_setters(state))
    for (const auto& [key, setter] : setters) keys.push_back("[" + section + "] " + key);
  return keys;
}

std::filesystem::path Config::resolve(const std::string& path) const {
  std::filesystem::path p(path);
  if (p.is_absolute() || project_dir.empty()) return p;
  return project_dir / p;
}

Result<Config> parse_config(std::string_view toml_text, const std::string& name,
                            const RuleNames& rules) {
  if (TomlDepth depth = toml_depth(toml_text); depth.parts > kMaxTomlKeyParts) {
    return Status::Error(name + ":" + std::to_string(depth.line) + ": a key of " +
                         std::to_string(depth.parts) + " parts; book.toml keys have at most " +
                         "two (section.key): fix the key");
  }
  toml::table root;
  try {
    root = toml::parse(toml_text, name);
  } catch (const toml::parse_error& e) {
    return Status::Error(name + ":" + std::to_string(e.source().begin.line) + ": " +
                         std::string(e.description()) + "; fix the TOML syntax");
  }

  ConfigParse state;
  state.rules = rules;
  Config& c = state.c;
  std::optional<int>& item_line = state.item_line;
  SectionSetters sections = section_setters(state);

  for (const auto& [section_key, section_node] : root) {
    std::string section(section_key.str());
    auto known = sections.find(section);
    if (known == sections.end()) {
      return Status::Error(where(name, section_node) + "unknown section [" + section +
                           "]; expected one of [book], [chapters], [clean], [convert], " +
                           "[style], [build]");
    }
    const toml::table* table = section_node.as_table();
    if (!table)
      return Status::Error(where(name, section_node) + "'" + section + "' must be a table");
    for (const auto& [key, node] : *table) {
      std::string k(key.str());
      auto setter = known->second.find(k);
      if (setter == known->second.end()) {
        return Status::Error(name + ":" + std::to_string(key.source().begin.line) +
                             ": unknown key '" + k + "' in [" + section +
                             "]; see docs/book-toml.md for the keys of this section");
      }
      c.key_lines["[" + section + "] " + k] = static_cast<int>(node.source().begin.line);
      item_line.reset();
      std::string err = setter->second(node);
      if (!err.empty()) {
        std::string at =
            item_line ? name + ":" + std::to_string(*item_line) + ": " : where(name, node);
        return Status::Error(at + "[" + section + "] " + k + ": " + err);
      }
    }
  }
  c.language_set = state.language_set;
  return c;
}

Result<Config> load_config(const std::filesystem::path& path, const RuleNames& rules) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path.string() + ": cannot read the file; check that it exists");
  std::stringstream buffer;
  buffer << in.rdbuf();
  Result<Config> config = parse_config(buffer.str(), path.string(), rules);
  if (!config) return config;
  config->project_dir =
      path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  config->toml_path = path;
  return config;
}

std::string config_fingerprint(const Config& c) {
  std::ostringstream o;
  auto list = [&](const std::vector<std::string>& v) {
    for (const auto& s : v) o << s << '\x1f';
    o << '\x1e';
  };
  o << c.chapters.heading << '\x1e' << c.chapters.heading_max_length << '\x1e';
  list(c.chapters.titles);
  list(c.clean.drop);
  list(c.clean.disable);
  o << c.clean.quotes << '\x1e' << c.clean.punctuation << '\x1e' << c.clean.encoding << '\x1e'
    << c.clean.lenient << '\x1e';
  o << c.convert.script << '\x1e' << c.convert.localize_phrases << '\x1e' << c.convert.phrases
    << '\x1e';
  o << c.style.writing_mode << '\x1e' << c.style.css << '\x1e' << c.style.templates << '\x1e';
  o << c.style.cover_page << c.style.title_page << c.style.intro_page << c.style.toc_page << '\x1e';
  const Metadata& b = c.book;
  for (const std::string* field : {&b.title, &b.author, &b.language, &b.identifier, &b.description,
                                   &b.publisher, &b.series, &b.series_index, &b.date, &b.cover})
    o << *field << '\x1e';
  list(b.subjects);
  o << c.language_set << '\x1e' << c.chapters.folder << '\x1e';
  list(c.chapters.files);
  // Only when set, so that the keys of books without it stay those of earlier builds.
  if (!c.chapters.title_format.empty()) o << "title_format=" << c.chapters.title_format << '\x1e';
  if (!c.clean.keep.empty()) {
    o << "keep=";
    list(c.clean.keep);
  }
  return o.str();
}

}  // namespace novelbind
