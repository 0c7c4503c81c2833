#include "truth_overlay.h"

#include <gtest/gtest.h>

namespace realworld {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

ordered_json sample_truth() {
  return ordered_json::parse(R"({"chapters": {"titles": ["第一章 甲", "第二章 乙"]},
    "ad_signatures": {"site": "example\\.com"}, "uncertain": ["坏字"]})");
}

TEST(RealworldOverlay, ExtendsAndReplacesTheTruthsFields) {
  ordered_json truth = sample_truth();
  std::vector<std::string> story = {"他走了。", "错的一行。"};
  json overlay = json::parse(R"({
    "note": "checked in the source",
    "uncertain": [{"text": "乱码段", "reason": "damaged bytes"}],
    "ad_signatures": {"site": {"regex": null, "reason": "matches the title page"},
                      "page": {"regex": "^（\\d+ / \\d+）$", "reason": "page markers"}},
    "neutral_signatures": {"note": {"regex": "^作者的话", "reason": "author's note"}},
    "titles": [{"was": "第二章 乙", "title": "第二章 丙", "reason": "the body's heading"}],
    "story": [{"was": "错的一行。", "now": null, "reason": "a contents line"}],
    "fold_script": {"value": "s2t", "reason": "mixed script"}})");
  EXPECT_EQ(merge_overlay(truth, story, overlay), "");
  EXPECT_EQ(truth["uncertain"], ordered_json::parse(R"(["坏字", "乱码段"])"));
  EXPECT_FALSE(truth["ad_signatures"].contains("site"));
  EXPECT_EQ(truth["ad_signatures"]["page"], "^（\\d+ / \\d+）$");
  EXPECT_EQ(truth["neutral_signatures"]["note"], "^作者的话");
  EXPECT_EQ(truth["chapters"]["titles"][1], "第二章 丙");
  EXPECT_EQ(truth["fold_script"], "s2t");
  EXPECT_EQ(story, std::vector<std::string>{"他走了。"});
}

TEST(RealworldOverlay, EveryCorrectionSaysWhy) {
  ordered_json truth = sample_truth();
  std::vector<std::string> story;
  EXPECT_EQ(merge_overlay(truth, story, json::parse(R"({"uncertain": [{"text": "x"}]})")),
            "uncertain[0]: says no \"reason\" (every correction says why the truth is wrong)");
  EXPECT_EQ(
      merge_overlay(truth, story,
                    json::parse(R"({"titles": [{"was": "第九章", "title": "y", "reason": "r"}]})")),
      "titles[0]: the truth has no chapter title \"第九章\"");
  EXPECT_EQ(merge_overlay(truth, story,
                          json::parse(R"({"story": [{"was": "无", "now": "y", "reason": "r"}]})")),
            "story[0]: story.txt has no line \"无\"");
  EXPECT_EQ(merge_overlay(truth, story, json::parse(R"({"storey": []})")),
            "unknown key \"storey\" (expected ad_signatures, neutral_signatures, uncertain, "
            "titles, story, fold_script or note)");
}

}  // namespace
}  // namespace realworld
