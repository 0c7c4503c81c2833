// Test-only (never part of novelbind_lib). What the decoding tests share: decoding that is expected
// to succeed or fail, and the seed chapters' texts.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "base/test_util.h"
#include "ingest/encoding.h"

namespace novelbind::encoding_test {

inline Decoded decode_ok(const std::string& bytes, const DecodeOptions& options = {}) {
  auto r = decode_text(bytes, "ch.txt", options);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : Decoded{};
}

inline std::string decode_error(const std::string& bytes, const DecodeOptions& options = {}) {
  auto r = decode_text(bytes, "chapters/0042.txt", options);
  EXPECT_FALSE(r.ok()) << "decoded as " << (r.ok() ? r->encoding : "");
  return r.message();
}

inline std::vector<std::string> seed_texts() {
  std::vector<std::string> texts;
  for (const auto& e : std::filesystem::directory_iterator(test::source_dir() / "samples/seeds"))
    texts.push_back(test::read_file(e.path()));
  EXPECT_EQ(texts.size(), 5u);
  return texts;
}

}  // namespace novelbind::encoding_test
