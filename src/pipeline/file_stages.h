// One run of the per-file stages (run_file_stages): ingest -> structure -> split -> script
// plan -> clean -> convert, each a method, over every input file. The build cache's part (the
// file units found and kept, the bigram model and the texts it counted) is a separate set of
// methods (file_stages_cache.cc): the stages only see which files they have to do.
#pragma once

#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/background_task.h"
#include "cache/cache_pack.h"
#include "cache/file_unit.h"
#include "cache/incremental.h"
#include "cache/stage_memo.h"
#include "clean/clean.h"
#include "pipeline/pipeline.h"
#include "pipeline/stage_clock.h"
#include "structure/heading.h"
#include "structure/heading_scheme.h"

namespace novelbind {

// One input file on its way through the per-file stages of one build.
struct FileWork {
  std::optional<FileUnit> unit;      // from the cache, for as long as it is valid
  bool fresh = false;                // read in this build, and cleaned anew
  std::optional<SourceText> source;  // read, not split yet
  FileCandidates candidates;         // its heading-shaped lines (with a unit: the unit's)
  std::string encoding;
  std::int64_t mtime = 0;
  std::vector<Chapter> chapters;
  std::vector<ScriptCounts> counts;
  FileEvidence evidence;  // what the cleaning rules that learn gather from it
};

class FileStages {
 public:
  FileStages(const InputPlan& plan, const Config& config, std::vector<StageTiming>* timings,
             const FileStageOptions& options);

  // The stages, in the order run_file_stages calls them.
  Status recognize_headings();
  Status ingest();
  Status decide_heading_scheme();
  Status split_read_files();
  Status plan_script();
  Status make_cleaner();
  void clean();
  Status convert();        // fails when a conversion a chapter needed could not be loaded
  void finish_cleaning();  // the progress bar and the clock
  BookText assemble();

  // The cache layer (file_stages_cache.cc); each does nothing without a cache.
  void open_units();             // the last build's units, bigram model and texts
  Status redo_stale_units();     // units made under another plan or other evidence: redone
  void keep_probes_and_model();  // what the new units asked of the evidence; the model stored
  void store_units();            // this build's units

 private:
  // Whether the model counts file i already (never without a cache: then it counts them all).
  bool counted(std::size_t i) const { return cache_ && added_.count(options_.unit_keys[i]) == 0; }
  Status read_files(const std::vector<std::size_t>& which);
  // File i's text, read anew, for the bigram model (and the cache's texts): file_stages_cache.cc.
  void count_text(std::size_t i, std::string_view text);
  // The same for a file split in this build, its text then let go; a file the model is busy
  // with another file meanwhile is left for later (count_left).
  void count_or_leave(std::size_t i);
  void count_left();
  // A chapter cleaned and converted, for its unit (file_stages_cache.cc).
  void note_made(Chapter& chapter) const;
  Status split_files(const std::vector<std::size_t>& which);
  void warm_up();

  const InputPlan& plan_;
  const Config& config_;
  const FileStageOptions& options_;
  StageClock clock_;
  BookText result_;
  int jobs_;
  const BuildCache* cache_;
  std::size_t n_;
  bool several_;
  std::vector<FileWork> work_;
  std::optional<HeadingRecognizer> headings_;
  std::vector<std::size_t> unread_;  // files read in this build, to split

  // The units of the last build, and its bigram model with the files it counted: files that
  // left the book are taken out of the model (their text is kept in the cache for that), new
  // ones added. Without a usable model every file is read and counted.
  std::unique_ptr<StageMemo> units_;
  std::vector<std::string> keys_;  // sorted unit keys of this build
  std::set<std::string> added_;    // keys the model does not count yet
  std::optional<StoredModel> model_;
  std::unique_ptr<CachePack> texts_;  // the decoded text of the files the model counts
  // The script detector (OpenCC's character dictionaries), for the script measure and the
  // duplicate fold, loaded in the background while the cache is read when some file will be
  // read anew (once per process and shared; the future waits for the loading on every return).
  Task<void> warm_;

  BookStructure structure_;
  std::shared_ptr<BigramCounts> bigrams_ = std::make_shared<BigramCounts>();
  std::mutex bigrams_mutex_;
  std::mutex left_mutex_;
  std::vector<std::size_t> left_uncounted_;  // split, their text kept, waiting for the model
  FileEvidence evidence_;  // every file's, added up (the model's pairs are in bigrams_)
  std::string quotes_;
  std::optional<Cleaner> cleaner_;
  std::string signature_;  // plan_signature of this build's script plan and quotes
  std::vector<std::pair<std::size_t, std::size_t>> tasks_;  // (file, chapter) to clean
  std::vector<std::vector<CleanQuestions>> probes_;
  std::vector<CleanQuestions> file_probes_;
  std::vector<std::string> answers_;
  std::unique_ptr<ProgressMeter> bar_;
};

}  // namespace novelbind
