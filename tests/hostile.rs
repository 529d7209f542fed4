//! The hostile shapes of `examples/hostile.rs` at small sizes: each gives its expected
//! findings and nothing panics. Their speed and memory at large sizes are
//! measured by `examples/hostile.rs`, not here.

use bohnenspiel::notation::{ErrorKind, GroupKind, Record, WarningKind, parse_records};
use bohnenspiel::validate::{FindingKind, Options, Severity, validate};

/// The limits the notation and validate modules document: errors and
/// warnings kept per game, groups kept per ply, findings kept per game.
const MAX_ERRORS_PER_GAME: usize = 100;
const MAX_WARNINGS_PER_GAME: usize = 100;
const MAX_GROUPS_PER_PLY: usize = 100;
const MAX_FINDINGS_PER_GAME: usize = 100;

/// Parses `text` as one game without errors, prints it and reads it back.
fn print_and_read_back(text: &str) -> String {
    let games = parse_records(text);
    assert_eq!(games.len(), 1);
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    let printed = games[0].record.to_string();
    let again: Record = printed
        .parse()
        .unwrap_or_else(|e| panic!("{e}\n{printed:.200}"));
    assert_eq!(again.without_spans(), games[0].record.without_spans());
    printed
}

#[test]
fn a_south_turn_wider_than_a_format_width_prints() {
    let text = format!("1. 4 ({}) 8\n", "x".repeat(65_532));
    let printed = print_and_read_back(&text);
    assert_eq!(printed, format!("1.  4 ({})   8\n", "x".repeat(65_532)));
}

#[test]
fn one_wide_row_does_not_pad_every_other_row() {
    let mut text = format!("1. 4 ({}) 8\n", "c".repeat(10_000));
    for n in 2..=10_000 {
        text.push_str(&format!("{n}. 4 8\n"));
    }
    let printed = print_and_read_back(&text);
    assert!(printed.len() < text.len() + 10_000 * 8, "{}", printed.len());
    // The short rows keep their own column.
    assert!(
        printed.contains("\n    2.  4   8\n"),
        "{:.300}",
        &printed[10_000..]
    );
    // A South turn of exactly the limit (40 characters) still moves the
    // column; one more character does not.
    const NORTH_COLUMN_LIMIT: usize = 40;
    for (comment, second_row) in [
        (NORTH_COLUMN_LIMIT - 4, NORTH_COLUMN_LIMIT + 8),
        (NORTH_COLUMN_LIMIT - 3, 9),
    ] {
        let wide = format!("1. 4 ({}) 8\n", "c".repeat(comment));
        let printed = print_and_read_back(&format!("{wide}2. 4 8\n"));
        assert_eq!(
            printed.lines().nth(1).map(str::len),
            Some(second_row),
            "{printed}"
        );
    }
}

/// The games of `bytes`, read as a file is.
fn read(bytes: &[u8]) -> Vec<bohnenspiel::notation::ParsedRecord> {
    bohnenspiel::notation::RecordReader::new(bytes)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn bytes_that_are_not_utf8_are_located_and_counted() {
    let mut bytes = b"4,8 ".to_vec();
    bytes.extend(std::iter::repeat_n(0xff, 1_000));
    let games = read(&bytes);
    assert_eq!(games.len(), 1);
    let errors = &games[0].errors;
    // The first `?` is also unexpected text; then the bytes, up to the
    // limit, and one error counting the rest.
    assert_eq!(errors.len(), MAX_ERRORS_PER_GAME + 1);
    assert_eq!(errors[0].kind, ErrorKind::UnexpectedText);
    assert!(
        errors[1..MAX_ERRORS_PER_GAME]
            .iter()
            .all(|e| e.kind == ErrorKind::NotUtf8)
    );
    assert_eq!(errors[1].location.column, 5);
    assert_eq!(errors[99].location.column, 4 + 99);
    let last = &errors[MAX_ERRORS_PER_GAME];
    assert_eq!(last.kind, ErrorKind::TooManyErrors { more: 901 });
    assert!(last.message.starts_with("901 more errors"), "{last}");
    assert_eq!(last.location.column, 4 + 100);
}

#[test]
fn many_empty_moves_keep_a_bounded_number_of_errors() {
    let text = format!("4,8{}\n", ";".repeat(5_000));
    let games = parse_records(&text);
    let errors = &games[0].errors;
    assert_eq!(errors.len(), MAX_ERRORS_PER_GAME + 1);
    assert!(
        errors[..MAX_ERRORS_PER_GAME]
            .iter()
            .all(|e| e.kind == ErrorKind::EmptyMove)
    );
    assert_eq!(errors[99].location.column, 4 + 100);
    assert_eq!(errors[100].kind, ErrorKind::TooManyErrors { more: 4899 });
    assert!(
        errors[100].message.starts_with("4899 more errors"),
        "{}",
        errors[100]
    );
    assert!(errors[100].to_string().ends_with(
        "(at most 100 are kept per game): expected at most 100 errors per game, found 4999"
    ));
    assert_eq!(games[0].record.movetext.moves.len(), 1);
}

#[test]
fn stray_closing_parentheses_keep_a_bounded_number_of_warnings() {
    let text = format!("4 {}\n", ")".repeat(3_000));
    let games = parse_records(&text);
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    let warnings = &games[0].warnings;
    assert_eq!(warnings.len(), MAX_WARNINGS_PER_GAME + 1);
    assert!(
        warnings[..MAX_WARNINGS_PER_GAME]
            .iter()
            .all(|w| w.kind == WarningKind::UnmatchedParenthesis)
    );
    assert_eq!(
        warnings[100].kind,
        WarningKind::TooManyWarnings { more: 2900 }
    );
    assert_eq!(warnings[100].count(), 2900);
    assert!(
        warnings[100].message.starts_with("2900 more warnings"),
        "{}",
        warnings[100]
    );
    assert_eq!(warnings[100].location.column, 3 + 100);
}

#[test]
fn a_huge_hole_number_is_quoted_short() {
    let text = format!("4,8; {}\n", "9".repeat(100_000));
    let games = parse_records(&text);
    let errors = &games[0].errors;
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind, ErrorKind::HoleOutOfRange);
    assert_eq!(errors[0].span.len(), 100_000);
    assert_eq!(
        errors[0].found,
        // A message quotes at most 20 characters.
        format!("`{}…`", "9".repeat(20))
    );
    assert!(errors[0].to_string().len() < 200, "{}", errors[0]);
    let marks = format!("4{}\n", "!".repeat(100_000));
    let errors = &parse_records(&marks)[0].errors;
    assert_eq!(errors[0].kind, ErrorKind::UnknownMark);
    assert!(errors[0].to_string().len() < 200, "{}", errors[0]);
}

/// The labels `A`, `B`, …, `Z`, `AA`, `AB`, … : `n` of them.
fn labels(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let letter = |k: usize| char::from(b'A' + u8::try_from(k % 26).unwrap_or(0));
            if i < 26 {
                letter(i).to_string()
            } else {
                format!("{}{}", letter(i / 26 - 1), letter(i))
            }
        })
        .collect()
}

#[test]
fn many_unknown_labels_keep_a_bounded_number_of_findings() {
    let text = format!("1. 4 ({}) 8\n", labels(300).join("/"));
    let games = parse_records(&text);
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    let report = validate(&games[0], &Options::default());
    let findings = &report.findings;
    assert_eq!(findings.len(), MAX_FINDINGS_PER_GAME + 1, "{findings:#?}");
    let last = &findings[MAX_FINDINGS_PER_GAME];
    assert_eq!(last.kind, FindingKind::FindingsOmitted);
    assert!(
        last.message.starts_with("201 more findings"),
        "{}",
        last.message
    );
    assert_eq!(last.severity, Severity::Warning);
}

#[test]
fn many_out_of_range_holes_and_bad_rows_keep_a_bounded_number_of_errors() {
    for (text, kind) in [
        ("13,13; ".repeat(500), ErrorKind::HoleOutOfRange),
        (
            (1..=500).map(|n| format!("{n}. x 9\n")).collect::<String>(),
            ErrorKind::ExpectedHole,
        ),
    ] {
        let games = parse_records(&text);
        assert_eq!(games.len(), 1);
        let errors = &games[0].errors;
        assert_eq!(errors.len(), MAX_ERRORS_PER_GAME + 1, "{kind:?}");
        assert!(
            errors[..MAX_ERRORS_PER_GAME].iter().all(|e| e.kind == kind),
            "{errors:?}"
        );
        assert!(
            matches!(errors[MAX_ERRORS_PER_GAME].kind, ErrorKind::TooManyErrors { more } if more > 0),
            "{errors:?}"
        );
        // Validation reports them, capped in turn, as errors.
        let report = validate(&games[0], &Options::default());
        assert!(report.findings.len() <= MAX_FINDINGS_PER_GAME + 1);
        assert!(report.has_errors());
    }
}

#[test]
fn many_variations_and_tags_are_read_whole() {
    let names = labels(200);
    let mut text = format!("1. 4 ({}) 8\n", names.join("/"));
    for l in &names {
        text.push_str(&format!("({l})\n1. 5 9\n"));
    }
    let games = parse_records(&text);
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    assert_eq!(games[0].record.movetext.variations.len(), 200);
    let report = validate(&games[0], &Options::default());
    assert_eq!(report.variations.len(), 200);
    assert!(
        report.variations.iter().all(|v| v.replayed),
        "{:?}",
        report.findings
    );

    let mut tags: String = (0..300).map(|i| format!("[Tag{i} \"v{i}\"]\n")).collect();
    tags.push_str("\n4,8\n");
    let games = parse_records(&tags);
    assert_eq!(games[0].record.tags.len(), 300);
    assert!(games[0].errors.is_empty());
}

#[test]
fn groups_past_the_limit_are_dropped_with_an_error_at_their_place() {
    let kept = "(A)".repeat(MAX_GROUPS_PER_PLY);
    for (more, count) in [
        ("(A)".repeat(1_000), 1_000),
        ("(4?)(6!!)(B/C)".repeat(400), 1_200),
    ] {
        let text = format!("1. 4 {kept}{more} 8\n2. 5 9\n");
        let games = parse_records(&text);
        assert_eq!(games.len(), 1);
        let game = &games[0];
        let [error] = &game.errors[..] else {
            panic!("{:?}", game.errors)
        };
        assert_eq!(error.kind, ErrorKind::TooManyGroups);
        // The error spans the groups not kept, and counts them.
        let start = "1. 4 ".len() + kept.len();
        assert_eq!(
            (error.span.start, error.span.end),
            (start, start + more.len())
        );
        assert_eq!((error.location.line, error.location.column), (1, start + 1));
        assert_eq!(error.found, format!("{count} more"));
        assert!(!error.loses_plies);
        // The ply keeps the first groups, and the plies after it are read.
        let moves = &game.record.movetext.moves;
        assert_eq!(moves.len(), 2);
        let groups = moves[0].south.turn().map(|turn| turn.ply.groups());
        let groups = groups.unwrap_or_else(|| panic!("{:?}", moves[0]));
        assert_eq!(groups.len(), MAX_GROUPS_PER_PLY);
        assert!(
            groups
                .iter()
                .all(|group| matches!(&group.kind, GroupKind::Labels(labels) if labels.len() == 1))
        );
        assert_eq!(
            moves[0].north.as_ref().map(|turn| turn.ply.to_string()),
            Some("8".to_owned())
        );
        // Validation shows it, at its place, as an error.
        let report = validate(game, &Options::default());
        let finding = report
            .findings
            .iter()
            .find(|finding| finding.span == error.span)
            .unwrap_or_else(|| panic!("{:#?}", report.findings));
        assert_eq!(finding.severity, Severity::Error);
        assert_eq!(finding.kind, FindingKind::Syntax);
        assert!(
            finding.message.contains(&format!("{count} more")),
            "{}",
            finding.message
        );
    }
    // Up to the limit, every group is kept without an error.
    let games = parse_records(&format!("1. 4 {kept} 8\n"));
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    assert_eq!(
        games[0].record.movetext.moves[0]
            .south
            .turn()
            .map(|turn| turn.ply.groups().len()),
        Some(MAX_GROUPS_PER_PLY)
    );
}
