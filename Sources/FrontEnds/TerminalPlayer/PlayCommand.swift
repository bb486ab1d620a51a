import AppHarness
import CommandLineKit
import Dispatch
import FileSafety
import Foundation
import LiveNetwork
import MealCatalog
import MealDB
import Scenarios
import Spelling
import ViewModels
import VirtualTime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte play`: the app, interactive, in a terminal; with `--save`, the session written as a
/// scenario file when the player quits.
public enum PlayCommand {
  /// What the command line asks for.
  public struct Options: Equatable, Sendable {
    public static let catalog: Option<String> = .catalog(
      help: "Answers from the catalog in DIR instead of the embedded one.")
    public static let baseURL: Option<URL> = .baseURL(
      help: "Sends the requests over HTTP to a TheMealDB-compatible server.")
    public static let live = Flag.live
    public static let save = Option<String>(
      "--save", "FILE",
      help: "When you quit, writes what you did as a scenario file: the steps, the pauses "
        + "between them (rounded down to 100 ms) and the screens as `rezepte run FILE` replays "
        + "them against the catalog.")
    public static let force = Flag("--force", help: "Lets \(save) replace an existing file.")
    public static let favorites = Option(
      "--favorites", "FILE",
      help: "Keeps the favourites in FILE instead of the app's own favourites file."
    ) { text throws(UsageError) in
      guard !text.isEmpty else { throw UsageError("needs a file name, not an empty text") }
      return text
    }
    public static let noFavorites = Flag(
      "--no-favorites",
      help: "Starts with no favourites and keeps them in memory only; no file is read or written.")
    public static let start = Option(
      "--start", "SCREEN",
      help: "Starts on the category grid (categories) or the recipe list (list, the default)."
    ) { text throws(UsageError) in
      guard let start = StartScreen(rawValue: text) else {
        throw UsageError("takes 'categories' or 'list', not '\(text)'")
      }
      return start
    }

    /// A catalog directory; `nil` for the embedded catalog.
    public var catalog: String?
    /// A TheMealDB-compatible server instead of the catalog in this process.
    public var baseURL: URL?
    /// The real TheMealDB.
    public var live = false
    /// Where to save the session as a scenario.
    public var save: String?
    /// Whether `--save` may replace an existing file.
    public var force = false
    public var start = StartScreen.list
    /// The favourites file; `nil` for the app's own (`FavoritesLocation.defaultURL()`).
    public var favorites: String?
    /// Favourites in memory only: the session starts with none and stores none.
    public var noFavorites = false

    public init() {}

    /// The options of one invocation; the parser has checked their spelling.
    init(_ invocation: Invocation) throws(UsageError) {
      catalog = invocation[Self.catalog]
      baseURL = invocation[Self.baseURL]
      live = invocation[Self.live]
      save = invocation[Self.save]
      force = invocation[Self.force]
      favorites = invocation[Self.favorites]
      noFavorites = invocation[Self.noFavorites]
      start = invocation[Self.start] ?? .list
      if favorites != nil, noFavorites {
        throw UsageError(
          "\(Self.favorites) and \(Self.noFavorites) exclude each other; choose one")
      }
      let servers = [catalog != nil, baseURL != nil, live].filter { $0 }
      if servers.count > 1 {
        throw UsageError(
          "\(Self.catalog), \(Self.baseURL) and \(Self.live) exclude each other; choose one")
      }
      if force, save == nil {
        throw UsageError(
          "\(Self.force) lets \(Self.save) replace a file, but there is no \(Self.save)")
      }
    }
  }

  /// The declaration of `rezepte play`: its options, help and run.
  public static let command = Command(
    name: "play",
    summary:
      "Plays the app in the terminal; \(Options.save) writes what you did as a scenario file.",
    discussion: """
      Opens the recipe app full-screen in the terminal, over the same screens the scenarios \
      check, in real time: the 400 ms search pause, loading states and network delays are real. \
      Favourites are stored where the app keeps them ($XDG_DATA_HOME/rezepte/favorites.json), \
      in FILE with \(Options.favorites) FILE, or only in memory with \(Options.noFavorites); the \
      first screen's bottom line names the file in use. A favourites file that cannot be read or \
      saved is shown on the bottom line while playing, and said on standard error after \
      quitting.
      Exit status: 0 after quitting, 1 when the session could not be saved, 2 for bad input \
      (also when standard input or output is not a terminal), 128 + N when signal N (SIGHUP, \
      SIGINT, SIGTERM) ended it.
      """,
    options: [
      Options.catalog, Options.baseURL, Options.live, Options.save, Options.force,
      Options.favorites, Options.noFavorites, Options.start,
    ],
    epilogue: { keys },
    run: { invocation throws(UsageError) in
      await run(try Options(invocation), console: invocation.console)
    })

  /// The keys, a contract; the player's bottom line shows those the screen offers.
  static let keys = """
    Keys:
      /               Focuses the search field: letters type, ⌫ deletes, Ctrl-U clears,
                      Enter hands the keys back, Esc leaves the field (its suggestions hide).
      ↑ ↓  k j        Move the selection.      PgUp PgDn   Scroll.
      Enter           Opens the selected row or tile (or picks the suggestion).
      Esc  ←          Back.                    h           Heart on a recipe.
      r               Pull to refresh.         d           Dice.
      c               Category picker (↑ ↓, Enter).
      e               „Erneut versuchen“.      n           Dismisses a notice.
      q  Ctrl-C       Quit.
    """

  /// Reads the options after `play`, as the shared parser reads them.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try Options(command.parse(arguments, console: .standard))
  }

  /// Runs the player; returns the exit status.
  @MainActor
  static func run(_ options: Options, console: Console) async -> ExitCode {
    let server = options.live ? MealAPI.theMealDB : options.baseURL
    // Before the terminal: a mistake on the command line is said wherever it is typed.
    if let save = options.save, let problem = saveProblem(save, force: options.force) {
      console.error(problem)
      return .badInput
    }
    guard Terminal.isAvailable else {
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

    let base: any Transport =
      if let server {
        URLSessionTransport(baseURL: server)
      } else {
        CatalogTransport(
          catalog: catalog, clock: ContinuousClock(), seed: UInt64.random(in: 1...UInt64.max))
      }
    let transport = RequestLedger(base)
    let favorites = Favorites(options)
    let app = AppModel.live(
      start: options.start, transport: transport, favorites: favorites.storage)
    var log = SessionLog()
    log.start = options.start
    // The favourites of the store in use: none with --no-favorites, so none are saved.
    log.favorites = app.favorites.favorites.map(\.id)

    let terminal = Terminal()
    let (events, continuation) = AsyncStream.makeStream(of: Player.Event.self)
    let watchdog = Watchdog(terminal: terminal)
    let sources = EventSources(continuation: continuation, watchdog: watchdog)
    do {
      try terminal.enter()
    } catch {
      terminal.restore()
      console.error("\(error)")
      return .failure
    }
    let token = app.observe { _ in continuation.yield(.stateChanged) }
    sources.start()
    let player = Player(
      app: app, log: log, note: favorites.note, output: terminal.output, size: { terminal.size })
    log = await player.run(events: events) {
      Task {
        try? await Task.sleep(for: .milliseconds(50))
        continuation.yield(.escapeTimeout)
      }
    }
    watchdog.answered()
    sources.stop()
    token.cancel()
    terminal.restore()
    EventSources.restoreSignals()
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
      console.errorOutput("warning: " + Quoting.visible(Player.unsaved(issue)))
    }

    let code = await save(log, options: options, catalog: catalog, console: console)
    if let signal = player.endingSignal {
      // A process ended by a signal says so in its status, as the shell does: 128 + N.
      exit(128 + signal)
    }
    return code
  }

  /// Writes the session to `--save`, if given.
  @MainActor
  private static func save(
    _ log: SessionLog, options: Options, catalog: Catalog, console: Console
  ) async -> ExitCode {
    guard let save = options.save else { return .success }
    do {
      let text = try await SessionSaver(catalog: catalog).text(for: log, file: save)
      try AtomicFile.write(Data(text.utf8), to: save, replacing: options.force)
      let file = Quoting.visible(save)
      console.output("saved \(file); replay it with `rezepte run \(file)`")
      return .success
    } catch {
      console.error("the session was not saved: \(error)")
      console.errorOutput(
        "These are its steps:\n" + SessionScript().lines(for: log).joined(separator: "\n"))
      return .failure
    }
  }

  /// Why `path` cannot take the saved session, checked before playing so that no session is
  /// played for nothing: what `AtomicFile` would refuse at the end (an empty path, a folder, a
  /// FIFO or device, a read-only file, a missing folder), and without `force` anything already
  /// at `path`, a symbolic link to nothing included.
  static func saveProblem(_ path: String, force: Bool) -> String? {
    do {
      try AtomicFile.checkWritable(path)
      if !force { try AtomicFile.checkWritable(path, replacing: false) }
      return nil
    } catch {
      let hint =
        error.reason == AtomicFile.existsReason ? "; pass \(Options.force) to replace it" : ""
      return "\(Options.save): \(error)\(hint)"
    }
  }
}

/// Where a session keeps its favourites, and the line that says so on the first screen.
private struct Favorites {
  var storage: FavoritesStorage
  var note: String

  init(_ options: PlayCommand.Options) {
    if options.noFavorites {
      storage = .inMemory()
      note = "♥ Favourites: none, kept in memory only (\(PlayCommand.Options.noFavorites))"
    } else {
      let url = options.favorites.map { URL(fileURLWithPath: $0) } ?? FavoritesLocation.defaultURL()
      storage = .file(at: url)
      note = "♥ Favourites file: \(url.path)"
    }
  }
}

/// The terminal's input and the signals, as player events.
///
/// Not isolated to the main actor: its handlers run on its own queue, yield events, and arm the
/// watchdog for a signal or a Ctrl-C, which must be answered even while the main actor is busy.
private final class EventSources {
  private static let signals = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]
  private let continuation: AsyncStream<Player.Event>.Continuation
  private let sources: [any DispatchSourceProtocol]

  init(continuation: AsyncStream<Player.Event>.Continuation, watchdog: Watchdog) {
    self.continuation = continuation
    let queue = DispatchQueue(label: "rezepte.play.input")
    var sources: [any DispatchSourceProtocol] = []
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
    input.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count > 0 {
        let bytes = Array(buffer[..<count])
        continuation.yield(.input(bytes))
        if bytes.contains(0x03) { watchdog.arm(signal: SIGINT) }  // Ctrl-C
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        input.cancel()
        continuation.yield(.terminate(signal: nil))
      }
    }
    sources.append(input)
    for signalNumber in Self.signals {
      // The handler replaces the default action (ending the process with the terminal raw).
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler {
        if signalNumber == SIGWINCH {
          continuation.yield(.resize)
        } else {
          continuation.yield(.terminate(signal: signalNumber))
          watchdog.arm(signal: signalNumber)
        }
      }
      sources.append(source)
    }
    self.sources = sources
  }

  func start() {
    for source in sources { source.resume() }
  }

  func stop() {
    for source in sources { source.cancel() }
    continuation.finish()
  }

  /// Gives the signals their default actions back, once the terminal is restored: a signal
  /// while the session is saved ends the process as it would any other.
  static func restoreSignals() {
    for signalNumber in signals { signal(signalNumber, SIG_DFL) }
  }
}

/// Answers a signal (or Ctrl-C) that the player has not answered within `patience`: restores
/// the terminal, says so, and ends the process with 128 + the signal's number, unsaved.
///
/// The player answers at once unless its main actor is busy; this is the promise that the
/// terminal comes back within 100 ms whatever the app is doing.
private final class Watchdog: Sendable {
  private let terminal: Terminal
  private let patience: Duration
  private let queue = DispatchQueue(label: "rezepte.play.watchdog")
  /// Whether the player answered: it left its loop and restores the terminal itself.
  private let isAnswered = Locked(false)

  init(terminal: Terminal, patience: Duration = .milliseconds(100)) {
    self.terminal = terminal
    self.patience = patience
  }

  /// Starts waiting for the player's answer to `signal`.
  func arm(signal: Int32) {
    let nanoseconds = Int(patience / .nanoseconds(1))
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
      // Under the lock, so the player cannot answer half-way: either it answered first, or the
      // process ends here.
      isAnswered.withLock { isAnswered in
        guard !isAnswered else { return }
        terminal.restore()
        let message =
          "error: the player did not answer signal \(signal) within \(patience); the terminal "
          + "is restored and the session was not saved.\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(128 + signal)
      }
    }
  }

  /// The player left its loop: from now on it restores the terminal and ends by itself.
  func answered() {
    isAnswered.withLock { $0 = true }
  }
}
