// Usage: cargo run --release --example tables -- [BEANS] [SAMPLE] [RULES]
//
// Builds the endgame table of every position with up to BEANS beans on the
// board (default 16) under RULES (a Rules tag text such as "standard" or
// "hemprich; endless=split"; default the standard rules), printing for each
// level its positions, how many the attractors left open for the search,
// and the time. Then prints the whole build's time, the bytes per position,
// the time to write the table to memory and read it back (checksum and
// all), and checks the table against the solver without a table on SAMPLE
// random positions (default 200) per level, each within a budget of 20
// million nodes, printing the agreement.

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

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let beans: u8 = match args.next().map(|a| a.parse()) {
        None => 16,
        Some(Ok(beans)) => beans,
        Some(Err(_)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [RULES]: BEANS is a number of beans");
            return ExitCode::from(2);
        }
    };
    let sample: u32 = match args.next().map(|a| a.parse()) {
        None => 200,
        Some(Ok(sample)) => sample,
        Some(Err(_)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [RULES]: SAMPLE is a number of positions");
            return ExitCode::from(2);
        }
    };
    let rules: Rules = match args.next().map(|a| a.parse()) {
        None => Rules::default(),
        Some(Ok(rules)) => rules,
        Some(Err(error)) => {
            eprintln!("usage: tables [BEANS] [SAMPLE] [RULES]: {error}");
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
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let (mut agree, mut differ, mut unsolved) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for level in (2..=beans).step_by(2) {
        for _ in 0..sample {
            let Some(position) = random_position(&mut rng, level) else {
                continue;
            };
            match solver.value(&position, &[]) {
                Ok(value) if Some(value) == table.value(&position) => agree += 1,
                Ok(value) => {
                    differ += 1;
                    eprintln!(
                        "differs: {position}: solver {value:?}, table {:?}",
                        table.value(&position)
                    );
                }
                Err(_) => unsolved += 1,
            }
        }
        solver.clear();
    }
    println!(
        "checked against the solver: {agree} agree, {differ} differ, {unsolved} beyond the budget ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    if differ > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
