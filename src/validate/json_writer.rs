//! The one writer of a game's JSON document, in its two forms: the full
//! document and the lean one ([`DocumentForm`]).
//!
//! It writes serde_json's compact form straight from the record's tree
//! and its [`Report`], one move at a time, so that the memory a game's
//! JSON takes is bounded by its tree and its report, not by the document
//! (which is larger than the text): the field names as literals, the few
//! enums by name, numbers by hand and strings escaped as serde_json
//! escapes them. The types of [`super::json`] are the document as read
//! back; the rare parts that serde also writes elsewhere (a finding, a
//! result, a value written as a comment) are written by their derived
//! `Serialize`, and nothing else is.
//!
//! It is written by hand because that is measured faster than serde:
//! serde's serializer writes every field name through its string escaper,
//! a few writes a field, and a document holds about forty fields a ply.

use std::io;

use serde::Serialize;

use crate::notation::{
    self, Group, GroupKind, Joint, Layout, ParsedRecord, Turn, WrittenMove, WrittenPly,
    decimal_entry,
};
use crate::{Player, Position};

use super::Report;
use super::json::{
    At, DOCUMENT_VERSION, FindingDocument, GroupDocument, Place, ValueDocument, WrittenNumbers,
    result, skipped_documents,
};
use super::report::{Line, ReplayedPly};

/// Which document of a game [`JsonWriter::write`] writes.
#[derive(Debug, Clone, Copy)]
pub enum DocumentForm<'r> {
    /// The full document: the record as written, every part with its
    /// place in the text, and what the replay (the [`Report`] of
    /// [`validate`](super::validate) of the same record) made of it:
    /// each ply's player, number, captures and the position after it,
    /// the result, the summary and the findings. A field that holds its
    /// default is left out (a ply's `number`, `ply`, `side` and `player`
    /// when they follow from the plies before it, what holds nothing).
    Full(&'r Report),
    /// The lean document: the record as written and nothing else, for
    /// conversion at scale. Its fields are those of the full document
    /// that hold the record (the same names, in the same order), without
    /// the places, what the replay derives and the fields that hold
    /// their default
    /// (a `mark`, `groups`, `alternatives`, `variations`, `prose`,
    /// `skipped` or `verbatim` with nothing in it; a row's `ending` and
    /// `full_stop`; a ply's `side` as in the full document, its `number`
    /// inline, where it is the move's place, on the ply without the row,
    /// where it is its row's, and where it is the previous row's plus
    /// one). It reads back as the full document does, to the same
    /// record, and needs no replay to write.
    Lean,
}

/// Writes games as JSON: one document `{"version": 4, "games": [...]}`
/// ([`JsonWriter::new`]) or JSON Lines, one game's document a line
/// ([`JsonWriter::lines`]), each game full or lean ([`DocumentForm`]).
/// This is how `bohnenspiel json` writes, and the only writer of the
/// document.
///
/// Each game is built and written one move at a time into one buffer
/// that lives across games, handed to `writer` in pieces of 64 KiB (as
/// large as the buffer of a `BufWriter` of that size, which then passes
/// them on without copying them): the writer holds one move's document
/// and at most 64 KiB of output besides. [`JsonWriter::finish`] writes
/// the end of the document and what is still held, and gives `writer`
/// back; dropped without it, the writer loses what it holds.
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{DocumentForm, JsonWriter, Options, validate};
///
/// let games = parse_records("4,8; 6,12 (2 from hole 8) and South resigns\n");
/// let report = validate(&games[0], &Options::default());
/// let mut writer = JsonWriter::new(Vec::new());
/// writer.write(&games[0], DocumentForm::Full(&report), Some("game.txt"), 1)?;
/// let full: serde_json::Value = serde_json::from_slice(&writer.finish()?)?;
/// assert_eq!(full["version"], 4);
/// let game = &full["games"][0];
/// assert_eq!(game["moves"][3]["captures"], serde_json::json!([[8, 2]]));
/// assert_eq!(game["moves"][3]["after"], "9,8,8,1,8,1/9,0,9,9,8,0 0:2 S");
///
/// let mut lean = JsonWriter::lines(Vec::new());
/// lean.write(&games[0], DocumentForm::Lean, None, 1)?;
/// assert_eq!(
///     String::from_utf8(lean.finish()?)?,
///     concat!(
///         r#"{"version":4,"tags":[],"layout":"inline","moves":["#,
///         r#"{"hole":4,"row":{}},{"hole":8},"#,
///         r#"{"hole":6,"row":{"ending":{"text":"South resigns"}}},"#,
///         r#"{"hole":12,"groups":[{"kind":"captures","text":"2 from hole 8"}]}]}"#,
///         "\n",
///     )
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct JsonWriter<W: io::Write> {
    out: Out<W>,
    /// JSON Lines, else one document.
    lines: bool,
    /// The games written so far.
    games: usize,
}

impl<W: io::Write> std::fmt::Debug for JsonWriter<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonWriter")
            .field("lines", &self.lines)
            .field("games", &self.games)
            .field("held", &self.out.len)
            .finish_non_exhaustive()
    }
}

impl<W: io::Write> JsonWriter<W> {
    /// A writer of one document, `{"version": 4, "games": [...]}`, a game
    /// a line (nothing is written to `writer` before the first game).
    pub fn new(writer: W) -> JsonWriter<W> {
        let mut out = Out::new(writer);
        out.raw(b"{\"version\": ");
        out.uint(DOCUMENT_VERSION.into());
        out.raw(b", \"games\": [");
        JsonWriter {
            out,
            lines: false,
            games: 0,
        }
    }

    /// A writer of JSON Lines: each game's document on a line of its own,
    /// so that a reader holds one game at a time.
    pub fn lines(writer: W) -> JsonWriter<W> {
        JsonWriter {
            out: Out::new(writer),
            lines: true,
            games: 0,
        }
    }

    /// Writes the document of one game, naming its file (`file`, left out
    /// in the lean form and `null` in the full one when `None`) and its
    /// index in the file (from 1): the full document of `parsed` with
    /// what its report says, or the lean one ([`DocumentForm`]).
    ///
    /// # Errors
    ///
    /// An error of the writer.
    pub fn write(
        &mut self,
        parsed: &ParsedRecord,
        form: DocumentForm<'_>,
        file: Option<&str>,
        index: usize,
    ) -> io::Result<()> {
        let out = &mut self.out;
        if !self.lines {
            out.raw(if self.games == 0 { b"\n" } else { b",\n" });
        }
        self.games += 1;
        let mut at = At::new(parsed);
        let report = match form {
            DocumentForm::Full(report) => Some(report),
            DocumentForm::Lean => None,
        };
        game(out, &mut at, report, file, index)?;
        if self.lines {
            out.raw(b"\n");
        }
        out.flush_if_full()
    }

    /// Hands what the writer holds to `writer`, and flushes it.
    ///
    /// # Errors
    ///
    /// An error of the writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.out.writer.flush()
    }

    /// Ends the document (`]}` after the games), hands what the writer
    /// holds to `writer` and gives `writer` back (not flushed: a writer
    /// made for one game writes into the output of others at no cost).
    ///
    /// # Errors
    ///
    /// An error of the writer.
    pub fn finish(mut self) -> io::Result<W> {
        if !self.lines {
            self.out.raw(b"\n]}\n");
        }
        self.out.flush()?;
        Ok(self.out.writer)
    }
}

/// The document of a group as read back: what the writer writes for it,
/// placed at `start..end`.
///
/// # Errors
///
/// None in practice: what the writer writes deserializes.
pub(super) fn group_document(
    group: &Group,
    start: Place,
    end: Place,
) -> Result<GroupDocument, serde_json::Error> {
    let mut out = Out::new(io::sink());
    out.group(group, Some((start, end)));
    serde_json::from_slice(out.written())
}

/// The output waiting for the writer is handed over once it reaches this
/// many bytes (checked after each move): the capacity of the `BufWriter`
/// of `bohnenspiel json`, which then does not copy it.
const FLUSH_AT: usize = 1 << 16;

/// A game's document, in the field order of
/// [`GameDocument`](super::GameDocument); the lean one when `report` is
/// `None`.
fn game<W: io::Write>(
    out: &mut Out<W>,
    at: &mut At<'_>,
    report: Option<&Report>,
    file: Option<&str>,
    index: usize,
) -> io::Result<()> {
    let parsed = at.parsed;
    let record = &parsed.record;
    let movetext = &record.movetext;
    out.raw(b"{\"version\":");
    out.uint(DOCUMENT_VERSION.into());
    if report.is_some() || file.is_some() {
        out.raw(b",\"file\":");
        out.opt_string(file);
        out.raw(b",\"index\":");
        out.uint(index as u64);
    }
    out.raw(b",\"tags\":[");
    for (i, tag) in record.tags.iter().enumerate() {
        out.comma(i);
        out.raw(b"{\"name\":");
        out.string(&tag.name);
        out.raw(b",\"value\":");
        out.string(&tag.value);
        if report.is_some() {
            out.start_end(at.place(tag.span.start), at.place(tag.span.end));
        }
        out.raw(b"}");
    }
    out.raw(match movetext.layout {
        Layout::Inline => b"],\"layout\":\"inline\"",
        Layout::Numbered => b"],\"layout\":\"numbered\"",
    });
    if let Some(report) = report {
        out.raw(b",\"start\":");
        match report.start.position() {
            Some(start) => {
                out.raw(b"\"");
                out.position(&start);
                out.raw(b"\"");
            }
            None => out.raw(b"null"),
        }
    }
    out.raw(b",\"moves\":");
    let numbers = WrittenNumbers::main_line(parsed);
    let main_line = report.map(|report| &report.main_line);
    moves(out, at, &movetext.moves, numbers, main_line, 0)?;
    match report {
        Some(_) if movetext.variations.is_empty() => {}
        Some(report) => {
            out.raw(b",\"variations\":[");
            for (i, (variation, entry)) in movetext
                .variations
                .iter()
                .zip(&report.variations)
                .enumerate()
            {
                out.comma(i);
                let start = at.place(variation.span.start);
                let end = at.place(variation.span.end);
                out.raw(b"{\"label\":");
                out.string(entry.label.as_str());
                if let Some(parent) = &entry.parent {
                    out.raw(b",\"parent\":");
                    out.string(parent.as_str());
                }
                if let Some(branch) = entry.branch {
                    out.raw(b",\"branch\":");
                    out.uint(branch.into());
                }
                if entry.replayed {
                    out.raw(b",\"replayed\":true");
                }
                out.start_end(start, end);
                out.raw(b",\"moves\":");
                let base = entry.branch.map_or(0, |b| 2 * (b.max(1) as usize - 1));
                let numbers = WrittenNumbers::rows();
                moves(out, at, &variation.moves, numbers, Some(&entry.line), base)?;
                out.raw(b"}");
            }
            out.raw(b"]");
        }
        None if movetext.variations.is_empty() => {}
        None => {
            out.raw(b",\"variations\":[");
            for (i, variation) in movetext.variations.iter().enumerate() {
                out.comma(i);
                out.raw(b"{\"label\":");
                out.string(variation.label.as_str());
                out.raw(b",\"moves\":");
                let numbers = WrittenNumbers::rows();
                moves(out, at, &variation.moves, numbers, None, 0)?;
                out.raw(b"}");
            }
            out.raw(b"]");
        }
    }
    if let Some(prose) = &record.prose {
        out.raw(b",\"prose\":{\"text\":");
        out.string(&prose.text);
        if report.is_some() {
            out.start_end(at.place(prose.span.start), at.place(prose.span.end));
        }
        out.raw(b"}");
    }
    let (skipped, verbatim) = skipped_documents(at);
    if !skipped.is_empty() {
        out.raw(b",\"skipped\":");
        out.array(&skipped, |out, piece| {
            out.raw(b"{\"text\":");
            out.string(&piece.text);
            out.raw(b",\"within\":");
            out.string(&piece.within);
            out.raw(b",\"after\":");
            out.uint(piece.after as u64);
            out.raw(b",\"joined\":");
            out.joint(piece.joined.into());
            out.raw(b",\"next\":");
            out.joint(piece.next.into());
            if report.is_some() {
                out.start_end(piece.start, piece.end);
            }
            out.raw(b"}");
        });
    }
    if let Some(verbatim) = &verbatim {
        out.raw(b",\"verbatim\":");
        out.string(verbatim);
    }
    if let Some(report) = report {
        out.raw(b",\"result\":");
        out.serde(&result(report));
        out.raw(b",\"summary\":");
        out.string(&report.summary());
        out.raw(b",\"findings\":");
        out.array(&report.findings, |out, finding| {
            out.serde(&FindingDocument::from(finding));
        });
    }
    out.raw(b"}");
    Ok(())
}

/// A line's moves, one ply a document, written move by move; `line` is
/// what the replay made of them, `None` for the lean document. The plies
/// are counted from `default_base` when the line replayed none.
///
/// A field that holds its default is left out: a move's `number` when it
/// is the previous move's plus one (1 for the first), a ply's `ply` when
/// it is the previous ply's plus one, its `side` when it is South on the
/// ply that carries the row and North on the other.
fn moves<W: io::Write>(
    out: &mut Out<W>,
    at: &mut At<'_>,
    moves: &[WrittenMove],
    mut numbers: WrittenNumbers<'_>,
    line: Option<&Line>,
    default_base: usize,
) -> io::Result<()> {
    out.raw(b"[");
    let base = line
        .and_then(|line| line.plies.first())
        .map_or(default_base, |first| first.index - 1);
    let numbered = at.parsed.record.movetext.layout == Layout::Numbered;
    let plies = line.map_or(&[][..], |line| line.plies.as_slice());
    let mut k = 0;
    let mut first = true;
    let mut previous_number = 0u32;
    let mut previous_ply = None;
    for m in moves {
        let number = numbers.next(m);
        let mut turns = m.turns();
        let Some((side, turn)) = turns.next() else {
            continue;
        };
        let second = turns.next();
        // The `,` before the move: written here for the lean document, with
        // the ply's head for the full one.
        let comma = !first;
        first = false;
        let written_number = (number != previous_number.wrapping_add(1)).then_some(number);
        previous_number = number;
        if line.is_none() {
            // The row is on the first ply written: South's, or North's
            // when South's turn is left out.
            // The ply that carries the row is South's by default.
            let side = (side == Player::North).then_some(side);
            let opening = if comma {
                Opening::CommaBrace
            } else {
                Opening::Brace
            };
            out.lean_ply(opening, written_number.filter(|_| numbered), side, turn);
            out.raw(b",\"row\":{");
            if let Some(ending) = &m.ending {
                out.raw(b"\"ending\":{\"text\":");
                out.string(&ending.text);
                out.raw(b"}");
            }
            if m.full_stop {
                out.raw(if m.ending.is_some() {
                    b",\"full_stop\":true"
                } else {
                    b"\"full_stop\":true"
                });
            }
            out.raw(b"}}");
            if let Some((_, turn)) = second {
                out.lean_ply(Opening::CommaBrace, None, None, turn);
                out.raw(b"}");
            }
            out.flush_if_full()?;
            continue;
        }
        // Each ply's replay, looked up once, and its number.
        let mut ply_number = |k: usize| {
            let replayed = plies.get(k);
            let index = replayed.map_or(base + k + 1, |r| r.index);
            let written = previous_ply.is_none_or(|previous: usize| index != previous + 1);
            previous_ply = Some(index);
            ((index, written), replayed)
        };
        // The row is written between the plies, after the first one
        // that carries it: its end and its ending are located in an index
        // of their own, so that both indexes go forward in text order.
        // A row that starts where its first ply does (the most of them)
        // is not located twice.
        let row_offset = m.row_span().map_or(m.span.start, |span| span.start);
        let row_start = (row_offset != turn.ply.span.start).then(|| at.place(row_offset));
        let (ply, replayed) = ply_number(k);
        let head = FullPly {
            comma,
            number: written_number,
            ply,
            side,
            row: true,
        };
        // A row that says only where it ends, the most of them, is
        // written with its ply.
        let row_end = (row_start.is_none() && m.ending.is_none() && !m.full_stop)
            .then(|| at.row_end(m.span.end));
        let first_at = out.full_ply(at, head, turn, replayed, (row_end, false));
        let row_start = row_start.filter(|&start| start != first_at);
        k += 1;
        if row_end.is_some() {
            // Written with the ply.
        } else if row_start.is_none() && m.ending.is_none() && !m.full_stop {
            out.row_end(at.row_end(m.span.end));
        } else {
            out.raw(b",\"row\":{");
            if let Some(row_start) = row_start {
                out.raw(b"\"start\":");
                out.place(row_start);
                out.raw(b",");
            }
            let ending = m.ending.as_ref().map(|ending| {
                (
                    ending,
                    at.row_end(ending.span.start),
                    at.row_end(ending.span.end),
                )
            });
            out.raw(b"\"end\":");
            out.place(at.row_end(m.span.end));
            if let Some((ending, start, end)) = ending {
                out.raw(b",\"ending\":{\"text\":");
                out.string(&ending.text);
                out.start_end(start, end);
                out.raw(b"}");
            }
            out.raw(if m.full_stop {
                b",\"full_stop\":true}}"
            } else {
                b"}}"
            });
        }
        if let Some((side, turn)) = second {
            let (ply, replayed) = ply_number(k);
            let head = FullPly {
                comma: true,
                number: None,
                ply,
                side,
                row: false,
            };
            out.full_ply(at, head, turn, replayed, (None, true));
            k += 1;
        }
        out.flush_if_full()?;
    }
    out.raw(b"]");
    Ok(())
}

/// The head of a ply's full document: whether a `,` comes before it,
/// its move's `number` when written, its ply number and whether it is
/// written, its side, and whether it carries its move's row.
struct FullPly {
    comma: bool,
    number: Option<u32>,
    ply: (usize, bool),
    side: Player,
    row: bool,
}

/// Compact JSON written into a buffer, handed to the writer in pieces of
/// about [`FLUSH_AT`] bytes.
struct Out<W> {
    writer: W,
    /// The output not yet handed to the writer, `buf[..len]`, then room.
    /// The room is kept initialised, so that a piece of known size is
    /// written straight into it ([`Out::window`]) and cut to length.
    buf: Vec<u8>,
    len: usize,
    /// The digits of the line number written last.
    line: LineText,
}

/// The room the buffer grows to at least, when it grows.
const MIN_ROOM: usize = 1024;

impl<W: io::Write> Out<W> {
    fn new(writer: W) -> Out<W> {
        Out {
            writer,
            buf: Vec::new(),
            len: 0,
            line: LineText::default(),
        }
    }

    /// The output not yet handed to the writer.
    fn written(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }

    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.len >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer
            .write_all(self.buf.get(..self.len).unwrap_or_default())?;
        self.len = 0;
        Ok(())
    }

    /// Room for `n` bytes after the output.
    #[inline(always)]
    fn make_room(&mut self, n: usize) {
        if self.len + n > self.buf.len() {
            self.grow(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let len = (self.len + n).max(2 * self.buf.len()).max(MIN_ROOM);
        self.buf.resize(len, 0);
    }

    /// `N` bytes of room after the output, for a piece gathered in place
    /// and then kept ([`Chunk::keep`]) or left.
    #[inline(always)]
    fn window<const N: usize>(&mut self) -> Chunk<'_, N> {
        self.make_room(N);
        let at = self.len;
        Chunk {
            bytes: self.buf.get_mut(at..at + N).unwrap_or_default(),
            len: 0,
            output: &mut self.len,
            line: &mut self.line,
        }
    }

    /// Bytes as they are: punctuation and field names.
    #[inline(always)]
    fn raw(&mut self, bytes: &[u8]) {
        self.make_room(bytes.len());
        let at = self.len;
        if let Some(to) = self.buf.get_mut(at..at + bytes.len()) {
            to.copy_from_slice(bytes);
            self.len = at + bytes.len();
        }
    }

    /// One byte.
    #[inline(always)]
    fn byte(&mut self, byte: u8) {
        self.raw(&[byte]);
    }

    /// `,` before every element but the first (`i` from 0).
    #[inline]
    fn comma(&mut self, i: usize) {
        if i > 0 {
            self.byte(b',');
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

    /// An unsigned integer, in decimal (as serde_json writes one).
    #[inline(always)]
    fn uint(&mut self, value: u64) {
        if value < 10 {
            self.byte(b'0' + value as u8);
        } else if value < 100 {
            let value = value as u8;
            self.raw(&[b'0' + value / 10, b'0' + value % 10]);
        } else if value < 1000 {
            // Columns of long lines, mostly.
            let value = value as u16;
            self.raw(&[
                b'0' + (value / 100) as u8,
                b'0' + (value / 10 % 10) as u8,
                b'0' + (value % 10) as u8,
            ]);
        } else {
            self.long_uint(value);
        }
    }

    /// [`Out::uint`] of 1000 or more (line numbers, mostly), two digits
    /// at a time.
    #[inline(never)]
    fn long_uint(&mut self, value: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = value;
        while rest >= 100 {
            let pair = DIGIT_PAIRS[(rest % 100) as usize];
            at -= 2;
            if let Some(to) = digits.get_mut(at..at + 2) {
                to.copy_from_slice(&pair);
            }
            rest /= 100;
        }
        if rest >= 10 {
            at -= 2;
            if let Some(to) = digits.get_mut(at..at + 2) {
                to.copy_from_slice(&DIGIT_PAIRS[rest as usize]);
            }
        } else {
            at -= 1;
            if let Some(to) = digits.get_mut(at) {
                *to = b'0' + rest as u8;
            }
        }
        self.raw(digits.get(at..).unwrap_or_default());
    }

    /// A JSON string.
    #[inline]
    fn string(&mut self, text: &str) {
        self.byte(b'"');
        self.content(text);
        self.byte(b'"');
    }

    /// A string's content, escaped as serde_json escapes it: `"`, `\` and
    /// the control characters, these as `\n`, `\t` and the like or
    /// `\u00XX`.
    #[inline]
    fn content(&mut self, text: &str) {
        if !any_needs_escape(text.as_bytes()) {
            self.raw(text.as_bytes());
            return;
        }
        self.escaped(text.as_bytes());
    }

    #[inline(never)]
    fn escaped(&mut self, bytes: &[u8]) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for &b in bytes {
            match b {
                b'"' => self.raw(b"\\\""),
                b'\\' => self.raw(b"\\\\"),
                b'\n' => self.raw(b"\\n"),
                b'\r' => self.raw(b"\\r"),
                b'\t' => self.raw(b"\\t"),
                0x08 => self.raw(b"\\b"),
                0x0c => self.raw(b"\\f"),
                0..0x20 => {
                    self.raw(b"\\u00");
                    self.byte(HEX[usize::from(b >> 4)]);
                    self.byte(HEX[usize::from(b & 0xf)]);
                }
                _ => self.byte(b),
            }
        }
    }

    fn opt_string(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.string(text),
            None => self.raw(b"null"),
        }
    }

    /// A value as its derived `Serialize` writes it (the parts of a
    /// document serde also writes elsewhere: findings, the result and
    /// values written as comments).
    fn serde<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Writing into the buffer does not fail, and these values always
        // serialize (no maps with keys that are not strings).
        let _ = serde_json::to_writer(Text(self), value);
    }

    /// `[L,C]`: a place's line and column, gathered in place and written
    /// at once.
    #[inline(always)]
    fn place(&mut self, place: Place) {
        let mut chunk = self.window::<32>();
        if chunk.place(place) {
            chunk.keep();
        } else {
            self.long_place(place);
        }
    }

    /// [`Out::place`] of a line of more than eight digits or a column of
    /// 1000 or more.
    #[inline(never)]
    fn long_place(&mut self, place: Place) {
        self.raw(b"[");
        self.uint(place.line as u64);
        self.raw(b",");
        self.uint(place.column as u64);
        self.raw(b"]");
    }

    /// The first `len` of `bytes`, copied as all `N` (a copy of known
    /// length, without a call) and cut to length.
    #[inline(always)]
    fn fixed<const N: usize>(&mut self, bytes: &[u8; N], len: usize) {
        let mut chunk = self.window::<N>();
        chunk.put(bytes);
        chunk.len = chunk.len.min(len);
        chunk.keep();
    }

    /// `,"start":[L,C],"end":[L,C]`
    fn start_end(&mut self, start: Place, end: Place) {
        self.start_end_within(b"", start, end, b"");
    }

    /// `,"start":[L,C],"end":[L,C]` between `before` and `after` (at most
    /// 32 bytes each), all gathered and written at once.
    #[inline(always)]
    fn start_end_within(&mut self, before: &[u8], start: Place, end: Place, after: &[u8]) {
        let mut chunk = self.window::<96>();
        chunk.put(before);
        chunk.put(b",\"start\":");
        if chunk.place(start) {
            chunk.put(b",\"end\":");
            if chunk.place(end) {
                chunk.put(after);
                chunk.keep();
                return;
            }
        }
        self.raw(before);
        self.raw(b",\"start\":");
        self.place(start);
        self.raw(b",\"end\":");
        self.place(end);
        self.raw(after);
    }

    /// `,"row":{"end":[L,C]}}`: a row with its end alone, and the end of
    /// the ply that carries it.
    #[inline(always)]
    fn row_end(&mut self, end: Place) {
        let mut chunk = self.window::<64>();
        chunk.put(b",\"row\":{\"end\":");
        if chunk.place(end) {
            chunk.put(b"}}");
            chunk.keep();
        } else {
            self.raw(b",\"row\":{\"end\":");
            self.long_place(end);
            self.raw(b"}}");
        }
    }

    fn player(&mut self, player: Player) {
        self.raw(match player {
            Player::South => b"\"south\"",
            Player::North => b"\"north\"",
        });
    }

    fn joint(&mut self, joint: Joint) {
        self.raw(match joint {
            Joint::Semicolon => b"\"semicolon\"",
            Joint::Comma => b"\"comma\"",
            Joint::Space => b"\"space\"",
            Joint::Row => b"\"row\"",
            Joint::Line => b"\"line\"",
        });
    }

    /// A position's text form, as its `Display` writes it
    /// (`6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`).
    fn position(&mut self, position: &Position) {
        let mut chunk = self.window::<96>();
        chunk.position(position);
        chunk.keep();
    }

    /// `[[H,B],…]`: each capture's hole and beans, gathered in place
    /// (a capture in at most ten bytes) and written two or three at once.
    #[inline]
    fn captures(&mut self, captures: impl IntoIterator<Item = (u8, u8)>) {
        let mut chunk = self.window::<32>();
        // `[` before the first capture, `,` before the others.
        let mut separator = b'[';
        for (hole, beans) in captures {
            // Room for a capture's window and the closing `]`.
            if chunk.len > 32 - 14 {
                chunk.keep();
                chunk = self.window::<32>();
            }
            chunk.capture(separator, hole, beans);
            separator = b',';
        }
        chunk.put(if separator == b'[' { b"[]" } else { b"]" });
        chunk.keep();
    }

    /// `"hole":N` (`null` for a pass) after `opening`, one copy from
    /// [`HOLE_FIELDS`].
    #[inline(always)]
    fn hole(&mut self, opening: Opening, ply: &WrittenPly) {
        let hole = ply.hole.map_or(0, |hole| usize::from(hole.number()));
        let (bytes, len) = &HOLE_FIELDS[opening as usize][hole & 15];
        self.fixed(bytes, *len);
    }

    /// A group's document: its `kind` and `text`, placed at `places` in
    /// the full document (the text says all a group holds: a reader reads
    /// it with the notation's reader).
    fn group(&mut self, group: &Group, places: Option<(Place, Place)>) {
        self.raw(match &group.kind {
            GroupKind::Captures { .. } => b"{\"kind\":\"captures\",\"text\":\"",
            GroupKind::Labels(_) => b"{\"kind\":\"labels\",\"text\":\"",
            GroupKind::OtherMove(_) => b"{\"kind\":\"other-move\",\"text\":\"",
            GroupKind::Comment(_) => b"{\"kind\":\"comment\",\"text\":\"",
        });
        self.group_text(group);
        match places {
            Some((start, end)) => self.start_end_within(b"\"", start, end, b"}"),
            None => self.raw(b"\"}"),
        }
    }

    /// The group as printed, without its parentheses, escaped.
    fn group_text(&mut self, group: &Group) {
        let from = self.len;
        // Writing into the buffer does not fail.
        let _ = notation::write_group_text(&mut Text(self), group);
        // A capture annotation alone prints as numbers and words, which
        // need no escape.
        let plain = matches!(group.kind, GroupKind::Captures { comment: None, .. });
        let printed = self.buf.get(from..self.len).unwrap_or_default();
        if !plain && any_needs_escape(printed) {
            let text = printed.to_vec();
            self.len = from;
            self.escaped(&text);
        }
    }

    /// A ply's `groups`, each placed when `at` is given (the full document).
    fn groups(&mut self, ply: &WrittenPly, mut at: Option<&mut At<'_>>) {
        self.array(&ply.groups, |w, group| {
            let places = at
                .as_deref_mut()
                .map(|at| (at.place(group.span.start), at.place(group.span.end)));
            w.group(group, places);
        });
    }

    /// The lean document of a ply (without its closing `}`, so that the
    /// row can follow): its number when it carries a numbered row and the
    /// number is not the default, its side when it is not the default
    /// (South on the ply that carries the row, North on the other), hole,
    /// and its mark, groups and alternatives when it has any.
    fn lean_ply(
        &mut self,
        opening: Opening,
        number: Option<u32>,
        side: Option<Player>,
        turn: &Turn,
    ) {
        if number.is_none() && side.is_none() {
            self.hole(opening, &turn.ply);
        } else {
            self.raw(opening.text());
            self.lean_head(number, side);
            self.hole(Opening::None, &turn.ply);
        }
        self.lean_written(&turn.ply);
        if !turn.alternatives.is_empty() {
            self.raw(b",\"alternatives\":");
            self.array(turn.alternatives.iter(), |w, ply| {
                w.hole(Opening::Brace, ply);
                w.lean_written(ply);
                w.raw(b"}");
            });
        }
    }

    /// A lean ply's number and side, each followed by its `,`.
    fn lean_head(&mut self, number: Option<u32>, side: Option<Player>) {
        if let Some(number) = number {
            self.raw(b"\"number\":");
            self.uint(number.into());
            self.raw(b",");
        }
        if let Some(side) = side {
            self.raw(b"\"side\":");
            self.player(side);
            self.raw(b",");
        }
    }
    /// The mark and groups of a ply, when it has any.
    fn lean_written(&mut self, ply: &WrittenPly) {
        if let Some(mark) = ply.mark {
            self.raw(b",\"mark\":");
            self.string(mark.as_str());
        }
        if !ply.groups.is_empty() {
            self.raw(b",\"groups\":");
            self.groups(ply, None);
        }
    }

    /// The full document of a ply, in the field order of
    /// [`MoveDocument`](super::MoveDocument), the fields that hold their
    /// default left out, after a `,` when `head` says so; gives the ply's
    /// place. `ending` says how it ends: with a row that says only where
    /// it ends (placed), else without its `row`, and with its closing `}`
    /// or without (for the row to follow).
    fn full_ply(
        &mut self,
        at: &mut At<'_>,
        head: FullPly,
        turn: &Turn,
        replayed: Option<&ReplayedPly>,
        ending: (Option<Place>, bool),
    ) -> Place {
        let (row_end, close) = ending;
        let ply = &turn.ply;
        let start = at.place(ply.span.start);
        // The side is South's on the ply that carries the row, North's on
        // the other, unless written; the player is the side's.
        let default_side = if head.row {
            Player::South
        } else {
            Player::North
        };
        let opening = if head.comma {
            Opening::CommaBrace
        } else {
            Opening::Brace
        };
        if head.number.is_none()
            && !head.ply.1
            && head.side == default_side
            && replayed.is_none_or(|r| r.player == head.side)
        {
            // Most plies: the hole is the first field.
            self.hole(opening, ply);
        } else {
            self.head(head, opening, default_side, ply, replayed);
        }
        if ply.mark.is_some() || !ply.groups.is_empty() || !turn.alternatives.is_empty() {
            self.written_parts(at, ply, turn);
        }
        self.replayed(start, replayed, row_end, close);
        start
    }

    /// The head of a ply's full document that holds more than its hole
    /// after `opening`: its number, ply number, side or player, then its
    /// hole.
    fn head(
        &mut self,
        head: FullPly,
        opening: Opening,
        default_side: Player,
        ply: &WrittenPly,
        replayed: Option<&ReplayedPly>,
    ) {
        self.raw(opening.text());
        if let Some(number) = head.number {
            self.raw(b"\"number\":");
            self.uint(number.into());
            self.raw(b",");
        }
        if let (index, true) = head.ply {
            self.raw(b"\"ply\":");
            self.uint(index as u64);
            self.raw(b",");
        }
        if head.side != default_side {
            self.raw(b"\"side\":");
            self.player(head.side);
            self.raw(b",");
        }
        if let Some(player) = replayed.map(|r| r.player).filter(|&p| p != head.side) {
            self.raw(b"\"player\":");
            self.player(player);
            self.raw(b",");
        }
        self.hole(Opening::None, ply);
    }

    /// What the replay made of a ply placed at `start`, its captures,
    /// position and place, then its row's end when `row_end` places it,
    /// and its closing `}` when `close`.
    #[inline(always)]
    fn replayed(
        &mut self,
        start: Place,
        replayed: Option<&ReplayedPly>,
        row_end: Option<Place>,
        close: bool,
    ) {
        match replayed {
            Some(replayed) => {
                if !replayed.captures.is_empty() {
                    self.raw(b",\"captures\":");
                    self.captures(
                        replayed
                            .captures
                            .iter()
                            .map(|capture| (capture.hole.number(), capture.beans)),
                    );
                }
                // The position and the place, the fields every replayed
                // ply has, and the row's end, gathered and written at once.
                let mut chunk = self.window::<128>();
                chunk.put(b",\"after\":\"");
                chunk.position(&replayed.after);
                chunk.put(b"\",\"at\":");
                if chunk.place(start) {
                    if let Some(end) = row_end {
                        let placed = chunk.len;
                        chunk.put(b",\"row\":{\"end\":");
                        if !chunk.place(end) {
                            chunk.len = placed;
                            chunk.keep();
                            self.row_end(end);
                            return;
                        }
                        chunk.put(b"}}");
                    } else if close {
                        chunk.put(b"}");
                    }
                    chunk.keep();
                    return;
                }
                self.raw(b",\"after\":\"");
                self.position(&replayed.after);
                self.raw(b"\",\"at\":");
            }
            None => self.raw(b",\"after\":null,\"at\":"),
        }
        self.place(start);
        if let Some(end) = row_end {
            self.row_end(end);
        } else if close {
            self.raw(b"}");
        }
    }

    /// A written ply's `mark` and `groups`, each when it holds more than
    /// its default.
    fn mark_and_groups(&mut self, at: &mut At<'_>, ply: &WrittenPly) {
        if let Some(mark) = ply.mark {
            self.raw(b",\"mark\":");
            self.string(mark.as_str());
        }
        if !ply.groups.is_empty() {
            self.raw(b",\"groups\":");
            self.groups(ply, Some(at));
        }
    }

    /// A ply's `mark`, `groups`, `alternatives`, `comment`, `annotated`
    /// and `values` in the full document, each when it holds more than its
    /// default.
    fn written_parts(&mut self, at: &mut At<'_>, ply: &WrittenPly, turn: &Turn) {
        self.mark_and_groups(at, ply);
        if !turn.alternatives.is_empty() {
            self.raw(b",\"alternatives\":");
            self.array(turn.alternatives.iter(), |w, alternative| {
                let start = at.place(alternative.span.start);
                w.hole(Opening::Brace, alternative);
                w.mark_and_groups(at, alternative);
                w.raw(b",\"at\":");
                w.place(start);
                w.raw(b"}");
            });
        }
        let mut comments = ply.comments();
        if let Some(first) = comments.next() {
            self.raw(b",\"comment\":\"");
            self.content(first);
            for more in comments {
                self.raw(b"; ");
                self.content(more);
            }
            self.byte(b'"');
        }
        let mut annotations = ply.groups.iter().filter_map(|group| match &group.kind {
            GroupKind::Captures { annotation, .. } => Some(annotation),
            _ => None,
        });
        if let Some(first) = annotations.next() {
            self.raw(b",\"annotated\":");
            self.array(
                std::iter::once(first).chain(annotations),
                |w, annotation| {
                    w.captures(
                        annotation
                            .captures()
                            .map(|(hole, beans)| (hole.number(), beans)),
                    );
                },
            );
        }
        let mut values = super::WrittenValue::of_ply(ply)
            .map(|(_, value)| ValueDocument::from(value))
            .peekable();
        if values.peek().is_some() {
            self.raw(b",\"values\":");
            self.array(values, |w, value| w.serde(&value));
        }
    }
}

/// Whether serde_json escapes the byte in a string.
#[inline(always)]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether serde_json escapes a byte of `bytes`: eight bytes at a time,
/// then the rest one by one.
#[inline]
fn any_needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    /// Whether a byte of `word` is below `n` (at most 128): the byte
    /// borrows, and its high bit was clear.
    #[inline(always)]
    fn below(word: u64, n: u8) -> u64 {
        word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS
    }
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let Ok(word) = <[u8; 8]>::try_from(word) else {
            return true;
        };
        let word = u64::from_ne_bytes(word);
        // A control character, or a byte equal to `"` or `\`: one that
        // is zero after the XOR.
        let found = below(word, 0x20)
            | below(word ^ (ONES * u64::from(b'"')), 1)
            | below(word ^ (ONES * u64::from(b'\\')), 1);
        if found != 0 {
            return true;
        }
    }
    words.remainder().iter().copied().any(needs_escape)
}

/// A line number and its decimal digits, when it has at most eight: the
/// digits first, then padding, and their count.
#[derive(Default)]
struct LineText {
    line: usize,
    digits: Option<([u8; 8], usize)>,
}

impl LineText {
    #[inline(never)]
    fn of(line: usize) -> LineText {
        let mut len = 1;
        let mut rest = line / 10;
        while rest > 0 {
            len += 1;
            rest /= 10;
        }
        let mut digits = [0u8; 8];
        let mut rest = line;
        for at in (0..len).rev() {
            match digits.get_mut(at) {
                Some(digit) => *digit = b'0' + (rest % 10) as u8,
                None => return LineText { line, digits: None },
            }
            rest /= 10;
        }
        LineText {
            line,
            digits: Some((digits, len)),
        }
    }
}

/// Text printed into the output as it is (escaped after, if need be),
/// and values serialized into it.
struct Text<'b, W>(&'b mut Out<W>);

/// A capture annotation's text, gathered by the printer: known ASCII.
impl<W: io::Write> notation::Ascii for Text<'_, W> {
    #[inline]
    fn ascii(&mut self, bytes: &[u8; notation::GATHERED], len: usize) -> std::fmt::Result {
        self.0.fixed(bytes, len);
        Ok(())
    }
}

impl<W: io::Write> std::fmt::Write for Text<'_, W> {
    #[inline]
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.raw(s.as_bytes());
        Ok(())
    }

    #[inline]
    fn write_char(&mut self, c: char) -> std::fmt::Result {
        match u8::try_from(c) {
            Ok(byte) if byte.is_ascii() => self.0.byte(byte),
            _ => self.0.raw(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
        Ok(())
    }
}

/// Writing into the buffer does not fail.
impl<W: io::Write> io::Write for Text<'_, W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.raw(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What comes before a ply's `"hole"` field: another field (nothing),
/// the ply's `{`, or the `,` before the ply and its `{`.
#[derive(Clone, Copy)]
enum Opening {
    None,
    Brace,
    CommaBrace,
}

impl Opening {
    fn text(self) -> &'static [u8] {
        match self {
            Opening::None => b"",
            Opening::Brace => b"{",
            Opening::CommaBrace => b",{",
        }
    }
}

/// `"hole":N` for each hole number (`null` at 0) after each [`Opening`],
/// padded to 16 bytes, with its length: a ply's hole, and the start of
/// its document with it, is one copy.
const HOLE_FIELDS: [[([u8; 16], usize); 16]; 3] = {
    let mut fields = [[([0u8; 16], 0usize); 16]; 3];
    let openings: [&[u8]; 3] = [b"", b"{", b",{"];
    let mut opening = 0;
    while opening < 3 {
        let mut hole = 0;
        while hole < 16 {
            let mut bytes = [0u8; 16];
            let mut len = 0;
            let mut i = 0;
            while i < openings[opening].len() {
                bytes[len] = openings[opening][i];
                len += 1;
                i += 1;
            }
            let name = b"\"hole\":";
            let mut i = 0;
            while i < name.len() {
                bytes[len] = name[i];
                len += 1;
                i += 1;
            }
            let digits: [u8; 4] = if hole == 0 {
                *b"null"
            } else {
                [b'0' + (hole / 10) as u8, b'0' + (hole % 10) as u8, 0, 0]
            };
            let (from, to) = match hole {
                0 => (0, 4),
                1..10 => (1, 2),
                _ => (0, 2),
            };
            let mut i = from;
            while i < to {
                bytes[len] = digits[i];
                len += 1;
                i += 1;
            }
            fields[opening][hole] = (bytes, len);
            hole += 1;
        }
        opening += 1;
    }
    fields
};

/// The decimal digits of 0 to 99, two each.
const DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0u8; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        n += 1;
    }
    pairs
};

/// Output gathered in place, in `N` bytes of room after the output
/// ([`Out::window`]), and then kept or left: a place (in 32 bytes) or a
/// ply's captures, a group's end and places (in 96), a ply's position,
/// place and row end (in 128: at most 118 bytes, the position's window
/// and the places' 16 bytes included). What would go past its end is
/// left out: nothing written is that long.
struct Chunk<'a, const N: usize> {
    /// The room: `N` bytes (none only if the buffer could not grow).
    bytes: &'a mut [u8],
    len: usize,
    /// The length of the output, which the chunk adds to when kept.
    output: &'a mut usize,
    /// The digits of the line number written last.
    line: &'a mut LineText,
}

impl<const N: usize> Chunk<'_, N> {
    /// Adds what the chunk gathered to the output.
    #[inline(always)]
    fn keep(self) {
        *self.output += self.len;
    }

    /// Bytes (left out if they do not fit).
    #[inline(always)]
    fn put(&mut self, bytes: &[u8]) {
        let at = self.len;
        if let Some(to) = self.bytes.get_mut(at..at + bytes.len()) {
            to.copy_from_slice(bytes);
            self.len = at + bytes.len();
        }
    }

    /// A place, `[L,C]`, the line's digits from the line written last
    /// (made the place's line); `false`, with nothing put, for a line of
    /// more than eight digits or a column of 1000 or more.
    #[inline(always)]
    fn place(&mut self, place: Place) -> bool {
        let Place {
            line: number,
            column,
        } = place;
        if number != self.line.line {
            *self.line = LineText::of(number);
        }
        let (Some((digits, len)), true) = (self.line.digits, column < 1000) else {
            return false;
        };
        let at = self.len;
        if let Some(to) = self.bytes.get_mut(at..at + 16) {
            to[0] = b'[';
            to[1..9].copy_from_slice(&digits);
            let comma = 1 + len.min(8);
            to[comma] = b',';
            // The column's digits and `]`.
            let [tens, ones] = DIGIT_PAIRS[column % 100];
            let (column, count) = if column < 10 {
                ([ones, b']', 0, 0], 1)
            } else if column < 100 {
                ([tens, ones, b']', 0], 2)
            } else {
                // Below 1000.
                ([b'0' + (column / 100) as u8, tens, ones, b']'], 3)
            };
            to[comma + 1..comma + 5].copy_from_slice(&column);
            self.len = at + comma + 2 + count;
        }
        true
    }

    /// A capture, `[H,B]`, after `separator`: at most ten bytes (put in
    /// a window of twelve).
    #[inline(always)]
    fn capture(&mut self, separator: u8, hole: u8, beans: u8) {
        let at = self.len;
        if let Some(to) = self.bytes.get_mut(at..at + 12) {
            to[0] = separator;
            to[1] = b'[';
            let hole = SEPARATED[COMMA][usize::from(hole)];
            to[2..6].copy_from_slice(&(hole as u32).to_le_bytes());
            // At most 6: a hole and its comma take at most four bytes.
            let after = (2 + (hole >> 32) as usize) & 7;
            let beans = SEPARATED[BRACKET][usize::from(beans)];
            to[after..after + 4].copy_from_slice(&(beans as u32).to_le_bytes());
            self.len = at + after + (beans >> 32) as usize;
        }
    }

    /// A position's text form, as its `Display` writes it
    /// (`6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`): at most 57 bytes.
    #[inline(always)]
    fn position(&mut self, position: &Position) {
        // Written into a window of the chunk of known size, at offsets
        // kept below 64 (a position takes at most 57 bytes), so that no
        // number needs a bounds check of its own.
        let start = self.len;
        let Some(window) = self
            .bytes
            .get_mut(start..start + POSITION_WINDOW)
            .and_then(|window| <&mut [u8; POSITION_WINDOW]>::try_from(window).ok())
        else {
            return;
        };
        // Each number with the separator that follows it, from the
        // table of that separator.
        let mut len = 0;
        let mut put = |number: u8, table: usize| {
            let entry = SEPARATED[table][usize::from(number)];
            let at = len & 63;
            window[at..at + 4].copy_from_slice(&(entry as u32).to_le_bytes());
            len = at + (entry >> 32) as usize;
        };
        for (&beans, table) in position.board().iter().zip(HOLE_SEPARATORS) {
            put(beans, table);
        }
        let stores = position.stores();
        put(stores.south, COLON);
        put(stores.north, SPACE);
        window[len & 63] = match position.turn() {
            Player::South => b'S',
            Player::North => b'N',
        };
        self.len = start + (len & 63) + 1;
    }
}

/// The separator after each hole's number in a position: `,` within a
/// row, `/` between the rows, ` ` before the stores.
const HOLE_SEPARATORS: [usize; 12] = [
    COMMA, COMMA, COMMA, COMMA, COMMA, SLASH, COMMA, COMMA, COMMA, COMMA, COMMA, SPACE,
];

/// The bytes a position is written into: offsets below 64 and four
/// bytes from each.
const POSITION_WINDOW: usize = 68;

/// The tables of [`SEPARATED`]: a number followed by `,`, `/`, ` `,
/// `:` or `]`.
const COMMA: usize = 0;
const SLASH: usize = 1;
const SPACE: usize = 2;
const COLON: usize = 3;
const BRACKET: usize = 4;

/// Each byte's value in decimal followed by a separator (`,`, `/`, ` `,
/// `:` or `]`, one table each): the text in the low four bytes (the rest
/// padding) and the number of bytes that count above them, so that a
/// number is one load: a position's numbers and a capture's are copied
/// from here.
const SEPARATED: [[u64; 256]; 5] = {
    let separators = [b',', b'/', b' ', b':', b']'];
    let mut tables = [[0u64; 256]; 5];
    let mut t = 0;
    while t < 5 {
        let mut n = 0;
        while n < 256 {
            tables[t][n] = decimal_entry(n, Some(separators[t]));
            n += 1;
        }
        t += 1;
    }
    tables
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Out, Place};

    fn written(write: impl FnOnce(&mut Out<Vec<u8>>)) -> String {
        let mut out = Out::new(Vec::new());
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

        /// The check a word at a time finds what the check of each byte
        /// finds, on any bytes, those near the ones escaped among them.
        #[test]
        fn escapes_are_found_word_by_word(
            bytes in proptest::collection::vec(prop_oneof![any::<u8>(), 0x1eu8..0x24, 0x5bu8..0x5e, Just(0x7f), 0x80u8..0xa4], 0..40)
        ) {
            prop_assert_eq!(
                super::any_needs_escape(&bytes),
                bytes.iter().copied().any(super::needs_escape)
            );
        }

        /// A position as its `Display` writes it, on positions along
        /// random games.
        #[test]
        fn positions_are_displayed(choices in proptest::collection::vec(0usize..6, 0..80)) {
            let mut position = crate::Position::new();
            for choice in choices {
                prop_assert_eq!(written(|out| out.position(&position)), position.to_string());
                let moves: Vec<_> = position.legal_moves().collect();
                let Some(&mv) = moves.get(choice % moves.len().max(1)) else {
                    break;
                };
                prop_assert!(position.play(mv).is_ok());
            }
        }

        /// Places as serde_json writes a line and a column.
        #[test]
        fn places_are_serde_jsons(lines in proptest::collection::vec((1usize..200_000_000, 1usize..5000), 1..8)) {
            for (line, column) in lines {
                prop_assert_eq!(
                    written(|out| {
                        out.place(Place { line, column });
                        out.place(Place { line, column: column / 7 + 1 });
                    }),
                    format!("{}{}", serde_json(&[line, column]), serde_json(&[line, column / 7 + 1]))
                );
            }
        }

        /// Integers as serde_json writes them.
        #[test]
        fn integers_are_serde_jsons(value in any::<u64>(), small in 0u64..100_000) {
            prop_assert_eq!(written(|out| out.uint(value)), serde_json(&value));
            prop_assert_eq!(written(|out| out.uint(small)), serde_json(&small));
        }
    }
}
