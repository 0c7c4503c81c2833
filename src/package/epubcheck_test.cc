#include "package/epubcheck.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(Epubcheck, VerdictReadsTheSummary) {
  EXPECT_EQ(epubcheck_verdict("Validating...\nNo errors or warnings detected.\n"
                              "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos\n"),
            "");
  EXPECT_EQ(epubcheck_verdict("ERROR(RSC-005): x.epub/EPUB/nav.xhtml(3,4): bad\n"
                              "Messages: 0 fatals / 1 error / 0 warnings / 0 infos\n"),
            "1 error(s), 0 warning(s): ERROR(RSC-005): x.epub/EPUB/nav.xhtml(3,4): bad");
  EXPECT_EQ(
      epubcheck_verdict("WARNING(OPF-085): w\nMessages: 0 fatals / 0 errors / 1 warning / 0 infos"),
      "0 error(s), 1 warning(s): WARNING(OPF-085): w");
  EXPECT_EQ(epubcheck_verdict("java: not found"), "EPUBCheck did not finish: java: not found");
}

TEST(Epubcheck, MissingJarSaysHowToInstall) {
  Status s = run_epubcheck("/nonexistent.epub", "/nonexistent/epubcheck.jar");
  ASSERT_FALSE(s.ok());
  // Java is installed where the tests run (scripts/bootstrap), so the jar is what is missing.
  EXPECT_EQ(s.message(),
            "--epubcheck: /nonexistent/epubcheck.jar is missing; apt-get install epubcheck");
}

}  // namespace novelbind
