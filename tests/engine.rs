//! The engine: exact values against the endgame tables and the naive
//! exact search, its fixed-depth search against a naive negamax, and its
//! limits, stop flag, determinism, Hemprich passes and repetitions.

mod common;
mod naive;
mod sampling;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig, SearchResult, Value, Weights};
use bohnenspiel::analysis::{AnalysisError, EndgameTable};
use bohnenspiel::{EndlessPlay, Game, Move, Position, Rules, Variant};
use common::ALL_RULES;
use naive::minimax::Reference;
use naive::{Board, Rng};
use sampling::{naive_board, random_line, random_position, rules, south_sowed_last};

fn run(
    engine: &mut Engine,
    position: &Position,
    history: &[Position],
    limits: Limits,
) -> SearchResult {
    let stop = AtomicBool::new(false);
    engine
        .search(position, history, &limits, &stop, |_| {})
        .unwrap_or_else(|error| panic!("{position}: {error}"))
}

/// On random positions of the tables' range (up to 8 beans) under every
/// rule option, the engine's value is the table's and the naive search's,
/// and its move is one of the naive search's best moves.
#[test]
fn values_and_moves_in_the_tables_range_are_exact() {
    let mut rng = Rng(0xe61e_0001);
    for (variant, endless_play) in ALL_RULES {
        let (rules, naive_rules) = rules(variant, endless_play);
        let table = Arc::new(EndgameTable::build(rules, 8).expect("a small table"));
        let mut engine = Engine::new(rules, EngineConfig::default())
            .with_table(Arc::clone(&table))
            .expect("the same rules");
        let mut naive = Reference::new(naive_rules);
        let mut checked = 0;
        for _ in 0..150 {
            let beans = 2 * (1 + rng.below(4)) as u32;
            let position = random_position(&mut rng, beans);
            let board = naive_board(&position);
            let result = run(&mut engine, &position, &[], Limits::depth(4));
            let context = format!("{rules:?} {position}");
            let sowed = south_sowed_last(&position, &[], naive_rules.hemprich);
            let expected = naive.value(&board, &[], sowed);
            let Value::Exact(score) = result.value else {
                panic!("{context}: not exact: {result:?}");
            };
            assert_eq!(Some(score), table.value(&position), "{context}");
            assert_eq!(u32::from(score.south), expected, "{context}");
            let moves = board.moves();
            if moves.is_empty() || position.is_game_over() {
                assert_eq!(result.best, None, "{context}");
                continue;
            }
            let best = result.best.expect("a move where there are moves");
            let values = naive.move_values(&board, &[]);
            let value_of = values
                .iter()
                .find(|&&(hole, _)| hole == usize::from(best.hole().number()))
                .map(|&(_, value)| value);
            assert_eq!(
                value_of,
                Some(expected),
                "{context}: {best} is not a best move"
            );
            checked += 1;
        }
        assert!(
            checked > 100,
            "{rules:?}: only {checked} positions with moves"
        );
    }
}

/// With a history, the exact value takes it into account: the engine
/// without a table (the solver alone) agrees with the naive search on
/// lines of up to 10 plies without a capture.
#[test]
fn exact_values_with_a_history_follow_the_repetition_rule() {
    let mut rng = Rng(0xe61e_0002);
    for (variant, endless_play) in ALL_RULES {
        let (rules, naive_rules) = rules(variant, endless_play);
        let mut engine = Engine::new(rules, EngineConfig::default());
        let mut naive = Reference::new(naive_rules);
        let mut with_history = 0;
        for _ in 0..80 {
            let (position, line) = random_line(&mut rng, 6, 10, naive_rules.hemprich);
            let board = naive_board(&position);
            let naive_line: Vec<Board> = line.iter().map(naive_board).collect();
            let sowed = south_sowed_last(&position, &line, naive_rules.hemprich);
            let result = run(&mut engine, &position, &line, Limits::depth(3));
            let context = format!("{rules:?} {position} after {line:?}");
            let Value::Exact(score) = result.value else {
                panic!("{context}: not exact: {result:?}");
            };
            let expected = naive.value(&board, &naive_line, sowed);
            assert_eq!(u32::from(score.south), expected, "{context}");
            with_history += usize::from(!line.is_empty());
        }
        assert!(with_history > 30, "{rules:?}: {with_history} lines");
    }
}

/// Without the exact attempt and the transposition table, a fixed-depth
/// search with the store difference equals a naive negamax to that
/// depth, with or without move ordering, histories included.
#[test]
fn the_fixed_depth_search_is_negamax() {
    let mut rng = Rng(0xe61e_0003);
    for (variant, endless_play) in ALL_RULES {
        let (rules, naive_rules) = rules(variant, endless_play);
        for move_ordering in [false, true] {
            let config = EngineConfig {
                evaluation: Weights::ZERO,
                transposition_table: false,
                move_ordering,
                exact: false,
                ..EngineConfig::default()
            };
            let mut engine = Engine::new(rules, config);
            for case in 0..25 {
                let beans = [10, 16, 24, 40][case % 4];
                let (position, line) = random_line(&mut rng, beans, 6, naive_rules.hemprich);
                if position.is_game_over() && !naive_rules.hemprich {
                    continue;
                }
                let depth = 1 + (case % 5) as u32;
                let board = naive_board(&position);
                let mut naive_line: Vec<Board> = line.iter().map(naive_board).collect();
                let sowed = south_sowed_last(&position, &line, naive_rules.hemprich);
                let expected = naive::depth::depth_value(
                    &board,
                    &mut naive_line,
                    naive_rules,
                    sowed,
                    depth,
                    true,
                );
                let result = run(&mut engine, &position, &line, Limits::depth(depth));
                let context = format!("{rules:?} {position} after {line:?} depth {depth}");
                assert_eq!(result.depth, depth, "{context}");
                if board.moves().is_empty() {
                    // A Hemprich pass (the game is not over: beans are left).
                    assert_eq!(result.best, None, "{context}");
                    continue;
                }
                assert_eq!(result.value, Value::Estimate(expected / 100), "{context}");
                let best = result.best.expect("a move");
                let mut naive_line: Vec<Board> = line.iter().map(naive_board).collect();
                naive_line.push(board.clone());
                let value = naive::depth::move_value(
                    &board,
                    usize::from(best.hole().number()),
                    &mut naive_line,
                    naive_rules,
                    depth,
                );
                assert_eq!(value, expected, "{context}: {best}");
            }
        }
    }
}

/// The same calls on a new engine give the same answers, and so does an
/// engine after `new_game`: with a depth limit and with a node limit.
#[test]
fn searches_with_depth_or_node_limits_are_deterministic() {
    let game_start: Position = "4,3,4,3,2,0/3,3,19,0,5,0 12:14 S".parse().expect("Rüger");
    for limits in [Limits::depth(7), Limits::nodes(30_000)] {
        let mut first = Engine::new(Rules::default(), EngineConfig::default());
        let mut second = Engine::new(Rules::default(), EngineConfig::default());
        let a = run(&mut first, &game_start, &[], limits);
        let b = run(&mut second, &game_start, &[], limits);
        assert_eq!(a.best, b.best);
        assert_eq!(a.value, b.value);
        assert_eq!(a.pv, b.pv);
        assert_eq!(a.nodes, b.nodes);
        let _ = run(&mut first, &Position::new(), &[], limits);
        first.new_game();
        let c = run(&mut first, &game_start, &[], limits);
        assert_eq!((c.best, c.value, c.nodes), (a.best, a.value, a.nodes));
        assert_eq!(c.pv, a.pv);
    }
}

/// A depth limit reports every depth up to it; a node limit is kept; a
/// line starts with the best move.
#[test]
fn limits_are_kept() {
    let mut engine = Engine::new(Rules::default(), EngineConfig::default());
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let result = engine
        .search(&Position::new(), &[], &Limits::depth(5), &stop, |info| {
            depths.push(info.depth);
            assert!(!info.pv.is_empty());
        })
        .expect("a search");
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(result.pv.first().copied(), result.best);
    for nodes in [1, 100, 5_000, 50_000] {
        engine.new_game();
        let result = run(&mut engine, &Position::new(), &[], Limits::nodes(nodes));
        assert!(result.best.is_some());
        // Depth 1 always finishes (7 nodes from the opening).
        assert!(result.nodes <= nodes.max(7), "{nodes}: {result:?}");
    }
    // An absurd depth is taken as the deepest, and a node limit still ends it.
    let limits = Limits {
        depth: Some(u32::MAX),
        nodes: Some(20_000),
        time: None,
    };
    assert!(
        run(&mut engine, &Position::new(), &[], limits)
            .best
            .is_some()
    );
    // A time of zero still gives a move.
    let zero = run(
        &mut engine,
        &Position::new(),
        &[],
        Limits::time(Duration::ZERO),
    );
    assert!(zero.best.is_some());
}

/// `stop`, set from another thread, ends a search without limits, with a
/// move.
#[test]
fn a_search_without_limits_stops_when_told() {
    let stop = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&stop);
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        setter.store(true, Ordering::Relaxed);
    });
    let mut engine = Engine::new(Rules::default(), EngineConfig::default());
    let result = engine
        .search(&Position::new(), &[], &Limits::INFINITE, &stop, |_| {})
        .expect("a search");
    thread.join().expect("the thread that stops the search");
    assert!(result.best.is_some());
    assert!(result.depth >= 1);
}

/// In the Hemprich variant a player without beans passes: no move, and
/// the value after the pass.
#[test]
fn a_hemprich_player_without_beans_passes() {
    let (rules, _) = rules(Variant::Hemprich, EndlessPlay::OwnSide);
    let mut engine = Engine::new(rules, EngineConfig::default());
    // South has nothing; North's 11 and 12 (1 bean each) go on.
    let position: Position = "0,0,0,0,0,0/0,0,0,0,1,1 34:36 S"
        .parse()
        .expect("a position");
    let result = run(&mut engine, &position, &[], Limits::depth(6));
    assert_eq!(result.best, None);
    assert!(matches!(result.value, Value::Exact(_)), "{result:?}");
    // The search itself passes too, and its line goes on after the pass
    // with North's move.
    let config = EngineConfig {
        exact: false,
        ..EngineConfig::default()
    };
    let mut searching = Engine::new(rules, config);
    let result = run(&mut searching, &position, &[], Limits::depth(4));
    assert_eq!(result.best, None);
    let first = result.pv.first().map(|mv| mv.hole().number());
    assert!(matches!(first, Some(11 | 12)), "{result:?}");
    // The same position under the standard rules is over: North gets 2.
    let mut standard = Engine::new(Rules::default(), EngineConfig::default());
    let result = run(&mut standard, &position, &[], Limits::depth(6));
    assert_eq!(result.best, None);
    assert_eq!(result.value, Value::Exact(bohnenspiel::Score::new(34, 38)));
}

/// A history that does not lead to the position is refused; one that
/// does is taken from a game.
#[test]
fn histories_are_checked_and_taken_from_games() {
    let mut game = Game::new(Position::new(), Rules::default());
    for hole in [4, 8, 6] {
        game.play(Move::from_number(hole).expect("a hole"))
            .expect("a legal move");
    }
    let line = game.history();
    assert_eq!(line.len(), 3);
    assert_eq!(line.first(), Some(&Position::new()));
    let mut engine = Engine::new(Rules::default(), EngineConfig::default());
    let stop = AtomicBool::new(false);
    assert!(
        engine
            .search(game.position(), &line, &Limits::depth(2), &stop, |_| {})
            .is_ok()
    );
    let wrong = [Position::new(), Position::new()];
    let error = engine
        .search(game.position(), &wrong, &Limits::depth(2), &stop, |_| {})
        .unwrap_err();
    assert_eq!(error, AnalysisError::HistoryNotAPly { index: 1 });
    // 12 captures 2 from 8: a new history.
    game.play(Move::from_number(12).expect("a hole"))
        .expect("a legal move");
    assert!(game.history().is_empty());
}

/// An engine can be moved to a search thread, and its table is the size
/// asked for, rounded down to a power of two of 32-byte buckets.
#[test]
fn an_engine_is_send_and_its_table_has_the_size_asked_for() {
    fn send<T: Send>(_: &T) {}
    let config = EngineConfig {
        hash_bytes: 1000,
        ..EngineConfig::default()
    };
    let engine = Engine::new(Rules::default(), config);
    send(&engine);
    assert_eq!(engine.hash_bytes(), 512);
    let tiny = Engine::new(
        Rules::default(),
        EngineConfig {
            hash_bytes: 0,
            ..config
        },
    );
    assert_eq!(tiny.hash_bytes(), 32);
    let default = Engine::new(Rules::default(), EngineConfig::default());
    assert_eq!(default.hash_bytes(), 16 << 20);
}
