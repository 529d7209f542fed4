// Usage: cargo run --release --features cli --example validate_bench [GAMES] [PHASES]
// (needs `serde`, which `cli` includes; `--features cli` shares the build of
// the README's commands, so that it does not rebuild the crate)
//
// (PHASES, such as `0br`, runs only the named measurements; all by
// default.)
//
// Generates GAMES random legal games (default 100,000) with tags and the
// rules' capture annotations, three in four inline and one in four in
// numbered rows, into a temporary file, one game at a time. Then measures
// (1 MB = 10^6 bytes of record text):
//
//   0) `RecordReader` alone (parsing only), from memory, for comparison;
//   a) `Validator` without plies (what `bohnenspiel validate` does: clean
//      games are checked while they are parsed, without a tree),
//      streaming from the file;
//   v) the same from memory, three times, then the best of the three;
//   f) `RecordReader` + `validate` without plies (a tree per game), from
//      memory: the path every game would take without the `Validator`'s
//      quick check, which v) is measured against;
//   b) `RecordReader` + `validate` with every ply kept (a tree per game),
//      from memory;
//   c) `RecordReader` + `validate` + the game's JSON document, written
//      as `bohnenspiel json` writes it (`JsonWriter`), from
//      memory, with the megabytes of JSON it wrote;
//   l) `RecordReader` + the game's lean JSON document (no replay), as
//      `bohnenspiel json --lean` writes it, from memory, with the
//      megabytes of JSON it wrote;
//   r) `validate` alone (the replay cost), over records parsed beforehand
//      in batches of 1,000 (only the `validate` calls are timed), with the
//      time per replayed ply;
//
// and prints the peak resident memory (VmHWM from /proc/self/status, when
// present) after the streaming pass, before the file is read into memory,
// to show that streaming keeps memory bounded by one game.
//
// Figures at 100,000 games (release profile, eight paired rounds on an
// otherwise idle 2-core VM, each the best of three passes): v) 158-180
// MB/s, 273,000-312,000 games/s; a) 142-172 MB/s; b) 56-74 MB/s; c)
// 16.6-18.5 MB/s, measured before the document became lossless (about
// twice the bytes of JSON per byte of record).

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write as _};
use std::time::Instant;

use bohnenspiel::notation::RecordReader;
use bohnenspiel::validate::{DocumentForm, JsonWriter, Options, Validator, validate};
use bohnenspiel::{Game, Position, Rules};

/// A sink that counts the bytes written to it.
struct Counter(usize);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
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

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random legal game as record text.
fn game(rng: &mut Rng, number: usize, out: &mut String) {
    let numbered = number % 4 == 3;
    // Ended at the first repetition, as the record then ends by a claim.
    let rules = Rules {
        repetition_ends_at: Some(2),
        ..Rules::default()
    };
    let mut game = Game::new(Position::new(), rules);
    let mut plies = Vec::new();
    while !game.is_over() && plies.len() < 300 {
        let moves: Vec<_> = game.legal_moves().collect();
        let mv = moves[rng.below(moves.len())];
        let captures = game.play(mv).expect("a legal move");
        plies.push((mv, captures));
    }
    let _ = writeln!(out, "[Event \"Generated game {number}\"]");
    let _ = writeln!(out, "[Date \"2026\"]");
    let _ = writeln!(out, "[South \"?\"]");
    let _ = writeln!(out, "[North \"?\"]");
    if let Some(score) = game.final_score() {
        let _ = writeln!(out, "[Result \"{score}\"]");
    }
    out.push('\n');
    for (i, (mv, captures)) in plies.iter().enumerate() {
        let south = i % 2 == 0;
        if numbered {
            if south {
                let _ = write!(out, "{}. ", i / 2 + 1);
            } else {
                out.push_str("  ");
            }
        } else if i > 0 {
            out.push_str(if south { "; " } else { ", " });
        }
        let _ = write!(out, "{mv}");
        if !captures.is_empty() {
            let _ = write!(out, " ({captures})");
        }
        if numbered && !south {
            out.push('\n');
        }
    }
    if numbered {
        if plies.len() % 2 == 1 {
            out.push('\n');
        }
    } else {
        out.push_str(".\n");
    }
    out.push('\n');
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmHWM:"))
                .map(|line| line.trim_start_matches("VmHWM:").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

fn report(label: &str, bytes: usize, games: usize, seconds: f64) {
    println!(
        "{label}: {:.1} MB/s, {:.0} games/s ({games} games, {:.1} MB in {seconds:.2} s)",
        bytes as f64 / 1e6 / seconds,
        games as f64 / seconds,
        bytes as f64 / 1e6,
    );
}

/// Parses every game of `text` into a tree and validates it with
/// `options`: the games without errors, and the seconds it took.
fn validate_trees(text: &str, options: &Options) -> std::io::Result<(usize, f64)> {
    let started = Instant::now();
    let mut count = 0;
    for parsed in RecordReader::new(text.as_bytes()) {
        let report = validate(&parsed?, options);
        count += usize::from(!report.has_errors());
    }
    Ok((count, started.elapsed().as_secs_f64()))
}

const USAGE: &str =
    "usage: cargo run --release --features cli --example validate_bench [GAMES] [PHASES]
  PHASES: letters of `0avfbrc` (default all)";

fn main() -> std::io::Result<std::process::ExitCode> {
    let games: usize = match std::env::args()
        .nth(1)
        .map(|arg| arg.replace('_', "").parse())
    {
        None => 100_000,
        Some(Ok(games)) => games,
        Some(Err(_)) => {
            eprintln!("validate_bench: GAMES is a number\n{USAGE}");
            return Ok(std::process::ExitCode::from(2));
        }
    };
    let phases = std::env::args()
        .nth(2)
        .unwrap_or_else(|| "0avfbrc".to_owned());
    if phases.is_empty()
        || !phases.chars().all(|c| "0avfbrcl".contains(c))
        || std::env::args().nth(3).is_some()
    {
        eprintln!("validate_bench: PHASES are letters of `0avfbrcl`\n{USAGE}");
        return Ok(std::process::ExitCode::from(2));
    }
    let path = std::env::temp_dir().join(format!("validate_bench_{}.txt", std::process::id()));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut file = BufWriter::new(File::create(&path)?);
    let mut text = String::new();
    let mut bytes = 0;
    for number in 0..games {
        text.clear();
        game(&mut rng, number, &mut text);
        bytes += text.len();
        file.write_all(text.as_bytes())?;
    }
    file.flush()?;
    drop(file);
    println!(
        "generated {games} games, {:.1} MB, in {}",
        bytes as f64 / 1e6,
        path.display()
    );
    let options = Options::default();
    let quick = Options {
        keep_plies: false,
        ..Options::default()
    };

    if phases.contains('a') {
        // a) Streaming from the file, through a buffer of 64 KiB as the
        // `bohnenspiel` command reads files.
        let started = Instant::now();
        let (mut count, mut problems, mut plies) = (0, 0, 0);
        let file = File::open(&path)?;
        let reader = RecordReader::new(BufReader::with_capacity(1 << 16, file));
        for validated in Validator::new(reader, quick) {
            let report = validated?.report;
            count += 1;
            problems += report.error_count() + report.warning_count();
            plies += report.main_line.last_index;
        }
        let seconds = started.elapsed().as_secs_f64();
        report("a) file   Validator (no plies kept)", bytes, count, seconds);
        println!(
            "   {plies} plies replayed, {problems} errors and warnings; peak memory (VmHWM) so far: {}",
            peak_memory()
        );
    }

    let text = std::fs::read_to_string(&path)?;
    std::fs::remove_file(&path)?;

    if phases.contains('0') {
        // 0) Parsing only.
        let started = Instant::now();
        let mut count = 0;
        for parsed in RecordReader::new(text.as_bytes()) {
            count += usize::from(parsed?.is_ok());
        }
        let seconds = started.elapsed().as_secs_f64();
        report("0) memory RecordReader alone", bytes, count, seconds);
    }

    if phases.contains('v') {
        // v) The validate command's path, from memory: three passes, each
        // reported, then the best (the machine's speed varies).
        let mut best = f64::INFINITY;
        let (mut count, mut full, mut noted) = (0, 0, 0);
        for _ in 0..3 {
            let started = Instant::now();
            (count, full, noted) = (0, 0, 0);
            for validated in Validator::new(RecordReader::new(text.as_bytes()), quick) {
                let validated = validated?;
                count += usize::from(!validated.report.has_errors());
                full += usize::from(validated.parsed.is_some());
                noted += usize::from(validated.text.is_some());
            }
            let seconds = started.elapsed().as_secs_f64();
            best = best.min(seconds);
            report("v) memory Validator (no plies kept)", bytes, count, seconds);
        }
        report("v) best of three", bytes, count, best);
        println!(
            "   {full} games needed the full validation; {noted} came with their text for a note"
        );
    }

    if phases.contains('f') {
        // f) From memory, every game parsed into a tree and validated in
        // full, no plies kept.
        let (count, seconds) = validate_trees(&text, &quick)?;
        report(
            "f) memory RecordReader + validate (no plies kept)",
            bytes,
            count,
            seconds,
        );
    }

    if phases.contains('b') {
        // b) From memory.
        let (count, seconds) = validate_trees(&text, &options)?;
        report(
            "b) memory RecordReader + validate (all plies kept)",
            bytes,
            count,
            seconds,
        );
    }

    if phases.contains('r') {
        // r) Replay only: parse a batch untimed, then time `validate`.
        let mut seconds = 0.0;
        let (mut count, mut plies) = (0, 0);
        let mut reader = RecordReader::new(text.as_bytes());
        let mut batch = Vec::with_capacity(1000);
        loop {
            batch.clear();
            for parsed in reader.by_ref().take(1000) {
                batch.push(parsed?);
            }
            if batch.is_empty() {
                break;
            }
            let started = Instant::now();
            for parsed in &batch {
                let report = validate(parsed, &options);
                count += usize::from(!report.has_errors());
                plies += report.main_line.plies.len();
            }
            seconds += started.elapsed().as_secs_f64();
        }
        report("r) memory validate alone (replay)", bytes, count, seconds);
        println!(
            "   {plies} plies, {:.0} ns per ply",
            seconds * 1e9 / plies.max(1) as f64
        );
    }

    if phases.contains('c') {
        // c) With the JSON document.
        let started = Instant::now();
        let mut count = 0;
        let mut writer = JsonWriter::lines(Counter(0));
        for parsed in RecordReader::new(text.as_bytes()) {
            let parsed = parsed?;
            let report = validate(&parsed, &options);
            writer.write(
                &parsed,
                DocumentForm::Full(&report),
                Some("bench"),
                count + 1,
            )?;
            count += 1;
        }
        let json = writer.finish()?.0;
        let seconds = started.elapsed().as_secs_f64();
        report(
            "c) memory RecordReader + validate + JSON",
            bytes,
            count,
            seconds,
        );
        println!("   {:.1} MB of JSON", json as f64 / 1e6);
    }

    if phases.contains('l') {
        // l) The lean JSON document, without a replay.
        let started = Instant::now();
        let mut count = 0;
        let mut writer = JsonWriter::lines(Counter(0));
        for parsed in RecordReader::new(text.as_bytes()) {
            let parsed = parsed?;
            writer.write(&parsed, DocumentForm::Lean, Some("bench"), count + 1)?;
            count += 1;
        }
        let json = writer.finish()?.0;
        let seconds = started.elapsed().as_secs_f64();
        report("l) memory RecordReader + lean JSON", bytes, count, seconds);
        println!("   {:.1} MB of JSON", json as f64 / 1e6);
    }
    println!(
        "peak memory (VmHWM) at the end, with the text in memory: {}",
        peak_memory()
    );
    Ok(std::process::ExitCode::SUCCESS)
}
