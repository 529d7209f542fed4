// Usage: cargo run --release --example tables -- [BEANS] [SAMPLE] [EVERY] [RULES] [THREADS]
//
// Builds the endgame table of every position with up to BEANS beans on the
// board (default 16) under RULES (a Rules tag text such as "standard" or
// "hemprich; endless=split"; default the standard rules) on THREADS threads:
// `both` (the default) builds it on one thread and then on every core the
// system offers, back to back, a number on that many only. For each build
// and level it prints the positions, how many the attractors left open for
// the search, the wall time, the CPU time of the process, and its peak
// memory so far (the peak is reset before each build); with `both`, the
// speed-up per level. Then prints the time to write the table to level
// files in a temporary directory and read them back (every checksum and
// value), with the peak memory so far, and checks the table read back
// against the solver without a table: on every position with up to EVERY beans (default 10, at
// most BEANS), and on SAMPLE random positions (default 200) per level above,
// each within a budget of 20 million nodes, printing the agreement.
//
// CPU time and peak memory come from /proc/self (Linux); elsewhere they
// are left out.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::analysis::{EndgameTable, LevelReport, Limits, Solver, TableError, TableForm};
use bohnenspiel::{Position, Rules};

/// Writes a line on standard output; a closed pipe (`| head`) ends the
/// program quietly, another failure with a message.
fn say(line: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

macro_rules! say {
    ($($line:tt)*) => {
        say(format_args!($($line)*))
    };
}

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

/// The CPU time of the process so far (every thread, user and system), in
/// seconds: fields 14 and 15 of /proc/self/stat, in ticks of 1/100 s (the
/// USER_HZ of Linux).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, field 2, is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split(' ').skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// The CPU time of each thread of the build so far (threads named
/// `table-build-…`), in seconds, from /proc/self/task.
fn thread_seconds() -> Vec<(u64, f64)> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    let mut threads = Vec::new();
    for task in tasks.flatten() {
        let Ok(id) = task.file_name().to_string_lossy().parse::<u64>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        if !stat[open + 1..close].starts_with("table-build") {
            continue;
        }
        let mut fields = stat[close + 2..].split(' ').skip(11);
        let mut tick = || fields.next().and_then(|field| field.parse::<u64>().ok());
        if let (Some(user), Some(system)) = (tick(), tick()) {
            threads.push((id, (user + system) as f64 / 100.0));
        }
    }
    threads
}

/// The CPU time of the busiest thread between two readings of
/// [`thread_seconds`].
fn busiest(before: &[(u64, f64)], after: &[(u64, f64)]) -> Option<f64> {
    after
        .iter()
        .map(|&(id, time)| {
            let earlier = before.iter().find(|&&(other, _)| other == id);
            time - earlier.map_or(0.0, |&(_, time)| time)
        })
        .reduce(f64::max)
}

/// The peak resident memory of the process since it started or the peak
/// was last reset, in bytes (VmHWM of /proc/self/status).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// Sets the peak resident memory back to what the process holds now.
fn reset_peak_memory() {
    // Linux 4.0 and later; where it fails, the peak covers the runs before.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// What building one level took.
struct Level {
    report: LevelReport,
    wall: f64,
    cpu: Option<f64>,
    /// The CPU time of the thread that worked most.
    busiest: Option<f64>,
    peak: Option<u64>,
}

fn megabytes(bytes: Option<u64>) -> String {
    bytes.map_or("-".to_owned(), |bytes| {
        format!("{:.0} MB", bytes as f64 / 1e6)
    })
}

fn seconds(time: Option<f64>) -> String {
    time.map_or("-".to_owned(), |time| format!("{time:.2} s"))
}

/// Builds the table on `threads` threads, printing a line per level.
fn build(
    rules: Rules,
    beans: u8,
    threads: NonZeroUsize,
) -> Result<(EndgameTable, Vec<Level>), TableError> {
    say!("on {threads} thread(s):");
    reset_peak_memory();
    let mut levels = Vec::new();
    let started = Instant::now();
    let cpu_started = cpu_seconds();
    let mut wall = Instant::now();
    let mut cpu = cpu_started;
    let mut per_thread = Vec::new();
    let table = EndgameTable::build_reporting(rules, beans, threads, |report| {
        let now = cpu_seconds();
        let now_per_thread = thread_seconds();
        let level = Level {
            report: *report,
            wall: wall.elapsed().as_secs_f64(),
            cpu: now.zip(cpu).map(|(now, before)| now - before),
            busiest: busiest(&per_thread, &now_per_thread),
            peak: peak_memory(),
        };
        say!(
            "  {:>2} beans: {:>11} positions, {:>9} searched ({:.3}%, {} nodes), {:.2} s wall, {} CPU (busiest thread {}), peak {}",
            report.beans,
            report.positions,
            report.searched,
            100.0 * report.searched as f64 / report.positions as f64,
            report.nodes,
            level.wall,
            seconds(level.cpu),
            seconds(level.busiest),
            megabytes(level.peak),
        );
        levels.push(level);
        (wall, cpu, per_thread) = (Instant::now(), now, now_per_thread);
    })?;
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds()
        .zip(cpu_started)
        .map(|(now, before)| now - before);
    say!(
        "  built {} positions in {wall:.2} s wall ({:.2} M positions/s), {} CPU, peak {} ({:.2} bytes per position)",
        table.entries(),
        table.entries() as f64 / wall / 1e6,
        seconds(cpu),
        megabytes(peak_memory()),
        peak_memory().map_or(0.0, |peak| peak as f64 / table.entries() as f64),
    );
    Ok((table, levels))
}

/// A digest of the table, to compare two builds without keeping both.
fn digest(table: &EndgameTable) -> u64 {
    let mut hasher = DefaultHasher::new();
    table.hash(&mut hasher);
    hasher.finish()
}

/// Builds the table on one thread, then on `all`, and prints the
/// speed-up of each level.
fn build_both(rules: Rules, beans: u8, all: NonZeroUsize) -> Result<EndgameTable, TableError> {
    let (one, one_levels) = build(rules, beans, NonZeroUsize::MIN)?;
    let one_digest = digest(&one);
    drop(one);
    let (table, levels) = build(rules, beans, all)?;
    let same = if digest(&table) == one_digest {
        "the same"
    } else {
        "DIFFERENT"
    };
    say!("1 thread against {all}: {same} table (digest {one_digest:016x})");
    // On a machine shared with other work the wall times say little; a
    // build on several threads takes at least the CPU time of its
    // busiest thread, so one thread's CPU time over it bounds the
    // speed-up the machine would give if it were idle.
    let bound = |one: &Level, all: &Level| one.cpu.zip(all.busiest).map(|(one, all)| one / all);
    for (one, all) in one_levels.iter().zip(&levels) {
        say!(
            "  {:>2} beans: {:>8.2} s against {:>8.2} s wall ({:.2}x), {:>9} against {:>9} CPU, busiest thread {} (at most {:.2}x)",
            one.report.beans,
            one.wall,
            all.wall,
            one.wall / all.wall,
            seconds(one.cpu),
            seconds(all.cpu),
            seconds(all.busiest),
            bound(one, all).unwrap_or(f64::NAN),
        );
    }
    let sum = |levels: &[Level], part: fn(&Level) -> Option<f64>| -> Option<f64> {
        levels.iter().map(part).sum()
    };
    let (one_wall, all_wall) = (
        sum(&one_levels, |l| Some(l.wall)),
        sum(&levels, |l| Some(l.wall)),
    );
    let (one_cpu, all_busiest) = (sum(&one_levels, |l| l.cpu), sum(&levels, |l| l.busiest));
    say!(
        "  in all: {} against {} wall ({:.2}x); {} CPU on 1 thread, {} on the busiest of {all} (at most {:.2}x)",
        seconds(one_wall),
        seconds(all_wall),
        one_wall
            .zip(all_wall)
            .map_or(f64::NAN, |(one, all)| one / all),
        seconds(one_cpu),
        seconds(all_busiest),
        one_cpu
            .zip(all_busiest)
            .map_or(f64::NAN, |(one, all)| one / all),
    );
    if same == "the same" {
        Ok(table)
    } else {
        Err(TableError::Corrupt {
            offset: 0,
            what: "the builds on one thread and on several differ",
        })
    }
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

    let all = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let threads: Option<NonZeroUsize> = match args.next().as_deref() {
        None | Some("both") => None,
        Some(text) => match text.parse() {
            Ok(threads) => Some(threads),
            Err(_) => {
                eprintln!(
                    "usage: tables [BEANS] [SAMPLE] [EVERY] [RULES] [THREADS]: THREADS is `both` or a number of threads from 1"
                );
                return ExitCode::from(2);
            }
        },
    };

    say!("rules {rules}, up to {beans} beans, {all} cores");
    let built = match threads {
        None => build_both(rules, beans, all),
        Some(threads) => build(rules, beans, threads).map(|(table, _)| table),
    };
    let table = match built {
        Ok(table) => table,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };

    // Written to level files and read back: the table that is checked
    // against the solver is the one read.
    let dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(error) => {
            eprintln!("error: no directory for the level files: {error}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    if let Err(error) = table.save(dir.path(), 0..=beans, TableForm::Exact) {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let written = started.elapsed().as_secs_f64();
    let built = digest(&table);
    drop(table);
    let started = Instant::now();
    let table = match EndgameTable::open(dir.path()).and_then(|read| {
        read.wait_loaded()?;
        Ok(read)
    }) {
        Ok(read) if digest(&read) == built => read,
        Ok(_) => {
            eprintln!("error: the table read back differs from the one written");
            return ExitCode::FAILURE;
        }
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    say!(
        "written to level files in {written:.2} s, read back and checked in {:.2} s, peak {}",
        started.elapsed().as_secs_f64(),
        megabytes(peak_memory()),
    );
    drop(dir);

    let mut solver = Solver::new(rules).with_limits(Limits::nodes(20_000_000));
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
    say!(
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
    say!(
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
