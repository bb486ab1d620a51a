import AppHarness
import CommandLineKit
import FileSafety
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import Spelling
import ViewModels
import VirtualTime

/// `rezepte play`: the app, interactive, in a terminal; with `--save`, the session written as a
/// scenario file when the player quits.
public enum PlayCommand {
  /// The options of `rezepte play`, each declared once.
  struct Options: CommandOptions {
    @Option(.catalog(help: "Answers from the catalog in DIR instead of the embedded one."))
    var catalog: String? = nil
    @Option(.baseURL(help: "Sends the requests over HTTP to a TheMealDB-compatible server."))
    var baseURL: URL? = nil
    @Flag(.live) var live: Bool
    @Option(
      "--save", "FILE",
      help: "When you quit, writes what you did as a scenario file: the steps, the pauses "
        + "between them (rounded down to 100 ms) and the screens as `rezepte run FILE` replays "
        + "them against the catalog.",
      read: { $0 })
    var save: String? = nil
    @Flag("--force", help: "Lets \(Options().$save) replace an existing file.")
    var force: Bool
    @Option(
      "--favorites", "FILE",
      help: "Keeps the favourites in FILE instead of the app's own favourites file.",
      read: { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("needs a file name, not an empty text") }
        return text
      })
    var favorites: String? = nil
    @Flag(
      "--no-favorites",
      help: "Starts with no favourites and keeps them in memory only; no file is read or written.")
    var noFavorites: Bool
    @Option(
      "--start", "SCREEN",
      help: "Starts on the category grid (categories) or the recipe list (list, the default).",
      read: { text throws(UsageError) in
        guard let start = StartScreen(rawValue: text) else {
          throw UsageError("takes 'categories' or 'list', not '\(text)'")
        }
        return start
      })
    var start = StartScreen.list

    init() {}

    func validate() throws(UsageError) {
      if favorites != nil, noFavorites {
        throw UsageError("\($favorites) and \($noFavorites) exclude each other; choose one")
      }
      if [catalog != nil, baseURL != nil, live].filter({ $0 }).count > 1 {
        throw UsageError("\($catalog), \($baseURL) and \($live) exclude each other; choose one")
      }
      if force, save == nil {
        throw UsageError("\($force) lets \($save) replace a file, but there is no \($save)")
      }
    }
  }

  /// The declaration of `rezepte play`: its options, help and run.
  public static let command = Command(
    name: "play",
    summary:
      "Plays the app in the terminal; \(Options().$save) writes what you did as a scenario file.",
    discussion: """
      Opens the recipe app full-screen in the terminal, over the same screens the scenarios \
      check, in real time: the 400 ms search pause, loading states and network delays are real. \
      Favourites are stored where the app keeps them ($XDG_DATA_HOME/rezepte/favorites.json), \
      in FILE with \(Options().$favorites) FILE, or only in memory with \(Options().$noFavorites); the \
      first screen's bottom line names the file in use. A favourites file that cannot be read or \
      saved is shown on the bottom line while playing, and said on standard error after \
      quitting.
      Exit status: 0 after quitting, 1 when the session could not be saved, 2 for bad input \
      (also when standard input or output is not a terminal), 128 + N when signal N (SIGHUP, \
      SIGINT, SIGTERM) ended it.
      """,
    options: Options.self,
    epilogue: { ScreenLayout(columns: 100).keyTable().map(\.text).joined(separator: "\n") },
    run: { options, invocation in await run(options, console: invocation.console) })

  /// The keys and what each does, in German like the rest of the player: the table of the
  /// help and of the player's `?`, laid out at the width it gets (`ScreenLayout.keyTable()`).
  static let keys: [(keys: String, does: String)] = [
    (
      "/",
      "Setzt den Fokus ins Suchfeld: Buchstaben tippen, ⌫ löscht, Strg-U leert, Enter sucht "
        + "sofort (in einem leeren Feld gibt es die Tasten zurück, für die Vorschläge), Esc "
        + "verlässt das Feld (seine Vorschläge verschwinden)."
    ),
    ("↑ ↓  k j", "Bewegt die Auswahl."),
    ("Bild↑ Bild↓", "Blättert."),
    ("Enter", "Öffnet die gewählte Zeile oder Kachel (oder übernimmt den Vorschlag)."),
    ("Esc  ←", "Zurück."),
    ("h", "Herz auf einem Rezept."),
    ("r", "Aktualisiert die Liste."),
    ("d", "Würfelt ein Zufallsrezept."),
    ("c", "Kategorieauswahl (↑ ↓, Enter)."),
    ("e", "„Erneut versuchen“."),
    ("n", "Schließt einen Hinweis."),
    ("v", "VoiceOver an und aus: ↑← ↓→ Fokus zurück und vor, Enter aktiviert, Esc zurück."),
    ("?", "Diese Tasten."),
    ("q  Strg-C", "Beenden."),
  ]

  @MainActor
  static func run(_ options: Options, console: Console) async -> ExitCode {
    // Before the terminal: a mistake on the command line is said wherever it is typed.
    if let save = options.save, let problem = saveProblem(save, force: options.force) {
      console.error(problem)
      return .badInput
    }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      console.error(
        "`rezepte play` needs a terminal on its standard input and output; run it in a "
          + "terminal window or under tmux, not in a pipe or a script.")
      return .badInput
    }
    let catalog: Catalog
    do {
      catalog = try Catalog.load(directory: options.catalog)
    } catch {
      console.error("\(error)")
      return .badInput
    }

    let server = options.live ? MealAPI.theMealDB : options.baseURL
    let base: any Transport =
      if let server {
        URLSessionTransport(baseURL: server)
      } else {
        CatalogTransport(
          catalog: catalog, clock: ContinuousClock(), seed: UInt64.random(in: 1...UInt64.max))
      }
    let transport = RequestLedger(base)
    let file = options.favorites.map { URL(fileURLWithPath: $0) } ?? FavoritesLocation.defaultURL()
    let tracker = TaskTracker(keepsWorkOnMainQueue: false)
    let app = AppModel.live(
      start: options.start, transport: transport,
      favorites: options.noFavorites ? .inMemory() : .file(at: file), tracker: tracker)
    // The favourites of the store in use: none with --no-favorites, so none are saved.
    var log = SessionLog(start: options.start, favorites: app.favorites.favorites.map(\.id))

    let terminal = Terminal()
    do {
      try terminal.enter()
    } catch {
      console.error("\(error)")
      return .failure
    }
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    // Read with `read` (`availableData` ends the process on a read error); a Ctrl-C starts the
    // terminal's watchdog, which answers it even while the main actor is busy.
    FileHandle.standardInput.readabilityHandler = { input in
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count > 0 {
        continuation.yield(.input(Array(buffer[..<count])))
        if buffer[..<count].contains(0x03) { terminal.restoreUnlessAnswered(SIGINT) }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        input.readabilityHandler = nil
        continuation.yield(.terminate(signal: nil))
      }
    }
    let signals = SignalWaiter(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT])
    let received = signals.received
    // Off the main actor, so that the watchdog is armed even while the app keeps it busy.
    let signalEvents = Task.detached {
      for await signal in received {
        continuation.yield(signal == SIGWINCH ? .resize : .terminate(signal: signal))
        if signal != SIGWINCH { terminal.restoreUnlessAnswered(signal) }
      }
    }
    let token = app.observe { _ in continuation.yield(.stateChanged) }
    let note =
      options.noFavorites
      ? "♥ Favoriten: keine, nur im Speicher (\(options.$noFavorites))"
      : "♥ Favoritendatei: \(file.path)"
    let played = await play(
      app, log: log, screen: PlayerScreen(note: note), terminal: terminal, events: events
    ) {
      Task {
        try? await Task.sleep(for: .milliseconds(50))
        continuation.yield(.escapeTimeout)
      }
    } settle: {
      Task {
        await tracker.settle()
        continuation.yield(.settled)
      }
    }
    terminal.restore()  // the answer to a signal's watchdog
    FileHandle.standardInput.readabilityHandler = nil
    signalEvents.cancel()
    continuation.finish()
    token.cancel()
    // Once the terminal is restored, a signal ends the process as it would any other.
    signals.cancel()
    log = played.log
    log.randomMeals = transport.entries.compactMap { entry in
      // What the dice returned, for the saved scenario's `given random`.
      guard entry.request.path == "random.php", let answer = entry.response, answer.status == 200
      else { return nil }
      return MealAPI.meals(fromAnswer: answer.body)?.first?.id
    }
    // Each names the favourites file, which may hold control characters.
    if let issue = app.favorites.loadIssue {
      console.errorOutput("warning: " + Quoting.visible("\(issue)"))
    }
    if let issue = app.favorites.saveIssue {
      console.errorOutput("warning: " + Quoting.visible(unsaved(issue)))
    }

    var code = ExitCode.success
    if let save = options.save {
      do {
        let text = try await SessionSaver(catalog: catalog).text(for: log, file: save)
        try AtomicFile.write(Data(text.utf8), to: save, replacing: options.force)
        let file = Quoting.visible(save)
        console.output("saved \(file); replay it with `rezepte run \(file)`")
      } catch {
        console.error("the session was not saved: \(error)")
        console.errorOutput("These are its steps:\n" + log.scenarioLines.joined(separator: "\n"))
        code = .failure
      }
    }
    // A process ended by a signal says so in its status, as the shell does: 128 + N.
    if let signal = played.signal { exit(128 + signal) }
    return code
  }

  /// Why `path` cannot take the saved session, checked before playing so that no session is
  /// played for nothing: what `AtomicFile` would refuse, and without `force` anything at `path`.
  static func saveProblem(_ path: String, force: Bool) -> String? {
    do {
      try AtomicFile.checkWritable(path)
      if !force { try AtomicFile.checkWritable(path, replacing: false) }
      return nil
    } catch {
      let hint =
        error.reason == AtomicFile.existsReason ? "; pass \(Options().$force) to replace it" : ""
      return "\(Options().$save): \(error)\(hint)"
    }
  }
}
