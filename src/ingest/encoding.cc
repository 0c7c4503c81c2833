#include "ingest/encoding.h"

#include <uchardet/uchardet.h>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "ingest/chinese_score.h"
#include "ingest/decoded_text.h"
#include "ingest/iconv_decode.h"
#include "ingest/text_scrub.h"

namespace novelbind {
namespace {

constexpr size_t npos = std::string_view::npos;

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

// ---- Binary files --------------------------------------------------------------------

struct Signature {
  std::string_view magic;
  const char* what;
};

// Files that end up in a chapter folder by mistake (a cover, a downloaded archive).
constexpr Signature kSignatures[] = {
    {"\x89PNG\r\n\x1A\n", "a PNG image"},
    {"\xFF\xD8\xFF", "a JPEG image"},
    {"GIF87a", "a GIF image"},
    {"GIF89a", "a GIF image"},
    {"PK\x03\x04", "a ZIP archive (or EPUB, DOCX)"},
    {"PK\x05\x06", "a ZIP archive"},
    {"%PDF-", "a PDF document"},
    {"\x1F\x8B", "a gzip archive"},
    {"Rar!\x1A\x07", "a RAR archive"},
    {"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"},
};

const char* binary_signature(std::string_view bytes) {
  for (const Signature& s : kSignatures)
    if (bytes.substr(0, s.magic.size()) == s.magic) return s.what;
  if (bytes.size() >= 12 && bytes.substr(0, 4) == "RIFF" && bytes.substr(8, 4) == "WEBP")
    return "a WebP image";
  return nullptr;
}

// ---- Detection -----------------------------------------------------------------------

const std::string kGB18030 = "GB18030";
const std::string kBig5 = "BIG5-HKSCS";

// The first `size` bytes or so of `bytes`, cut at an ASCII byte so that no character is
// split (unless there is none in the second half).
std::string_view sample(std::string_view bytes, size_t size) {
  size_t n = std::min(bytes.size(), size);
  if (n < bytes.size()) {
    size_t cut = n;
    while (cut > n / 2 && static_cast<unsigned char>(bytes[cut - 1]) >= 0x80) --cut;
    if (cut > n / 2) n = cut;
  }
  return bytes.substr(0, n);
}

// Detection looks at the first 64 KB: plenty to decide (uchardet is right from about 32
// characters on), and uchardet is slow on Big5 (about 1 s for 3 MB). The whole file is
// validated by decoding it afterwards.
constexpr size_t kDetectionSample = 64 * 1024;
// The Chinese score needs about two thousand characters.
constexpr size_t kScoringSample = 4 * 1024;

// uchardet's guess for `bytes` ("" when it has none).
std::string uchardet_guess(std::string_view bytes) {
  std::unique_ptr<std::remove_pointer_t<uchardet_t>, void (*)(uchardet_t)> ud(uchardet_new(),
                                                                              uchardet_delete);
  if (uchardet_handle_data(ud.get(), bytes.data(), bytes.size()) != 0) return "";
  uchardet_data_end(ud.get());
  return upper(uchardet_get_charset(ud.get()));
}

// The encoding to decode a guess with: the supersets, so that no character is lost.
std::string decoder_for(const std::string& guess) {
  if (guess == "GB2312" || guess == "GBK" || guess == "GB18030" || guess == "EUC-CN" ||
      guess == "CP936")
    return kGB18030;
  if (guess == "BIG5" || guess == "BIG5-HKSCS" || guess == "BIG5HKSCS" || guess == "CP950")
    return kBig5;
  if (guess.empty() || guess == "ASCII" || !iconv_knows(guess)) return "";
  return guess;
}

bool is_chinese(const std::string& enc) {
  return enc == kGB18030 || enc == kBig5;
}

// Text without a byte order mark but with NUL bytes: UTF-16 when nine in ten code units,
// read in one byte order, are ASCII text, CJK characters or punctuation.
std::string bomless_utf16(std::string_view b) {
  if (b.size() < 2 || b.size() % 2 != 0) return "";
  auto plausible = [](unsigned u) {
    return u == '\t' || u == '\n' || u == '\r' || (u >= 0x20 && u < 0x7F) ||
           (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3000 && u <= 0x303F) ||
           (u >= 0xFF00 && u <= 0xFFEF) || (u >= 0x2000 && u <= 0x206F);
  };
  size_t le = 0, be = 0, units = b.size() / 2;
  for (size_t i = 0; i < b.size(); i += 2) {
    unsigned lo = static_cast<unsigned char>(b[i]), hi = static_cast<unsigned char>(b[i + 1]);
    le += plausible(lo | hi << 8);
    be += plausible(hi | lo << 8);
  }
  if (le * 10 >= units * 9 && le > be) return "UTF-16LE";
  if (be * 10 >= units * 9 && be > le) return "UTF-16BE";
  return "";
}

struct Utf8Stats {
  size_t multibyte = 0;  // valid sequences of 2-4 bytes
  size_t invalid = 0;    // bytes that are not part of one
  size_t non_ascii = 0;  // bytes >= 0x80
};

Utf8Stats utf8_stats(std::string_view b) {
  Utf8Stats s;
  for (size_t i = 0; i < b.size();) {
    if (static_cast<unsigned char>(b[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t len = utf8_sequence_length(b, i);
    if (len == 0) {
      ++s.invalid;
      ++s.non_ascii;
      ++i;
    } else {
      ++s.multibyte;
      s.non_ascii += len;
      i += len;
    }
  }
  return s;
}

// Decodes `bytes` (which start at `base` in the file) from `encoding`, which iconv knows.
Result<Decoded> decode_as(std::string_view bytes, size_t base, const std::string& encoding,
                          const std::string& file, bool lenient, bool forced,
                          std::string_view whole) {
  if (encoding == "UTF-8") {
    std::string out;
    ScrubResult s = scrub_text(bytes, &out);
    if (s.invalid_at == npos) return finish_scrubbed(std::move(out), s, encoding, file, 0, 0);
    if (!lenient && !forced) {
      if (auto d = decode_despite_damage(bytes, base, encoding, file, whole, is_chinese(encoding)))
        return std::move(*d);
    }
    if (!lenient) {
      return Status::Error(bad_byte_message(file, encoding, whole, base + s.invalid_at,
                                            utf8_cut_off(bytes, s.invalid_at), forced));
    }
    size_t replaced = 0, first = 0;
    std::string fixed = replace_invalid_utf8(bytes, &replaced, &first);
    return finish_decoded(std::move(fixed), encoding, file, replaced, base + first);
  }
  Conversion c = iconv_decode(bytes, encoding, lenient);
  if (!c.ok() && !lenient) {
    return Status::Error(
        bad_byte_message(file, encoding, whole, base + c.first_bad, c.cut_off, forced));
  }
  return finish_decoded(std::move(c.text), encoding, file, c.bad_bytes, base + c.first_bad);
}

struct Candidate {
  std::string encoding;
  Conversion strict;
  ChineseScore chinese;
};

// GB18030 or BIG5-HKSCS when the start of `bytes` decodes in one of them into plain
// Chinese prose and not in the other; "" when that is not clear. The two readings score
// about 1.5 and -1.2 (see chinese_score), so this settles most files without uchardet,
// which takes about 7 ms per 10 KB of Big5.
std::string plainly_chinese(std::string_view bytes) {
  std::string_view start = sample(bytes, kScoringSample);
  bool cut = start.size() < bytes.size();
  const std::string* encodings[2] = {&kGB18030, &kBig5};
  double ratio[2] = {-9, -9};
  for (int i = 0; i < 2; ++i) {
    Conversion c = iconv_decode(start, *encodings[i], false);
    if (!c.ok() && !(cut && c.cut_off)) continue;
    ChineseScore p = chinese_score(c.text);
    if (p.chars < 200) return "";  // too little Chinese at the start to be sure
    ratio[i] = p.ratio();
  }
  for (int i = 0; i < 2; ++i)
    if (ratio[i] >= 1.0 && ratio[1 - i] < 0.5) return *encodings[i];
  return "";
}

// The decoding to use among `candidates` (strict conversions; nullptr when none will do).
// A Chinese decoding that reads as Chinese comes first: for short texts it needs only not
// to read as something else, for long ones (where uchardet failed) it must read like
// prose. Then uchardet's non-Chinese answer (Shift_JIS, Windows-1252, ...); then, for short
// texts, whatever decodes.
Candidate* choose(std::vector<Candidate>& candidates, const std::string& guess, bool long_text) {
  Candidate* best = nullptr;
  for (Candidate& c : candidates) {
    if (!is_chinese(c.encoding) || !c.strict.ok()) continue;
    if (c.chinese.ratio() < (long_text ? 0.5 : 0.0)) continue;
    if (!best || c.chinese.score > best->chinese.score) best = &c;
  }
  if (best) return best;
  if (!is_chinese(guess)) {
    for (Candidate& c : candidates)
      if (c.encoding == guess && c.strict.ok()) return &c;
  }
  if (is_chinese(guess) && long_text) return nullptr;  // damaged: report it
  for (Candidate& c : candidates)
    if (c.strict.ok() && (!best || c.chinese.score > best->chinese.score)) best = &c;
  return best;
}

// Bytes that are not UTF-8 and carry no byte order mark.
Result<Decoded> detect_and_decode(std::string_view bytes, const std::string& file, bool lenient) {
  std::string_view start = sample(bytes, kDetectionSample);
  Utf8Stats stats = utf8_stats(start);
  // Mostly UTF-8 with a few damaged bytes (a scraped page cut mid-character): no legacy
  // encoding produces valid UTF-8 sequences that often (GB18030 text: ~1 per 4 invalid).
  if (stats.multibyte > 0 && stats.multibyte >= 8 * stats.invalid)
    return decode_as(bytes, 0, "UTF-8", file, lenient, false, bytes);

  // Long texts: the Chinese score settles GB18030 against Big5; failing that uchardet's
  // answer is trusted (it was right on every sample of 32 characters or more we tried).
  // Short texts: uchardet often says Windows-1252 or Greek for Chinese, so every candidate
  // is decoded and scored (see choose).
  bool long_text = stats.non_ascii >= 512;
  std::string guess = long_text ? plainly_chinese(bytes) : "";
  if (guess.empty()) guess = decoder_for(uchardet_guess(start));
  bool trusted = is_chinese(guess) && long_text;
  if (trusted) {
    Conversion c = iconv_decode(bytes, guess, false);
    if (c.ok()) return finish_decoded(std::move(c.text), guess, file, 0, 0);
  }

  std::vector<Candidate> candidates;
  for (const std::string& enc : {guess, kGB18030, kBig5}) {
    if (enc.empty() || std::any_of(candidates.begin(), candidates.end(),
                                   [&](const Candidate& c) { return c.encoding == enc; }))
      continue;
    Candidate c{enc, iconv_decode(bytes, enc, false), {}};
    if (c.strict.ok()) c.chinese = chinese_score(c.strict.text);
    candidates.push_back(std::move(c));
  }
  if (Candidate* pick = choose(candidates, guess, long_text))
    return finish_decoded(std::move(pick->strict.text), pick->encoding, file, 0, 0);

  // Nothing decodes. Name uchardet's Chinese guess (reliable on long text even when
  // damaged); otherwise the candidate that decoded furthest.
  const Candidate* named = &candidates.front();
  if (!trusted) {
    for (const Candidate& c : candidates)
      if (c.strict.first_bad > named->strict.first_bad) named = &c;
  }
  if (!lenient) {
    if (auto d = decode_despite_damage(bytes, 0, named->encoding, file, bytes,
                                       is_chinese(named->encoding)))
      return std::move(*d);
    return Status::Error(bad_byte_message(file, named->encoding, bytes, named->strict.first_bad,
                                          named->strict.cut_off, false));
  }
  // Lenient: the trusted guess, or the candidate with the fewest bad bytes.
  std::optional<Conversion> fewest;
  std::string fewest_encoding;
  for (const Candidate& c : candidates) {
    if (trusted && c.encoding != guess) continue;
    Conversion lc = iconv_decode(bytes, c.encoding, true);
    if (!fewest || lc.bad_bytes < fewest->bad_bytes) {
      fewest = std::move(lc);
      fewest_encoding = c.encoding;
    }
  }
  return finish_decoded(std::move(fewest->text), fewest_encoding, file, fewest->bad_bytes,
                        fewest->first_bad);
}

}  // namespace

Status check_encoding_name(const std::string& name) {
  if (!name.empty() && iconv_knows(name)) return Status::Ok();
  return Status::Error("unknown encoding '" + name +
                       "' (from --encoding or [clean] encoding): iconv does not know this name; "
                       "use one such as UTF-8, GB18030, BIG5-HKSCS or UTF-16LE "
                       "(`iconv -l` lists them all)");
}

Result<Decoded> decode_text(std::string_view bytes, const std::string& file,
                            const DecodeOptions& options) {
  if (const char* what = binary_signature(bytes)) {
    return Status::Error(file + ": binary data, not text (" + what +
                         " signature at offset 0); remove the file from the input");
  }
  if (!options.forced_encoding.empty()) {
    if (Status s = check_encoding_name(options.forced_encoding); !s) return s;
    std::string enc = upper(options.forced_encoding);
    if (enc == "UTF8") enc = "UTF-8";
    size_t base = enc == "UTF-8" && bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    return decode_as(bytes.substr(base), base, enc, file, options.lenient, true, bytes);
  }

  struct Bom {
    std::string_view mark;
    const char* encoding;
  };
  // UTF-32LE first: its mark begins with UTF-16LE's.
  static constexpr Bom kBoms[] = {{std::string_view("\xFF\xFE\0\0", 4), "UTF-32LE"},
                                  {std::string_view("\0\0\xFE\xFF", 4), "UTF-32BE"},
                                  {"\xEF\xBB\xBF", "UTF-8"},
                                  {"\xFF\xFE", "UTF-16LE"},
                                  {"\xFE\xFF", "UTF-16BE"}};
  for (const Bom& bom : kBoms) {
    if (bytes.substr(0, bom.mark.size()) != bom.mark) continue;
    size_t base = bom.mark.size();
    if (std::string(bom.encoding) == "UTF-8" && bytes.find('\0') != npos) break;
    return decode_as(bytes.substr(base), base, bom.encoding, file, options.lenient, false, bytes);
  }

  if (size_t nul = bytes.find('\0'); nul != npos) {
    std::string utf16 = bomless_utf16(bytes);
    if (!utf16.empty() && iconv_decode(bytes, utf16, false).ok())
      return decode_as(bytes, 0, utf16, file, options.lenient, false, bytes);
    return Status::Error(file + ": binary data, not text (a NUL byte at offset " +
                         std::to_string(nul) +
                         "); remove the file from the input, or pass --encoding if it is "
                         "UTF-16 without a byte order mark");
  }

  // Most input is UTF-8: validating and scrubbing it is one pass.
  std::string out;
  if (ScrubResult s = scrub_text(bytes, &out); s.invalid_at == npos)
    return finish_scrubbed(std::move(out), s, "UTF-8", file, 0, 0);
  return detect_and_decode(bytes, file, options.lenient);
}

}  // namespace novelbind
