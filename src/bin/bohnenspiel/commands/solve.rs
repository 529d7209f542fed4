//! `bohnenspiel solve --position P`: the exact value of a position, every
//! legal move's value and a best line.

use std::io::Write;

use bohnenspiel::analysis::{Budget, EndgameTable, Solution, SolveError, Solver};
use bohnenspiel::{Action, Game, Position, Repetition, Rules, Score};

use crate::cli::SolveFormat;
use crate::error::{CliError, usage};
use crate::status::Status;

/// Solves the setup string `position` under `rules` within `nodes` nodes,
/// with `table` if there is one, and prints the answer as `format` says.
///
/// # Errors
///
/// [`CliError::Usage`] for an invalid setup string or a table built for
/// other rules; a failure to write.
/// A budget that runs out is reported on standard error with status 1.
pub fn run(
    out: &mut impl Write,
    position: &str,
    rules: Rules,
    nodes: Option<u64>,
    table: Option<EndgameTable>,
    format: SolveFormat,
) -> Result<Status, CliError> {
    let start = position
        .parse::<Position>()
        .map_err(|error| usage(format_args!("invalid --position `{position}`: {error}")))?;
    let budget = nodes.map_or_else(Budget::default, Budget::nodes);
    let mut solver = Solver::new(rules).with_budget(budget);
    if let Some(table) = table {
        solver = solver
            .with_table(table)
            .map_err(|error| usage(format_args!("--table: {error}")))?;
    }
    let solution = match solver.solve(&start, &[]) {
        Ok(solution) => solution,
        Err(error @ SolveError::OutOfBudget { .. }) => {
            out.flush()?;
            eprintln!("bohnenspiel: error: {error} (raise it with --nodes)");
            return Ok(Status::Findings);
        }
        Err(error) => return Err(usage(format_args!("{error}"))),
    };
    match format {
        SolveFormat::Human => human(out, start, rules, &solution)?,
        SolveFormat::Json => json(out, &solution)?,
    }
    Ok(Status::Success)
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
    for mv in &solution.moves {
        writeln!(out, "move {:>2}: {}", mv.mv, describe(mv.value))?;
    }
    writeln!(out, "line: {}", line_with_passes(start, rules, solution))?;
    Ok(())
}

/// The best line as written plies: the holes, and `-` for each forced
/// Hemprich pass, which [`Solution::line`] leaves out. The line is
/// replayed by a [`Game`], which records those passes; it ends the game at
/// the first repetition as search does, so that no pass is written after
/// the end.
fn line_with_passes(start: Position, rules: Rules, solution: &Solution) -> String {
    let rules = Rules {
        repetition: Repetition::Automatic { occurrence: 2 },
        ..rules
    };
    let mut game = Game::new(start, rules);
    if solution.line.iter().any(|&mv| game.play(mv).is_err()) {
        // Not reached: the solver's line is legal. Should it not be, the
        // line is shown as the solver gave it.
        let holes: Vec<String> = solution.line.iter().map(ToString::to_string).collect();
        return holes.join(" ");
    }
    let plies: Vec<String> = game
        .plies()
        .iter()
        .map(|ply| match ply.action {
            Action::Sow { mv, .. } => mv.to_string(),
            Action::Pass => "-".to_owned(),
        })
        .collect();
    plies.join(" ")
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
    line: Vec<u8>,
}

/// The JSON form:
/// `{"value": {"south": S, "north": N}, "moves": [{"hole": H, "value": …}], "line": [H, …]}`.
fn json(out: &mut impl Write, solution: &Solution) -> Result<(), CliError> {
    let document = JsonSolution {
        value: solution.value.into(),
        moves: solution
            .moves
            .iter()
            .map(|mv| JsonMove {
                hole: mv.mv.hole().number(),
                value: mv.value.into(),
            })
            .collect(),
        line: solution.line.iter().map(|mv| mv.hole().number()).collect(),
    };
    serde_json::to_writer(&mut *out, &document).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}
