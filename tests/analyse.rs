//! Analysing records: values of plies and verdicts on judgements, checked
//! on "The Gentlemen" and on small hand-made records against the naive
//! minimax of `tests/naive/minimax.rs`.

mod naive;

use bohnenspiel::analysis::{Analyser, Analysis, AnalysisError, Budget, Verdict};
use bohnenspiel::notation::parse_records;
use bohnenspiel::validate::Options;
use bohnenspiel::{Position, Score};
use naive::Board;
use naive::minimax::{self, Endless, NaiveRules};

/// The standard rules as the naive search has them.
const STANDARD: NaiveRules = NaiveRules {
    hemprich: false,
    endless: Endless::OwnSide,
};

/// Analyses the only game of `text` within `nodes` nodes per value.
fn analyse(text: &str, nodes: u64) -> Result<Analysis, AnalysisError> {
    let games = parse_records(text);
    assert_eq!(games.len(), 1, "one game in {text:?}");
    Analyser::new(Options::default(), Budget::nodes(nodes)).analyse(&games[0])
}

/// The analysis of `text`, which must succeed.
fn analysed(text: &str) -> Analysis {
    match analyse(text, 1_000_000) {
        Ok(analysis) => analysis,
        Err(error) => panic!("{text:?} is not analysed: {error}"),
    }
}

/// Each judgement as `LINE:COL kind verdict`.
fn verdicts(analysis: &Analysis) -> Vec<String> {
    analysis
        .judgements
        .iter()
        .map(|j| {
            format!(
                "{}:{} {} {}",
                j.location.line, j.location.column, j.kind, j.verdict
            )
        })
        .collect()
}

#[test]
fn the_gentlemen_every_published_judgement() {
    let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt")
        .unwrap_or_else(|error| panic!("the fixture: {error}"));
    let analysis = analysed(&text);
    assert_eq!(analysis.start_value, Ok(Score::new(36, 36)));
    assert_eq!(
        verdicts(&analysis),
        [
            "1:35 stipulation confirmed",
            "8:37 other-move confirmed",
            "8:42 other-move-outcome confirmed",
            "9:5 mark confirmed",
            "10:8 other-move confirmed",
            "12:29 remaining-beans confirmed",
            "15:5 mark contradicted",
            "19:29 remaining-beans confirmed",
            "21:5 mark confirmed",
            "21:37 other-move confirmed",
            "21:51 refutation confirmed",
            "24:11 ending confirmed",
            "26:5 mark confirmed",
            "27:48 other-move confirmed",
            "27:62 refutation confirmed",
            "29:11 ending confirmed",
            "32:31 alternative confirmed",
            "33:11 ending confirmed",
        ]
    );
    // Every ply of every line has its values: 12 in the main line and
    // in A, 7 in B and C, 5 in D.
    let plies: Vec<usize> = analysis.lines.iter().map(|l| l.plies.len()).collect();
    assert_eq!(plies, [12, 12, 7, 7, 5]);
    assert_eq!(analysis.unanalysed_plies(), 0);
    // The main line keeps the draw to its end.
    assert!(
        analysis.lines[0]
            .plies
            .iter()
            .all(|p| p.before == Ok(Score::new(36, 36)) && p.after == Ok(Score::new(36, 36)))
    );
    // The one contradiction: in A, 2. 5!! is not the only drawing move,
    // 2 draws as well.
    let contradicted: Vec<&str> = analysis
        .with_verdict(Verdict::Contradicted)
        .map(|j| j.message.as_str())
        .collect();
    assert_eq!(
        contradicted,
        [
            "2. 5!!: not the only move that keeps 36:36 (draw): 2 keeps it too (line: 2 9 3 8 5 7 4 8 5 10)"
        ]
    );
    // The line shown plays out to a draw under the naive rules, from the
    // position after 1. 6 7 (with the start and the position after 6 as
    // its history: no capture yet).
    let a = &analysis.lines[1].plies;
    assert_eq!(a[2].mv.map(|mv| mv.hole().number()), Some(5));
    let board = |p: Position| Board::parse(&p.to_string());
    let history = [board(analysis.start), board(a[0].position_after)];
    let shown = &analysis.judgements[6];
    let line: Vec<usize> = shown
        .line
        .iter()
        .map(|mv| usize::from(mv.hole().number()))
        .collect();
    assert_eq!(
        minimax::play_out(
            &board(a[2].position_before),
            &history,
            STANDARD,
            false,
            &line
        ),
        Some(36)
    );
}
