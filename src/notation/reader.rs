//! Reading records one game at a time from a byte stream.

use std::io::{self, BufRead};

use super::MAX_ERRORS_PER_GAME;
use super::parse::{BadBytes, parse_game, split::Splitter};
use super::span::LineIndex;
use super::visit::{TreeBuilder, Visitor};
use super::{Location, ParseError, Record, Warning};

/// One game read from a text: the tree, what went wrong, and the game's
/// source text so that locations can be shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedRecord {
    /// The tree, holding everything that could be read.
    pub record: Record,
    /// Every error in the game, in order.
    pub errors: Vec<ParseError>,
    /// Every warning in the game, in order.
    pub warnings: Vec<Warning>,
    /// The game's text (bytes that were not UTF-8 replaced by `?`).
    pub source: String,
    /// Absolute byte offset of the game's first byte.
    pub offset: usize,
    /// Line number (from 1) of the game's first line.
    pub first_line: usize,
}

impl ParsedRecord {
    /// Whether the game parsed without errors (warnings allowed).
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// The record, or its first error.
    ///
    /// # Errors
    ///
    /// The game's first parse error, if it has one ([`ParsedRecord::errors`]
    /// holds them all).
    #[expect(
        clippy::result_large_err,
        reason = "a record is converted once, and the error is its first finding in full"
    )]
    pub fn into_result(self) -> Result<Record, ParseError> {
        match self.errors.into_iter().next() {
            None => Ok(self.record),
            Some(error) => Err(error),
        }
    }

    /// Where an absolute byte offset inside this game lies.
    #[must_use]
    pub fn locate(&self, offset: usize) -> Location {
        self.line_index().locate(offset)
    }

    /// The index locating offsets of this game, for locating many.
    pub(crate) fn line_index(&self) -> LineIndex<'_> {
        LineIndex::new(&self.source, self.offset, self.first_line)
    }

    /// The source line (without its line break) holding an absolute
    /// offset, for showing an error with a caret.
    #[must_use]
    pub fn line_at(&self, offset: usize) -> &str {
        let relative = offset.saturating_sub(self.offset).min(self.source.len());
        let before = self.source.as_bytes().get(..relative).unwrap_or_default();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let rest = self.source.get(start..).unwrap_or_default();
        rest.split('\n')
            .next()
            .unwrap_or_default()
            .trim_end_matches('\r')
    }
}

/// Reads game records from a [`BufRead`] one game at a time, so memory
/// stays bounded by the largest game (one line of look-ahead).
///
/// Games are split as described in the [module documentation](super).
/// A UTF-8 byte-order mark at the start of the input (as some editors
/// write) is skipped; offsets still count its three bytes, and columns on
/// the first line start after it. Bytes that are not UTF-8 are read as `?` and reported as
/// [`ErrorKind::NotUtf8`](super::ErrorKind::NotUtf8) errors with their location; the rest of the
/// game is still parsed. A text with no game at all yields one
/// [`ParsedRecord`] with an [`ErrorKind::EmptyInput`](super::ErrorKind::EmptyInput) error.
///
/// ```
/// use bohnenspiel::notation::RecordReader;
///
/// let file = "[Date \"1962\"]\n4,8; 6,12\n\n[Date \"1972\"]\n3,9; 5\n";
/// let games: Vec<_> = RecordReader::new(file.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].record.tag("Date"), Some("1972"));
/// assert_eq!(games[1].first_line, 4);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct RecordReader<R> {
    reader: R,
    /// The line being read.
    buffer: Vec<u8>,
    /// The text of the game being read, reused from game to game.
    source: String,
    /// Offsets of the bytes of `source` that were not UTF-8, the first
    /// [`MAX_ERRORS_PER_GAME`] of them, and how many more there were.
    bad: Vec<(usize, u8)>,
    bad_more: usize,
    /// The line read ahead that starts the next game, if any.
    pending: Option<AheadLine>,
    splitter: Splitter,
    offset: usize,
    line: usize,
    finished: bool,
    yielded: bool,
    /// The offset and first line of the game last read, whose text is
    /// still in `source`.
    last: Option<(usize, usize)>,
}

/// A line read ahead, with its place and the offsets of bytes that were
/// not UTF-8.
#[derive(Debug, Default)]
struct AheadLine {
    text: String,
    offset: usize,
    line: usize,
    bad: Vec<(usize, u8)>,
    bad_more: usize,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `reader`, which starts at offset 0, line 1.
    pub fn new(reader: R) -> RecordReader<R> {
        RecordReader {
            reader,
            buffer: Vec::new(),
            source: String::new(),
            bad: Vec::new(),
            bad_more: 0,
            pending: None,
            splitter: Splitter::default(),
            offset: 0,
            line: 1,
            finished: false,
            yielded: false,
            last: None,
        }
    }

    /// The text of the game last read, as [`ParsedRecord::source`] holds
    /// it, and where it starts (its offset and first line, at column 1);
    /// `None` before the first game and after a read error.
    #[must_use]
    pub fn last_game_text(&self) -> Option<(&str, Location)> {
        self.last.map(|(offset, line)| {
            (
                self.source.as_str(),
                Location {
                    offset,
                    line,
                    column: 1,
                },
            )
        })
    }

    /// The game the last call to [`RecordReader::visit_game`] (or
    /// [`Iterator::next`]) read, parsed again into a tree: for a visitor
    /// that finds a game needs a closer look than its callbacks give.
    /// `None` before the first game and after a read error.
    ///
    /// ```
    /// use bohnenspiel::notation::{RecordReader, Visitor};
    ///
    /// /// Wants nothing.
    /// struct Skim;
    ///
    /// impl Visitor for Skim {
    ///     type Output = ();
    ///     fn end_game(&mut self) {}
    /// }
    ///
    /// let mut reader = RecordReader::new("4,8; 6,12\n\n3,9; 5\n".as_bytes());
    /// assert!(reader.parse_last_game().is_none());
    /// reader.visit_game(&mut Skim);
    /// reader.visit_game(&mut Skim);
    /// let game = reader.parse_last_game().unwrap();
    /// assert_eq!(game.record.to_string(), "3, 9; 5\n");
    /// assert_eq!(game.first_line, 3);
    /// ```
    #[must_use]
    pub fn parse_last_game(&self) -> Option<ParsedRecord> {
        let (offset, first_line) = self.last?;
        let mut builder = TreeBuilder::default();
        let (record, errors, warnings) = parse_game(
            &self.source,
            offset,
            first_line,
            self.bad_bytes(),
            &mut builder,
        );
        Some(ParsedRecord {
            record,
            errors,
            warnings,
            source: self.source.clone(),
            offset,
            first_line,
        })
    }

    /// Reads the next game and hands its parts to `visitor`, without
    /// building a tree: the game's text is read into a buffer that is
    /// reused from game to game, and plies are handed over one at a time.
    /// Returns what the visitor's [`Visitor::end_game`] gives, or `None`
    /// after the last game.
    ///
    /// # Errors
    ///
    /// An error reading from the underlying reader; the reader then ends.
    pub fn visit_game<V: Visitor + ?Sized>(
        &mut self,
        visitor: &mut V,
    ) -> Option<io::Result<V::Output>> {
        let (offset, first_line) = match self.read_game()? {
            Ok(start) => start,
            Err(error) => return Some(Err(error)),
        };
        Some(Ok(parse_game(
            &self.source,
            offset,
            first_line,
            self.bad_bytes(),
            visitor,
        )))
    }

    /// The bytes of the game last read that were not UTF-8.
    fn bad_bytes(&self) -> BadBytes<'_> {
        BadBytes {
            first: &self.bad,
            more: self.bad_more,
        }
    }

    /// Reads the whole lines that the reader's buffer holds, up to the end
    /// of the game, into `self.source` at once: `Some(true)` if the game
    /// ends there (the next line, left unread, starts a new game),
    /// `Some(false)` if it may go on, and `None` if the buffer holds no
    /// whole line (a last line without a line break, or a line longer
    /// than the buffer), which [`RecordReader::read_line`] then reads. At
    /// the end of the input the reader is finished and the game ends.
    fn read_whole_lines(&mut self) -> io::Result<Option<bool>> {
        let available = loop {
            match self.reader.fill_buf() {
                Ok(available) => break available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        };
        if available.is_empty() {
            // The end of the input. It is not asked for twice: a terminal
            // gives it once per Ctrl-D, and would wait at the next read.
            self.finished = true;
            return Ok(Some(true));
        }
        let mut taken = 0;
        let mut lines = 0;
        let mut ends = false;
        while let Some(line) = available.get(taken..).and_then(|rest| {
            // A blank line, as between a game's parts and between games,
            // needs no search for its end.
            let end = match rest.first() {
                Some(b'\n') => 0,
                _ => memchr::memchr(b'\n', rest)?,
            };
            rest.get(..=end)
        }) {
            let at_start = self.offset + taken == 0;
            if self.splitter.starts_new_game(without_bom(line, at_start))
                && self.source.len() + taken > 0
            {
                ends = true;
                break;
            }
            taken += line.len();
            lines += 1;
        }
        if taken == 0 && !ends {
            return Ok(None);
        }
        let chunk = available.get(..taken).unwrap_or_default();
        Self::append_lines(
            chunk,
            self.offset,
            &mut self.source,
            &mut self.bad,
            &mut self.bad_more,
        );
        self.reader.consume(taken);
        self.offset += taken;
        self.line += lines;
        Ok(Some(ends))
    }

    /// Reads the next line and appends it to `self.source` (and the
    /// offsets of its bytes that are not UTF-8 to `bad`, counting in `more`
    /// those past the limit); returns its length in the input (0 at the
    /// end of the input). A line that lies whole in the reader's buffer is
    /// copied once, straight from there.
    fn read_line(&mut self, bad: &mut Vec<(usize, u8)>, more: &mut usize) -> io::Result<usize> {
        let available = loop {
            match self.reader.fill_buf() {
                Ok(available) => break available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        };
        if let Some(line) = memchr::memchr(b'\n', available).and_then(|i| available.get(..=i)) {
            let n = line.len();
            Self::append_lines(line, self.offset, &mut self.source, bad, more);
            self.reader.consume(n);
            return Ok(n);
        }
        self.buffer.clear();
        let n = self.reader.read_until(b'\n', &mut self.buffer)?;
        Self::append_lines(&self.buffer, self.offset, &mut self.source, bad, more);
        Ok(n)
    }

    /// Appends the lines `buffer`, which start at absolute offset
    /// `offset`, to `text` as UTF-8, reading bytes that are not UTF-8 as
    /// `?` and recording their offsets in `bad`, up to
    /// [`MAX_ERRORS_PER_GAME`] of them, and counting the rest in `more`.
    fn append_lines(
        buffer: &[u8],
        offset: usize,
        text: &mut String,
        bad: &mut Vec<(usize, u8)>,
        more: &mut usize,
    ) {
        if let Ok(line) = std::str::from_utf8(buffer) {
            text.push_str(line);
            return;
        }
        let line_start = text.len();
        for chunk in buffer.utf8_chunks() {
            text.push_str(chunk.valid());
            for &byte in chunk.invalid() {
                if bad.len() < MAX_ERRORS_PER_GAME {
                    bad.push((offset + text.len() - line_start, byte));
                } else {
                    *more += 1;
                }
                text.push('?');
            }
        }
    }

    /// Reads the next game's text into `self.source` and `self.bad`;
    /// returns its offset and first line, or `None` after the last game.
    fn read_game(&mut self) -> Option<io::Result<(usize, usize)>> {
        self.last = None;
        if self.finished {
            return None;
        }
        self.source.clear();
        self.bad.clear();
        self.bad_more = 0;
        self.splitter = Splitter::default();
        let (offset, first_line) = match self.pending.take() {
            Some(mut line) => {
                self.splitter.starts_new_game(line.text.as_bytes());
                self.source.push_str(&line.text);
                self.bad.append(&mut line.bad);
                self.bad_more = line.bad_more;
                (line.offset, line.line)
            }
            None => (self.offset, self.line),
        };
        loop {
            match self.read_whole_lines() {
                Ok(Some(true)) => break,
                Ok(Some(false)) => continue,
                Ok(None) => {}
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
            }
            let line_start = self.source.len();
            let (mut line_bad, mut line_more) = (Vec::new(), 0);
            let n = match self.read_line(&mut line_bad, &mut line_more) {
                Ok(0) => {
                    self.finished = true;
                    break;
                }
                Ok(n) => n,
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
            };
            let line = self.source.get(line_start..).unwrap_or_default();
            let at_start = self.offset == 0;
            if self
                .splitter
                .starts_new_game(without_bom(line.as_bytes(), at_start))
                && line_start > 0
            {
                // The line belongs to the next game.
                self.pending = Some(AheadLine {
                    text: line.to_owned(),
                    offset: self.offset,
                    line: self.line,
                    bad: line_bad,
                    bad_more: line_more,
                });
                self.source.truncate(line_start);
                self.offset += n;
                self.line += 1;
                break;
            }
            for byte in line_bad {
                if self.bad.len() < MAX_ERRORS_PER_GAME {
                    self.bad.push(byte);
                } else {
                    self.bad_more += 1;
                }
            }
            self.bad_more += line_more;
            self.offset += n;
            self.line += 1;
        }
        let (offset, first_line) = if offset == 0 && self.source.starts_with(BOM) {
            // A byte-order mark at the start of the input is no part of
            // the first game: skipped, with offsets still counting it.
            self.source.replace_range(..BOM.len(), "");
            (BOM.len(), first_line)
        } else {
            (offset, first_line)
        };
        if self.source.is_empty() && self.yielded {
            return None;
        }
        self.yielded = true;
        self.last = Some((offset, first_line));
        Some(Ok((offset, first_line)))
    }
}

/// The UTF-8 byte-order mark, which some editors write at the start of a
/// file.
const BOM: &str = "\u{FEFF}";

/// The line without a byte-order mark, when it starts the input.
fn without_bom(line: &[u8], at_start: bool) -> &[u8] {
    if at_start {
        line.strip_prefix(BOM.as_bytes()).unwrap_or(line)
    } else {
        line
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<ParsedRecord>;

    fn next(&mut self) -> Option<io::Result<ParsedRecord>> {
        if let Err(error) = self.read_game()? {
            return Some(Err(error));
        }
        self.parse_last_game().map(Ok)
    }
}

/// Parses every game of an in-memory text.
///
/// ```
/// use bohnenspiel::notation::parse_records;
///
/// let games = parse_records("4,8; 6,12 (2 from hole 8); 6,7\n\n3,9; 5,7.\n");
/// assert_eq!(games.len(), 2);
/// assert!(games.iter().all(|game| game.is_ok()));
/// assert_eq!(games[0].record.movetext.moves.len(), 3);
/// ```
#[must_use]
pub fn parse_records(text: &str) -> Vec<ParsedRecord> {
    RecordReader::new(text.as_bytes())
        .filter_map(Result::ok)
        .collect()
}
