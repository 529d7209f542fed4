// Usage: cargo run --release --example tables -- [BEANS] [SAMPLE] [EVERY] [RULES]
//
// Builds the endgame table of every position with up to BEANS beans on the
// board (default 16) under RULES (a Rules tag text such as "standard" or
// "hemprich; endless=split"; default the standard rules), printing for each
// level its positions, how many the attractors left open for the search,
// and the time. Then prints the whole build's time, the bytes per position,
// the time to write the table to memory and read it back (checksum and
// all), and checks the table against the solver without a table: on every
// position with up to EVERY beans (default 10, at most BEANS), and on SAMPLE
// random positions (default 200) per level above, each within a budget of
// 20 million nodes, printing the agreement.

use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::analysis::{Budget, EndgameTable, Solver};
use bohnenspiel::{Position, Rules};

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random position with `beans` beans on the board and random stores.
fn random_position(rng: &mut u64, beans: u8) -> Option<Position> {
    let mut board = [0u8; 12];
    for _ in 0..beans {
        board[(next(rng) % 12) as usize] += 1;
    }
    let stores = 72 - beans;
    let south = 2 * (next(rng) % (u64::from(stores) / 2 + 1)) as u8;
    let turn = if next(rng).is_multiple_of(2) {
        "S"
    } else {
        "N"
    };
    let [a, b, c, d, e, f, g, h, i, j, k, l] = board;
    format!(
        "{a},{b},{c},{d},{e},{f}/{g},{h},{i},{j},{k},{l} {south}:{} {turn}",
        stores - south
    )
    .parse()
    .ok()
}

/// How many checked positions agree with the solver, differ, or are
/// beyond its budget.
#[derive(Default)]
struct Counts {
    agree: u64,
    differ: u64,
    unsolved: u64,
}

impl Counts {
    fn check(&mut self, solver: &mut Solver, table: &EndgameTable, position: &Position) {
        match solver.value(position, &[]) {
            Ok(value) if Some(value) == table.value(position) => self.agree += 1,
            Ok(value) => {
                self.differ += 1;
                eprintln!(
                    "differs: {position}: solver {value:?}, table {:?}",
                    table.value(position)
                );
            }
            Err(_) => self.unsolved += 1,
        }
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} agree with the solver, {} differ, {} beyond the budget",
            self.agree, self.differ, self.unsolved
        )
    }
}

/// Calls `visit` with every board holding `beans` beans.
fn for_each_board(beans: u8, visit: &mut impl FnMut(&[u8; 12])) {
    fn fill(board: &mut [u8; 12], hole: usize, left: u8, visit: &mut impl FnMut(&[u8; 12])) {
        if hole == 11 {
            board[11] = left;
            visit(board);
            return;
        }
        for here in 0..=left {
            board[hole] = here;
            fill(board, hole + 1, left - here, visit);
        }
    }
    fill(&mut [0; 12], 0, beans, visit);
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let beans: u8 = match args.next().map(|a| a.parse()) {
        None => 16,
        Some(Ok(beans)) => beans,
        Some(Err(_)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [EVERY] [RULES]: BEANS is a number of beans");
            return ExitCode::from(2);
        }
    };
    let sample: u32 = match args.next().map(|a| a.parse()) {
        None => 200,
        Some(Ok(sample)) => sample,
        Some(Err(_)) => {
            eprintln!(
                "usage: tables [BEANS] [SAMPLE] [EVERY] [RULES]: SAMPLE is a number of positions"
            );
            return ExitCode::from(2);
        }
    };
    let every: u8 = match args.next().map(|a| a.parse()) {
        None => 10,
        Some(Ok(every)) => every,
        Some(Err(_)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [EVERY] [RULES]: EVERY is a number of beans");
            return ExitCode::from(2);
        }
    };
    let every = every.min(beans);
    let rules: Rules = match args.next().map(|a| a.parse()) {
        None => Rules::default(),
        Some(Ok(rules)) => rules,
        Some(Err(error)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [EVERY] [RULES]: {error}");
            return ExitCode::from(2);
        }
    };

    println!("rules {rules}, up to {beans} beans");
    let started = Instant::now();
    let mut level_started = Instant::now();
    let built = EndgameTable::build_reporting(rules, beans, |level| {
        println!(
            "  {:>2} beans: {:>11} positions, {:>9} searched ({:.3}%, {} nodes), {:.2} s",
            level.beans,
            level.positions,
            level.searched,
            100.0 * level.searched as f64 / level.positions as f64,
            level.nodes,
            level_started.elapsed().as_secs_f64()
        );
        level_started = Instant::now();
    });
    let table = match built {
        Ok(table) => table,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let build_time = started.elapsed().as_secs_f64();
    println!(
        "built {} positions in {build_time:.2} s ({:.2} M positions/s), 1 byte per position, {:.1} MB",
        table.entries(),
        table.entries() as f64 / build_time / 1e6,
        table.entries() as f64 / 1e6
    );

    let started = Instant::now();
    let mut file = Vec::new();
    if let Err(error) = table.write(&mut file) {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let written = started.elapsed().as_secs_f64();
    let started = Instant::now();
    match EndgameTable::read(file.as_slice()) {
        Ok(read) if read == table => {}
        Ok(_) => {
            eprintln!("error: the table read back differs from the one written");
            return ExitCode::FAILURE;
        }
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }
    drop(file);
    println!(
        "written in {written:.2} s, read back and checked in {:.2} s",
        started.elapsed().as_secs_f64()
    );

    let mut solver = Solver::new(rules).with_budget(Budget::nodes(20_000_000));
    let mut counts = Counts::default();
    let started = Instant::now();
    for level in (0..=every).step_by(2) {
        for_each_board(level, &mut |board| {
            for turn in ["S", "N"] {
                let [a, b, c, d, e, f, g, h, i, j, k, l] = *board;
                let text = format!(
                    "{a},{b},{c},{d},{e},{f}/{g},{h},{i},{j},{k},{l} {}:0 {turn}",
                    72 - level
                );
                if let Ok(position) = text.parse() {
                    counts.check(&mut solver, &table, &position);
                }
            }
        });
        solver.clear();
    }
    println!(
        "every position up to {every} beans: {counts} ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    let mut failed = counts.differ > 0;
    counts = Counts::default();
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let started = Instant::now();
    for level in (every + 2..=beans).step_by(2) {
        for _ in 0..sample {
            let Some(position) = random_position(&mut rng, level) else {
                continue;
            };
            counts.check(&mut solver, &table, &position);
        }
        solver.clear();
    }
    println!(
        "{sample} random positions per level from {} to {beans} beans: {counts} ({:.1} s)",
        every + 2,
        started.elapsed().as_secs_f64()
    );
    failed |= counts.differ > 0;
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
