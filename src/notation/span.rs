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

/// Locates byte offsets of one text as lines and columns.
///
/// The text starts at absolute offset `base` on line `first_line`. The
/// starts of its lines are found once, as far as the offsets asked for
/// reach; a column is counted on from the last offset located when that
/// lies earlier on the same line, else from the start of its line. So
/// locating offsets in increasing order takes time linear in the text,
/// even on one long line; any order gives the same locations.
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    base: usize,
    first_line: usize,
    /// Relative offsets where the lines after the first start, each one
    /// found so far (nothing is allocated before a line break is met).
    line_starts: Vec<usize>,
    /// Relative offset up to which line starts were searched.
    searched: usize,
    /// The relative offset of the first line break at or after
    /// `searched` (the text's length when there is none), once searched
    /// for: offsets located before it need no search.
    next_break: Option<usize>,
    /// The last relative offset located, with its line index and column.
    last: Option<(usize, usize, usize)>,
}

impl<'a> LineIndex<'a> {
    /// The index of `text`, which starts at absolute offset `base` on
    /// line `first_line`.
    pub(crate) fn new(text: &'a str, base: usize, first_line: usize) -> LineIndex<'a> {
        LineIndex {
            text,
            base,
            first_line,
            line_starts: Vec::new(),
            searched: 0,
            next_break: None,
            last: None,
        }
    }

    /// Where absolute `offset` lies. An offset past the end of the text
    /// is located at its end; an offset inside a character counts that
    /// character as started.
    pub(crate) fn locate(&mut self, offset: usize) -> Location {
        let text = self.text.as_bytes();
        let relative = offset.saturating_sub(self.base).min(text.len());
        if relative > self.searched {
            self.search_to(relative);
        }
        // The line of the last offset located when this one is on it too
        // (the usual order: text order), else found by halving.
        let line = match self.last {
            Some((last, line, _))
                if last <= relative
                    && self
                        .line_starts
                        .get(line)
                        .is_none_or(|&next| relative < next) =>
            {
                line
            }
            _ => self.line_starts.partition_point(|&start| start <= relative),
        };
        let column = match self.last {
            Some((last, last_line, column)) if last_line == line && last <= relative => {
                column + chars(text.get(last..relative).unwrap_or_default())
            }
            _ => {
                let line_start = match line.checked_sub(1) {
                    Some(before) => self.line_starts.get(before).copied().unwrap_or_default(),
                    None => 0,
                };
                1 + chars(text.get(line_start..relative).unwrap_or_default())
            }
        };
        self.last = Some((relative, line, column));
        Location {
            offset: self.base + relative,
            line: self.first_line + line,
            column,
        }
    }

    /// Records the starts of the lines up to relative offset `relative`,
    /// one search a line: none at all while the offsets located stay
    /// before the next line break (places located one after another on
    /// one line, the usual case). Each byte is searched once.
    fn search_to(&mut self, relative: usize) {
        let text = self.text.as_bytes();
        loop {
            let next = match self.next_break {
                Some(next) if next >= self.searched => next,
                _ => {
                    let from = self.searched;
                    let next = memchr::memchr(b'\n', text.get(from..).unwrap_or_default())
                        .map_or(text.len(), |i| from + i);
                    self.next_break = Some(next);
                    next
                }
            };
            if next >= relative {
                self.searched = relative;
                return;
            }
            self.line_starts.push(next + 1);
            self.searched = next + 1;
        }
    }
}

/// The characters of UTF-8 text: its bytes that do not continue one (all
/// of them in ASCII text, checked a word at a time).
fn chars(text: &[u8]) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.iter().filter(|&&b| b & 0xC0 != 0x80).count()
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

    /// Where `offset` lies, counted from the start of `text` character by
    /// character: the definition the index must agree with.
    fn naive(text: &str, base: usize, first_line: usize, offset: usize) -> Location {
        let relative = offset.saturating_sub(base).min(text.len());
        let (mut line, mut column) = (first_line, 1);
        for (i, c) in text.char_indices() {
            if i >= relative {
                break;
            }
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        Location {
            offset: base + relative,
            line,
            column,
        }
    }

    #[test]
    fn columns_count_characters() {
        let text = "[South \"Rüger\"]\nab";
        let after_u = text.find('g').unwrap_or(0);
        assert_eq!(LineIndex::new(text, 0, 1).locate(after_u).column, 11);
        let b = text.rfind('b').unwrap_or(0);
        let loc = LineIndex::new(text, 100, 5).locate(100 + b);
        assert_eq!((loc.line, loc.column, loc.offset), (6, 2, 100 + b));
        assert_eq!(LineIndex::new(text, 0, 1).locate(9999).offset, text.len());
    }

    #[test]
    fn any_order_agrees_with_counting() {
        let texts = [
            "",
            "\n\n",
            "4,8; 6,12\n\n[South \"Rüger\"]\n[North \"Ö\"]\n\n4,8; 6,12 (2 from 8); 6,7\n",
            "ö\nä\r\nü",
        ];
        for text in texts {
            let end = 100 + text.len() + 3;
            let offsets: Vec<usize> = (0..end)
                .chain((0..end).rev())
                .chain((0..end).step_by(7))
                .chain((0..end).step_by(3).rev())
                .collect();
            let mut index = LineIndex::new(text, 100, 5);
            for offset in offsets {
                assert_eq!(
                    index.locate(offset),
                    naive(text, 100, 5, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}
