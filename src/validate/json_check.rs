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

use crate::notation::{LosslessRecord, parse_records};

use super::from_json::DocumentError;
use super::json_writer::{DocumentForm, write_game_document};
use super::{Options, validate};

/// Keys whose values are never compared: places in the text the document
/// was made from, what only describes that text, and the written parts
/// that are read as given (the tags, to which a `Setup` tag may be added
/// from `start`; the text that did not parse).
const NOT_COMPARED: [&str; 8] = [
    "line", "column", "file", "index", "findings", "tags", "skipped", "verbatim",
];

/// The document of `record` as `bohnenspiel json` would write it, its
/// record replayed under `options` (and its `Rules` tag).
///
/// # Errors
///
/// A record whose print does not read back as one game.
pub(super) fn derived_document(
    record: &LosslessRecord,
    options: &Options,
) -> Result<Value, DocumentError> {
    let text = record.to_string();
    let games = parse_records(&text);
    let [game] = games.as_slice() else {
        return Err(DocumentError::notation(
            "",
            format!(
                "expected one game, found a record that prints as {} games",
                games.len()
            ),
        ));
    };
    let report = validate(game, options);
    let mut json = Vec::new();
    write_game_document(&mut json, game, DocumentForm::Full(&report), None, 1)
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

/// A place in the text (`{"line": L, "column": C}`) under `start` or
/// `end`.
fn is_place(key: &str, value: &Value) -> bool {
    matches!(key, "start" | "end")
        && value
            .as_object()
            .is_some_and(|object| object.contains_key("line") || object.contains_key("column"))
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
    fn places_and_output_only_fields_are_not_compared() {
        let derived = json!({"moves": [{"line": 1, "column": 5, "ply": 1}], "findings": []});
        let given = json!({"moves": [{"line": 9, "column": 9, "ply": 1}], "findings": [1]});
        assert_eq!(check_given(&given, &derived), Ok(()));
    }

    #[test]
    fn a_disagreement_names_its_path() {
        let derived = json!({"moves": [{"ply": 1}, {"captures": [{"hole": 8, "beans": 2}]}]});
        let given = json!({"moves": [{"ply": 1}, {"captures": "garbage"}]});
        let error = check_given(&given, &derived).err();
        let (path, message) = error
            .map(|error| (error.path, error.message))
            .unwrap_or_default();
        assert_eq!(path, "moves[1].captures");
        assert!(
            message.starts_with("expected [{") && message.ends_with("gives, found \"garbage\""),
            "{message}"
        );
    }

    #[test]
    fn arrays_of_another_length_disagree() {
        let derived = json!({"annotated": [[{"hole": 8, "beans": 2}]]});
        let given = json!({"annotated": [[{"hole": 8, "beans": 2}], []]});
        let error = check_given(&given, &derived).err();
        assert_eq!(error.map(|error| error.path), Some("annotated".to_owned()));
    }
}
