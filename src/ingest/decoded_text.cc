#include "ingest/decoded_text.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "base/utf8.h"
#include "ingest/chinese_score.h"
#include "ingest/iconv_decode.h"
#include "ingest/line_markup.h"
#include "ingest/mojibake.h"
#include "ingest/nav_links.h"

namespace novelbind {
namespace {

// ---- A few damaged bytes -------------------------------------------------------------

// A file that decodes in one encoding except at a few spots is damaged, not written in
// another encoding: Chinese text read in the wrong one fails within its first few hundred
// bytes and keeps failing (GB18030 read as UTF-8 or Big5-HKSCS, and the reverse: several
// bad sequences per kilobyte). One bad sequence per 10 KB, and 64 in all, is two orders of
// magnitude below that and still above what a damaged download holds (the two real books
// that need it: 1 spot in 2.4 MB, 40 stray bytes in 1.9 MB). More damage than that, or a
// short file, still stops the build with the error that names the first bad byte.
constexpr size_t kBytesPerTolerableSpot = 10 * 1024;
constexpr size_t kMaxTolerableSpots = 64;

// A run of consecutive undecodable bytes.
struct DamagedSpot {
  size_t offset = 0;      // in the bytes decoded
  size_t length = 0;      // bytes
  size_t out_offset = 0;  // of the first byte's U+FFFD in the lenient decoding
};

// 1-based line of each offset in `whole` (sorted offsets); LF, CRLF and a bare CR end lines.
std::vector<int> lines_of(std::string_view whole, const std::vector<size_t>& offsets) {
  std::vector<int> lines;
  int line = 1;
  size_t i = 0;
  for (size_t offset : offsets) {
    for (; i < offset && i < whole.size(); ++i) {
      if (whole[i] == '\n' || (whole[i] == '\r' && (i + 1 >= whole.size() || whole[i + 1] != '\n')))
        ++line;
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

std::string hex_byte(unsigned char b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", b);
  return buf;
}

std::string bad_byte_message(const std::string& file, const std::string& encoding,
                             std::string_view bytes, size_t offset, bool cut_off, bool forced) {
  std::string msg = file + ": invalid " + encoding + " byte " +
                    hex_byte(static_cast<unsigned char>(bytes[offset])) + " at offset " +
                    std::to_string(offset);
  if (cut_off) msg += " (the file ends in the middle of a character)";
  msg += forced ? "; check --encoding (or [clean] encoding), or pass --lenient to replace bad bytes"
                : "; pass --encoding to override, or --lenient to replace bad bytes";
  return msg;
}

// The result for `text`, already scrubbed as `scrub` says, with a warning for what was
// dropped and, when `replaced` > 0, for the bytes that became U+FFFD.
Decoded finish_scrubbed(std::string text, const ScrubResult& scrub, const std::string& encoding,
                        const std::string& file, size_t replaced, size_t first_replaced) {
  Decoded d;
  d.text = std::move(text);
  d.encoding = encoding;
  if (replaced > 0) {
    // The line of the first U+FFFD: the text's line ends are '\n' alone by now.
    size_t at = d.text.find("\xEF\xBF\xBD");
    int line = at == std::string::npos
                   ? 0
                   : 1 + static_cast<int>(std::count(d.text.begin(), d.text.begin() + at, '\n'));
    d.warnings.push_back({"encoding", file, line,
                          "replaced " + std::to_string(replaced) + " undecodable byte" +
                              (replaced == 1 ? "" : "s") + " with U+FFFD (decoded as " + encoding +
                              "; the first at offset " + std::to_string(first_replaced) + ")"});
  }
  MojibakeRepair mojibake = repair_gbk_read_as_latin1(&d.text);
  if (mojibake.lines > 0) {
    d.warnings.push_back({"encoding", file, mojibake.first_line,
                          std::to_string(mojibake.lines) + " line" +
                              (mojibake.lines == 1 ? "" : "s") +
                              " written out as Latin-1 though their bytes were GBK were decoded "
                              "again (" +
                              mojibake.first_before + " is " + mojibake.first_after + ")"});
  }
  LineMarkup markup = strip_line_markup(&d.text);
  if (markup.breaks > 0 && markup.inner_only) {
    d.warnings.push_back({"html", file, markup.first_break_line,
                          std::to_string(markup.breaks) + " HTML line break" +
                              (markup.breaks == 1 ? "" : "s") +
                              " (<br />) inside lines, as a web page's source has them, read as "
                              "paragraph breaks, the first on this line (the lines after it are "
                              "numbered as read so in this book's report)"});
  } else if (markup.breaks > 0) {
    d.warnings.push_back({"html", file, 0,
                          "the text runs its lines together with HTML line breaks (<br />), as "
                          "a web page's source has them: " +
                              std::to_string(markup.breaks) +
                              " read as line ends (line numbers in this book's report count "
                              "them)"});
  }
  if (markup.hidden > 0) {
    d.warnings.push_back({"html", file, markup.first_hidden_line,
                          std::to_string(markup.hidden) + " part" +
                              (markup.hidden == 1 ? "" : "s") +
                              " of a web page's source that a browser never shows (comments "
                              "<!-- -->, scripts, styles, the page's head) removed, the first on "
                              "this line"});
  }
  if (markup.lines > 0) {
    d.warnings.push_back({"html", file, markup.first_line,
                          std::to_string(markup.lines) + " line" + (markup.lines == 1 ? "" : "s") +
                              " began with HTML spaces (&nbsp;) or ended with HTML line breaks "
                              "(<br />), or were wrapped in a page's tags (<h2>…</h2>), as a web "
                              "page's source has them: read without them, the first on this line"});
  }
  NavLinks links = strip_nav_links(&d.text);
  if (links.lines > 0) {
    d.warnings.push_back({"html", file, links.first_line,
                          std::to_string(links.lines) + " line" + (links.lines == 1 ? "" : "s") +
                              " began with a page's link back to its contents (-返回目录-), as a "
                              "text saved from a web page or CHM has it: read without it, the "
                              "first on this line"});
  }
  if (scrub.removed > 0) {
    d.warnings.push_back({"invisible_characters", file, scrub.first_removed_line,
                          "removed " + std::to_string(scrub.removed) + " invisible character" +
                              (scrub.removed == 1 ? "" : "s") +
                              " (zero-width or control characters), the first on this line"});
  }
  return d;
}

// The result for the decoded (valid) UTF-8 `text`, scrubbed in place.
Decoded finish_decoded(std::string text, const std::string& encoding, const std::string& file,
                       size_t replaced, size_t first_replaced) {
  // A byte order mark that the decoder passed through (a forced UTF-16LE, say) is not text.
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  ScrubResult s = scrub_text(&text);
  return finish_scrubbed(std::move(text), s, encoding, file, replaced, first_replaced);
}

// True when the invalid UTF-8 at bytes[i] is a lead byte whose character the data ends in.
bool utf8_cut_off(std::string_view bytes, size_t i) {
  unsigned char c = static_cast<unsigned char>(bytes[i]);
  size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (n == 0 || i + n <= bytes.size()) return false;
  for (size_t k = i + 1; k < bytes.size(); ++k)
    if ((static_cast<unsigned char>(bytes[k]) & 0xC0) != 0x80) return false;
  return true;
}

// `bytes` (at `base` in `whole`) decoded from `encoding` although a few bytes do not decode,
// when the damage is tolerable (see above) and, for GB18030 and Big5, the result reads as
// Chinese. Each spot becomes one U+FFFD, except a lone 0xA0 (a no-break space left from a web
// page, in no Chinese encoding a character of its own), which is dropped; each gets a warning
// with its line and offset.
std::optional<Decoded> decode_despite_damage(std::string_view bytes, size_t base,
                                             const std::string& encoding, const std::string& file,
                                             std::string_view whole, bool chinese) {
  if (whole.size() < kBytesPerTolerableSpot) return std::nullopt;
  std::string text;
  std::vector<BadByte> bad;
  if (encoding == "UTF-8") {
    text.reserve(bytes.size() + 64);
    for (size_t i = 0; i < bytes.size();) {
      size_t len = utf8_sequence_length(bytes, i);
      if (len == 0) {
        if (bad.size() > 4 * kMaxTolerableSpots) return std::nullopt;
        bad.push_back({i, text.size()});
        text += "\xEF\xBF\xBD";
        ++i;
      } else {
        text.append(bytes, i, len);
        i += len;
      }
    }
  } else {
    Conversion c = iconv_decode(bytes, encoding, true);
    text = std::move(c.text);
    bad = std::move(c.bad);
  }
  std::vector<DamagedSpot> spots;
  for (const BadByte& b : bad) {
    if (!spots.empty() && spots.back().offset + spots.back().length == b.offset)
      ++spots.back().length;
    else
      spots.push_back({b.offset, 1, b.out_offset});
  }
  if (spots.empty() || spots.size() > kMaxTolerableSpots ||
      spots.size() * kBytesPerTolerableSpot > whole.size())
    return std::nullopt;

  std::string out;
  out.reserve(text.size());
  size_t done = 0;
  std::vector<size_t> offsets;
  for (const DamagedSpot& s : spots) {
    out.append(text, done, s.out_offset - done);
    bool stray = s.length == 1 && static_cast<unsigned char>(bytes[s.offset]) == 0xA0;
    if (!stray) out += "\xEF\xBF\xBD";
    done = s.out_offset + 3 * s.length;
    offsets.push_back(base + s.offset);
  }
  out.append(text, done);
  if (chinese && chinese_score(out).ratio() < 0.5) return std::nullopt;

  std::vector<int> lines = lines_of(whole, offsets);
  std::vector<Diagnostic> spot_warnings;
  for (size_t k = 0; k < spots.size(); ++k) {
    const DamagedSpot& s = spots[k];
    std::string what;
    for (size_t i = 0; i < s.length; ++i)
      what += (i ? " " : "") + hex_byte(static_cast<unsigned char>(bytes[s.offset + i]));
    bool stray = s.length == 1 && static_cast<unsigned char>(bytes[s.offset]) == 0xA0;
    std::string message =
        stray ? "dropped stray byte " + what + " at offset " + std::to_string(offsets[k])
              : "replaced undecodable byte" + std::string(s.length == 1 ? " " : "s ") + what +
                    " at offset " + std::to_string(offsets[k]) + " with U+FFFD";
    message += " (the rest of the file decodes as " + encoding + ")";
    spot_warnings.push_back({"encoding", file, lines[k], std::move(message)});
  }
  Decoded d = finish_decoded(std::move(out), encoding, file, 0, 0);
  d.warnings.insert(d.warnings.begin(), spot_warnings.begin(), spot_warnings.end());
  return d;
}

}  // namespace novelbind
