//! Properties of validation over random legal games printed in either
//! layout.

mod common;

use bohnenspiel::notation::{Layout, WrittenPly, parse_records};
use bohnenspiel::validate::{FindingKind, Options, Report, Severity, validate};
use bohnenspiel::{EndReason, Hole};
use proptest::prelude::*;
use proptest::sample::Index;

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Inline), Just(Layout::Numbered)]
}

fn choices() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 1..160)
}

fn validate_text(text: &str) -> Report {
    let games = parse_records(text);
    assert_eq!(games.len(), 1, "{text}");
    assert!(games[0].is_ok(), "{text}: {:?}", games[0].errors);
    validate(
        &games[0],
        &Options {
            strict: true,
            ..Options::default()
        },
    )
}

fn problems(report: &Report) -> Vec<String> {
    report
        .findings
        .iter()
        .filter(|f| f.severity != Severity::Note)
        .map(|f| format!("{}: {} {}", f.location, f.kind, f.message))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// A legal game with the rules' annotations validates without a
    /// warning or error (a game cut short gets only an unfinished-game
    /// warning), and replays to the same positions.
    #[test]
    fn legal_games_validate(choices in choices(), layout in layout()) {
        let (played, mut game) = common::play(choices);
        let plies: Vec<WrittenPly> = played.iter().map(|p| common::notated(p.mv.hole(), &p.captures)).collect();
        let text = common::record(&plies, layout).to_string();
        let report = validate_text(&text);
        // A record that stops at a repeated position ended by a claim.
        let _ = game.claim_repetition();
        let claimed = matches!(game.end().map(|end| end.reason), Some(EndReason::Repetition { .. }));
        let finished = game.is_over();
        let notes = report.findings.iter().filter(|f| f.kind == FindingKind::Repetition).count();
        prop_assert_eq!(notes, usize::from(claimed));
        let problems = problems(&report);
        if finished || played.is_empty() {
            prop_assert!(problems.is_empty(), "{text}\n{problems:?}");
            if finished {
                prop_assert_eq!(report.end, game.end());
            }
        } else {
            prop_assert_eq!(problems.len(), 1, "{}\n{:?}", text, problems);
            prop_assert_eq!(report.findings.iter().filter(|f| f.kind == FindingKind::UnfinishedGame).count(), 1);
        }
        prop_assert_eq!(report.main_line.plies.len(), played.len());
        prop_assert_eq!(report.main_line.position, Some(*game.position()));
        for (replayed, p) in report.main_line.plies.iter().zip(&played) {
            prop_assert_eq!(replayed.captures, p.captures);
        }
    }

    /// Annotating an unannotated game and validating the result finds
    /// nothing but the end of an unfinished game.
    #[test]
    fn annotate_then_validate(choices in choices(), layout in layout()) {
        let (played, _) = common::play(choices);
        let plies: Vec<WrittenPly> = played.iter().map(|p| WrittenPly::new(p.mv.hole())).collect();
        let text = common::record(&plies, layout).to_string();
        let games = parse_records(&text);
        let report = validate(&games[0], &Options::default());
        let mut annotated = games[0].record.clone();
        report.annotate(&mut annotated);
        let annotated = annotated.to_string();
        let again = validate_text(&annotated);
        let problems: Vec<String> = problems(&again).into_iter().filter(|p| !p.contains("unfinished-game")).collect();
        prop_assert!(problems.is_empty(), "{annotated}\n{problems:?}");
        let expected: Vec<WrittenPly> = played.iter().map(|p| common::notated(p.mv.hole(), &p.captures)).collect();
        prop_assert_eq!(annotated, common::record(&expected, layout).to_string());
    }

    /// A wrong annotation is reported at its ply and line.
    #[test]
    fn a_wrong_annotation_is_found(choices in choices(), layout in layout(), at in any::<Index>()) {
        let (played, _) = common::play(choices);
        prop_assume!(!played.is_empty());
        let k = at.index(played.len());
        let mut plies: Vec<WrittenPly> = played.iter().map(|p| common::notated(p.mv.hole(), &p.captures)).collect();
        let captures = played[k].captures;
        let wrong = match captures.as_slice().first() {
            Some(first) => format!("{} ({} from {})", played[k].mv, first.beans + 2, first.hole),
            None => format!("{} (2 from {})", played[k].mv, played[k].mv.hole().next()),
        };
        plies[k] = wrong.parse().unwrap_or_else(|e| panic!("{wrong}: {e}"));
        let text = common::record(&plies, layout).to_string();
        let report = validate_text(&text);
        let errors: Vec<_> = report.findings.iter().filter(|f| f.severity == Severity::Error).collect();
        prop_assert_eq!(errors.len(), 1, "{}\n{:?}", text, problems(&report));
        let error = errors[0];
        prop_assert_eq!(error.kind, FindingKind::CaptureMismatch);
        prop_assert_eq!(error.ply, Some(k + 1));
        prop_assert_eq!(error.move_number, Some(k as u32 / 2 + 1));
        prop_assert_eq!(error.location.line, common::line_of(k + 1, layout));
    }

    /// A ply from the opponent's hole or from an empty hole is reported
    /// at its ply and line, and the rest of the line is not replayed.
    #[test]
    fn an_illegal_hole_is_found(choices in choices(), layout in layout(), at in any::<Index>(), pick in any::<Index>()) {
        let (played, _) = common::play(choices);
        prop_assume!(!played.is_empty());
        let k = at.index(played.len());
        // The position before ply k.
        let mut position = bohnenspiel::Position::new();
        for p in &played[..k] {
            position.play(p.mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let mover = position.turn();
        let empty: Vec<Hole> = mover.holes().into_iter().filter(|&h| position.beans(h) == 0).collect();
        let opponent = (!mover).holes();
        let (hole, kind) = if !empty.is_empty() && pick.index(2) == 0 {
            (empty[pick.index(empty.len())], FindingKind::EmptyHole)
        } else {
            (opponent[pick.index(6)], FindingKind::WrongPlayer)
        };
        let mut plies: Vec<WrittenPly> = played.iter().map(|p| common::notated(p.mv.hole(), &p.captures)).collect();
        plies[k] = WrittenPly::new(hole);
        let text = common::record(&plies, layout).to_string();
        let report = validate_text(&text);
        let errors: Vec<_> = report.findings.iter().filter(|f| f.severity == Severity::Error).collect();
        prop_assert_eq!(errors.len(), 1, "{}\n{:?}", text, problems(&report));
        let error = errors[0];
        prop_assert_eq!(error.kind, kind);
        prop_assert_eq!(error.ply, Some(k + 1));
        prop_assert_eq!(error.location.line, common::line_of(k + 1, layout));
        let expected_player = if kind == FindingKind::WrongPlayer { !mover } else { mover };
        prop_assert!(error.message.contains(&expected_player.to_string()), "{}", error.message);
        prop_assert_eq!(report.main_line.plies.len(), k);
        let stopped = report.findings.iter().filter(|f| f.kind == FindingKind::ReplayStopped).count();
        prop_assert_eq!(stopped, usize::from(k + 1 < played.len()));
    }
}
