#include "ingest/file_name_text.h"

#include "ingest/chinese_score.h"
#include "ingest/iconv_decode.h"
#include "ingest/text_scrub.h"

namespace novelbind {

std::string name_text(const std::string& raw) {
  std::size_t replaced = 0, first = 0;
  std::string checked = replace_invalid_utf8(raw, &replaced, &first);
  if (replaced == 0) return raw;
  // (Big5 bytes often decode as GB18030 too, into nonsense: the reading more like Chinese wins.)
  std::string best;
  double best_score = 0;
  for (const char* encoding : {"GB18030", "BIG5-HKSCS"}) {
    Conversion c = iconv_decode(raw, encoding, /*lenient=*/false);
    if (!c.ok()) continue;
    const double score = chinese_score(c.text).ratio();
    if (best.empty() || score > best_score) {
      best = std::move(c.text);
      best_score = score;
    }
  }
  return best.empty() ? checked : best;
}

std::string path_text(const std::filesystem::path& path) {
  std::size_t replaced = 0, first = 0;
  replace_invalid_utf8(path.string(), &replaced, &first);
  if (replaced == 0) return path.string();  // (as spelt: the usual case)
  std::string out;
  for (const std::filesystem::path& part : path) {
    std::string name = part.string();
    if (!out.empty() && out.back() != '/' && name != "/") out += '/';
    out += name == "/" ? name : name_text(name);
  }
  return out;
}

}  // namespace novelbind
