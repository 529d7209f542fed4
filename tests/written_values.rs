//! Values written into records as comments (`(%value 38:34)`, `(%eval
//! d12 +4)`, `(%verdict mark confirmed)`): the canonical printer and the
//! reader give back what was written, and what the analysis writes, it
//! confirms when it reads it again.

mod support;

use bohnenspiel::analysis::engine::{Engine, EngineConfig};
use bohnenspiel::analysis::review::Reviewer;
use bohnenspiel::analysis::{Analyser, JudgementKind, Limits, Verdict};
use bohnenspiel::notation::{Group, GroupKind, Record, Span, parse_records};
use bohnenspiel::validate::{FindingKind, Options, WrittenValue, validate};
use bohnenspiel::{Rules, Score};
use proptest::prelude::*;

/// Any value a comment can hold.
fn any_value() -> impl Strategy<Value = WrittenValue> {
    prop_oneof![
        (0u8..=72).prop_map(|south| WrittenValue::Exact(Score::new(south, 72 - south))),
        (1u32..40, -72i32..=72)
            .prop_map(|(depth, difference)| WrittenValue::Estimate { depth, difference }),
        (
            prop::sample::select(vec!["mark", "other-move", "alternative", "ending"]),
            prop::sample::select(vec!["confirmed", "contradicted", "unanalysed"]),
        )
            .prop_map(|(judgement, verdict)| WrittenValue::Verdict {
                judgement: judgement.to_owned(),
                verdict: verdict.to_owned(),
            }),
    ]
}

proptest! {
    /// Values written after a ply, printed and read again, are the same
    /// values, with no finding.
    #[test]
    fn written_values_read_back(values in prop::collection::vec(any_value(), 1..5)) {
        let mut record: Record = "4, 8; 6, 12 (2 from 8)\n".parse().expect("a record");
        let ply = &mut record.movetext.moves[1].north.as_mut().expect("North's turn").ply;
        for value in &values {
            ply.push_group(Group { kind: GroupKind::Comment(value.to_string()), span: Span::default() });
        }
        let text = record.to_string();
        let games = parse_records(&text);
        prop_assert_eq!(games.len(), 1);
        let read: Vec<WrittenValue> = games[0].record.movetext.moves[1]
            .north
            .as_ref()
            .map(|turn| WrittenValue::of_ply(&turn.ply).map(|(_, value)| value).collect())
            .unwrap_or_default();
        prop_assert_eq!(&read, &values, "{}", text);
        let report = validate(&games[0], &Options::default());
        prop_assert!(
            report.findings.iter().all(|f| !matches!(f.kind, FindingKind::MalformedValue | FindingKind::ValueTotal)),
            "{:?}", report.findings
        );
    }
}

/// Random games from the opening, with a small budget (exact values near
/// the end, the engine's at depth 2 elsewhere): every value written is
/// confirmed when the record is analysed again, and writing again gives
/// the same text.
#[test]
fn the_values_written_into_random_games_are_confirmed() {
    let mut text = Vec::new();
    support::random_games::write_games(&mut text, 6, 24).expect("games");
    let text = String::from_utf8(text).expect("UTF-8");
    // A new analyser for each analysis: the solver's memo, kept from one
    // record to the next, could find more values the second time.
    let analyser = || Analyser::new(Options::default(), Limits::nodes(3000));
    let mut reviewer = Reviewer::new(
        Engine::new(Rules::default(), EngineConfig::default()),
        Limits::depth(3),
        4,
    )
    .fresh();
    let depth = reviewer.depth_after().expect("a depth");
    let (mut exact, mut estimates) = (0, 0);
    for game in parse_records(&text) {
        let analysis = analyser().analyse(&game).expect("a random game analyses");
        let reviews: Vec<_> = analysis
            .lines
            .iter()
            .map(|line| reviewer.review(line))
            .collect();
        let mut record = game.record.clone();
        analysis.write_values(&mut record, &reviews, depth);
        let written = record.to_string();
        let games = parse_records(&written);
        let again = analyser()
            .analyse(&games[0])
            .expect("the written record analyses");
        let values: Vec<_> = again
            .judgements
            .iter()
            .filter(|judgement| judgement.kind == JudgementKind::Value)
            .collect();
        let plies: usize = again.lines.iter().map(|line| line.plies.len()).sum();
        assert_eq!(values.len(), plies, "a value after every ply:\n{written}");
        for judgement in &values {
            assert_eq!(
                judgement.verdict,
                Verdict::Confirmed,
                "{}\n{written}",
                judgement.message
            );
            if judgement.claim.contains("%value") {
                exact += 1;
            } else {
                estimates += 1;
            }
        }
        let mut rewritten = games[0].record.clone();
        again.write_values(&mut rewritten, &reviews, depth);
        assert_eq!(rewritten.to_string(), written);
    }
    assert!(
        exact > 0 && estimates > 0,
        "{exact} exact, {estimates} estimates"
    );
}
