//! Reading records one game at a time from a byte stream.

use std::io::{self, BufRead};

use super::error::{ErrorKind, RawError};
use super::parse::{parse_game, split::Splitter};
use super::{Location, ParseError, ParseErrors, Record, Span, Warning};

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

    /// The record, or its errors.
    ///
    /// # Errors
    ///
    /// All parse errors of the game, if there is one.
    pub fn into_result(self) -> Result<Record, ParseErrors> {
        if self.errors.is_empty() {
            Ok(self.record)
        } else {
            Err(ParseErrors(self.errors))
        }
    }

    /// Where an absolute byte offset inside this game lies.
    #[must_use]
    pub fn locate(&self, offset: usize) -> Location {
        Location::find(&self.source, self.offset, self.first_line, offset)
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
/// Bytes that are not UTF-8 are read as `?` and reported as
/// [`ErrorKind::NotUtf8`] errors with their location; the rest of the
/// game is still parsed. A text with no game at all yields one
/// [`ParsedRecord`] with an [`ErrorKind::EmptyInput`] error.
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
    buffer: Vec<u8>,
    pending: Option<Line>,
    splitter: Splitter,
    offset: usize,
    line: usize,
    finished: bool,
    yielded: bool,
}

/// A line read ahead, with its place and the offsets of bytes that were
/// not UTF-8.
#[derive(Debug)]
struct Line {
    text: String,
    offset: usize,
    line: usize,
    bad: Vec<(usize, u8)>,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader over `reader`, which starts at offset 0, line 1.
    pub fn new(reader: R) -> RecordReader<R> {
        RecordReader {
            reader,
            buffer: Vec::new(),
            pending: None,
            splitter: Splitter::default(),
            offset: 0,
            line: 1,
            finished: false,
            yielded: false,
        }
    }

    /// Reads the next line into `self.buffer`; returns its length (0 at
    /// the end of the input).
    fn read_line(&mut self) -> io::Result<usize> {
        self.buffer.clear();
        self.reader.read_until(b'\n', &mut self.buffer)
    }

    /// The line in `self.buffer` as text, with the offsets of the bytes
    /// that were not UTF-8 (read as `?`).
    fn decode(&self, bad: &mut Vec<(usize, u8)>) -> Option<String> {
        if std::str::from_utf8(&self.buffer).is_ok() {
            return None;
        }
        let mut text = String::with_capacity(self.buffer.len());
        for chunk in self.buffer.utf8_chunks() {
            text.push_str(chunk.valid());
            for &byte in chunk.invalid() {
                bad.push((self.offset + text.len(), byte));
                text.push('?');
            }
        }
        Some(text)
    }

    /// Takes the line in `self.buffer` as a whole [`Line`].
    fn take_line(&mut self) -> Line {
        let mut bad = Vec::new();
        let text = self
            .decode(&mut bad)
            .unwrap_or_else(|| String::from_utf8_lossy(&self.buffer).into_owned());
        Line {
            text,
            offset: self.offset,
            line: self.line,
            bad,
        }
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = io::Result<ParsedRecord>;

    fn next(&mut self) -> Option<io::Result<ParsedRecord>> {
        if self.finished {
            return None;
        }
        let mut source = String::new();
        let mut bad = Vec::new();
        let (offset, first_line) = match &self.pending {
            Some(line) => (line.offset, line.line),
            None => (self.offset, self.line),
        };
        self.splitter = Splitter::default();
        if let Some(line) = self.pending.take() {
            self.splitter.starts_new_game(&line.text);
            source.push_str(&line.text);
            bad.extend(line.bad);
        }
        loop {
            let n = match self.read_line() {
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
            let before = bad.len();
            let decoded;
            let text = match std::str::from_utf8(&self.buffer) {
                Ok(text) => text,
                Err(_) => {
                    decoded = self.decode(&mut bad).unwrap_or_default();
                    decoded.as_str()
                }
            };
            if self.splitter.starts_new_game(text) && !source.is_empty() {
                bad.truncate(before);
                self.pending = Some(self.take_line());
                self.offset += n;
                self.line += 1;
                break;
            }
            source.push_str(text);
            self.offset += n;
            self.line += 1;
        }
        if source.is_empty() && self.yielded {
            return None;
        }
        self.yielded = true;
        let (record, mut errors, warnings) = parse_game(&source, offset, first_line);
        if !bad.is_empty() {
            let mut encoding: Vec<ParseError> = bad
                .into_iter()
                .map(|(at, byte)| {
                    RawError::new(
                        ErrorKind::NotUtf8,
                        Span::new(at, at + 1),
                        "the text is not UTF-8",
                        "UTF-8 text",
                        format!("byte 0x{byte:02X}"),
                    )
                    .locate(&source, offset, first_line)
                })
                .collect();
            encoding.append(&mut errors);
            errors = encoding;
            errors.sort_by_key(|e| e.span.start);
        }
        Some(Ok(ParsedRecord {
            record,
            errors,
            warnings,
            source,
            offset,
            first_line,
        }))
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
