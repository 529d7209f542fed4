//! Properties that hold for every position reached by random play.

use std::collections::HashSet;

use bohnenspiel::{EndlessPlay, Game, Hole, Move, Position, Rules, Score, Setup, Variant};
use proptest::prelude::*;

/// The position after playing legal moves chosen by `choices` (each taken
/// modulo the number of legal moves) from the opening, stopping early if
/// the game ends.
fn reach(choices: &[u8]) -> Position {
    let mut position = Position::new();
    for &choice in choices {
        let moves = position.legal_moves();
        let Some(mv) = moves.clone().nth(usize::from(choice) % moves.len().max(1)) else {
            break;
        };
        position.play(mv).expect("a legal move plays");
    }
    position
}

fn beans(position: &Position) -> u32 {
    position.board().iter().map(|&b| u32::from(b)).sum::<u32>()
        + u32::from(position.stores().total())
}

fn rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(Variant::Standard), Just(Variant::Hemprich)],
        prop_oneof![
            Just(EndlessPlay::OwnSide),
            Just(EndlessPlay::LastMover),
            Just(EndlessPlay::Split)
        ],
        2u8..5,
    )
        .prop_map(|(variant, endless_play, occurrence)| Rules {
            variant,
            endless_play,
            repetition_ends_at: Some(occurrence),
        })
}

proptest! {
    #[test]
    fn beans_always_add_up_to_72(choices in prop::collection::vec(any::<u8>(), 0..120)) {
        let mut position = Position::new();
        for choice in choices {
            let moves = position.legal_moves();
            let Some(mv) = moves.clone().nth(usize::from(choice) % moves.len().max(1)) else {
                break;
            };
            let stores_before = position.stores();
            let captures = position.play(mv).expect("legal");
            prop_assert_eq!(beans(&position), 72);
            prop_assert!(position.stores().south.is_multiple_of(2) && position.stores().north.is_multiple_of(2));
            prop_assert_eq!(
                u32::from(position.stores().total()),
                u32::from(stores_before.total()) + captures.total()
            );
            for capture in &captures {
                prop_assert!([2, 4, 6].contains(&capture.beans));
            }
        }
    }

    #[test]
    fn every_legal_move_plays(choices in prop::collection::vec(any::<u8>(), 0..80)) {
        let position = reach(&choices);
        for mv in position.legal_moves() {
            prop_assert!(position.is_legal(mv));
            let mut child = position;
            let captures = child.play(mv).expect("legal");
            let mut unchecked = position;
            prop_assert_eq!(unchecked.play_unchecked(mv), captures);
            prop_assert_eq!(unchecked, child);
            prop_assert_eq!(child.turn(), !position.turn());
        }
    }

    #[test]
    fn an_illegal_move_changes_nothing(
        choices in prop::collection::vec(any::<u8>(), 0..80),
        number in 1u8..=12,
    ) {
        let position = reach(&choices);
        let mv = Move::new(Hole::new(number).expect("1 to 12"));
        let mut after = position;
        match after.play(mv) {
            Ok(_) => prop_assert!(position.legal_moves().contains(mv)),
            Err(error) => {
                prop_assert!(!position.is_legal(mv));
                prop_assert!(!position.legal_moves().contains(mv));
                prop_assert_eq!(after, position);
                prop_assert_eq!(error.mv(), mv);
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }

    #[test]
    fn random_games_always_end_with_72_beans_shared(
        seed in prop::collection::vec(any::<u8>(), 1..64),
        rules in rules(),
    ) {
        let mut game = Game::new(Position::new(), rules);
        let mut plies = 0usize;
        while !game.is_over() {
            let moves = game.legal_moves();
            let choice = usize::from(seed[plies % seed.len()]);
            let mv = moves.clone().nth(choice % moves.len()).expect("a move while not over");
            game.play(mv).expect("legal");
            plies += 1;
            prop_assert!(plies < 10_000, "the game did not end");
        }
        let score: Score = game.final_score().expect("over");
        prop_assert_eq!(score.total(), 72);
        prop_assert_eq!(game.end().map(|end| end.outcome()), Some(score.outcome()));
    }

    #[test]
    fn setup_strings_round_trip(
        board in prop::array::uniform12(any::<u8>()),
        south in any::<u8>(),
        north in any::<u8>(),
        north_to_move in any::<bool>(),
    ) {
        let setup = Setup {
            board,
            stores: Score::new(south, north),
            turn: if north_to_move { bohnenspiel::Player::North } else { bohnenspiel::Player::South },
        };
        let text = setup.to_string();
        prop_assert_eq!(text.parse::<Setup>(), Ok(setup));
        // Validation never panics, and accepts exactly the 72-bean,
        // even-store setups.
        let valid = setup.total() == 72 && south.is_multiple_of(2) && north.is_multiple_of(2);
        prop_assert_eq!(Position::from_setup(setup).is_ok(), valid);
    }

    #[test]
    fn position_strings_round_trip(choices in prop::collection::vec(any::<u8>(), 0..100)) {
        let position = reach(&choices);
        let text = position.to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(position));
        prop_assert_eq!(Setup::from(position).to_string(), text);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Position>();
    }
}

#[test]
fn random_play_reaches_many_distinct_positions() {
    // Guards the generators above against only ever seeing the opening.
    let seen: HashSet<Position> = (0u8..=255)
        .map(|seed| reach(&[seed, seed / 3, seed / 7, seed / 11, 5, 3]))
        .collect();
    assert!(seen.len() > 50, "{}", seen.len());
}
