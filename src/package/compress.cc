#include "package/compress.h"

#include <vector>

#include "base/parallel.h"

namespace novelbind {

Status deflate_documents(RenderedBook& rendered, const DeflateDocument& deflate, int jobs) {
  const size_t n = rendered.documents.size();
  rendered.deflated.resize(n);
  std::vector<Status> errors(n);
  parallel_for(n, jobs, [&](size_t i) {
    Document& d = rendered.documents[i];
    if (!rendered.deflated[i].empty()) return;  // a chapter, deflated as it was rendered
    if (d.media_type == "image/jpeg" || d.media_type == "image/png") return;  // stored as is
    if (d.content.empty()) return;  // made later (the contents page, see package_book)
    auto blob = deflate(d.content);
    if (!blob) {
      errors[i] = Status::Error(d.href + ": " + blob.message());
      return;
    }
    rendered.deflated[i] = std::move(*blob);
    std::string().swap(d.content);
  });
  for (const Status& s : errors)
    if (!s) return s;
  return Status::Ok();
}

}  // namespace novelbind
