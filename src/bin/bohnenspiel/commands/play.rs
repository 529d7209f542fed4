//! `bohnenspiel play`: a game against the engine in the terminal.
//!
//! The board is drawn as `show` draws it, the last ply marked; the player
//! types hole numbers, or `undo`, `hint`, `resign` or `help`. Anything
//! else gets a message and the game goes on. At the end the result is
//! printed and the game is written as a record.

use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig};
use bohnenspiel::notation::Record;
use bohnenspiel::notation::{Span, Tag};
use bohnenspiel::{Action, Game, Move, Player, Position, Rules};

use crate::board::diagram;
use crate::commands::engine::read_line;
use crate::error::{CliError, usage};
use crate::status::Status;

/// What `play` is asked.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The side the person plays.
    pub side: Player,
    /// The engine's time for each move.
    pub movetime: Duration,
    /// The rules.
    pub rules: Rules,
    /// Where to write the record; `None`: standard output, after the
    /// result.
    pub output: Option<&'a Path>,
}

/// What the person typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typed {
    Hole(u8),
    Undo,
    Hint,
    Resign,
    Help,
    Nothing,
}

/// Reads a typed line; the message for one that is none of the words.
fn typed(line: &str) -> Result<Typed, String> {
    let word = line.trim();
    match word.to_lowercase().as_str() {
        "" => Ok(Typed::Nothing),
        "undo" | "u" => Ok(Typed::Undo),
        "hint" | "h" => Ok(Typed::Hint),
        "resign" => Ok(Typed::Resign),
        "help" | "?" => Ok(Typed::Help),
        other => match other.parse::<u8>() {
            Ok(hole) => Ok(Typed::Hole(hole)),
            Err(_) => Err(format!(
                "`{}` is not a move: type a hole number, or undo, hint, resign or help",
                crate::protocol::quote(word)
            )),
        },
    }
}

const HELP: &str =
    "Type the number of the hole to sow from (yours are 1 to 6 as South, 7 to 12 as North),
`undo` to take back your last move (and the engine's reply), `hint` for the engine's advice,
`resign` to give up. Ctrl-D ends the game where it stands.";

/// Plays a game: the person on `side`, the engine on the other.
///
/// # Errors
///
/// [`CliError::OutputFile`] when the record cannot be written; a failure
/// to read standard input or to write `out`.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let Request {
        side,
        movetime,
        rules,
        output,
    } = *request;
    let mut engine = Engine::new(rules, EngineConfig::default());
    // The third occurrence of a position since the last capture ends the
    // game (the beans on the board shared as the rules say), so that a
    // game cannot go round for ever; the record then stops at the
    // repeated position, which reads as a claim.
    let playing = Rules {
        repetition_ends_at: Some(3),
        ..rules
    };
    let mut game = Game::new(Position::new(), playing);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    writeln!(
        out,
        "You play {side}, the engine {} ({} ms a move; rules: {rules}). Type `help` for help.",
        !side,
        movetime.as_millis()
    )?;
    let mut resigned = None;
    let mut shown = usize::MAX;
    while !game.is_over() {
        if shown != game.plies().len() {
            show(out, &game)?;
            shown = game.plies().len();
        }
        if game.turn() != side {
            let mv = engine_move(&mut engine, &game, Limits::time(movetime))?;
            let Some(mv) = mv else { break };
            game.play(mv)
                .map_err(|error| usage(format_args!("the engine's move {mv}: {error}")))?;
            writeln!(out, "The engine plays {mv}.")?;
            continue;
        }
        write!(out, "{side} to move> ")?;
        out.flush()?;
        line.clear();
        let read = read_line(&mut input, &mut line)?;
        let Some(_) = read else {
            writeln!(out)?;
            writeln!(out, "The input ended: the game stops here.")?;
            break;
        };
        let text = String::from_utf8_lossy(&line);
        match typed(&text) {
            Err(message) => writeln!(out, "{message}")?,
            Ok(Typed::Nothing) => {}
            Ok(Typed::Help) => writeln!(out, "{HELP}")?,
            Ok(Typed::Resign) => {
                resigned = Some(side);
                break;
            }
            Ok(Typed::Hint) => {
                let hint = engine_move(&mut engine, &game, Limits::time(movetime))?;
                match hint {
                    Some(mv) => writeln!(out, "Hint: {mv}.")?,
                    None => writeln!(out, "No hint: there is no move.")?,
                }
            }
            Ok(Typed::Undo) => {
                // Back to the person's previous turn: the engine's reply
                // and the person's move (passes go with them).
                let mut taken = 0;
                let moved = game
                    .plies()
                    .iter()
                    .any(|ply| ply.player == side && matches!(ply.action, Action::Sow { .. }));
                while moved && let Some(ply) = game.take_back() {
                    taken += 1;
                    if ply.player == side && game.turn() == side {
                        break;
                    }
                }
                if taken == 0 {
                    writeln!(out, "There is no move of yours to take back.")?;
                } else {
                    writeln!(out, "Taken back.")?;
                    shown = usize::MAX;
                }
            }
            Ok(Typed::Hole(hole)) => {
                let played = Move::from_number(hole)
                    .map_err(|error| error.to_string())
                    .and_then(|mv| game.play(mv).map_err(|error| error.to_string()));
                if let Err(message) = played {
                    writeln!(out, "{message}; try another hole.")?;
                }
            }
        }
    }
    if shown != game.plies().len() {
        show(out, &game)?;
    }
    let result = match (resigned, game.end()) {
        (Some(loser), _) => format!("{loser} resigns: {} wins.", !loser),
        (None, Some(end)) => format!("{}.", end.score.in_words()),
        (None, None) => "The game was not finished.".to_owned(),
    };
    writeln!(out, "{result}")?;
    let mut record = Record::from(&game);
    let names = |player: Player| {
        if player == side {
            "you".to_owned()
        } else {
            format!(
                "{} ({} ms a move)",
                super::engine::NAME,
                movetime.as_millis()
            )
        }
    };
    let mut tags = vec![
        tag("Event", "A game against the engine".to_owned()),
        tag("South", names(Player::South)),
        tag("North", names(Player::North)),
    ];
    if let Some(end) = game.end() {
        tags.push(tag(
            "Result",
            format!("{}:{}", end.score.south, end.score.north),
        ));
    }
    if let Some(loser) = resigned {
        tags.push(tag("Termination", format!("{loser} resigned")));
    }
    tags.append(&mut record.tags);
    record.tags = tags;
    match output {
        Some(path) => {
            let failed = |source: io::Error| CliError::OutputFile {
                name: path.display().to_string(),
                source,
            };
            std::fs::write(path, record.to_string()).map_err(failed)?;
            writeln!(out, "The game is written to {}.", path.display())?;
        }
        None => {
            writeln!(out, "\nThe game:\n")?;
            write!(out, "{record}")?;
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

fn tag(name: &str, value: String) -> Tag {
    Tag {
        name: name.to_owned(),
        value,
        span: Span::default(),
    }
}

/// The board after the last ply, marked, with who moved and who is to
/// move.
fn show(out: &mut impl Write, game: &Game) -> Result<(), CliError> {
    let last = game.plies().last().map(|ply| ply.action);
    writeln!(out)?;
    if let Some(ply) = game.plies().last() {
        match ply.action {
            Action::Sow { mv, captures } if !captures.is_empty() => {
                writeln!(
                    out,
                    "{} {} {mv} (captures {captures})",
                    game.plies().len(),
                    ply.player
                )?;
            }
            Action::Sow { mv, .. } => writeln!(out, "{} {} {mv}", game.plies().len(), ply.player)?,
            Action::Pass => writeln!(out, "{} {} passes", game.plies().len(), ply.player)?,
        }
    }
    out.write_all(diagram(game.position(), last).as_bytes())?;
    Ok(())
}

/// The engine's move in `game` within `limits`.
fn engine_move(engine: &mut Engine, game: &Game, limits: Limits) -> Result<Option<Move>, CliError> {
    let past = game.history();
    let stop = AtomicBool::new(false);
    let result = engine
        .search(game.position(), &past, &limits, &stop, |_| {})
        .map_err(|error| usage(format_args!("the engine: {error}")))?;
    Ok(result.best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_words() {
        assert_eq!(typed(" 4 \n"), Ok(Typed::Hole(4)));
        assert_eq!(typed("UNDO"), Ok(Typed::Undo));
        assert_eq!(typed("hint"), Ok(Typed::Hint));
        assert_eq!(typed("resign"), Ok(Typed::Resign));
        assert_eq!(typed("?"), Ok(Typed::Help));
        assert_eq!(typed(""), Ok(Typed::Nothing));
        assert_eq!(
            typed("banana"),
            Err(
                "`banana` is not a move: type a hole number, or undo, hint, resign or help"
                    .to_owned()
            )
        );
    }
}
