//! `annotate` gives a record that validates clean: over random legal
//! games whose plies carry several groups (right, wrong and empty-handed
//! capture annotations, comments after `;`, labels, remarks and plain
//! comments), the annotated record, printed and read again, has no
//! capture finding, and every ply keeps its comments as comments, its
//! labels and its remarks. Plies may carry an alternative (`8 or 9`)
//! with groups of its own: a legal one is annotated with its own captures,
//! from the position before the turn; an illegal one is kept as written.

mod common;

use bohnenspiel::notation::{GroupKind, Layout, Record, WrittenPly, parse_records};
use bohnenspiel::validate::{FindingKind, Options, validate};
use bohnenspiel::{Hole, Move, Position};
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

/// The text of a ply sowing `hole` with `groups`, for rules' captures
/// that print as `captures`.
fn ply_text(hole: Hole, groups: &[Written], captures: &str) -> String {
    let mut text = hole.to_string();
    for group in groups.iter().filter_map(|g| group_text(g, captures)) {
        text.push(' ');
        text.push_str(&group);
    }
    text
}

/// The turns of the main line.
fn turns(record: &Record) -> impl Iterator<Item = &bohnenspiel::notation::Turn> {
    record
        .movetext
        .moves
        .iter()
        .flat_map(|m| m.turns().map(|(_, turn)| turn))
}

/// Per ply of the main line, alternatives included: its comments, labels
/// and remarks.
fn kept(record: &Record) -> Vec<(Vec<String>, Vec<String>, Vec<u8>)> {
    turns(record)
        .flat_map(bohnenspiel::notation::Turn::plies)
        .map(|ply| {
            let comments = ply.comments().map(str::to_owned).collect();
            let labels = ply.labels().map(|l| l.as_str().to_owned()).collect();
            let remarks = ply
                .groups()
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
        alternatives in prop::collection::vec(
            prop::option::weighted(0.3, (0usize..11, prop::collection::vec(written(), 0..3))),
            60,
        ),
        numbered in any::<bool>(),
    ) {
        let (played, _) = common::play(choices);
        let printed = |captures: &bohnenspiel::Captures| {
            if captures.is_empty() { String::new() } else { captures.to_string() }
        };
        let mut position = Position::new();
        // Per ply: whether its alternative (if any) can be played.
        let mut legal = Vec::new();
        let plies: Vec<String> = played
            .iter()
            .zip(&groups)
            .zip(&alternatives)
            .map(|((p, groups), alternative)| {
                let mut text = ply_text(p.mv.hole(), groups, &printed(&p.captures));
                if let Some((pick, groups)) = alternative {
                    let hole = (1..=12)
                        .filter(|&n| n != p.mv.hole().number())
                        .nth(*pick)
                        .and_then(|n| Hole::new(n).ok())
                        .expect("eleven other holes");
                    let captures = position.clone().play(Move::new(hole)).ok();
                    legal.push(captures.is_some());
                    let captures = captures.as_ref().map_or_else(String::new, printed);
                    text.push_str(" or ");
                    text.push_str(&ply_text(hole, groups, &captures));
                }
                position.play(p.mv).expect("a played move");
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

        let mut annotated = games[0].record.clone();
        report.annotate(&mut annotated);
        let annotated = annotated.to_string();
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
        // An alternative that cannot be played is left as written.
        let written: Vec<&WrittenPly> =
            turns(&games[0].record).flat_map(|turn| turn.alternatives()).collect();
        let read: Vec<&WrittenPly> =
            turns(&again[0].record).flat_map(|turn| turn.alternatives()).collect();
        prop_assert_eq!(written.len(), legal.len());
        prop_assert_eq!(read.len(), legal.len());
        for ((before, after), legal) in written.iter().zip(&read).zip(&legal) {
            if !legal {
                prop_assert_eq!(before.to_string(), after.to_string(), "{}\n->\n{}", text, annotated);
            }
        }
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
        // Alternatives are annotated with their own captures, from the
        // position before the turn (South's 6 or 5, North's 12 or 9): a
        // wrong annotation is replaced, a missing one added; an illegal
        // alternative (South's 8) is left as written.
        (
            "4, 8; 6 or 5 (2 from 3) or 8 (4 from 1), 12 or 9 (2 from 8; why not)\n",
            "4, 8; 6 or 5 or 8 (4 from 1), 12 (2 from 8) or 9 (why not)\n",
        ),
    ];
    for (text, expected) in cases {
        let games = parse_records(text);
        let report = validate(&games[0], &Options::default());
        let mut annotated = games[0].record.clone();
        report.annotate(&mut annotated);
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
