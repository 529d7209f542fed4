// Usage: cargo run --release --features serde --example hostile [LARGE_MB] [SHAPE...]
//
// Generates each hostile input shape at two sizes a factor of
// 10 apart (LARGE_MB, default 10, and a tenth of it; 1 MB = 10^6 bytes),
// and runs on each, through the library:
//
//   parse     `RecordReader` building every game's tree;
//   validate  `Validator` without plies kept, as `bohnenspiel validate`
//             does (a game with findings is parsed again and validated in
//             full);
//   json      `validate` with every ply kept, and the game's JSON document
//             written as it is built, as `bohnenspiel json` writes it
//             (`JsonWriter`, to a sink);
//   print     the canonical form of every game (`Display`, to a sink);
//   annotate  `validate` with every ply kept, `annotate`, and
//             the canonical form of the annotated record (to a sink).
//
// Each phase of each shape and size runs in a child process of this
// example (the same binary, with `--child`), so that its peak resident
// memory (VmHWM from /proc/self/status) is its own and no memory another
// phase freed (and the allocator kept) counts for it; the peak is
// counted from the start of the phase, once the input is generated (by
// writing 5 to /proc/self/clear_refs), the input (held once, as a byte
// vector) included. A child that takes longer than 120 s is stopped and
// shown as `timeout`. Each phase runs three times, each in a child of its
// own. The table gives seconds per MB for each phase, counted as the
// time the phase ran on a processor (from /proc/thread-self/schedstat,
// or the time on the clock where that cannot be read), so that other
// processes on a shared machine do not count, the fastest of the three
// runs; then each phase's peak memory (the highest) as a multiple of the
// input's size; then the ratio between the sizes: a ratio of time per MB
// near 1 means linear time.
//
// Names the shapes to run (all by default): see `SHAPES` below.
//
// `hostile --input SHAPE BYTES` writes one shape's input of about BYTES
// bytes to standard output instead, for a look at it, a comparison of
// the command's output before and after a change, or a profiler
// (`valgrind --tool=massif bohnenspiel json FILE`).
//
// Limits that keep memory bounded: 100 errors and 100 warnings per game in
// the parser, 100 findings per game in the validator (each followed by one
// more that counts the rest), 100 groups per ply (the groups after them
// are read but not kept, and one `TooManyGroups` error at the first of
// them counts them), 20 characters of the offending text quoted in a
// message, and a North column that moves for South turns of up to 40
// characters.
//
// Figures (10 MB, a release build without fat LTO, shared 2-core machine,
// each phase in a process of its own). The largest peak of any shape and
// phase at the large size is 46x its text (`groups-every-ply`, in
// json and annotate). One large game's memory is bounded by
// its tree: 160 bytes per move and 88 bytes more for each group (a
// capture annotation, a comment, labels; each group is as large as the
// largest kind, the annotation, held inline since boxing it costs an
// allocation per annotation). A game of Rüger's opening
// repeated on one line peaks at 20x its text in every phase. A chain of
// one-row variations (15 bytes each) peaks at 20x in parse and print, 27x
// in validate and 37x in json and annotate (a report keeps a 96-byte entry
// for each variation and, in json and annotate, 96 bytes for each replayed
// ply); one ply with N labels at 7x in every phase but json (10x); one ply
// with N groups `(A)`, or N remarks `(4?)(6!!)(B/C)`, at 3.2x (6.1x in
// json), as it keeps 100 of them (before that limit, 80x and 55x, 153x
// and 108x in json: each group was held twice while its ply was read);
// the shapes that keep no tree (bad bytes, `;` x N, stray `)`) at about
// 4-6x. The densest tree is that of many plies that each carry short
// groups: `groups-every-ply`, a legal game with 100 groups `()` on each
// ply (88 bytes a group for 2 bytes of text), peaks at 46x in every
// phase that builds its tree (3.4x in validate, which checks a clean
// game without one), and `short-groups`, `4(),8();` x N, at 45x (54x
// and 49x with the 104-byte groups before). Variations are replayed depth first
// on one game, each from where it branches, so every written ply is
// played once: `variations-later` takes 0.05 s per MB in validate and 0.1
// s in json at 1 and 10 MB, and `variation-chain-later` peaks at 33x in
// validate and 41x in json (a 168-byte frame of the replay for each line
// it is inside). Time per MB at 10 MB is within 1.5x of that at 1 MB for
// every shape and phase, but for phases that take a few milliseconds at
// 1 MB (`wide-turn`, `stray-parens`, `huge-hole-number`), whose time on
// the processor is read to a tick of the kernel's clock (up to 4 ms).
//
// `bohnenspiel analyse` on the inputs of `--input` (quick release build,
// idle machine): `variations-later` 0.20 s and 19 MB at 200 KB, 1.16 s and
// 137 MB at 2 MB; `variation-chain-later` 0.14 s and 1.24 s. Its time is
// otherwise the solver's, up to the budget (`--nodes`) for each value:
// `variation-chain` (10,600 lines from the opening) takes 3.0 s at 200 KB
// and 28 s at 2 MB with `--nodes 1000`. `bohnenspiel reconstruct` refuses
// at once a record whose lines hold more than 100,000 moves
// (`variations-later` at 200 KB holds 19 million).
//
// The fuzz targets of tests/fuzz.rs run 64 cases each in the test suite;
// `PROPTEST_CASES=100000 cargo test --release --all-features --test fuzz`
// runs them longer.

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bohnenspiel::notation::RecordReader;
use bohnenspiel::validate::{DocumentForm, JsonWriter, Options, Validator, validate};

/// A generator of about `n` bytes of one shape.
type Generator = fn(usize) -> Vec<u8>;

/// The most groups the notation's reader keeps for one ply, as its
/// module documents.
const MAX_GROUPS_PER_PLY: usize = 100;

/// The shapes: a name and a generator.
const SHAPES: &[(&str, Generator)] = &[
    ("wide-turn", wide_turn),
    ("wide-row+rows", wide_row_and_rows),
    ("not-utf8", not_utf8),
    ("semicolons", semicolons),
    ("stray-parens", stray_parens),
    ("hole-13", hole_13),
    ("rows-x-9", rows_x_9),
    ("labels", labels_on_one_ply),
    ("label-groups", label_groups_on_one_ply),
    ("remarks", remarks_on_one_ply),
    ("groups-every-ply", groups_on_every_ply),
    ("short-groups", short_groups),
    ("variations-referenced", variations_referenced),
    ("variations-unreferenced", variations_unreferenced),
    ("variation-chain", variation_chain),
    ("variations-later", variations_later),
    ("variation-chain-later", variation_chain_later),
    ("tags", tags),
    ("huge-hole-number", huge_hole_number),
    ("game-one-line", game_on_one_line),
    ("game-move-per-line", game_move_per_line),
];

/// `1. 4 (xxx…) 8`: a South turn longer than a format width.
fn wide_turn(n: usize) -> Vec<u8> {
    format!("1. 4 ({}) 8\n", "x".repeat(n)).into_bytes()
}

/// One row with a 10 KB comment, then short rows.
fn wide_row_and_rows(n: usize) -> Vec<u8> {
    let mut text = format!("1. 4 ({}) 8\n", "c".repeat(10_000));
    let mut row = 2;
    while text.len() < n {
        let _ = writeln!(text, "{row}. 4 8");
        row += 1;
    }
    text.into_bytes()
}

/// `4,8 ` and bytes that are not UTF-8.
fn not_utf8(n: usize) -> Vec<u8> {
    let mut bytes = b"4,8 ".to_vec();
    bytes.resize(n, 0xff);
    bytes
}

/// `;` × N.
fn semicolons(n: usize) -> Vec<u8> {
    vec![b';'; n]
}

/// `4 ` and `)` × N.
fn stray_parens(n: usize) -> Vec<u8> {
    let mut bytes = b"4 ".to_vec();
    bytes.resize(n, b')');
    bytes
}

/// `13,13; ` × N.
fn hole_13(n: usize) -> Vec<u8> {
    b"13,13; ".repeat(n / 7)
}

/// Numbered rows `N. x 9`.
fn rows_x_9(n: usize) -> Vec<u8> {
    let mut text = String::new();
    let mut row = 1;
    while text.len() < n {
        let _ = writeln!(text, "{row}. x 9");
        row += 1;
    }
    text.into_bytes()
}

/// The `i`-th variation label: `A`…`Z`, then `AA`, `AB`, …
fn label(mut i: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'A' + u8::try_from(i % 26).unwrap_or(0));
        i /= 26;
        if i == 0 {
            break;
        }
        i -= 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Labels for about `n` bytes of `A/B/…`.
fn labels_for(n: usize) -> Vec<String> {
    let mut labels = Vec::new();
    let mut len = 0;
    while len < n {
        let l = label(labels.len());
        len += l.len() + 1;
        labels.push(l);
    }
    labels
}

/// One ply with N variation labels that name no variation.
fn labels_on_one_ply(n: usize) -> Vec<u8> {
    format!("1. 4 ({}) 8\n", labels_for(n).join("/")).into_bytes()
}

/// One ply with N groups of one label each: `4 (A)(A)(A)…`.
fn label_groups_on_one_ply(n: usize) -> Vec<u8> {
    format!("1. 4 {} 8\n", "(A)".repeat(n / 3)).into_bytes()
}

/// One ply with N remarks: `4 (4?)(6!!)(B/C)(4?)(6!!)(B/C)…`.
fn remarks_on_one_ply(n: usize) -> Vec<u8> {
    format!("1. 4 {} 8\n", "(4?)(6!!)(B/C)".repeat(n / 14)).into_bytes()
}

/// A legal game whose every ply carries as many groups `()` as a ply
/// keeps ([`MAX_GROUPS_PER_PLY`]): the densest tree of groups, 2 bytes
/// of text each.
fn groups_on_every_ply(n: usize) -> Vec<u8> {
    let groups = "()".repeat(MAX_GROUPS_PER_PLY);
    let mut text = format!("[Setup \"{ROUND_START}\"]\n\n");
    let mut number = 1;
    while text.len() < n {
        let (south, north) = round_row(number);
        let _ = writeln!(text, "{south} {groups}, {north} {groups};");
        number += 1;
    }
    text.into_bytes()
}

/// `4(),8();` x N: a move of two plies, each with a group, in 8 bytes.
fn short_groups(n: usize) -> Vec<u8> {
    let mut bytes = b"4(),8();".repeat(n / 8);
    bytes.push(b'\n');
    bytes
}

/// A row referring to N one-row variations.
fn variations_referenced(n: usize) -> Vec<u8> {
    let labels = labels_for(n / 12);
    let mut text = format!("1. 4 ({}) 8\n", labels.join("/"));
    for l in &labels {
        let _ = write!(text, "({l})\n1. 5 9\n");
    }
    text.into_bytes()
}

/// N one-row variations that nothing refers to.
fn variations_unreferenced(n: usize) -> Vec<u8> {
    let mut text = "1. 4 8\n".to_owned();
    let mut i = 0;
    while text.len() < n {
        let _ = write!(text, "({})\n1. 5 9\n", label(i));
        i += 1;
    }
    text.into_bytes()
}

/// A chain of variations, each referring to the next: A → B → C …
fn variation_chain(n: usize) -> Vec<u8> {
    let mut text = "1. 4 (A) 8\n".to_owned();
    let mut i = 0;
    while text.len() < n {
        let _ = write!(text, "({})\n1. 5 ({}) 9\n", label(i), label(i + 1));
        i += 1;
    }
    text.into_bytes()
}

/// A start where each side has one bean, six holes apart: each has one
/// legal move for ever, and nothing is ever captured.
const ROUND_START: &str = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S";

/// The rows of that game, round and round: South's hole and North's.
const ROUND: [(u8, u8); 6] = [(5, 11), (6, 12), (1, 7), (2, 8), (3, 9), (4, 10)];

/// Row `number` (from 1) of the round, its two holes.
fn round_row(number: usize) -> (u8, u8) {
    ROUND[(number - 1) % ROUND.len()]
}

/// A main line that never captures, each row referring to a variation
/// that replaces it from the next row on (with the same row): N
/// variations branching at ever later points of one long line.
fn variations_later(n: usize) -> Vec<u8> {
    let mut rows = String::new();
    let mut variations = String::new();
    let mut number = 1;
    while 20 + rows.len() + variations.len() < n {
        let (south, north) = round_row(number);
        let l = label(number - 1);
        let _ = writeln!(rows, "{number}. {south} ({l}) {north}");
        let (south, north) = round_row(number + 1);
        let _ = write!(variations, "({l})\n{}. {south} {north}\n", number + 1);
        number += 1;
    }
    format!("[Setup \"{ROUND_START}\"]\n\n{rows}{variations}").into_bytes()
}

/// A chain of variations on that game, each a row later than its parent
/// and referring to the next: A → B → C …, each line one row longer.
fn variation_chain_later(n: usize) -> Vec<u8> {
    let mut text = format!("[Setup \"{ROUND_START}\"]\n\n");
    let (south, north) = round_row(1);
    let _ = writeln!(text, "1. {south} (A) {north}");
    let mut number = 2;
    while text.len() < n {
        let (south, north) = round_row(number);
        let _ = write!(
            text,
            "({})\n{number}. {south} ({}) {north}\n",
            label(number - 2),
            label(number - 1)
        );
        number += 1;
    }
    text.into_bytes()
}

/// N tags, then a move.
fn tags(n: usize) -> Vec<u8> {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < n {
        let _ = writeln!(text, "[Tag{i} \"value {i}\"]");
        i += 1;
    }
    text.push_str("\n4,8\n");
    text.into_bytes()
}

/// `4,8; ` and a hole number of N digits.
fn huge_hole_number(n: usize) -> Vec<u8> {
    let mut bytes = b"4,8; ".to_vec();
    bytes.resize(n, b'7');
    bytes.push(b'\n');
    bytes
}

/// The start of Rüger's game of 1962, which is legal, over and over: the
/// first repetition is legal, and the rest come after an illegal ply.
const OPENING: &str = "4,8; 6,12 (2 from hole 8); 6,7; 3 (2 from 12),7; 5,8 (2 from 12); ";

/// One game of N bytes on one line.
fn game_on_one_line(n: usize) -> Vec<u8> {
    let mut bytes = OPENING.repeat(n / OPENING.len()).into_bytes();
    bytes.push(b'\n');
    bytes
}

/// One game of N bytes with one move per line.
fn game_move_per_line(n: usize) -> Vec<u8> {
    let mut text = OPENING.replace("; ", ";\n").repeat(n / OPENING.len());
    text.push('\n');
    text.into_bytes()
}

/// The peak resident memory in kB, from /proc/self/status.
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The seconds this thread has run on a processor (Linux: the first
/// field of /proc/thread-self/schedstat, in nanoseconds).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 / 1e9)
}

/// Starts counting the peak resident memory again from what is resident
/// now (Linux: writing 5 to /proc/self/clear_refs).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The phases, in the order they run and are printed.
const PHASES: [&str; 5] = ["parse", "validate", "json", "print", "annotate"];

/// Runs the phases on one input; prints the input's size, then for each
/// phase its seconds and peak kB, then the bytes printed.
fn child(shape: &str, size: usize, phase: usize) -> io::Result<()> {
    let Some(&(_, generate)) = SHAPES.iter().find(|(name, _)| *name == shape) else {
        return Err(io::Error::other(format!("no shape {shape}")));
    };
    let input = generate(size);
    let mut fields = vec![input.len().to_string()];
    let mut next = 0;
    let mut timed = |run: &mut dyn FnMut() -> io::Result<usize>| -> io::Result<usize> {
        next += 1;
        if next - 1 != phase {
            return Ok(0);
        }
        reset_peak();
        let start = Instant::now();
        let start_cpu = cpu_seconds();
        let n = run()?;
        let seconds = match (start_cpu, cpu_seconds()) {
            (Some(before), Some(after)) => after - before,
            _ => start.elapsed().as_secs_f64(),
        };
        fields.push(format!("{seconds} {} {n}", peak_kb().unwrap_or(0)));
        Ok(n)
    };
    timed(&mut || {
        let mut games = 0;
        for game in RecordReader::new(input.as_slice()) {
            std::hint::black_box(game?);
            games += 1;
        }
        Ok(games)
    })?;
    timed(&mut || {
        let options = Options {
            keep_plies: false,
            ..Options::default()
        };
        let mut findings = 0;
        for validated in Validator::new(RecordReader::new(input.as_slice()), options) {
            findings += validated?.report.findings.len();
        }
        Ok(findings)
    })?;
    timed(&mut || {
        let mut written = 0;
        for game in RecordReader::new(input.as_slice()) {
            let parsed = game?;
            let report = validate(&parsed, &Options::default());
            let mut writer = JsonWriter::lines(Counter(0));
            writer.write(&parsed, DocumentForm::Full(&report), None, 1)?;
            written += writer.finish()?.0;
        }
        Ok(written)
    })?;
    timed(&mut || {
        let mut sink = Counter(0);
        for game in RecordReader::new(input.as_slice()) {
            write!(sink, "{}", game?.record)?;
        }
        Ok(sink.0)
    })?;
    timed(&mut || {
        let mut sink = Counter(0);
        for game in RecordReader::new(input.as_slice()) {
            let mut parsed = game?;
            let report = validate(&parsed, &Options::default());
            report.annotate(&mut parsed.record);
            write!(sink, "{}", parsed.record)?;
        }
        Ok(sink.0)
    })?;
    println!("{}", fields.join(" "));
    Ok(())
}

/// A writer that counts bytes.
struct Counter(usize);

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the children of one shape and size measured.
struct Measured {
    bytes: f64,
    /// Seconds per MB of each phase.
    per_mb: [f64; 5],
    /// Peak memory of each phase, in MB.
    peak_mb: [f64; 5],
    printed: f64,
}

/// Runs one shape at one size, each phase in a child process of its
/// own.
fn measure(shape: &str, size: usize) -> Result<Measured, String> {
    let mut measured = Measured {
        bytes: 0.0,
        per_mb: [0.0; 5],
        peak_mb: [0.0; 5],
        printed: 0.0,
    };
    for (i, phase) in PHASES.iter().enumerate() {
        let mut fastest = f64::INFINITY;
        for _ in 0..RUNS {
            let [bytes, seconds, peak_kb, n] =
                measure_phase(shape, size, i).map_err(|e| format!("{phase}: {e}"))?;
            measured.bytes = bytes;
            fastest = fastest.min(seconds);
            measured.peak_mb[i] = measured.peak_mb[i].max(peak_kb / 1e3);
            if *phase == "print" {
                measured.printed = n;
            }
        }
        measured.per_mb[i] = fastest / (measured.bytes / 1e6);
    }
    Ok(measured)
}

/// How many times each phase of each shape and size runs: the table
/// gives the fastest time, which other processes on a shared machine
/// disturb the least, and the highest peak.
const RUNS: usize = 3;

/// Runs phase `phase` of one shape at one size in a child process: the
/// input's size, the seconds, the peak kB and what the phase counted.
fn measure_phase(shape: &str, size: usize, phase: usize) -> Result<[f64; 4], String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .args(["--child", shape, &size.to_string(), &phase.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            return Err("timeout".to_owned());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("failed: {}", output.status));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<f64> = text
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(f64::NAN))
        .collect();
    match fields[..] {
        [bytes, seconds, peak, n] => Ok([bytes, seconds, peak, n]),
        _ => Err(format!("unexpected output {text:?}")),
    }
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--input") {
        let shape = args.get(1).map_or("", String::as_str);
        let size = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
        let Some(&(_, generate)) = SHAPES.iter().find(|(name, _)| *name == shape) else {
            return Err(io::Error::other(format!("no shape {shape}")));
        };
        return io::stdout().write_all(&generate(size));
    }
    if args.first().map(String::as_str) == Some("--child") {
        let shape = args.get(1).map_or("", String::as_str);
        let size = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
        let phase = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
        return child(shape, size, phase);
    }
    let large_mb: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let chosen: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let large = (large_mb * 1e6) as usize;
    let small = large / 10;
    println!(
        "seconds per MB, then peak memory as a multiple of the input's size, of each phase ({}); output of print (× input); sizes {:.1} MB and {:.1} MB",
        PHASES.join(", "),
        small as f64 / 1e6,
        large as f64 / 1e6
    );
    let mut head = format!("{:<24} {:>6}", "shape", "MB");
    for phase in PHASES {
        let _ = write!(head, " {:>8}", &phase[..phase.len().min(8)]);
    }
    for phase in PHASES {
        let _ = write!(head, " {:>6}", format!("{}×", &phase[..5.min(phase.len())]));
    }
    println!("{head} {:>6}", "out ×");
    for &(shape, _) in SHAPES {
        if !chosen.is_empty() && !chosen.contains(&shape) {
            continue;
        }
        let mut results = Vec::new();
        for size in [small, large] {
            let result = measure(shape, size);
            match &result {
                Ok(m) => {
                    let mb = m.bytes / 1e6;
                    let mut row = format!("{shape:<24} {mb:>6.2}");
                    for per_mb in m.per_mb {
                        let _ = write!(row, " {per_mb:>8.4}");
                    }
                    for peak in m.peak_mb {
                        let _ = write!(row, " {:>6.1}", peak / mb);
                    }
                    println!("{row} {:>6.2}", m.printed / m.bytes);
                }
                Err(e) => println!("{shape:<24} {:>6.2} {e}", size as f64 / 1e6),
            }
            io::stdout().flush()?;
            results.push(result);
        }
        if let [Ok(a), Ok(b)] = &results[..] {
            let mut row = format!("{:<24} {:>6}", "  ratio large/small", "");
            for i in 0..PHASES.len() {
                let _ = write!(row, " {:>8.2}", b.per_mb[i] / a.per_mb[i]);
            }
            for i in 0..PHASES.len() {
                let _ = write!(row, " {:>6.2}", b.peak_mb[i] / a.peak_mb[i]);
            }
            println!("{row}");
        }
    }
    Ok(())
}
