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
/// index keeps a cursor: the last offset located, its line and column,
/// and the bounds of that line. An offset on the cursor's line at or
/// after it is counted on from the cursor, every character between them
/// read once (none at all in ASCII text: the bytes known to be ASCII are
/// counted as they are); any other offset finds its line among the line
/// starts found so far. Line starts are searched for once, as far as the
/// offsets asked for reach, and nothing is allocated before a line break
/// is met. So locating offsets in increasing order takes time linear in
/// the text, even on one long line; any order gives the same locations.
///
/// A second cursor ([`LineIndex::locate_second`]) follows a second walk
/// through the text, each in text order though they interleave (a JSON
/// document places a row's end after its first ply, before its second):
/// both find their lines among the same line starts, searched once.
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    base: usize,
    first_line: usize,
    /// Relative offsets where the lines after the first start, each one
    /// up to `searched`.
    line_starts: Vec<usize>,
    /// Relative offset up to which line starts were searched.
    searched: usize,
    /// The relative offset of the first line break at or after
    /// `searched` (the text's length when there is none), once searched
    /// for.
    next_break: Option<usize>,
    /// The text before this relative offset is ASCII: a column there is
    /// counted in bytes. It only grows, so each byte is checked once.
    ascii_to: usize,
    /// The cursor of [`LineIndex::locate`], then that of
    /// [`LineIndex::locate_second`].
    cursors: [Cursor; 2],
}

/// The last offset located, relative to the text: its line (an index
/// into the lines, from 0), its column, and the relative offset where
/// its line ends (its line break, or the text's end).
#[derive(Clone, Copy)]
struct Cursor {
    offset: usize,
    line: usize,
    column: usize,
    line_end: usize,
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
            ascii_to: 0,
            // The text's first offset, known to lie on its first line
            // (whose end is searched for when an offset after it is
            // located).
            cursors: [Cursor {
                offset: 0,
                line: 0,
                column: 1,
                line_end: 0,
            }; 2],
        }
    }

    /// Where absolute `offset` lies. An offset past the end of the text
    /// is located at its end; an offset inside a character counts that
    /// character as started.
    #[inline(always)]
    pub(crate) fn locate(&mut self, offset: usize) -> Location {
        self.locate_with(0, offset)
    }

    /// [`LineIndex::locate`] with the second cursor: for a second walk
    /// through the text in text order, interleaved with the first.
    #[inline(always)]
    pub(crate) fn locate_second(&mut self, offset: usize) -> Location {
        self.locate_with(1, offset)
    }

    /// [`LineIndex::locate`] with cursor `which` (0 or 1).
    #[inline(always)]
    fn locate_with(&mut self, which: usize, offset: usize) -> Location {
        let relative = offset.saturating_sub(self.base).min(self.text.len());
        let ascii_to = self.ascii_to;
        let Some(cursor) = self.cursors.get_mut(which) else {
            return self.locate_elsewhere(which, relative);
        };
        if cursor.offset <= relative && relative <= cursor.line_end {
            // On the cursor's line, at or after it: the usual case, places
            // located in text order.
            let (from, line, column) = (cursor.offset, cursor.line, cursor.column);
            let column = if relative <= ascii_to {
                column + (relative - from)
            } else {
                column + self.chars(from, relative)
            };
            if let Some(cursor) = self.cursors.get_mut(which) {
                cursor.offset = relative;
                cursor.column = column;
            }
            self.location(relative, line, column)
        } else {
            self.locate_elsewhere(which, relative)
        }
    }

    /// [`LineIndex::locate`] of a relative offset before cursor `which`
    /// or on another line: its line found among the line starts, its
    /// column counted from the start of that line.
    #[inline(never)]
    fn locate_elsewhere(&mut self, which: usize, relative: usize) -> Location {
        if relative > self.searched {
            self.search_to(relative);
        }
        let line = self.line_starts.partition_point(|&start| start <= relative);
        let line_start = match line.checked_sub(1) {
            Some(before) => self.line_starts.get(before).copied().unwrap_or_default(),
            None => 0,
        };
        // The line's break: the next line's start, else the first break
        // at or after `searched`, which `relative` does not pass.
        let line_end = match self.line_starts.get(line) {
            Some(&next) => next - 1,
            None => self.break_after_searched(),
        };
        if self.ascii_to < line_end {
            self.extend_ascii(line_end);
        }
        let column = 1 + self.chars(line_start, relative);
        if let Some(cursor) = self.cursors.get_mut(which) {
            *cursor = Cursor {
                offset: relative,
                line,
                column,
                line_end,
            };
        }
        self.location(relative, line, column)
    }

    #[inline(always)]
    fn location(&self, relative: usize, line: usize, column: usize) -> Location {
        Location {
            offset: self.base + relative,
            line: self.first_line + line,
            column,
        }
    }

    /// The characters of the text from relative offset `from` to `to`:
    /// the bytes that do not continue one (all of them in ASCII text).
    fn chars(&self, from: usize, to: usize) -> usize {
        if to <= self.ascii_to {
            return to.saturating_sub(from);
        }
        let text = self.text.as_bytes().get(from..to).unwrap_or_default();
        if text.is_ascii() {
            text.len()
        } else {
            text.iter().filter(|&&b| b & 0xC0 != 0x80).count()
        }
    }

    /// Moves the end of the text known to be ASCII on towards relative
    /// offset `to`, up to the first byte that is not.
    fn extend_ascii(&mut self, to: usize) {
        let from = self.ascii_to;
        let text = self.text.as_bytes().get(from..to).unwrap_or_default();
        // Checked a word at a time; only text that is not all ASCII is
        // looked at byte by byte, up to its first byte that is not.
        self.ascii_to = from
            + if text.is_ascii() {
                text.len()
            } else {
                text.iter().position(|b| !b.is_ascii()).unwrap_or_default()
            };
    }

    /// The relative offset of the first line break at or after
    /// `searched` (the text's length when there is none).
    fn break_after_searched(&mut self) -> usize {
        match self.next_break {
            Some(next) if next >= self.searched => next,
            _ => {
                let text = self.text.as_bytes();
                let from = self.searched;
                let next = memchr::memchr(b'\n', text.get(from..).unwrap_or_default())
                    .map_or(text.len(), |i| from + i);
                self.next_break = Some(next);
                next
            }
        }
    }

    /// Records the starts of the lines up to relative offset `relative`,
    /// one search a line. Each byte is searched once.
    fn search_to(&mut self, relative: usize) {
        loop {
            let next = self.break_after_searched();
            if next >= relative {
                self.searched = relative;
                return;
            }
            self.line_starts.push(next + 1);
            self.searched = next + 1;
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

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]

        /// Offsets located in any order, mostly forward as the writers
        /// locate them, are where counting puts them: on lines of ASCII,
        /// of other characters and of both, and past the text's end.
        #[test]
        fn runs_of_offsets_agree_with_counting(
            text in "[a \\nö€\\r]{0,40}",
            steps in proptest::collection::vec((0usize..6, proptest::bool::ANY), 0..60),
        ) {
            let mut index = LineIndex::new(&text, 7, 3);
            let mut offset = 7usize;
            for (step, back) in steps {
                offset = if back {
                    offset.saturating_sub(3 * step).max(5)
                } else {
                    offset + step
                };
                proptest::prop_assert_eq!(index.locate(offset), naive(&text, 7, 3, offset));
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]

        /// Two walks interleaved, one with each cursor, locate where
        /// counting puts each offset.
        #[test]
        fn two_cursors_agree_with_counting(
            text in "[a \\nö€\\r]{0,40}",
            steps in proptest::collection::vec((0usize..6, proptest::bool::ANY, proptest::bool::ANY), 0..60),
        ) {
            let mut index = LineIndex::new(&text, 7, 3);
            let mut offsets = [7usize, 7];
            for (step, second, back) in steps {
                let offset = &mut offsets[usize::from(second)];
                *offset = if back {
                    offset.saturating_sub(3 * step).max(5)
                } else {
                    *offset + step
                };
                let location = if second {
                    index.locate_second(*offset)
                } else {
                    index.locate(*offset)
                };
                proptest::prop_assert_eq!(location, naive(&text, 7, 3, *offset));
            }
        }
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
