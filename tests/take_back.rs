//! Taking moves back: a game with moves taken back is the game of the
//! moves left, checked against replaying them from the start.

use bohnenspiel::{Action, Captures, Game, Move, Position, Rules, Variant};
use proptest::prelude::*;

/// Starts with long stretches without a capture (so that the positions
/// that can repeat outgrow a plain scan), with forced passes in the
/// Hemprich variant, and the opening.
const STARTS: &[&str] = &[
    "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S",
    "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S",
    "1,0,0,2,0,0/0,1,0,0,1,1 32:34 S",
    "2,0,1,0,0,0/0,3,0,0,1,1 30:34 N",
    "3,2,0,1,0,4/2,0,1,3,0,2 26:28 S",
    "0,0,0,0,0,0/0,0,3,0,0,1 34:34 S",
];

/// A small random generator, so that one seed gives a whole game.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays up to `count` random legal moves (fewer if the game ends) and
/// returns them with their captures.
fn play_random(game: &mut Game, random: &mut Random, count: usize) -> Vec<(Move, Captures)> {
    let mut played = Vec::new();
    for _ in 0..count {
        let legal: Vec<Move> = game.legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        let mv = legal[random.below(legal.len())];
        let captures = game.play(mv).expect("a legal move");
        played.push((mv, captures));
    }
    played
}

/// Everything a game says about itself.
fn assert_same(game: &Game, fresh: &Game, context: &str) {
    assert_eq!(game.plies(), fresh.plies(), "{context}");
    assert_eq!(game.position(), fresh.position(), "{context}");
    assert_eq!(game.end(), fresh.end(), "{context}");
    assert_eq!(
        game.first_occurrence(),
        fresh.first_occurrence(),
        "{context}"
    );
    assert_eq!(game.occurrences(), fresh.occurrences(), "{context}");
    assert_eq!(game.legal_moves(), fresh.legal_moves(), "{context}");
    assert_eq!(
        game.clone().claim_repetition(),
        fresh.clone().claim_repetition(),
        "{context}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Play N moves, take back K: the game equals the game of the first
    /// N - K moves, says which moves it took back with their captures,
    /// and both games go on alike.
    #[test]
    fn taking_back_k_of_n_moves_is_playing_n_minus_k(
        start in proptest::sample::select(STARTS),
        hemprich in any::<bool>(),
        automatic in proptest::option::of(2u8..4),
        claim in any::<bool>(),
        seed in 1u64..,
        n in 0usize..150,
        k in 0usize..160,
    ) {
        let start: Position = start.parse().expect("a position");
        let rules = Rules {
            variant: if hemprich { Variant::Hemprich } else { Variant::Standard },
            repetition_ends_at: automatic,
            ..Rules::default()
        };
        let mut random = Random(seed);
        let mut game = Game::new(start, rules);
        let played = play_random(&mut game, &mut random, n);
        // A claimed end is taken back with the move before it.
        let claimed = claim && game.claim_repetition().is_some();
        let k = k.min(played.len());
        for (back, &(mv, captures)) in played.iter().rev().take(k).enumerate() {
            let player = game.plies().iter().rev().find(|ply| matches!(ply.action, Action::Sow { .. })).map(|ply| ply.player);
            let taken = game.take_back().expect("a move to take back");
            prop_assert_eq!(taken.action, Action::Sow { mv, captures }, "take-back {}", back);
            prop_assert_eq!(Some(taken.player), player);
            prop_assert!(!game.is_over());
        }
        let kept = played.len() - k;
        let mut fresh = Game::new(start, rules);
        for &(mv, _) in &played[..kept] {
            fresh.play(mv).expect("the same legal move");
        }
        if claimed && k == 0 {
            fresh.claim_repetition().expect("the same claim");
        }
        assert_same(&game, &fresh, &format!("{kept} of {} moves kept", played.len()));
        if kept == 0 {
            prop_assert_eq!(game.take_back(), None);
            assert_same(&game, &fresh, "nothing to take back");
        }
        // Both go on alike, past the moves taken back.
        let later = play_random(&mut game, &mut Random(seed ^ 0x5DEE_CE66), 600);
        for &(mv, _) in &later {
            fresh.play(mv).expect("the same legal move");
        }
        assert_same(&game, &fresh, "played on");
    }
}

/// The moves taken back one by one are the moves played, latest first,
/// down to the start, with a pass forced before the first move kept.
#[test]
fn a_forced_pass_at_the_start_stays() {
    let start: Position = "0,0,0,0,0,0/0,0,3,0,0,1 34:34 S"
        .parse()
        .expect("a position");
    let rules = Rules {
        variant: Variant::Hemprich,
        ..Rules::default()
    };
    let mut game = Game::new(start, rules);
    assert_eq!(game.plies().len(), 1, "South passes at once");
    let opening = game.clone();
    let mv = game.legal_moves().next().expect("a move for North");
    let captures = game.play(mv).expect("a legal move");
    let taken = game.take_back().expect("the move");
    assert_eq!(taken.action, Action::Sow { mv, captures });
    assert_same(&game, &opening, "back at the start");
    assert_eq!(game.take_back(), None, "the pass is no move");
}
