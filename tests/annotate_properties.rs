//! `annotate` gives a record that validates clean: over random legal
//! games whose plies carry several groups (right, wrong and empty-handed
//! capture annotations, comments after `;`, labels, remarks and plain
//! comments), the annotated record, printed and read again, has no
//! capture finding, and every ply keeps its comments as comments, its
//! labels and its remarks.

mod common;

use bohnenspiel::notation::{GroupKind, Layout, Record, parse_records};
use bohnenspiel::validate::{FindingKind, Options, annotate, validate};
use proptest::prelude::*;

/// Comment texts, some of which would read as something else alone.
const COMMENTS: [&str; 7] = ["nice", "A", "2 from 12", "4?", "B/C", "; again", "x (y) z"];

/// One group after a ply, as written.
#[derive(Debug, Clone)]
enum Written {
    /// The rules' captures (or, when they capture nothing, none).
    Right(Option<usize>),
    /// A capture annotation the rules may not make: `beans from hole`.
    Wrong(u8, u8, Option<usize>),
    Labels(bool),
    Remark(u8),
    Comment(usize),
}

fn comment() -> impl Strategy<Value = Option<usize>> {
    prop::option::of(0..COMMENTS.len())
}

fn written() -> impl Strategy<Value = Written> {
    prop_oneof![
        comment().prop_map(Written::Right),
        (1u8..4, 1u8..=12, comment()).prop_map(|(beans, hole, c)| Written::Wrong(
            beans * 2,
            hole,
            c
        )),
        any::<bool>().prop_map(Written::Labels),
        (1u8..=12).prop_map(Written::Remark),
        (0..COMMENTS.len()).prop_map(Written::Comment),
    ]
}

/// The text of one group for a ply whose rules' captures print as
/// `captures` (empty when nothing is captured); `None` for a "right"
/// annotation of a ply that captures nothing.
fn group_text(group: &Written, captures: &str) -> Option<String> {
    let with = |text: String, c: &Option<usize>| match c {
        Some(i) => format!("({text}; {})", COMMENTS[*i]),
        None => format!("({text})"),
    };
    match group {
        Written::Right(c) => (!captures.is_empty()).then(|| with(captures.to_owned(), c)),
        Written::Wrong(beans, hole, c) => Some(with(format!("{beans} from {hole}"), c)),
        Written::Labels(two) => Some(if *two { "(B/C)" } else { "(A)" }.to_owned()),
        Written::Remark(hole) => Some(format!("({hole}?)")),
        Written::Comment(i) => Some(format!("({})", COMMENTS[*i])),
    }
}

/// Per ply of the main line: its comments, labels and remarks.
fn kept(record: &Record) -> Vec<(Vec<String>, Vec<String>, Vec<u8>)> {
    record
        .movetext
        .moves
        .iter()
        .flat_map(|m| std::iter::once(&m.south).chain(m.north.as_ref()))
        .map(|turn| {
            let ply = &turn.ply;
            let comments = ply.comments().map(str::to_owned).collect();
            let labels = ply.labels().map(|l| l.as_str().to_owned()).collect();
            let remarks = ply
                .groups
                .iter()
                .filter_map(|g| match &g.kind {
                    GroupKind::OtherMove(other) => other.hole.map(|hole| hole.number()),
                    _ => None,
                })
                .collect();
            (comments, labels, remarks)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn annotated_records_validate_clean_and_keep_their_comments(
        choices in prop::collection::vec(any::<usize>(), 1..60),
        groups in prop::collection::vec(prop::collection::vec(written(), 0..4), 60),
        numbered in any::<bool>(),
    ) {
        let (played, _) = common::play(choices);
        let plies: Vec<String> = played
            .iter()
            .zip(&groups)
            .map(|(p, groups)| {
                let captures = if p.captures.is_empty() { String::new() } else { p.captures.to_string() };
                let mut text = p.mv.hole().to_string();
                for group in groups.iter().filter_map(|g| group_text(g, &captures)) {
                    text.push(' ');
                    text.push_str(&group);
                }
                text
            })
            .collect();
        let movetext: String = if numbered {
            plies
                .chunks(2)
                .zip(1..)
                .map(|(pair, n)| format!("{n}. {}\n", pair.join("   ")))
                .collect()
        } else {
            let moves: Vec<String> = plies.chunks(2).map(|pair| pair.join(", ")).collect();
            format!("{}\n", moves.join("; "))
        };
        let text = format!("[Event \"generated\"]\n\n{movetext}");
        let games = parse_records(&text);
        prop_assert_eq!(games.len(), 1);
        prop_assert!(games[0].is_ok(), "{}\n{:?}", text, games[0].errors);
        let layout = games[0].record.movetext.layout;
        prop_assert_eq!(layout, if numbered { Layout::Numbered } else { Layout::Inline });
        let options = Options { strict: true, ..Options::default() };
        let report = validate(&games[0], &options);
        prop_assert_eq!(report.main_line.plies.len(), played.len());

        let annotated = annotate(&games[0].record, &report).to_string();
        let again = parse_records(&annotated);
        prop_assert_eq!(again.len(), 1);
        prop_assert!(again[0].is_ok(), "{}\n{:?}", annotated, again[0].errors);
        let checked = validate(&again[0], &options);
        let capture_findings: Vec<String> = checked
            .findings
            .iter()
            .filter(|f| matches!(f.kind, FindingKind::CaptureMismatch | FindingKind::UnannotatedCapture))
            .map(|f| format!("{}: {}", f.location, f.message))
            .collect();
        prop_assert!(capture_findings.is_empty(), "{}\n->\n{}\n{:?}", text, annotated, capture_findings);
        prop_assert_eq!(checked.main_line.plies.len(), played.len());
        prop_assert_eq!(kept(&again[0].record), kept(&games[0].record), "{}\n->\n{}", text, annotated);
    }
}

#[test]
fn the_records_of_the_issue() {
    let cases = [
        // Both capture groups are considered: the rules capture nothing.
        (
            "4 (2 from 3) (2 from 12), 8; 6, 12\n",
            "4, 8; 6, 12 (2 from 8)\n",
        ),
        // A comment after a wrong annotation stays a comment.
        (
            "4, 8; 6 (2 from 3; A), 12\n",
            "4, 8; 6 (; A), 12 (2 from 8)\n",
        ),
        (
            "4, 8; 6 (2 from 3; 2 from 12), 12\n",
            "4, 8; 6 (; 2 from 12), 12 (2 from 8)\n",
        ),
        // A right first annotation is kept as written, a second removed
        // (its comment kept).
        (
            "4, 8; 6, 12 (2 from hole 8) (4 from 8; sure?)\n",
            "4, 8; 6, 12 (2 from hole 8) (sure?)\n",
        ),
    ];
    for (text, expected) in cases {
        let games = parse_records(text);
        let report = validate(&games[0], &Options::default());
        let annotated = annotate(&games[0].record, &report);
        assert_eq!(annotated.to_string(), expected, "{text}");
        let again = parse_records(expected);
        let checked = validate(&again[0], &Options::default());
        assert!(
            checked.findings.iter().all(|f| !matches!(
                f.kind,
                FindingKind::CaptureMismatch | FindingKind::UnannotatedCapture
            )),
            "{expected}: {:?}",
            checked.findings
        );
        assert_eq!(kept(&again[0].record), kept(&annotated), "{expected}");
    }
}
