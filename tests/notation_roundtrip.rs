//! Parse → print → parse gives the same tree, on every fixture.

use bohnenspiel::notation::{Record, parse_records};

const FIXTURES: [&str; 4] = [
    "rueger-1962.txt",
    "machatscheck-1972.txt",
    "shotayev-gentlemen.txt",
    "shotayev-charming.txt",
];

fn read(name: &str) -> String {
    let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

#[test]
fn fixtures_round_trip() {
    for name in FIXTURES {
        let games = parse_records(&read(name));
        assert_eq!(games.len(), 1, "{name}");
        let game = &games[0];
        assert!(game.errors.is_empty(), "{name}: {:?}", game.errors);
        let printed = game.record.to_string();
        let again: Record = printed
            .parse()
            .unwrap_or_else(|errors| panic!("{name}: {errors}\n{printed}"));
        assert_eq!(again.without_spans(), game.record.without_spans(), "{name}");
        assert_eq!(again.to_string(), printed, "{name}: printing is stable");
    }
}

#[test]
fn all_fixtures_in_one_file_split_into_four_games() {
    let joined: Vec<String> = FIXTURES.iter().map(|name| read(name)).collect();
    let games = parse_records(&joined.join("\n"));
    assert_eq!(games.len(), 4);
    let events: Vec<_> = games.iter().map(|g| g.record.tag("Date")).collect();
    assert_eq!(
        events,
        [Some("1962"), Some("1972"), Some("2006"), Some("2006")]
    );
    for (game, name) in games.iter().zip(FIXTURES) {
        let alone = parse_records(&read(name));
        assert_eq!(game.record.without_spans(), alone[0].record.without_spans());
    }
}

#[test]
fn only_the_gentlemen_warns_about_its_extra_parenthesis() {
    for name in FIXTURES {
        let games = parse_records(&read(name));
        let lines: Vec<_> = games[0]
            .warnings
            .iter()
            .map(|w| (w.location.line, w.location.column))
            .collect();
        if name == "shotayev-gentlemen.txt" {
            assert_eq!(lines, [(27, 65)], "{name}");
        } else {
            assert!(lines.is_empty(), "{name}");
        }
    }
}

#[test]
fn a_small_read_buffer_reads_the_same_games() {
    use bohnenspiel::notation::RecordReader;
    use std::io::BufReader;

    let mut bytes: Vec<u8> = Vec::new();
    for name in FIXTURES {
        bytes.extend_from_slice(read(name).as_bytes());
        bytes.push(b'\n');
    }
    let invalid = format!("{}/fixtures/invalid", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<_> = std::fs::read_dir(&invalid)
        .unwrap_or_else(|error| panic!("{invalid}: {error}"))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    names.sort();
    for path in names {
        let text = std::fs::read(&path).unwrap_or_else(|error| panic!("{path:?}: {error}"));
        bytes.extend_from_slice(&text);
        bytes.extend_from_slice(b"\n\n");
    }
    let whole: Vec<_> = RecordReader::new(bytes.as_slice())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|error| panic!("{error}"));
    for capacity in [1, 2, 7, 64] {
        let small: Vec<_> = RecordReader::new(BufReader::with_capacity(capacity, bytes.as_slice()))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(small, whole, "capacity {capacity}");
    }
    assert!(whole.iter().any(|game| !game.errors.is_empty()));
}

/// Pieces of records, some of them not UTF-8, for the reader's property.
const PIECES: [&[u8]; 15] = [
    b"[Date \"1962\"]\n",
    b"4,8; 6,12 (2 from 8)",
    b"\n",
    b"\n\n",
    b" ",
    b"5",
    b"1. 2  9\n",
    b"\xff",
    b"\xc3\xa9",
    b"\xe2\x80",
    b"\r\n",
    b"\x0b3,9",
    b"(A)\n",
    b"[Result \"50:22\"]",
    b"Prose.",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// However the input is cut into buffers, the reader reads the same
    /// games, with the same offsets, lines and bytes that are not UTF-8,
    /// as from one buffer holding it all (which it takes a run of whole
    /// lines at a time).
    #[test]
    fn any_buffer_size_reads_the_same_games(
        pieces in proptest::collection::vec(proptest::sample::select(&PIECES[..]), 0..40),
        capacity in 1usize..24,
    ) {
        use std::io::BufReader;
        use bohnenspiel::notation::RecordReader;
        let bytes: Vec<u8> = pieces.concat();
        let whole: Vec<_> = RecordReader::new(bytes.as_slice())
            .collect::<Result<_, _>>()
            .map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        let small: Vec<_> = RecordReader::new(BufReader::with_capacity(capacity, bytes.as_slice()))
            .collect::<Result<_, _>>()
            .map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        proptest::prop_assert_eq!(small, whole);
    }
}
