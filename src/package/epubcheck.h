// Running EPUBCheck (Debian's epubcheck package) on a built book: `build --epubcheck`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/status.h"

namespace novelbind {

// Where Debian installs EPUBCheck.
inline constexpr const char* kEpubcheckJar = "/usr/share/java/epubcheck.jar";
// How the JVM is started for one check (append `-jar JAR EPUB`): the client compiler only and
// the serial collector take about half the CPU time of Java's defaults for the same verdict
// (5.2 s against 10.6 s on a small book); the real-book scoreboard and the tests run it so too.
inline constexpr const char* kEpubcheckJava = "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

// Runs `<kEpubcheckJava> -jar <jar> <epub>` and passes only with 0 fatals, 0 errors and 0 warnings.
// Missing Java or EPUBCheck is an error saying how to install them; a failing book's error quotes
// EPUBCheck's first message.
Status run_epubcheck(const std::filesystem::path& epub, const std::string& jar = kEpubcheckJar);

// Reads EPUBCheck's output: "" when it reports 0 fatals, 0 errors and 0 warnings, else what
// it found ("1 error(s), 0 warning(s): ERROR(RSC-005): ...").
std::string epubcheck_verdict(const std::string& output);

// The counts of EPUBCheck's summary line ("Messages: 0 fatals / 1 error / 2 warnings / 0 infos",
// singular or plural); nullopt when the output has none (EPUBCheck did not finish).
struct EpubcheckCounts {
  int fatals = 0, errors = 0, warnings = 0;
};
std::optional<EpubcheckCounts> epubcheck_counts(const std::string& output);

// EPUBCheck as the key of a kept verdict (the tests' and the scoreboard's): the jar's path, size
// and time (a new package is a new jar) and how Java runs it (kEpubcheckJava).
std::string epubcheck_identity(const std::string& jar = kEpubcheckJar);

}  // namespace novelbind
