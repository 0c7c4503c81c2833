// The documentation keeps up with the code: every key book.toml accepts is in
// docs/book-toml.md, and every rule name --fail-on, [build] fail_on and [clean] disable accept
// is in docs/cleaning.md. A key or rule added without its documentation fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "config/config.h"
#include "pipeline/stage_rule_names.h"

namespace novelbind {
namespace {

std::string read_doc(const std::string& name) {
  std::ifstream in(std::string(NOVELBIND_SOURCE_DIR) + "/docs/" + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The part of the book.toml example under `[section]`, up to the next section.
std::string section_of(const std::string& doc, const std::string& section) {
  std::size_t at = doc.find("\n[" + section + "]\n");
  if (at == std::string::npos) return "";
  std::size_t end = doc.find("\n[", at + 1);
  std::size_t fence = doc.find("\n```", at + 1);
  if (end == std::string::npos || (fence != std::string::npos && fence < end)) end = fence;
  return doc.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

TEST(Docs, EveryBookTomlKeyIsDocumentedInItsSection) {
  std::string doc = read_doc("book-toml.md");
  ASSERT_FALSE(doc.empty()) << "docs/book-toml.md is missing";
  std::vector<std::string> keys = book_toml_keys();
  ASSERT_GT(keys.size(), 30u);
  for (const std::string& key : keys) {
    std::size_t close = key.find("] ");
    std::string section = key.substr(1, close - 1), name = key.substr(close + 2);
    std::string part = section_of(doc, section);
    EXPECT_FALSE(part.empty()) << "no [" << section << "] in docs/book-toml.md";
    EXPECT_NE(part.find("\n" + name + " "), std::string::npos)
        << key << " is not documented in docs/book-toml.md";
  }
}

TEST(Docs, EveryRuleNameIsDocumented) {
  std::string doc = read_doc("cleaning.md");
  ASSERT_FALSE(doc.empty()) << "docs/cleaning.md is missing";
  std::vector<std::string> names = known_rule_names();
  ASSERT_GT(names.size(), 20u);
  for (const std::string& name : names)
    EXPECT_NE(doc.find("| `" + name + "` |"), std::string::npos)
        << "rule " << name << " has no row in the table of docs/cleaning.md";
}

}  // namespace
}  // namespace novelbind
