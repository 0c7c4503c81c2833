#include "base/xml_document.h"

namespace novelbind {

pugi::xml_parse_result parse_xml_document(pugi::xml_document* doc, std::string_view text) {
  return doc->load_buffer(text.data(), text.size(), pugi::parse_default | pugi::parse_doctype);
}

}  // namespace novelbind
