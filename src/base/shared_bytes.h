// Bytes handed from stage to stage without copying: they live in memory another object owns
// (a mapped build-cache segment) or in a string of their own.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace novelbind {

class SharedBytes {
 public:
  SharedBytes() = default;
  // Takes the string over (no copy).
  SharedBytes(std::string bytes) {  // NOLINT(google-explicit-constructor): a string is bytes
    auto owned = std::make_shared<const std::string>(std::move(bytes));
    view_ = *owned;
    owner_ = std::move(owned);
  }
  // A view of memory `owner` keeps alive.
  SharedBytes(std::shared_ptr<const void> owner, std::string_view view)
      : owner_(std::move(owner)), view_(view) {}

  std::string_view view() const { return view_; }
  bool empty() const { return view_.empty(); }
  std::size_t size() const { return view_.size(); }

 private:
  std::shared_ptr<const void> owner_;
  std::string_view view_;
};

}  // namespace novelbind
