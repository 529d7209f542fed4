//! Checks the crate's `perft` against `tests/data/*.perft`, and both
//! against the naive generator in `tests/naive/mod.rs`.
//!
//! In debug builds (as CI runs `cargo test`) counts above a cap are
//! skipped so the suite stays fast; `cargo test --release` checks them all.
//! `BLESS_PERFT=1 cargo test --release --test perft` rewrites the counts of
//! the data files from the naive generator.

mod naive;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use bohnenspiel::{Position, perft};

/// The largest count the crate's perft checks in a debug build.
const DEBUG_CAP: u64 = 2_000_000;
/// The largest count the naive generator recomputes in a debug build.
const NAIVE_DEBUG_CAP: u64 = 100_000;
/// The largest count the naive generator recomputes in a release build.
const NAIVE_RELEASE_CAP: u64 = 10_000_000;

/// One position of a data file and its counts.
struct Entry {
    id: String,
    setup: String,
    counts: Vec<(u32, u64)>,
}

fn data_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .perft files in {}", dir.display());
    files
}

fn parse(text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
        let bad = || -> ! { panic!("line {}: {line:?}", number + 1) };
        match keyword {
            "id" => entries.push(Entry {
                id: rest.to_owned(),
                setup: String::new(),
                counts: Vec::new(),
            }),
            "setup" => entries.last_mut().unwrap_or_else(|| bad()).setup = rest.to_owned(),
            "perft" => {
                let (depth, nodes) = rest.split_once(' ').unwrap_or_else(|| bad());
                let count = (
                    depth.parse().unwrap_or_else(|_| bad()),
                    nodes.parse().unwrap_or_else(|_| bad()),
                );
                entries
                    .last_mut()
                    .unwrap_or_else(|| bad())
                    .counts
                    .push(count);
            }
            _ => bad(),
        }
    }
    entries
}

/// Rewrites the counts of `text` from the naive generator, keeping
/// everything else.
fn bless(text: &str) -> String {
    let mut out = String::new();
    let mut board = None;
    for line in text.lines() {
        if let Some(setup) = line.strip_prefix("setup ") {
            board = Some(naive::Board::parse(setup));
        }
        match line.strip_prefix("perft ") {
            Some(rest) => {
                let depth: u32 = rest
                    .split(' ')
                    .next()
                    .and_then(|d| d.parse().ok())
                    .expect("a depth");
                let board = board.as_ref().expect("a setup line before perft lines");
                writeln!(out, "perft {depth} {}", naive::perft(board, depth)).expect("write");
            }
            None => writeln!(out, "{line}").expect("write"),
        }
    }
    out
}

#[test]
fn perft_matches_the_data_files_and_the_naive_generator() {
    let debug = cfg!(debug_assertions);
    let naive_cap = if debug {
        NAIVE_DEBUG_CAP
    } else {
        NAIVE_RELEASE_CAP
    };
    if std::env::var_os("BLESS_PERFT").is_some() {
        assert!(!debug, "bless with --release: the naive generator is slow");
        for file in data_files() {
            let text = std::fs::read_to_string(&file).expect("readable");
            std::fs::write(&file, bless(&text)).expect("writable");
        }
    }
    let mut checked = 0;
    let mut checked_against_naive = 0;
    for file in data_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        for entry in parse(&text) {
            let position: Position = entry
                .setup
                .parse()
                .unwrap_or_else(|error| panic!("{}: {error}", entry.id));
            let board = naive::Board::parse(&entry.setup);
            for &(depth, nodes) in &entry.counts {
                if debug && nodes > DEBUG_CAP {
                    continue;
                }
                assert_eq!(perft(&position, depth), nodes, "{} depth {depth}", entry.id);
                checked += 1;
                if nodes <= naive_cap {
                    assert_eq!(
                        naive::perft(&board, depth),
                        nodes,
                        "naive {} depth {depth}",
                        entry.id
                    );
                    checked_against_naive += 1;
                }
            }
        }
    }
    assert!(checked >= 30, "only {checked} counts checked");
    assert!(checked_against_naive >= 20);
}

#[test]
fn the_opening_is_checked_to_depth_eight_even_in_debug_builds() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/positions.perft");
    let text = std::fs::read_to_string(file).expect("readable");
    let entries = parse(&text);
    let opening = entries
        .iter()
        .find(|entry| entry.id == "opening")
        .expect("an opening entry");
    let depths: Vec<u32> = opening
        .counts
        .iter()
        .filter(|&&(_, nodes)| nodes <= DEBUG_CAP)
        .map(|&(depth, _)| depth)
        .collect();
    assert!(
        depths.contains(&8),
        "depths under the debug cap: {depths:?}"
    );
    assert!(opening.counts.iter().any(|&(depth, _)| depth >= 9));
}

#[test]
fn the_naive_generator_agrees_with_the_crate_on_captures() {
    // Rüger 1962, ply 31: South's 3 takes 4 from 10, then 2 each from 9,
    // 8 and 7.
    let board = naive::Board::parse("2,6,7,3,0,2/1,1,1,3,2,2 20:22 S");
    let position: Position = "2,6,7,3,0,2/1,1,1,3,2,2 20:22 S".parse().expect("valid");
    let (after, captures) = board.play(3);
    assert_eq!(captures, [(10, 4), (9, 2), (8, 2), (7, 2)]);
    let mut crate_after = position;
    let crate_captures = crate_after
        .play(bohnenspiel::Move::from_number(3).expect("hole 3"))
        .expect("legal");
    let as_pairs: Vec<(usize, u32)> = crate_captures
        .iter()
        .map(|c| (usize::from(c.hole.number()), u32::from(c.beans)))
        .collect();
    assert_eq!(as_pairs, captures);
    assert_eq!(naive::Board::parse(&crate_after.to_string()), after);
}
