//! serde round trips (with the `serde` feature).
#![cfg(feature = "serde")]

use bohnenspiel::{
    Capture, Captures, Game, Hole, Move, Player, Position, Rules, Score, Setup, Variant,
};

fn round_trip<T>(value: &T) -> String
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(&back, value, "{json}");
    json
}

#[test]
fn values_round_trip_through_json() {
    let position: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse().expect("valid");
    assert_eq!(
        round_trip(&position),
        r#"{"board":[0,1,0,0,2,1,0,0,3,0,0,1],"stores":{"south":34,"north":30},"turn":"south"}"#
    );
    assert_eq!(round_trip(&Setup::START), round_trip(&Position::new()));
    assert_eq!(round_trip(&Move::from_number(7).expect("hole 7")), "7");
    assert_eq!(round_trip(&Player::North), r#""north""#);
    let capture = Capture {
        hole: Hole::new(12).expect("hole 12"),
        beans: 6,
    };
    assert_eq!(round_trip(&capture), r#"{"hole":12,"beans":6}"#);
    let captures = Captures::from_slice(&[capture, capture]).expect("two captures");
    assert_eq!(
        round_trip(&captures),
        r#"[{"hole":12,"beans":6},{"hole":12,"beans":6}]"#
    );
    round_trip(&Captures::NONE);
    round_trip(&Score::new(50, 22));
    round_trip(&Rules {
        variant: Variant::Hemprich,
        ..Rules::default()
    });
}

#[test]
fn a_game_history_serializes() {
    let mut game = Game::default();
    for hole in [4, 8, 6, 12] {
        game.play(Move::from_number(hole).expect("a hole"))
            .expect("legal");
    }
    for ply in game.plies() {
        round_trip(ply);
    }
    round_trip(&game.plies().to_vec());
}

#[test]
fn deserializing_validates() {
    let bad_total =
        r#"{"board":[6,6,6,6,6,6,6,6,6,6,6,255],"stores":{"south":0,"north":0},"turn":"south"}"#;
    let error = serde_json::from_str::<Position>(bad_total).expect_err("321 beans");
    assert!(
        error
            .to_string()
            .contains("the holes and stores hold 321 beans, but a game always has 72"),
        "{error}"
    );
    // The same text is a fine unchecked setup.
    let setup: Setup = serde_json::from_str(bad_total).expect("unchecked");
    assert_eq!(setup.board[11], 255);
    assert!(serde_json::from_str::<Move>("13").is_err());
    let thirteen = format!("[{}]", vec![r#"{"hole":1,"beans":2}"#; 13].join(","));
    let error = serde_json::from_str::<Captures>(&thirteen).expect_err("too many");
    assert!(error.to_string().contains("at most 12 holes"), "{error}");
}
