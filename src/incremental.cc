#include "incremental.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "epub_writer.h"
#include "file_bytes.h"
#include "parallel.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

Result<std::string> read_bytes(const fs::path& path, const std::string& what) {
  std::optional<std::string> bytes = read_file_bytes(path);
  if (!bytes)
    return Status::Error(path.string() + ": cannot read the " + what + "; check the path");
  return std::move(*bytes);
}

// Adds a file the configuration names (its bytes, or that it is absent).
Status add_named_file(CacheKey& key, const Config& config, const std::string& name,
                      const std::string& what) {
  if (name.empty()) {
    key.add("");
    return Status::Ok();
  }
  auto bytes = read_bytes(config.resolve(name), what);
  if (!bytes) return bytes.status();
  key.add(name).add(*bytes);
  return Status::Ok();
}

}  // namespace

Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version) {
  CacheKey key;
  key.add("novelbind-book-v1").add(version).add(config_fingerprint(config));
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  key.add(epoch ? epoch : "-");
  if (Status s = add_named_file(key, config, config.book.cover, "cover image"); !s) return s;
  if (Status s = add_named_file(key, config, config.convert.phrases, "phrase list"); !s) return s;
  if (Status s = add_named_file(key, config, config.style.css, "stylesheet"); !s) return s;
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
  }
  for (const InputFile& file : plan.files) {
    std::error_code ec;
    auto time = fs::last_write_time(file.path, ec);
    key.add(file.display).add(static_cast<std::int64_t>(time.time_since_epoch().count()));
    if (!key.add_file(file.path))
      return Status::Error(file.display + ": cannot read the file; check its permissions");
  }
  return key.hex();
}

Status deflate_documents(RenderedBook& rendered, const BuildCache* cache, int jobs) {
  const size_t n = rendered.documents.size();
  rendered.deflated.assign(n, "");
  std::vector<Status> errors(n);
  parallel_for(n, jobs, [&](size_t i) {
    const Document& d = rendered.documents[i];
    if (d.media_type == "image/jpeg" || d.media_type == "image/png") return;  // stored as is
    std::string key;
    if (cache) {
      key = CacheKey().add("deflate-v1").add(d.content).hex();
      if (auto blob = cache->get("deflate", key)) {
        rendered.deflated[i] = std::move(*blob);
        std::string().swap(rendered.documents[i].content);
        return;
      }
    }
    auto blob = deflate_archive(d.content);
    if (!blob) {
      errors[i] = Status::Error(d.href + ": " + blob.message());
      return;
    }
    if (cache) cache->put("deflate", key, *blob);
    rendered.deflated[i] = std::move(*blob);
    std::string().swap(rendered.documents[i].content);  // only the deflated form is packed
  });
  for (const Status& s : errors)
    if (!s) return s;
  return Status::Ok();
}

}  // namespace novelbind
