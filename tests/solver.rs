//! The solver against the naive search of `tests/naive/minimax.rs` (and
//! that search against plain minimax), and the published facts of "The
//! Gentlemen".

mod common;
mod naive;
mod sampling;

use bohnenspiel::analysis::{AnalysisError, Limits, Solver};
use bohnenspiel::{Move, Position, Rules, Score};
use common::ALL_RULES;
use naive::minimax::{self, Endless, NaiveRules, Reference};
use naive::{Board, Rng};
use sampling::{naive_board, random_line, rules, south_sowed_last};

/// What [`agree_with_naive`] checked under one rule option.
#[derive(Debug, Default)]
struct Checked {
    /// Positions whose value, move values and line were compared.
    positions: usize,
    /// Of those, positions with a history (at least one position before
    /// them since the last capture).
    with_history: usize,
    /// Moves whose value was compared.
    moves: usize,
    /// Positions the naive search visited, in all.
    naive_nodes: u64,
}

/// Checks the solver's value, the value of every legal move and the best
/// line against the naive search of `tests/naive/minimax.rs` on `count`
/// random positions, each with a number of beans from `beans`, every
/// other one with a history of up to `plies` plies, under each rule option.
/// One solver and one naive search per rules serve every position, so
/// their memos (of history-free values) are shared across lines.
fn agree_with_naive(seed: u64, count: usize, beans: &[u32], plies: usize) -> Vec<Checked> {
    let mut rng = Rng(seed);
    let mut report = Vec::new();
    for (variant, endless_play) in ALL_RULES {
        let (rules, naive_rules) = rules(variant, endless_play);
        let mut solver = Solver::new(rules);
        let mut naive = Reference::new(naive_rules);
        let mut checked = Checked::default();
        for case in 0..count {
            let beans = beans[rng.below(beans.len())];
            let with_history = if case % 2 == 0 { plies } else { 0 };
            let (position, history) =
                random_line(&mut rng, beans, with_history, naive_rules.hemprich);
            let board = naive_board(&position);
            let naive_history: Vec<Board> = history.iter().map(naive_board).collect();
            let sowed = south_sowed_last(&position, &history, naive_rules.hemprich);
            let context = format!("{rules:?} {position} after {history:?}");
            let solution = solver
                .solve(&position, &history)
                .unwrap_or_else(|error| panic!("{context}: {error}"));
            let expected = naive.value(&board, &naive_history, sowed);
            assert_eq!(u32::from(solution.value.south), expected, "{context}");
            assert_eq!(solution.value.total(), 72, "{context}");
            let over = minimax::ended(&board, &naive_history, naive_rules, sowed).is_some();
            let moves: Vec<(usize, u32)> = solution
                .moves
                .iter()
                .map(|&(mv, value)| (usize::from(mv.hole().number()), u32::from(value.south)))
                .collect();
            if over || board.moves().is_empty() {
                assert!(moves.is_empty(), "{context}");
            } else {
                let naive_moves = naive.move_values(&board, &naive_history);
                assert_eq!(moves, naive_moves, "{context}");
                checked.moves += moves.len();
            }
            let line: Vec<usize> = solution
                .line
                .iter()
                .map(|mv| usize::from(mv.hole().number()))
                .collect();
            assert_eq!(
                minimax::play_out(&board, &naive_history, naive_rules, sowed, &line),
                Some(expected),
                "{context}: line {line:?}"
            );
            assert_eq!(
                solver.value(&position, &history),
                Ok(solution.value),
                "{context}"
            );
            checked.positions += 1;
            checked.with_history += usize::from(!history.is_empty());
        }
        checked.naive_nodes = naive.nodes;
        report.push(checked);
    }
    report
}

/// Thousands of positions with 6 or 8 beans, half of them with a history,
/// under each of the six rule options, every legal move's value included.
#[test]
fn agrees_with_the_naive_search_on_six_and_eight_beans() {
    let report = agree_with_naive(0x5eed_0008, 500, &[6, 8], 12);
    println!("{report:?}");
    for checked in report {
        assert_eq!(checked.positions, 500);
        assert!(checked.with_history >= 200, "{checked:?}");
        assert!(checked.moves >= 1_000, "{checked:?}");
    }
}

/// Fewer beans, longer histories: lines that come back to a position.
#[test]
fn agrees_with_the_naive_search_with_long_histories() {
    let report = agree_with_naive(0x5eed_0004, 400, &[2, 4], 24);
    println!("{report:?}");
    for checked in report {
        assert!(checked.with_history >= 150, "{checked:?}");
    }
}

/// The naive search itself against plain minimax (no pruning, no memo)
/// where plain minimax finishes: small positions, with and without a
/// history, under each rule option.
#[test]
fn the_naive_search_agrees_with_plain_minimax() {
    let mut rng = Rng(0x5eed_0002);
    for (variant, endless_play) in ALL_RULES {
        let (_, naive_rules) = rules(variant, endless_play);
        let mut naive = Reference::new(naive_rules);
        let (mut checked, mut with_history) = (0, 0);
        for case in 0..200 {
            // Hemprich lines, with their passes, are too long for plain
            // minimax beyond two beans.
            let beans = if naive_rules.hemprich {
                2
            } else {
                2 * (1 + rng.below(2)) as u32
            };
            let plies = if case % 2 == 0 { 8 } else { 0 };
            let (position, history) = random_line(&mut rng, beans, plies, naive_rules.hemprich);
            let board = naive_board(&position);
            let naive_history: Vec<Board> = history.iter().map(naive_board).collect();
            let sowed = south_sowed_last(&position, &history, naive_rules.hemprich);
            let Some(plain) =
                minimax::plain_value(&board, &naive_history, naive_rules, sowed, 4_000)
            else {
                continue;
            };
            assert_eq!(
                naive.value(&board, &naive_history, sowed),
                plain,
                "{naive_rules:?} {position} after {history:?}"
            );
            checked += 1;
            with_history += usize::from(!history.is_empty());
        }
        println!("{naive_rules:?}: {checked} checked, {with_history} with a history");
        let least = if naive_rules.hemprich {
            [30, 25]
        } else {
            [100, 40]
        };
        assert!(
            checked >= least[0] && with_history >= least[1],
            "{naive_rules:?}: only {checked} checked, {with_history} with a history"
        );
    }
}

fn gentlemen() -> Position {
    "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S"
        .parse()
        .expect("the start")
}

fn value_of(solution: &bohnenspiel::analysis::Solution, hole: u8) -> Option<Score> {
    solution
        .moves
        .iter()
        .find(|&&(mv, _)| mv.hole().number() == hole)
        .map(|&(_, value)| value)
}

#[test]
fn the_gentlemen_is_a_draw_and_five_loses() {
    let mut solver = Solver::new(Rules::default());
    let solution = solver.solve(&gentlemen(), &[]).expect("solved");
    assert_eq!(solution.value, Score::new(36, 36));
    assert_eq!(value_of(&solution, 2), Some(Score::new(36, 36)));
    assert_eq!(value_of(&solution, 6), Some(Score::new(36, 36)));
    assert_eq!(value_of(&solution, 5), Some(Score::new(34, 38)));
    assert_eq!(solution.moves.len(), 3);
    // The line keeps the draw to the end of the game.
    let board = naive_board(&gentlemen());
    let line: Vec<usize> = solution
        .line
        .iter()
        .map(|m| usize::from(m.hole().number()))
        .collect();
    let naive_rules = NaiveRules {
        hemprich: false,
        endless: Endless::OwnSide,
    };
    assert_eq!(
        minimax::play_out(&board, &[], naive_rules, false, &line),
        Some(36)
    );
}

#[test]
fn the_gentlemen_after_five_the_published_refutation_wins_for_north() {
    // 5 9 2 11 3 10 4 11 5 7 6 7 ends 34:38.
    let mut position = gentlemen();
    let mut history = Vec::new();
    let mut solver = Solver::new(Rules::default());
    for hole in [5, 9, 2, 11, 3, 10, 4, 11, 5, 7, 6, 7] {
        let before = position;
        let captures = position
            .play(Move::from_number(hole).expect("a hole"))
            .expect("legal");
        if captures.is_empty() {
            history.push(before);
        } else {
            history.clear();
        }
        assert_eq!(
            solver.value(&position, &history).expect("solved").north,
            38,
            "after {hole}"
        );
    }
    assert_eq!(position.final_score(), Some(Score::new(34, 38)));
}

#[test]
fn a_small_budget_is_a_typed_answer() {
    let mut solver = Solver::new(Rules::default()).with_limits(Limits::nodes(500));
    match solver.solve(&Position::new(), &[]) {
        Err(AnalysisError::OutOfBudget { nodes, limits }) => {
            assert_eq!(nodes, 500);
            assert_eq!(limits, Limits::nodes(500));
        }
        other => panic!("expected OutOfBudget, got {other:?}"),
    }
    let error = solver.value(&Position::new(), &[]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "not solved within the budget of 500 nodes (500 nodes searched)"
    );
    let timed = Limits::time(std::time::Duration::from_millis(20));
    let mut solver = Solver::new(Rules::default()).with_limits(timed);
    assert!(matches!(
        solver.value(&Position::new(), &[]),
        Err(AnalysisError::OutOfBudget { .. })
    ));
    // The same solver still answers what fits in the budget.
    let mut solver = solver.with_limits(Limits::nodes(Solver::DEFAULT_NODES));
    assert_eq!(solver.value(&gentlemen(), &[]), Ok(Score::new(36, 36)));
}

#[test]
fn a_history_that_does_not_lead_to_the_position_is_an_error() {
    let mut solver = Solver::new(Rules::default());
    let start = gentlemen();
    let mut after = start;
    after
        .play(Move::from_number(2).expect("a hole"))
        .expect("legal");
    // 2 does not capture: a valid history of one position.
    assert!(solver.solve(&after, &[start]).is_ok());
    // The opening does not lead to it.
    assert_eq!(
        solver.value(&after, &[Position::new()]),
        Err(AnalysisError::HistoryNotAPly { index: 1 })
    );
    let error = solver.value(&after, &[start, start]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "position 1 of the history: it does not follow from the position before it by a move without a capture"
    );
}

#[test]
fn a_history_longer_than_the_limit_is_refused_before_it_is_read() {
    let mut solver = Solver::new(Rules::default());
    let start = gentlemen();
    // Positions that lead nowhere: only the length is looked at.
    let long = vec![Position::new(); Solver::MAX_HISTORY + 1];
    let error = solver.value(&start, &long).unwrap_err();
    assert_eq!(
        error,
        AnalysisError::HistoryTooLong {
            length: Solver::MAX_HISTORY + 1,
            limit: Solver::MAX_HISTORY
        }
    );
    assert_eq!(
        error.to_string(),
        "the history since the last capture holds 1025 positions, more than the 1024 the solver takes"
    );
    assert_eq!(solver.solve(&start, &long).unwrap_err(), error);
    // One fewer is read, and found not to lead to the position.
    assert!(matches!(
        solver.value(&start, &long[1..]),
        Err(AnalysisError::HistoryNotAPly { index: 1 }
            | AnalysisError::HistoryRepeats { index: 1, .. })
    ));
}

#[test]
fn a_repeated_history_is_an_error_and_a_repeated_position_is_over() {
    // One bean each, six holes apart: the position comes back after 12
    // plies.
    let start: Position = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S".parse().expect("valid");
    let mut line = vec![start];
    let mut position = start;
    for hole in [5, 11, 6, 12, 1, 7, 2, 8, 3, 9, 4, 10] {
        position
            .play(Move::from_number(hole).expect("a hole"))
            .expect("legal");
        line.push(position);
    }
    assert_eq!(position, start);
    let mut solver = Solver::new(Rules::default());
    let history = &line[..12];
    let solution = solver.solve(&position, history).expect("over");
    assert_eq!(solution.value, Score::new(37, 35));
    assert!(solution.moves.is_empty() && solution.line.is_empty());
    let mut longer = line.clone();
    longer.push(line[1]);
    assert_eq!(
        solver.value(&line[2], &longer),
        Err(AnalysisError::HistoryRepeats {
            index: 12,
            earlier: 0
        })
    );
    // Without a history, the naive search agrees under each scoring.
    for (variant, endless_play) in ALL_RULES {
        let (rules, naive_rules) = rules(variant, endless_play);
        let plain = minimax::plain_value(&naive_board(&start), &[], naive_rules, false, 200_000);
        let value = Solver::new(rules).value(&start, &[]).expect("solved");
        assert_eq!(Some(u32::from(value.south)), plain, "{rules:?}");
    }
}
