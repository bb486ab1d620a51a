import ViewDescription

// The pieces every storyboard page shares: the head with its one stylesheet, paragraphs, diffs.
extension Storyboard {
  /// A whole page: the head, then the body's header (green when `passed`, else red) and main
  /// part. The Content-Security-Policy lets the page load nothing at all, not even by mistake: no
  /// scripts, images, fonts or styles from anywhere, only the inline stylesheet.
  static func page(
    title: String, passed: Bool, header: (inout HTMLWriter) -> Void,
    main: (inout HTMLWriter) -> Void
  ) -> [UInt8] {
    var page = HTMLWriter()
    page.raw("<!DOCTYPE html>\n<html lang=\"de\">\n<head>\n<meta charset=\"utf-8\">\n")
    page.raw(
      #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">"#
    )
    page.raw("\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    page.element("title", text: title)
    page.raw("\n<style>\n")
    page.raw(pageStylesheet)
    page.raw(HTMLRenderer.stylesheet)
    page.raw("\n</style>\n</head>\n<body>\n")
    page.open("header", classes: passed ? ["page-header", "passed"] : ["page-header", "failed"])
    header(&page)
    page.close("header")
    page.open("main")
    main(&page)
    page.close("main")
    page.raw("</body>\n</html>\n")
    return page.bytes
  }

  /// Comment lines as paragraphs: consecutive lines join into one, an empty line ends it.
  static func paragraphs(_ lines: [String], into page: inout HTMLWriter) {
    for paragraph in lines.split(separator: "") {
      page.element("p", text: paragraph.joined(separator: " "))
    }
  }

  /// A failure's lines, with the diff's `− ` and `+ ` lines coloured.
  static func diff(_ lines: [String], into page: inout HTMLWriter) {
    page.open("pre", classes: ["diff"])
    for (index, line) in lines.enumerated() {
      if index > 0 { page.text("\n") }
      let content = line.drop { $0 == " " }
      let kind: StaticString =
        content.hasPrefix("− ") ? "removed" : content.hasPrefix("+ ") ? "added" : "context"
      page.element("span", classes: [kind], text: line)
    }
    page.close("pre")
  }

  static let pageStylesheet: StaticString = """
    body { margin: 0; background: #fafafa; color: #1d1d1f;
      font: 15px/1.45 "DejaVu Sans", "Liberation Sans", system-ui, sans-serif; }
    .page-header { padding: 18px 28px 14px; border-bottom: 4px solid #34c759; background: #fff; }
    .page-header.failed { border-bottom-color: #d70015; }
    .page-header h1 { margin: 4px 0; font-size: 26px; }
    .page-header nav a, .index a { color: #0a64d8; }
    .file { color: #6c6c70; margin: 0; }
    .verdict { font-weight: bold; margin: 6px 0 0; color: #1b7f34; }
    .failed .verdict, .verdict a { color: #d70015; }
    .introduction { max-width: 760px; padding: 6px 28px; font-style: italic; color: #3a3a3c; }
    .frames { list-style: none; margin: 0; padding: 8px 28px 40px; }
    .frame { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; padding: 14px 0;
      border-top: 1px solid #e3e3e8; }
    .note.not-run { opacity: .45; }
    .note + .note { margin-top: 12px; }
    .notes { width: 300px; flex: none; }
    .caption p { margin: 0 0 6px; color: #3a3a3c; }
    .step { margin: 4px 0; display: flex; align-items: baseline; gap: 2px; }
    .step code { font: 14px "DejaVu Sans Mono", "Liberation Mono", monospace; background: #ececf0;
      padding: 2px 6px; border-radius: 5px; overflow-wrap: anywhere; }
    .step .number { flex: none; min-width: 24px; color: #6c6c70; font-size: 12px; }
    .note.passed .mark, .index tr.passed .result { color: #1b7f34; }
    .note.failed .mark, .note.failed .step code { color: #d70015; }
    .meta { margin: 2px 0 0 26px; color: #6c6c70; font-size: 12px; }
    .requests { margin: 4px 0 0 26px; padding: 0; list-style: none;
      font: 12px "DejaVu Sans Mono", "Liberation Mono", monospace; color: #5856d6; }
    .requests li::before { content: "⇢ "; }
    .announced { margin: 4px 0 0 26px; font-size: 12px; color: #3a3a3c; }
    .block { margin: 4px 0 0 26px; font-size: 12px; color: #6c6c70; }
    .block pre { font-size: 11px; white-space: pre; overflow-x: auto; }
    .failure { flex: 1 1 320px; min-width: 0; max-width: 100%; box-sizing: border-box;
      border: 2px solid #d70015; border-radius: 10px; background: #fff1f1; padding: 10px 14px; }
    .failure h3 { margin: 0 0 6px; color: #d70015; font-size: 16px; }
    .diff { margin: 0; font: 12px/1.4 "DejaVu Sans Mono", "Liberation Mono", monospace;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    .diff .removed { color: #b3261e; background: #ffdcdc; }
    .diff .added { color: #1b6e2e; background: #d8f5df; }
    .index { margin: 16px 28px; border-collapse: collapse; background: #fff; }
    .index th, .index td { text-align: left; padding: 6px 14px; border-bottom: 1px solid #e3e3e8; }
    .index .result { white-space: nowrap; }
    .index tr.failed .result { color: #d70015; font-weight: bold; }

    """
}
