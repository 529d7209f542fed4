// Usage: cargo run --release --example reconstruct -- [--strict] [BEANS...]
//
// Recovers the start position of Shotayev's "The Gentlemen"
// (fixtures/shotayev-gentlemen.txt, whose Setup tag is ignored) with
// `analysis::reconstruct`, once for each bean limit given (default: 19
// and 24), and prints for each the time, the places the symbolic search
// visited, what each filter kept, and the positions found. `--strict`
// reads a ply without a capture annotation as capturing nothing (as
// `validate --strict` does). Needs no feature.
//
// One run on a shared 2-core machine (load about 6): up to 19, 24 and 30
// beans, 0.24 s (81,098 places searched), 2.5 s (653,516) and 110 s
// (5,275,608); the published board alone comes out each time.

use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::analysis::{ReconstructOptions, reconstruct};
use bohnenspiel::notation::parse_records;

fn main() -> ExitCode {
    let mut limits = Vec::new();
    let mut strict = false;
    for arg in std::env::args().skip(1) {
        if arg == "--strict" {
            strict = true;
            continue;
        }
        match arg.parse::<u8>() {
            Ok(beans) => limits.push(beans),
            Err(_) => {
                eprintln!(
                    "usage: reconstruct [--strict] [BEANS...]: {arg:?} is not a bean limit (0-72)"
                );
                return ExitCode::from(2);
            }
        }
    }
    if limits.is_empty() {
        limits = vec![19, 24];
    }
    let text = match std::fs::read_to_string("fixtures/shotayev-gentlemen.txt") {
        Ok(text) => text,
        Err(error) => {
            eprintln!(
                "reconstruct: fixtures/shotayev-gentlemen.txt: {error} (run from the crate's folder)"
            );
            return ExitCode::from(2);
        }
    };
    let games = parse_records(&text);
    let Some(game) = games.first() else {
        eprintln!("reconstruct: the fixture holds no record");
        return ExitCode::from(2);
    };
    for beans in limits {
        let mut options = ReconstructOptions {
            beans,
            ..ReconstructOptions::default()
        };
        options.validation.strict = strict;
        let started = Instant::now();
        let found = match reconstruct(game, &options) {
            Ok(found) => found,
            Err(error) => {
                eprintln!("reconstruct: {beans} beans: {error}");
                return ExitCode::from(1);
            }
        };
        let elapsed = started.elapsed();
        let filters: Vec<String> = [
            ("lines", found.lines),
            ("stores", found.stores),
            ("first moves", found.first_moves),
            ("judgements", found.judgements),
        ]
        .iter()
        .map(|(name, f)| format!("{name} {} -> {}", f.given, f.kept))
        .collect();
        println!(
            "up to {beans} beans: {:.3} s, {} places; {}; {} position(s), {} unsolved",
            elapsed.as_secs_f64(),
            found.places,
            filters.join(", "),
            found.positions.len(),
            found.unsolved.len()
        );
        for position in &found.positions {
            println!("  {position}");
        }
    }
    ExitCode::SUCCESS
}
