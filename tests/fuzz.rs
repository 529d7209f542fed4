//! Fuzz targets, one per entry point, run on the stable toolchain through
//! proptest over mutated fixtures, the published records' tokens and
//! random legal games. Each target asserts what must hold for any input:
//! no panic, errors inside the input, printing parses back, JSON is JSON,
//! a position string that parses prints back the same.
//!
//! The case count is `PROPTEST_CASES` (64 by default, so that the suite
//! stays fast); to fuzz longer, run for example
//! `PROPTEST_CASES=100000 cargo test --release --all-features --test fuzz`.

mod common;

use bohnenspiel::notation::{Layout, Record, RecordReader};
use bohnenspiel::validate::{Options, Validator, validate};
use bohnenspiel::{Position, Setup};
use proptest::prelude::*;
use proptest::sample::{Index, select};

/// The case count: `PROPTEST_CASES`, or 64.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

const FIXTURES: [&str; 4] = [
    include_str!("../fixtures/rueger-1962.txt"),
    include_str!("../fixtures/machatscheck-1972.txt"),
    include_str!("../fixtures/shotayev-gentlemen.txt"),
    include_str!("../fixtures/shotayev-charming.txt"),
];

/// Tokens of the notation, some of them broken, to splice in.
const TOKENS: [&[u8]; 24] = [
    b"4",
    b"13",
    b"0",
    b",",
    b";",
    b".",
    b" ",
    b"\n",
    b"\n\n",
    b"(",
    b")",
    b"!",
    b"??",
    b"2 from ",
    b" each",
    b" or ",
    b"(A)\n",
    b"1.  ",
    b"[Setup \"",
    b"\"]\n",
    b"\xff",
    b"\xc3",
    b"99999999999999999999",
    b"/",
];

/// One edit of a byte string.
#[derive(Debug, Clone)]
enum Edit {
    Insert(Index, usize),
    Delete(Index, usize),
    Duplicate(Index, usize),
    Byte(Index, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), 0..TOKENS.len()).prop_map(|(at, t)| Edit::Insert(at, t)),
        (any::<Index>(), 1usize..20).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<Index>(), 1usize..200).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        (any::<Index>(), any::<u8>()).prop_map(|(at, b)| Edit::Byte(at, b)),
    ]
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        let len = bytes.len().max(1);
        match *edit {
            Edit::Insert(at, t) => {
                let at = at.index(len).min(bytes.len());
                bytes.splice(at..at, TOKENS[t].iter().copied());
            }
            Edit::Delete(at, n) => {
                let at = at.index(len).min(bytes.len());
                bytes.drain(at..(at + n).min(bytes.len()));
            }
            Edit::Duplicate(at, n) => {
                let at = at.index(len).min(bytes.len());
                let piece = bytes[at..(at + n).min(bytes.len())].to_vec();
                bytes.splice(at..at, piece);
            }
            Edit::Byte(at, b) => {
                if !bytes.is_empty() {
                    let at = at.index(bytes.len());
                    bytes[at] = b;
                }
            }
        }
    }
    bytes
}

/// Inputs: a fixture or a random legal game, with a few edits.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let base = prop_oneof![
        select(FIXTURES.to_vec()).prop_map(|f| f.as_bytes().to_vec()),
        (prop::collection::vec(any::<usize>(), 0..120), any::<bool>()).prop_map(
            |(choices, rows)| {
                let (plies, _) = common::play(choices);
                let written: Vec<_> = plies
                    .iter()
                    .map(|p| common::notated(p.mv.hole(), &p.captures))
                    .collect();
                let layout = if rows {
                    Layout::Numbered
                } else {
                    Layout::Inline
                };
                common::record(&written, layout).to_string().into_bytes()
            }
        ),
    ];
    (base, prop::collection::vec(edit(), 0..6))
        .prop_map(|(bytes, edits): (Vec<u8>, Vec<Edit>)| apply(bytes, &edits))
}

/// Target: parse. Errors lie inside the input and every byte is read.
fn parse(bytes: &[u8]) {
    let mut total = 0;
    for game in RecordReader::new(bytes) {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        total += game.source.len();
        for error in &game.errors {
            assert!(error.span.start <= error.span.end && error.span.end <= bytes.len());
        }
    }
    assert!(total <= bytes.len());
}

/// Target: print and parse again. A game without errors prints in the
/// canonical form, which parses back to the same tree.
fn print_and_parse(bytes: &[u8]) {
    for game in RecordReader::new(bytes).filter_map(Result::ok) {
        let printable = game.record.prose_is_printable();
        if !game.errors.is_empty() || !printable {
            continue;
        }
        let printed = game.record.to_string();
        let again: Record = printed.parse().unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(
            again.without_spans(),
            game.record.without_spans(),
            "{printed}"
        );
    }
}

/// Target: validate, streaming as the command does and in full.
fn validate_all(bytes: &[u8]) {
    let quick = Options {
        keep_plies: false,
        ..Options::default()
    };
    for validated in Validator::new(RecordReader::new(bytes), quick) {
        let validated = validated.unwrap_or_else(|e| panic!("{e}"));
        let _ = validated.report.summary();
    }
    for game in RecordReader::new(bytes).filter_map(Result::ok) {
        let report = validate(&game, &Options::default());
        for finding in &report.findings {
            assert!(finding.span.end <= bytes.len(), "{finding:?}");
        }
    }
}

/// Target: the JSON documents, full and lean, which are JSON.
fn json(bytes: &[u8]) {
    use bohnenspiel::validate::DocumentForm;
    for game in RecordReader::new(bytes).filter_map(Result::ok) {
        let report = validate(&game, &Options::default());
        for form in [DocumentForm::Full(&report), DocumentForm::Lean] {
            let text = common::game_json(&game, form, None, 1);
            let value: serde_json::Value =
                serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{e}"));
            let full = matches!(form, DocumentForm::Full(_));
            assert_eq!(value.get("findings").is_some(), full);
        }
    }
}

/// Target: the position string. What parses prints back the same.
fn position(text: &str) {
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        assert_eq!(printed.parse::<Setup>().ok(), Some(setup), "{printed}");
    }
    if let Ok(position) = text.parse::<Position>() {
        let printed = position.to_string();
        assert_eq!(
            printed.parse::<Position>().ok(),
            Some(position),
            "{printed}"
        );
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_parse(bytes in input()) {
        parse(&bytes);
    }

    #[test]
    fn fuzz_print_and_parse(bytes in input()) {
        print_and_parse(&bytes);
    }

    #[test]
    fn fuzz_validate(bytes in input()) {
        validate_all(&bytes);
    }

    #[test]
    fn fuzz_json(bytes in input()) {
        json(&bytes);
    }

    #[test]
    fn fuzz_position_string(
        edits in prop::collection::vec(edit(), 0..4),
        start in select(vec![
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S",
            "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S",
            "0,0,0,0,0,0/0,0,0,0,0,0 36:36 N",
        ]),
    ) {
        let bytes = apply(start.as_bytes().to_vec(), &edits);
        position(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fuzz_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse(&bytes);
        validate_all(&bytes);
        position(&String::from_utf8_lossy(&bytes));
    }
}
