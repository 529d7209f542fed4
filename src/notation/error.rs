//! Parse errors and warnings, each with its place in the text.

use std::fmt;

use super::span::LineIndex;
use super::{Location, Span};

/// The most errors the parser keeps for one game. Past them, it counts
/// the rest and ends the game's errors with one
/// [`ErrorKind::TooManyErrors`] saying how many more there were, so that
/// the memory a game's errors take stays bounded whatever the text holds.
pub(crate) const MAX_ERRORS_PER_GAME: usize = 100;

/// The most warnings the parser keeps for one game; the rest are counted
/// in one last [`WarningKind::TooManyWarnings`].
pub(crate) const MAX_WARNINGS_PER_GAME: usize = 100;

/// The most parenthesised groups the parser keeps for one ply, far above
/// what a record holds (one to three). The groups written after them are
/// read, so that their errors are reported and the movetext after them
/// is found, but not kept: one [`ErrorKind::TooManyGroups`] error at the
/// first of them says how many there were. This bounds the memory a ply
/// with a very long run of groups takes while it is read.
pub(crate) const MAX_GROUPS_PER_PLY: usize = 100;

/// The most characters of the offending text an error message quotes;
/// a longer token is cut and ends in `…`.
pub(crate) const MAX_QUOTED_CHARS: usize = 20;

/// What went wrong, without the details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text holds no game at all.
    EmptyInput,
    /// Tags but no movetext.
    MissingMovetext,
    /// A hole number outside 1–12, such as `13` or `0`.
    HoleOutOfRange,
    /// Something other than a hole number where one belongs.
    ExpectedHole,
    /// `!`/`?` characters that are not one of the six marks.
    UnknownMark,
    /// A move with no ply, such as the gap in `;;`.
    EmptyMove,
    /// A `(` without its `)`.
    UnclosedParenthesis,
    /// Text that cannot follow what came before, such as `4 8` inline.
    UnexpectedText,
    /// A malformed tag line: no name, no value, or text after `]`.
    MalformedTag,
    /// A tag line without its closing `]`.
    UnclosedTag,
    /// A tag value without its closing `"`.
    UnclosedTagValue,
    /// A backslash in a tag value not followed by `"` or `\`.
    InvalidEscape,
    /// Bytes that are not UTF-8 (read as `?`).
    NotUtf8,
    /// A separator that cannot stand where it is written, between plies
    /// that are otherwise read: a `.` (which would end the movetext) or
    /// a second `,` in a move, followed on its line by more moves
    /// (`6,7. 3,7`). It is read as the `;` between moves, so that the
    /// plies after it are still replayed; no ply is lost.
    StraySeparator,
    /// A ply with more than 100 groups, the most the parser keeps for one
    /// ply (far above the one to three a record's plies carry): the error
    /// spans the groups after the last one kept and says how many they
    /// are; they are not kept (no ply is lost).
    TooManyGroups,
    /// The game has more than 100 errors, the most the parser keeps for
    /// one game: this last error stands for the `more` errors found and
    /// not kept; its span is the first of them.
    TooManyErrors {
        /// How many errors were found and not kept.
        more: usize,
    },
}

/// A parse error: its kind, where it is, what was expected and what was
/// found.
///
/// It displays as `line:column: message: expected …, found …`; prefix the
/// file name to get the usual `file:line:column: …`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}: expected {expected}, found {found}")]
pub struct ParseError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// A short description, such as `hole number out of range`.
    pub message: String,
    /// What would have been correct here.
    pub expected: String,
    /// What was written here, such as `` `x` `` or `end of line`.
    pub found: String,
    /// The offending text.
    pub span: Span,
    /// Where the span starts.
    pub location: Location,
    /// Whether the error cost plies: text that should hold a move or a
    /// ply could not be read as one (a hole number is missing, text stands
    /// where a ply belongs, or an unclosed group may have swallowed one),
    /// so the plies written after it cannot be placed in the game. An
    /// error in a tag, a mark, a capture annotation, a comment or prose
    /// leaves every ply readable, and loses none.
    pub loses_plies: bool,
}

impl ParseError {
    /// How many errors this one stands for: for
    /// [`ErrorKind::TooManyErrors`], the number not kept; 1 for any
    /// other.
    #[must_use]
    pub fn count(&self) -> usize {
        match self.kind {
            ErrorKind::TooManyErrors { more } => more,
            _ => 1,
        }
    }

    /// The error without its location: `message: expected …, found …`,
    /// for showing beside the source line.
    ///
    /// ```
    /// use bohnenspiel::notation::WrittenPly;
    ///
    /// let error = "13".parse::<WrittenPly>().unwrap_err();
    /// assert_eq!(
    ///     error.description(),
    ///     "hole number out of range: expected a hole number from 1 to 12, found `13`"
    /// );
    /// ```
    #[must_use]
    pub fn description(&self) -> String {
        format!(
            "{}: expected {}, found {}",
            self.message, self.expected, self.found
        )
    }
}

/// What a warning is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// A `)` with no `(` to close, ignored (the published Gentlemen
    /// solution has one).
    UnmatchedParenthesis,
    /// A `,` between South's ply and North's in a numbered row
    /// (`1. 4, 8`), where `,` joins alternatives of one player: read as
    /// South's ply and North's ply, since the ply after the comma is from
    /// North's row.
    CommaBetweenTurns,
    /// A group that reads like a capture annotation but is not written in
    /// its grammar (`(2 beans from 8)`, `(takes 2 from 8)`,
    /// `(2 from 8!)`): read as the annotation its numbers and words give,
    /// so that its claim is checked; the canonical form prints that
    /// annotation.
    LooseCaptureAnnotation,
    /// Prose, or the ending after `and`, that starts as moves do
    /// (`6,7.` then `3 (2 from 12),7; …` on the next line): kept as
    /// text, not replayed.
    ProseReadsAsMoves,
    /// A line in brackets after the moves that is not a tag line (it holds
    /// no `"`), such as `[The rest of the score is illegible.]`: read as
    /// a note, part of the prose, rather than as a tag starting a new game.
    BracketedNote,
    /// The game has more than 100 warnings, the most the parser keeps for
    /// one game: this last warning stands for the `more` warnings found
    /// and not kept; its span is the first of them.
    TooManyWarnings {
        /// How many warnings were found and not kept.
        more: usize,
    },
}

/// Something accepted but probably not meant, such as a stray `)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// What the warning is about.
    pub kind: WarningKind,
    /// A short description.
    pub message: String,
    /// The text concerned.
    pub span: Span,
    /// Where the span starts.
    pub location: Location,
}

impl Warning {
    /// How many warnings this one stands for: for
    /// [`WarningKind::TooManyWarnings`], the number not kept; 1 for any
    /// other.
    #[must_use]
    pub fn count(&self) -> usize {
        match self.kind {
            WarningKind::TooManyWarnings { more } => more,
            _ => 1,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.location, self.message)
    }
}

/// `text` quoted in backticks for a message, cut after
/// [`MAX_QUOTED_CHARS`] characters with `…`.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((cut, _)) => format!("`{}…`", text.get(..cut).unwrap_or_default()),
        None => format!("`{text}`"),
    }
}

/// An error before its location is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawError {
    pub kind: ErrorKind,
    pub message: String,
    pub expected: String,
    pub found: String,
    pub span: Span,
    pub loses_plies: bool,
}

impl RawError {
    pub(crate) fn new(
        kind: ErrorKind,
        span: Span,
        message: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> RawError {
        RawError {
            kind,
            message: message.into(),
            expected: expected.into(),
            found: found.into(),
            span,
            loses_plies: false,
        }
    }

    /// A hole number outside 1–12, written as `found`: the message says
    /// what is wrong and the expectation says which numbers are holes, so
    /// that each is said once.
    pub(crate) fn hole_out_of_range(span: Span, found: String) -> RawError {
        RawError::new(
            ErrorKind::HoleOutOfRange,
            span,
            "hole number out of range",
            "a hole number from 1 to 12",
            found,
        )
    }

    /// The error, marked as one that cost plies.
    pub(crate) fn losing_plies(self) -> RawError {
        self.losing_plies_if(true)
    }

    /// The error, marked as one that cost plies if `lost`.
    pub(crate) fn losing_plies_if(mut self, lost: bool) -> RawError {
        self.loses_plies |= lost;
        self
    }

    pub(crate) fn locate(self, lines: &mut LineIndex<'_>) -> ParseError {
        let location = lines.locate(self.span.start);
        self.located(location)
    }

    pub(crate) fn located(self, location: Location) -> ParseError {
        ParseError {
            location,
            kind: self.kind,
            message: self.message,
            expected: self.expected,
            found: self.found,
            span: self.span,
            loses_plies: self.loses_plies,
        }
    }
}
