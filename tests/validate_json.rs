//! The JSON document of validated games and its JSON Schema.
#![cfg(feature = "serde")]

mod common;

use bohnenspiel::notation::{Layout, WrittenPly, parse_records};
use bohnenspiel::validate::{GameDocument, GamesDocument, Options, validate};
use serde_json::{Value, json};

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string("fixtures/schema/games.schema.json")
        .unwrap_or_else(|e| panic!("the schema: {e}"));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("the schema: {e}"));
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("the schema: {e}"))
}

fn document(text: &str) -> GamesDocument {
    let games = parse_records(text)
        .iter()
        .map(|parsed| GameDocument::new(parsed, &validate(parsed, &Options::default())))
        .collect();
    GamesDocument { games }
}

fn errors(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

const FIXTURES: [&str; 4] = [
    "rueger-1962.txt",
    "machatscheck-1972.txt",
    "shotayev-gentlemen.txt",
    "shotayev-charming.txt",
];

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("fixtures/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn the_fixtures_documents_match_the_schema() {
    let validator = schema();
    let all: String = FIXTURES.iter().map(|name| fixture(name) + "\n").collect();
    let value = serde_json::to_value(document(&all)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value["games"].as_array().map(Vec::len), Some(4));
    assert_eq!(errors(&validator, &value), Vec::<String>::new());
}

#[test]
fn generated_and_broken_games_match_the_schema() {
    let validator = schema();
    let mut text = String::new();
    for (seed, layout) in [
        (1usize, Layout::Inline),
        (7, Layout::Numbered),
        (13, Layout::Inline),
        (21, Layout::Numbered),
    ] {
        let choices = (0..200).map(|i| (i * 7919 + seed * 104_729) % 1013);
        let (played, _) = common::play(choices);
        let plies: Vec<WrittenPly> = played
            .iter()
            .map(|p| common::notated(p.mv.hole(), &p.captures))
            .collect();
        text.push_str(&common::record(&plies, layout).to_string());
        text.push('\n');
    }
    // An illegal ply, a wrong annotation, a syntax error, an invalid setup,
    // a repetition and a record without moves.
    text.push_str("[Event \"illegal\"]\n\n4,8; 9,12\n\n");
    text.push_str("[Event \"wrong\"]\n\n4,8 (2 from 7); 6,12\n\n");
    text.push_str("[Event \"syntax\"]\n\n4,8; 6,13; 6,7\n\n");
    text.push_str("[Event \"setup\"]\n[Setup \"6,6,6/6 0:0 S\"]\n\n4,8\n\n");
    text.push_str(
        "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n5,11; 6,12; 1,7; 2,8; 3,9; 4,10; 5\n",
    );
    text.push_str("\n[Event \"no moves\"]\n");
    let document = document(&text);
    assert_eq!(document.games.len(), 10);
    let value = serde_json::to_value(&document).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(errors(&validator, &value), Vec::<String>::new());
    let reasons: Vec<&str> = document
        .games
        .iter()
        .map(|g| g.result.reason.as_str())
        .collect();
    assert_eq!(
        &reasons[4..],
        [
            "illegal-move",
            "unfinished",
            "syntax-error",
            "invalid-setup",
            "repetition",
            "syntax-error",
        ]
    );
    // The document reads back.
    let back: GamesDocument = serde_json::from_value(value).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, document);
}

#[test]
fn broken_documents_fail_the_schema() {
    let validator = schema();
    let good = serde_json::to_value(document(&fixture("rueger-1962.txt")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(validator.is_valid(&good));
    let breakages: [(&str, Value); 6] = [
        ("/games/0/moves/0/hole", json!(13)),
        ("/games/0/moves/0/player", json!("east")),
        ("/games/0/start/pits", json!([6, 6, 6])),
        ("/games/0/result/winner", json!(null)),
        ("/games/0/findings", json!([{ "line": 1 }])),
        (
            "/games/0/moves/3/captures/0",
            json!({ "hole": 0, "beans": 2 }),
        ),
    ];
    for (pointer, replacement) in breakages {
        let mut broken = good.clone();
        *broken
            .pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer}")) = replacement;
        assert!(
            !validator.is_valid(&broken),
            "{pointer} should break the document"
        );
    }
    let mut missing = good.clone();
    if let Some(game) = missing
        .pointer_mut("/games/0")
        .and_then(Value::as_object_mut)
    {
        game.remove("result");
    }
    assert!(!validator.is_valid(&missing));
    assert!(!validator.is_valid(&json!({ "games": [], "extra": 1 })));
}

#[test]
fn the_rueger_document() {
    let document = document(&fixture("rueger-1962.txt"));
    let game = &document.games[0];
    assert_eq!(game.moves.len(), 37);
    assert_eq!(game.result.winner.as_deref(), Some("south"));
    let pretty = serde_json::to_string_pretty(game).unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!("rueger-1962", pretty);
}

#[test]
fn the_gentlemen_document() {
    let document = document(&fixture("shotayev-gentlemen.txt"));
    let game = &document.games[0];
    type Summary<'a> = (&'a str, Option<&'a str>, Option<u32>, bool, usize);
    let labels: Vec<Summary<'_>> = game
        .variations
        .iter()
        .map(|v| {
            (
                v.label.as_str(),
                v.parent.as_deref(),
                v.branch,
                v.replayed,
                v.moves.len(),
            )
        })
        .collect();
    assert_eq!(
        labels,
        [
            ("A", None, Some(1), true, 12),
            ("B", None, Some(3), true, 7),
            ("C", None, Some(3), true, 7),
            ("D", Some("B"), Some(5), true, 5),
        ]
    );
    let d = &game.variations[3].moves;
    assert_eq!((d[0].ply, d[0].number), (9, 5));
    assert_eq!(d[3].alternatives, [9]);
    assert_eq!(game.result.reason, "no-beans");
    assert_eq!(game.result.winner.as_deref(), Some("draw"));
    assert_eq!(game.moves[3].comment.as_deref(), Some("but not 10?, loses"));
    assert_eq!(game.moves[6].mark, None);
    assert_eq!(game.moves[4].mark.as_deref(), Some("!!"));
    let charming = document_of_charming();
    assert!(charming.start.is_none());
    assert_eq!(charming.result.reason, "syntax-only");
    assert!(
        charming
            .moves
            .iter()
            .all(|m| m.captures.is_none() && m.after.is_none())
    );
}

fn document_of_charming() -> GameDocument {
    document(&fixture("shotayev-charming.txt")).games.remove(0)
}
