//! Records with many variations, at a small size: a row referring to N
//! one-row variations, N variations no line refers to, and a chain
//! A→B→C… each give the findings expected of them. (Their speed at large
//! sizes is measured in `examples/hostile.rs`.) The parents the validator
//! finds by index are checked against `Movetext::parent_of`, which
//! searches.

use bohnenspiel::notation::{LineRef, parse_records};
use bohnenspiel::validate::{FindingKind, Options, Report, validate};

const N: usize = 60;

/// The `i`-th label: A, B, …, Z, AA, AB, …
fn label(i: usize) -> String {
    let mut i = i + 1;
    let mut out = Vec::new();
    while i > 0 {
        i -= 1;
        out.push(b'A' + u8::try_from(i % 26).unwrap());
        i /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

/// Validates `text` (one game), checking each variation's parent against
/// the search of `Movetext::parent_of`.
fn check(text: &str) -> Report {
    let games = parse_records(text);
    assert_eq!(games.len(), 1);
    let parsed = &games[0];
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let report = validate(parsed, &Options::default());
    let movetext = &parsed.record.movetext;
    assert_eq!(report.variations.len(), movetext.variations.len());
    for entry in &report.variations {
        let searched = movetext
            .parent_of(&entry.label)
            .and_then(|(line, _)| match line {
                LineRef::Main => None,
                LineRef::Variation(label) => Some(label.as_str().to_owned()),
            });
        assert_eq!(entry.parent, searched, "variation {}", entry.label);
    }
    report
}

fn count(report: &Report, kind: FindingKind) -> usize {
    report.findings.iter().filter(|f| f.kind == kind).count()
}

#[test]
fn a_row_referring_to_many_one_row_variations() {
    let labels: Vec<String> = (0..N).map(label).collect();
    let mut text = format!("1. 4 ({}) 8\n", labels.join("/"));
    for label in &labels {
        text.push_str(&format!("({label})\n1. 3 9\n"));
    }
    let report = check(&text);
    assert!(
        report
            .variations
            .iter()
            .all(|v| v.replayed && v.parent.is_none())
    );
    assert!(report.variations.iter().all(|v| v.line.last_index == 2));
    // Every line stops early, a problem solution: a note each, and
    // nothing else.
    assert_eq!(count(&report, FindingKind::UnfinishedGame), N + 1);
    assert_eq!(report.findings.len(), N + 1);
    assert!(
        report
            .summary()
            .ends_with(&format!("; {N} variations replayed"))
    );
}

#[test]
fn many_variations_no_line_refers_to() {
    let mut text = "1. 4 8\n".to_owned();
    for i in 0..N {
        text.push_str(&format!("({})\n1. 3 9\n", label(i)));
    }
    let report = check(&text);
    assert_eq!(count(&report, FindingKind::UnresolvedLabel), N);
    assert!(report.variations.iter().all(|v| !v.replayed));
    let first = report
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::UnresolvedLabel)
        .unwrap();
    assert_eq!(
        first.message,
        "no line refers to variation (A), so it cannot be replayed"
    );
    assert_eq!((first.location.line, first.location.column), (2, 1));
}

#[test]
fn a_chain_of_variations() {
    // (A) replaces the main line from row 2, (B) replaces (A) from row 3,
    // and so on: each variation's line is its parent's first rows, then
    // its own. Every ply is legal: South and North sow alternately from
    // holes that stay full enough.
    let mut text = format!("1. 4 8\n2. 3 ({}) 9\n", label(0));
    for i in 0..N {
        let next = if i + 1 < N {
            format!(" ({})", label(i + 1))
        } else {
            String::new()
        };
        text.push_str(&format!("({})\n2. 5{next} 10\n", label(i)));
    }
    let report = check(&text);
    assert!(report.variations.iter().all(|v| v.replayed));
    for (i, v) in report.variations.iter().enumerate() {
        let parent = (i > 0).then(|| label(i - 1));
        assert_eq!(v.parent, parent);
        assert_eq!(v.branch, Some(2));
        // Row 1 from the main line, then its own row 2.
        assert_eq!(v.line.last_index, 4, "variation {}", v.label);
    }
    assert_eq!(count(&report, FindingKind::UnresolvedLabel), 0);
    assert_eq!(count(&report, FindingKind::UnfinishedGame), N + 1);
}

#[test]
fn a_cycle_of_variations_is_not_replayed() {
    // (A) refers to (B) and (B) to (A), and no other line refers to
    // either: both have a parent, neither a line from the start.
    let text = "1. 4 8\n(A)\n1. 3 (B) 9\n(B)\n1. 5 (A) 10\n";
    let report = check(text);
    assert!(report.variations.iter().all(|v| !v.replayed));
    assert_eq!(count(&report, FindingKind::UnresolvedLabel), 0);
    let notes: Vec<&str> = report
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::ReplayStopped)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        notes,
        [
            "variation (A) is not replayed: its parent lines refer to each other in a cycle",
            "variation (B) is not replayed: its parent lines refer to each other in a cycle",
        ]
    );
}
