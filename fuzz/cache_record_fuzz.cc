// A cache segment's framing and its records, as a damaged or forged cache folder would hold them: a
// file unit (with and without its paragraphs kept packed), a text record and a build's findings.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "cache/cache_pack.h"
#include "cache/file_unit.h"
#include "cache/incremental.h"
#include "pipeline/findings_record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)novelbind::parse_pack(bytes);
  (void)novelbind::parse_unit(bytes);
  auto owner = std::make_shared<std::string>(bytes);
  if (auto unit = novelbind::parse_unit(*owner, owner))
    for (novelbind::Chapter& c : unit->chapters) {
      novelbind::TextEdges edges = c.paragraphs.edges(3, 24);
      for (std::size_t i = 0; i < edges.size();
           i = i + 1 == 3 && edges.size() > 27 ? edges.size() - 24 : i + 1)
        (void)edges[i].text.size();
      (void)c.paragraphs.all();
    }
  (void)novelbind::text_of_record(bytes);
  novelbind::BuildResult result;
  (void)novelbind::read_findings(bytes, &result);
  return 0;
}
