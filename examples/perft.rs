// Usage: cargo run --release --example perft -- DEPTH [SETUP]
//
// Counts the leaf nodes of the move tree from the opening (or from the
// position given in the setup text form) for every depth from 1 to DEPTH,
// one line per depth: `depth D: N nodes in T s (R M nodes/s)`.

use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::{Position, perft};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(Ok(depth)) = args.next().map(|arg| arg.parse::<u32>()) else {
        eprintln!("usage: perft DEPTH [SETUP]");
        return ExitCode::FAILURE;
    };
    let position = match args.next().map(|text| text.parse::<Position>()) {
        None => Position::new(),
        Some(Ok(position)) => position,
        Some(Err(error)) => {
            eprintln!("not a position: {error}");
            return ExitCode::FAILURE;
        }
    };
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = perft(&position, d);
        let seconds = started.elapsed().as_secs_f64();
        let rate = nodes as f64 / seconds.max(1e-9) / 1e6;
        println!("depth {d}: {nodes} nodes in {seconds:.3} s ({rate:.1} M nodes/s)");
    }
    ExitCode::SUCCESS
}
