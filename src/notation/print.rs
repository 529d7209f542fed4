//! The canonical printer behind every `Display` of the tree.

use crate::Player;
use std::fmt::{self, Write};

use super::{
    CaptureAnnotation, Group, GroupKind, Layout, Movetext, Phrase, PhraseForm, Record, SouthTurn,
    Tag, Turn, WrittenMove, WrittenPly,
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

/// A number as decimal digits, without the formatting machinery (a
/// capture annotation prints several per group, and `bohnenspiel json`
/// prints every group's text).
fn number(out: &mut impl Write, value: u8) -> fmt::Result {
    let digit = |d: u8| char::from(b'0' + d % 10);
    if value >= 100 {
        out.write_char(digit(value / 100))?;
    }
    if value >= 10 {
        out.write_char(digit(value / 10))?;
    }
    out.write_char(digit(value))
}

/// A phrase as printed: `2 from 8`, `4 each from holes 5 and 6`.
fn write_phrase(out: &mut impl Write, phrase: &Phrase) -> fmt::Result {
    number(out, phrase.beans)?;
    out.write_str(if phrase.form == PhraseForm::EachFrom {
        " each from "
    } else {
        " from "
    })?;
    if phrase.hole_word {
        out.write_str(if phrase.holes.rest.is_empty() {
            "hole "
        } else {
            "holes "
        })?;
    }
    number(out, phrase.holes.first.number())?;
    for (joiner, hole) in &phrase.holes.rest {
        out.write_str(joiner.as_str())?;
        number(out, hole.number())?;
    }
    if phrase.form == PhraseForm::FromEach {
        out.write_str(" each")?;
    }
    Ok(())
}

/// A capture annotation as printed: its phrases with their joiners.
fn write_annotation(out: &mut impl Write, annotation: &CaptureAnnotation) -> fmt::Result {
    write_phrase(out, &annotation.first)?;
    for (joiner, phrase) in &annotation.rest {
        out.write_str(joiner.as_str())?;
        write_phrase(out, phrase)?;
    }
    Ok(())
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_phrase(f, self)
    }
}

impl fmt::Display for CaptureAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_annotation(f, self)
    }
}

/// A group as printed between its parentheses: what its `Display` prints
/// inside them, and the `text` of its JSON document. Generic over the
/// writer, so that the JSON writer prints it without the formatting
/// machinery's dynamic calls.
pub(crate) fn write_group_text(out: &mut impl Write, group: &Group) -> fmt::Result {
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
        write_group_text(f, self)?;
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
