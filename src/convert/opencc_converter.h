// One OpenCC configuration loaded through libopencc.
//
// Converts text exactly as opencc::SimpleConverter with the same configuration does (tests
// compare the two on whole novels for twelve configurations; convert_bench on ten million
// characters), but does far less work for it:
//  - Text is split at characters that occur in no key of any of the configuration's
//    dictionaries. No dictionary match can span such a character, so converting the pieces
//    separately gives the same result; pieces in which no key can even start are copied
//    instead of converted. A Traditional chapter going through t2tw (39 keys) is thus
//    mostly copied.
//  - OpenCC first segments the text with a phrase dictionary and then converts segment by
//    segment. When the segmentation dictionary is the first dictionary the conversion tries
//    anyway, and every other dictionary maps single characters only (s2t, s2tw, s2hk, t2s,
//    t2tw, t2hk), converting the whole text greedily gives the same segments, so the
//    segmentation pass is skipped. Each conversion step then runs opencc::Conversion's loop
//    (the first dictionary with a match wins, its longest key is replaced by its first value)
//    over libopencc's dictionaries, with single-character dictionaries as tables and the
//    phrase trie asked only where the next two characters begin one of its keys: s2tw runs
//    about 8 times as fast as SimpleConverter. Other configurations (s2twp, tw2s, ...) go
//    through libopencc's converter as a whole.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace novelbind {

class OpenccConverter {
 public:
  // `config` names a configuration in OpenCC's data folder ("s2tw", "t2s", ...) or is the
  // JSON text of one ("{...}"), whose dictionaries are then looked up in that folder.
  // `name` is what name() reports (defaults to `config`).
  static Result<OpenccConverter> load(const std::string& config, const std::string& name = "");

  // The named configuration ("s2tw", ..., or "t2twp", see convert.cc), loaded once per process
  // and shared: loading s2tw's phrase dictionary costs a tenth of a second. Thread-safe.
  static Result<std::shared_ptr<const OpenccConverter>> shared(const std::string& config,
                                                               const std::string& name = "");

  // What the report calls this conversion, e.g. "s2tw".
  const std::string& name() const;

  // Appends the conversion of `text` to `out`. Thread-safe: libopencc's lookups only read the
  // loaded dictionaries and keep their state on the stack, so one instance serves every
  // worker thread.
  void convert_append(std::string_view text, std::string* out) const;
  std::string convert(std::string_view text) const;

  // Every key of every dictionary of the configuration with its default value, dictionary by
  // dictionary in the order OpenCC consults them (segmentation first). For building
  // character sets from OpenCC's own data.
  struct Entry {
    std::string key;
    std::vector<std::string> values;
  };
  std::vector<std::vector<Entry>> dictionaries() const;
  // Every key of one dictionary file in OpenCC's data folder ("STCharacters.ocd2") with its
  // values, read without building a converter around it (the script detector's four
  // dictionaries: a converter for each cost a tenth of a small book's build).
  static Result<std::vector<Entry>> dictionary_entries(const std::string& file);

  // True when the segmentation pass is skipped (see above); for tests and the benchmark.
  bool skips_segmentation() const;

 private:
  struct Engine;
  std::shared_ptr<const Engine> engine_;
};

}  // namespace novelbind
