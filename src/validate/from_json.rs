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

use serde::de::DeserializeOwned;

use crate::notation::{
    Ending, GroupKind, Groups, Label, Layout, LosslessRecord, Mark, Movetext, Prose, Record,
    Skipped, Span, Tag, Turn, Variation, Within, WrittenMove, WrittenPly, parse_records,
};
use crate::{Hole, Player};

use super::json::{
    DOCUMENT_VERSION, GameDocument, GamesDocument, GroupDocument, GroupKindName, MoveDocument,
    PlyDocument, group_document,
};

/// What is wrong with a JSON document that should hold games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentErrorKind {
    /// The text is not JSON.
    Json,
    /// The JSON does not have the document's shape (a missing or unknown
    /// field, a value of the wrong type or range, another version).
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
    fn notation(path: impl Into<String>, message: impl Into<String>) -> DocumentError {
        DocumentError {
            kind: DocumentErrorKind::Notation,
            line: None,
            path: path.into(),
            message: message.into(),
        }
    }

    fn schema(path: impl Into<String>, message: impl Into<String>) -> DocumentError {
        DocumentError {
            kind: DocumentErrorKind::Schema,
            line: None,
            path: path.into(),
            message: message.into(),
        }
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

/// Deserializes `value` into `T`, naming the path of the first mismatch.
fn typed<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, DocumentError> {
    serde_path_to_error::deserialize(value).map_err(|error| {
        let path = error.path().to_string();
        let path = if path == "." { String::new() } else { path };
        DocumentError::schema(path, error.into_inner().to_string())
    })
}

/// Reads the games of a JSON text: one document `{"version": 3, "games":
/// [...]}`, or JSON Lines of game documents (one per line, as `bohnenspiel
/// json --lines` prints them), and turns each game back into a
/// [`LosslessRecord`] ([`GameDocument::to_lossless`]), in order: printed,
/// each is what `bohnenspiel fmt` prints for the game the document was
/// made from, the text that did not parse included.
///
/// ```
/// use bohnenspiel::validate::{json_string, records_from_json};
///
/// let json = json_string("[Date \"1962\"]\n\n4,8; 6,12 (2 from hole 8) (4?)\n")?;
/// let records = records_from_json(&json)?;
/// assert_eq!(records[0].to_string(), "[Date \"1962\"]\n\n4, 8; 6, 12 (2 from hole 8) (4?)\n");
///
/// let error = records_from_json(&json.replace("\"hole\":12", "\"hole\":13")).unwrap_err();
/// assert_eq!(error.path, "games[0].moves[3].hole");
///
/// // A record with a syntax error keeps what did not parse, in place.
/// let json = json_string("4,8;  6,13; 6,7\n")?;
/// assert_eq!(records_from_json(&json)?[0].to_string(), "4, 8; 6, 13; 6, 7\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A [`DocumentError`] naming the JSON path (and for JSON Lines the line)
/// of the first value that is not JSON, does not match the schema, or
/// holds what the notation cannot express.
pub fn records_from_json(text: &str) -> Result<Vec<LosslessRecord>, DocumentError> {
    let mut records = Vec::new();
    for_each_json_game(text, |record| {
        records.push(record);
        Ok(())
    })?;
    Ok(records)
}

/// Reads the games of a JSON text as [`records_from_json`] does, handing
/// each record to `each` as soon as it is read (a JSON Lines text is read
/// one line at a time).
///
/// # Errors
///
/// As [`records_from_json`], or the first error `each` returns.
pub fn for_each_json_game(
    text: &str,
    mut each: impl FnMut(LosslessRecord) -> Result<(), DocumentError>,
) -> Result<(), DocumentError> {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>();
    let bytes = text.as_bytes();
    // The end of the last value read, and the line it ends on.
    let (mut end, mut line) = (0usize, 1usize);
    let mut single = false;
    let mut count = 0usize;
    loop {
        let next = stream.next();
        // The line the value starts on: after the white space since `end`.
        let rest = bytes.get(end..).unwrap_or_default();
        let skipped = rest
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .filter(|&&b| b == b'\n')
            .count();
        let start_line = line + skipped;
        let Some(value) = next else { break };
        let value = value.map_err(|error| DocumentError {
            kind: DocumentErrorKind::Json,
            line: Some(error.line()),
            path: String::new(),
            message: error.to_string(),
        })?;
        let new_end = stream.byte_offset();
        line += memchr::memchr_iter(b'\n', bytes.get(end..new_end).unwrap_or_default()).count();
        end = new_end;
        count += 1;
        if count == 1 && value.get("games").is_some() {
            let document: GamesDocument = typed(value)?;
            check_version(document.version)?;
            for (i, game) in document.games.iter().enumerate() {
                let record = game
                    .to_lossless()
                    .map_err(|e| e.within(&format!("games[{i}]")))?;
                each(record)?;
            }
            single = true;
            continue;
        }
        let with_line = |mut e: DocumentError| {
            e.line = Some(start_line);
            e
        };
        if single {
            return Err(with_line(DocumentError::schema(
                "",
                "expected one document or JSON Lines of game documents, found more after a document",
            )));
        }
        let game: GameDocument = typed(value).map_err(with_line)?;
        each(game.to_lossless().map_err(with_line)?)?;
    }
    Ok(())
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
    /// The record this document holds: tags, layout, plies with their
    /// marks and groups, alternatives, rows, endings, variations and prose.
    /// For a record without syntax errors, its canonical print is what
    /// `bohnenspiel fmt` prints for the text the document was made from;
    /// [`GameDocument::to_lossless`] keeps the text that did not parse as
    /// well.
    ///
    /// # Errors
    ///
    /// A [`DocumentError`] with the path (relative to this document, such
    /// as `moves[12].hole`) of the first part that the notation cannot
    /// express, or a version other than [`DOCUMENT_VERSION`].
    pub fn to_record(&self) -> Result<Record, DocumentError> {
        let record = self.parts(true)?;
        reads_back(&record)?;
        Ok(record)
    }

    /// The record this document holds ([`GameDocument::to_record`]) with
    /// the text that did not parse (`skipped`, `verbatim`): printed, it is
    /// what `bohnenspiel fmt` prints for the text the document was made
    /// from.
    ///
    /// # Errors
    ///
    /// As [`GameDocument::to_record`]; for a document with skipped text,
    /// also a piece that names no array of the document, stands past its
    /// end or inside a move, or holds white space or separators at its
    /// ends, or a verbatim text that is not the text of one game (a
    /// document with a verbatim text is read from that text alone).
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
            if !Label::is_valid(&variation.label) {
                return Err(DocumentError::notation(
                    format!("variations[{i}].label"),
                    format!(
                        "expected a label of capital letters, found {:?}",
                        variation.label
                    ),
                ));
            }
            variations.push(Variation {
                label: Label(variation.label.clone()),
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
                let prose = Prose {
                    text: text.clone(),
                    span: Span::default(),
                };
                if printable && !prose.is_printable() {
                    return Err(DocumentError::notation(
                        "prose.text",
                        "expected prose with no line starting with `[` and no paragraph starting with a digit (either starts a new game)",
                    ));
                }
                Some(prose)
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
        Ok(record)
    }
}

/// A piece of skipped text from its document, placed in `record`.
fn skipped_piece(
    record: &Record,
    piece: &super::json::SkippedDocument,
    path: &str,
) -> Result<Skipped, DocumentError> {
    let is_separator = |c: char| c.is_whitespace() || matches!(c, ';' | ',' | '.');
    if piece.text.is_empty() || piece.text.trim_matches(is_separator) != piece.text {
        return Err(DocumentError::notation(
            format!("{path}.text"),
            format!(
                "expected text without white space or separators at its ends, found {:?}",
                piece.text
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
                plies += m.map_or(0, |m| 1 + usize::from(m.north.is_some()));
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
        ply += 1 + usize::from(m.north.is_some());
    }
    (ours.len() != theirs.len()).then(|| path.to_owned())
}

/// The moves of a line from its plies: a South ply starts a move (and
/// carries its row), a North ply completes it.
fn rows(
    plies: &[MoveDocument],
    layout: Layout,
    path: &str,
) -> Result<Vec<WrittenMove>, DocumentError> {
    let mut moves: Vec<WrittenMove> = Vec::with_capacity(plies.len() / 2 + 1);
    for (k, ply) in plies.iter().enumerate() {
        let here = format!("{path}[{k}]");
        let turn = turn(
            ply.hole,
            ply.mark.as_deref(),
            &ply.groups,
            &ply.alternatives,
            &here,
        )?;
        match ply.side {
            Player::South => {
                let Some(row) = &ply.row else {
                    return Err(DocumentError::notation(
                        format!("{here}.row"),
                        "expected the row of the move on its South ply, found null",
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
                        Some(Box::new(Ending {
                            text: text.clone(),
                            span: Span::default(),
                        }))
                    }
                };
                moves.push(WrittenMove {
                    number: (layout == Layout::Numbered).then_some(ply.number),
                    number_span: None,
                    south: turn,
                    north: None,
                    ending,
                    full_stop: row.full_stop,
                    span: Span::default(),
                });
            }
            Player::North => {
                if ply.row.is_some() {
                    return Err(DocumentError::notation(
                        format!("{here}.row"),
                        "expected null on a North ply (the row is on the South ply that starts the move)",
                    ));
                }
                match moves.last_mut() {
                    Some(m) if m.north.is_none() => {
                        if layout == Layout::Numbered && m.number != Some(ply.number) {
                            return Err(DocumentError::notation(
                                format!("{here}.number"),
                                format!(
                                    "expected the number of its move, {}, found {}",
                                    m.number.unwrap_or_default(),
                                    ply.number
                                ),
                            ));
                        }
                        m.north = Some(turn);
                    }
                    _ => {
                        return Err(DocumentError::notation(
                            format!("{here}.side"),
                            "expected a North ply only right after the South ply of its move",
                        ));
                    }
                }
            }
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
        Some(text) => Some(text.parse::<Mark>().map_err(|error| {
            DocumentError::notation(format!("{path}.mark"), format!("expected a mark: {error}"))
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

/// A group from its text, read with the notation's reader; its kind and
/// structured fields must agree with what the text reads as.
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
    let again = group_document(&group, document.start, document.end);
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
    let agrees = |given: bool, field: &str| {
        if given {
            Ok(())
        } else {
            Err(DocumentError::notation(
                format!("{path}.{field}"),
                format!("expected what the text {:?} says", document.text),
            ))
        }
    };
    agrees(
        document.phrases.is_none() || document.phrases == again.phrases,
        "phrases",
    )?;
    agrees(
        document.comment.is_none() || document.comment == again.comment,
        "comment",
    )?;
    agrees(
        document.labels.is_none() || document.labels == again.labels,
        "labels",
    )?;
    agrees(
        document.hole.is_none() || document.hole == again.hole,
        "hole",
    )?;
    agrees(
        document.mark.is_none() || document.mark == again.mark,
        "mark",
    )?;
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
