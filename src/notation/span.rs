//! Byte spans and their line/column locations.

use std::fmt;

/// A half-open range of absolute byte offsets `start..end` into the text
/// that was parsed (the whole file, not one game).
///
/// Spans take part in `==` like any other field. To compare two trees
/// while ignoring where they were written, compare
/// [`Record::without_spans`](super::Record::without_spans) of both: it sets
/// every span to [`Span::default`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The number of bytes covered.
    #[must_use]
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no byte.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// This span moved `by` bytes to the right.
    #[must_use]
    pub(crate) const fn shifted(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }
}

impl fmt::Debug for Span {
    /// `start..end`, compact in tree dumps.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Where a byte offset lies in a text: the offset itself, the line
/// (from 1) and the column (from 1, counting characters, not bytes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Location {
    /// Absolute byte offset.
    pub offset: usize,
    /// Line number, starting at 1.
    pub line: usize,
    /// Column in characters, starting at 1.
    pub column: usize,
}

impl Location {
    /// Locates byte `offset` of `text`, where `text` starts at absolute
    /// offset `base` on line `first_line`.
    ///
    /// An offset past the end of `text` is located at its end; an offset
    /// inside a character counts that character as started.
    #[must_use]
    pub fn find(text: &str, base: usize, first_line: usize, offset: usize) -> Location {
        let relative = offset.saturating_sub(base).min(text.len());
        let before = text.as_bytes().get(..relative).unwrap_or_default();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = first_line + before.iter().filter(|&&b| b == b'\n').count();
        let column = before
            .get(line_start..)
            .unwrap_or_default()
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count()
            + 1;
        Location {
            offset: base + relative,
            line,
            column,
        }
    }
}

/// Locates many offsets of one text in a single pass when they come in
/// increasing order (it starts over for an offset before the last one).
pub(crate) struct Locator<'a> {
    text: &'a str,
    base: usize,
    first_line: usize,
    /// Relative offset reached, and its line and column.
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str, base: usize, first_line: usize) -> Locator<'a> {
        Locator {
            text,
            base,
            first_line,
            at: 0,
            line: first_line,
            column: 1,
        }
    }

    pub(crate) fn find(&mut self, offset: usize) -> Location {
        let relative = offset.saturating_sub(self.base).min(self.text.len());
        if relative < self.at {
            *self = Locator::new(self.text, self.base, self.first_line);
        }
        for &b in self
            .text
            .as_bytes()
            .get(self.at..relative)
            .unwrap_or_default()
        {
            if b == b'\n' {
                self.line += 1;
                self.column = 1;
            } else if b & 0xC0 != 0x80 {
                self.column += 1;
            }
        }
        self.at = relative;
        Location {
            offset: self.base + relative,
            line: self.line,
            column: self.column,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let text = "[South \"Rüger\"]\nab";
        let after_u = text.find('g').unwrap_or(0);
        assert_eq!(Location::find(text, 0, 1, after_u).column, 11);
        let b = text.rfind('b').unwrap_or(0);
        let loc = Location::find(text, 100, 5, 100 + b);
        assert_eq!((loc.line, loc.column, loc.offset), (6, 2, 100 + b));
        assert_eq!(Location::find(text, 0, 1, 9999).offset, text.len());
        let mut locator = Locator::new(text, 100, 5);
        for offset in [100, 103, 100 + b, 101, 100 + b, 10_000] {
            assert_eq!(locator.find(offset), Location::find(text, 100, 5, offset));
        }
    }
}
