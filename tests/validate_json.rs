//! The JSON document of validated games and its JSON Schema.
#![cfg(feature = "serde")]

mod common;

use bohnenspiel::notation::{Layout, WrittenPly, parse_records};
use bohnenspiel::validate::{DocumentError, DocumentErrorKind, DocumentForm, Options, validate};
use common::{game_json, json_string, records_from_json};
use serde_json::{Value, json};

/// The most groups the notation's reader keeps for one ply, as its
/// module documents.
const MAX_GROUPS_PER_PLY: usize = 100;

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string("fixtures/schema/games.schema.json")
        .unwrap_or_else(|e| panic!("the schema: {e}"));
    let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("the schema: {e}"));
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("the schema: {e}"))
}

/// The document of every game of `text` as a JSON value.
fn value_of(text: &str) -> Value {
    serde_json::from_str(&json_string(text)).unwrap_or_else(|e| panic!("{e}"))
}

/// `{"version":4,"games":[...]}` of the games of `text`, each game's full
/// document (or with `full` false its lean one) naming `file`, as
/// `bohnenspiel json` writes them (without its line breaks).
fn documents(text: &str, file: Option<&str>, full: bool) -> String {
    let mut json = b"{\"version\":4,\"games\":[".to_vec();
    for (index, parsed) in parse_records(text).iter().enumerate() {
        if index > 0 {
            json.push(b',');
        }
        let report = validate(parsed, &Options::default());
        let form = if full {
            DocumentForm::Full(&report)
        } else {
            DocumentForm::Lean
        };
        json.extend(game_json(parsed, form, file, index + 1));
    }
    json.extend_from_slice(b"]}");
    String::from_utf8(json).unwrap_or_else(|e| panic!("{e}"))
}

/// Compact JSON in serde_json's pretty form (two spaces a level), its
/// keys in written order.
fn pretty(json: &str) -> String {
    fn newline(out: &mut String, depth: usize) {
        out.push('\n');
        out.extend(std::iter::repeat_n("  ", depth));
    }
    let mut out = String::with_capacity(2 * json.len());
    let mut depth = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    let mut chars = json.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                let close = if c == '{' { '}' } else { ']' };
                if chars.peek() == Some(&close) {
                    chars.next();
                    out.push(close);
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(',');
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn pretty_is_serde_jsons_pretty_form() {
    let value = json!({"a": [], "b": {}, "c": [1, {"d": "x,\"{[:"}], "e": null});
    let compact = value.to_string();
    assert_eq!(
        pretty(&compact),
        serde_json::to_string_pretty(&value).unwrap_or_else(|e| panic!("{e}"))
    );
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
    let value = value_of(&all);
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
    let json = json_string(&text);
    let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(errors(&validator, &value), Vec::<String>::new());
    let games = value["games"].as_array().unwrap_or_else(|| panic!("games"));
    assert_eq!(games.len(), 10);
    let reasons: Vec<&str> = games
        .iter()
        .map(|g| g["result"]["reason"].as_str().unwrap_or_default())
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
    // The document reads back, every game of it.
    let back = records_from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.len(), 10);
}

/// Asserts that each replacement, put at its JSON pointer in `good`,
/// makes a document the schema refuses.
fn assert_each_breaks(
    validator: &jsonschema::Validator,
    good: &Value,
    breakages: impl IntoIterator<Item = (&'static str, Value)>,
    what: &str,
) {
    for (pointer, replacement) in breakages {
        let mut broken = good.clone();
        *broken
            .pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer}")) = replacement;
        assert!(
            !validator.is_valid(&broken),
            "{pointer} should break the {what}"
        );
    }
}

#[test]
fn broken_documents_fail_the_schema() {
    let validator = schema();
    let good = value_of(&fixture("rueger-1962.txt"));
    assert!(validator.is_valid(&good));
    let breakages: [(&str, Value); 13] = [
        ("/games/0/moves/0/hole", json!(13)),
        ("/games/0/version", json!(1)),
        ("/games/0/tags/0/start", json!([0, 1])),
        ("/games/0/tags/0/end", json!({ "line": 1, "column": 1 })),
        ("/games/0/moves/0/row", json!(null)),
        ("/games/0/moves/0/row", json!({ "start": [1, 1] })),
        ("/games/0/moves/3/groups/0/kind", json!("phrases")),
        ("/games/0/moves/0/at", json!([1])),
        ("/games/0/start", json!("6,6,6/6 0:0 S")),
        ("/games/0/moves/0/after", json!({ "pits": [6, 6, 6] })),
        ("/games/0/result/winner", json!(null)),
        ("/games/0/findings", json!([{ "line": 1 }])),
        ("/games/0/moves/3/captures/0", json!([0, 2])),
    ];
    assert_each_breaks(&validator, &good, breakages, "document");
    let mut missing = good.clone();
    if let Some(game) = missing
        .pointer_mut("/games/0")
        .and_then(Value::as_object_mut)
    {
        game.remove("result");
    }
    assert!(!validator.is_valid(&missing));
    assert!(!validator.is_valid(&json!({ "games": [], "extra": 1 })));
    assert!(!validator.is_valid(&json!({ "games": [] })));
    assert!(validator.is_valid(&json!({ "version": 4, "games": [] })));
}

/// A row object, to put where none belongs.
fn games_row() -> Value {
    json!({ "end": [1, 1] })
}

#[test]
fn the_rueger_document() {
    let document = value_of(&fixture("rueger-1962.txt"));
    let game = &document["games"][0];
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(37));
    assert_eq!(game["result"]["winner"], "south");
    assert_eq!(game["index"], 1);
}

#[test]
fn the_gentlemen_document() {
    let document = value_of(&fixture("shotayev-gentlemen.txt"));
    let game = &document["games"][0];
    let labels: Vec<Value> = game["variations"]
        .as_array()
        .unwrap_or_else(|| panic!("variations"))
        .iter()
        .map(|v| {
            json!([
                v["label"],
                v["parent"],
                v["branch"],
                v["replayed"],
                v["moves"].as_array().map(Vec::len)
            ])
        })
        .collect();
    assert_eq!(
        labels,
        [
            json!(["A", null, 1, true, 12]),
            json!(["B", null, 3, true, 7]),
            json!(["C", null, 3, true, 7]),
            json!(["D", "B", 5, true, 5]),
        ]
    );
    let d = &game["variations"][3]["moves"];
    assert_eq!((&d[0]["ply"], &d[0]["number"]), (&json!(9), &json!(5)));
    assert_eq!(d[3]["alternatives"].as_array().map(Vec::len), Some(1));
    assert_eq!(d[3]["alternatives"][0]["hole"], 9);
    assert_eq!(game["result"]["reason"], "no-beans");
    assert_eq!(game["result"]["winner"], "draw");
    assert_eq!(game["moves"][3]["comment"], "but not 10?, loses");
    assert!(game["moves"][6].get("mark").is_none(), "no mark, no key");
    assert_eq!(game["moves"][4]["mark"], "!!");
    let charming = &value_of(&fixture("shotayev-charming.txt"))["games"][0];
    assert_eq!(charming["start"], Value::Null);
    assert_eq!(charming["result"]["reason"], "syntax-only");
    assert!(
        charming["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("moves"))
            .iter()
            .all(|m| m.get("captures").is_none() && m["after"].is_null())
    );
}

/// Every fixture: the good ones, the ones with findings and the ones that
/// do not parse.
fn all_fixtures() -> Vec<String> {
    let mut names: Vec<String> = FIXTURES.iter().map(|name| (*name).to_owned()).collect();
    for dir in ["findings", "invalid"] {
        let mut more: Vec<String> = std::fs::read_dir(format!("fixtures/{dir}"))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .filter_map(Result::ok)
            .map(|entry| format!("{dir}/{}", entry.file_name().to_string_lossy()))
            .filter(|name| name.ends_with(".txt"))
            .collect();
        more.sort();
        names.extend(more);
    }
    names
}

/// A fixture's text; the one that is not UTF-8 read lossily.
fn fixture_text(name: &str) -> String {
    let bytes = std::fs::read(format!("fixtures/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"));
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn every_fixtures_document_matches_the_schema_and_its_snapshot() {
    let validator = schema();
    for name in all_fixtures() {
        let json = documents(&fixture_text(&name), Some(&name), true);
        let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(errors(&validator, &value), Vec::<String>::new(), "{name}");
        let snapshot = format!("document-{}", name.replace(['/', '.'], "-"));
        insta::assert_snapshot!(snapshot, pretty(&json));
    }
}

/// Every fixture's lean document (records with syntax errors among
/// them) matches the schema's lean form, and not its full one; a lean
/// document with a field of the full form, or without its moves, does
/// not match.
#[test]
fn every_fixtures_lean_document_matches_the_schema() {
    let validator = schema();
    let full_only = {
        let mut schema: Value = serde_json::from_str(
            &std::fs::read_to_string("fixtures/schema/games.schema.json")
                .unwrap_or_else(|e| panic!("the schema: {e}")),
        )
        .unwrap_or_else(|e| panic!("the schema: {e}"));
        schema["properties"]["games"]["items"] = json!({ "$ref": "#/$defs/game" });
        jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("the schema: {e}"))
    };
    for name in all_fixtures() {
        let json = documents(&fixture_text(&name), Some(&name), false);
        let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(errors(&validator, &value), Vec::<String>::new(), "{name}");
        let games = value["games"].as_array().map_or(0, Vec::len);
        assert!(
            games == 0 || !full_only.is_valid(&value),
            "{name}: the lean document is not a full one"
        );
    }
    let good = value_of_lean(&fixture("shotayev-gentlemen.txt"));
    assert!(validator.is_valid(&good));
    let breakages: [(&str, Value); 5] = [
        ("/games/0/moves/0/hole", json!(13)),
        ("/games/0/moves/0/row", json!({ "full_stop": false })),
        ("/games/0/moves/0/groups", json!([])),
        ("/games/0/tags/0", json!({ "name": "Event" })),
        ("/games/0/layout", json!("rows")),
    ];
    assert_each_breaks(&validator, &good, breakages, "lean document");
    for (field, value) in [("moves", None), ("start", Some(json!(null)))] {
        let mut broken = good.clone();
        if let Some(game) = broken
            .pointer_mut("/games/0")
            .and_then(Value::as_object_mut)
        {
            match value {
                Some(value) => game.insert(field.to_owned(), value),
                None => game.remove(field),
            };
        }
        assert!(!validator.is_valid(&broken), "{field}");
    }
}

/// The lean document of every game of `text` as a JSON value.
fn value_of_lean(text: &str) -> Value {
    serde_json::from_str(&documents(text, None, false)).unwrap_or_else(|e| panic!("{e}"))
}

/// The lean document of a fixture with variations, alternatives, marks,
/// remarks, endings and prose.
#[test]
fn the_lean_document_of_a_fixture() {
    let name = "shotayev-gentlemen.txt";
    let json = documents(&fixture_text(name), Some(name), false);
    insta::assert_snapshot!("lean-document-shotayev-gentlemen-txt", pretty(&json));
}

/// The lean document holds the record and nothing else: notation → lean
/// JSON → notation is what `fmt` prints, for every fixture (records with
/// syntax errors among them), and it is less than half the full document.
#[test]
fn every_fixture_round_trips_through_the_lean_document() {
    for name in all_fixtures() {
        let text = fixture_text(&name);
        let lean = documents(&text, Some(&name), false);
        let back = notation_of(&lean);
        assert_eq!(back, canonical(&text), "{name}");
        // Lean JSON (of the canonical text) → notation → lean JSON is the
        // same document.
        let lean = documents(&back, None, false);
        assert_eq!(documents(&notation_of(&lean), None, false), lean, "{name}");
        let full = documents(&back, None, true);
        assert!(
            2 * lean.len() < full.len(),
            "{name}: {} of {}",
            lean.len(),
            full.len()
        );
        // A ply holds what was written, nothing the replay adds and no
        // place.
        let value: Value = serde_json::from_str(&lean).unwrap_or_else(|e| panic!("{e}"));
        for game in value["games"].as_array().into_iter().flatten() {
            let variations = game["variations"].as_array().into_iter().flatten();
            let lines = std::iter::once(&game["moves"]).chain(variations.map(|v| &v["moves"]));
            for ply in lines.filter_map(Value::as_array).flatten() {
                let keys: Vec<&str> = ply
                    .as_object()
                    .map(|ply| ply.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                assert!(
                    keys.iter().all(|key| [
                        "number",
                        "side",
                        "hole",
                        "mark",
                        "groups",
                        "alternatives",
                        "row"
                    ]
                    .contains(key)),
                    "{name}: {ply}"
                );
            }
            for key in ["start", "result", "summary", "findings"] {
                assert!(game.get(key).is_none(), "{name}: {key}");
            }
        }
    }
}

/// A game's document without the fields the replay derives (they are
/// optional when read back), as after an edit that changes the replay.
fn without_derived(game: &mut Value) {
    let Some(game) = game.as_object_mut() else {
        return;
    };
    for key in ["result", "summary", "findings"] {
        game.remove(key);
    }
    let moves = game.get_mut("moves").and_then(Value::as_array_mut);
    for ply in moves.into_iter().flatten().filter_map(Value::as_object_mut) {
        for key in [
            "number",
            "ply",
            "player",
            "captures",
            "after",
            "comment",
            "annotated",
        ] {
            ply.remove(key);
        }
    }
}

/// Every game as `fmt` prints it: canonical, and with errors what did not
/// parse in place; games separated by a blank line.
fn canonical(text: &str) -> String {
    parse_records(text)
        .iter()
        .map(|parsed| parsed.print_keeping_unparsed())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The games of a JSON text printed as `fmt --from json` prints them.
fn notation_of(json: &str) -> String {
    let records = records_from_json(json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    records
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_fixture_round_trips_both_ways() {
    for name in all_fixtures() {
        let text = fixture_text(&name);
        // Notation → JSON → notation is `fmt`, for records with syntax
        // errors too.
        let json = json_string(&text);
        let back = notation_of(&json);
        assert_eq!(back, canonical(&text), "{name}");
        // JSON (of the canonical text) → notation → JSON is the same document.
        let json = json_string(&back);
        assert_eq!(json_string(&notation_of(&json)), json, "{name}");
    }
}

#[test]
fn the_document_keeps_what_the_record_holds() {
    let text = "[Event \"one\"]\n[Event \"two\"]\n\n4,8; 6?,12 (2 from hole 8) (4?) (fine); 6 or 5,7 and South wins.\n\nAs North can no longer move, South gets all the remaining beans.\n";
    let value = value_of(text);
    let game = &value["games"][0];
    assert_eq!(game["tags"][0]["value"], "one");
    assert_eq!(game["tags"][1]["value"], "two");
    assert_eq!(game["tags"][1]["start"], json!([2, 1]));
    assert_eq!(
        game["prose"]["text"],
        "As North can no longer move, South gets all the remaining beans."
    );
    assert_eq!(game["prose"]["start"], json!([6, 1]));
    let south = &game["moves"][2];
    assert_eq!(
        (south["hole"].as_u64(), south["mark"].as_str()),
        (Some(6), Some("?"))
    );
    // The row starts where its first ply does: its start is left out.
    assert_eq!(
        (&south["at"], south["row"].get("start")),
        (&json!([4, 6]), None)
    );
    let third = &game["moves"][3];
    let kinds: Vec<&str> = third["groups"]
        .as_array()
        .map(|groups| groups.iter().filter_map(|g| g["kind"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(kinds, ["captures", "other-move", "comment"]);
    // A group is its kind, its text and its place: the text says all
    // it holds.
    assert_eq!(third["groups"][0]["text"], "2 from hole 8");
    assert_eq!(third["groups"][1]["text"], "4?");
    assert_eq!(third["groups"][2]["text"], "fine");
    let fields: Vec<&String> = third["groups"][1]
        .as_object()
        .map(|group| group.keys().collect())
        .unwrap_or_default();
    assert_eq!(fields, ["end", "kind", "start", "text"]);
    assert_eq!(third["at"], json!([4, 9]));
    assert!(third.get("row").is_none(), "North's ply carries no row");
    let fifth = &game["moves"][4];
    assert_eq!(fifth["alternatives"][0]["hole"], 5);
    assert_eq!(fifth["row"]["ending"]["text"], "South wins.");
    // Move 3 follows move 2: its number is left out.
    assert!(fifth.get("number").is_none(), "{fifth}");
    // and it reads back.
    let json = value.to_string();
    assert_eq!(
        notation_of(&json),
        "[Event \"one\"]\n[Event \"two\"]\n\n4, 8; 6?, 12 (2 from hole 8) (4?) (fine); 6 or 5, 7 and South wins.\n\nAs North can no longer move, South gets all the remaining beans.\n"
    );
}

#[test]
fn annotated_lists_every_capture_annotation() {
    let value = value_of("4 (2 from 12) (2 from 3, 1 from 4), 8; 5,7\n");
    let game = &value["games"][0];
    assert_eq!(
        game["moves"][0]["annotated"],
        json!([[[12, 2]], [[3, 2], [4, 1]]])
    );
    assert!(game["moves"][1].get("annotated").is_none());
}

#[test]
fn the_text_that_did_not_parse_is_in_the_document_in_its_place() {
    let text = "[Date \"1962\"]\n[Broken\n\n4,13; 6,12; zz; 5,7\n";
    let value = value_of(text);
    let game = &value["games"][0];
    assert_eq!(
        game["skipped"],
        json!([
            {"text": "[Broken", "within": "tags", "after": 1, "joined": "line", "next": "line",
             "start": [2, 1], "end": [2, 8]},
            {"text": "13", "within": "moves", "after": 1, "joined": "comma", "next": "semicolon",
             "start": [4, 3], "end": [4, 5]},
            {"text": "zz", "within": "moves", "after": 3, "joined": "semicolon", "next": "semicolon",
             "start": [4, 13], "end": [4, 15]},
        ])
    );
    assert!(game.get("verbatim").is_none());
    let printed = "[Date \"1962\"]\n[Broken\n\n4, 13; 6, 12; zz; 5, 7\n";
    assert_eq!(canonical(text), printed);
    assert_eq!(notation_of(&value.to_string()), printed);
    // In numbered rows: on the row's line, or on a line of its own.
    let rows = "1. 4 8\n2. x 7\n3. 6 x\n4. 5 7\n";
    let value = value_of(rows);
    let joined: Vec<&str> = value["games"][0]["skipped"]
        .as_array()
        .map(|pieces| pieces.iter().filter_map(|p| p["joined"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(joined, ["line", "row"]);
    assert_eq!(notation_of(&value.to_string()), canonical(rows));
    // An error inside a part the tree kept: the game's text, verbatim.
    let unclosed = "4,8 (2 from 13; 6,7\n";
    let value = value_of(unclosed);
    assert_eq!(value["games"][0]["verbatim"], unclosed);
    assert!(value["games"][0].get("skipped").is_none());
    assert_eq!(notation_of(&value.to_string()), unclosed);
}

#[test]
fn skipped_text_that_cannot_stand_where_the_document_says_names_the_path() {
    let good = value_of("4,8; zz; 6,7\n");
    assert_eq!(good["games"][0]["skipped"][0]["after"], 2);
    let broken = |field: &str, value: Value| {
        let mut document = good.clone();
        document["games"][0]["skipped"][0][field] = value;
        records_from_json(&document.to_string()).err()
    };
    let path = |error: Option<DocumentError>| error.map(|e| e.path);
    assert_eq!(
        path(broken("within", json!("variations[0].moves"))),
        Some("games[0].skipped[0].within".to_owned())
    );
    assert_eq!(
        path(broken("within", json!("rows"))),
        Some("games[0].skipped[0].within".to_owned())
    );
    // Inside the first move (after South's ply), or past the end.
    assert_eq!(
        path(broken("after", json!(1))),
        Some("games[0].skipped[0].after".to_owned())
    );
    assert_eq!(
        path(broken("after", json!(5))),
        Some("games[0].skipped[0].after".to_owned())
    );
    assert_eq!(
        path(broken("text", json!(" zz;"))),
        Some("games[0].skipped[0].text".to_owned())
    );
    assert_eq!(
        path(broken("joined", json!("tab"))),
        Some("games[0].skipped[0].joined".to_owned())
    );
    // Moved to the start: the same text, printed before the first move;
    // the plies after it are no longer replayed, so the fields the replay
    // derived must go (or say so).
    let mut moved = good.clone();
    moved["games"][0]["skipped"][0]["after"] = json!(0);
    let error = records_from_json(&moved.to_string()).err();
    assert_eq!(
        error.map(|e| (e.path, e.kind)),
        Some((
            "games[0].moves[0].after".to_owned(),
            DocumentErrorKind::Schema
        ))
    );
    without_derived(&mut moved["games"][0]);
    assert_eq!(notation_of(&moved.to_string()), "zz; 4, 8; 6, 7\n");
}

#[test]
fn moves_keep_their_numbers_after_a_syntax_error() {
    let numbers = |text: &str| -> Vec<Value> {
        value_of(text)["games"][0]["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("moves"))
            .iter()
            .map(|m| m["number"].clone())
            .collect()
    };
    // South's 4 before the unreadable 13 is kept, as move 1: every move
    // follows the one before it, and no number is written.
    let none = Value::Null;
    assert_eq!(numbers("4,13; 6,12; 5,7\n"), vec![none.clone(); 5]);
    assert_eq!(numbers("1.  4 13\n2.  6 12\n"), vec![none.clone(); 3]);
    // A move that did not parse at all is counted: the next one is move 3.
    assert_eq!(
        numbers("4,8; zz; 6,12; 5,7\n"),
        [
            none.clone(),
            none.clone(),
            json!(3),
            none.clone(),
            none.clone(),
            none.clone()
        ]
    );
    assert_eq!(
        numbers("1. 4 8\n3. 6 12\n"),
        [none.clone(), none.clone(), json!(3), none]
    );
}

/// Puts `replacement` at `pointer` in `value`, adding the last key to its
/// object when it is not there (a field left out at its default).
fn set(value: &mut Value, pointer: &str, replacement: Value) {
    if let Some(slot) = value.pointer_mut(pointer) {
        *slot = replacement;
        return;
    }
    let (parent, key) = pointer
        .rsplit_once('/')
        .unwrap_or_else(|| panic!("{pointer}"));
    let Some(object) = value.pointer_mut(parent).and_then(Value::as_object_mut) else {
        panic!("{pointer}")
    };
    object.insert(key.to_owned(), replacement);
}

#[test]
fn documents_that_cannot_be_read_back_name_the_path() {
    let good = json_string(&fixture("rueger-1962.txt"));
    let value: Value = serde_json::from_str(&good).unwrap_or_else(|e| panic!("{e}"));
    let cases: [(&str, Value, &str, DocumentErrorKind); 8] = [
        (
            "/games/0/moves/12/hole",
            json!(13),
            "games[0].moves[12].hole",
            DocumentErrorKind::Schema,
        ),
        (
            "/games/0/moves/12/hole",
            json!("4"),
            "games[0].moves[12].hole",
            DocumentErrorKind::Schema,
        ),
        (
            "/games/0/version",
            json!(7),
            "games[0].version",
            DocumentErrorKind::Schema,
        ),
        (
            "/games/0/moves/12/mark",
            json!("!!!"),
            "games[0].moves[12].mark",
            DocumentErrorKind::Notation,
        ),
        (
            "/games/0/moves/3/groups/0/kind",
            json!("comment"),
            "games[0].moves[3].groups[0].kind",
            DocumentErrorKind::Notation,
        ),
        (
            "/games/0/moves/3/groups/0/text",
            json!("a) (b"),
            "games[0].moves[3].groups[0].text",
            DocumentErrorKind::Notation,
        ),
        (
            "/games/0/tags/0/value",
            json!("two\nlines"),
            "games[0].tags[0].value",
            DocumentErrorKind::Notation,
        ),
        (
            "/games/0/moves/2/row",
            json!(null),
            "games[0].moves[2].row",
            DocumentErrorKind::Notation,
        ),
    ];
    for (pointer, replacement, path, kind) in cases {
        let mut broken = value.clone();
        set(&mut broken, pointer, replacement);
        let error = records_from_json(&broken.to_string()).err();
        let error = error.unwrap_or_else(|| panic!("{pointer} should not read back"));
        assert_eq!((error.path.as_str(), error.kind), (path, kind), "{error}");
        assert!(error.to_string().starts_with(path), "{error}");
    }
    // A North ply that holds its move's row starts a move of its own,
    // with South's turn left out (`...`).
    let mut north_row = value.clone();
    set(&mut north_row, "/games/0/moves/1/row", games_row());
    set(&mut north_row, "/games/0/moves/1/side", json!("north"));
    without_derived(&mut north_row["games"][0]);
    let back = records_from_json(&north_row.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let moves = &back[0].record().movetext.moves;
    assert!(!moves[0].south.is_elided() && moves[0].north.is_none());
    assert!(moves[1].south.is_elided() && moves[1].north.is_some());
    // Not JSON, missing fields, prose that would start a game.
    let error = records_from_json("{\"version\": 4, \"games\": [").err();
    assert_eq!(error.map(|e| e.kind), Some(DocumentErrorKind::Json));
    let mut missing = value.clone();
    if let Some(game) = missing
        .pointer_mut("/games/0")
        .and_then(Value::as_object_mut)
    {
        game.remove("moves");
    }
    let error = records_from_json(&missing.to_string()).err();
    assert_eq!(
        error.map(|e| (e.path, e.kind)),
        Some(("games[0]".to_owned(), DocumentErrorKind::Schema))
    );
    let mut prose = value.clone();
    *prose
        .pointer_mut("/games/0/prose")
        .unwrap_or_else(|| panic!("prose")) =
        json!({ "text": "12 beans", "start": [1, 1], "end": [1, 1] });
    let error = records_from_json(&prose.to_string()).err();
    assert_eq!(
        error.map(|e| e.path),
        Some("games[0].prose.text".to_owned())
    );
}

#[test]
fn a_document_with_more_groups_after_a_ply_than_the_reader_keeps_reads_back() {
    // A ply with as many groups as the reader keeps reads back.
    let text = format!("4 {}, 8\n", "(c)".repeat(MAX_GROUPS_PER_PLY));
    let value = value_of(&text);
    let groups = value
        .pointer("/games/0/moves/0/groups")
        .and_then(Value::as_array);
    assert_eq!(groups.map(Vec::len), Some(MAX_GROUPS_PER_PLY));
    let back = records_from_json(&value.to_string()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.len(), 1);
    // A record built with one group more is written with every group, and
    // its document reads back to its print, every group in it (the print
    // is kept verbatim: read as notation, it keeps the first ones).
    let mut parsed = parse_records(&text).remove(0);
    let Some(turn) = parsed.record.movetext.moves[0].south.turn_mut() else {
        panic!("South's turn")
    };
    let last = turn.ply.groups()[0].clone();
    turn.ply.push_group(last);
    let report = validate(&parsed, &Options::default());
    let mut json = b"{\"version\":4,\"games\":[".to_vec();
    json.extend(game_json(&parsed, DocumentForm::Full(&report), None, 1));
    json.extend_from_slice(b"]}");
    let json = String::from_utf8(json).unwrap_or_else(|e| panic!("{e}"));
    let more = format!(
        "4 {}, 8\n",
        "(c) ".repeat(MAX_GROUPS_PER_PLY + 1).trim_end()
    );
    for document in [json.clone(), documents(&more, None, false)] {
        let back = records_from_json(&document).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back[0].to_string(), more);
    }
    // Its derived fields are still checked, every group counted.
    let edited = json.replacen("\"comment\":\"c; ", "\"comment\":\"", 1);
    assert_ne!(edited, json);
    let error = records_from_json(&edited).err().map(|e| e.path);
    assert_eq!(error.as_deref(), Some("games[0].moves[0].comment"));
}

#[test]
fn json_lines_read_back_with_their_line() {
    let first = json_string("4,8; 6,12\n");
    let value: Value = serde_json::from_str(&first).unwrap_or_else(|e| panic!("{e}"));
    let game = value["games"][0].to_string();
    let lines = format!("{game}\n\n{game}\n");
    let records = records_from_json(&lines).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(records.len(), 2);
    let broken = format!("{game}\n\n{}\n", game.replace("\"hole\":12", "\"hole\":0"));
    let error = records_from_json(&broken)
        .err()
        .unwrap_or_else(|| panic!("should fail"));
    assert_eq!(
        (error.line, error.path.as_str()),
        (Some(3), "moves[3].hole")
    );
    assert!(
        error.to_string().starts_with("line 3: moves[3].hole: "),
        "{error}"
    );
}

/// A reader that gives `text`, then fails.
struct FailingAfter<'a> {
    text: &'a [u8],
}

impl std::io::Read for FailingAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.text.is_empty() {
            return Err(std::io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

#[test]
fn json_is_read_game_by_game_from_a_reader() {
    use bohnenspiel::validate::read_json;
    let json = json_string("4,8; 6,12\n\n5,11\n\n3,9\n");
    let document: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    let pretty = pretty(&json);
    let read = |text: &[u8]| {
        let mut printed = Vec::new();
        let result = read_json(
            std::io::BufReader::new(FailingAfter { text }),
            &Options::default(),
            |record| {
                printed.push(record.to_string());
                Ok(())
            },
        );
        (printed, result.err())
    };
    // The whole document, then a failing read: every game was handed on.
    let (printed, error) = read(pretty.as_bytes());
    assert_eq!(printed, ["4, 8; 6, 12\n", "5, 11\n", "3, 9\n"]);
    assert_eq!(error.map(|e| e.kind), Some(DocumentErrorKind::Io));
    // Cut after the second game: the first two are handed on before the
    // reader fails, so they were read before the rest of the document.
    let second_end = pretty
        .match_indices("\n    }")
        .nth(1)
        .map(|(at, _)| at + 6)
        .unwrap_or_else(|| panic!("two games"));
    let (printed, error) = read(&pretty.as_bytes()[..second_end]);
    assert_eq!(printed, ["4, 8; 6, 12\n", "5, 11\n"]);
    let error = error.unwrap_or_else(|| panic!("the read fails"));
    assert_eq!(error.kind, DocumentErrorKind::Io, "{error}");
    // A bad value in a later game names its path; the games before it are
    // handed on.
    let broken = pretty.replacen("\"hole\": 5,", "\"hole\": 13,", 1);
    let mut printed = Vec::new();
    let error = read_json(broken.as_bytes(), &Options::default(), |record| {
        printed.push(record.to_string());
        Ok(())
    })
    .err()
    .unwrap_or_else(|| panic!("hole 13"));
    assert_eq!(printed, ["4, 8; 6, 12\n"]);
    assert_eq!(
        (error.path.as_str(), error.kind, error.line),
        ("games[1].moves[0].hole", DocumentErrorKind::Schema, None)
    );
    // JSON Lines name the line.
    let lines: String = document["games"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|game| game.to_string() + "\n")
        .collect();
    let broken = lines.replacen("\"hole\":5,", "\"hole\":13,", 1);
    let error = read_json(broken.as_bytes(), &Options::default(), |_| Ok(()))
        .err()
        .unwrap_or_else(|| panic!("hole 13"));
    assert_eq!(
        (error.path.as_str(), error.line),
        ("moves[0].hole", Some(2))
    );
}

/// The derived fields of a ply's document, and an edit of each that says
/// something the replay does not.
fn edits_of(ply: &Value) -> Vec<(&'static str, Value)> {
    // The side and the player left out are the default side's.
    let side = ply.get("side").cloned().unwrap_or_else(|| {
        json!(if ply.get("row").is_some() {
            "south"
        } else {
            "north"
        })
    });
    let player = ply.get("player").unwrap_or(&side);
    let mut edits = vec![
        ("ply", json!(1000)),
        (
            "player",
            json!(if player == "south" { "north" } else { "south" }),
        ),
        ("comment", json!("an edited comment")),
    ];
    if ply["after"].is_string() {
        let captures = match ply.get("captures") {
            Some(_) => json!([]),
            None => json!([[1, 2]]),
        };
        edits.push(("captures", captures));
        edits.push(("after", json!("0,0,0,0,0,0/0,0,0,0,0,0 72:0 S")));
    }
    edits
}

/// Read back, a document is held to the standard of the notation: for
/// every ply of every fixture (the first 8 of each line), leaving out a
/// field the replay derives, with `after` (without which the ply's other
/// derived fields left out are not given, rather than at their
/// defaults), gives the same record, and an edit of it is an error naming
/// exactly its path.
#[test]
fn every_derived_field_is_optional_and_checked() {
    for name in all_fixtures() {
        let whole = value_of(&fixture_text(&name));
        let games = whole["games"].as_array().cloned().unwrap_or_default();
        for (g, game) in games.iter().enumerate() {
            let one = |game: &Value| json!({"version": 4, "games": [game]}).to_string();
            let expected = records_from_json(&one(game)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let plies = game["moves"].as_array().cloned().unwrap_or_default();
            for (k, ply) in plies.iter().enumerate().take(8) {
                for (field, edit) in edits_of(ply) {
                    let mut left_out = game.clone();
                    if let Some(ply) = left_out["moves"][k].as_object_mut() {
                        ply.remove(field);
                        ply.remove("after");
                    }
                    let back = records_from_json(&one(&left_out))
                        .unwrap_or_else(|e| panic!("{name} game {g} ply {k} without {field}: {e}"));
                    assert_eq!(back, expected, "{name} game {g} ply {k} without {field}");
                    let mut edited = game.clone();
                    set(&mut edited, &format!("/moves/{k}/{field}"), edit);
                    let error = records_from_json(&one(&edited)).err();
                    let path = error.map(|e| e.path).unwrap_or_default();
                    let expected_path = format!("games[0].moves[{k}].{field}");
                    assert!(
                        path == expected_path || path.starts_with(&format!("{expected_path}.")),
                        "{name} game {g} ply {k}, {field} edited: {path:?}"
                    );
                }
            }
        }
    }
}

/// The position after each ply carries the player to move; one that
/// names the wrong player is an error at its path.
#[test]
fn the_position_after_a_ply_carries_the_player_to_move() {
    let json = json_string("4,8; 6,12 (2 from hole 8)\n");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let turns: Vec<&str> = value["games"][0]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|ply| {
            ply["after"]
                .as_str()
                .expect("a position")
                .rsplit(' ')
                .next()
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(turns, ["N", "S", "N", "S"]);
    assert_eq!(
        value["games"][0]["moves"][3]["after"],
        "9,8,8,1,8,1/9,0,9,9,8,0 0:2 S"
    );
    let wrong = json.replacen(" 0:0 N\"", " 0:0 S\"", 1);
    assert_ne!(wrong, json);
    let error = records_from_json(&wrong).expect_err("the wrong player");
    assert_eq!(error.path, "games[0].moves[0].after");
}

/// Values written as comments are in the document as `values` (malformed
/// ones left out), match the schema, and read back.
#[test]
fn values_written_as_comments_are_in_the_document() {
    let text = "4 (%value 36:36), 8 (%eval d3 -2) (%value 38:3x); 6 (%verdict mark confirmed), 12 (2 from 8)\n";
    let value = value_of(text);
    assert_eq!(errors(&schema(), &value), Vec::<String>::new());
    let moves = &value["games"][0]["moves"];
    assert_eq!(
        moves[0]["values"],
        json!([{"kind": "exact", "south": 36, "north": 36}])
    );
    assert_eq!(
        moves[1]["values"],
        json!([{"kind": "engine", "depth": 3, "difference": -2}])
    );
    assert_eq!(
        moves[2]["values"],
        json!([{"kind": "verdict", "judgement": "mark", "verdict": "confirmed"}])
    );
    assert!(moves[3].get("values").is_none(), "no values, no key");
    let games = parse_records(text);
    let json = json_string(text);
    let records = records_from_json(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(records[0].to_string(), games[0].record.to_string());
}
