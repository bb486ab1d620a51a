/// The texts of `rezepte --help` and `rezepte help COMMAND`.
public enum HelpText {
  /// The short usage printed after a command-line error.
  public static let usage = """
    usage: rezepte [run] [PATH…] [--record] [--catalog DIR] [--filter TEXT] [--base-url URL] [--live] [--timing]
           rezepte show FILE [--catalog DIR]
           rezepte serve [--port N] [--catalog DIR] [--delay D[@ENDPOINT]] [--status CODE[@ENDPOINT]]
                         [--broken-data[=ENDPOINT]] [--quiet]
           rezepte capture --base-url URL --out DIR [--categories A,B,…]
           rezepte help [COMMAND]
    """

  /// `rezepte --help`.
  public static var main: String {
    """
    rezepte: replays the recipe app's scenario files against an offline TheMealDB.

    \(usage)

    Commands:
      run      Replays scenario files and compares what the screens show (the default).
      show     Walks through one scenario, printing each step and the screen after it.
      serve    Serves a catalog over HTTP at TheMealDB's paths, on 127.0.0.1.
      capture  Downloads categories and full recipes from a server into a catalog directory.
      help     Explains a command: `rezepte help run`.

    \(runOptions)

    Steps of a scenario file (one per line; `#` starts a comment):
    \(StepTable.helpText())
    """
  }

  static let runOptions = """
    Options of `run`:
      PATH…           Scenario files, or folders searched for *.scenario (default: Scenarios).
      --record        Writes the actual screen into every `expect screen` block.
      --catalog DIR   Uses the catalog in DIR instead of the embedded one.
      --filter TEXT   Runs only the scenarios whose file name or title contains TEXT.
      --base-url URL  Sends the requests over HTTP to a TheMealDB-compatible server.
      --live          Sends the requests to the real TheMealDB.
      --timing        Adds the wall time each scenario took to its line.
    """

  /// `rezepte help run`.
  public static var run: String {
    """
    usage: rezepte [run] [PATH…] [--record] [--catalog DIR] [--filter TEXT] [--base-url URL] [--live] [--timing]

    Replays every scenario and prints one line per scenario, then `N passed, N failed`.
    Exit status: 0 when all passed, 1 when a scenario failed, 2 for bad input (nothing runs).
    Time is virtual: `wait` advances a clock; nothing sleeps for real.

    \(runOptions)

    Steps:
    \(StepTable.helpText())
    """
  }

  /// `rezepte help show`.
  public static let show = """
    usage: rezepte show FILE [--catalog DIR]

    Walks through one scenario: prints its comments and each step, and after every step that
    acts on the app the screen it leads to. Expectations are checked as in `run`.
    """

  /// `rezepte help help`.
  public static let help = """
    usage: rezepte help [COMMAND]

    Explains a command: run, show, serve, capture or help. Without one, explains them all.
    """

  /// The commands `help` knows about.
  public static let commands = ["run", "show", "help"]

  /// The help for a command, or `main` for none; `nil` for an unknown command.
  public static func text(for command: String?) -> String? {
    switch command {
    case nil: main
    case "run": run
    case "show": show
    case "help": help
    default: nil
    }
  }
}
