#include "convert/opencc_converter.h"

#include <map>
#include <mutex>
#include <opencc/Config.hpp>
#include <opencc/Conversion.hpp>
#include <opencc/ConversionChain.hpp>
#include <opencc/Converter.hpp>
#include <opencc/Dict.hpp>
#include <opencc/DictEntry.hpp>
#include <opencc/DictGroup.hpp>
#include <opencc/Exception.hpp>
#include <opencc/Lexicon.hpp>
#include <opencc/MaxMatchSegmentation.hpp>
#include <opencc/Optional.hpp>
#include <unordered_map>
#include <unordered_set>

#include "base/codepoint_set.h"

namespace novelbind {
namespace {

// Unchanged stretches shorter than this stay inside the piece handed to OpenCC: a call costs
// more than converting a few characters.
constexpr std::size_t kMinCopiedRun = 256;

// The dictionaries of `dict` in the order OpenCC consults them (groups flattened).
void flatten(const opencc::DictPtr& dict, std::vector<opencc::DictPtr>* out) {
  if (auto group = std::dynamic_pointer_cast<opencc::DictGroup>(dict)) {
    for (const opencc::DictPtr& d : group->GetDicts()) flatten(d, out);
  } else {
    out->push_back(dict);
  }
}

std::uint64_t pair(char32_t a, char32_t b) {
  return (std::uint64_t{a} << 32) | b;
}

bool single_codepoint(const std::string& s) {
  std::size_t len = 0;
  return !s.empty() && utf8::decode_strict(s, 0, &len) != utf8::kInvalid && len == s.size();
}

bool only_single_character_keys(const opencc::DictPtr& dict) {
  for (const auto& entry : *dict->GetLexicon())
    if (!single_codepoint(entry->Key())) return false;
  return true;
}

bool same_dictionary(const opencc::DictPtr& a, const opencc::DictPtr& b) {
  if (a == b) return true;
  const opencc::LexiconPtr la = a->GetLexicon(), lb = b->GetLexicon();
  if (la->Length() != lb->Length() || a->KeyMaxLength() != b->KeyMaxLength()) return false;
  for (std::size_t i = 0; i < la->Length(); ++i) {
    if (la->At(i)->Key() != lb->At(i)->Key() || la->At(i)->Values() != lb->At(i)->Values())
      return false;
  }
  return true;
}

}  // namespace

// One dictionary of a conversion step, consulted the way opencc::Conversion does: the longest
// key that starts at the position, its first value replacing it.
struct Lookup {
  CodepointSet first_chars;  // no key starts with any other character: no call needed
  opencc::DictPtr dict;      // keys of several characters: libopencc's own MatchPrefix
  // For `dict`: the first two characters of its longer keys, and which characters are keys by
  // themselves. Most positions start no key, and telling so from a hash of the next two
  // characters is far cheaper than asking the trie.
  std::unordered_set<std::uint64_t> first_pairs;
  CodepointSet single_keys;
  // When every key is one character (STCharacters, TWVariants, ...), matching is a table
  // lookup: key -> first value.
  std::unordered_map<char32_t, std::string> characters;
};

// One pass over the text: a single conversion of the chain (when segmentation is skipped, each
// is a greedy pass over the whole text of its own) or OpenCC's whole converter.
struct Step {
  std::vector<Lookup> lookups;  // the conversion's dictionaries in order; empty: whole converter
  CodepointSet key_chars;       // in some key of the step's dictionaries
  CodepointSet first_chars;     // first character of some key
};

struct OpenccConverter::Engine {
  std::string name;
  opencc::ConverterPtr converter;
  std::vector<opencc::DictPtr> dictionaries;  // segmentation's, then the chain's, flattened
  bool skip_segmentation = false;
  std::vector<Step> steps;

  // Converts one piece that holds no NUL and only valid UTF-8.
  void convert_piece(const Step& step, std::string_view piece, std::string* out) const {
    if (step.lookups.empty()) {
      try {
        out->append(converter->Convert(std::string(piece)));
      } catch (const opencc::Exception&) {
        out->append(piece);  // cannot happen for valid UTF-8; leave the text as it was
      } catch (const std::exception&) {
        out->append(piece);
      }
      return;
    }
    // opencc::Conversion::Convert's loop (the first dictionary with a match wins, its longest
    // key is replaced by its first value, unmatched characters are copied), writing straight
    // into `out` instead of through an ostringstream and two copies.
    const char* p = piece.data();
    const char* end = p + piece.size();
    while (p < end) {
      std::size_t len = 0;
      char32_t cp =
          utf8::decode_strict(std::string_view(p, static_cast<std::size_t>(end - p)), 0, &len);
      bool matched = false;
      for (const Lookup& l : step.lookups) {
        if (!l.first_chars.contains(cp)) continue;
        if (!l.dict) {
          out->append(l.characters.at(cp));
          p += len;
          matched = true;
          break;
        }
        if (!l.single_keys.contains(cp)) {
          std::size_t next_len = 0;
          char32_t next =
              p + len < end
                  ? utf8::decode_strict(std::string_view(p + len, end - p - len), 0, &next_len)
                  : utf8::kInvalid;
          if (next == utf8::kInvalid || !l.first_pairs.count(pair(cp, next))) continue;
        }
        auto m = l.dict->MatchPrefix(p, static_cast<std::size_t>(end - p));
        if (!m.IsNull()) {
          out->append(m.Get()->GetDefault());
          p += m.Get()->KeyLength();
          matched = true;
          break;
        }
      }
      if (!matched) {
        out->append(p, len);
        p += len;
      }
    }
  }

  void run(const Step& step, std::string_view text, std::string* out) const;
};

namespace {

// libopencc's converter for `config` (see OpenccConverter::load); the error names it as `name`.
Result<opencc::ConverterPtr> open_config(const std::string& config, const std::string& name) {
  auto failure = [&](const char* why) {
    return Status::Error("OpenCC configuration '" + name + "' cannot be loaded (" + why +
                         "); install OpenCC's data files (Debian: libopencc-data)");
  };
  bool inline_json = !config.empty() && config.front() == '{';
  try {
    opencc::Config loader;
    return inline_json ? loader.NewFromString(config, "") : loader.NewFromFile(config + ".json");
  } catch (const opencc::Exception& e) {  // not a std::exception
    return failure(e.what());
  } catch (const std::exception& e) {
    return failure(e.what());
  }
}

OpenccConverter::Entry entry_of(const opencc::DictEntry& entry) {
  return {entry.Key(), entry.Values()};
}

}  // namespace

Result<std::vector<OpenccConverter::Entry>> OpenccConverter::dictionary_entries(
    const std::string& file) {
  const std::string config = R"({"name":")" + file +
                             R"(","segmentation":{"type":"mmseg","dict":{"type":"ocd2","file":")" +
                             file + R"("}},"conversion_chain":[]})";
  auto converter = open_config(config, file);
  if (!converter) return converter.status();
  auto segmentation =
      std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>((*converter)->GetSegmentation());
  std::vector<opencc::DictPtr> dicts;
  if (segmentation) flatten(segmentation->GetDict(), &dicts);
  std::vector<Entry> out;
  for (const opencc::DictPtr& d : dicts)
    for (const auto& entry : *d->GetLexicon()) out.push_back(entry_of(*entry));
  return out;
}

Result<OpenccConverter> OpenccConverter::load(const std::string& config, const std::string& name) {
  auto engine = std::make_shared<Engine>();
  engine->name = name.empty() ? config : name;
  auto converter = open_config(config, engine->name);
  if (!converter) return converter.status();
  engine->converter = std::move(*converter);

  auto segmentation =
      std::dynamic_pointer_cast<opencc::MaxMatchSegmentation>(engine->converter->GetSegmentation());
  std::vector<opencc::DictPtr> segmentation_dicts;
  if (segmentation) flatten(segmentation->GetDict(), &segmentation_dicts);
  std::vector<opencc::ConversionPtr> chain;
  for (const opencc::ConversionPtr& c : engine->converter->GetConversionChain()->GetConversions())
    chain.push_back(c);

  // Segmentation is redundant when the first conversion tries the segmentation dictionary
  // first and everything else it and later conversions look up is one character long: at
  // every position the greedy match over the whole text is then the one the segment gives.
  bool redundant = segmentation && segmentation_dicts.size() == 1 && !chain.empty();
  for (std::size_t i = 0; redundant && i < chain.size(); ++i) {
    std::vector<opencc::DictPtr> dicts;
    flatten(chain[i]->GetDict(), &dicts);
    for (std::size_t k = 0; redundant && k < dicts.size(); ++k) {
      if (i == 0 && k == 0)
        redundant = same_dictionary(dicts[0], segmentation_dicts[0]);
      else
        redundant = only_single_character_keys(dicts[k]);
    }
  }
  engine->skip_segmentation = redundant;

  auto add_keys = [](const std::vector<opencc::DictPtr>& dicts, Step* step) {
    for (const opencc::DictPtr& d : dicts) {
      for (const auto& entry : *d->GetLexicon()) {
        const std::string key = entry->Key();
        std::size_t len = 0;
        if (key.empty()) continue;
        step->first_chars.insert(utf8::decode_strict(key, 0, &len));
        step->key_chars.insert_all(key);
      }
    }
  };
  engine->dictionaries = segmentation_dicts;
  if (redundant) {
    // Each conversion is then a pass of its own, and each skips what its dictionaries cannot
    // change: s2tw's TWVariants step (39 keys) mostly copies.
    for (const opencc::ConversionPtr& c : chain) {
      std::vector<opencc::DictPtr> dicts;
      flatten(c->GetDict(), &dicts);
      Step& step = engine->steps.emplace_back();
      add_keys(dicts, &step);
      for (const opencc::DictPtr& d : dicts) {
        Lookup& l = step.lookups.emplace_back();
        bool characters = only_single_character_keys(d);
        for (const auto& entry : *d->GetLexicon()) {
          const std::string key = entry->Key();
          if (key.empty()) continue;
          std::size_t len = 0;
          char32_t first = utf8::decode_strict(key, 0, &len);
          l.first_chars.insert(first);
          if (characters) {
            l.characters.emplace(first, entry->GetDefault());
          } else if (len == key.size()) {
            l.single_keys.insert(first);
          } else {
            std::size_t len2 = 0;
            l.first_pairs.insert(pair(first, utf8::decode_strict(key, len, &len2)));
          }
        }
        if (!characters) l.dict = d;
      }
      engine->dictionaries.insert(engine->dictionaries.end(), dicts.begin(), dicts.end());
    }
  } else {
    for (const opencc::ConversionPtr& c : chain) flatten(c->GetDict(), &engine->dictionaries);
    add_keys(engine->dictionaries, &engine->steps.emplace_back());
  }
  OpenccConverter c;
  c.engine_ = std::move(engine);
  return c;
}

Result<std::shared_ptr<const OpenccConverter>> OpenccConverter::shared(const std::string& config,
                                                                       const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, Result<std::shared_ptr<const OpenccConverter>>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(config);
  if (it == loaded.end()) {
    auto c = load(config, name);
    Result<std::shared_ptr<const OpenccConverter>> r =
        c ? Result<std::shared_ptr<const OpenccConverter>>(
                std::make_shared<const OpenccConverter>(std::move(*c)))
          : Result<std::shared_ptr<const OpenccConverter>>(c.status());
    it = loaded.emplace(config, std::move(r)).first;
  }
  return it->second;
}

const std::string& OpenccConverter::name() const {
  return engine_->name;
}

bool OpenccConverter::skips_segmentation() const {
  return engine_->skip_segmentation;
}

void OpenccConverter::Engine::run(const Step& step, std::string_view text, std::string* out) const {
  out->reserve(out->size() + text.size() + text.size() / 16);
  std::size_t emitted = 0;                 // text[0, emitted) is in *out
  std::size_t region = std::string::npos;  // start of the stretch waiting for OpenCC
  std::size_t region_end = 0;              // its end: the end of its last convertible piece
  std::size_t piece = 0;                   // start of the current piece
  bool convertible = false;                // some key can start in the current piece
  auto flush = [&] {
    if (region == std::string::npos) return;
    out->append(text.substr(emitted, region - emitted));
    convert_piece(step, text.substr(region, region_end - region), out);
    emitted = region_end;
    region = std::string::npos;
  };
  std::size_t len = 0;
  for (std::size_t i = 0; i < text.size(); i += len) {
    char32_t cp = utf8::decode_strict(text, i, &len);
    if (step.key_chars.contains(cp)) {
      if (!convertible && step.first_chars.contains(cp)) convertible = true;
      continue;
    }
    // A character in no key: a piece ends here and no match can span it.
    if (convertible) {
      if (region == std::string::npos) region = piece;
      region_end = i;
      convertible = false;
    }
    // OpenCC reads C strings and throws on bad UTF-8: never hand it a NUL or a stray byte.
    if (cp == 0 || cp == utf8::kInvalid ||
        (region != std::string::npos && i - region_end >= kMinCopiedRun))
      flush();
    piece = i + len;
  }
  if (convertible) {
    if (region == std::string::npos) region = piece;
    region_end = text.size();
  }
  flush();
  out->append(text.substr(emitted));
}

void OpenccConverter::convert_append(std::string_view text, std::string* out) const {
  const std::vector<Step>& steps = engine_->steps;
  if (steps.size() == 1) return engine_->run(steps[0], text, out);
  std::string current, next;
  engine_->run(steps[0], text, &current);
  for (std::size_t k = 1; k + 1 < steps.size(); ++k) {
    next.clear();
    engine_->run(steps[k], current, &next);
    current.swap(next);
  }
  engine_->run(steps.back(), current, out);
}

std::string OpenccConverter::convert(std::string_view text) const {
  std::string out;
  convert_append(text, &out);
  return out;
}

std::vector<std::vector<OpenccConverter::Entry>> OpenccConverter::dictionaries() const {
  std::vector<std::vector<Entry>> out;
  for (const opencc::DictPtr& d : engine_->dictionaries) {
    std::vector<Entry>& entries = out.emplace_back();
    for (const auto& entry : *d->GetLexicon()) entries.push_back(entry_of(*entry));
  }
  return out;
}

}  // namespace novelbind
