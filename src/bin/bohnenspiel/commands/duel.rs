//! `bohnenspiel match ENGINE_A ENGINE_B`: two players of the engine
//! protocol play a match from balanced openings, each opening twice with
//! the colours swapped; every move is checked by the crate's rules, and
//! an illegal move, a crash or a hang loses that game only.
//!
//! A player is the crate's own engine in this process (`self`, with
//! settings such as `self:depth=7`), or a program started as a command
//! (its words split at spaces) that speaks the protocol on its standard
//! input and output. A program that crashes or hangs is started again
//! for the next game.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::matches::{Match, MatchEnd, Tally};
use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig};
use bohnenspiel::notation::Record;
use bohnenspiel::notation::Tag;
use bohnenspiel::{Action, Game, Move, Player, Rules};

use crate::error::{CliError, usage};
use crate::status::Status;

/// What `match` is asked.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The two players, as given.
    pub engines: [&'a str; 2],
    /// The rules.
    pub rules: Rules,
    /// `--random N`: N random four-ply openings instead of the 36 two-ply
    /// ones.
    pub random: Option<usize>,
    /// `--seed`.
    pub seed: u64,
    /// The limits of each `go`: `--movetime`, `--depth`, `--nodes`.
    pub limits: Limits,
    /// `--timeout MS`: how long a program may take to answer.
    pub timeout: Option<Duration>,
    /// `--ply-cap`.
    pub ply_cap: usize,
    /// `-o`: where the records go (`-`: standard output).
    pub output: &'a Path,
}

/// Why a player gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    /// The program ended (or closed its output).
    Crash,
    /// No answer within the timeout.
    Hang,
    /// An answer that is no move: `bestmove none`, `bestmove -` with a
    /// move to play, or a word that is no hole.
    NoMove(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Crash => f.write_str("it crashed (its output ended)"),
            Failure::Hang => f.write_str("it did not answer in time"),
            Failure::NoMove(answer) => write!(f, "it answered `{answer}`, which is no move"),
        }
    }
}

/// One side of the match.
enum Side {
    /// The crate's engine, in this process.
    Own { engine: Box<Engine>, limits: Limits },
    /// A program speaking the protocol.
    Program(Program),
}

/// A program speaking the protocol, and its output lines as they come.
struct Program {
    command: Vec<String>,
    limits: Limits,
    timeout: Duration,
    running: Option<Running>,
}

struct Running {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Running {
    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// The first line starting with `word` within `timeout`; what went
    /// wrong otherwise.
    fn wait_for(&self, word: &str, timeout: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Hang),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crash),
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A program that does not quit when asked is ended.
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Program {
    /// Starts the program and waits for its `bsiok`.
    fn start(&mut self) -> Result<&mut Running, Failure> {
        if self.running.is_none() {
            let (program, args) = self.command.split_first().ok_or(Failure::Crash)?;
            let mut child = Command::new(program)
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|_| Failure::Crash)?;
            let input = child.stdin.take().ok_or(Failure::Crash)?;
            let output = child.stdout.take().ok_or(Failure::Crash)?;
            let (send, lines) = channel();
            std::thread::spawn(move || {
                for line in BufReader::new(output).lines() {
                    let Ok(line) = line else { break };
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
            let mut running = Running {
                child,
                input,
                lines,
            };
            running.send("bsi").map_err(|_| Failure::Crash)?;
            running.wait_for("bsiok", self.timeout)?;
            self.running = Some(running);
        }
        self.running.as_mut().ok_or(Failure::Crash)
    }

    /// The program's move in `game`; a failure ends the program (it is
    /// started again when next asked).
    fn choose(&mut self, game: &Game) -> Result<Move, Failure> {
        let limits = self.limits;
        let timeout = self.timeout;
        let answer = (|| {
            let running = self.start()?;
            let mut position = String::from("position startpos");
            if !game.plies().is_empty() {
                position.push_str(" moves");
                for ply in game.plies() {
                    match ply.action {
                        Action::Sow { mv, .. } => position.push_str(&format!(" {mv}")),
                        Action::Pass => position.push_str(" -"),
                    }
                }
            }
            running.send(&position).map_err(|_| Failure::Crash)?;
            running
                .send(&go_command(&limits))
                .map_err(|_| Failure::Crash)?;
            running.wait_for("bestmove", timeout)
        })();
        let line = match answer {
            Ok(line) => line,
            Err(failure) => {
                self.running = None;
                return Err(failure);
            }
        };
        let word = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_owned();
        word.parse::<u8>()
            .ok()
            .and_then(|hole| Move::from_number(hole).ok())
            .ok_or(Failure::NoMove(line))
    }

    /// `newgame`, if the program is running.
    fn new_game(&mut self) {
        if let Some(running) = &mut self.running
            && running.send("newgame").is_err()
        {
            self.running = None;
        }
    }
}

/// The `go` command of `limits`.
fn go_command(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(time) = limits.time {
        go.push_str(&format!(" movetime {}", time.as_millis()));
    }
    if let Some(depth) = limits.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        go.push_str(&format!(" nodes {nodes}"));
    }
    if go == "go" {
        go.push_str(" infinite");
    }
    go
}

impl Side {
    fn choose(&mut self, game: &Game) -> Result<Move, Failure> {
        match self {
            Side::Own { engine, limits } => {
                let past = game.history();
                let stop = AtomicBool::new(false);
                let result = engine
                    .search(game.position(), &past, limits, &stop, |_| {})
                    .map_err(|error| Failure::NoMove(error.to_string()))?;
                result
                    .best
                    .ok_or_else(|| Failure::NoMove("bestmove none".to_owned()))
            }
            Side::Program(program) => program.choose(game),
        }
    }

    fn new_game(&mut self) {
        match self {
            Side::Own { engine, .. } => engine.new_game(),
            Side::Program(program) => program.new_game(),
        }
    }
}

/// Reads a player: `self` or `self:KEY=VALUE,…` (keys `depth`, `nodes`,
/// `movetime` in milliseconds, `hash` in megabytes), or a command.
fn side(spec: &str, rules: Rules, limits: Limits, timeout: Duration) -> Result<Side, CliError> {
    let settings = match spec.strip_prefix("self") {
        Some("") => Some(""),
        Some(rest) => rest.strip_prefix(':'),
        None => None,
    };
    let Some(settings) = settings else {
        let command: Vec<String> = spec.split_whitespace().map(str::to_owned).collect();
        if command.is_empty() {
            return Err(usage(format_args!("match: an engine is an empty command")));
        }
        return Ok(Side::Program(Program {
            command,
            limits,
            timeout,
            running: None,
        }));
    };
    let mut own = limits;
    let mut config = EngineConfig::default();
    let mut set_limit = false;
    for setting in settings.split(',').filter(|s| !s.is_empty()) {
        let bad = || {
            usage(format_args!(
                "match: `{spec}`: `{setting}` is not a setting (depth=D, nodes=N, movetime=MS or hash=MB)"
            ))
        };
        let (key, value) = setting.split_once('=').ok_or_else(bad)?;
        let value: u64 = value.parse().map_err(|_| bad())?;
        if !set_limit && key != "hash" {
            own = Limits::INFINITE;
            set_limit = true;
        }
        match key {
            "depth" => own.depth = Some(u32::try_from(value).unwrap_or(u32::MAX)),
            "nodes" => own.nodes = Some(value),
            "movetime" => own.time = Some(Duration::from_millis(value)),
            "hash" => {
                config.hash_bytes =
                    usize::try_from(value.saturating_mul(1_000_000)).unwrap_or(usize::MAX);
            }
            _ => return Err(bad()),
        }
    }
    Ok(Side::Own {
        engine: Box::new(Engine::new(rules, config)),
        limits: own,
    })
}

/// Plays the match and prints a line per game, then the result of
/// ENGINE_A: wins, draws, losses, score and the Elo difference with its
/// 95% interval; writes every game as a record to the output.
///
/// # Errors
///
/// [`CliError::Usage`] for a player that cannot be read;
/// [`CliError::OutputFile`] when the records cannot be written; a failure
/// to write `out`.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let timeout = request.timeout.unwrap_or_else(|| {
        request.limits.time.map_or(Duration::from_secs(30), |time| {
            time * 3 + Duration::from_secs(2)
        })
    });
    let mut sides = [
        side(request.engines[0], request.rules, request.limits, timeout)?,
        side(request.engines[1], request.rules, request.limits, timeout)?,
    ];
    let openings = match request.random {
        Some(count) => Match::random_openings(count, 4, request.seed),
        None => Match::two_ply_openings(),
    };
    let to_stdout = request.output == Path::new("-");
    let name = request.output.display().to_string();
    let failed = |source: io::Error| CliError::OutputFile {
        name: name.clone(),
        source,
    };
    let mut records: Box<dyn Write> = if to_stdout {
        Box::new(io::stdout())
    } else {
        Box::new(io::BufWriter::new(
            std::fs::File::create(request.output).map_err(failed)?,
        ))
    };
    // With the records on standard output, the log goes to standard error.
    let mut log: Box<dyn Write> = if to_stdout {
        Box::new(io::stderr())
    } else {
        Box::new(&mut *out)
    };
    let names = ["A", "B"];
    let mut tally = Tally::default();
    let mut round = 0;
    for opening in &openings {
        for swap in [false, true] {
            round += 1;
            let (south, north) = if swap { (1, 0) } else { (0, 1) };
            let [a, b] = &mut sides;
            a.new_game();
            b.new_game();
            let (south_side, north_side) = if swap { (b, a) } else { (a, b) };
            let mut failures: [Option<Failure>; 2] = [None, None];
            let played = {
                let (south_failure, north_failure) = failures.split_at_mut(1);
                Match {
                    rules: request.rules,
                    ply_cap: request.ply_cap,
                }
                .play(
                    opening,
                    |game| {
                        south_side
                            .choose(game)
                            .map_err(|f| south_failure[0] = Some(f))
                            .ok()
                    },
                    |game| {
                        north_side
                            .choose(game)
                            .map_err(|f| north_failure[0] = Some(f))
                            .ok()
                    },
                )
            };
            let (game, end) = match played {
                Ok(played) => played,
                Err(error) => {
                    // Not reached: the openings are legal.
                    writeln!(log, "game {round}: the opening is illegal: {error}")?;
                    continue;
                }
            };
            let index_of = |player: Player| match player {
                Player::South => south,
                Player::North => north,
            };
            let a_player = if swap { Player::North } else { Player::South };
            tally.add(end.points(a_player));
            let (result, termination) = describe(end, &failures, |p| names[index_of(p)]);
            let opening_text: Vec<String> = opening.iter().map(ToString::to_string).collect();
            writeln!(
                log,
                "game {round}: opening {}, {} South, {} North: {result}",
                opening_text.join(" "),
                names[south],
                names[north]
            )?;
            let mut record = Record::from(&game);
            let mut tags = vec![
                tag(
                    "Event",
                    format!("{} vs {}", request.engines[0], request.engines[1]),
                ),
                tag("Round", round.to_string()),
                tag("South", request.engines[south].to_owned()),
                tag("North", request.engines[north].to_owned()),
            ];
            if let Some(score) = end.score() {
                tags.push(tag("Result", format!("{}:{}", score.south, score.north)));
            }
            tags.push(tag("Termination", termination));
            tags.append(&mut record.tags);
            record.tags = tags;
            if round > 1 {
                writeln!(records).map_err(failed)?;
            }
            write!(records, "{record}").map_err(failed)?;
        }
    }
    records.flush().map_err(failed)?;
    writeln!(log, "A: {}", request.engines[0])?;
    writeln!(log, "B: {}", request.engines[1])?;
    writeln!(log, "A against B: {tally}")?;
    log.flush()?;
    Ok(Status::Success)
}

fn tag(name: &str, value: String) -> Tag {
    Tag {
        name: name.to_owned(),
        value,
        span: bohnenspiel::notation::Span::default(),
    }
}

/// The result in words and the `Termination` tag's text.
fn describe(
    end: MatchEnd,
    failures: &[Option<Failure>; 2],
    name: impl Fn(Player) -> &'static str,
) -> (String, String) {
    match end {
        MatchEnd::Forfeit { player, mv } => {
            let why = match (mv, &failures[player.index()]) {
                (Some(mv), _) => format!("the illegal move {mv}"),
                (None, Some(failure)) => failure.to_string(),
                (None, None) => "no move".to_owned(),
            };
            let text = format!("{player} ({}) forfeits: {why}", name(player));
            (format!("{} wins; {text}", !player), text)
        }
        MatchEnd::PlyCap { score } => {
            let text = format!(
                "the ply cap, {}:{} by the beans on each side",
                score.south, score.north
            );
            (format!("{} at {text}", score.in_words()), text)
        }
        MatchEnd::Rules(end) => {
            let text = format!("{:?}", end.reason).to_lowercase();
            let text = if text.starts_with("repetition") {
                "the third occurrence of a position".to_owned()
            } else {
                "the rules".to_owned()
            };
            (format!("{} by {text}", end.score.in_words()), text)
        }
    }
}
