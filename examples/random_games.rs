//! Writes random legal games, fully annotated, to standard output: the
//! input of the end-to-end benchmark of the `bohnenspiel` binary.
//!
//! ```text
//! cargo run --release --features cli --example random_games -- 100000 > /tmp/games.txt
//! hyperfine 'target/release/bohnenspiel validate /tmp/games.txt'
//! ```
//!
//! Arguments: the number of games (default 1000) and a seed (default 1).
//! The example needs no feature; `--features cli` shares the build of the
//! README's commands, so that it does not rebuild the crate.

#[path = "../tests/support/random_games.rs"]
mod random_games;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo run --release --features cli --example random_games -- [GAMES] [SEED]";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (count, seed) = match (args.next(), args.next(), args.next()) {
        (count, seed, None) => match (number(count, 1000), number(seed, 1)) {
            (Ok(count), Ok(seed)) => (count, seed),
            (Err(bad), _) | (_, Err(bad)) => {
                eprintln!("random_games: `{bad}` is not a number\n{USAGE}");
                return ExitCode::from(2);
            }
        },
        (_, _, Some(extra)) => {
            eprintln!("random_games: unexpected argument `{extra}`\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match random_games::write_games(&mut out, count, seed).and_then(|()| out.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("random_games: {error}");
            ExitCode::FAILURE
        }
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// The argument as a number (`_` allowed between digits), `default`
/// without one; the argument itself when it is not a number.
fn number<T: std::str::FromStr>(arg: Option<String>, default: T) -> Result<T, String> {
    match arg {
        None => Ok(default),
        Some(text) => text.replace('_', "").parse().map_err(|_| text),
    }
}
