//! The derived fields of a game's document read back (feature `serde`):
//! what a document gives beside its written parts (captures, positions,
//! players, ply numbers, comments, the start's setup string, the result,
//! the summary, ...) is compared with what the replay of its plies gives.
//!
//! A document read back is held to the standard of notation: a field it
//! derives may be left out, and when it is given it must say what the
//! record says, so that an edit to it is never silently lost. The places
//! (`line`, `column`, `start`/`end` places), `file`, `index`, `findings`,
//! `tags`, `skipped` and `verbatim` describe the text the document was
//! made from (or are read as written): they are not compared.

use serde_json::Value;

use crate::notation::{LosslessRecord, ParsedRecord, Record, parse_records};

use super::from_json::{DocumentError, the_one_game};
use super::json_writer::{DocumentForm, JsonWriter};
use super::{Options, validate};

/// Keys whose values are never compared: places in the text the document
/// was made from, what only describes that text, and the written parts
/// that are read as given (the tags, to which a `Setup` tag may be added
/// from `start`; the text that did not parse).
const NOT_COMPARED: [&str; 7] = [
    "at", "file", "index", "findings", "tags", "skipped", "verbatim",
];

/// The fields of a ply's document that the replay derives.
const DERIVED_PLY: [&str; 7] = [
    "ply",
    "player",
    "comment",
    "annotated",
    "values",
    "captures",
    "after",
];

/// Whether a game's document `given` holds a field the replay derives
/// (what [`check_given`] compares beyond the record's own fields, which
/// the reader has read and checked): the game's `start`, `result` or
/// `summary`, a variation's `parent`, `branch` or `replayed`, a ply's
/// fields of [`DERIVED_PLY`], or an inline ply's `number` (a numbered
/// ply's is its row's, read with the record). A document without any,
/// such as the lean one, needs no replay to be read back.
pub(super) fn gives_derived(given: &Value) -> bool {
    let Some(game) = given.as_object() else {
        return true;
    };
    if ["start", "result", "summary"]
        .iter()
        .any(|key| game.contains_key(*key))
    {
        return true;
    }
    let inline = game.get("layout").and_then(Value::as_str) != Some("numbered");
    let plies_derive = |moves: Option<&Value>| {
        moves
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_object)
            .any(|ply| {
                DERIVED_PLY.iter().any(|key| ply.contains_key(*key))
                    || (inline && ply.contains_key("number"))
            })
    };
    if plies_derive(game.get("moves")) {
        return true;
    }
    game.get("variations")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .any(|variation| {
            ["parent", "branch", "replayed"]
                .iter()
                .any(|key| variation.contains_key(*key))
                || plies_derive(variation.get("moves"))
        })
}

/// The document of `record` as `bohnenspiel json` would write it, its
/// record replayed under `options` (and its `Rules` tag).
///
/// # Errors
///
/// A record whose print does not read back as one game.
pub(super) fn derived_document(
    record: &LosslessRecord,
    whole: Option<Record>,
    options: &Options,
) -> Result<Value, DocumentError> {
    let text = record.to_string();
    let games = match whole {
        // Its print would keep only the groups the reader keeps.
        Some(whole) => vec![ParsedRecord {
            record: whole,
            errors: Vec::new(),
            warnings: Vec::new(),
            source: text,
            offset: 0,
            first_line: 1,
        }],
        None => parse_records(&text),
    };
    let game = the_one_game(&games)?;
    let report = validate(game, options);
    let mut writer = JsonWriter::lines(Vec::new());
    let json = writer
        .write(game, DocumentForm::Full(&report), None, 1)
        .and_then(|()| writer.finish())
        .map_err(|error| DocumentError::notation("", error.to_string()))?;
    serde_json::from_slice(&json).map_err(|error| DocumentError::notation("", error.to_string()))
}

/// Checks every field `given` holds against the same field of `derived`
/// (the document of the record the given one reads back as), except the
/// places and the other fields of [`NOT_COMPARED`]; a field `derived` does
/// not have is not compared (the reader has checked it).
///
/// # Errors
///
/// A [`DocumentError`] naming the JSON path of the first field that
/// disagrees, with what the replay gives and what is given.
pub(super) fn check_given(given: &Value, derived: &Value) -> Result<(), DocumentError> {
    compare(given, derived).map_err(|mismatch| {
        // The steps were gathered on the way back up: outermost last.
        let mut path = String::new();
        for step in mismatch.steps.iter().rev() {
            match step {
                Step::Key(key) if path.is_empty() => path.push_str(key),
                Step::Key(key) => {
                    path.push('.');
                    path.push_str(key);
                }
                Step::Index(k) => path.push_str(&format!("[{k}]")),
            }
        }
        DocumentError::schema(
            path,
            format!(
                "expected {}, as the replay of the document's plies gives, found {}",
                shown(mismatch.derived),
                shown(mismatch.given)
            ),
        )
    })
}

/// One step of a JSON path.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// Where two documents first differ: the steps from the value compared
/// (innermost first) and the two values there. The path is built only
/// for a mismatch, so that comparing agreeing documents costs no string.
struct Mismatch<'a> {
    steps: Vec<Step<'a>>,
    given: &'a Value,
    derived: &'a Value,
}

fn compare<'a>(given: &'a Value, derived: &'a Value) -> Result<(), Box<Mismatch<'a>>> {
    match (given, derived) {
        (Value::Object(given), Value::Object(derived)) => {
            for (key, value) in given {
                if NOT_COMPARED.contains(&key.as_str()) || is_place(key, value) {
                    continue;
                }
                if let Some(other) = derived.get(key) {
                    compare(value, other).map_err(|mut mismatch| {
                        mismatch.steps.push(Step::Key(key));
                        mismatch
                    })?;
                }
            }
            Ok(())
        }
        (Value::Array(given), Value::Array(derived)) if given.len() == derived.len() => {
            for (k, (value, other)) in given.iter().zip(derived).enumerate() {
                compare(value, other).map_err(|mut mismatch| {
                    mismatch.steps.push(Step::Index(k));
                    mismatch
                })?;
            }
            Ok(())
        }
        _ if given == derived => Ok(()),
        _ => Err(Box::new(Mismatch {
            steps: Vec::new(),
            given,
            derived,
        })),
    }
}

/// A place in the text (`[line, column]`) under `start` or `end` (a
/// game's `start` is its start position, a string).
fn is_place(key: &str, value: &Value) -> bool {
    matches!(key, "start" | "end") && value.is_array()
}

/// Fills in the fields of a game's document that hold their default when
/// left out, so that a field left out is compared as its default: each
/// ply's `side`, and on a ply that gives `after` (a ply of the full
/// document) the other fields the replay derives, `ply` (the previous
/// ply's plus one), `player` (the side), `captures` (none, or `null` when
/// `after` is), `comment` and `annotated` (`null`), `values` (none) and,
/// inline, `number` (the previous move's plus one on the ply with the
/// row, its row's on the other).
pub(super) fn with_defaults(game: &mut Value) {
    let inline = game.get("layout").and_then(Value::as_str) != Some("numbered");
    let Some(game) = game.as_object_mut() else {
        return;
    };
    if let Some(moves) = game.get_mut("moves") {
        line_with_defaults(moves, inline);
    }
    if let Some(Value::Array(variations)) = game.get_mut("variations") {
        for variation in variations {
            if let Some(moves) = variation.get_mut("moves") {
                line_with_defaults(moves, inline);
            }
        }
    }
}

/// [`with_defaults`] of one line's plies.
fn line_with_defaults(moves: &mut Value, inline: bool) {
    let Value::Array(plies) = moves else {
        return;
    };
    let mut previous_ply = None;
    let mut number = 0u64;
    for ply in plies {
        let Value::Object(ply) = ply else {
            continue;
        };
        let row = ply.get("row").is_some_and(|row| !row.is_null());
        let side = ply
            .entry("side")
            .or_insert_with(|| if row { "south" } else { "north" }.into())
            .clone();
        if row {
            number = ply
                .get("number")
                .and_then(Value::as_u64)
                .unwrap_or(number.saturating_add(1));
        }
        if let Some(after) = ply.get("after").cloned() {
            if inline {
                ply.entry("number").or_insert(number.into());
            }
            if let Some(previous) = previous_ply {
                ply.entry("ply").or_insert(Value::from(previous + 1));
            }
            ply.entry("player").or_insert(side);
            ply.entry("captures").or_insert(if after.is_null() {
                Value::Null
            } else {
                Value::Array(Vec::new())
            });
            ply.entry("comment").or_insert(Value::Null);
            ply.entry("annotated").or_insert(Value::Null);
            ply.entry("values").or_insert(Value::Array(Vec::new()));
        }
        previous_ply = ply.get("ply").and_then(Value::as_u64);
    }
}

/// A value for a message: compact JSON, cut after 200 characters.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_document_gives_derived_fields_when_it_holds_one() {
        let lean = json!({"layout": "inline", "moves": [{"side": "south", "hole": 4, "row": {}}],
            "variations": [{"label": "A", "moves": []}]});
        assert!(!gives_derived(&lean));
        let numbered = json!({"layout": "numbered", "moves": [{"number": 3, "side": "south", "hole": 4, "row": {}}]});
        assert!(!gives_derived(&numbered));
        let mut inline_number = lean.clone();
        inline_number["moves"][0]["number"] = json!(1);
        assert!(gives_derived(&inline_number));
        for (pointer, key) in [
            ("", "summary"),
            ("/moves/0", "captures"),
            ("/moves/0", "after"),
            ("/variations/0", "branch"),
        ] {
            let mut given = lean.clone();
            if let Some(object) = given.pointer_mut(pointer).and_then(Value::as_object_mut) {
                object.insert(key.to_owned(), json!(null));
            }
            assert!(gives_derived(&given), "{pointer}/{key}");
        }
        let mut variation_ply = lean.clone();
        variation_ply["variations"][0]["moves"] =
            json!([{"side": "south", "hole": 4, "row": {}, "ply": 1}]);
        assert!(gives_derived(&variation_ply));
    }

    #[test]
    fn places_and_output_only_fields_are_not_compared() {
        let derived =
            json!({"moves": [{"at": [1, 5], "ply": 1, "row": {"start": [1, 1]}}], "findings": []});
        let given =
            json!({"moves": [{"at": [9, 9], "ply": 1, "row": {"start": [2, 2]}}], "findings": [1]});
        assert_eq!(check_given(&given, &derived), Ok(()));
        // A game's `start` is its start position, not a place.
        let derived = json!({"start": "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S"});
        let given = json!({"start": "6,6,6,6,6,6/6,6,6,6,6,6 0:0 N"});
        assert!(check_given(&given, &derived).is_err());
    }

    #[test]
    fn a_disagreement_names_its_path() {
        let derived = json!({"moves": [{"ply": 1}, {"captures": [[8, 2]]}]});
        let given = json!({"moves": [{"ply": 1}, {"captures": "garbage"}]});
        let error = check_given(&given, &derived).err();
        let (path, message) = error
            .map(|error| (error.path, error.message))
            .unwrap_or_default();
        assert_eq!(path, "moves[1].captures");
        assert!(
            message.starts_with("expected [[") && message.ends_with("gives, found \"garbage\""),
            "{message}"
        );
    }

    #[test]
    fn a_full_ply_leaves_out_derived_fields_at_their_defaults() {
        let mut game = json!({"layout": "inline", "moves": [
            {"ply": 1, "hole": 4, "after": "6,6,6,0,7,7/7,7,7,7,6,6 0:0 N", "row": {}},
            {"hole": 8, "captures": [[8, 2]], "after": "x"},
            {"hole": 6, "after": null, "row": {}},
            {"hole": 12},
        ]});
        with_defaults(&mut game);
        assert_eq!(
            game["moves"],
            json!([
                {"number": 1, "ply": 1, "side": "south", "player": "south", "hole": 4,
                 "comment": null, "annotated": null, "values": [], "captures": [],
                 "after": "6,6,6,0,7,7/7,7,7,7,6,6 0:0 N", "row": {}},
                {"number": 1, "ply": 2, "side": "north", "player": "north", "hole": 8,
                 "comment": null, "annotated": null, "values": [], "captures": [[8, 2]],
                 "after": "x"},
                {"number": 2, "ply": 3, "side": "south", "player": "south", "hole": 6,
                 "comment": null, "annotated": null, "values": [], "captures": null,
                 "after": null, "row": {}},
                // Not a full ply: nothing derived is given.
                {"side": "north", "hole": 12},
            ])
        );
    }

    #[test]
    fn arrays_of_another_length_disagree() {
        let derived = json!({"annotated": [[[8, 2]]]});
        let given = json!({"annotated": [[[8, 2]], []]});
        let error = check_given(&given, &derived).err();
        assert_eq!(error.map(|error| error.path), Some("annotated".to_owned()));
    }
}
