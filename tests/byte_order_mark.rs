//! A UTF-8 byte-order mark at the start of the input is skipped by every
//! reader: the games, their tags and their findings are those of the same
//! text without it, with offsets three bytes later.

use std::io::BufReader;

use bohnenspiel::notation::{ParsedRecord, RecordReader, parse_records};
use bohnenspiel::validate::{Options, Validator, validate};

const TEXT: &str =
    "[Event \"Rüger\"]\n[Date \"1962\"]\n\n4,8; 6,12 (4 from 8)\n\n[Event \"two\"]\n\n3,9; 5\n";

fn with_bom() -> String {
    format!("\u{FEFF}{TEXT}")
}

/// The trees, without spans, of the games read through a buffer of
/// `capacity` bytes (so that lines are also read across refills).
fn read(text: &str, capacity: usize) -> Vec<ParsedRecord> {
    RecordReader::new(BufReader::with_capacity(capacity, text.as_bytes()))
        .collect::<Result<_, _>>()
        .expect("reading from memory")
}

#[test]
fn the_readers_skip_it() {
    let plain = parse_records(TEXT);
    assert_eq!(plain.len(), 2);
    for games in [
        parse_records(&with_bom()),
        read(&with_bom(), 1),
        read(&with_bom(), 2),
        read(&with_bom(), 5),
    ] {
        assert_eq!(games.len(), 2);
        for (game, expected) in games.iter().zip(&plain) {
            assert!(game.errors.is_empty(), "{:?}", game.errors);
            assert_eq!(game.record.without_spans(), expected.record.without_spans());
            assert_eq!(game.source, expected.source);
            assert_eq!(game.offset, expected.offset + 3);
            assert_eq!(game.first_line, expected.first_line);
        }
        assert_eq!(games[0].record.tag("Event"), Some("Rüger"));
        assert_eq!(games[0].record.tags[0].span.start, 3);
    }
}

#[test]
fn findings_are_located_after_it() {
    let games = parse_records(&with_bom());
    let report = validate(&games[0], &Options::default());
    let capture = report
        .findings
        .iter()
        .find(|f| f.message.starts_with("annotated 4 from 8"))
        .expect("the wrong capture is reported");
    assert_eq!((capture.location.line, capture.location.column), (4, 12));
    assert_eq!(
        capture.location.offset,
        TEXT.find("(4 from 8)").unwrap() + 4
    );
}

#[test]
fn the_streaming_validator_skips_it() {
    for keep_plies in [false, true] {
        let options = Options {
            keep_plies,
            ..Options::default()
        };
        let streamed: Vec<_> = Validator::new(RecordReader::new(with_bom().as_bytes()), options)
            .map(|game| game.expect("reading from memory").report)
            .collect();
        let plain: Vec<_> = Validator::new(RecordReader::new(TEXT.as_bytes()), options)
            .map(|game| game.expect("reading from memory").report)
            .collect();
        assert_eq!(streamed.len(), 2);
        for (a, b) in streamed.iter().zip(&plain) {
            let messages = |r: &bohnenspiel::validate::Report| {
                r.findings
                    .iter()
                    .map(|f| (f.message.clone(), f.location.line, f.location.column))
                    .collect::<Vec<_>>()
            };
            assert_eq!(messages(a), messages(b));
            assert_eq!(a.summary(), b.summary());
        }
    }
}

#[test]
fn only_at_the_start_of_the_input() {
    // Elsewhere it is text like any other, and reported.
    let games = parse_records("4,8; \u{FEFF}6,12\n");
    assert_eq!(games.len(), 1);
    assert!(!games[0].errors.is_empty());
}
