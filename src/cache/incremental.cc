#include "cache/incremental.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "base/file_bytes.h"
#include "base/parallel.h"
#include "cache/file_unit.h"
#include "cache/record_io.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

Result<std::string> read_bytes(const fs::path& path, const std::string& what) {
  std::optional<std::string> bytes = read_file_bytes(path);
  if (!bytes)
    return Status::Error(path.string() + ": cannot read the " + what + "; check the path");
  return std::move(*bytes);
}

// Adds a file the configuration names (its bytes, or that it is absent). A picture is read
// only from a file (image_check.h): a device or pipe is refused before it is read.
Status add_named_file(ContentHash& key, const Config& config, const std::string& name,
                      const std::string& what, bool file_only = false) {
  if (name.empty()) {
    key.add("");
    return Status::Ok();
  }
  if (file_only)
    if (Status s = check_not_special_file(config.resolve(name), "the " + what); !s) return s;
  auto bytes = read_bytes(config.resolve(name), what);
  if (!bytes) return bytes.status();
  key.add(name).add(*bytes);
  return Status::Ok();
}

// The hashes of the inputs as an earlier build made them, each with the file's stamp then and
// the time it was hashed ("inputs/stamps"). A hash is trusted only when the stamp is unchanged
// and the file's change time lies well before the hashing: a file written twice within one
// tick of the file system's clock could otherwise keep its stamp (git's "racy" files).
class InputStamps {
 public:
  static constexpr std::int64_t kRacyMarginNs = 2'000'000'000;

  struct Record {
    FileStamp stamp;
    std::string_view hash;
    std::int64_t hashed_at = 0;
  };

  static std::int64_t clock_ns() {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
  }

  static InputStamps load(const BuildCache& cache) {
    InputStamps out;
    out.entry_ = cache.map("inputs", "stamps");
    if (!out.entry_) return out;
    Reader in(out.entry_->payload());
    size_t n = in.count(8 * 6);
    out.records_.reserve(n);
    for (size_t i = 0; i < n && in.ok(); ++i) {
      std::string_view name = in.view();
      Record r;
      r.stamp.device = in.get<std::uint64_t>();
      r.stamp.inode = in.get<std::uint64_t>();
      r.stamp.size = in.get<std::uint64_t>();
      r.stamp.modified_ns = in.get<std::int64_t>();
      r.stamp.changed_ns = in.get<std::int64_t>();
      r.hashed_at = in.get<std::int64_t>();
      r.hash = in.view();
      out.records_.emplace(name, r);
    }
    if (!in.ok() || !in.at_end()) return InputStamps();  // damaged: hash everything
    return out;
  }

  // The record of `name` when its stamp is `stamp` and it is safely older than its hashing.
  const Record* find(std::string_view name, const FileStamp& stamp) const {
    auto it = records_.find(name);
    if (it == records_.end() || it->second.stamp != stamp) return nullptr;
    if (stamp.changed_ns >= it->second.hashed_at - kRacyMarginNs) return nullptr;
    return &it->second;
  }
  size_t size() const { return records_.size(); }

  static void store(const BuildCache& cache, const std::vector<std::string>& names,
                    const std::vector<Record>& records) {
    Writer out;
    out.put<std::uint32_t>(static_cast<std::uint32_t>(names.size()));
    for (size_t i = 0; i < names.size(); ++i) {
      const Record& r = records[i];
      out.put(std::string_view(names[i]));
      out.put(r.stamp.device);
      out.put(r.stamp.inode);
      out.put(r.stamp.size);
      out.put(r.stamp.modified_ns);
      out.put(r.stamp.changed_ns);
      out.put(r.hashed_at);
      out.put(r.hash);
    }
    cache.put("inputs", "stamps", out.take());
  }

 private:
  std::shared_ptr<const MappedEntry> entry_;  // the bytes records_ point into
  std::unordered_map<std::string_view, Record> records_;
};

}  // namespace

Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version) {
  auto keys = build_cache_keys(plan, config, version);
  if (!keys) return keys.status();
  return keys->book;
}

Result<BuildKeys> build_cache_keys(const InputPlan& plan, const Config& config,
                                   std::string_view version, const BuildCache* cache) {
  ContentHash key;
  key.add("novelbind-book-v2").add(version).add(config_fingerprint(config));
  ContentHash settings;
  settings.add("novelbind-unit-v2").add(version).add(config_fingerprint(config));
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  key.add(epoch ? epoch : "-");
  for (ContentHash* k : {&key, &settings}) {
    if (Status s = add_named_file(*k, config, config.book.cover, "cover image", true); !s) return s;
    if (Status s = add_named_file(*k, config, config.convert.phrases, "phrase list"); !s) return s;
    if (Status s = add_named_file(*k, config, config.style.css, "stylesheet"); !s) return s;
  }
  // Templates: the project's folder (named, or templates/ beside book.toml) file by file.
  std::vector<fs::path> templates;
  for (const fs::path& dir :
       {config.style.templates.empty() ? fs::path() : config.resolve(config.style.templates),
        config.project_dir.empty() ? fs::path() : config.project_dir / "templates"}) {
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.is_regular_file()) templates.push_back(entry.path());
  }
  std::sort(templates.begin(), templates.end());
  for (const fs::path& t : templates) {
    auto bytes = read_bytes(t, "template");
    if (!bytes) return bytes.status();
    key.add(t.string()).add(*bytes);
    settings.add(t.string()).add(*bytes);
  }
  std::string settings_hex = settings.hex();
  // Each file hashed on its own (on every core), then the hashes added in input order. A file
  // whose stamp is what it was when an earlier build hashed it keeps that hash unread.
  std::vector<std::string> contents(plan.files.size());
  std::vector<std::string> names(plan.files.size());
  std::vector<InputStamps::Record> records(plan.files.size());
  InputStamps memo = cache ? InputStamps::load(*cache) : InputStamps();
  const std::int64_t now = InputStamps::clock_ns();
  std::atomic<int> files_read{0};
  parallel_for(plan.files.size(), 0, [&](size_t i) {
    const InputFile& file = plan.files[i];
    InputStamps::Record& record = records[i];
    if (cache) {
      // (With the name that titles it: a title file beside it may change while it does not.)
      names[i] = file.path.string() + '\n' + file.display + '\n' + file.name;
      if (auto stamp = file.stamp ? file.stamp : stamp_file(file.path)) {
        if (const InputStamps::Record* known = memo.find(names[i], *stamp)) {
          record = *known;
          contents[i] = std::string(known->hash);
          return;
        }
      }
    }
    // (Not the path as the user spelt it, which the book's key adds: the same file named
    // novel/book/1.txt or /home/x/novel/book/1.txt is the same unit, its file names rewritten
    // when reused: file_unit.h respell_unit.)
    ContentHash content;
    content.add(file.name);
    if (file.made) {  // a section of an EPUB: its text, made in memory by the ingest stage
      content.add(file.made->text);
      if (auto stamp = file.stamp ? file.stamp : stamp_file(file.path)) record.stamp = *stamp;
      contents[i] = content.hex();
    } else if (content.add_file(file.path, &record.stamp)) {
      contents[i] = content.hex();
    }
    record.hash = contents[i];
    record.hashed_at = now;
    ++files_read;
  });
  for (size_t i = 0; i < plan.files.size(); ++i) {
    if (contents[i].empty())
      return Status::Error(plan.files[i].display + ": cannot read the file; check its permissions");
  }
  if (cache && (files_read > 0 || memo.size() != names.size()))
    InputStamps::store(*cache, names, records);
  // A folder's cover picture is the book's.
  if (!plan.cover.empty()) {
    auto bytes = read_bytes(plan.cover, "cover image");
    if (!bytes) return bytes.status();
    key.add(plan.cover.string()).add(*bytes);
  }
  // What an EPUB gives besides its sections' text (metadata, cover) is in its bytes.
  if (plan.source_book) key.add(plan.source_book->fingerprint);
  BuildKeys out;
  for (size_t i = 0; i < plan.files.size(); ++i) {
    key.add(plan.files[i].display).add(contents[i]).add(records[i].stamp.modified_ns);
    out.units.push_back(ContentHash().add(settings_hex).add(contents[i]).hex());
    out.modified.push_back(records[i].stamp.modified_ns / 1000000000);
  }
  out.book = key.hex();
  out.files_read = files_read;
  return out;
}

std::optional<StoredModel> load_model(const BuildCache& cache) {
  auto entry = cache.map("model", "bigrams");
  if (!entry) return std::nullopt;
  auto pack = parse_pack(entry->payload());
  auto keys = pack.find("keys");
  auto counts = pack.find("counts");
  if (keys == pack.end() || counts == pack.end() || keys->second.size() % 32 != 0)
    return std::nullopt;
  auto parsed = BigramCounts::parse(counts->second);
  if (!parsed) return std::nullopt;
  StoredModel model{{}, std::move(*parsed)};
  for (size_t i = 0; i < keys->second.size(); i += 32)
    model.keys.emplace_back(keys->second.substr(i, 32));
  return model;
}

void store_model(const BuildCache& cache, const std::vector<std::string>& keys,
                 const BigramCounts& counts) {
  std::string joined_keys;
  for (const std::string& k : keys) joined_keys += k;
  // Written from the table itself: a copy of a large model would cost more than writing it.
  std::string head;
  std::vector<std::string_view> table = counts.serialized(&head);
  std::uint64_t table_size = 0;
  for (std::string_view piece : table) table_size += piece.size();
  std::string keys_frame = pack_frame("keys", joined_keys.size());
  std::string counts_frame = pack_frame("counts", table_size);
  std::vector<std::string_view> pieces = {keys_frame, joined_keys, counts_frame};
  pieces.insert(pieces.end(), table.begin(), table.end());
  cache.put("model", "bigrams", pieces);
}

std::string text_record(std::string_view text) {
  std::string out = ContentHash().add_bytes(text).hex();
  out += text;
  return out;
}

std::optional<std::string_view> text_of_record(std::string_view record) {
  constexpr size_t kSum = 32;
  if (record.size() < kSum) return std::nullopt;
  std::string_view text = record.substr(kSum);
  if (ContentHash().add_bytes(text).hex() != record.substr(0, kSum)) return std::nullopt;
  return text;
}

CacheReads::CacheReads(const BuildCache& cache) {
  std::promise<std::optional<StoredModel>> model;
  std::promise<std::unique_ptr<CachePack>> texts, pages, deflate;
  model_ = model.get_future();
  texts_ = texts.get_future();
  pages_ = pages.get_future();
  deflate_ = deflate.get_future();
  reading_ = start_task([&cache, model = std::move(model), texts = std::move(texts),
                         pages = std::move(pages), deflate = std::move(deflate)]() mutable {
    model.set_value(load_model(cache));
    texts.set_value(std::make_unique<CachePack>(cache, "texts", /*verify=*/false));
    pages.set_value(std::make_unique<CachePack>(cache, "pages"));
    deflate.set_value(std::make_unique<CachePack>(cache, "deflate"));
  });
}

}  // namespace novelbind
