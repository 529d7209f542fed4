//! `bohnenspiel engine`: the engine behind the line protocol (see
//! [`protocol`](crate::protocol) and `bohnenspiel engine --help`), reading standard input
//! and answering on standard output.
//!
//! A search runs on a thread of its own, so that standard input is still
//! read while it runs: `stop` ends it, `isready` is answered at once. The
//! engine goes back to the reading thread when the search ends.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use bohnenspiel::analysis::EndgameTable;
use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig, SearchResult};
use bohnenspiel::{Action, Game, Move, Position, Rules, Variant};

use crate::commands::table;
use crate::error::{CliError, usage};
use crate::memory::{self, Bytes};
use crate::protocol::{self, Go, Ply, ProtocolError, Request};
use crate::status::Status;

/// The engine's name, as `bsi` gives it.
pub const NAME: &str = concat!("bohnenspiel ", env!("CARGO_PKG_VERSION"));

/// The engine's author, as `bsi` gives it.
pub const AUTHOR: &str = "the bohnenspiel contributors";

/// How `bohnenspiel engine` is set up.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The rules it plays by.
    pub rules: Rules,
    /// `--hash MB`: the transposition table's size.
    pub hash: Option<u64>,
    /// `--table FILE`: endgame tables to choose from.
    pub tables: Vec<PathBuf>,
    /// `--memory MB`: the most memory for the tables and the
    /// transposition table.
    pub memory: Option<u64>,
}

/// Standard output, shared by the reading thread and the search: one
/// line at a time, flushed at once (the program on the other end waits
/// for it).
#[derive(Debug, Clone)]
pub struct Output(Arc<Mutex<io::Stdout>>);

impl Output {
    fn new() -> Output {
        Output(Arc::new(Mutex::new(io::stdout())))
    }

    /// Writes `text` and a line break, and flushes.
    fn line(&self, text: &str) -> io::Result<()> {
        let stdout = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut stdout = stdout.lock();
        writeln!(stdout, "{text}")?;
        stdout.flush()
    }
}

/// The engine with its table and what it says about them.
pub struct Setup {
    /// The engine.
    pub engine: Engine,
    /// One `info string` line per table: which was loaded, which not and
    /// why.
    pub notes: Vec<String>,
    /// The table loaded, by its name, while its levels are still read in
    /// the background: a level found damaged is said on the next request.
    pub reading: Option<(String, EndgameTable)>,
}

/// Sets the engine up: its transposition table, and the largest of the
/// `--table` files that is for its rules and fits the memory left
/// (smaller ones are not needed beside it).
///
/// # Errors
///
/// [`CliError::Usage`] when the transposition table alone needs more
/// memory than allowed.
pub fn setup(settings: &Settings) -> Result<Setup, CliError> {
    let hash_bytes = settings
        .hash
        .map_or(EngineConfig::DEFAULT_HASH_BYTES as u64, |mb| {
            mb.saturating_mul(1_000_000)
        });
    let budget = memory::budget(settings.memory);
    if let Some(budget) = budget
        && hash_bytes > budget
    {
        return Err(usage(format_args!(
            "--hash: a transposition table of {} does not fit in {} of memory",
            Bytes(hash_bytes),
            Bytes(budget)
        )));
    }
    let config = EngineConfig {
        hash_bytes: usize::try_from(hash_bytes).unwrap_or(usize::MAX),
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(settings.rules, config);
    let left = budget.map(|budget| budget.saturating_sub(engine.hash_bytes() as u64));
    let mut notes = Vec::new();
    // The largest table first: the first that loads covers the others.
    let mut candidates: Vec<(u64, &PathBuf)> = settings
        .tables
        .iter()
        .map(|path| (table::load_memory(path), path))
        .collect();
    candidates.sort_by_key(|&(size, _)| std::cmp::Reverse(size));
    let mut loaded: Option<u8> = None;
    let mut reading = None;
    for (size, path) in candidates {
        let name = path.display();
        if let Some(beans) = loaded {
            notes.push(format!(
                "table {name} not loaded: the table up to {beans} beans covers it"
            ));
            continue;
        }
        if let Some(left) = left
            && size > left
        {
            notes.push(format!(
                "table {name} not loaded: it needs {} of memory, {} is left",
                Bytes(size),
                Bytes(left)
            ));
            continue;
        }
        let table = match table::read(path) {
            Ok(table) => table,
            Err(error) => {
                notes.push(format!("table not loaded: {}", error_text(&error)));
                continue;
            }
        };
        let beans = table.beans();
        let entries = table.entries();
        // A clone shares the levels and how far their reading has come.
        let watched = table.clone();
        match engine.clone().with_table(table) {
            Ok(with) => {
                engine = with;
                loaded = Some(beans);
                reading = Some((name.to_string(), watched));
                notes.push(format!(
                    "table {name}: positions with up to {beans} beans ({})",
                    Bytes(entries)
                ));
            }
            Err(error) => notes.push(format!("table {name} not loaded: {error}")),
        }
    }
    if settings.tables.is_empty() {
        notes.push("no endgame table (give one with --table FILE)".to_owned());
    }
    Ok(Setup {
        engine,
        notes,
        reading,
    })
}

/// A [`CliError`]'s message without its `bohnenspiel: error: ` prefix.
fn error_text(error: &CliError) -> String {
    let text = error.to_string();
    text.strip_prefix("bohnenspiel: error: ")
        .map_or_else(|| text.clone(), str::to_owned)
}

/// The position the next `go` searches.
enum Current {
    /// A game from a start position, its moves played; `true` when the
    /// player to move, as the command left it, must pass (Hemprich): the
    /// game has recorded that pass already, and `go` answers
    /// `bestmove -`.
    Game(Box<Game>, bool),
    /// The last `position` command was refused: `go` answers
    /// `bestmove none`.
    Refused,
}

/// The engine: idle, or searching on a thread that gives it back.
enum State {
    Idle(Box<Engine>),
    Searching {
        stop: Arc<AtomicBool>,
        thread: JoinHandle<Engine>,
        /// Whether it runs until stopped (no limit at all).
        infinite: bool,
        /// Set by the search just before it sends its best move: from
        /// then on it is as good as over (the program on the other end
        /// may already send the next `go`).
        answered: Arc<AtomicBool>,
    },
    /// Only while the engine moves between the two.
    Moving,
}

/// One session of the protocol.
struct Session {
    rules: Rules,
    state: State,
    current: Current,
    out: Output,
    notes: Vec<String>,
    /// The engine's table while its levels are read.
    reading: Option<(String, EndgameTable)>,
}

/// Runs the protocol on standard input and output until `quit` or the
/// end of the input.
///
/// # Errors
///
/// [`CliError::Usage`] from [`setup`]; a failure to write standard
/// output (the program on the other end went away) or to read standard
/// input.
pub fn run(settings: &Settings) -> Result<Status, CliError> {
    let Setup {
        engine,
        notes,
        reading,
    } = setup(settings)?;
    let mut session = Session {
        rules: settings.rules,
        state: State::Idle(Box::new(engine)),
        current: Current::Game(Box::new(Game::new(Position::new(), settings.rules)), false),
        out: Output::new(),
        notes,
        reading,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = read_line(&mut input, &mut line)?;
        let Some(length) = read else {
            break;
        };
        let request = if length > protocol::MAX_LINE {
            let start = String::from_utf8_lossy(&line);
            Err(ProtocolError::TooLong {
                length,
                max: protocol::MAX_LINE,
                start: protocol::quote(&start),
            })
        } else {
            protocol::parse_bytes(&line)
        };
        match request {
            Ok(Request::Quit) => {
                session.finish_search(true);
                return Ok(Status::Success);
            }
            Ok(request) => session.handle(request)?,
            Err(ProtocolError::Unknown(word)) => {
                session.info(&format!("unknown command `{word}`"))?
            }
            Err(error) => session.info(&format!("error: {error}"))?,
        }
    }
    // At the end of the input a search with limits ends by itself and
    // gives its best move; one without is stopped.
    let infinite = matches!(session.state, State::Searching { infinite: true, .. });
    session.finish_search(infinite);
    Ok(Status::Success)
}

/// Reads one line into `line` (without its `\n` or `\r\n`), keeping at
/// most [`protocol::MAX_LINE`] + 1 bytes of it: returns the line's whole
/// length, or `None` at the end of the input.
///
/// # Errors
///
/// A usage error naming standard input when it cannot be read.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> Result<Option<usize>, CliError> {
    read_raw_line(input, line).map_err(|error| {
        usage(format_args!(
            "cannot read standard input: {}",
            crate::error::io_message(&error)
        ))
    })
}

/// [`read_line`] with the error as the input gave it.
fn read_raw_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
    let mut length = 0;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match memchr::memchr(b'\n', buffer) {
            Some(at) => (&buffer[..at], Some(at + 1)),
            None => (buffer, None),
        };
        let room = (protocol::MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        length += part.len();
        let used = done.unwrap_or(buffer.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
        length -= 1;
    }
    Ok(Some(length))
}

impl Session {
    /// Sends `info string TEXT`.
    fn info(&self, text: &str) -> Result<(), CliError> {
        Ok(self.out.line(&format!("info string {text}"))?)
    }

    /// Says once that a level of the engine's table turned out damaged
    /// while it was read (the engine goes on with the levels below it),
    /// and stops watching the table once every level is read.
    fn watch_table(&mut self) -> Result<(), CliError> {
        let Some((name, table)) = &self.reading else {
            return Ok(());
        };
        match table.loaded() {
            Ok(false) => return Ok(()),
            Ok(true) => {}
            Err(error) => {
                let text = format!("table {name}: {error}; the levels below it serve");
                self.info(&text)?;
            }
        }
        self.reading = None;
        Ok(())
    }

    fn handle(&mut self, request: Request) -> Result<(), CliError> {
        self.reap();
        self.watch_table()?;
        match request {
            Request::Bsi => {
                self.out.line(&format!("id name {NAME}"))?;
                self.out.line(&format!("id author {AUTHOR}"))?;
                self.info(&format!("rules {}", self.rules))?;
                for note in &self.notes {
                    self.info(note)?;
                }
                self.out.line("bsiok")?;
            }
            Request::IsReady => self.out.line("readyok")?,
            Request::NewGame => {
                self.finish_search(true);
                if let State::Idle(engine) = &mut self.state {
                    engine.new_game();
                }
                self.current =
                    Current::Game(Box::new(Game::new(Position::new(), self.rules)), false);
            }
            Request::Position { setup, moves } => match self.position(setup.as_deref(), &moves) {
                Ok((game, pass)) => self.current = Current::Game(Box::new(game), pass),
                Err(why) => {
                    self.current = Current::Refused;
                    self.info(&format!("error: illegal position: {why}"))?;
                }
            },
            Request::Go(go) => self.go(go)?,
            Request::Stop => {
                if matches!(self.state, State::Searching { .. }) {
                    self.finish_search(true);
                } else {
                    self.info("stop: no search is running")?;
                }
            }
            Request::Quit | Request::Empty => {}
        }
        Ok(())
    }

    /// Takes the engine back from a search that has given its best move
    /// (waiting the moment it may still take to return).
    fn reap(&mut self) {
        if let State::Searching { answered, .. } = &self.state
            && answered.load(Ordering::Acquire)
        {
            self.finish_search(false);
        }
    }

    /// Ends a running search (`stop`: by setting its flag, else by waiting
    /// for it) and takes the engine back.
    fn finish_search(&mut self, stop_it: bool) {
        let state = std::mem::replace(&mut self.state, State::Moving);
        self.state = match state {
            State::Searching { stop, thread, .. } => {
                if stop_it {
                    stop.store(true, Ordering::Relaxed);
                }
                match thread.join() {
                    Ok(engine) => State::Idle(Box::new(engine)),
                    // The search panicked (not reached): a new engine.
                    Err(_) => {
                        State::Idle(Box::new(Engine::new(self.rules, EngineConfig::default())))
                    }
                }
            }
            other => other,
        };
    }

    /// The game of a `position` command and whether its player to move
    /// must pass, or why there is none.
    fn position(&self, setup: Option<&str>, moves: &[Ply]) -> Result<(Game, bool), String> {
        let start = match setup {
            None => Position::new(),
            Some(text) => text
                .parse::<Position>()
                .map_err(|error| format!("`{}`: {error}", protocol::quote(text)))?,
        };
        let mut game = Game::new(start, self.rules);
        // A ply of the game not yet matched by a move of the command: the
        // game records a forced Hemprich pass by itself.
        let mut matched = 0;
        for (index, ply) in moves.iter().enumerate() {
            let number = index + 1;
            let pending_pass = game
                .plies()
                .get(matched)
                .is_some_and(|ply| matches!(ply.action, Action::Pass));
            match *ply {
                Ply::Pass if pending_pass => matched += 1,
                Ply::Pass => {
                    let why = if self.rules.variant == Variant::Hemprich {
                        format!("{} has beans to move", game.turn())
                    } else {
                        "a pass is a move of the Hemprich variant only".to_owned()
                    };
                    return Err(format!("move {number} is `-`, but {why}"));
                }
                Ply::Hole(hole) => {
                    if pending_pass {
                        // The pass was forced: the move after it is meant.
                        matched += 1;
                    }
                    let mv = Move::from_number(hole)
                        .map_err(|error| format!("move {number} is `{hole}`: {error}"))?;
                    game.play(mv)
                        .map_err(|error| format!("move {number} is `{hole}`: {error}"))?;
                    matched += 1;
                }
            }
        }
        let pass = game
            .plies()
            .get(matched)
            .is_some_and(|ply| matches!(ply.action, Action::Pass));
        Ok((game, pass))
    }

    fn go(&mut self, go: Go) -> Result<(), CliError> {
        if matches!(self.state, State::Searching { .. }) {
            return self.info("error: go: a search is running (send stop first)");
        }
        let game = match &self.current {
            Current::Game(_, true) => return Ok(self.out.line("bestmove -")?),
            Current::Game(game, false) => game,
            Current::Refused => {
                self.info("error: go: no position (the last position command was refused)")?;
                return Ok(self.out.line("bestmove none")?);
            }
        };
        if let Some(end) = game.end() {
            self.info(&format!(
                "the game is over: {}:{}",
                end.score.south, end.score.north
            ))?;
            return Ok(self.out.line("bestmove none")?);
        }
        let limits = self.limits(go)?;
        let position = *game.position();
        let past = game.history();
        let hemprich = self.rules.variant == Variant::Hemprich;
        let State::Idle(engine) = std::mem::replace(&mut self.state, State::Moving) else {
            return Ok(());
        };
        let mut engine = *engine;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let out = self.out.clone();
        let thread = std::thread::Builder::new()
            .name("search".to_owned())
            .spawn(move || {
                let result = engine.search(&position, &past, &limits, &flag, |info| {
                    let _ = out.line(&info_line(info));
                });
                let answer = match result {
                    Ok(result) => bestmove(&result, &position, hemprich),
                    Err(error) => {
                        let _ = out.line(&format!("info string error: {error}"));
                        "bestmove none".to_owned()
                    }
                };
                done.store(true, Ordering::Release);
                let _ = out.line(&answer);
                engine
            })
            .map_err(|error| usage(format_args!("cannot start the search: {error}")))?;
        self.state = State::Searching {
            stop,
            thread,
            infinite: limits == Limits::INFINITE,
            answered,
        };
        Ok(())
    }

    /// The engine's limits for a `go`, with a note for a limit it cannot
    /// take as given.
    fn limits(&self, go: Go) -> Result<Limits, CliError> {
        const MAX_DEPTH: u32 = Limits::MAX_DEPTH;
        let mut limits = Limits::INFINITE;
        if let Some(depth) = go.depth {
            if depth == 0 {
                self.info("go: depth 0 searches depth 1 (the least that gives a move)")?;
            } else if depth > u64::from(MAX_DEPTH) {
                self.info(&format!(
                    "go: depth {depth} is more than the engine searches; it searches at most {MAX_DEPTH} plies"
                ))?;
            }
            limits.depth = Some(depth.clamp(1, u64::from(MAX_DEPTH)) as u32);
        }
        if let Some(nodes) = go.nodes {
            if nodes == 0 {
                self.info("go: nodes 0 searches depth 1 (the least that gives a move)")?;
            }
            limits.nodes = Some(nodes);
        }
        if let Some(time) = go.movetime {
            if time.is_zero() {
                self.info("go: movetime 0 searches depth 1 (the least that gives a move)")?;
            }
            limits.time = Some(time);
        }
        Ok(limits)
    }
}

/// `info depth D score S nodes N nps R time MS pv H H …`.
pub fn info_line(info: &SearchResult) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} time {} pv",
        info.depth,
        info.value,
        info.nodes,
        info.nps,
        info.elapsed.as_millis()
    );
    for mv in &info.pv {
        line.push(' ');
        line.push_str(&mv.to_string());
    }
    line
}

/// `bestmove H`, `bestmove -` for a Hemprich pass, `bestmove none` at
/// the end of the game.
fn bestmove(result: &SearchResult, position: &Position, hemprich: bool) -> String {
    match result.best {
        Some(mv) => format!("bestmove {mv}"),
        None if hemprich && position.beans_on_board() > 0 => "bestmove -".to_owned(),
        None => "bestmove none".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_and_long_ones_cut() {
        let mut input = io::Cursor::new(b"isready\r\ngo depth 3\n\nlast".to_vec());
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while let Some(length) = read_line(&mut input, &mut line).ok().flatten() {
            lines.push((String::from_utf8_lossy(&line).into_owned(), length));
            line.clear();
        }
        assert_eq!(
            lines,
            [
                ("isready".to_owned(), 7),
                ("go depth 3".to_owned(), 10),
                (String::new(), 0),
                ("last".to_owned(), 4)
            ]
        );
        let long = vec![b'x'; protocol::MAX_LINE * 3];
        let mut input = io::Cursor::new([&long[..], b"\nquit\n"].concat());
        line.clear();
        assert_eq!(
            read_line(&mut input, &mut line).ok().flatten(),
            Some(protocol::MAX_LINE * 3)
        );
        assert_eq!(line.len(), protocol::MAX_LINE + 1);
        line.clear();
        assert_eq!(read_line(&mut input, &mut line).ok().flatten(), Some(4));
        assert_eq!(line, b"quit");
    }
}
