// Usage: cargo run --release --features cli --example perft -- DEPTH [SETUP]
// (needs no feature; `--features cli` shares the build of the README's
// commands, so that it does not rebuild the crate)
//
// Counts the leaf nodes of the move tree from the opening for every depth
// from 1 to DEPTH, one line per depth: `depth D: N nodes in T s (R M
// nodes/s)`. An optional second argument gives another start position in
// the setup text form, e.g. `-- 8 "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S"`.

use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::{Position, perft};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(Ok(depth)) = args.next().map(|arg| arg.parse::<u32>()) else {
        eprintln!("usage: cargo run --release --features cli --example perft -- DEPTH [SETUP]");
        return ExitCode::from(2);
    };
    let position = match args.next().map(|text| text.parse::<Position>()) {
        None => Position::new(),
        Some(Ok(position)) => position,
        Some(Err(error)) => {
            eprintln!(
                "perft: not a position: {error}\nusage: cargo run --release --features cli --example perft -- DEPTH [SETUP]"
            );
            return ExitCode::from(2);
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
