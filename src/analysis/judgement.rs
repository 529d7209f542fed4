//! The judgements of a record and their verdicts, and the values of its
//! plies: what [`Analyser`](super::Analyser) finds.

use std::fmt;

use crate::notation::{Location, Span};
use crate::validate::Report;
use crate::{Move, Player, Position, Rules, Score};

use super::AnalysisError;

/// A value in a verdict's words: `38:34 (South wins)`, `36:36 (draw)`,
/// South's beans first.
pub(crate) fn describe(score: Score) -> String {
    match score.winner() {
        None => format!("{score} (draw)"),
        Some(winner) => format!("{score} ({winner} wins)"),
    }
}

/// What kind of judgement a record makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum JudgementKind {
    /// A mark on a ply or an alternative: `?`/`??` (it loses value), `!`
    /// (it keeps the value), `!!` (the only move that keeps it).
    Mark,
    /// A remark naming another move in the same position, with its mark:
    /// `(4?)`, `(but not 10?, loses)`.
    OtherMove,
    /// The words of such a remark about how the other move ends: the
    /// `loses` of `(but not 10?, loses)`, for the player who would play
    /// it.
    OtherMoveOutcome,
    /// The reply that refutes another move: the `6!` of `(but not 7?
    /// because of 6!)`, played after the other move.
    Refutation,
    /// An alternative, `8 or 9`: as good as the ply written first.
    Alternative,
    /// A remark that the ply wins the beans left on the board: `(wins the
    /// remaining beans)`.
    RemainingBeans,
    /// A move's ending: `6 and South loses.`
    Ending,
    /// Prose after the moves that states an outcome: `South wins with
    /// 50:22 points.`
    Prose,
    /// The stipulation of a problem, in a `Stipulation` tag or in the
    /// `Event` or `Title` tag: `South to move and draw`.
    Stipulation,
    /// A value written as a comment after a ply, `(%value 38:34)` or
    /// `(%eval d12 +4)` (see [`WrittenValue::of_ply`](crate::validate::WrittenValue::of_ply)):
    /// an exact value is checked against the solver's, an engine's
    /// estimate by searching again to its depth.
    Value,
}

impl JudgementKind {
    /// The kebab-case name, as in JSON: `other-move`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            JudgementKind::Mark => "mark",
            JudgementKind::OtherMove => "other-move",
            JudgementKind::OtherMoveOutcome => "other-move-outcome",
            JudgementKind::Refutation => "refutation",
            JudgementKind::Alternative => "alternative",
            JudgementKind::RemainingBeans => "remaining-beans",
            JudgementKind::Ending => "ending",
            JudgementKind::Prose => "prose",
            JudgementKind::Stipulation => "stipulation",
            JudgementKind::Value => "value",
        }
    }
}

impl fmt::Display for JudgementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the solver makes of a judgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Verdict {
    /// The exact values agree with the record.
    Confirmed,
    /// A value the judgement needs was not found within the budget: the
    /// judgement is neither confirmed nor contradicted (never guessed).
    Unanalysed,
    /// The exact values contradict the record; the message says why.
    Contradicted,
}

impl Verdict {
    /// The lowercase name, as printed: `confirmed`, `contradicted` or
    /// `unanalysed`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::Unanalysed => "unanalysed",
            Verdict::Contradicted => "contradicted",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One judgement of a record, with its place and its verdict.
///
/// `span` and `location` point into the text the record was read from,
/// as a [`Finding`](crate::validate::Finding)'s do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// What kind of judgement it is.
    pub kind: JudgementKind,
    /// Confirmed, contradicted or unanalysed.
    pub verdict: Verdict,
    /// The judgement as the record states it, with its move number:
    /// `3. 6!!`, `2... 10?`, `South loses`.
    pub claim: String,
    /// A sentence a person understands: the claim, then why it is
    /// confirmed or contradicted (the values, the move that keeps the
    /// value), or which value was not found.
    pub message: String,
    /// The line that shows a contradiction, when there is one: a best
    /// line from the position the judgement is about (after the move
    /// judged), moves in order.
    pub line: Vec<Move>,
    /// The text concerned.
    pub span: Span,
    /// Where `span` starts.
    pub location: Location,
    /// The ply concerned (as [`ReplayedPly::index`](crate::validate::ReplayedPly::index));
    /// `None` for a judgement about the whole record (a stipulation).
    pub ply: Option<usize>,
    /// Its move number.
    pub move_number: Option<u32>,
    /// The variation it is written in, such as `B`; `None` for the main
    /// line.
    pub variation: Option<String>,
}

impl Judgement {
    /// The judgement's line with the file name in front:
    /// `FILE:LINE:COL: VERDICT: MESSAGE`, as `bohnenspiel analyse` prints
    /// it.
    #[must_use]
    pub fn in_file<'a>(&'a self, file: &'a str) -> impl fmt::Display + 'a {
        JudgementLine {
            file: Some(file),
            judgement: self,
        }
    }
}

impl fmt::Display for Judgement {
    /// `LINE:COL: VERDICT: MESSAGE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        JudgementLine {
            file: None,
            judgement: self,
        }
        .fmt(f)
    }
}

/// The one-line form of a judgement: `FILE:LINE:COL: VERDICT: MESSAGE`
/// (see [`Judgement::in_file`]).
#[derive(Debug, Clone, Copy)]
struct JudgementLine<'a> {
    /// The file, if named.
    file: Option<&'a str>,
    /// The judgement.
    judgement: &'a Judgement,
}

impl fmt::Display for JudgementLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = self.file {
            write!(f, "{file}:")?;
        }
        let judgement = self.judgement;
        write!(
            f,
            "{}:{}: {}: {}",
            judgement.location.line,
            judgement.location.column,
            judgement.verdict,
            judgement.message
        )
    }
}

/// The value of one replayed ply: the position before and after it, and
/// the exact value of each (with the line's history since the last
/// capture).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyValue {
    /// The ply number along its line (as [`ReplayedPly::index`](crate::validate::ReplayedPly::index)).
    pub index: usize,
    /// Its move number.
    pub number: u32,
    /// The player who moved.
    pub player: Player,
    /// The move, or `None` for a written pass.
    pub mv: Option<Move>,
    /// Where the ply is written.
    pub span: Span,
    /// Where `span` starts.
    pub location: Location,
    /// The position before the ply.
    pub position_before: Position,
    /// The position after it.
    pub position_after: Position,
    /// The value before the ply, or why the solver gave none
    /// ([`AnalysisError::OutOfBudget`]: the ply is unanalysed).
    pub before: Result<Score, AnalysisError>,
    /// The value after the ply, likewise.
    pub after: Result<Score, AnalysisError>,
}

impl PlyValue {
    /// Whether a value of the ply was not found: the ply is unanalysed.
    #[must_use]
    pub fn is_unanalysed(&self) -> bool {
        self.before.is_err() || self.after.is_err()
    }
}

/// The values of the plies of one line, main line or variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineValues {
    /// The variation's label, such as `B`; `None` for the main line.
    pub variation: Option<String>,
    /// The line's own plies (a variation's plies from its branch point
    /// on), in order.
    pub plies: Vec<PlyValue>,
}

/// What analysing one record found: the replay, the value of every ply
/// of every line, and every judgement with its verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The validation report of the replay analysed.
    pub report: Report,
    /// The start position analysed.
    pub start: Position,
    /// The rules of the analysis (the record's `Rules` tag's, else the
    /// options').
    pub rules: Rules,
    /// The value of the start position (which has no history).
    pub start_value: Result<Score, AnalysisError>,
    /// The values of the main line's plies, then of each replayed
    /// variation's.
    pub lines: Vec<LineValues>,
    /// Every judgement, in the order of their places in the text.
    pub judgements: Vec<Judgement>,
}

impl Analysis {
    /// Whether any judgement is contradicted.
    #[must_use]
    pub fn is_contradicted(&self) -> bool {
        self.judgements
            .iter()
            .any(|judgement| judgement.verdict == Verdict::Contradicted)
    }

    /// The judgements with this verdict.
    pub fn with_verdict(&self, verdict: Verdict) -> impl Iterator<Item = &Judgement> + '_ {
        self.judgements
            .iter()
            .filter(move |judgement| judgement.verdict == verdict)
    }

    /// The number of judgements with this verdict.
    #[must_use]
    pub fn count(&self, verdict: Verdict) -> usize {
        self.with_verdict(verdict).count()
    }

    /// The number of plies (over all lines) with a value not found.
    #[must_use]
    pub fn unanalysed_plies(&self) -> usize {
        self.lines
            .iter()
            .flat_map(|line| &line.plies)
            .filter(|ply| ply.is_unanalysed())
            .count()
    }
}
