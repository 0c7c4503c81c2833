// EPUBCheck on the scoreboard's books, several books to a Java process (EpubcheckMany.java):
// one process per book spent most of its 2.8 s starting Java and compiling EPUBCheck's schemas,
// 25 times over. Each book still gets its own report, read as `epubcheck EPUB` prints it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "process.h"

namespace realworld {

struct EpubcheckBook {
  std::filesystem::path epub;
  std::filesystem::path log;  // the book's report
};

// The commands that check `books` in at most `processes` Java processes (books dealt out in
// turn), each running `many_java` (EpubcheckMany.java) with Debian's EPUBCheck jar, Java started
// as `build --epubcheck` starts it (package/epubcheck.h); their own output goes to logs in
// `log_dir`.
std::vector<Command> epubcheck_batches(const std::vector<EpubcheckBook>& books, int processes,
                                       const std::filesystem::path& many_java,
                                       const std::filesystem::path& log_dir);

// One book's result from its report: the output, and the exit code of its "epubcheck exit N"
// line (-1 when the line is missing: its process died before it).
RunResult epubcheck_result(const std::filesystem::path& log);

// `ok`, `warn:N`, `ERR:N`, `ERR:nojava` (Java could not be started), `ERR:?` (no summary), or
// `ERR:exit N` (EPUBCheck failed without counting an error).
std::string epubcheck_verdict(const RunResult& r);

}  // namespace realworld
