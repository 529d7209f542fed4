//! Bad input gives typed errors with messages a person understands, and
//! nothing panics.

use bohnenspiel::{Game, Hole, Move, PlayError, Player, Position, Rules, RulesError, Setup};

fn message(error: impl std::fmt::Display) -> String {
    error.to_string()
}

#[test]
fn holes_0_and_13_do_not_exist() {
    for (text, number) in [("0", 0), ("13", 13)] {
        let error = text.parse::<Move>().expect_err("no such hole");
        assert_eq!(error, RulesError::HoleOutOfRange(number));
        assert_eq!(
            message(&error),
            format!("hole {number} does not exist: holes are numbered 1 to 12")
        );
        assert_eq!(Move::from_number(number as u8), Err(error.clone()));
        assert_eq!(Move::try_from(number as u8), Err(error));
    }
    assert_eq!(
        message("x".parse::<Move>().expect_err("not a number")),
        "\"x\" is not a hole number: expected a number from 1 to 12"
    );
}

#[test]
fn a_move_for_the_wrong_side_names_the_owner() {
    let mut position = Position::new();
    let error = position
        .play(Move::from_number(9).expect("hole 9"))
        .expect_err("South cannot sow from hole 9");
    assert!(matches!(error, PlayError::NotYourHole { .. }));
    assert_eq!(error.turn(), Player::South);
    assert_eq!(error.mv().hole(), Hole::new(9).expect("hole 9"));
    assert_eq!(
        message(error),
        "hole 9 belongs to North, but South is to move"
    );
    assert_eq!(position, Position::new());
}

#[test]
fn a_move_from_an_empty_hole_is_refused() {
    let mut game = Game::default();
    game.play(Move::from_number(4).expect("hole 4"))
        .expect("legal");
    game.play(Move::from_number(7).expect("hole 7"))
        .expect("legal");
    let before = *game.position();
    let error = game
        .play(Move::from_number(4).expect("hole 4"))
        .expect_err("hole 4 was emptied");
    assert!(matches!(error, PlayError::EmptyHole { .. }));
    assert_eq!(
        message(error),
        "hole 4 is empty, so South cannot sow from it"
    );
    assert_eq!(*game.position(), before);
    assert_eq!(game.plies().len(), 2);
}

#[test]
fn a_move_after_the_game_is_over_is_refused() {
    let mut position: Position = "0,0,0,0,0,0/1,0,0,0,0,1 36:34 S".parse().expect("valid");
    let error = position
        .play(Move::from_number(1).expect("hole 1"))
        .expect_err("the game is over");
    assert!(matches!(error, PlayError::GameOver { .. }));
    assert_eq!(
        message(error),
        "the game is over, so South cannot play hole 1"
    );
    let mut game = Game::new(position, Rules::default());
    let error = game
        .play(Move::from_number(7).expect("hole 7"))
        .expect_err("the game is over");
    assert!(matches!(error, PlayError::GameOver { .. }));
}

#[test]
fn setups_with_71_or_73_beans_or_255_in_a_hole_are_rejected() {
    let cases = [
        ("5,6,6,6,6,6/6,6,6,6,6,6 0:0 S", 71),
        ("7,6,6,6,6,6/6,6,6,6,6,6 0:0 S", 73),
        ("255,6,6,6,6,6/6,6,6,6,6,6 0:0 S", 321),
        (
            "255,255,255,255,255,255/255,255,255,255,255,255 255:255 N",
            3570,
        ),
    ];
    for (text, total) in cases {
        let setup: Setup = text.parse().expect("syntactically fine");
        let error = Position::from_setup(setup).expect_err("wrong total");
        assert_eq!(error, RulesError::WrongTotal { total });
        assert_eq!(
            message(&error),
            format!("the holes and stores hold {total} beans, but a game always has 72")
        );
        assert_eq!(Position::try_from(setup), Err(error.clone()));
        assert_eq!(text.parse::<Position>(), Err(error));
    }
}

#[test]
fn an_odd_store_is_rejected() {
    let error = "6,6,6,6,6,5/6,6,6,6,6,6 1:0 N"
        .parse::<Position>()
        .expect_err("odd store");
    assert_eq!(
        error,
        RulesError::OddStore {
            player: Player::South,
            beans: 1
        }
    );
    assert_eq!(
        message(error),
        "South's store holds an odd number of beans (1), but captures only ever add 2, 4 or 6"
    );
}

#[test]
fn malformed_setup_strings_say_where_and_what() {
    let cases = [
        (
            "",
            RulesError::ExpectedNumber {
                offset: 0,
                column: 1,
            },
        ),
        (
            "6,6,6,6,6,6/6,6,6,6,6 0:0 S",
            RulesError::ExpectedSeparator {
                offset: 21,
                column: 22,
                expected: ',',
            },
        ),
        (
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 X",
            RulesError::ExpectedTurn {
                offset: 28,
                column: 29,
            },
        ),
        (
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S\n",
            RulesError::TrailingText {
                offset: 29,
                column: 30,
            },
        ),
        (
            "6,6,6,6,6,6/6,6,6,6,6,6 0:1000 S",
            RulesError::NumberTooLarge {
                offset: 26,
                column: 27,
            },
        ),
    ];
    for (text, expected) in cases {
        let error = text.parse::<Setup>().expect_err("malformed");
        assert_eq!(error, expected, "{text:?}");
        let error = text.parse::<Position>().expect_err("malformed");
        assert_eq!(error, expected, "{text:?}");
    }
    assert_eq!(
        message(
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 X"
                .parse::<Position>()
                .expect_err("bad turn")
        ),
        "at column 29: expected S or N (or s or n) for the player to move"
    );
}
