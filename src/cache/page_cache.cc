#include "cache/page_cache.h"

#include <cstring>

#include "cache/code_identity.h"
#include "cache/file_unit.h"
#include "package/deflate.h"

namespace novelbind {

DocumentDeflater::DocumentDeflater(const BuildCache* cache, std::unique_ptr<CachePack> pack)
    : memo_(cache, "deflate", std::move(pack)) {}

Result<SharedBytes> DocumentDeflater::deflate(std::string_view data) {
  constexpr size_t kPieceWise = 64 << 10;
  bool cached = memo_.enabled();
  if (data.size() < kPieceWise) {
    std::string key = cached ? ContentHash().add("deflate-v2").add(data).hex() : std::string();
    if (auto found = memo_.find(key)) return SharedBytes(memo_.owner(), *found);
    auto blob = deflate_entry(data);
    if (!blob) return blob.status();
    memo_.store(key, *blob);
    return SharedBytes(std::move(*blob));
  }
  std::vector<std::string_view> pieces = deflate_pieces(data);
  std::vector<std::string> made;  // pieces not found, deflated here
  made.reserve(pieces.size());
  std::vector<std::string_view> deflated;
  bool all_found = true;
  for (std::string_view piece : pieces) {
    std::string key = cached ? ContentHash().add("piece-v1").add(piece).hex() : std::string();
    if (auto found = memo_.find_part(key)) {
      deflated.push_back(*found);
      continue;
    }
    all_found = false;
    auto blob = deflate_piece(piece);
    if (!blob) return blob.status();
    memo_.store_part(key, *blob);
    made.push_back(std::move(*blob));
    deflated.push_back(made.back());
  }
  memo_.count(all_found);
  return SharedBytes(join_deflated_pieces(data, deflated));
}

PageCache::PageCache(const BuildCache* cache, std::string context, std::unique_ptr<CachePack> pack)
    : context_(ContentHash().add("pages-v2").add(code_identity()).add(context).hex()),
      memo_(cache, "pages", std::move(pack)) {}

namespace {

// A chapter's parts as one blob: [count u32] then [size u64][bytes] for each.
std::string join_parts(const std::vector<SharedBytes>& parts) {
  std::uint32_t count = static_cast<std::uint32_t>(parts.size());
  std::string out(reinterpret_cast<const char*>(&count), 4);
  for (const SharedBytes& p : parts) {
    std::uint64_t size = p.size();
    out.append(reinterpret_cast<const char*>(&size), 8);
    out += p.view();
  }
  return out;
}

// The parts of a stored blob, as views of it that `owner` keeps alive (nothing is copied).
std::optional<std::vector<SharedBytes>> split_parts(const std::shared_ptr<const void>& owner,
                                                    std::string_view blob) {
  std::uint32_t count;
  if (blob.size() < 4) return std::nullopt;
  std::memcpy(&count, blob.data(), 4);
  blob.remove_prefix(4);
  std::vector<SharedBytes> parts;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint64_t size;
    if (blob.size() < 8) return std::nullopt;
    std::memcpy(&size, blob.data(), 8);
    blob.remove_prefix(8);
    if (size > blob.size()) return std::nullopt;
    parts.emplace_back(owner, blob.substr(0, size));
    blob.remove_prefix(size);
  }
  if (!blob.empty() || parts.empty()) return std::nullopt;
  return parts;
}

}  // namespace

std::string PageCache::key_of(const Chapter& chapter) const {
  ContentHash k;
  k.add(context_).add(chapter.title);
  k.add(chapter.paragraphs.key().empty() ? paragraphs_key(chapter.paragraphs.all())
                                         : chapter.paragraphs.key());
  return k.hex();
}

std::optional<std::vector<SharedBytes>> PageCache::find(const Chapter& chapter, std::string* key) {
  if (!memo_.enabled()) return std::nullopt;
  *key = key_of(chapter);
  auto found = memo_.lookup(*key);
  if (!found) return std::nullopt;
  auto parts = split_parts(memo_.owner(), *found);
  if (!parts) return std::nullopt;
  memo_.reuse(*key);
  return parts;
}

std::optional<std::vector<SharedBytes>> PageCache::ready(const Chapter& chapter) {
  std::string key;
  return find(chapter, &key);
}

Result<std::vector<SharedBytes>> PageCache::deflated(
    const Chapter& chapter, const std::function<Result<std::vector<std::string>>()>& render) {
  std::string key;
  if (auto parts = find(chapter, &key)) return std::move(*parts);
  auto parts = render();
  if (!parts) return parts.status();
  std::vector<SharedBytes> out;
  for (std::string& xhtml : *parts) {
    auto blob = deflate_entry(xhtml);
    if (!blob) return Status::Error("chapter '" + chapter.title + "': " + blob.message());
    // Checked here, on this worker thread, while the bytes are at hand (a document that fails
    // is read back and reported by the check of the written book). Templates::render parsed it.
    if (check_rendered_document(xhtml))
      if (auto view = parse_deflated(*blob)) checked_.add(view->crc, view->size);
    std::string().swap(xhtml);
    out.push_back(std::move(*blob));
  }
  if (memo_.enabled()) memo_.store(key, join_parts(out));
  return out;
}

}  // namespace novelbind
