// Rule "scene_breaks": decoration lines (***, ———, ◆◇◆) become scene breaks.
#pragma once

#include "clean/clean_rule.h"

namespace novelbind {

// A line of decoration only becomes Paragraph{scene_break=true} (rendered as <hr/>). A long
// decoration run glued to the start or end of a story line (a lost line end, as in
// "————————虎都山下，…") is split off into its own scene break. Runs of scene breaks collapse
// to one, and none is left at the start or end of a chapter. A line of dashes or tildes only
// (——————, ～～～～) is punctuation the author wrote, not decoration, and stays as written.
class SceneBreaksRule : public CleanRule {
 public:
  std::string_view name() const override { return "scene_breaks"; }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;
};

// True when `line` is decoration only, or a Latin full stop or two alone (`.`).
bool is_decoration_line(std::string_view line);

// What a scene break is shown as in a repair's "after".
inline constexpr std::string_view kSceneBreakMark = "<scene break>";

}  // namespace novelbind
