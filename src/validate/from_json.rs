//! The way back: JSON documents of games read back into records
//! (feature `serde`).
//!
//! A document's written parts (tags, plies, groups, alternatives, rows,
//! endings, variations, prose) make the [`Record`]; what the replay added
//! (captures, positions, result, findings) and the places are not read.
//! Each group's `text` is read with the notation's own reader, and the
//! record is printed and read back once more, so that a record comes back
//! only if its canonical form says exactly what the document says. The
//! text that did not parse (`skipped`, `verbatim`) comes back with it as
//! a [`LosslessRecord`], printed as `bohnenspiel fmt` prints the game.

use std::fmt;
use std::io::{BufRead, Read as _};

use serde::de::DeserializeOwned;

use crate::notation::{
    GroupKind, Groups, Label, Layout, LosslessRecord, MAX_GROUPS_PER_PLY, Mark, Movetext, Prose,
    Record, Skipped, SouthTurn, Span, Tag, Turn, Variation, Within, WrittenMove, WrittenPly,
    parse_records,
};
use crate::{Hole, Player, Setup};

use super::Options;
use super::json::{
    DOCUMENT_VERSION, GameDocument, GroupDocument, GroupKindName, JointName, MoveDocument,
    PlyDocument,
};
use super::json_writer::group_document;

/// What is wrong with a JSON document that should hold games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentErrorKind {
    /// The text is not JSON.
    Json,
    /// The input could not be read.
    Io,
    /// The JSON does not have the document's shape (a missing or unknown
    /// field, a value of the wrong type or range, another version), or a
    /// field derived from the plies (captures, positions, players, ply
    /// numbers, comments, the start's setup string, the result, ...)
    /// says something other than their replay.
    Schema,
    /// The document holds something the notation cannot express (a tag
    /// value with a line break, a group whose text reads as another kind
    /// of group, prose that would start a new game, …).
    Notation,
}

/// A JSON document that cannot be read back into records: what is wrong
/// and where, as a JSON path such as `games[0].moves[12].hole`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DocumentError {
    /// What kind of problem.
    pub kind: DocumentErrorKind,
    /// For JSON Lines, the line of the document (from 1); `None` for a
    /// single document.
    pub line: Option<usize>,
    /// The JSON path of the value concerned, such as
    /// `games[0].moves[12].hole` (empty for the whole document).
    pub path: String,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl DocumentError {
    pub(super) fn notation(path: impl Into<String>, message: impl Into<String>) -> DocumentError {
        DocumentError {
            kind: DocumentErrorKind::Notation,
            line: None,
            path: path.into(),
            message: message.into(),
        }
    }

    pub(super) fn schema(path: impl Into<String>, message: impl Into<String>) -> DocumentError {
        DocumentError {
            kind: DocumentErrorKind::Schema,
            line: None,
            path: path.into(),
            message: message.into(),
        }
    }

    /// The error of a record that prints as `count` games, not one.
    fn not_one_game(count: usize) -> DocumentError {
        DocumentError::notation(
            "",
            format!("expected one game, found a record that prints as {count} games"),
        )
    }

    /// The same error inside `prefix` (such as `games[3]`).
    fn within(mut self, prefix: &str) -> DocumentError {
        self.path = if self.path.is_empty() {
            prefix.to_owned()
        } else if self.path.starts_with('[') {
            format!("{prefix}{}", self.path)
        } else {
            format!("{prefix}.{}", self.path)
        };
        self
    }
}

/// The one game that the record printed from a document reads as.
///
/// # Errors
///
/// A [`DocumentError`] of kind notation if the record reads as more or
/// fewer games than one.
pub(super) fn the_one_game<T>(games: &[T]) -> Result<&T, DocumentError> {
    match games {
        [game] => Ok(game),
        _ => Err(DocumentError::not_one_game(games.len())),
    }
}

/// Deserializes `value` into `T`, naming the path of the first mismatch.
fn typed<T: DeserializeOwned>(value: &serde_json::Value) -> Result<T, DocumentError> {
    serde_path_to_error::deserialize(value).map_err(|error| {
        let path = error.path().to_string();
        let path = if path == "." { String::new() } else { path };
        DocumentError::schema(path, error.into_inner().to_string())
    })
}

/// Reads the games of JSON from `reader`: one document `{"version": 4,
/// "games": [...]}`, or JSON Lines of game documents (one per line, as
/// `bohnenspiel json --lines` prints them), and hands each game, turned
/// back into a [`LosslessRecord`], to `each` as soon as it is read, so
/// that memory is bounded by one game: JSON Lines are read a line at a
/// time, and a document game by game (its `games` array is deserialized
/// one element at a time, straight from the reader). Which form it is
/// shows on the first line that is not blank: one whole JSON value there
/// (a game's document, or a whole document on one line) starts JSON
/// Lines. Printed, each record is what `bohnenspiel fmt` prints for the
/// game the document was made from, the text that did not parse
/// included.
///
/// A document is held to the standard of notation. What the replay
/// derives (`comment`, `annotated`, `player`, `number`, `ply`,
/// `captures`, `after`, `start`, a variation's `parent`, `branch`
/// and `replayed`, `result`, `summary`) and what only describes the text
/// the document was made from (`file`, `index`, `findings`, the places
/// `at`/`start`/`end`) may be left out; a derived field that is
/// given is compared with the replay of the document's plies under
/// `options` (the rules the document was made with, as given to
/// `bohnenspiel json`; a record's `Rules` tag still wins), and one that
/// disagrees is an error naming its path; on a ply that gives `after` (a
/// ply of the full document) the derived fields left out are read as
/// their defaults and compared too. A `start` other than the opening, in
/// a document without a `Setup` tag, is the record's start (a `Setup`
/// tag is added). A UTF-8 byte order mark at the start is skipped; a
/// text with no document at all is an error, as an empty record is.
///
/// ```
/// use bohnenspiel::notation::{LosslessRecord, parse_records};
/// use bohnenspiel::validate::{
///     DocumentError, DocumentForm, JsonWriter, Options, read_json, validate,
/// };
///
/// // The document of a file's games, as `bohnenspiel json` writes it.
/// let json_of = |text: &str| -> std::io::Result<String> {
///     let mut json = JsonWriter::new(Vec::new());
///     for (index, game) in parse_records(text).iter().enumerate() {
///         let report = validate(game, &Options::default());
///         json.write(game, DocumentForm::Full(&report), None, index + 1)?;
///     }
///     Ok(String::from_utf8_lossy(&json.finish()?).into_owned())
/// };
/// let records_of = |json: &str| -> Result<Vec<LosslessRecord>, DocumentError> {
///     let mut records = Vec::new();
///     read_json(json.as_bytes(), &Options::default(), |record| {
///         records.push(record);
///         Ok(())
///     })?;
///     Ok(records)
/// };
///
/// let json = json_of("[Date \"1962\"]\n\n4,8; 6,12 (2 from hole 8) (4?)\n")?;
/// let records = records_of(&json)?;
/// assert_eq!(records[0].to_string(), "[Date \"1962\"]\n\n4, 8; 6, 12 (2 from hole 8) (4?)\n");
///
/// let error = records_of(&json.replace("\"hole\":12", "\"hole\":13")).unwrap_err();
/// assert_eq!(error.path, "games[0].moves[3].hole");
///
/// // A derived field that says something else is an error too.
/// let edited = json.replace("\"captures\":[[8,2]]", "\"captures\":[]");
/// let error = records_of(&edited).unwrap_err();
/// assert_eq!(error.path, "games[0].moves[3].captures");
///
/// // A record with a syntax error keeps what did not parse, in place.
/// let json = json_of("4,8;  6,13; 6,7\n")?;
/// assert_eq!(records_of(&json)?[0].to_string(), "4, 8; 6, 13; 6, 7\n");
///
/// // JSON Lines, the lean form.
/// let mut lines = JsonWriter::lines(Vec::new());
/// for (index, game) in parse_records("4,8\n\n5,11\n").iter().enumerate() {
///     lines.write(game, DocumentForm::Lean, None, index + 1)?;
/// }
/// let lines = String::from_utf8(lines.finish()?)?;
/// let printed: Vec<String> = records_of(&lines)?.iter().map(|r| r.to_string()).collect();
/// assert_eq!(printed, ["4, 8\n", "5, 11\n"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A [`DocumentError`] naming the JSON path (and for JSON Lines the line)
/// of the first value that is not JSON, does not match the schema, or
/// holds what the notation cannot express; a failure to read is a
/// [`DocumentErrorKind::Io`] error; or the first error `each` returns.
pub fn read_json(
    mut reader: impl BufRead,
    options: &Options,
    mut each: impl FnMut(LosslessRecord) -> Result<(), DocumentError>,
) -> Result<(), DocumentError> {
    let io = |error: std::io::Error| DocumentError {
        kind: DocumentErrorKind::Io,
        line: None,
        path: String::new(),
        message: error.to_string(),
    };
    let mut line = Vec::new();
    let mut number = 0usize;
    // The first line that is not blank.
    let first = loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(io)? == 0 {
            return Err(DocumentError::schema(
                "",
                "no game in the text: expected a document of games, found end of input",
            ));
        }
        number += 1;
        if number == 1 && line.starts_with(BYTE_ORDER_MARK) {
            line.drain(..BYTE_ORDER_MARK.len());
        }
        if !line.iter().all(u8::is_ascii_whitespace) {
            break number;
        }
    };
    let whole = serde_json::from_slice::<serde::de::IgnoredAny>(&line);
    if matches!(&whole, Err(error) if error.is_eof()) {
        // One document over many lines, read game by game.
        let lines_before = first - 1;
        let mut document = serde_json::Deserializer::from_reader(line.as_slice().chain(reader));
        let read = read_value(&mut document, options, &mut each, Form::Document).and_then(|_| {
            document.end().map_err(|error| match error.is_io() {
                true => json_error(&error),
                false => DocumentError {
                line: Some(error.line()),
                ..DocumentError::schema(
                    "",
                    "expected one document or JSON Lines of game documents, found more after a document",
                )
                },
            })
        });
        return read.map_err(|mut error| {
            error.line = match error.line {
                Some(0) | None => None,
                Some(at) => Some(at + lines_before),
            };
            error
        });
    }
    // JSON Lines: one value a line.
    let mut seen_document = false;
    loop {
        if !line.iter().all(u8::is_ascii_whitespace) {
            if seen_document {
                return Err(DocumentError {
                    line: Some(number),
                    ..DocumentError::schema(
                        "",
                        "expected one document or JSON Lines of game documents, found more after a document",
                    )
                });
            }
            let mut value = serde_json::Deserializer::from_slice(&line);
            let form = read_value(&mut value, options, &mut each, Form::Line)
                .and_then(|form| {
                    value
                        .end()
                        .map_err(|error| json_error(&error))
                        .map(|()| form)
                })
                .map_err(|mut error| {
                    // A whole document on one line is not JSON Lines.
                    error.line = match error.line {
                        Some(0) => None,
                        _ => Some(number),
                    };
                    error
                })?;
            seen_document = form == Form::Document;
        }
        line.clear();
        if reader.read_until(b'\n', &mut line).map_err(io)? == 0 {
            return Ok(());
        }
        number += 1;
    }
}

/// The UTF-8 byte order mark, skipped at the start of a text.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What a JSON value holds: a whole document, or (in JSON Lines) one
/// game's document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Document,
    Line,
}

fn json_error(error: &serde_json::Error) -> DocumentError {
    if error.is_io() {
        return DocumentError {
            kind: DocumentErrorKind::Io,
            line: None,
            path: String::new(),
            message: strip_place(&error.to_string()),
        };
    }
    DocumentError {
        kind: DocumentErrorKind::Json,
        line: Some(error.line()),
        path: String::new(),
        message: error.to_string(),
    }
}

/// Reads one JSON value, a whole document or (when `expected` is
/// [`Form::Line`]) a game's document, handing each game to `each`; gives
/// the form it found.
fn read_value<'de, R: serde_json::de::Read<'de>>(
    json: &mut serde_json::Deserializer<R>,
    options: &Options,
    each: &mut dyn FnMut(LosslessRecord) -> Result<(), DocumentError>,
    expected: Form,
) -> Result<Form, DocumentError> {
    let mut failure = None;
    let mut document = false;
    let mut track = serde_path_to_error::Track::new();
    let read = serde::de::DeserializeSeed::deserialize(
        GamesSeed {
            options,
            each,
            failure: &mut failure,
            document: &mut document,
            expected,
        },
        serde_path_to_error::Deserializer::new(&mut *json, &mut track),
    );
    // A whole document's errors have no line (but its JSON errors).
    let placed = |mut error: DocumentError| {
        if document && error.kind != DocumentErrorKind::Json {
            error.line = Some(0);
        }
        error
    };
    if let Some(failure) = failure {
        return Err(placed(failure));
    }
    read.map_err(|error| {
        if error.is_syntax() || error.is_eof() || error.is_io() {
            json_error(&error)
        } else {
            let path = track.path().to_string();
            let path = if path == "." { String::new() } else { path };
            placed(DocumentError::schema(path, strip_place(&error.to_string())))
        }
    })
}

/// serde_json's message without its ` at line L column C`.
fn strip_place(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

/// Deserializes a document's or a game's map, handing on each game.
struct GamesSeed<'a, 'f> {
    options: &'a Options,
    each: &'a mut dyn FnMut(LosslessRecord) -> Result<(), DocumentError>,
    failure: &'f mut Option<DocumentError>,
    /// Set once the value shows it is a whole document.
    document: &'f mut bool,
    expected: Form,
}

impl<'de> serde::de::DeserializeSeed<'de> for GamesSeed<'_, '_> {
    type Value = Form;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Form, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for GamesSeed<'_, '_> {
    type Value = Form;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a document of games or a game's document")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Form, A::Error> {
        use serde::de::Error as _;
        let mut version = None;
        let mut games = false;
        // The fields of a game's document, once a key shows that it is one.
        let mut game: Option<serde_json::Map<String, serde_json::Value>> = None;
        while let Some(key) = map.next_key::<String>()? {
            if let Some(fields) = &mut game {
                let value = map.next_value::<serde_json::Value>()?;
                fields.insert(key, value);
                continue;
            }
            match key.as_str() {
                "version" => {
                    let found = map.next_value::<u32>()?;
                    if let Err(error) = check_version(found) {
                        *self.failure = Some(error);
                        return Err(A::Error::custom("version"));
                    }
                    version = Some(found);
                }
                "games" if self.expected == Form::Document || !games => {
                    games = true;
                    *self.document = true;
                    map.next_value_seed(GameSeq {
                        options: self.options,
                        each: &mut *self.each,
                        failure: &mut *self.failure,
                    })?;
                }
                _ if games => return Err(A::Error::unknown_field(&key, &["version", "games"])),
                _ if self.expected == Form::Document && version.is_none() => {
                    return Err(A::Error::unknown_field(&key, &["version", "games"]));
                }
                _ => {
                    let mut fields = serde_json::Map::new();
                    if let Some(version) = version {
                        fields.insert("version".to_owned(), version.into());
                    }
                    fields.insert(key, map.next_value::<serde_json::Value>()?);
                    game = Some(fields);
                }
            }
        }
        if let Some(fields) = game {
            if self.expected == Form::Document {
                return Err(A::Error::missing_field("games"));
            }
            let result = game_from_value(serde_json::Value::Object(fields), self.options)
                .and_then(|record| (self.each)(record));
            if let Err(error) = result {
                *self.failure = Some(error);
                return Err(A::Error::custom("game"));
            }
            return Ok(Form::Line);
        }
        if version.is_none() {
            return Err(A::Error::missing_field("version"));
        }
        if !games {
            return Err(A::Error::missing_field("games"));
        }
        Ok(Form::Document)
    }
}

/// The `games` array, one game at a time.
struct GameSeq<'a, 'f> {
    options: &'a Options,
    each: &'a mut dyn FnMut(LosslessRecord) -> Result<(), DocumentError>,
    failure: &'f mut Option<DocumentError>,
}

impl<'de> serde::de::DeserializeSeed<'de> for GameSeq<'_, '_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for GameSeq<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of game documents")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        use serde::de::Error as _;
        let mut index = 0usize;
        while let Some(game) = seq.next_element::<serde_json::Value>()? {
            let result = game_from_value(game, self.options)
                .map_err(|e| e.within(&format!("games[{index}]")))
                .and_then(|record| (self.each)(record));
            if let Err(error) = result {
                *self.failure = Some(error);
                return Err(A::Error::custom("game"));
            }
            index += 1;
        }
        Ok(())
    }
}

/// A game's document, read back into its record ([`GameDocument::to_lossless`])
/// and held to the standard of notation: the derived fields it gives are
/// compared with the replay of its plies under `options`
/// ([`super::json_check`]); one that gives none is not replayed.
fn game_from_value(
    value: serde_json::Value,
    options: &Options,
) -> Result<LosslessRecord, DocumentError> {
    let document = typed::<GameDocument>(&value)?;
    let record = document.to_lossless()?;
    if record.skipped.is_empty() && !super::json_check::gives_derived(&value) {
        // Nothing to compare (a lean document), and a record that reads
        // back as one game (`to_lossless` checked its print): no replay.
        return Ok(record);
    }
    // A record past the group limit is replayed as the document holds it,
    // every group in it.
    let whole = match document.verbatim {
        None if record.verbatim.is_some() => Some(document.parts(true)?),
        _ => None,
    };
    let mut derived = super::json_check::derived_document(&record, whole, options)?;
    let mut given = value;
    super::json_check::with_defaults(&mut given);
    super::json_check::with_defaults(&mut derived);
    // The summary of a record with syntax errors names their places in
    // the text the document was made from: it is not compared.
    let syntax_errors = !record.skipped.is_empty() || record.verbatim.is_some();
    if let (true, Some(derived)) = (syntax_errors, derived.as_object_mut()) {
        derived.remove("summary");
    }
    super::json_check::check_given(&given, &derived)?;
    Ok(record)
}

fn check_version(version: u32) -> Result<(), DocumentError> {
    if version == DOCUMENT_VERSION {
        Ok(())
    } else {
        Err(DocumentError::schema(
            "version",
            format!("expected version {DOCUMENT_VERSION}, found {version}"),
        ))
    }
}

impl GameDocument {
    /// The record this document holds (tags, layout, plies with their
    /// marks and groups, alternatives, rows, endings, variations and
    /// prose) with the text that did not parse (`skipped`, `verbatim`):
    /// printed, it is what `bohnenspiel fmt` prints for the text the
    /// document was made from.
    ///
    /// # Errors
    ///
    /// A [`DocumentError`] with the path (relative to this document, such
    /// as `moves[12].hole`) of the first part that the notation cannot
    /// express (among them a ply with more groups than the reader keeps,
    /// [`MAX_GROUPS_PER_PLY`]), or a version other than
    /// [`DOCUMENT_VERSION`]; for a document with skipped text, also a
    /// piece that names no array of the document, stands past its
    /// end or inside a move, or holds white space at its ends (or a `;` or
    /// `,` beside a joint that prints one), or a verbatim text that is not
    /// the text of one game (a document with a verbatim text is read from
    /// that text alone).
    pub fn to_lossless(&self) -> Result<LosslessRecord, DocumentError> {
        check_version(self.version)?;
        if let Some(text) = &self.verbatim {
            // The text is what prints; the record is what it reads as.
            let games = parse_records(text);
            let [game] = games.as_slice() else {
                return Err(DocumentError::notation(
                    "verbatim",
                    format!("expected the text of one game, found {} games", games.len()),
                ));
            };
            return Ok(LosslessRecord {
                record: game.record.without_spans(),
                skipped: Vec::new(),
                verbatim: Some(text.clone()),
            });
        }
        // Prose after text that did not parse is printed as it was read,
        // whatever it holds.
        let record = self.parts(self.skipped.is_empty())?;
        if self.skipped.is_empty() && most_groups(&record) > MAX_GROUPS_PER_PLY {
            return past_group_limit(record);
        }
        if self.skipped.is_empty() {
            reads_back(&record)?;
            return Ok(record.into());
        }
        let mut skipped = Vec::with_capacity(self.skipped.len());
        for (i, piece) in self.skipped.iter().enumerate() {
            skipped.push(skipped_piece(&record, piece, &format!("skipped[{i}]"))?);
        }
        Ok(LosslessRecord {
            record,
            skipped,
            verbatim: None,
        })
    }

    /// The record without the check that it reads back; `printable`: with
    /// the check that the prose would not start a new game.
    fn parts(&self, printable: bool) -> Result<Record, DocumentError> {
        check_version(self.version)?;
        let mut tags = Vec::with_capacity(self.tags.len());
        for (i, tag) in self.tags.iter().enumerate() {
            let valid_name = !tag.name.is_empty()
                && tag
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if !valid_name {
                return Err(DocumentError::notation(
                    format!("tags[{i}].name"),
                    format!(
                        "expected a tag name of ASCII letters, digits and `_`, found {:?}",
                        tag.name
                    ),
                ));
            }
            if tag.value.contains(['\n', '\r']) {
                return Err(DocumentError::notation(
                    format!("tags[{i}].value"),
                    "expected a value on one line, found a line break",
                ));
            }
            tags.push(Tag {
                name: tag.name.clone(),
                value: tag.value.clone(),
                span: Span::default(),
            });
        }
        // A start other than the opening is the record's start even when
        // only `start` says so: the notation says it with a `Setup` tag.
        if let Some(start) = &self.start {
            let setup = start.parse::<Setup>().map_err(|error| {
                DocumentError::schema("start", format!("expected a position string: {error}"))
            })?;
            if setup != Setup::START && !tags.iter().any(|tag| tag.name == "Setup") {
                tags.push(Tag {
                    name: "Setup".to_owned(),
                    value: setup.to_string(),
                    span: Span::default(),
                });
            }
        }
        let layout: Layout = self.layout.into();
        let moves = rows(&self.moves, layout, "moves")?;
        if layout == Layout::Inline && !self.variations.is_empty() {
            return Err(DocumentError::notation(
                "variations",
                "expected no variations in inline movetext (only numbered rows have them)",
            ));
        }
        let mut variations = Vec::with_capacity(self.variations.len());
        for (i, variation) in self.variations.iter().enumerate() {
            let Some(label) = Label::new(&variation.label) else {
                return Err(DocumentError::notation(
                    format!("variations[{i}].label"),
                    format!(
                        "expected a label of 1 to {} capital letters, found {:?}",
                        Label::MAX_LEN,
                        variation.label
                    ),
                ));
            };
            variations.push(Variation {
                label,
                moves: rows(&variation.moves, layout, &format!("variations[{i}].moves"))?,
                span: Span::default(),
            });
        }
        let prose = match &self.prose {
            None => None,
            Some(prose) => {
                let text = &prose.text;
                if text.is_empty() || text.trim() != text {
                    return Err(DocumentError::notation(
                        "prose.text",
                        "expected prose that is not empty and not padded with white space",
                    ));
                }
                Some(Prose {
                    text: text.clone(),
                    span: Span::default(),
                })
            }
        };
        let record = Record {
            tags,
            movetext: Movetext {
                layout,
                moves,
                variations,
            },
            prose,
        };
        if printable && !record.prose_is_printable() {
            return Err(DocumentError::notation(
                "prose.text",
                "expected prose with no line starting with `[` and holding a `\"` (a tag line) and no paragraph starting with a digit or a pass (either starts a new game), unless its first line follows movetext that ends before it",
            ));
        }
        Ok(record)
    }
}

/// The most groups after one ply of `record` (alternatives and variations
/// included).
pub(super) fn most_groups(record: &Record) -> usize {
    let movetext = &record.movetext;
    std::iter::once(&movetext.moves)
        .chain(movetext.variations.iter().map(|variation| &variation.moves))
        .flatten()
        .flat_map(WrittenMove::turns)
        .flat_map(|(_, turn)| std::iter::once(&turn.ply).chain(turn.alternatives.iter()))
        .map(|ply| ply.groups.len())
        .max()
        .unwrap_or(0)
}

/// A record with more groups after a ply than the notation's reader keeps
/// ([`MAX_GROUPS_PER_PLY`]), as a library may build and write: its print
/// is its verbatim text (printed unchanged, every group in it), and what
/// that text reads as is its record. The rest of it is held to the
/// standard of notation as any record is: with the groups past the limit
/// left out, it must read back.
fn past_group_limit(record: Record) -> Result<LosslessRecord, DocumentError> {
    let mut kept = record.clone();
    for m in std::iter::once(&mut kept.movetext.moves)
        .chain(kept.movetext.variations.iter_mut().map(|v| &mut v.moves))
        .flatten()
    {
        for (_, turn) in m.turns_mut() {
            for ply in std::iter::once(&mut turn.ply).chain(turn.alternatives.iter_mut()) {
                ply.groups.truncate(MAX_GROUPS_PER_PLY);
            }
        }
    }
    reads_back(&kept)?;
    let text = record.to_string();
    let games = parse_records(&text);
    let game = the_one_game(&games)?;
    Ok(LosslessRecord {
        record: game.record.without_spans(),
        skipped: Vec::new(),
        verbatim: Some(text),
    })
}

/// A piece of skipped text from its document, placed in `record`.
fn skipped_piece(
    record: &Record,
    piece: &super::json::SkippedDocument,
    path: &str,
) -> Result<Skipped, DocumentError> {
    // A `;` or `,` at an end that a joint prints one beside would read
    // back as part of the joint.
    let prints_separator =
        |joint: JointName| matches!(joint, JointName::Semicolon | JointName::Comma);
    let is_joint = |c: char| matches!(c, ';' | ',');
    let text = &piece.text;
    if text.is_empty()
        || text.trim() != text
        || (prints_separator(piece.joined) && text.starts_with(is_joint))
        || (prints_separator(piece.next) && text.ends_with(is_joint))
    {
        return Err(DocumentError::notation(
            format!("{path}.text"),
            format!(
                "expected text without white space at its ends, nor a `;` or `,` beside a joint that prints one, found {text:?}"
            ),
        ));
    }
    let movetext = &record.movetext;
    let variation = piece
        .within
        .strip_prefix("variations[")
        .and_then(|rest| rest.strip_suffix("].moves"))
        .and_then(|index| index.parse::<usize>().ok());
    let (within, moves) = match (piece.within.as_str(), variation) {
        ("tags", _) => (Within::Tags, None),
        ("moves", _) => (Within::Moves, Some(&movetext.moves)),
        (_, Some(i)) if i < movetext.variations.len() => {
            (Within::Variation(i), Some(&movetext.variations[i].moves))
        }
        _ => {
            return Err(DocumentError::notation(
                format!("{path}.within"),
                format!(
                    "expected `tags`, `moves` or `variations[N].moves` of a variation of the document, found {:?}",
                    piece.within
                ),
            ));
        }
    };
    let after = match moves {
        None if piece.after <= record.tags.len() => Some(piece.after),
        None => None,
        // The plies before the piece must end a move.
        Some(moves) => {
            let mut plies = 0;
            let mut count = None;
            for (k, m) in std::iter::once(None)
                .chain(moves.iter().map(Some))
                .enumerate()
            {
                plies += m.map_or(0, |m| m.turns().count());
                if plies == piece.after {
                    count = Some(k);
                    break;
                }
            }
            count
        }
    };
    let Some(after) = after else {
        return Err(DocumentError::notation(
            format!("{path}.after"),
            format!(
                "expected a number of entries of `{}` that ends a move and is not past its end, found {}",
                piece.within, piece.after
            ),
        ));
    };
    Ok(Skipped {
        text: piece.text.clone(),
        within,
        after,
        joined: piece.joined.into(),
        next: piece.next.into(),
        span: Span::default(),
    })
}

/// Checks that the canonical print of `record` reads back as `record`.
fn reads_back(record: &Record) -> Result<(), DocumentError> {
    let text = record.to_string();
    let games = parse_records(&text);
    let mismatch = |path: String, what: &str| {
        DocumentError::notation(
            path,
            format!(
                "expected {what} that the notation reads back as written, found one that prints as text read differently"
            ),
        )
    };
    let [game] = games.as_slice() else {
        return Err(mismatch(String::new(), "one game"));
    };
    if let Some(error) = game.errors.first() {
        return Err(DocumentError::notation(
            "",
            format!(
                "expected a record that prints as valid notation, found one whose print has an error: {}",
                error.description()
            ),
        ));
    }
    let back = game.record.without_spans();
    if back == *record {
        return Ok(());
    }
    if back.tags != record.tags {
        return Err(mismatch("tags".to_owned(), "tags"));
    }
    let (ours, theirs) = (&record.movetext, &back.movetext);
    if ours.layout != theirs.layout {
        return Err(mismatch("layout".to_owned(), "a layout"));
    }
    if let Some(path) = first_difference(&ours.moves, &theirs.moves, "moves") {
        return Err(mismatch(path, "moves"));
    }
    for (i, variation) in ours.variations.iter().enumerate() {
        let path = format!("variations[{i}]");
        match theirs.variations.get(i) {
            Some(other) if other.label == variation.label => {
                if let Some(path) =
                    first_difference(&variation.moves, &other.moves, &format!("{path}.moves"))
                {
                    return Err(mismatch(path, "moves"));
                }
            }
            _ => return Err(mismatch(path, "a variation")),
        }
    }
    if ours.variations.len() != theirs.variations.len() {
        return Err(mismatch("variations".to_owned(), "variations"));
    }
    Err(mismatch("prose".to_owned(), "prose"))
}

/// The path of the first ply whose move differs, in document terms
/// (`moves[k]`, counting plies).
fn first_difference(ours: &[WrittenMove], theirs: &[WrittenMove], path: &str) -> Option<String> {
    let mut ply = 0;
    for (i, m) in ours.iter().enumerate() {
        match theirs.get(i) {
            Some(other) if other == m => {}
            _ => return Some(format!("{path}[{ply}]")),
        }
        ply += m.turns().count();
    }
    (ours.len() != theirs.len()).then(|| path.to_owned())
}

/// The moves of a line from its plies: the ply with a row starts a move
/// (South's, or North's when South's turn is left out), a North ply
/// without one completes it. A ply's side left out is South's on the ply
/// with the row and North's on the other; a numbered row's number left
/// out is the previous row's plus one (1 for the first).
fn rows(
    plies: &[MoveDocument],
    layout: Layout,
    path: &str,
) -> Result<Vec<WrittenMove>, DocumentError> {
    let mut moves: Vec<WrittenMove> = Vec::with_capacity(plies.len() / 2 + 1);
    let mut previous_number = 0u32;
    for (k, ply) in plies.iter().enumerate() {
        let here = format!("{path}[{k}]");
        let turn = turn(
            ply.hole,
            ply.mark.as_deref(),
            &ply.groups,
            &ply.alternatives,
            &here,
        )?;
        let side = ply.side.unwrap_or(if ply.row.is_some() {
            Player::South
        } else {
            Player::North
        });
        // A North ply with the row starts a move whose South turn is left
        // out (`1. ... 8`).
        match (side, &ply.row) {
            (Player::South, _) | (Player::North, Some(_)) => {
                let Some(row) = &ply.row else {
                    return Err(DocumentError::notation(
                        format!("{here}.row"),
                        "expected the row of the move on its South ply, found none",
                    ));
                };
                let ending = match &row.ending {
                    None => None,
                    Some(ending) => {
                        let text = &ending.text;
                        if text.is_empty() || text.trim() != text || text.contains(['\n', '\r']) {
                            return Err(DocumentError::notation(
                                format!("{here}.row.ending.text"),
                                "expected an ending on one line, not empty and not padded with white space",
                            ));
                        }
                        Some(Box::new(Prose {
                            text: text.clone(),
                            span: Span::default(),
                        }))
                    }
                };
                let (south, north) = match side {
                    Player::North => (
                        SouthTurn::Elided {
                            span: Span::default(),
                        },
                        Some(turn),
                    ),
                    Player::South => (SouthTurn::Written(turn), None),
                };
                let number = ply.number.unwrap_or(previous_number.saturating_add(1));
                previous_number = number;
                moves.push(WrittenMove {
                    number: (layout == Layout::Numbered).then_some((number, Span::default())),
                    south,
                    north,
                    ending,
                    full_stop: row.full_stop,
                    span: Span::default(),
                });
            }
            (Player::North, None) => match moves.last_mut() {
                Some(m) if m.north.is_none() => {
                    // Left out (or 0), it is its row's.
                    if let Some(number) = ply.number.filter(|&number| number != 0)
                        && layout == Layout::Numbered
                        && m.row_number() != Some(number)
                    {
                        return Err(DocumentError::notation(
                            format!("{here}.number"),
                            format!(
                                "expected the number of its move, {}, found {number}",
                                m.row_number().unwrap_or_default(),
                            ),
                        ));
                    }
                    m.north = Some(turn);
                }
                // Without a side, the ply's row is what is missing.
                _ if ply.side.is_none() => {
                    return Err(DocumentError::notation(
                        format!("{here}.row"),
                        "expected the row of a move on the ply that starts it (a ply without a row is the North ply right after the South ply of its move)",
                    ));
                }
                _ => {
                    return Err(DocumentError::notation(
                        format!("{here}.side"),
                        "expected a North ply only right after the ply with the row of its move",
                    ));
                }
            },
        }
    }
    Ok(moves)
}

/// A turn: the ply and its alternatives.
fn turn(
    hole: Option<Hole>,
    mark: Option<&str>,
    groups: &[GroupDocument],
    alternatives: &[PlyDocument],
    path: &str,
) -> Result<Turn, DocumentError> {
    let first = written_ply(hole, mark, groups, path)?;
    let mut others = Vec::with_capacity(alternatives.len());
    for (i, alternative) in alternatives.iter().enumerate() {
        others.push(written_ply(
            alternative.hole,
            alternative.mark.as_deref(),
            &alternative.groups,
            &format!("{path}.alternatives[{i}]"),
        )?);
    }
    Ok(Turn {
        ply: first,
        alternatives: others.into(),
    })
}

fn written_ply(
    hole: Option<Hole>,
    mark: Option<&str>,
    groups: &[GroupDocument],
    path: &str,
) -> Result<WrittenPly, DocumentError> {
    let mark = match mark {
        None => None,
        Some(text) => Some(Mark::new(text).ok_or_else(|| {
            DocumentError::notation(
                format!("{path}.mark"),
                format!(
                    "expected a mark: {text:?} is not a mark: expected one of !, ?, !!, ??, !?, ?!"
                ),
            )
        })?),
    };
    let mut read = Groups::with_capacity(groups.len());
    for (i, group) in groups.iter().enumerate() {
        read.push(written_group(group, &format!("{path}.groups[{i}]"))?);
    }
    Ok(WrittenPly {
        hole,
        mark,
        groups: read,
        span: Span::default(),
    })
}

/// A group from its text, read with the notation's reader; its kind must
/// be what the text reads as.
fn written_group(
    document: &GroupDocument,
    path: &str,
) -> Result<crate::notation::Group, DocumentError> {
    let source = format!("1 ({})", document.text);
    let read = source.parse::<WrittenPly>().ok().and_then(|ply| {
        let mut groups = ply.groups.into_iter();
        match (groups.next(), groups.next()) {
            (Some(group), None) => Some(group),
            _ => None,
        }
    });
    let Some(mut group) = read else {
        return Err(DocumentError::notation(
            format!("{path}.text"),
            format!(
                "expected the text of one group (parentheses balanced), found {:?}",
                document.text
            ),
        ));
    };
    group.span = Span::default();
    clear_group_spans(&mut group.kind);
    let again = group_document(&group, document.start, document.end)
        .map_err(|error| DocumentError::notation(path, error.to_string()))?;
    if again.text != document.text {
        return Err(DocumentError::notation(
            format!("{path}.text"),
            format!(
                "expected group text in canonical form, {:?}, found {:?}",
                again.text, document.text
            ),
        ));
    }
    if again.kind != document.kind {
        return Err(DocumentError::notation(
            format!("{path}.kind"),
            format!(
                "expected {}, as the text {:?} reads, found {}",
                kind_name(again.kind),
                document.text,
                kind_name(document.kind)
            ),
        ));
    }
    Ok(group)
}

fn clear_group_spans(kind: &mut GroupKind) {
    match kind {
        GroupKind::Captures { annotation, .. } => annotation.span = Span::default(),
        GroupKind::OtherMove(ply) => ply.clear_spans(),
        GroupKind::Labels(_) | GroupKind::Comment(_) => {}
    }
}

const fn kind_name(kind: GroupKindName) -> &'static str {
    match kind {
        GroupKindName::Captures => "captures",
        GroupKindName::Labels => "labels",
        GroupKindName::OtherMove => "other-move",
        GroupKindName::Comment => "comment",
    }
}
