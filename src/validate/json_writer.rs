//! Writing a game's JSON document as it is built: one move's document at
//! a time, so that the memory a game's JSON takes is bounded by its tree
//! and its report, not by the document (which is larger than the text).
//!
//! The documents are the ones [`GameDocument::new`] builds (the same
//! functions build them), written by hand in serde_json's compact form:
//! the field names as literals, the few enums by name, strings through
//! serde_json's own escaping when they need any. It is kept because it
//! is measured faster: the whole `bohnenspiel json` command on 100,000
//! random games (49.7 MB) takes 153.7 M instructions per 500 games
//! against 333.7 M with the [`GameDocument`] built whole and written by
//! serde's derived serialization (2.2 times as many), and 7.0–8.5 s
//! against 14.2–18.2 s for the 100,000; on the hostile one-game shapes
//! it also takes a quarter to a half of the memory. The `validate_bench`
//! example measures both (phases `c` and `s`). Tests compare the bytes
//! with `serde_json::to_vec` of the [`GameDocument`] on every fixture and
//! on generated records.

use std::io;

use serde::Serialize;

use crate::notation::{self, ParsedRecord};
use crate::{Player, Position};

use super::Report;
#[cfg(doc)]
use super::json::GameDocument;
use super::json::{
    At, BoardDocument, CaptureDocument, DOCUMENT_VERSION, FindingDocument, FormName, GroupDocument,
    GroupKindName, JoinerName, LayoutName, MoveDocument, PhraseDocument, Place, PlyDocument,
    RepetitionDocument, ResultDocument, RowDocument, StoresDocument, TextDocument,
    for_each_move_document, prose_document, result, skipped_documents, tag_document,
    written_numbers, written_numbers_of,
};
use super::report::{Line, VariationReport};

/// Writes the JSON document of one game to `writer`, compact: the same
/// bytes as `serde_json::to_writer` of
/// [`GameDocument::new`](super::GameDocument::new)`(parsed, report)` (with
/// [`in_file`](super::GameDocument::in_file)`(file, index)` when `file` is
/// given), built and written one move at a time, so that no more than
/// one move's document (and 32 KiB of output waiting for `writer`) is
/// held. This is how `bohnenspiel json` writes a game; `report` must come
/// from [`validate`](super::validate) of `parsed`.
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
    let mut out = Out {
        writer,
        buf: Vec::with_capacity(FLUSH_AT + 4096),
    };
    let mut at = At {
        parsed,
        lines: parsed.line_index(),
        label_lists: false,
    };
    game(&mut out, &mut at, report, file, index).map_err(serde_json::Error::io)?;
    out.flush().map_err(serde_json::Error::io)
}

/// The output waiting for the writer is handed over once it reaches this
/// many bytes (checked after each move).
const FLUSH_AT: usize = 1 << 15;

/// A game's document, in the field order of [`GameDocument`].
fn game<W: io::Write>(
    out: &mut Out<W>,
    at: &mut At<'_>,
    report: &Report,
    file: Option<&str>,
    index: usize,
) -> io::Result<()> {
    let parsed = at.parsed;
    let record = &parsed.record;
    out.raw(b"{\"version\":");
    out.uint(DOCUMENT_VERSION.into());
    out.raw(b",\"file\":");
    out.opt_string(file);
    out.raw(b",\"index\":");
    out.uint(index as u64);
    out.raw(b",\"tags\":[");
    for (i, tag) in record.tags.iter().enumerate() {
        out.comma(i);
        let tag = tag_document(at, tag);
        out.raw(b"{\"name\":");
        out.string(&tag.name);
        out.raw(b",\"value\":");
        out.string(&tag.value);
        out.start_end(tag.start, tag.end);
        out.raw(b"}");
    }
    out.raw(b"],\"layout\":");
    out.raw(match LayoutName::from(record.movetext.layout) {
        LayoutName::Inline => b"\"inline\"",
        LayoutName::Numbered => b"\"numbered\"",
    });
    out.raw(b",\"start\":");
    match report.start.position() {
        Some(start) => out.start(start),
        None => out.raw(b"null"),
    }
    out.raw(b",\"moves\":");
    moves(
        out,
        at,
        &record.movetext.moves,
        &written_numbers(parsed),
        &report.main_line,
        0,
    )?;
    out.raw(b",\"variations\":[");
    for (i, (variation, entry)) in record
        .movetext
        .variations
        .iter()
        .zip(&report.variations)
        .enumerate()
    {
        out.comma(i);
        self::variation(out, at, variation, entry)?;
    }
    out.raw(b"],\"prose\":");
    out.opt_text(prose_document(at).as_ref());
    let (skipped, verbatim) = skipped_documents(at);
    out.raw(b",\"skipped\":");
    out.serde(&skipped);
    out.raw(b",\"verbatim\":");
    out.opt_string(verbatim.as_deref());
    out.raw(b",\"result\":");
    out.result(&result(report));
    out.raw(b",\"summary\":");
    out.string(&report.summary());
    out.raw(b",\"findings\":[");
    for (i, finding) in report.findings.iter().enumerate() {
        out.comma(i);
        out.serde(&FindingDocument::from(finding));
    }
    out.raw(b"]}");
    Ok(())
}

/// A line's moves, written as they are built.
fn moves<W: io::Write>(
    out: &mut Out<W>,
    at: &mut At<'_>,
    moves: &[notation::WrittenMove],
    numbers: &[u32],
    line: &Line,
    base: usize,
) -> io::Result<()> {
    out.raw(b"[");
    let mut first = true;
    for_each_move_document(at, moves, numbers, line, base, |document, turn| {
        if !first {
            out.raw(b",");
        }
        first = false;
        out.move_document(&document, turn);
        out.flush_if_full()
    })?;
    out.raw(b"]");
    Ok(())
}

/// A variation's document, in the field order of
/// [`VariationDocument`](super::VariationDocument).
fn variation<W: io::Write>(
    out: &mut Out<W>,
    at: &mut At<'_>,
    variation: &notation::Variation,
    entry: &VariationReport,
) -> io::Result<()> {
    let base = entry.branch.map_or(0, |b| 2 * (b.max(1) as usize - 1));
    let start = at.place(variation.span.start);
    let end = at.place(variation.span.end);
    out.raw(b"{\"label\":");
    out.string(entry.label.as_str());
    out.raw(b",\"parent\":");
    out.opt_string(entry.parent.as_ref().map(notation::Label::as_str));
    out.raw(b",\"branch\":");
    out.opt_uint(entry.branch.map(u64::from));
    out.raw(b",\"replayed\":");
    out.bool(entry.replayed);
    out.start_end(start, end);
    out.raw(b",\"moves\":");
    moves(
        out,
        at,
        &variation.moves,
        &written_numbers_of(&variation.moves),
        &entry.line,
        base,
    )?;
    out.raw(b"}");
    Ok(())
}

/// Compact JSON written into a buffer, handed to the writer in pieces of
/// about [`FLUSH_AT`] bytes.
struct Out<W> {
    writer: W,
    buf: Vec<u8>,
}

impl<W: io::Write> Out<W> {
    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Bytes as they are: punctuation and field names.
    #[inline(always)]
    fn raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// `,` before every element but the first (`i` from 0).
    #[inline]
    fn comma(&mut self, i: usize) {
        if i > 0 {
            self.buf.push(b',');
        }
    }

    /// `[…]` of `items`, each written by `each`, joined by `,`.
    #[inline]
    fn array<T>(&mut self, items: impl IntoIterator<Item = T>, mut each: impl FnMut(&mut Self, T)) {
        self.raw(b"[");
        for (i, item) in items.into_iter().enumerate() {
            self.comma(i);
            each(self, item);
        }
        self.raw(b"]");
    }

    fn bool(&mut self, value: bool) {
        self.raw(if value { b"true" } else { b"false" });
    }

    /// An unsigned integer, in decimal (as serde_json writes one).
    #[inline(always)]
    fn uint(&mut self, value: u64) {
        if value < 10 {
            self.buf.push(b'0' + value as u8);
        } else if value < 100 {
            let value = value as u8;
            self.buf.push(b'0' + value / 10);
            self.buf.push(b'0' + value % 10);
        } else {
            self.long_uint(value);
        }
    }

    /// [`Out::uint`] of 100 or more (columns of long lines, mostly).
    #[inline(never)]
    fn long_uint(&mut self, value: u64) {
        if value < 10_000 {
            let value = value as u16;
            if value >= 1000 {
                self.buf.push(b'0' + (value / 1000) as u8);
            }
            self.buf.push(b'0' + (value / 100 % 10) as u8);
            self.buf.push(b'0' + (value / 10 % 10) as u8);
            self.buf.push(b'0' + (value % 10) as u8);
            return;
        }
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = value;
        while rest > 0 {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        self.buf.extend_from_slice(&digits[at..]);
    }

    fn opt_uint(&mut self, value: Option<u64>) {
        match value {
            Some(value) => self.uint(value),
            None => self.raw(b"null"),
        }
    }

    /// A JSON string: as it is between quotes when nothing in it needs
    /// escaping, else escaped by serde_json.
    fn string(&mut self, text: &str) {
        if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.buf.push(b'"');
            self.buf.extend_from_slice(text.as_bytes());
            self.buf.push(b'"');
        } else {
            self.serde(text);
        }
    }

    fn opt_string(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.string(text),
            None => self.raw(b"null"),
        }
    }

    /// A value as serde_json writes it (for the parts that are rare in a
    /// document: skipped text and findings).
    fn serde<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Writing into a `Vec` does not fail, and these values always
        // serialize (no maps with keys that are not strings).
        let _ = serde_json::to_writer(&mut self.buf, value);
    }

    /// `{"line":L,"column":C}`
    fn place(&mut self, place: Place) {
        let Place { line, column } = place;
        self.raw(b"{\"line\":");
        self.uint(line as u64);
        self.raw(b",\"column\":");
        self.uint(column as u64);
        self.raw(b"}");
    }

    /// `,"start":{…},"end":{…}`
    fn start_end(&mut self, start: Place, end: Place) {
        self.raw(b",\"start\":");
        self.place(start);
        self.raw(b",\"end\":");
        self.place(end);
    }

    fn player(&mut self, player: Player) {
        self.raw(match player {
            Player::South => b"\"south\"",
            Player::North => b"\"north\"",
        });
    }

    /// `"pits":[…],"stores":{…}` of a position.
    fn pits_and_stores(&mut self, pits: &[u8; 12], stores: StoresDocument) {
        self.raw(b"\"pits\":");
        self.array(pits, |w, &beans| w.uint(beans.into()));
        let StoresDocument { south, north } = stores;
        self.raw(b",\"stores\":{\"south\":");
        self.uint(south.into());
        self.raw(b",\"north\":");
        self.uint(north.into());
        self.raw(b"}");
    }

    /// A [`StartDocument`](super::StartDocument).
    fn start(&mut self, position: Position) {
        self.raw(b"{");
        self.pits_and_stores(&position.board(), position.stores().into());
        self.raw(b",\"turn\":");
        self.player(position.turn());
        self.raw(b",\"setup\":");
        self.string(&position.to_string());
        self.raw(b"}");
    }

    fn opt_text(&mut self, text: Option<&TextDocument>) {
        let Some(TextDocument { text, start, end }) = text else {
            self.raw(b"null");
            return;
        };
        self.raw(b"{\"text\":");
        self.string(text);
        self.start_end(*start, *end);
        self.raw(b"}");
    }

    fn captures(&mut self, captures: &[CaptureDocument]) {
        self.array(captures, |w, &CaptureDocument { hole, beans }| {
            w.raw(b"{\"hole\":");
            w.uint(hole.into());
            w.raw(b",\"beans\":");
            w.uint(beans.into());
            w.raw(b"}");
        });
    }

    fn joiner(&mut self, joiner: JoinerName) {
        self.raw(match joiner {
            JoinerName::Comma => b"\"comma\"",
            JoinerName::And => b"\"and\"",
            JoinerName::Plus => b"\"plus\"",
        });
    }

    /// The documents of a ply's `groups`, built without the label lists
    /// (`At::label_lists`): those are written from the tree's groups,
    /// `tree`.
    fn groups(&mut self, groups: &[GroupDocument], tree: &[notation::Group]) {
        self.array(groups.iter().zip(tree), |w, (group, tree)| {
            w.group(group, tree);
        });
    }

    fn group(&mut self, group: &GroupDocument, tree: &notation::Group) {
        let GroupDocument {
            kind,
            text,
            phrases,
            comment,
            labels,
            hole,
            mark,
            start,
            end,
        } = group;
        self.raw(match kind {
            GroupKindName::Captures => b"{\"kind\":\"captures\"",
            GroupKindName::Labels => b"{\"kind\":\"labels\"",
            GroupKindName::OtherMove => b"{\"kind\":\"other-move\"",
            GroupKindName::Comment => b"{\"kind\":\"comment\"",
        });
        self.raw(b",\"text\":");
        self.string(text);
        if let Some(phrases) = phrases {
            self.raw(b",\"phrases\":");
            self.array(phrases, Self::phrase);
        }
        if let Some(comment) = comment {
            self.raw(b",\"comment\":");
            self.string(comment);
        }
        if let Some(labels) = labels {
            self.raw(b",\"labels\":");
            self.array(labels, |w, label| w.string(label));
        } else if let notation::GroupKind::Labels(labels) = &tree.kind {
            self.raw(b",\"labels\":");
            self.array(labels.iter(), |w, label| w.string(label.as_str()));
        }
        if let Some(hole) = hole {
            self.raw(b",\"hole\":");
            self.uint(hole.number().into());
        }
        if let Some(mark) = mark {
            self.raw(b",\"mark\":");
            self.string(mark);
        }
        self.start_end(*start, *end);
        self.raw(b"}");
    }

    fn phrase(&mut self, phrase: &PhraseDocument) {
        let PhraseDocument {
            joiner,
            beans,
            form,
            hole_word,
            holes,
            separators,
        } = phrase;
        self.raw(b"{\"joiner\":");
        match joiner {
            Some(joiner) => self.joiner(*joiner),
            None => self.raw(b"null"),
        }
        self.raw(b",\"beans\":");
        self.uint((*beans).into());
        self.raw(match form {
            FormName::From => b",\"form\":\"from\",\"hole_word\":",
            FormName::FromEach => b",\"form\":\"from-each\",\"hole_word\":",
            FormName::EachFrom => b",\"form\":\"each-from\",\"hole_word\":",
        });
        self.bool(*hole_word);
        self.raw(b",\"holes\":");
        self.array(holes, |w, &hole| w.uint(hole.into()));
        self.raw(b",\"separators\":");
        self.array(separators, |w, &separator| w.joiner(separator));
        self.raw(b"}");
    }

    fn ply(&mut self, ply: &PlyDocument, tree: &notation::WrittenPly) {
        let PlyDocument {
            hole,
            mark,
            groups,
            line,
            column,
        } = ply;
        self.raw(b"{\"hole\":");
        self.opt_uint(hole.map(|hole| hole.number().into()));
        self.raw(b",\"mark\":");
        self.opt_string(mark.as_deref());
        self.raw(b",\"groups\":");
        self.groups(groups, &tree.groups);
        self.raw(b",\"line\":");
        self.uint(*line as u64);
        self.raw(b",\"column\":");
        self.uint(*column as u64);
        self.raw(b"}");
    }

    /// A [`MoveDocument`], field by field in its order; `turn` is the
    /// written turn it documents.
    fn move_document(&mut self, document: &MoveDocument, turn: &notation::Turn) {
        // Room for a move's document, so that writing it rarely grows the
        // buffer.
        self.buf.reserve(1024);
        let MoveDocument {
            number,
            ply,
            side,
            player,
            hole,
            mark,
            groups,
            alternatives,
            comment,
            annotated,
            values,
            captures,
            after,
            line,
            column,
            row,
        } = document;
        self.raw(b"{\"number\":");
        self.uint((*number).into());
        self.raw(b",\"ply\":");
        self.uint(*ply as u64);
        self.raw(b",\"side\":");
        self.player(*side);
        self.raw(b",\"player\":");
        self.player(*player);
        self.raw(b",\"hole\":");
        self.opt_uint(hole.map(|hole| hole.number().into()));
        self.raw(b",\"mark\":");
        self.opt_string(mark.as_deref());
        self.raw(b",\"groups\":");
        self.groups(groups, &turn.ply.groups);
        self.raw(b",\"alternatives\":");
        self.array(
            alternatives.iter().zip(&turn.alternatives),
            |w, (ply, tree)| {
                w.ply(ply, tree);
            },
        );
        self.raw(b",\"comment\":");
        self.opt_string(comment.as_deref());
        self.raw(b",\"annotated\":");
        match annotated {
            Some(annotated) => self.array(annotated, |w, captures| w.captures(captures)),
            None => self.raw(b"null"),
        }
        if !values.is_empty() {
            self.raw(b",\"values\":");
            self.serde(values);
        }
        self.raw(b",\"captures\":");
        match captures {
            Some(captures) => self.captures(captures),
            None => self.raw(b"null"),
        }
        self.raw(b",\"after\":");
        match after {
            Some(BoardDocument { pits, stores, turn }) => {
                self.raw(b"{");
                self.pits_and_stores(pits, *stores);
                self.raw(b",\"turn\":");
                match turn {
                    Some(turn) => self.player(*turn),
                    None => self.raw(b"null"),
                }
                self.raw(b"}");
            }
            None => self.raw(b"null"),
        }
        self.raw(b",\"line\":");
        self.uint(*line as u64);
        self.raw(b",\"column\":");
        self.uint(*column as u64);
        self.raw(b",\"row\":");
        match row {
            Some(RowDocument {
                start,
                end,
                ending,
                full_stop,
            }) => {
                self.raw(b"{\"start\":");
                self.place(*start);
                self.raw(b",\"end\":");
                self.place(*end);
                self.raw(b",\"ending\":");
                self.opt_text(ending.as_ref());
                self.raw(b",\"full_stop\":");
                self.bool(*full_stop);
                self.raw(b"}");
            }
            None => self.raw(b"null"),
        }
        self.raw(b"}");
    }

    /// A [`ResultDocument`].
    fn result(&mut self, result: &ResultDocument) {
        let ResultDocument {
            south,
            north,
            winner,
            reason,
            repetition,
        } = result;
        self.raw(b"{\"south\":");
        self.opt_uint(south.map(u64::from));
        self.raw(b",\"north\":");
        self.opt_uint(north.map(u64::from));
        self.raw(b",\"winner\":");
        self.opt_string(winner.as_deref());
        self.raw(b",\"reason\":");
        self.string(reason);
        self.raw(b",\"repetition\":");
        match repetition {
            Some(RepetitionDocument { ply, earlier_ply }) => {
                self.raw(b"{\"ply\":");
                self.uint(*ply as u64);
                self.raw(b",\"earlier_ply\":");
                self.uint(*earlier_ply as u64);
                self.raw(b"}");
            }
            None => self.raw(b"null"),
        }
        self.raw(b"}");
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Out;

    fn written(write: impl FnOnce(&mut Out<Vec<u8>>)) -> String {
        let mut out = Out {
            writer: Vec::new(),
            buf: Vec::new(),
        };
        write(&mut out);
        let Ok(()) = out.flush() else {
            unreachable!("a Vec does not fail")
        };
        String::from_utf8(out.writer).unwrap_or_else(|e| panic!("{e}"))
    }

    fn serde_json(value: &impl serde::Serialize) -> String {
        serde_json::to_string(value).unwrap_or_else(|e| panic!("{e}"))
    }

    proptest! {
        #![proptest_config(crate::proptest_config(256))]

        /// Strings are escaped exactly as serde_json escapes them: any
        /// characters, control characters, quotes and backslashes among
        /// them.
        #[test]
        fn strings_are_serde_jsons(text in "(\\PC|[\\x00-\\x1f\"\\\\\\x7f])*") {
            prop_assert_eq!(written(|out| out.string(&text)), serde_json(&text));
            let none: Option<&str> = None;
            prop_assert_eq!(written(|out| out.opt_string(None)), serde_json(&none));
        }

        /// Integers as serde_json writes them.
        #[test]
        fn integers_are_serde_jsons(value in any::<u64>(), small in 0u64..100_000) {
            prop_assert_eq!(written(|out| out.uint(value)), serde_json(&value));
            prop_assert_eq!(written(|out| out.uint(small)), serde_json(&small));
        }
    }
}
