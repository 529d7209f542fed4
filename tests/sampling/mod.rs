//! Random positions and quiet lines for the analysis tests (the solver's
//! and the engine's), with the rule options and boards of the naive
//! reference they are checked against.

#![allow(dead_code)]

use bohnenspiel::{EndlessPlay, Move, Player, Position, Rules, Variant};

use crate::naive::minimax::{Endless, NaiveRules};
use crate::naive::{Board, Rng};

/// The crate's rules and the naive reference's for one rule option.
pub fn rules(variant: Variant, endless_play: EndlessPlay) -> (Rules, NaiveRules) {
    let naive = NaiveRules {
        hemprich: variant == Variant::Hemprich,
        endless: match endless_play {
            EndlessPlay::OwnSide => Endless::OwnSide,
            EndlessPlay::LastMover => Endless::LastMover,
            EndlessPlay::Split => Endless::Split,
        },
    };
    (
        Rules {
            variant,
            endless_play,
            ..Rules::default()
        },
        naive,
    )
}

/// A random position with `beans` (even) beans on the board.
pub fn random_position(rng: &mut Rng, beans: u32) -> Position {
    let mut board = [0u8; 12];
    for _ in 0..beans {
        board[rng.below(12)] += 1;
    }
    let stores = 72 - beans as u8;
    let south = 2 * rng.below(usize::from(stores) / 2 + 1) as u8;
    let turn = if rng.below(2) == 0 { "S" } else { "N" };
    let [a, b, c, d, e, f, g, h, i, j, k, l] = board;
    format!(
        "{a},{b},{c},{d},{e},{f}/{g},{h},{i},{j},{k},{l} {south}:{} {turn}",
        stores - south
    )
    .parse()
    .expect("a valid random position")
}

/// A random position and up to `plies` positions before it, reached by
/// random moves without captures from a random history-free start
/// (Hemprich passes included under that variant). Stops early where every
/// move captures, at the end of the game or at a repetition.
pub fn random_line(
    rng: &mut Rng,
    beans: u32,
    plies: usize,
    hemprich: bool,
) -> (Position, Vec<Position>) {
    let mut position = random_position(rng, beans);
    let mut history = Vec::new();
    for _ in 0..plies {
        let moves: Vec<Move> = position.legal_moves().collect();
        let next = if moves.is_empty() {
            if !hemprich || position.beans_on_board() == 0 {
                break;
            }
            let setup = position.to_setup();
            let mut passed = setup;
            passed.turn = !setup.turn;
            Position::from_setup(passed).expect("a pass keeps a valid position")
        } else {
            let quiet: Vec<Position> = moves
                .into_iter()
                .filter_map(|mv| {
                    let mut next = position;
                    let captures = next.play(mv).expect("a legal move");
                    captures.is_empty().then_some(next)
                })
                .collect();
            if quiet.is_empty() {
                break;
            }
            quiet[rng.below(quiet.len())]
        };
        if next == position || history.contains(&next) {
            break;
        }
        history.push(position);
        position = next;
    }
    (position, history)
}

/// The naive reference's board of a position.
pub fn naive_board(position: &Position) -> Board {
    Board::parse(&position.to_string())
}

/// Who sowed last before `position`: as the solver works it out.
pub fn south_sowed_last(position: &Position, history: &[Position], hemprich: bool) -> bool {
    let passed = history.last().is_some_and(|before| {
        hemprich && before.legal_moves().is_empty() && {
            let mut setup = before.to_setup();
            setup.turn = !setup.turn;
            setup == position.to_setup()
        }
    });
    if passed {
        position.turn() == Player::South
    } else {
        position.turn() == Player::North
    }
}
