#include "clean_rule.h"

namespace novelbind {

void drop_emptied(std::vector<Paragraph>& paragraphs) {
  std::erase_if(paragraphs, [](const Paragraph& p) { return !p.scene_break && p.text.empty(); });
}

void LineRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                     RepairLog& log) const {
  std::string out;
  bool dropped = false;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
    out.clear();
    if (!rewrite(p.text, context, &out)) continue;
    log.record(p.line, p.text, out);
    p.text = std::move(out);
    dropped |= p.text.empty();
  }
  if (dropped) drop_emptied(paragraphs);
}

}  // namespace novelbind
