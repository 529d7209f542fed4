//! The two historical games and the main line of "The Gentlemen",
//! replayed move by move. Every capture the rules make must equal the
//! published annotation of that ply, and a ply without an annotation must
//! capture nothing.

use bohnenspiel::{Action, EndReason, Game, Hole, Move, Outcome, Player, Position, Rules, Score};

/// One ply as published: the hole sown from and the annotated captures as
/// `(hole, beans)`, in any order.
type Ply = (u8, &'static [(u8, u8)]);

/// Rüger 1962: `4,8; 6,12 (2 from hole 8); 6,7; 3 (2 from 12),7; 5,8 (2
/// from 12); 4 (2 from 7),11; 5 (2 from 7), 11 (2 from 12); 2,11 (2 from
/// 12); 4,7; 3,8; 4 (4 from 5),11; 1 (2 from 2),10; 6,10 (6 from 12); 4 (4
/// from 7),8 (6 from 11); 1 (4 from 5),9 (2 from 5); 3 (4 from 10, 2 from
/// 9, 8, 7 each),12; 1,11; 1,12; 1`.
const RUEGER: &[Ply] = &[
    (4, &[]),
    (8, &[]),
    (6, &[]),
    (12, &[(8, 2)]),
    (6, &[]),
    (7, &[]),
    (3, &[(12, 2)]),
    (7, &[]),
    (5, &[]),
    (8, &[(12, 2)]),
    (4, &[(7, 2)]),
    (11, &[]),
    (5, &[(7, 2)]),
    (11, &[(12, 2)]),
    (2, &[]),
    (11, &[(12, 2)]),
    (4, &[]),
    (7, &[]),
    (3, &[]),
    (8, &[]),
    (4, &[(5, 4)]),
    (11, &[]),
    (1, &[(2, 2)]),
    (10, &[]),
    (6, &[]),
    (10, &[(12, 6)]),
    (4, &[(7, 4)]),
    (8, &[(11, 6)]),
    (1, &[(5, 4)]),
    (9, &[(5, 2)]),
    (3, &[(10, 4), (9, 2), (8, 2), (7, 2)]),
    (12, &[]),
    (1, &[]),
    (11, &[]),
    (1, &[]),
    (12, &[]),
    (1, &[]),
];

/// Machatscheck 1972: `3,9; 5,7 (2 from hole 3); 6,8; 4?,7 (6 from 9 plus
/// 2 from 8); 1,12!(2 from 1); 2,11; 5 (2 from 11),9 (4 each from 2 and
/// 1); 3 (6 each from 7 and 8),11 (6 from 12); 5,10; 3 (2 from 5),9? (2
/// from 10); 6,11 (4 each from 2, 1 and 12); 4,10 (2 each from 12 and 11);
/// 5 (2 from 6),7; 3,10; 4,9; 5,8 (2 from 12); 1,9; 2,10; 3,12 (2 from 1);
/// 4,11; 5 (2 from 6),12 (2 from 1); 2 (2 from 3).`
const MACHATSCHECK: &[Ply] = &[
    (3, &[]),
    (9, &[]),
    (5, &[]),
    (7, &[(3, 2)]),
    (6, &[]),
    (8, &[]),
    (4, &[]),
    (7, &[(9, 6), (8, 2)]),
    (1, &[]),
    (12, &[(1, 2)]),
    (2, &[]),
    (11, &[]),
    (5, &[(11, 2)]),
    (9, &[(2, 4), (1, 4)]),
    (3, &[(7, 6), (8, 6)]),
    (11, &[(12, 6)]),
    (5, &[]),
    (10, &[]),
    (3, &[(5, 2)]),
    (9, &[(10, 2)]),
    (6, &[]),
    (11, &[(2, 4), (1, 4), (12, 4)]),
    (4, &[]),
    (10, &[(12, 2), (11, 2)]),
    (5, &[(6, 2)]),
    (7, &[]),
    (3, &[]),
    (10, &[]),
    (4, &[]),
    (9, &[]),
    (5, &[]),
    (8, &[(12, 2)]),
    (1, &[]),
    (9, &[]),
    (2, &[]),
    (10, &[]),
    (3, &[]),
    (12, &[(1, 2)]),
    (4, &[]),
    (11, &[]),
    (5, &[(6, 2)]),
    (12, &[(1, 2)]),
    (2, &[(3, 2)]),
];

/// Plays `plies` from `start`, checking each ply's captures against its
/// annotation, and returns the finished game.
fn replay(start: Position, plies: &[Ply]) -> Game {
    let mut game = Game::new(start, Rules::default());
    for (number, &(hole, annotated)) in plies.iter().enumerate() {
        let player = game.turn();
        let expected_player = if number % 2 == 0 {
            start.turn()
        } else {
            !start.turn()
        };
        assert_eq!(player, expected_player, "ply {}", number + 1);
        let mv = Move::from_number(hole).expect("the records name holes 1 to 12");
        let captures = game
            .play(mv)
            .unwrap_or_else(|error| panic!("ply {} ({hole}): {error}", number + 1));
        let mut made: Vec<(u8, u8)> = captures
            .iter()
            .map(|capture| (capture.hole.number(), capture.beans))
            .collect();
        let mut published = annotated.to_vec();
        made.sort_unstable();
        published.sort_unstable();
        assert_eq!(made, published, "captures of ply {} ({hole})", number + 1);
    }
    game
}

#[test]
fn rueger_1962_ends_with_north_unable_to_move_and_south_winning_50_22() {
    let game = replay(Position::new(), RUEGER);
    let end = game.end().expect("North cannot move after South's last 1");
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::North
        }
    );
    assert_eq!(end.score, Score::new(50, 22));
    assert_eq!(
        end.outcome(),
        Outcome::Decisive {
            winner: Player::South
        }
    );
    assert_eq!(game.plies().len(), RUEGER.len());
    // The remaining beans went to South, who moved last.
    let last = game.position();
    assert_eq!(last.stores().south + last.beans_on_board(), end.score.south);
}

#[test]
fn ruegers_sweep_is_reported_in_chain_order() {
    let game = replay(Position::new(), RUEGER);
    let sweep = game.plies().get(30).map(|ply| ply.action);
    let Some(Action::Sow { mv, captures }) = sweep else {
        panic!("ply 31 is a move: {sweep:?}");
    };
    assert_eq!(mv.hole(), Hole::new(3).expect("hole 3"));
    assert_eq!(
        captures.to_string(),
        "4 from 10, 2 from 9, 2 from 8 and 2 from 7"
    );
    assert_eq!(captures.total(), 10);
}

#[test]
fn machatscheck_1972_ends_with_north_winning_50_22() {
    let game = replay(Position::new(), MACHATSCHECK);
    let end = game.end().expect("the game is over after South's last 2");
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::North
        }
    );
    assert_eq!(end.score, Score::new(22, 50));
    assert_eq!(end.score.north - end.score.south, 28);
    assert_eq!(end.outcome().winner(), Some(Player::North));
}

#[test]
fn the_gentlemen_main_line_draws_36_36() {
    // Reconstructed from the published solution (see problems.md).
    let start: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S"
        .parse()
        .expect("a valid position");
    let main_line: &[Ply] = &[
        (2, &[]),
        (9, &[(12, 2)]),
        (3, &[]),
        (11, &[]),
        (6, &[]),
        (7, &[]),
        (5, &[]),
        (7, &[(8, 2)]),
        (4, &[]),
        (10, &[]),
        (5, &[(6, 2)]),
    ];
    let mut game = replay(start, main_line);
    assert!(!game.is_over());
    // 6. ... 11 wins the remaining beans: the final two.
    let last = game
        .play(Move::from_number(11).expect("hole 11"))
        .expect("11 is legal");
    assert_eq!(last.total(), 2);
    assert_eq!(game.position().beans_on_board(), 0);
    let end = game.end().expect("no beans are left");
    assert_eq!(end.score, Score::new(36, 36));
    assert_eq!(end.outcome(), Outcome::Draw);
}
