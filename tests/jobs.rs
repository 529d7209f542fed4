//! One call for each job: a record's start position, the game a record
//! holds, and the record of a played game, checked against each other and
//! against validation.

mod common;
mod naive;

use bohnenspiel::notation::{Layout, Record, Span, parse_records};
use bohnenspiel::validate::{GameError, Options, validate};
use bohnenspiel::{Action, EndlessPlay, Game, Player, Position, Rules, Variant};

/// Asserts that validation found no error in the record `text`.
fn assert_no_errors(report: &bohnenspiel::validate::Report, text: &str) {
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.severity != bohnenspiel::validate::Severity::Error),
        "{text}\n{:?}",
        report.findings
    );
}

/// Who made each ply of `game`, and what it was.
fn plies(game: &Game) -> Vec<(Player, Action)> {
    game.plies()
        .iter()
        .map(|ply| (ply.player, ply.action))
        .collect()
}

/// A random game of `rules` from `start`, ended automatically at the
/// first repetition.
fn random_game(start: Position, rules: Rules, seed: usize) -> Game {
    let rules = Rules {
        repetition_ends_at: Some(2),
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
                let text = Record::from(&game).to_string();
                let record: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
                // Validation finds nothing wrong (a game stopped by the
                // first repetition is complete).
                let parsed = &bohnenspiel::notation::parse_records(&text)[0];
                let report = validate(parsed, &Options::default());
                assert_no_errors(&report, &text);
                assert_eq!(record.start(), Ok(Some(start)), "{text}");
                let again = Game::try_from(&record).unwrap_or_else(|e| panic!("{e}\n{text}"));
                // Every pass is written `-`, and the replay counts the
                // plies as the game does.
                let written_passes = record
                    .movetext
                    .moves
                    .iter()
                    .flat_map(|m| m.turns().map(|(_, turn)| turn))
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
    assert_eq!(unknown.start(), Ok(None));
    assert_eq!(
        Game::try_from(&unknown).err(),
        Some(GameError::UnknownStart)
    );
    let invalid: Record = "[Setup \"6,6/6 0:0 S\"]\n\n4, 8\n"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        invalid.start().err(),
        "6,6/6 0:0 S".parse::<Position>().err()
    );
    assert!(invalid.start().is_err());
    assert!(matches!(
        Game::try_from(&invalid),
        Err(GameError::InvalidSetup { value, error })
            if value == "6,6/6 0:0 S" && invalid.start().err().as_ref() == Some(&error)
    ));
    let illegal: Record = "4, 8; 9, 12\n".parse().unwrap_or_else(|e| panic!("{e}"));
    match Game::try_from(&illegal) {
        Err(GameError::Illegal {
            ply, move_number, ..
        }) => assert_eq!((ply, move_number), (3, 2)),
        other => panic!("{other:?}"),
    }
}

/// A random position with a few beans on the board and either side to
/// move (`None` for one that is no position of a game).
fn random_start(rng: &mut naive::Rng) -> Option<Position> {
    let holes: Vec<usize> = (0..12).map(|_| rng.below(4) * rng.below(2)).collect();
    let beans: usize = holes.iter().sum();
    if beans % 2 == 1 || beans == 0 {
        return None;
    }
    let south = 2 * rng.below((72 - beans) / 2 + 1);
    let turn = if rng.below(2) == 0 { "S" } else { "N" };
    let board = |side: &[usize]| {
        side.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!(
        "{}/{} {south}:{} {turn}",
        board(&holes[..6]),
        board(&holes[6..]),
        72 - beans - south
    );
    text.parse().ok()
}

#[test]
fn the_record_of_a_game_writes_each_ply_in_its_players_column() {
    let mut rng = naive::Rng(0x51_7CC1_B727_220A);
    let mut north_first = 0;
    for variant in [Variant::Standard, Variant::Hemprich] {
        let rules = Rules {
            variant,
            ..Rules::default()
        };
        let mut games = 0;
        while games < 40 {
            let Some(start) = random_start(&mut rng) else {
                continue;
            };
            let game = random_game(start, rules, rng.below(1000));
            if game.plies().is_empty() {
                continue;
            }
            games += 1;
            north_first += usize::from(start.turn() == Player::North);
            let record = Record::from(&game);
            let mut rows = record.clone();
            rows.movetext.layout = Layout::Numbered;
            for (m, number) in rows.movetext.moves.iter_mut().zip(1..) {
                m.number = Some((number, Span::default()));
            }
            for record in [record, rows] {
                let text = record.to_string();
                let parsed = &parse_records(&text)[0];
                assert!(parsed.errors.is_empty(), "{text}\n{:?}", parsed.errors);
                assert_eq!(parsed.record.without_spans(), record, "{text}");
                // Each ply stands in the column of the player who made it.
                let columns: Vec<Player> = parsed
                    .record
                    .movetext
                    .moves
                    .iter()
                    .flat_map(|m| m.turns().map(|(side, _)| side))
                    .collect();
                let players: Vec<Player> = game.plies().iter().map(|ply| ply.player).collect();
                assert_eq!(columns, players, "{text}");
                // It validates without errors and replays to the same plies.
                let report = validate(parsed, &Options::default());
                assert_no_errors(&report, &text);
                let again =
                    Game::try_from(&parsed.record).unwrap_or_else(|e| panic!("{e}\n{text}"));
                let (replayed, original) = (plies(&again), plies(&game));
                assert!(replayed.starts_with(&original), "{text}");
            }
        }
    }
    assert!(
        north_first >= 20,
        "{north_first} games start with North to move"
    );
}

/// A row written `2... 10`, as `analyse` prints North's plies (without
/// the space after the row number's `.`), reads as `2. ... 10` does: the
/// same tree, and validation finds the same (a pasted line of `analyse`'s
/// output validates; after a row with both plies, North's ply is illegal;
/// rows of one ply each, as `analyse` lists them, are out of sequence).
#[test]
fn a_row_as_analyse_prints_north_reads_as_with_the_dot() {
    let setup = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 N\"]\n\n";
    let gentlemen = "[Setup \"0,1,0,0,2,1/0,0,3,0,0,1 34:30 S\"]\n\n";
    let findings = |text: &str| {
        let games = parse_records(text);
        assert_eq!(games.len(), 1, "{text}");
        let report = validate(&games[0], &Options::default());
        let found: Vec<_> = report
            .findings
            .iter()
            .map(|f| (f.kind, f.severity, f.location.line, f.message.clone()))
            .collect();
        (
            games[0].record.without_spans(),
            games[0].errors.len(),
            found,
        )
    };
    for (joined, dotted, clean) in [
        (
            format!("{setup}2... 11?\n"),
            format!("{setup}2. ... 11?\n"),
            true,
        ),
        (
            format!("{setup}1... -\n"),
            format!("{setup}1. ... -\n"),
            false,
        ),
        (
            "1. 2 9\n2... 10\n".to_owned(),
            "1. 2 9\n2. ... 10\n".to_owned(),
            false,
        ),
        (
            format!("{gentlemen}1. 2\n1... 9\n2. 3\n2... 11\n"),
            format!("{gentlemen}1. 2\n1. ... 9\n2. 3\n2. ... 11\n"),
            false,
        ),
    ] {
        let (tree, errors, found) = findings(&joined);
        assert_eq!(errors, 0, "{joined}");
        assert!(
            tree.movetext.moves.iter().any(|m| m.south.is_elided()),
            "{joined}"
        );
        assert_eq!((tree, errors, found.clone()), findings(&dotted), "{joined}");
        let has_error = found
            .iter()
            .any(|f| f.1 == bohnenspiel::validate::Severity::Error);
        assert_eq!(has_error, !clean, "{joined}\n{found:?}");
    }
}

#[test]
fn south_left_out_is_read_printed_and_checked() {
    let setup = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 N\"]\n\n";
    // `...` and `…`, inline and in rows, print as `...`.
    for (movetext, printed) in [
        ("..., 11; 5, 12\n", "..., 11; 5, 12\n"),
        ("\u{2026},11; 5,12\n", "..., 11; 5, 12\n"),
        ("1. ... 11\n2. 5 12\n", "1.  ...  11\n2.  5    12\n"),
        ("1. \u{2026} 11\n2. 5 12\n", "1.  ...  11\n2.  5    12\n"),
        // As `analyse` prints North's plies, and chess readers write them.
        ("1... 11\n2. 5 12\n", "1.  ...  11\n2.  5    12\n"),
        ("1\u{2026}\t11\n2. 5 12\n", "1.  ...  11\n2.  5    12\n"),
    ] {
        let text = format!("{setup}{movetext}");
        let games = parse_records(&text);
        assert!(games[0].errors.is_empty(), "{text}: {:?}", games[0].errors);
        assert_eq!(games[0].record.to_string(), format!("{setup}{printed}"));
        let report = validate(&games[0], &Options::default());
        assert_eq!(report.main_line.last_index, 3, "{text}");
        assert_no_errors(&report, &text);
    }
    // North's turn must follow; with South to move, North's ply is
    // illegal.
    for broken in ["...; 5, 12\n", "1. ...\n2. 5 12\n"] {
        let games = parse_records(&format!("{setup}{broken}"));
        assert!(!games[0].errors.is_empty(), "{broken}");
    }
    let south = parse_records("[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n..., 11; 5, 12\n");
    let report = validate(&south[0], &Options::default());
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.kind == bohnenspiel::validate::FindingKind::WrongPlayer),
        "{:?}",
        report.findings
    );
}
