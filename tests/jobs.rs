//! One call for each job: a record's start position, the game a record
//! holds, and the record of a played game, checked against each other and
//! against validation.

mod common;

use bohnenspiel::notation::Record;
use bohnenspiel::validate::{
    GameError, Options, StartError, record_of, replay_game, start_position, validate,
};
use bohnenspiel::{Action, EndlessPlay, Game, Position, Repetition, Rules, Variant};

/// A random game of `rules` from `start`, ended automatically at the
/// first repetition.
fn random_game(start: Position, rules: Rules, seed: usize) -> Game {
    let rules = Rules {
        repetition: Repetition::Automatic { occurrence: 2 },
        ..rules
    };
    let mut game = Game::new(start, rules);
    for i in 0..400 {
        let moves: Vec<_> = game.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(i * 7919 + seed * 104_729) % moves.len()];
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

fn starts() -> Vec<Position> {
    std::iter::once(Position::new())
        .chain(
            common::SPARSE
                .iter()
                .map(|text| text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))),
        )
        .collect()
}

#[test]
fn the_record_of_a_game_validates_clean_and_replays_to_the_same_game() {
    let rules = [
        Rules::default(),
        Rules {
            variant: Variant::Hemprich,
            ..Rules::default()
        },
        Rules {
            endless_play: EndlessPlay::Split,
            ..Rules::default()
        },
    ];
    let mut passes = 0;
    for (r, rules) in rules.into_iter().enumerate() {
        for (s, start) in starts().into_iter().enumerate() {
            for seed in 0..4 {
                let game = random_game(start, rules, seed + 10 * s + 100 * r);
                passes += game
                    .plies()
                    .iter()
                    .filter(|ply| matches!(ply.action, Action::Pass))
                    .count();
                let text = record_of(&game).to_string();
                let record: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
                // Validation finds nothing wrong (a game stopped by the
                // first repetition is complete).
                let parsed = &bohnenspiel::notation::parse_records(&text)[0];
                let report = validate(parsed, &Options::default());
                assert!(
                    report
                        .findings
                        .iter()
                        .all(|f| f.severity != bohnenspiel::validate::Severity::Error),
                    "{text}\n{:?}",
                    report.findings
                );
                assert_eq!(start_position(&record), Ok(start), "{text}");
                let again = replay_game(&record, &Options::default())
                    .unwrap_or_else(|e| panic!("{e}\n{text}"));
                // Every pass is written `-`, and the replay counts the
                // plies as the game does.
                let written_passes = record
                    .movetext
                    .moves
                    .iter()
                    .flat_map(|m| std::iter::once(&m.south).chain(m.north.as_ref()))
                    .filter(|turn| turn.ply.is_pass())
                    .count();
                let game_passes = game
                    .plies()
                    .iter()
                    .filter(|ply| matches!(ply.action, Action::Pass))
                    .count();
                assert_eq!(written_passes, game_passes, "{text}");
                assert_eq!(report.main_line.last_index, game.plies().len(), "{text}");
                // The same plies, passes included, ending with the same
                // score (the original by its automatic repetition rule,
                // the replay by a claim where the record stops; the
                // original ends before a pass that the replay, which
                // claims only where the record stops, still makes).
                let plies = |g: &Game| {
                    g.plies()
                        .iter()
                        .map(|ply| (ply.player, ply.action))
                        .collect::<Vec<_>>()
                };
                let (replayed, original) = (plies(&again), plies(&game));
                assert!(replayed.starts_with(&original), "{text}");
                assert!(
                    replayed[original.len()..]
                        .iter()
                        .all(|(_, action)| *action == Action::Pass),
                    "{text}"
                );
                assert!(again.final_score() == game.final_score(), "{text}");
                assert_eq!(again.rules().variant, rules.variant);
                assert_eq!(again.rules().endless_play, rules.endless_play);
            }
        }
    }
    assert!(passes > 0, "some Hemprich game should pass");
}

#[test]
fn records_without_a_start_or_with_an_illegal_ply_say_why() {
    let unknown: Record = "[Setup \"?\"]\n\n4, 8\n"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(start_position(&unknown), Err(StartError::Unknown));
    assert_eq!(
        replay_game(&unknown, &Options::default()).err(),
        Some(GameError::Start(StartError::Unknown))
    );
    let invalid: Record = "[Setup \"6,6/6 0:0 S\"]\n\n4, 8\n"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        start_position(&invalid),
        Err(StartError::InvalidSetup { value, .. }) if value == "6,6/6 0:0 S"
    ));
    let illegal: Record = "4, 8; 9, 12\n".parse().unwrap_or_else(|e| panic!("{e}"));
    match replay_game(&illegal, &Options::default()) {
        Err(GameError::Illegal {
            ply, move_number, ..
        }) => assert_eq!((ply, move_number), (3, 2)),
        other => panic!("{other:?}"),
    }
}
