//! Writes random legal games, fully annotated, to standard output: the
//! input of the end-to-end benchmark of the `bohnenspiel` binary.
//!
//! ```text
//! cargo run --release --example random_games -- 100000 > /tmp/games.txt
//! hyperfine 'target/release/bohnenspiel validate /tmp/games.txt'
//! ```
//!
//! Arguments: the number of games (default 1000) and a seed (default 1).

#[path = "../tests/support/random_games.rs"]
mod random_games;

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let count = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut out = BufWriter::new(io::stdout().lock());
    match random_games::write_games(&mut out, count, seed).and_then(|()| out.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
