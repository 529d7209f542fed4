// Usage: cargo run --release --features cli --example parse_bench [MEGABYTES] [tree|visit]
// (needs no feature; `--features cli` shares the build of the README's
// commands, so that it does not rebuild the crate)
//
// Generates a large multi-game record file in memory (random inline
// movetext with marks and capture annotations; legality is not the
// point), parses it one game at a time with `RecordReader`, and prints
// the throughput in MB/s (1 MB = 10^6 bytes) twice: building every tree,
// and visiting every game with a `Visitor` that counts plies and
// annotated captures (the same parser, without the tree). Pass a size in
// MB as the first argument to change the default of 40.

use std::fmt::Write;
use std::time::Instant;

use std::ops::ControlFlow;

use bohnenspiel::notation::{GroupToken, ParseError, PlyToken, RecordReader, Visitor};

/// Counts plies, captured beans as annotated, and errors.
#[derive(Default)]
struct Counter {
    plies: usize,
    beans: u64,
    errors: usize,
}

impl Visitor for Counter {
    type Output = ();

    fn ply(&mut self, _: &PlyToken) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
        if let Some(annotation) = group.capture_annotation() {
            self.beans += u64::from(annotation.total_beans());
        }
        ControlFlow::Continue(())
    }

    fn error(&mut self, _: &ParseError) -> ControlFlow<()> {
        self.errors += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) {}
}

/// A small xorshift generator, enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn ply(rng: &mut Rng, out: &mut String) {
    let _ = write!(out, "{}", rng.below(12) + 1);
    if rng.below(20) == 0 {
        out.push_str(["!", "?", "!!", "?!"][rng.below(4) as usize]);
    }
    match rng.below(10) {
        0..=1 => {
            let _ = write!(out, " (2 from {})", rng.below(12) + 1);
        }
        2 => {
            let _ = write!(
                out,
                " ({} each from {} and {})",
                2 * (rng.below(3) + 1),
                rng.below(12) + 1,
                rng.below(12) + 1
            );
        }
        _ => {}
    }
}

fn generate(bytes: usize) -> (String, usize) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::with_capacity(bytes + 4096);
    let mut games = 0;
    while out.len() < bytes {
        games += 1;
        let _ = writeln!(out, "[Event \"Generated game {games}\"]");
        out.push_str("[South \"?\"]\n[North \"?\"]\n[Result \"36:36\"]\n\n");
        let moves = 25 + rng.below(40);
        for i in 0..moves {
            if i > 0 {
                out.push_str("; ");
            }
            ply(&mut rng, &mut out);
            out.push(',');
            ply(&mut rng, &mut out);
        }
        out.push_str(".\n\nThe game ends in a draw.\n\n");
    }
    (out, games)
}

const USAGE: &str =
    "usage: cargo run --release --features cli --example parse_bench [MEGABYTES] [tree|visit]";

fn main() -> std::process::ExitCode {
    let megabytes: usize = match std::env::args().nth(1).map(|arg| arg.parse()) {
        None => 40,
        Some(Ok(megabytes)) => megabytes,
        Some(Err(_)) => {
            eprintln!("parse_bench: the size is a number of megabytes\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    };
    if !matches!(
        std::env::args().nth(2).as_deref(),
        None | Some("tree" | "visit")
    ) || std::env::args().nth(3).is_some()
    {
        eprintln!("parse_bench: the second argument is `tree` or `visit`\n{USAGE}");
        return std::process::ExitCode::from(2);
    }
    let (text, games) = generate(megabytes * 1_000_000);
    println!("{games} games, {:.1} MB", text.len() as f64 / 1e6);
    // A trivial pass over the same bytes, to put the figure in proportion
    // to the machine.
    let start = Instant::now();
    let semicolons = text.bytes().filter(|&b| b == b';').count();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "baseline (counting {semicolons} `;`): {:.0} MB/s",
        text.len() as f64 / 1e6 / seconds
    );
    // A second argument `tree` or `visit` runs only that part (for
    // profiling).
    let only = std::env::args().nth(2).unwrap_or_default();
    let mut best = f64::INFINITY;
    for _ in 0..if only == "visit" { 0 } else { 3 } {
        let start = Instant::now();
        let mut plies = 0usize;
        let mut errors = 0usize;
        for game in RecordReader::new(text.as_bytes()) {
            let Ok(game) = game else { continue };
            errors += game.errors.len();
            plies += game.record.movetext.moves.len() * 2;
        }
        let seconds = start.elapsed().as_secs_f64();
        best = best.min(seconds);
        assert_eq!(errors, 0, "the generated text parses without errors");
        println!(
            "{plies} plies in {seconds:.3} s: {:.0} MB/s",
            text.len() as f64 / 1e6 / seconds
        );
    }
    println!("tree, best: {:.0} MB/s", text.len() as f64 / 1e6 / best);
    let mut best = f64::INFINITY;
    for _ in 0..if only == "tree" { 0 } else { 3 } {
        let start = Instant::now();
        let mut counter = Counter::default();
        let mut reader = RecordReader::new(text.as_bytes());
        while let Some(game) = reader.visit_game(&mut counter) {
            if game.is_err() {
                counter.errors += 1;
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        best = best.min(seconds);
        assert_eq!(
            counter.errors, 0,
            "the generated text parses without errors"
        );
        println!(
            "visited {} plies ({} beans annotated) in {seconds:.3} s: {:.0} MB/s",
            counter.plies,
            counter.beans,
            text.len() as f64 / 1e6 / seconds
        );
    }
    println!("visitor, best: {:.0} MB/s", text.len() as f64 / 1e6 / best);
    std::process::ExitCode::SUCCESS
}
