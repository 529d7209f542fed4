//! The canonical printer behind every `Display` of the tree.

use crate::Player;
use std::fmt::{self, Write};

use super::{
    CaptureAnnotation, Group, GroupKind, Joiner, Layout, Movetext, Phrase, PhraseForm, Record,
    SouthTurn, Tag, Turn, WrittenMove, WrittenPly,
};

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{} \"", self.name)?;
        for c in self.value.chars() {
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
            }
            f.write_char(c)?;
        }
        f.write_str("\"]")
    }
}

/// Where the printer hands the ASCII text it gathered on the stack (a
/// capture annotation's numbers and words): a formatter checks it is
/// text, the JSON writer takes the bytes as they are.
pub(crate) trait Ascii {
    /// Writes the first `len` of `bytes` (at most all), all of them
    /// ASCII: handed over whole, so that a writer of bytes copies a known
    /// length.
    fn ascii(&mut self, bytes: &[u8; GATHERED], len: usize) -> fmt::Result;
}

/// A [`Write`] that the printer also hands gathered ASCII text to.
pub(crate) struct Text<'w, W: ?Sized>(pub(crate) &'w mut W);

impl<W: Write + ?Sized> Write for Text<'_, W> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write_str(s)
    }

    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        self.0.write_char(c)
    }
}

impl<W: Write + ?Sized> Ascii for Text<'_, W> {
    fn ascii(&mut self, bytes: &[u8; GATHERED], len: usize) -> fmt::Result {
        let bytes = bytes.get(..len).unwrap_or(bytes);
        self.0
            .write_str(std::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
    }
}

/// A word of the printer padded to 16 bytes, and its length: copied as
/// the whole 16 and counted as its length.
struct Word([u8; 16], usize);

impl Word {
    const fn new(text: &str) -> Word {
        let text = text.as_bytes();
        let mut bytes = [0u8; 16];
        let mut i = 0;
        while i < text.len() && i < 16 {
            bytes[i] = text[i];
            i += 1;
        }
        Word(bytes, i)
    }
}

const FROM: Word = Word::new(" from ");
const EACH_FROM: Word = Word::new(" each from ");
const HOLE: Word = Word::new("hole ");
const HOLES: Word = Word::new("holes ");
const EACH: Word = Word::new(" each");
const COMMA: Word = Word::new(Joiner::Comma.as_str());
const AND: Word = Word::new(Joiner::And.as_str());
const PLUS: Word = Word::new(Joiner::Plus.as_str());

/// Each byte's value in decimal: the digits in the low four bytes (the
/// rest padding) and their count above them, so that a number is one
/// load and one copy of four bytes.
const DECIMAL: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut n = 0;
    while n < 256 {
        table[n] = decimal_entry(n, None);
        n += 1;
    }
    table
};

/// The entry of a table of numbers for `n` (below 256): its decimal
/// digits, then `separator` if any, in the low four bytes (the rest
/// padding), and the count of those bytes above them. The printer's
/// table and the JSON writer's are made of these.
pub(crate) const fn decimal_entry(n: usize, separator: Option<u8>) -> u64 {
    let ones = b'0' + (n % 10) as u8;
    let tens = b'0' + (n / 10 % 10) as u8;
    let hundreds = b'0' + (n / 100 % 10) as u8;
    let (mut text, mut len) = if n < 10 {
        ([ones, 0, 0, 0], 1)
    } else if n < 100 {
        ([tens, ones, 0, 0], 2)
    } else {
        ([hundreds, tens, ones, 0], 3)
    };
    if let Some(separator) = separator {
        text[len] = separator;
        len += 1;
    }
    u32::from_le_bytes(text) as u64 | ((len as u64) << 32)
}

/// Printed text gathered on the stack in copies of fixed size (a word in
/// 16 bytes, a number in 4), each counted as its length, and handed on
/// when nearly full and at the end: a capture annotation is one write
/// instead of one a digit and a word.
struct Gathered<'s, S: ?Sized> {
    sink: &'s mut S,
    bytes: [u8; GATHERED],
    len: usize,
}

/// The room of [`Gathered`]: handed on when less than a word's 16 bytes
/// are left.
pub(crate) const GATHERED: usize = 96;

impl<'s, S: Ascii + ?Sized> Gathered<'s, S> {
    #[inline(always)]
    fn new(sink: &'s mut S) -> Gathered<'s, S> {
        Gathered {
            sink,
            bytes: [0; GATHERED],
            len: 0,
        }
    }

    /// Makes room for 16 bytes.
    #[inline(always)]
    fn room(&mut self) -> fmt::Result {
        if self.len > GATHERED - 16 {
            self.flush_full()?;
        }
        Ok(())
    }

    #[inline(always)]
    fn word(&mut self, word: &Word) -> fmt::Result {
        self.room()?;
        let at = self.len;
        if let Some(to) = self.bytes.get_mut(at..at + 16) {
            to.copy_from_slice(&word.0);
            self.len = at + word.1;
        }
        Ok(())
    }

    #[inline(always)]
    fn number(&mut self, value: u8) -> fmt::Result {
        self.room()?;
        let entry = DECIMAL[usize::from(value)];
        let at = self.len;
        if let Some(to) = self.bytes.get_mut(at..at + 4) {
            to.copy_from_slice(&(entry as u32).to_le_bytes());
            self.len = at + (entry >> 32) as usize;
        }
        Ok(())
    }

    /// Hands on what was gathered.
    #[inline(always)]
    fn flush(&mut self) -> fmt::Result {
        let len = std::mem::take(&mut self.len);
        self.sink.ascii(&self.bytes, len)
    }

    /// [`Gathered::flush`] when nearly full, which few annotations get.
    #[inline(never)]
    fn flush_full(&mut self) -> fmt::Result {
        self.flush()
    }

    #[inline(always)]
    fn joiner(&mut self, joiner: Joiner) -> fmt::Result {
        self.word(match joiner {
            Joiner::Comma => &COMMA,
            Joiner::And => &AND,
            Joiner::Plus => &PLUS,
        })
    }

    /// A phrase as printed: `2 from 8`, `4 each from holes 5 and 6`.
    #[inline(always)]
    fn phrase(&mut self, phrase: &Phrase) -> fmt::Result {
        self.number(phrase.beans)?;
        self.word(if phrase.form == PhraseForm::EachFrom {
            &EACH_FROM
        } else {
            &FROM
        })?;
        if phrase.hole_word {
            self.word(if phrase.holes.rest.is_empty() {
                &HOLE
            } else {
                &HOLES
            })?;
        }
        self.number(phrase.holes.first.number())?;
        for &(joiner, hole) in &phrase.holes.rest {
            self.joiner(joiner)?;
            self.number(hole.number())?;
        }
        if phrase.form == PhraseForm::FromEach {
            self.word(&EACH)?;
        }
        Ok(())
    }
}

/// A phrase as printed: `2 from 8`, `4 each from holes 5 and 6`.
fn write_phrase(out: &mut (impl Ascii + ?Sized), phrase: &Phrase) -> fmt::Result {
    let mut gathered = Gathered::new(out);
    gathered.phrase(phrase)?;
    gathered.flush()
}

/// A capture annotation as printed: its phrases with their joiners,
/// gathered and written at once.
fn write_annotation(
    out: &mut (impl Ascii + ?Sized),
    annotation: &CaptureAnnotation,
) -> fmt::Result {
    let mut gathered = Gathered::new(out);
    gathered.phrase(&annotation.first)?;
    for (joiner, phrase) in &annotation.rest {
        gathered.joiner(*joiner)?;
        gathered.phrase(phrase)?;
    }
    gathered.flush()
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_phrase(&mut Text(f), self)
    }
}

impl fmt::Display for CaptureAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_annotation(&mut Text(f), self)
    }
}

/// A group as printed between its parentheses: what its `Display` prints
/// inside them, and the `text` of its JSON document. Generic over the
/// writer, so that the JSON writer prints it without the formatting
/// machinery's dynamic calls.
pub(crate) fn write_group_text(out: &mut (impl Write + Ascii), group: &Group) -> fmt::Result {
    match &group.kind {
        GroupKind::Captures {
            annotation,
            comment,
        } => {
            write_annotation(out, annotation)?;
            if let Some(comment) = comment {
                out.write_str("; ")?;
                out.write_str(comment)?;
            }
        }
        GroupKind::Labels(labels) => {
            for (i, label) in labels.iter().enumerate() {
                if i > 0 {
                    out.write_char('/')?;
                }
                out.write_str(label.as_str())?;
            }
        }
        GroupKind::OtherMove(ply) => write!(out, "{ply}")?,
        GroupKind::Comment(text) => {
            // A comment whose text alone would read as something
            // else (`A`, a label; `2 from 12`, a capture annotation;
            // `4?`, another move) is written after `; `.
            if !super::parse::reads_as_comment(text) {
                out.write_str("; ")?;
            }
            out.write_str(text)?;
        }
    }
    Ok(())
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        write_group_text(&mut Text(f), self)?;
        f.write_char(')')
    }
}

impl fmt::Display for WrittenPly {
    /// `hole`, `mark`, then each group after one space: `12! (2 from 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hole {
            Some(hole) => write!(f, "{hole}")?,
            None => f.write_char('-')?,
        }
        if let Some(mark) = self.mark {
            f.write_str(mark.as_str())?;
        }
        for group in &self.groups {
            write!(f, " {group}")?;
        }
        Ok(())
    }
}

fn write_turn(out: &mut impl Write, turn: &Turn, layout: Layout) -> fmt::Result {
    write!(out, "{}", turn.ply)?;
    let count = turn.alternatives.len();
    let mut previous = &turn.ply;
    for (i, ply) in turn.alternatives.iter().enumerate() {
        // A `,` from a hole of South's row to one of North's reads as the
        // comma between South's turn and North's (a typo the reader
        // reports), so such an alternative is written after `or`.
        let crosses = previous.hole.is_some_and(|h| h.owner() == Player::South)
            && ply.hole.is_some_and(|h| h.owner() == Player::North);
        let separator = if layout == Layout::Numbered && i + 1 < count && !crosses {
            ", "
        } else {
            " or "
        };
        write!(out, "{separator}{ply}")?;
        previous = ply;
    }
    Ok(())
}

impl fmt::Display for Turn {
    /// Alternatives as in inline movetext: `8 or 9 or 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_turn(f, self, Layout::Inline)
    }
}

fn write_tail(out: &mut impl Write, m: &WrittenMove) -> fmt::Result {
    if let Some(ending) = &m.ending {
        write!(out, " and {}", ending.text)?;
    }
    if m.full_stop {
        out.write_char('.')?;
    }
    Ok(())
}

impl fmt::Display for WrittenMove {
    /// The inline form, `6, 12 (2 from hole 8)`, with its ending and full
    /// stop but without the `;` that separates it from the next move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_south(f, self, Layout::Inline)?;
        if let Some(north) = &self.north {
            f.write_str(", ")?;
            write_turn(f, north, Layout::Inline)?;
        }
        write_tail(f, self)
    }
}

/// The widest South turn that still moves the North column: a row whose
/// South turn is wider than this many characters is not padded, and its
/// North turn follows after two spaces. This keeps the printed text within
/// a constant of the tree's own size, whatever one row holds.
pub(crate) const NORTH_COLUMN_LIMIT: usize = 40;

/// Counts the characters written, up to `limit + 1`, without keeping them.
struct Width {
    chars: usize,
    limit: usize,
}

impl Write for Width {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.chars <= self.limit {
            self.chars = self
                .chars
                .saturating_add(s.chars().take(self.limit + 1).count());
        }
        Ok(())
    }
}

/// The width in characters of a row's South turn, counted up to
/// [`NORTH_COLUMN_LIMIT`] + 1.
fn south_width(m: &WrittenMove) -> Result<usize, fmt::Error> {
    let mut width = Width {
        chars: 0,
        limit: NORTH_COLUMN_LIMIT,
    };
    write_south(&mut width, m, Layout::Numbered)?;
    Ok(width.chars)
}

/// A move's South turn, or `...` where it is left out.
fn write_south(f: &mut impl Write, m: &WrittenMove, layout: Layout) -> fmt::Result {
    match &m.south {
        SouthTurn::Written(turn) => write_turn(f, turn, layout),
        SouthTurn::Elided { .. } => f.write_str("..."),
    }
}

impl fmt::Display for Movetext {
    /// Inline: moves joined by `; ` on one line. Numbered: one row per
    /// move, `N.  south  north`, the number right-aligned and North's hole
    /// numbers right-aligned in one column, then each variation as a line
    /// `(A)` and its rows. The column is two spaces after the widest South
    /// turn of up to 40 characters; a wider South turn
    /// is followed by two spaces only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.layout {
            Layout::Inline => {
                for (i, m) in self.moves.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
            Layout::Numbered => write_rows(f, self),
        }
    }
}

/// Writes `count` spaces.
fn pad(f: &mut impl Write, count: usize) -> fmt::Result {
    const SPACES: &str = "                                        ";
    let mut left = count;
    while left > 0 {
        let n = left.min(SPACES.len());
        f.write_str(SPACES.get(..n).unwrap_or_default())?;
        left -= n;
    }
    Ok(())
}

/// The number of decimal digits of `n`.
fn digits(n: u32) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Starts a line, unless it is the first.
fn new_line(f: &mut impl Write, first: &mut bool) -> fmt::Result {
    if !std::mem::take(first) {
        f.write_char('\n')?;
    }
    Ok(())
}

/// One row, `N.  south  north` and its tail, without a line break.
fn write_row(
    f: &mut impl Write,
    m: &WrittenMove,
    number_width: usize,
    column: usize,
) -> fmt::Result {
    let number = m.row_number().unwrap_or(0);
    pad(f, number_width.saturating_sub(digits(number)))?;
    write!(f, "{number}.  ")?;
    write_south(f, m, Layout::Numbered)?;
    if let Some(north) = &m.north {
        pad(f, column.saturating_sub(south_width(m)?) + 2)?;
        // Right-align one-digit holes under two-digit ones, as published.
        if north.ply.hole.is_none_or(|hole| hole.number() < 10) {
            f.write_char(' ')?;
        }
        write_turn(f, north, Layout::Numbered)?;
    }
    write_tail(f, m)
}

fn write_rows(f: &mut fmt::Formatter<'_>, movetext: &Movetext) -> fmt::Result {
    let all = || {
        movetext
            .moves
            .iter()
            .chain(movetext.variations.iter().flat_map(|v| v.moves.iter()))
    };
    let number_width = all()
        .map(|m| digits(m.row_number().unwrap_or(0)))
        .max()
        .unwrap_or(1);
    let mut column = 0;
    for m in all().filter(|m| m.north.is_some()) {
        let width = south_width(m)?;
        if width <= NORTH_COLUMN_LIMIT {
            column = column.max(width);
        }
    }
    let mut first = true;
    for m in &movetext.moves {
        new_line(f, &mut first)?;
        write_row(f, m, number_width, column)?;
    }
    for variation in &movetext.variations {
        new_line(f, &mut first)?;
        write!(f, "({})", variation.label.as_str())?;
        for m in &variation.moves {
            f.write_char('\n')?;
            write_row(f, m, number_width, column)?;
        }
    }
    Ok(())
}

impl fmt::Display for Record {
    /// Tags one per line, a blank line, the movetext, and the prose after
    /// a blank line (or on the next line, when its first line starts as
    /// movetext does: see [`Prose`](super::Prose)); ends with a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        if !self.tags.is_empty() {
            f.write_char('\n')?;
        }
        writeln!(f, "{}", self.movetext)?;
        if let Some(prose) = &self.prose {
            if !prose.follows_movetext() {
                f.write_char('\n')?;
            }
            writeln!(f, "{}", prose.text)?;
        }
        Ok(())
    }
}
