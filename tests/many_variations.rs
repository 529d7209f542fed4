//! Records with many variations, at a small size: a row referring to N
//! one-row variations, N variations no line refers to, a chain A→B→C…,
//! N variations branching at ever later rows of one long line, and a
//! chain each a row later than its parent, each give the findings
//! expected of them. (Their speed at large
//! sizes is measured in `examples/hostile.rs`.) The parents the validator
//! finds by index are checked against `Movetext::parent_of`, which
//! searches.

use bohnenspiel::notation::parse_records;
use bohnenspiel::validate::{FindingKind, Line, Options, Report, Severity, validate};

const N: usize = 60;

/// The most findings a game keeps, as the validate module documents.
const MAX_FINDINGS_PER_GAME: usize = 100;

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
            .parent_of(entry.label.as_str())
            .and_then(|(line, _)| line);
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
        assert_eq!(v.parent.map(|p| p.as_str().to_owned()), parent);
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

#[test]
fn labels_out_of_order_and_written_twice_find_their_parents() {
    // The index sorts the labels: variations written in no order, a
    // label written twice (each variation with it has the parent of the
    // label), one a later variation refers to first, and one nothing
    // refers to, each find the parent the search finds.
    let text = "1. 4 (Z/B) 8\n(B)\n1. 5 (Q) 9\n(Z)\n1. 3 9\n(Q)\n1. 6 10\n(B)\n1. 3 9\n(AA)\n1. 3 9\n(C)\n1. 3 (D) 9\n(D)\n1. 5 10\n";
    let report = check(text);
    let parents: Vec<(&str, Option<&str>, bool)> = report
        .variations
        .iter()
        .map(|v| {
            (
                v.label.as_str(),
                v.parent.as_ref().map(|p| p.as_str()),
                v.replayed,
            )
        })
        .collect();
    assert_eq!(
        parents,
        [
            ("B", None, true),
            ("Z", None, true),
            ("Q", Some("B"), true),
            ("B", None, true),
            ("AA", None, false),
            ("C", None, false),
            ("D", Some("C"), false),
        ]
    );
    // Nothing refers to (AA) or (C): a warning each.
    assert_eq!(count(&report, FindingKind::UnresolvedLabel), 2);
}

/// The lines of a report are small, so that a record of many short
/// variations (about ten bytes of text each) keeps a report of a small
/// multiple of its size: the rare parts of a line are boxed.
#[test]
fn a_line_and_a_variation_report_are_small() {
    assert!(std::mem::size_of::<Line>() <= 64);
    assert!(std::mem::size_of::<bohnenspiel::validate::VariationReport>() <= 96);
}

/// A start where each side has one bean, six holes apart: each has one
/// legal move for ever, and nothing is ever captured, so that a line of
/// any length is legal and every position since the start can repeat.
const ROUND_START: &str = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S";

/// Row `number` (from 1) of that game: `N. S N`, with `labels` after
/// South's hole if any.
fn round_row(number: usize, labels: &str) -> String {
    const ROUND: [(u8, u8); 6] = [(5, 11), (6, 12), (1, 7), (2, 8), (3, 9), (4, 10)];
    let (south, north) = ROUND[(number - 1) % ROUND.len()];
    let labels = if labels.is_empty() {
        String::new()
    } else {
        format!(" ({labels})")
    };
    format!("{number}. {south}{labels} {north}\n")
}

/// What the rules made of a line's plies from ply `from` (counted from
/// 0) on, without what was written: each ply's number, index, player,
/// move, captures and position after it; and how the line ended.
fn replayed(line: &Line, from: usize) -> String {
    let plies: Vec<String> = line
        .plies
        .iter()
        .skip(from)
        .map(|p| {
            format!(
                "{} {} {} {:?} {:?} {}",
                p.number, p.index, p.player, p.mv, p.captures, p.after
            )
        })
        .collect();
    format!(
        "{plies:?} {} {:?} {:?} {:?}",
        line.last_index, line.end, line.stop, line.position
    )
}

/// The main line of a record of the first `rows` rows of that game, as
/// validated alone, from ply `from` on: what a variation whose whole line
/// is those rows, and whose own plies start there, must give.
fn round_line(rows: usize, from: usize) -> String {
    let mut text = format!("[Setup \"{ROUND_START}\"]\n\n");
    for number in 1..=rows {
        text.push_str(&round_row(number, ""));
    }
    replayed(&check(&text).main_line, from)
}

#[test]
fn variations_branching_at_ever_later_rows() {
    // Row k of a long main line refers to a variation that replaces it
    // from row k + 1 with the same row: each variation's whole line is
    // the main line's first k + 1 rows.
    let rows = 3 * N;
    let mut text = format!("[Setup \"{ROUND_START}\"]\n\n");
    for k in 1..=rows {
        text.push_str(&round_row(k, &label(k - 1)));
    }
    for k in 1..=rows {
        text.push_str(&format!("({})\n{}", label(k - 1), round_row(k + 1, "")));
    }
    let report = check(&text);
    assert_eq!(replayed(&report.main_line, 0), round_line(rows, 0));
    for (k, v) in (1..).zip(&report.variations) {
        assert!(v.replayed, "variation {}", v.label);
        assert_eq!(v.branch, Some(k + 1));
        // Its own plies are row k + 1's, after the main line's first k.
        let k = k as usize;
        assert_eq!(
            replayed(&v.line, 0),
            round_line(k + 1, 2 * k),
            "variation {}",
            v.label
        );
    }
    // One note each, the main line's first, then the variations' in
    // written order, as many as are kept; the rest are counted.
    let findings = &report.findings;
    assert_eq!(findings.len(), MAX_FINDINGS_PER_GAME + 1);
    let mut kept: Vec<Option<&str>> = findings[..MAX_FINDINGS_PER_GAME]
        .iter()
        .map(|f| f.variation.as_ref().map(|label| label.as_str()))
        .collect();
    kept.sort();
    let labels: Vec<String> = (0..MAX_FINDINGS_PER_GAME - 1).map(label).collect();
    let mut expected: Vec<Option<&str>> = labels.iter().map(|l| Some(l.as_str())).collect();
    expected.push(None);
    expected.sort();
    assert_eq!(kept, expected);
    assert!(findings.iter().all(|f| f.severity == Severity::Note));
    let last = &findings[MAX_FINDINGS_PER_GAME];
    assert_eq!(last.kind, FindingKind::FindingsOmitted);
    let more = rows + 1 - MAX_FINDINGS_PER_GAME;
    assert!(
        last.message.starts_with(&format!("{more} more findings")),
        "{}",
        last.message
    );
}

#[test]
fn a_chain_of_variations_each_a_row_later() {
    // (A) replaces the main line from row 2, (B) replaces (A) from row 3,
    // and so on: variation i's whole line is the first i + 2 rows.
    let mut text = format!("[Setup \"{ROUND_START}\"]\n\n{}", round_row(1, &label(0)));
    for i in 0..N {
        let next = if i + 1 < N {
            label(i + 1)
        } else {
            String::new()
        };
        text.push_str(&format!("({})\n{}", label(i), round_row(i + 2, &next)));
    }
    let report = check(&text);
    assert_eq!(replayed(&report.main_line, 0), round_line(1, 0));
    for (i, v) in report.variations.iter().enumerate() {
        assert!(v.replayed, "variation {}", v.label);
        assert_eq!(
            replayed(&v.line, 0),
            round_line(i + 2, 2 * (i + 1)),
            "variation {}",
            v.label
        );
    }
    assert_eq!(count(&report, FindingKind::UnresolvedLabel), 0);
    assert_eq!(
        count(&report, FindingKind::UnfinishedGame) + count(&report, FindingKind::Repetition),
        N + 1
    );
}
