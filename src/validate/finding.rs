//! Findings: what validation reports about a record, each with its place.

use std::fmt;

use crate::notation::{Label, Location, Span};

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Information, such as how a game ended or that a variation was only
    /// checked for syntax.
    Note,
    /// Probably a mistake in the record, but the record can still be
    /// replayed (an error under strict validation where documented).
    Warning,
    /// The record is wrong.
    Error,
}

impl Severity {
    /// The lowercase name, as printed: `note`, `warning` or `error`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum FindingKind {
    /// The text could not be parsed (the message says what was expected
    /// and what was found).
    Syntax,
    /// The parser accepted something doubtful, such as a stray `)`.
    SyntaxWarning,
    /// A `.` or a second `,` between plies followed by more moves, read as
    /// the separator that belongs there (an error; no ply is lost).
    StraySeparator,
    /// A `,` between South's and North's ply in a numbered row, read as
    /// the two plies (a warning).
    CommaBetweenTurns,
    /// A group that reads like a capture annotation but is not written in
    /// its grammar, read as that annotation and checked (a warning).
    LooseCaptureAnnotation,
    /// Prose, or an ending, that reads as moves: kept as text, not
    /// replayed (a warning).
    ProseReadsAsMoves,
    /// A line in brackets after the moves that is no tag, read as a note
    /// (a warning).
    BracketedNote,
    /// A hole number outside 1–12.
    HoleOutOfRange,
    /// A ply from a hole of the player who is not to move.
    WrongPlayer,
    /// A ply from an empty hole.
    EmptyHole,
    /// A ply after the game has ended.
    MoveAfterEnd,
    /// A written pass (`-`) where the player to move has a move, or under
    /// the standard rules, where a player never passes.
    IllegalPass,
    /// A capture annotation that differs from what the rules capture.
    CaptureMismatch,
    /// A capture the record does not annotate.
    UnannotatedCapture,
    /// A ply with more than one capture annotation, each naming what the
    /// rules capture (a warning; one that does not is a
    /// [`FindingKind::CaptureMismatch`]).
    DuplicateAnnotation,
    /// A `Result` tag that is no final score (its counts do not add up to
    /// 72), differs from the replayed score, or gives a store fewer beans
    /// than an unfinished record already has in it.
    ResultMismatch,
    /// A tag name one or two letters away from a known one (probably
    /// misspelled, such as `Evnet`), or a known tag given again (only the
    /// first counts). See [`KnownTag`](crate::notation::KnownTag).
    TagName,
    /// Numbered rows out of sequence.
    RowOutOfSequence,
    /// A `Setup` tag that is not a valid position.
    InvalidSetup,
    /// A `Rules` tag that does not name rules (see
    /// [`Rules`](crate::Rules)'s text form).
    InvalidRules,
    /// A part of the rules chosen in [`Options`](super::Options) (on the
    /// command line: `--variant`, `--endless`) that a record's `Rules` tag
    /// contradicts; the tag's rules are used.
    RulesConflict,
    /// The record stops before the game is over.
    UnfinishedGame,
    /// After an illegal ply the rest of the line cannot be replayed.
    ReplayStopped,
    /// The record stops at a position that occurred before since the last
    /// capture: the game ended there by a claim of repetition (a note).
    Repetition,
    /// The record could only be checked for syntax: its `Setup` tag says
    /// that the start position is unknown (`[Setup "?"]`).
    SyntaxOnly,
    /// A variation that no line refers to, or a label that names no
    /// variation.
    UnresolvedLabel,
    /// The last finding of a game that had more than 100, the most
    /// [`validate`](super::validate) keeps for one game: how many
    /// more there were, as serious as the most serious of them.
    FindingsOmitted,
    /// A comment that starts with `%` but is no value as
    /// [`WrittenValue::of_ply`](super::WrittenValue::of_ply) reads them, such as `(%value
    /// 38:3x)` (a warning; it stays a comment).
    MalformedValue,
    /// An exact value, `(%value S:N)`, whose counts do not add up to the
    /// beans in the game (a warning).
    ValueTotal,
    /// A game of a match (a `Partie` tag) that does not fit it: it comes
    /// after the match was won, or has no final score (a warning; it does
    /// not count). `bohnenspiel validate` adds up the games of each match
    /// of its input and reports this; the library's [`Partie`](crate::Partie)
    /// scores one match.
    Partie,
}

impl FindingKind {
    /// The kebab-case name, as in JSON: `capture-mismatch`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            FindingKind::Syntax => "syntax",
            FindingKind::SyntaxWarning => "syntax-warning",
            FindingKind::StraySeparator => "stray-separator",
            FindingKind::CommaBetweenTurns => "comma-between-turns",
            FindingKind::LooseCaptureAnnotation => "loose-capture-annotation",
            FindingKind::ProseReadsAsMoves => "prose-reads-as-moves",
            FindingKind::BracketedNote => "bracketed-note",
            FindingKind::HoleOutOfRange => "hole-out-of-range",
            FindingKind::WrongPlayer => "wrong-player",
            FindingKind::EmptyHole => "empty-hole",
            FindingKind::MoveAfterEnd => "move-after-end",
            FindingKind::IllegalPass => "illegal-pass",
            FindingKind::CaptureMismatch => "capture-mismatch",
            FindingKind::UnannotatedCapture => "unannotated-capture",
            FindingKind::DuplicateAnnotation => "duplicate-annotation",
            FindingKind::ResultMismatch => "result-mismatch",
            FindingKind::TagName => "tag-name",
            FindingKind::RowOutOfSequence => "row-out-of-sequence",
            FindingKind::InvalidSetup => "invalid-setup",
            FindingKind::InvalidRules => "invalid-rules",
            FindingKind::RulesConflict => "rules-conflict",
            FindingKind::UnfinishedGame => "unfinished-game",
            FindingKind::ReplayStopped => "replay-stopped",
            FindingKind::Repetition => "repetition",
            FindingKind::SyntaxOnly => "syntax-only",
            FindingKind::UnresolvedLabel => "unresolved-label",
            FindingKind::FindingsOmitted => "findings-omitted",
            FindingKind::MalformedValue => "malformed-value",
            FindingKind::ValueTotal => "value-total",
            FindingKind::Partie => "partie",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing validation found in a record, with its place.
///
/// `span` and `location` point into the text the record was read from
/// (absolute byte offsets; line and column from 1, columns counting
/// characters). The file name is not part of a finding: whoever read the
/// file knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// What it is about.
    pub kind: FindingKind,
    /// A sentence a person understands, such as `annotated 2 from 7, but
    /// the rules capture 4 from 7 and 2 from 6`.
    pub message: String,
    /// The text concerned.
    pub span: Span,
    /// Where `span` starts.
    pub location: Location,
    /// The ply concerned, counting from 1 in its line (`None` when the
    /// finding is about the whole record).
    pub ply: Option<usize>,
    /// The move number of that ply, counting from 1 (`None` likewise).
    pub move_number: Option<u32>,
    /// The variation concerned, such as `B`; `None` for the main line.
    pub variation: Option<Label>,
}

impl Finding {
    /// The finding's line with the file name in front:
    /// `FILE:LINE:COL: SEVERITY: MESSAGE`, as `bohnenspiel validate`
    /// prints it.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::{Options, validate};
    ///
    /// let games = parse_records("4,8; 6,12 (2 from 7)\n");
    /// let report = validate(&games[0], &Options::default());
    /// let finding = &report.findings[1];
    /// assert_eq!(
    ///     finding.to_string(),
    ///     "1:12: error: annotated 2 from 7, but the rules capture 2 from 8"
    /// );
    /// assert_eq!(
    ///     finding.in_file("games.txt").to_string(),
    ///     "games.txt:1:12: error: annotated 2 from 7, but the rules capture 2 from 8"
    /// );
    /// ```
    #[must_use]
    pub fn in_file<'a>(&'a self, file: &'a str) -> impl fmt::Display + 'a {
        Headline {
            file: Some(file),
            ..self.headline()
        }
    }

    /// The finding's line without a file name.
    fn headline(&self) -> Headline<'_> {
        Headline {
            file: None,
            location: self.location,
            severity: self.severity,
            message: &self.message,
        }
    }
}

/// A finding serializes as a finding of the JSON document: `{line,
/// column, ply, move, variation, severity, kind, message}` (line and
/// column from 1, columns counting characters; `ply`, `move` and
/// `variation` `null` when not known or on the main line).
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{Options, validate};
///
/// let games = parse_records("4,8; 6,12 (2 from 7)\n");
/// let report = validate(&games[0], &Options::default());
/// assert_eq!(
///     serde_json::to_string(&report.findings[1])?,
///     concat!(
///         r#"{"line":1,"column":12,"ply":4,"move":2,"variation":null,"#,
///         r#""severity":"error","kind":"capture-mismatch","#,
///         r#""message":"annotated 2 from 7, but the rules capture 2 from 8"}"#,
///     )
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        super::json::FindingDocument::from(self).serialize(serializer)
    }
}

impl fmt::Display for Finding {
    /// `LINE:COL: SEVERITY: MESSAGE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.headline().fmt(f)
    }
}

/// The one-line form of a finding: `FILE:LINE:COL: SEVERITY: MESSAGE`,
/// or `LINE:COL: SEVERITY: MESSAGE` without a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Headline<'a> {
    /// The file, if named.
    file: Option<&'a str>,
    /// Where.
    location: Location,
    /// How serious.
    severity: Severity,
    /// What.
    message: &'a str,
}

impl fmt::Display for Headline<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = self.file {
            write!(f, "{file}:")?;
        }
        write!(
            f,
            "{}:{}: {}: {}",
            self.location.line, self.location.column, self.severity, self.message
        )
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn serde_names_are_the_printed_names() -> Result<(), serde_json::Error> {
        let kinds = [
            FindingKind::Syntax,
            FindingKind::SyntaxWarning,
            FindingKind::StraySeparator,
            FindingKind::CommaBetweenTurns,
            FindingKind::LooseCaptureAnnotation,
            FindingKind::ProseReadsAsMoves,
            FindingKind::BracketedNote,
            FindingKind::HoleOutOfRange,
            FindingKind::WrongPlayer,
            FindingKind::EmptyHole,
            FindingKind::MoveAfterEnd,
            FindingKind::IllegalPass,
            FindingKind::CaptureMismatch,
            FindingKind::UnannotatedCapture,
            FindingKind::DuplicateAnnotation,
            FindingKind::ResultMismatch,
            FindingKind::TagName,
            FindingKind::RowOutOfSequence,
            FindingKind::InvalidSetup,
            FindingKind::InvalidRules,
            FindingKind::RulesConflict,
            FindingKind::UnfinishedGame,
            FindingKind::ReplayStopped,
            FindingKind::Repetition,
            FindingKind::SyntaxOnly,
            FindingKind::UnresolvedLabel,
            FindingKind::MalformedValue,
            FindingKind::ValueTotal,
            FindingKind::Partie,
        ];
        for kind in kinds {
            assert_eq!(serde_json::to_string(&kind)?, format!("\"{kind}\""));
        }
        for severity in [Severity::Note, Severity::Warning, Severity::Error] {
            assert_eq!(serde_json::to_string(&severity)?, format!("\"{severity}\""));
        }
        Ok(())
    }
}
