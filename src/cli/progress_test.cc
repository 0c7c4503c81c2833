#include "cli/progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>

namespace novelbind {
namespace {

// Everything `use` writes through a Progress on a memory stream, once the Progress is gone.
std::string output_of(std::size_t total, bool enabled, const std::function<void(Progress&)>& use) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&data, &size);
  {
    Progress progress("Building", total, out, enabled);
    progress.set_min_interval(std::chrono::milliseconds(0));
    use(progress);
  }
  std::fclose(out);
  std::string text(data, size);
  std::free(data);
  return text;
}

TEST(Progress, FinalLineIsCompleteAndEndsTheLine) {
  std::string out = output_of(3000, true, [](Progress& p) {
    for (int i = 0; i < 3000; ++i) p.advance();
    p.finish();
    p.finish();  // the destructor calls it a third time
  });
  EXPECT_NE(out.find("3000/3000"), std::string::npos);
  EXPECT_NE(out.find("100%"), std::string::npos);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n');
  EXPECT_EQ(out.find('\n'), out.size() - 1);  // finish() ends the line once
  std::string last = out.substr(out.rfind('\r'));
  EXPECT_EQ(last, "\rBuilding [##############################]  3000/3000  100%\x1b[K\n");
}

TEST(Progress, DrawsCountBarAndPercent) {
  std::string out = output_of(3000, true, [](Progress& p) { p.advance(1234); });
  EXPECT_NE(out.find("\rBuilding [############..................]  1234/3000  41%\x1b[K"),
            std::string::npos);
}

TEST(Progress, RedrawsOnAWholePercentEvenWhenThrottled) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&data, &size);
  {
    Progress progress("Building", 300, out);
    progress.set_min_interval(std::chrono::hours(1));
    progress.advance(3);  // 1%: drawn
    progress.advance();   // still 1%: throttled
    progress.advance(2);  // 2%: drawn
  }
  std::fclose(out);
  std::string text(data, size);
  std::free(data);
  EXPECT_NE(text.find("3/300  1%"), std::string::npos);
  EXPECT_EQ(text.find("4/300"), std::string::npos);
  EXPECT_NE(text.find("6/300  2%"), std::string::npos);
}

TEST(Progress, DisabledWritesNothing) {
  std::string out = output_of(3000, false, [](Progress& p) {
    p.advance(3000);
    p.finish();
  });
  EXPECT_EQ(out, "");
}

TEST(Progress, CountsFromSeveralThreads) {
  std::size_t done = 0;
  std::string out = output_of(2000, true, [&done](Progress& p) {
    auto work = [&p] {
      for (int i = 0; i < 1000; ++i) p.advance();
    };
    std::thread a(work), b(work);
    a.join();
    b.join();
    done = p.done();
  });
  EXPECT_EQ(done, 2000u);
  EXPECT_NE(out.find("2000/2000  100%\x1b[K\n"), std::string::npos);
}

TEST(Progress, WantedOnlyForLongBuildsOnATerminal) {
  EXPECT_FALSE(Progress::wanted(299, true, false, false));
  EXPECT_TRUE(Progress::wanted(300, true, false, false));
  EXPECT_FALSE(Progress::wanted(300, true, true, false));    // --quiet
  EXPECT_FALSE(Progress::wanted(300, true, false, true));    // --log-format=github
  EXPECT_FALSE(Progress::wanted(300, false, false, false));  // piped or redirected
}

TEST(Progress, DumbTerminalsAndCiCannotRedraw) {
  EXPECT_TRUE(terminal_can_redraw(true, "xterm-256color", nullptr));
  EXPECT_TRUE(terminal_can_redraw(true, nullptr, ""));
  EXPECT_FALSE(terminal_can_redraw(false, "xterm", nullptr));
  EXPECT_FALSE(terminal_can_redraw(true, "dumb", nullptr));
  EXPECT_FALSE(terminal_can_redraw(true, "xterm", "true"));
}

}  // namespace
}  // namespace novelbind
