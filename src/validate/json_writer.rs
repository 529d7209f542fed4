//! Writing a game's JSON document as it is built: one move's document at
//! a time, so that the memory a game's JSON takes is bounded by its tree
//! and its report, not by the document (which is larger than the text).

use std::cell::RefCell;
use std::io;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::notation::{self, ParsedRecord};

use super::Report;
use super::json::{
    At, DOCUMENT_VERSION, FindingDocument, LayoutName, StartDocument, for_each_move_document,
    prose_document, result, skipped_documents, tag_document, written_numbers, written_numbers_of,
};
use super::replay::Locator;
use super::report::{Line, VariationReport};

/// Writes the JSON document of one game to `writer`, compact: the same
/// bytes as `serde_json::to_writer` of
/// [`GameDocument::new`](super::GameDocument::new)`(parsed, report)` (with
/// [`in_file`](super::GameDocument::in_file)`(file, index)` when `file` is
/// given), built and written one move at a time, so that no more than
/// one move's document is held. This is how `bohnenspiel json` writes a
/// game; `report` must come from [`validate`](super::validate) of
/// `parsed`.
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{GameDocument, Options, validate, write_game_document};
///
/// let games = parse_records("4,8; 6,12 (2 from hole 8) and South resigns\n");
/// let report = validate(&games[0], &Options::default());
/// let mut streamed = Vec::new();
/// write_game_document(&mut streamed, &games[0], &report, Some("game.txt"), 1)?;
/// let whole = GameDocument::new(&games[0], &report).in_file("game.txt", 1);
/// assert_eq!(streamed, serde_json::to_vec(&whole)?);
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
///
/// An error of `writer`, as a [`serde_json::Error`].
pub fn write_game_document<W: io::Write>(
    writer: W,
    parsed: &ParsedRecord,
    report: &Report,
    file: Option<&str>,
    index: usize,
) -> serde_json::Result<()> {
    let streamed = Streamed {
        at: RefCell::new(At {
            parsed,
            locator: Locator::default(),
        }),
        report,
        file,
        index,
    };
    serde_json::to_writer(writer, &streamed)
}

/// A game's document, serialized as it is built. The fields are those of
/// [`GameDocument`](super::GameDocument), in its order (a test compares the two on every
/// fixture).
struct Streamed<'a> {
    /// Places are located in text order, as `GameDocument::new` does.
    at: RefCell<At<'a>>,
    report: &'a Report,
    file: Option<&'a str>,
    index: usize,
}

impl Serialize for Streamed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let parsed = self.at.borrow().parsed;
        let record = &parsed.record;
        let report = self.report;
        let mut document = serializer.serialize_struct("GameDocument", 14)?;
        document.serialize_field("version", &DOCUMENT_VERSION)?;
        document.serialize_field("file", &self.file)?;
        document.serialize_field("index", &self.index)?;
        document.serialize_field(
            "tags",
            &Lazy::new(
                record
                    .tags
                    .iter()
                    .map(|tag| tag_document(&mut self.at.borrow_mut(), tag)),
            ),
        )?;
        document.serialize_field("layout", &LayoutName::from(record.movetext.layout))?;
        document.serialize_field("start", &report.start.map(StartDocument::from))?;
        document.serialize_field(
            "moves",
            &Moves {
                at: &self.at,
                moves: &record.movetext.moves,
                numbers: written_numbers(parsed),
                line: &report.main_line,
                base: 0,
            },
        )?;
        document.serialize_field(
            "variations",
            &Lazy::new(
                record
                    .movetext
                    .variations
                    .iter()
                    .zip(&report.variations)
                    .map(|(variation, entry)| VariationStreamed {
                        at: &self.at,
                        variation,
                        entry,
                    }),
            ),
        )?;
        document.serialize_field("prose", &prose_document(&mut self.at.borrow_mut()))?;
        let (skipped, verbatim) = skipped_documents(&mut self.at.borrow_mut());
        document.serialize_field("skipped", &skipped)?;
        document.serialize_field("verbatim", &verbatim)?;
        document.serialize_field("result", &result(report))?;
        document.serialize_field("summary", &report.summary())?;
        document.serialize_field(
            "findings",
            &Lazy::new(report.findings.iter().map(FindingDocument::from)),
        )?;
        document.end()
    }
}

/// A line's moves, serialized as they are built.
struct Moves<'a, 'b> {
    at: &'b RefCell<At<'a>>,
    moves: &'b [notation::WrittenMove],
    numbers: Vec<u32>,
    line: &'b Line,
    base: usize,
}

impl Serialize for Moves<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for_each_move_document(
            &mut self.at.borrow_mut(),
            self.moves,
            &self.numbers,
            self.line,
            self.base,
            |document| seq.serialize_element(&document),
        )?;
        seq.end()
    }
}

/// A variation's document (the fields of
/// [`VariationDocument`](super::VariationDocument), in its order),
/// serialized as it is built.
struct VariationStreamed<'a, 'b> {
    at: &'b RefCell<At<'a>>,
    variation: &'b notation::Variation,
    entry: &'b VariationReport,
}

impl Serialize for VariationStreamed<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (variation, entry) = (self.variation, self.entry);
        let base = entry.branch.map_or(0, |b| 2 * (b.max(1) as usize - 1));
        let start = self.at.borrow_mut().place(variation.span.start);
        let end = self.at.borrow_mut().place(variation.span.end);
        let mut document = serializer.serialize_struct("VariationDocument", 7)?;
        document.serialize_field("label", &entry.label)?;
        document.serialize_field("parent", &entry.parent)?;
        document.serialize_field("branch", &entry.branch)?;
        document.serialize_field("replayed", &entry.replayed)?;
        document.serialize_field("start", &start)?;
        document.serialize_field("end", &end)?;
        document.serialize_field(
            "moves",
            &Moves {
                at: self.at,
                moves: &variation.moves,
                numbers: written_numbers_of(&variation.moves),
                line: &entry.line,
                base,
            },
        )?;
        document.end()
    }
}

/// A sequence serialized from an iterator, once, building each element as
/// it is written.
struct Lazy<I>(RefCell<Option<I>>);

impl<I> Lazy<I> {
    fn new(iter: I) -> Lazy<I> {
        Lazy(RefCell::new(Some(iter)))
    }
}

impl<I: Iterator<Item: Serialize>> Serialize for Lazy<I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let iter = self.0.borrow_mut().take();
        serializer.collect_seq(iter.into_iter().flatten())
    }
}
