// The one way a document the book holds is parsed as XML: by the templates, which refuse a
// page that does not parse, and by the check of the written book. A page the templates made
// has passed the check's parse already (check_rendered_document relies on it).
#pragma once

#include <pugixml.hpp>
#include <string_view>

namespace novelbind {

// `text` parsed into `doc` (pugixml's defaults, with the DOCTYPE kept as a node).
pugi::xml_parse_result parse_xml_document(pugi::xml_document* doc, std::string_view text);

}  // namespace novelbind
