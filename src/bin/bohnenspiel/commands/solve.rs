//! `bohnenspiel solve --position P` (or `FILE --ply N …`): the exact value of a position, every
//! legal move's value and a best line; when the budget runs out, the
//! engine's best move and value instead, marked as not exact.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bohnenspiel::analysis::engine::{Engine, EngineConfig, SearchResult, Value};
use bohnenspiel::analysis::{AnalysisError, EndgameTable, Limits, Solution, Solver};
use bohnenspiel::{Action, Game, Move, Position, Rules, Score};

use crate::cli::SolveFormat;
use crate::error::{CliError, usage};
use crate::status::Status;

/// The most nodes the engine searches for its answer when the solver's
/// budget ran out.
pub const ENGINE_NODES: u64 = 20_000_000;

/// What `solve` is asked.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The position.
    pub position: &'a Position,
    /// The rules.
    pub rules: Rules,
    /// `--nodes`.
    pub nodes: Option<u64>,
    /// `--time`.
    pub time: Option<Duration>,
    /// `--format`.
    pub format: SolveFormat,
}

/// Solves the position of `request` under its rules within its
/// budget of nodes and time, with `table` if there is one, and prints the
/// answer as its format says. While it searches, a progress line is drawn
/// on standard error when that is a terminal. When the budget runs out,
/// the engine (with the same table) searches for up to
/// [`ENGINE_NODES`] nodes (and the same time, if one was given), and its
/// best move, value and line are printed, marked as not exact.
///
/// # Errors
///
/// [`CliError::Usage`] for a table built for other rules;
/// [`CliError::Input`] for a level of the table found damaged while it
/// was read (the solve runs meanwhile); a failure to write.
/// A budget that runs out is reported on standard error with status 1.
pub fn run(
    out: &mut impl Write,
    request: &Request<'_>,
    table: Option<(&Path, EndgameTable)>,
) -> Result<Status, CliError> {
    let Request {
        position,
        rules,
        nodes,
        time,
        format,
    } = *request;
    let start = *position;
    let limits = Limits {
        time,
        ..Limits::nodes(nodes.unwrap_or(Solver::DEFAULT_NODES))
    };
    let (path, table) = table.map_or((None, None), |(path, table)| {
        (Some(path), Some(std::sync::Arc::new(table)))
    });
    let mut solver = Solver::new(rules).with_limits(limits);
    if let Some(table) = &table {
        solver = solver
            .with_table(std::sync::Arc::clone(table))
            .map_err(|error| usage(format_args!("--table: {error}")))?;
    }
    let spinner = progress(&format!("solving (budget: {limits})"));
    let solved = solver.solve(&start, &[]);
    spinner.finish_and_clear();
    // The solve ran while the table's levels were read; a level that
    // turned out damaged is reported before any answer.
    if let (Some(path), Some(table)) = (path, &table) {
        super::table::wait(path, table)?;
    }
    let solution = match solved {
        Ok(solution) => solution,
        Err(error @ AnalysisError::OutOfBudget { .. }) => {
            let spinner = progress("the engine searches for a best move (not exact)");
            let mut engine = Engine::new(rules, EngineConfig::default());
            if let Some(table) = table {
                engine = engine
                    .with_table(table)
                    .map_err(|error| usage(format_args!("--table: {error}")))?;
            }
            let limits = Limits {
                depth: None,
                nodes: Some(
                    ENGINE_NODES
                        .min(limits.nodes.unwrap_or(ENGINE_NODES))
                        .max(1),
                ),
                time,
            };
            let searched = engine.search(&start, &[], &limits, &AtomicBool::new(false), |_| {});
            spinner.finish_and_clear();
            if let Ok(result) = searched {
                match format {
                    SolveFormat::Human => estimate_human(out, &start, &result)?,
                    SolveFormat::Json => estimate_json(out, &result)?,
                }
            }
            out.flush()?;
            eprintln!("bohnenspiel: error: {error} (raise it with --nodes or --time)");
            return Ok(Status::Findings);
        }
        Err(error) => return Err(usage(format_args!("{error}"))),
    };
    match format {
        SolveFormat::Human => human(out, start, rules, &solution)?,
        SolveFormat::Json => json(out, start, rules, &solution)?,
    }
    Ok(Status::Success)
}

/// A spinner with `message` and the time spent, on standard error when
/// that is a terminal (hidden otherwise), redrawn four times a second
/// while the search runs on this thread.
fn progress(message: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        None,
        indicatif::ProgressDrawTarget::stderr_with_hz(4),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(message.to_owned());
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// The engine's answer in the human form, every line saying it is not
/// exact (unless the engine's value is).
fn estimate_human(
    out: &mut impl Write,
    start: &Position,
    result: &SearchResult,
) -> Result<(), CliError> {
    let depth = result.depth;
    match result.value {
        Value::Exact(score) => writeln!(
            out,
            "value: {} (exact, found by the engine)",
            describe(score)
        )?,
        Value::Estimate(beans) => writeln!(
            out,
            "value: not exact; the engine estimates {} for {} (its final beans minus the other side's) at depth {depth}",
            Value::Estimate(beans),
            start.turn()
        )?,
    }
    match result.best {
        Some(mv) => writeln!(out, "best move: {mv} (the engine's, not exact)")?,
        None => writeln!(out, "best move: none")?,
    }
    let line: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
    writeln!(out, "line: {} (the engine's, not exact)", line.join(" "))?;
    Ok(())
}

/// The engine's answer as JSON.
#[derive(serde::Serialize)]
struct JsonEstimate {
    exact: bool,
    value: Option<JsonScore>,
    estimate: Option<i32>,
    depth: u32,
    nodes: u64,
    best: Option<u8>,
    line: Vec<u8>,
}

/// The engine's answer in the JSON form: `{"exact": false, "value": null,
/// "estimate": E, "depth": D, "nodes": N, "best": H, "line": [H, …]}`.
fn estimate_json(out: &mut impl Write, result: &SearchResult) -> Result<(), CliError> {
    let (exact, value, estimate) = match result.value {
        Value::Exact(score) => (true, Some(score.into()), None),
        Value::Estimate(beans) => (false, None, Some(beans)),
    };
    let document = JsonEstimate {
        exact,
        value,
        estimate,
        depth: result.depth,
        nodes: result.nodes,
        best: result.best.map(|mv| mv.hole().number()),
        line: result.pv.iter().map(|mv| mv.hole().number()).collect(),
    };
    serde_json::to_writer(&mut *out, &document).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// `draw 36:36`, `South wins 38:34` ([`Score::in_words`]).
fn describe(score: Score) -> String {
    score.in_words().to_string()
}

/// The human form: the value, one line per move, the line.
fn human(
    out: &mut impl Write,
    start: Position,
    rules: Rules,
    solution: &Solution,
) -> Result<(), CliError> {
    writeln!(out, "value: {}", describe(solution.value))?;
    for &(mv, value) in &solution.moves {
        writeln!(out, "move {mv:>2}: {}", describe(value))?;
    }
    let plies: Vec<String> = line_with_passes(start, rules, solution)
        .iter()
        .map(|ply| ply.map_or_else(|| "-".to_owned(), |mv| mv.to_string()))
        .collect();
    writeln!(out, "line: {}", plies.join(" "))?;
    Ok(())
}

/// The best line as plies: each move sown, and `None` for each forced
/// Hemprich pass, which [`Solution::line`] leaves out (written `-` in the
/// human form, `null` in JSON). The line is replayed by a [`Game`], which
/// records those passes; it ends the game at the first repetition as
/// search does, so that no pass is written after the end.
fn line_with_passes(start: Position, rules: Rules, solution: &Solution) -> Vec<Option<Move>> {
    let rules = Rules {
        repetition_ends_at: Some(2),
        ..rules
    };
    let mut game = Game::new(start, rules);
    if solution.line.iter().any(|&mv| game.play(mv).is_err()) {
        // Not reached: the solver's line is legal. Should it not be, the
        // line is shown as the solver gave it.
        return solution.line.iter().copied().map(Some).collect();
    }
    game.plies()
        .iter()
        .map(|ply| match ply.action {
            Action::Sow { mv, .. } => Some(mv),
            Action::Pass => None,
        })
        .collect()
}

/// A score as JSON: `{"south": S, "north": N}`.
#[derive(serde::Serialize)]
struct JsonScore {
    south: u8,
    north: u8,
}

impl From<Score> for JsonScore {
    fn from(score: Score) -> JsonScore {
        JsonScore {
            south: score.south,
            north: score.north,
        }
    }
}

/// A move's value as JSON.
#[derive(serde::Serialize)]
struct JsonMove {
    hole: u8,
    value: JsonScore,
}

/// The JSON document, keys in this order.
#[derive(serde::Serialize)]
struct JsonSolution {
    value: JsonScore,
    moves: Vec<JsonMove>,
    /// The holes sown, `null` for a forced Hemprich pass.
    line: Vec<Option<u8>>,
}

/// The JSON form:
/// `{"value": {"south": S, "north": N}, "moves": [{"hole": H, "value": …}], "line": [H, …]}`,
/// a forced Hemprich pass `null` in the line.
fn json(
    out: &mut impl Write,
    start: Position,
    rules: Rules,
    solution: &Solution,
) -> Result<(), CliError> {
    let document = JsonSolution {
        value: solution.value.into(),
        moves: solution
            .moves
            .iter()
            .map(|&(mv, value)| JsonMove {
                hole: mv.hole().number(),
                value: value.into(),
            })
            .collect(),
        line: line_with_passes(start, rules, solution)
            .iter()
            .map(|ply| ply.map(|mv| mv.hole().number()))
            .collect(),
    };
    serde_json::to_writer(&mut *out, &document).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}
