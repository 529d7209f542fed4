//! Analysing records: values of plies and verdicts on judgements, checked
//! on "The Gentlemen" and on small hand-made records against the naive
//! minimax of `tests/naive/minimax.rs`.

mod naive;

use bohnenspiel::analysis::{
    Analyser, Analysis, AnalysisError, JudgementKind, Limits, Solver, Verdict,
};
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
    Analyser::new(Options::default(), Limits::nodes(nodes)).analyse(&games[0])
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

/// The naive value (South's final beans) of a position with a history
/// of setup strings.
fn naive_value(position: &str, history: &[&str]) -> u32 {
    let history: Vec<Board> = history.iter().map(|p| Board::parse(p)).collect();
    let board = Board::parse(position);
    // Who sowed last matters only for `LastMover`; these rules share by
    // side.
    minimax::Reference::new(STANDARD).value(&board, &history, !board.south_to_move)
}

/// The naive value of each legal move (by hole number) of a position.
fn naive_moves(position: &str, history: &[&str]) -> Vec<(usize, u32)> {
    let history: Vec<Board> = history.iter().map(|p| Board::parse(p)).collect();
    minimax::Reference::new(STANDARD).move_values(&Board::parse(position), &history)
}

#[test]
fn the_gentlemen_every_published_judgement() {
    let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt")
        .unwrap_or_else(|error| panic!("the fixture: {error}"));
    let analysis = analysed(&text);
    assert_eq!(analysis.start_value, Ok(Score::new(36, 36)));
    check_main_line(&analysis);
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
    // And the naive search finds the same: from there, with that
    // history, South's 2 and 5 draw and no other move does.
    let text = |p: Position| p.to_string();
    let (start, after_six) = (text(analysis.start), text(a[0].position_after));
    let drawing: Vec<usize> = naive_moves(&text(a[2].position_before), &[&start, &after_six])
        .into_iter()
        .filter(|&(_, south)| south == 36)
        .map(|(hole, _)| hole)
        .collect();
    assert_eq!(drawing, [2, 5]);
}

/// A start where South's 1 is the only move that keeps the win, 40:32
/// (2 and 3 draw).
const ONE_WIN: &str = "1,1,1,0,0,0/0,0,0,0,2,1 34:32 S";

/// A start where South's 1 and 2 keep 22:50 and 4 loses 18:54.
const TWO_KEEP: &str = "1,1,0,1,0,0/0,0,0,0,3,0 16:50 S";

/// A start where South's 6 takes North's last 2 beans: 36:36.
const LAST_BEANS: &str = "0,0,0,0,0,1/1,0,0,0,0,0 34:36 S";

/// The naive values of the facts the hand-made records rest on.
#[test]
fn the_hand_made_starts_have_the_values_the_records_rely_on() {
    assert_eq!(naive_moves(ONE_WIN, &[]), [(1, 40), (2, 36), (3, 36)]);
    assert_eq!(naive_value(ONE_WIN, &[]), 40);
    assert_eq!(naive_moves(TWO_KEEP, &[]), [(1, 22), (2, 22), (4, 18)]);
    assert_eq!(naive_value(LAST_BEANS, &[]), 36);
    // After 1. 2 from ONE_WIN (which captures 2 from 3: no history),
    // North's 11 and 12 both keep the draw.
    let after_two = "1,0,0,0,0,0/0,0,0,0,2,1 36:32 N";
    assert_eq!(naive_moves(after_two, &[]), [(11, 36), (12, 36)]);
}

/// The record `moves` from `start`, analysed; the value before and after
/// each ply of its main line is checked against the naive search.
fn from(start: &str, moves: &str) -> Analysis {
    let analysis = analysed(&format!("[Setup \"{start}\"]\n\n{moves}\n"));
    check_main_line(&analysis);
    analysis
}

/// Checks the value before and after each ply of the main line against
/// the naive search, with the history since the last capture.
fn check_main_line(analysis: &Analysis) {
    let mut history: Vec<String> = Vec::new();
    let mut before = analysis.start;
    for ply in &analysis.lines[0].plies {
        let refs: Vec<&str> = history.iter().map(String::as_str).collect();
        let value = naive_value(&before.to_string(), &refs);
        assert_eq!(
            ply.before.clone().map(|v| u32::from(v.south)),
            Ok(value),
            "before {}",
            ply.index
        );
        if ply.position_after.stores() == before.stores() {
            history.push(before.to_string());
        } else {
            history.clear();
        }
        let refs: Vec<&str> = history.iter().map(String::as_str).collect();
        let value = naive_value(&ply.position_after.to_string(), &refs);
        assert_eq!(
            ply.after.clone().map(|v| u32::from(v.south)),
            Ok(value),
            "after {}",
            ply.index
        );
        before = ply.position_after;
    }
}

/// The kinds and verdicts of an analysis's judgements.
fn kinds(analysis: &Analysis) -> Vec<(JudgementKind, Verdict)> {
    analysis
        .judgements
        .iter()
        .map(|j| (j.kind, j.verdict))
        .collect()
}

/// The messages of an analysis's judgements.
fn messages(analysis: &Analysis) -> Vec<&str> {
    analysis
        .judgements
        .iter()
        .map(|j| j.message.as_str())
        .collect()
}

use JudgementKind::{
    Alternative, Ending, Mark, OtherMove, OtherMoveOutcome, Prose, Refutation, RemainingBeans,
    Stipulation,
};
use Verdict::{Confirmed, Contradicted};

// The records leave captures unannotated (1 takes 2 from 2, and 2 takes 2
// from 3, in ONE_WIN): a warning, which analysis allows.

#[test]
fn marks_confirmed_and_contradicted() {
    let only = from(ONE_WIN, "1.  1!!  11");
    assert_eq!(kinds(&only), [(Mark, Confirmed)]);
    assert_eq!(
        messages(&only),
        [
            "1. 1!!: the only move that keeps 40:32 (South wins) (2 gives 36:36 (draw), 3 gives 36:36 (draw))"
        ]
    );
    assert_eq!(kinds(&from(ONE_WIN, "1.  1!  11")), [(Mark, Confirmed)]);
    assert_eq!(kinds(&from(ONE_WIN, "1.  2?  11")), [(Mark, Confirmed)]);
    assert_eq!(kinds(&from(ONE_WIN, "1.  3??  11")), [(Mark, Confirmed)]);
    let keeps = from(ONE_WIN, "1.  1?  11");
    assert_eq!(kinds(&keeps), [(Mark, Contradicted)]);
    assert_eq!(
        messages(&keeps),
        ["1. 1?: it does not lose value: it keeps 40:32 (South wins) (line: 1 11 3 12 1)"]
    );
    // A `!` that loses is shown by the line by which it loses: the marked
    // move, then best play (the naive search plays it out to the draw).
    let loses = from(ONE_WIN, "1.  2!  11");
    assert_eq!(kinds(&loses), [(Mark, Contradicted)]);
    let line: Vec<usize> = loses.judgements[0]
        .line
        .iter()
        .map(|mv| usize::from(mv.hole().number()))
        .collect();
    assert_eq!(line.first(), Some(&2), "{line:?}");
    assert_eq!(
        minimax::play_out(&Board::parse(ONE_WIN), &[], STANDARD, false, &line),
        Some(36),
        "{line:?}"
    );
    let shown: Vec<String> = line.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages(&loses),
        [format!(
            "1. 2!: it loses value: 36:36 (draw) after it, where 1 keeps 40:32 (South wins) (line: {})",
            shown.join(" ")
        )]
    );
    let not_only = from(TWO_KEEP, "1.  1!!  11");
    assert_eq!(kinds(&not_only), [(Mark, Contradicted)]);
    assert!(
        messages(&not_only)[0].starts_with(
            "1. 1!!: not the only move that keeps 22:50 (North wins): 2 keeps it too (line: 2 "
        ),
        "{:?}",
        messages(&not_only)
    );
    // `!?` and `?!` judge nothing.
    assert!(from(ONE_WIN, "1.  2!?  11").judgements.is_empty());
    assert!(from(ONE_WIN, "1.  1?!  11").judgements.is_empty());
}

#[test]
fn other_moves_and_what_remarks_say_of_them() {
    let right = from(ONE_WIN, "1.  1 (2?) (but not 3?, draws)  11");
    assert_eq!(
        kinds(&right),
        [
            (OtherMove, Confirmed),
            (OtherMove, Confirmed),
            (OtherMoveOutcome, Confirmed)
        ]
    );
    let wrong = from(ONE_WIN, "1.  2 (1?) (but not 3?, loses)  11");
    assert_eq!(
        kinds(&wrong),
        [
            (OtherMove, Contradicted),
            (OtherMove, Confirmed),
            (OtherMoveOutcome, Contradicted)
        ]
    );
    assert_eq!(
        messages(&wrong),
        [
            "1. 1? (instead of 2): it does not lose value: it keeps 40:32 (South wins) (line: 1 11 3 12 1)",
            "1. 3? (instead of 2): it loses value: 36:36 (draw) after it, where 1 keeps 40:32 (South wins)",
            "after 1. 3 (instead of 2): South loses: the value there is 36:36 (draw) (line: 3 11 2)",
        ]
    );
    // The places: `1?` in its group, `3?` and `loses` in the comment.
    let places: Vec<(usize, usize)> = wrong
        .judgements
        .iter()
        .map(|j| (j.location.line, j.location.column))
        .collect();
    assert_eq!(places, [(3, 8), (3, 21), (3, 25)]);
}

#[test]
fn refutations_and_endings() {
    let right = from(
        ONE_WIN,
        "1.  1 (but not 2? because of 11!)  11 and South wins.",
    );
    assert_eq!(
        kinds(&right),
        [
            (OtherMove, Confirmed),
            (Refutation, Confirmed),
            (Ending, Confirmed)
        ]
    );
    assert_eq!(right.judgements[1].claim, "1... 11! (after 1. 2?)");
    let wrong = from(
        ONE_WIN,
        "1.  1 (but not 2? because of 12!!)  11 and North wins with 38:34 points.",
    );
    assert_eq!(
        kinds(&wrong),
        [
            (OtherMove, Confirmed),
            (Refutation, Contradicted),
            (Ending, Contradicted)
        ]
    );
    assert_eq!(
        messages(&wrong)[1..],
        [
            "1... 12!! (after 1. 2?): not the only move that keeps 36:36 (draw): 11 keeps it too",
            "after 1... 11: North wins with 38:34: the value there is 40:32 (South wins) (line: 3 12 1)",
        ]
    );
}

#[test]
fn alternatives_prose_and_the_remaining_beans() {
    assert_eq!(
        kinds(&from(TWO_KEEP, "1.  1 or 2  11")),
        [(Alternative, Confirmed)]
    );
    let wrong = from(TWO_KEEP, "1.  1 or 4  11");
    assert_eq!(kinds(&wrong), [(Alternative, Contradicted)]);
    assert_eq!(
        messages(&wrong),
        ["1. 4 (as good as 1): 4 gives 18:54 (North wins), but 1 gives 22:50 (North wins)"]
    );
    assert_eq!(
        kinds(&from(ONE_WIN, "1.  1  11\n2.  3  12\n\nSouth wins.")),
        [(Prose, Confirmed)]
    );
    assert_eq!(
        kinds(&from(
            ONE_WIN,
            "1.  1  11\n2.  3  12\n\nA fine game. North wins."
        )),
        [(Prose, Contradicted)]
    );
    assert_eq!(
        kinds(&from(
            LAST_BEANS,
            "1.  6 (2 from 7; wins the remaining beans)"
        )),
        [(RemainingBeans, Confirmed)]
    );
    let wrong = from(ONE_WIN, "1.  2 (wins the remaining beans)  11");
    assert_eq!(kinds(&wrong), [(RemainingBeans, Contradicted)]);
    assert_eq!(
        messages(&wrong),
        [
            "1. 2 wins the remaining beans: the value after it is 36:36 (draw), where all 6 beans left on the board would give South 40 (line: 11)"
        ]
    );
}

#[test]
fn stipulations_in_a_tag_and_in_the_title() {
    let record = |tag: &str| format!("{tag}\n[Setup \"{ONE_WIN}\"]\n\n1.  1  11\n");
    let tagged = analysed(&record("[Stipulation \"South to move and win\"]"));
    assert_eq!(kinds(&tagged), [(Stipulation, Confirmed)]);
    assert_eq!(
        (
            tagged.judgements[0].location.line,
            tagged.judgements[0].location.column
        ),
        (1, 15)
    );
    let titled = analysed(&record("[Event \"Study (South to move and draw)\"]"));
    assert_eq!(kinds(&titled), [(Stipulation, Contradicted)]);
    assert_eq!(
        messages(&titled),
        ["South to move and draw: the value there is 40:32 (South wins) (line: 1 11 3 12 1)"]
    );
    let side = analysed(&record("[Stipulation \"North to move and win\"]"));
    assert_eq!(kinds(&side), [(Stipulation, Contradicted)]);
    assert_eq!(
        messages(&side),
        ["North to move and win: South is to move in the start position"]
    );
    // Not a stipulation: a phrase inside a Stipulation tag's longer text.
    let prose = analysed(&record("[Stipulation \"Can South to move and win?\"]"));
    assert!(prose.judgements.is_empty());
}

#[test]
fn a_tiny_budget_leaves_judgements_unanalysed_never_guessed() {
    let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt")
        .unwrap_or_else(|error| panic!("the fixture: {error}"));
    let tiny = analyse(&text, 10).unwrap_or_else(|error| panic!("analysed: {error}"));
    let full = analysed(&text);
    assert_eq!(tiny.judgements.len(), full.judgements.len());
    // Each judgement is unanalysed or has the verdict it has with a full
    // budget.
    for (small, big) in tiny.judgements.iter().zip(&full.judgements) {
        assert!(
            small.verdict == Verdict::Unanalysed || small.verdict == big.verdict,
            "{small} against {big}"
        );
    }
    assert!(!tiny.is_contradicted());
    assert!(tiny.count(Verdict::Unanalysed) >= 10, "{:?}", kinds(&tiny));
    assert!(matches!(
        tiny.start_value,
        Err(AnalysisError::OutOfBudget { .. })
    ));
    assert_eq!(
        tiny.judgements[0].message,
        "South to move and draw: not solved within the budget of 10 nodes (10 nodes searched)"
    );
    assert_eq!(tiny.judgements[3].verdict, Verdict::Unanalysed, "3. 6!!");
    // The first plies of a line are unanalysed; the last are small
    // enough for 10 nodes (the game is over after the main line's last).
    let main = &tiny.lines[0].plies;
    assert!(main[0].is_unanalysed());
    assert_eq!(main[11].after, Ok(Score::new(36, 36)));
    assert!(tiny.unanalysed_plies() > 0);
}

#[test]
fn records_that_cannot_be_analysed_are_typed_errors() {
    let unknown = analyse("[Setup \"?\"]\n\n1.  5  11\n", 1000);
    assert!(
        matches!(unknown, Err(AnalysisError::UnknownStart { location }) if location.line == 1),
        "{unknown:?}"
    );
    let illegal = analyse(&format!("[Setup \"{ONE_WIN}\"]\n\n1.  1  3\n"), 1000);
    let Err(AnalysisError::Invalid { errors }) = &illegal else {
        panic!("not an invalid record: {illegal:?}");
    };
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].location.line, errors[0].location.column), (3, 8));
    let message = illegal.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.starts_with("the record cannot be analysed: validation finds 1 error (the first: 3:8: error: illegal ply 2"),
        "{message}"
    );
    let setup = analyse("[Setup \"6,6\"]\n\n1.  5  11\n", 1000);
    assert!(
        matches!(setup, Err(AnalysisError::Invalid { .. })),
        "{setup:?}"
    );
    // A start given instead: the record is analysed from it.
    let games = parse_records("[Setup \"?\"]\n\n1.  1!!  11\n");
    let start: Position = ONE_WIN
        .parse()
        .unwrap_or_else(|_| unreachable!("a position"));
    let analysis = Analyser::new(Options::default(), Limits::nodes(1000))
        .analyse_from(&games[0], start)
        .unwrap_or_else(|error| panic!("analysed: {error}"));
    assert_eq!(kinds(&analysis), [(Mark, Confirmed)]);
}

#[test]
fn hemprich_passes_are_part_of_the_history() {
    // South's last bean is sown over to North at 2. 6: South passes from
    // then on, written (`-`) or not. Every position of the line, the
    // positions before each pass included, is in the history the solver
    // is given; a history without them would not be accepted.
    let setup = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S";
    for moves in ["5, 11; 6, 7; -, 8; -, 9", "5, 11; 6, 7; 8; 9"] {
        let analysis = analysed(&format!(
            "[Rules \"hemprich; endless=split\"]\n[Setup \"{setup}\"]\n\n{moves} and North draws.\n"
        ));
        assert_eq!(analysis.unanalysed_plies(), 0, "{moves}");
        assert!(
            analysis.lines[0]
                .plies
                .iter()
                .all(|p| p.before == Ok(Score::new(36, 36)) && p.after == Ok(Score::new(36, 36))),
            "{moves}"
        );
        assert_eq!(kinds(&analysis), [(Ending, Confirmed)], "{moves}");
    }
    let hemprich = NaiveRules {
        hemprich: true,
        endless: Endless::Split,
    };
    let board = Board::parse(setup);
    assert_eq!(
        minimax::Reference::new(hemprich).value(&board, &[], false),
        36
    );
}

/// One line of a generated record: its full line from the start of the
/// game, the ply where its own part begins, and the labels written on its
/// South plies (by row).
struct GeneratedLine {
    label: Option<char>,
    /// Every position of the full line: `full[k]` is the position after
    /// ply `k`, `full[0]` the start.
    full: Vec<Board>,
    /// The ply number of the line's first own ply.
    first: usize,
    /// The labels of the variations that branch at each South ply.
    labels: Vec<(usize, char)>,
}

impl GeneratedLine {
    /// The positions since the last capture before position `at` of the
    /// full line.
    fn history(&self, at: usize) -> &[Board] {
        let mut from = at;
        while from > 0 && self.full[from - 1].stores == self.full[from].stores {
            from -= 1;
        }
        &self.full[from..at]
    }

    /// Plays on from the end of `full`, at most `plies` plies, choosing
    /// moves with `rng` and never repeating a position since the last
    /// capture (so that every position has a value in search).
    fn play_on(&mut self, rng: &mut naive::Rng, plies: usize) {
        for _ in 0..plies {
            let Some(here) = self.full.last().cloned() else {
                return;
            };
            let history = self.history(self.full.len() - 1).to_vec();
            let moves: Vec<Board> = here
                .moves()
                .into_iter()
                .map(|hole| here.play(hole).0)
                .filter(|next| {
                    next.stores != here.stores || !history.contains(next) && *next != here
                })
                .collect();
            if moves.is_empty() {
                return;
            }
            self.full.push(moves[rng.below(moves.len())].clone());
        }
    }

    /// The hole sown at ply `k` of the full line.
    fn hole(&self, k: usize) -> usize {
        let (before, after) = (&self.full[k - 1], &self.full[k]);
        before
            .moves()
            .into_iter()
            .find(|&hole| before.play(hole).0 == *after)
            .expect("a move between consecutive positions")
    }

    /// The line's own rows, as written (the header of a variation first).
    fn text(&self) -> String {
        let mut text = self
            .label
            .map(|label| format!("({label})\n"))
            .unwrap_or_default();
        let mut k = self.first;
        while k < self.full.len() {
            let labels: Vec<String> = self
                .labels
                .iter()
                .filter(|&&(at, _)| at == k)
                .map(|&(_, label)| label.to_string())
                .collect();
            let groups = if labels.is_empty() {
                String::new()
            } else {
                format!(" ({})", labels.join("/"))
            };
            text.push_str(&format!("{}. {}{groups}", k.div_ceil(2), self.hole(k)));
            if k + 1 < self.full.len() {
                text.push_str(&format!(" {}", self.hole(k + 1)));
            }
            text.push('\n');
            k += 2;
        }
        text
    }
}

/// A record with a main line and `shape.len()` variations, each branching
/// at a South ply of an earlier line (`(parent, row, seed)` chooses which),
/// from `start`.
fn generated_tree(start: &str, seed: u64, shape: &[(usize, usize)]) -> Vec<GeneratedLine> {
    let mut rng = naive::Rng(seed | 1);
    let mut main = GeneratedLine {
        label: None,
        full: vec![Board::parse(start)],
        first: 1,
        labels: Vec::new(),
    };
    main.play_on(&mut rng, 16);
    let mut lines = vec![main];
    for (&(parent, row), label) in shape.iter().zip('A'..='Z') {
        let parent = parent % lines.len();
        let line = &lines[parent];
        // The line's own South plies (odd ply numbers).
        let souths: Vec<usize> = (line.first..line.full.len())
            .filter(|k| k % 2 == 1)
            .collect();
        let Some(&at) = souths.get(row % souths.len().max(1)) else {
            continue;
        };
        let mut variation = GeneratedLine {
            label: Some(label),
            full: line.full[..at].to_vec(),
            first: at,
            labels: Vec::new(),
        };
        variation.play_on(&mut rng, 8);
        if variation.full.len() > at {
            lines[parent].labels.push((at, label));
            lines.push(variation);
        }
    }
    lines
}

/// Small starts for generated records: two of 8 beans with captures to
/// come, and two where beans go round without capturing for long, so that
/// values depend on the history of the whole line.
const STARTS: &[&str] = &[
    "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S",
    "1,1,0,2,0,0/0,1,0,1,0,2 32:32 S",
    "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S",
    "0,0,1,0,0,1/0,0,1,0,0,1 34:34 S",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// Every line of a record with variations (branching from the main
    /// line or from other variations, at any of their South plies) gets,
    /// for each of its own plies, the positions and the values the naive
    /// search finds with the history of its whole line from the start of
    /// the game, however the record nests its variations.
    #[test]
    fn every_variation_is_valued_with_the_history_of_its_whole_line(
        start in proptest::sample::select(STARTS),
        seed in proptest::prelude::any::<u64>(),
        shape in proptest::collection::vec((0usize..8, 0usize..8), 0..7),
    ) {
        let lines = generated_tree(start, seed, &shape);
        let mut text = format!("[Setup \"{start}\"]\n\n");
        for line in &lines {
            text.push_str(&line.text());
        }
        let analysis = analysed(&text);
        let mut reference = minimax::Reference::new(STANDARD);
        proptest::prop_assert_eq!(analysis.lines.len(), lines.len(), "{}", text);
        for values in &analysis.lines {
            let label = values.variation.as_deref().and_then(|l| l.chars().next());
            let line = lines.iter().find(|line| line.label == label).expect("a generated line");
            proptest::prop_assert_eq!(values.plies.len(), line.full.len() - line.first, "{}", text);
            for ply in &values.plies {
                let k = ply.index;
                proptest::prop_assert_eq!(&Board::parse(&ply.position_before.to_string()), &line.full[k - 1]);
                proptest::prop_assert_eq!(&Board::parse(&ply.position_after.to_string()), &line.full[k]);
                for (at, value) in [(k - 1, ply.before.clone()), (k, ply.after.clone())] {
                    let board = &line.full[at];
                    let expected = reference.value(board, line.history(at), !board.south_to_move);
                    proptest::prop_assert_eq!(
                        value.map(|v| u32::from(v.south)),
                        Ok(expected),
                        "position {} of {:?} in\n{}",
                        at,
                        label,
                        text
                    );
                }
            }
        }
    }
}

/// A line that goes round without a capture for more than
/// [`Solver::MAX_HISTORY`] plies: its plies past that many positions are
/// unanalysed with [`AnalysisError::HistoryTooLong`] (without the history
/// being gathered), those before it by the repetition in their history
/// (the game is back at its start after 12 plies).
#[test]
fn plies_past_the_longest_history_are_unanalysed_with_its_limit() {
    let round = [(5, 11), (6, 12), (1, 7), (2, 8), (3, 9), (4, 10)];
    let mut text = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n".to_owned();
    for row in 1..=600 {
        let (south, north) = round[(row - 1) % round.len()];
        text.push_str(&format!("{row}. {south} {north}\n"));
    }
    let analysis = analyse(&text, 1_000).expect("the round game replays");
    let plies = &analysis.lines[0].plies;
    assert_eq!(plies.len(), 1200);
    for ply in plies {
        let length = ply.index;
        match ply.after.clone() {
            Err(AnalysisError::HistoryTooLong { length: l, limit }) => {
                assert_eq!((l, limit), (length, Solver::MAX_HISTORY));
                assert!(length > Solver::MAX_HISTORY);
            }
            Err(AnalysisError::HistoryNotAPly { .. } | AnalysisError::HistoryRepeats { .. }) => {
                // The history of the position after ply 13 on holds the
                // start twice (positions 0 and 12).
                assert!((13..=Solver::MAX_HISTORY).contains(&length), "{length}");
            }
            other => assert!(other.is_ok() && length <= 12, "ply {length}: {other:?}"),
        }
    }
}

/// The review of a whole game: every ply of Rüger's game gets a value,
/// exact where the analysis has one (the same), the engine's estimate
/// elsewhere at the depth asked (one less after a ply).
#[test]
fn a_review_gives_every_ply_a_value_and_says_which() {
    use bohnenspiel::analysis::Limits;
    use bohnenspiel::analysis::engine::{Engine, EngineConfig};
    use bohnenspiel::analysis::review::{Assessment, Reviewer};
    let text = std::fs::read_to_string("fixtures/rueger-1962.txt").expect("the fixture");
    let games = bohnenspiel::notation::parse_records(&text);
    let analysis = bohnenspiel::analysis::Analyser::new(
        bohnenspiel::validate::Options::default(),
        bohnenspiel::analysis::Limits::nodes(100_000),
    )
    .analyse(&games[0])
    .expect("analysed");
    let engine = Engine::new(bohnenspiel::Rules::default(), EngineConfig::default());
    let mut reviewer = Reviewer::new(engine, Limits::depth(3), 4);
    let line = &analysis.lines[0];
    let review = reviewer.review(line);
    assert_eq!(review.len(), line.plies.len());
    for (ply, reviewed) in line.plies.iter().zip(&review) {
        for (exact, assessed, depth) in [
            (ply.before.clone(), reviewed.before, 3),
            (ply.after.clone(), reviewed.after, 2),
        ] {
            match (exact, assessed) {
                (Ok(score), Assessment::Exact(found)) => assert_eq!(score, found),
                // The engine may find an exact value the budget did not.
                (Err(_), Assessment::Exact(_)) => {}
                (Err(_), Assessment::Estimate { depth: found, .. }) => assert_eq!(found, depth),
                other => panic!("ply {}: {other:?}", ply.index),
            }
        }
        // Values of two kinds are not compared.
        let same_kind = matches!(
            (reviewed.before, reviewed.after),
            (Assessment::Exact(_), Assessment::Exact(_))
                | (Assessment::Estimate { .. }, Assessment::Estimate { .. })
        );
        assert_eq!(reviewed.loss.is_some(), same_kind, "ply {}", ply.index);
    }
}

/// In the Gentlemen the record marks two moves `?`: South's 5 and 4 at
/// move 3 of variations B and C, each losing the draw. The review marks
/// exactly those plies as losing value, by exact values.
#[test]
fn a_review_marks_the_moves_the_record_marks_as_mistakes() {
    use bohnenspiel::analysis::Limits;
    use bohnenspiel::analysis::engine::{Engine, EngineConfig};
    use bohnenspiel::analysis::review::Reviewer;
    let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt").expect("the fixture");
    let games = bohnenspiel::notation::parse_records(&text);
    let analysis = bohnenspiel::analysis::Analyser::new(
        bohnenspiel::validate::Options::default(),
        bohnenspiel::analysis::Limits::nodes(1_000_000),
    )
    .analyse(&games[0])
    .expect("analysed");
    let engine = Engine::new(bohnenspiel::Rules::default(), EngineConfig::default());
    let mut reviewer = Reviewer::new(engine, Limits::depth(4), 4);
    let mut marked = Vec::new();
    for line in &analysis.lines {
        for (ply, reviewed) in line.plies.iter().zip(reviewer.review(line)) {
            if reviewed.loses_value {
                assert!(reviewed.changes_result);
                assert_eq!(
                    reviewed.loss,
                    Some(4),
                    "a draw to 34:38: the difference falls by 4"
                );
                marked.push((
                    line.variation.clone().unwrap_or_default(),
                    ply.number,
                    ply.mv.map(|mv| mv.hole().number()),
                ));
            }
        }
    }
    assert_eq!(
        marked,
        [("B".to_owned(), 3, Some(5)), ("C".to_owned(), 3, Some(4))]
    );
}
