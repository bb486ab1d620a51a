import Fixtures
import Foundation
import MealDB
import Testing
import ViewDescription
import ViewModels

@Suite struct HTMLRendererTests {
  private let renderer = HTMLRenderer()

  private func html(_ node: Node, changed: Set<NodePath> = []) -> String {
    var writer = HTMLWriter()
    renderer.render(node, changed: changed, into: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  private func escaped(_ text: String) -> String {
    var writer = HTMLWriter()
    writer.text(text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The number of times `needle` occurs in `html`.
  private func count(_ needle: String, in html: String) -> Int {
    html.components(separatedBy: needle).count - 1
  }

  // MARK: - Changes in view

  @Test("A menu holding a change is drawn open, so that the change is in view")
  func menuWithChangeIsOpen() {
    let menu = Node.menu(
      "Kategorie", symbol: .line3HorizontalDecreaseCircle,
      [.picker("Kategorie", options: ["Beef", "Pasta"], selection: "Pasta")])
    #expect(
      html(menu, changed: [NodePath([0])]).hasPrefix(
        #"<div class="phone"><div class="phone-screen"><details class="menu" data-path="root" open="">"#
      ))
    #expect(!html(menu).contains("open"))
    #expect(!html(menu, changed: [NodePath()]).contains("open"))
  }

  @Test("A phone with a change below its navigation bar grows to show its whole screen")
  func growsForAChangeInTheContent() throws {
    // The stylesheet grows a phone that `.phone:has(.content .changed)` matches: one whose
    // changed element is drawn inside the screen's content, not in its navigation bar.
    #expect(HTMLRenderer.stylesheet.description.contains(".phone:has(.content .changed) {"))
    let screen = Node.screen(
      "Dessert", [.list([.row("Apam balik", intent: .mealTapped(Fixture.apamBalik))])])
    /// Whether the class `changed` comes after the opening of the content.
    func changeInContent(_ path: NodePath) throws -> Bool {
      let page = html(screen, changed: [path])
      let content = try #require(page.range(of: #"<div class="content""#))
      let change = try #require(page.range(of: "changed"))
      return change.lowerBound > content.lowerBound
    }
    #expect(try changeInContent(NodePath([0, 0])))
    #expect(try !changeInContent(NodePath()))
  }

  // MARK: - Escaping

  @Test("A meal called <script>alert(1)</script> & \"Co\" shows as written and runs nothing")
  func escapesText() {
    let name = #"<script>alert(1)</script> & "Co""#
    let output = html(.row(name, intent: .mealTapped(Meal(id: "1", name: name))))
    #expect(output.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"))
    #expect(!output.contains("<script"))
  }

  @Test("Attribute values are escaped, so a quote cannot end the attribute")
  func escapesAttributes() {
    let output = html(.image(url: #"x" onmouseover="alert(1)"#))
    #expect(output.contains(#"title="x&quot; onmouseover=&quot;alert(1)""#))
    #expect(!output.contains(#"" onmouseover"#))
  }

  @Test("The escaping function replaces the five special characters and spells out controls")
  func escapeFunction() {
    #expect(escaped("a&b<c>d\"e'f\u{0}g\nh") == #"a&amp;b&lt;c&gt;d&quot;e&#39;f\u{0}g"# + "\nh")
    #expect(escaped("Crème brûlée") == "Crème brûlée")
  }

  @Test("C1 controls and bidirectional overrides are shown as escapes, not passed to the page")
  func escapesInvisibleControls() {
    #expect(escaped("a\u{202E}b\u{85}c\u{2066}d") == #"a\u{202E}b\u{85}c\u{2066}d"#)
    #expect(escaped("ü\u{85}😀\u{7F}\u{2028}x") == #"ü\u{85}😀\u{7F}\u{2028}x"#)
    let name = "Tart\u{202E}eman"
    let output = html(.row(name, intent: .mealTapped(Meal(id: "1", name: name))))
    #expect(output.contains(#"Tart\u{202E}eman"#))
    #expect(!output.unicodeScalars.contains("\u{202E}"))
  }

  @Test("A link to a javascript: address is plain text, not a link")
  func javascriptLinkIsText() throws {
    let url = try #require(URL(string: "javascript:alert(1)"))
    let output = html(.link("Video ansehen", destination: url))
    #expect(!output.contains("href"))
    #expect(output.contains("Video ansehen"))
  }

  @Test("A link to a web address is an anchor that opens only when clicked")
  func webLinkIsAnchor() throws {
    let url = try #require(URL(string: "https://www.youtube.com/watch?v=rp8Slv4INLk"))
    let output = html(.link("Video ansehen", destination: url))
    #expect(
      output.contains(
        #"<a class="link" data-path="root" href="https://www.youtube.com/watch?v=rp8Slv4INLk""#))
  }

  // MARK: - Node kinds

  @Test("The phone holds the navigation bar with the title, the back button and the toolbar")
  func navigationBar() {
    let output = html(
      .navigationStack([
        .screen(
          "Apple Frangipan Tart", back: "Dessert",
          [.toolbar([.button("Als Favorit merken", symbol: .heart, intent: .heartTapped)])])
      ]))
    #expect(output.hasPrefix(#"<div class="phone"><div class="phone-screen">"#))
    #expect(output.contains(#"<h2 class="nav-title">Apple Frangipan Tart</h2>"#))
    #expect(output.contains(#"<button class="back" title="→ backTapped">"#))
    #expect(output.contains("‹</span>Dessert</button>"))
    #expect(output.contains(#"<span class="glyph" title="heart" aria-hidden="true">♡</span>"#))
    #expect(output.contains(#"<span class="button-label">Als Favorit merken</span>"#))
  }

  @Test("A disabled button is drawn greyed and is disabled")
  func disabledButton() {
    let output = html(
      .button("Zufallsrezept", symbol: .dice, isDisabled: true, intent: .diceTapped))
    #expect(output.contains(#"<button class="button disabled" data-path="root" disabled="""#))
  }

  @Test("The menu is a closed details element holding the picker with its selection")
  func menuAndPicker() {
    let output = html(
      .menu(
        "Kategorie", symbol: .line3HorizontalDecreaseCircle,
        [.picker("Kategorie", options: ["Beef", "Dessert"], selection: "Dessert")]))
    #expect(output.contains(#"<details class="menu" data-path="root"><summary>"#))
    let checkmark = #"<span class="checkmark" aria-hidden="true">"#
    #expect(output.contains(#"<li class="option">\#(checkmark)</span>Beef</li>"#))
    #expect(output.contains(#"<li class="option selected">\#(checkmark)✓</span>Dessert</li>"#))
  }

  @Test("The search field is a search box named by its prompt, its text the value")
  func searchField() {
    let field =
      #"type="search" readonly="" aria-label="Alle Rezepte durchsuchen" "#
      + #"placeholder="Alle Rezepte durchsuchen" value="#
    let empty = html(.searchField(prompt: "Alle Rezepte durchsuchen", text: ""))
    #expect(empty.contains(#"<input class="prompt" \#(field)"">"#))
    let filled = html(.searchField(prompt: "Alle Rezepte durchsuchen", text: "Las"))
    #expect(filled.contains(#"<input class="search-text" \#(field)"Las">"#))
  }

  @Test("A focused search field shows the caret and its suggestions")
  func focusedSearchField() {
    let output = html(
      .searchField(
        prompt: "Alle Rezepte durchsuchen", text: "", isFocused: true,
        suggestions: [.suggestion("Pasta"), .suggestion("Chicken")]))
    #expect(output.contains(#"class="search focused""#))
    #expect(output.contains(#"<span class="caret"></span>"#))
    #expect(count(#"<button class="suggestion""#, in: output) == 2)
    #expect(output.contains(#"title="→ suggestionPicked(&quot;Pasta&quot;)""#))
  }

  @Test("A row shows its thumbnail as a placeholder, its name, a heart when favourite")
  func rows() {
    let output = html(MealListScreen.body(Fixture.dessertList))
    // The tart is a favourite: in the list and in the "Favoriten" section.
    #expect(count(#"<button class="row""#, in: output) == 2)
    #expect(count(#"<button class="row favorite""#, in: output) == 2)
    #expect(output.contains(#"<span class="heart" aria-hidden="true">♥</span>"#))
    #expect(output.contains(#"<span class="row-label">Apple &amp; Blackberry Crumble</span>"#))
    #expect(!output.contains("<img"))
  }

  @Test("The favourites section has its header, a heading named by its label, above its rows")
  func section() {
    let output = html(
      .section("Favoriten", [.text("eins")]).accessibility(.init(traits: .isHeader)))
    #expect(
      output.contains(
        #"<h3 class="section-header" aria-label="Favoriten">Favoriten</h3><div class="section-body"><p class="text" data-path="0">eins</p>"#
      ))
    #expect(html(.section("Favoriten", [])).contains(#"<p class="section-header">Favoriten</p>"#))
  }

  @Test("A refreshing list shows a spinner above its rows")
  func refreshingList() {
    let output = html(.list(refresh: .pulledToRefresh, isRefreshing: true, []))
    #expect(output.contains(#"class="list refreshable refreshing""#))
    #expect(output.contains(#"<div class="refresh-spinner">"#))
    #expect(!html(.list(refresh: .pulledToRefresh, [])).contains("refresh-spinner"))
  }

  @Test("The loading state shows a spinner and its title")
  func progressView() {
    let output = html(.progressView(AppText.listLoading))
    #expect(
      output.contains(
        #"<span class="spinner"></span><p class="progress-title">Rezepte werden geladen…</p>"#))
  }

  @Test("An error view shows its glyph, title, message and the retry button")
  func contentUnavailable() {
    let output = html(
      .contentUnavailableView(
        "Fehler", symbol: .wifiExclamationmark, description: "Keine Verbindung",
        actions: [.button("Erneut versuchen", intent: .retryTapped)]
      ).accessibility(.init(traits: .isHeader)))
    #expect(output.contains(#"title="wifi.exclamationmark" aria-hidden="true">⚠</span>"#))
    #expect(output.contains(#"<h3 class="unavailable-title" aria-label="Fehler">Fehler</h3>"#))
    #expect(output.contains(#"<p class="text" data-path="0">Keine Verbindung</p>"#))
    #expect(output.contains(#"<span class="button-label">Erneut versuchen</span>"#))
  }

  @Test("An alert is a modal dialog named by its message over the screen, which is inert")
  func alert() {
    let output = html(
      .screen(
        "Dessert",
        [.alert("Aktualisieren fehlgeschlagen", [.button("OK", intent: .noticeDismissed)])]))
    #expect(output.contains(#"<div class="alert-backdrop" data-path="0">"#))
    #expect(
      output.contains(
        #"<div class="alert" role="alertdialog" aria-modal="true" aria-label="Aktualisieren fehlgeschlagen"><span class="alert-message" aria-hidden="true">Aktualisieren fehlgeschlagen</span>"#
      ))
    #expect(output.contains(#"<span class="button-label">OK</span>"#))
    #expect(count(#" inert="""#, in: output) == 2, "the navigation bar and the content")
  }

  @Test("Grid tiles show a placeholder and their name")
  func gridTiles() {
    let output = html(
      .grid([
        .tile("Beef", image: "https://example.com/beef.png", intent: .categoryTileTapped("Beef"))
      ]))
    #expect(output.contains(#"<div class="grid" data-path="root">"#))
    #expect(output.contains(#"<span class="tile-label">Beef</span>"#))
    #expect(output.contains(#"title="https://example.com/beef.png" aria-hidden="true">B</span>"#))
  }

  @Test("The detail's image is a placeholder showing the meal's name, without a request")
  func detailImage() {
    let output = html(
      MealDetailScreen.body(
        MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))))
    #expect(output.contains(#"class="image-placeholder placeholder""#))
    #expect(output.contains(">Apple Frangipan Tart</span></div>"))
    #expect(!output.contains("<img"))
    #expect(!output.contains("src="))
  }

  @Test("The detail shows its labels, ingredients, paragraphs and links")
  func detailContent() {
    let output = html(
      MealDetailScreen.body(
        MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))))
    #expect(
      output.contains(
        #"<span class="label-title"><span class="sr-only">Küche: British</span><span aria-hidden="true">British</span></span>"#
      ))
    #expect(output.contains(">175g/6oz digestive biscuits</p>"))
    #expect(output.contains(">Bake for 20-25 mins until golden.</p>"))
    #expect(output.contains(#"href="https://www.youtube.com/watch?v=rp8Slv4INLk""#))
  }

  // MARK: - What a screen reader hears

  @Test("A favourite row is a button named by its title and its value")
  func favouriteRowName() {
    let output = html(MealListScreen.body(Fixture.dessertList))
    #expect(output.contains(#"data-path="2.1" aria-label="Apple Frangipan Tart, Favorit""#))
    #expect(!output.contains(#"aria-label="Apam balik"#), "a row named by its title alone")
  }

  @Test("The heart is a toggle button, pressed while the meal is a favourite")
  func heartIsPressed() {
    for isFavorite in [false, true] {
      var state = MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))
      state.isFavorite = isFavorite
      #expect(html(MealDetailScreen.body(state)).contains(#"aria-pressed="\#(isFavorite)""#))
    }
  }

  @Test("The recipe's picture is hidden from a screen reader, as VoiceOver skips it")
  func pictureIsHidden() {
    let output = html(
      MealDetailScreen.body(
        MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))))
    #expect(output.contains(#"<div class="image" data-path="1.0" aria-hidden="true">"#))
    #expect(
      html(.image(url: "x").accessibility(.init(label: "Torte"))).contains(
        #"role="img" aria-label="Torte""#))
  }

  @Test("What the app announced is in a live region, for a screen reader only")
  func announcementsInLiveRegion() {
    var writer = HTMLWriter()
    renderer.render(.text("x"), announcements: ["3 Rezepte gefunden"], into: &writer)
    #expect(
      String(decoding: writer.bytes, as: UTF8.self).hasSuffix(
        #"<div class="sr-only" role="status"><p>3 Rezepte gefunden</p></div></div></div>"#))
  }

  // MARK: - Changes

  @Test("The nodes at the changed paths carry the class changed, and only they")
  func changedNodes() {
    let tree = Node.list([.row("A", intent: .diceTapped), .row("B", intent: .diceTapped)])
    let output = html(tree, changed: [NodePath([1])])
    #expect(output.contains(#"<button class="row changed" data-path="1""#))
    #expect(count("changed", in: output) == 1)
  }

  @Test("A changed screen marks its title, not the whole screen")
  func changedScreen() {
    let output = html(.screen("Suche", [.text("x")]), changed: [NodePath()])
    #expect(output.contains(#"<h2 class="nav-title changed">Suche</h2>"#))
    #expect(output.contains(#"<div class="screen" data-path="root">"#))
  }

  @Test("The same tree gives the same bytes")
  func deterministic() {
    let tree = MealListScreen.body(Fixture.dessertList)
    #expect(html(tree) == html(tree))
  }
}
