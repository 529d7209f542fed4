//! Games: history, the end of the game, endless play and the Hemprich
//! variant.

use bohnenspiel::{
    Action, EndReason, EndlessPlay, Game, Move, Outcome, PlayError, Player, Position, Rules, Score,
    Variant,
};

fn position(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

fn play_all(game: &mut Game, holes: &[u8]) {
    for &hole in holes {
        let mv = Move::from_number(hole).expect("a hole number");
        game.play(mv)
            .unwrap_or_else(|error| panic!("{hole}: {error}"));
    }
}

/// One bean in hole 5 and one in hole 11, South to move: with these
/// moves the position comes back every 12 plies and nothing is ever
/// captured.
const ENDLESS: &str = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S";
const ENDLESS_LINE: [u8; 12] = [5, 11, 6, 12, 1, 7, 2, 8, 3, 9, 4, 10];

/// The endless line once round, ended by a claim.
fn endless(endless_play: EndlessPlay) -> Game {
    let rules = Rules {
        endless_play,
        ..Rules::default()
    };
    let mut game = Game::new(position(ENDLESS), rules);
    play_all(&mut game, &ENDLESS_LINE[..11]);
    assert_eq!(game.first_occurrence(), None, "new before the 12th ply");
    assert_eq!(game.claim_repetition(), None, "not repeated: refused");
    play_all(&mut game, &ENDLESS_LINE[11..]);
    assert!(!game.is_over(), "a repetition ends nothing by itself");
    assert_eq!((game.first_occurrence(), game.occurrences()), (Some(0), 2));
    let end = game.claim_repetition().expect("a repetition to claim");
    assert_eq!(
        end.reason,
        EndReason::Repetition {
            earlier_ply: 0,
            ply: 12
        }
    );
    assert_eq!(game.end(), Some(end));
    assert_eq!(game.position(), game.start());
    game
}

#[test]
fn a_repetition_does_not_end_the_game_by_itself() {
    let mut game = Game::new(position(ENDLESS), Rules::default());
    for round in 1..=5u32 {
        play_all(&mut game, &ENDLESS_LINE);
        assert!(!game.is_over());
        assert_eq!(game.occurrences(), round + 1);
        assert_eq!(game.first_occurrence(), Some(0));
    }
    play_all(&mut game, &ENDLESS_LINE[..1]);
    assert_eq!((game.first_occurrence(), game.occurrences()), (Some(1), 6));
    assert_eq!(game.plies().len(), 61);
}

#[test]
fn an_automatic_end_comes_at_the_chosen_occurrence() {
    for occurrence in [0, 1, 2, 3, 4] {
        let rules = Rules {
            repetition_ends_at: Some(occurrence),
            ..Rules::default()
        };
        let mut game = Game::new(position(ENDLESS), rules);
        let rounds = usize::from(occurrence.max(2)) - 1;
        for _ in 0..rounds {
            assert!(!game.is_over());
            play_all(&mut game, &ENDLESS_LINE);
        }
        let end = game.end().expect("over at the chosen occurrence");
        assert_eq!(
            end.reason,
            EndReason::Repetition {
                earlier_ply: 0,
                ply: 12 * rounds
            }
        );
        assert_eq!(end.score, Score::new(37, 35));
        assert!(game.is_over());
        assert_eq!(game.claim_repetition(), None, "over: refused");
    }
}

#[test]
fn endless_play_by_default_gives_each_player_their_own_side() {
    let game = endless(EndlessPlay::default());
    assert_eq!(game.final_score(), Some(Score::new(37, 35)));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Player::South
        })
    );
}

#[test]
fn endless_play_can_give_the_beans_to_the_last_mover() {
    // North made the 12th ply.
    let game = endless(EndlessPlay::LastMover);
    assert_eq!(game.final_score(), Some(Score::new(36, 36)));
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn endless_play_can_split_the_beans() {
    let game = endless(EndlessPlay::Split);
    assert_eq!(game.final_score(), Some(Score::new(37, 35)));
}

#[test]
fn no_move_is_accepted_after_a_repetition() {
    let mut game = endless(EndlessPlay::OwnSide);
    assert!(game.legal_moves().is_empty());
    let before = game.plies().len();
    let error = game.play(Move::from_number(5).expect("hole 5")).err();
    assert!(matches!(error, Some(PlayError::GameOver { .. })));
    assert_eq!(
        error.map(|e| e.to_string()).as_deref(),
        Some("the game is over, so South cannot play hole 5")
    );
    assert_eq!(game.plies().len(), before);
}

#[test]
fn a_capture_forgets_the_earlier_positions() {
    // South's 6 takes 2 from 7, then the two remaining beans go round.
    let mut game = Game::new(
        position("0,0,0,1,0,1/1,0,0,1,0,0 34:34 S"),
        Rules::default(),
    );
    play_all(&mut game, &[6, 10, 4, 11, 5, 12, 6, 7, 1, 8, 2, 9]);
    assert!(!game.is_over());
    play_all(&mut game, &[3]);
    assert!(!game.is_over());
    let end = game.claim_repetition().expect("a repetition");
    assert_eq!(
        end.reason,
        EndReason::Repetition {
            earlier_ply: 1,
            ply: 13
        }
    );
    assert_eq!(end.score, Score::new(37, 35));
    assert_eq!(
        game.plies().first().map(|ply| ply.position),
        game.plies().get(12).map(|ply| ply.position)
    );
}

#[test]
fn the_history_keeps_every_move_its_captures_and_the_position_after() {
    let mut game = Game::default();
    play_all(&mut game, &[4, 8, 6, 12]);
    let plies = game.plies();
    assert_eq!(plies.len(), 4);
    assert_eq!(*game.start(), Position::new());
    let moves: Vec<String> = game.moves().map(|mv| mv.to_string()).collect();
    assert_eq!(moves, ["4", "8", "6", "12"]);
    let players: Vec<Player> = plies.iter().map(|ply| ply.player).collect();
    assert_eq!(
        players,
        [Player::South, Player::North, Player::South, Player::North]
    );
    let Some(Action::Sow { mv, captures }) = plies.get(3).map(|ply| ply.action) else {
        panic!("the fourth ply is a move");
    };
    assert_eq!(mv.to_string(), "12");
    assert_eq!(captures.to_string(), "2 from 8");
    assert_eq!(
        plies.get(3).map(|ply| ply.position.to_string()).as_deref(),
        Some("9,8,8,1,8,1/9,0,9,9,8,0 0:2 S")
    );
    assert_eq!(plies.last().map(|ply| ply.position), Some(*game.position()));
    assert_eq!(game.end(), None);
    assert_eq!(game.final_score(), None);
}

#[test]
fn a_game_started_from_a_finished_position_is_over_at_once() {
    let game = Game::new(
        position("0,0,0,0,0,0/1,0,0,0,0,1 36:34 S"),
        Rules::default(),
    );
    let end = game.end().expect("South cannot move");
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::South
        }
    );
    assert_eq!(end.score, Score::new(36, 36));
    assert!(game.plies().is_empty());
}

#[test]
fn standard_rules_end_when_the_mover_has_no_beans() {
    let mut game = Game::new(
        position("0,0,0,0,0,2/0,0,0,0,0,0 36:34 S"),
        Rules::default(),
    );
    play_all(&mut game, &[6, 8]);
    let end = game.end().expect("South has no beans");
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::South
        }
    );
    // The two beans left go to North, who moved last.
    assert_eq!(end.score, Score::new(36, 36));
}

#[test]
fn hemprich_passes_until_every_bean_is_captured() {
    let rules = Rules {
        variant: Variant::Hemprich,
        ..Rules::default()
    };
    let mut game = Game::new(position("0,0,0,0,0,2/0,0,0,0,0,0 36:34 S"), rules);
    play_all(&mut game, &[6, 8]);
    // South has no beans and passes; North moves again.
    assert!(!game.is_over());
    assert_eq!(game.turn(), Player::North);
    play_all(&mut game, &[7, 8]);
    let actions: Vec<(Player, Option<u8>)> = game
        .plies()
        .iter()
        .map(|ply| {
            let hole = match ply.action {
                Action::Sow { mv, .. } => Some(mv.hole().number()),
                Action::Pass => None,
            };
            (ply.player, hole)
        })
        .collect();
    assert_eq!(
        actions,
        [
            (Player::South, Some(6)),
            (Player::North, Some(8)),
            (Player::South, None),
            (Player::North, Some(7)),
            (Player::South, None),
            (Player::North, Some(8)),
        ]
    );
    let end = game.end().expect("every bean is captured");
    assert_eq!(end.reason, EndReason::AllCaptured);
    assert_eq!(end.score, Score::new(36, 36));
    assert_eq!(game.position().beans_on_board(), 0);
}

#[test]
fn hemprich_passes_at_the_start_when_the_mover_has_no_beans() {
    let rules = Rules {
        variant: Variant::Hemprich,
        endless_play: EndlessPlay::OwnSide,
        ..Rules::default()
    };
    let game = Game::new(position("0,0,0,0,0,0/1,0,0,0,0,1 36:34 S"), rules);
    assert!(!game.is_over());
    assert_eq!(game.turn(), Player::North);
    assert_eq!(game.plies().len(), 1);
    assert_eq!(
        game.plies().first().map(|ply| ply.action),
        Some(Action::Pass)
    );
    assert_eq!(game.moves().count(), 0);
}

#[test]
fn hemprich_games_also_end_by_repetition() {
    let rules = Rules {
        variant: Variant::Hemprich,
        endless_play: EndlessPlay::LastMover,
        repetition_ends_at: Some(2),
    };
    let mut game = Game::new(position(ENDLESS), rules);
    play_all(&mut game, &ENDLESS_LINE);
    let end = game.end().expect("a repetition");
    assert_eq!(
        end.reason,
        EndReason::Repetition {
            earlier_ply: 0,
            ply: 12
        }
    );
    assert_eq!(end.score, Score::new(36, 36));
}

#[test]
fn a_decided_game_goes_on_until_the_rules_end_it() {
    // South's 5 takes 12 beans and passes 36, but North can still move.
    let mut game = Game::new(
        position("0,0,0,0,3,1/3,5,0,0,0,2 30:28 S"),
        Rules::default(),
    );
    play_all(&mut game, &[5]);
    assert!(game.position().is_decided());
    assert_eq!(game.position().decided_winner(), Some(Player::South));
    assert!(!game.is_over());
    play_all(&mut game, &[12, 2]);
    assert_eq!(
        game.end().map(|end| end.reason),
        Some(EndReason::NoBeans {
            player: Player::North
        })
    );
    assert_eq!(game.final_score(), Some(Score::new(44, 28)));
}

#[test]
fn rules_read_back_from_their_text() {
    for variant in [Variant::Standard, Variant::Hemprich] {
        for endless_play in [
            EndlessPlay::OwnSide,
            EndlessPlay::LastMover,
            EndlessPlay::Split,
        ] {
            let rules = Rules {
                variant,
                endless_play,
                ..Rules::default()
            };
            assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
            let reordered = format!(" ENDLESS = {endless_play} ;{variant}; ");
            assert_eq!(reordered.parse::<Rules>(), Ok(rules), "{reordered}");
        }
    }
    assert_eq!("".parse::<Rules>(), Ok(Rules::default()));
    for (text, message) in [
        (
            "chess",
            "\"chess\" is neither a rules variant nor endless=RULE",
        ),
        (
            "standard; endless=north",
            "\"north\" is not an endless-play rule (own-side, last-mover or split)",
        ),
        ("standard; hemprich", "the variant is given twice"),
        (
            "endless=split; endless=split",
            "the endless-play rule is given twice",
        ),
        (
            "speed=2",
            "\"speed=2\" is neither a rules variant nor endless=RULE",
        ),
    ] {
        let error = text.parse::<Rules>().expect_err(text);
        assert_eq!(error.to_string(), message, "{text}");
    }
}
