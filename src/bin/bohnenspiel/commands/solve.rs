//! `bohnenspiel solve --position P`: the exact value of a position, every
//! legal move's value and a best line.

use std::io::Write;

use bohnenspiel::analysis::{Budget, EndgameTable, Solution, SolveError, Solver};
use bohnenspiel::{Action, Game, Move, Position, Repetition, Rules, Score};

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
        SolveFormat::Json => json(out, start, rules, &solution)?,
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
        repetition: Repetition::Automatic { occurrence: 2 },
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
            .map(|mv| JsonMove {
                hole: mv.mv.hole().number(),
                value: mv.value.into(),
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
