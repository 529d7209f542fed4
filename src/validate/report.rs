//! What validating one record found: findings, the replayed lines and the
//! result.

use std::fmt::Write;

use crate::notation;
use crate::{Captures, GameEnd, Move, PlayError, Player, Position, Rules, Score};

use super::{Finding, FindingKind, Severity};
use crate::notation::Location;

/// One ply that was replayed: where it is written and what the rules
/// made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedPly {
    /// The move number (the row number in numbered movetext), from 1.
    pub number: u32,
    /// The ply number, from 1, counted from the start of the game along
    /// this line: a variation's first ply continues its parent's count.
    /// Plies are counted as the game counts them: in the Hemprich
    /// variant a forced pass, which the record leaves out, is a ply too.
    pub index: usize,
    /// The player who moved.
    pub player: Player,
    /// Where the ply is written: the span of the written ply (the first
    /// of its turn when alternatives are written). The written ply, with
    /// its mark and groups, is the record's: the plies of a line are its
    /// turns in order, and this span finds one.
    pub span: notation::Span,
    /// The move played, or `None` for a written pass (`-`, the Hemprich
    /// variant), which replays the pass the rules forced there.
    pub mv: Option<Move>,
    /// What the rules capture, in chain order.
    pub captures: Captures,
    /// What the rules capture for each alternative written with the ply
    /// (`8 or 9`), in written order, each played from the position before
    /// the turn; `None` for an alternative that cannot be played there.
    pub alternatives: Vec<Option<Captures>>,
    /// The position after the ply.
    pub after: Position,
}

/// Why the replay of a line stopped before its last written ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The ply is illegal (also a ply after the end of the game:
    /// [`PlayError::GameOver`]).
    Illegal(PlayError),
    /// The record has a syntax error at this place, and nothing from there
    /// on is replayed.
    SyntaxError(Location),
    /// The ply is a written pass (`-`) where the rules force none: the
    /// player to move has beans, or the rules are the standard ones.
    IllegalPass,
}

/// Where and why the replay of a line stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop {
    /// The ply that was not replayed, counted as [`ReplayedPly::index`].
    pub ply: usize,
    /// Its move number.
    pub move_number: u32,
    /// Why.
    pub reason: StopReason,
}

/// A replayed line: the main line, or a variation's own rows.
///
/// The parts that most lines lack, an end and a stop, are boxed, so that
/// a line takes 64 bytes (and its plies): a record of many short
/// variations keeps one line for each.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Line {
    /// The plies replayed, in order; for a variation only its own rows
    /// (the plies it shares with its parent are in the parent's line).
    /// Empty when [`Options::keep_plies`](super::Options::keep_plies) is
    /// off.
    pub plies: Vec<ReplayedPly>,
    /// The number ([`ReplayedPly::index`]) of the last ply replayed on
    /// this line, kept whether or not the plies are. When the line
    /// replayed no ply of its own: the number of plies before it (0 for
    /// the main line), or 0 when it was not replayed at all.
    pub last_index: usize,
    /// How the game ended on this line, if it did.
    pub end: Option<Box<GameEnd>>,
    /// Where replay stopped early, if it did.
    pub stop: Option<Box<Stop>>,
    /// The last position reached: after the last replayed ply, or the
    /// position the line starts from. `None` when the line was not
    /// replayed.
    pub position: Option<Position>,
}

impl Line {
    /// Whether the line was replayed (possibly up to an illegal ply).
    #[must_use]
    pub const fn is_replayed(&self) -> bool {
        self.position.is_some()
    }

    /// The stores when the line ends: the final score if the game ended,
    /// else the stores of the last position reached.
    #[must_use]
    pub fn score(&self) -> Option<Score> {
        self.end
            .as_deref()
            .map(|end| end.score)
            .or_else(|| self.position.map(|position| position.stores()))
    }
}

/// What validation made of one variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationReport {
    /// The label, such as `B`.
    pub label: notation::Label,
    /// The label of the line it branches from; `None` for the main line.
    pub parent: Option<notation::Label>,
    /// The move number it branches at: the number of its first row.
    pub branch: Option<u32>,
    /// Whether it was replayed against the rules (`false`: checked for
    /// syntax only, or its branch point could not be reached).
    pub replayed: bool,
    /// Its replayed rows.
    pub line: Line,
}

/// Where the replay of a record started, or why there was none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Start {
    /// Replayed from this position: the opening or the `Setup` tag's.
    Position(Position),
    /// Checked for syntax only: the `Setup` tag says that the start
    /// position is unknown (`[Setup "?"]`).
    Unknown,
    /// Not replayed: the `Setup` tag is not a position (or nothing was
    /// validated yet).
    #[default]
    NotReplayed,
}

impl Start {
    /// The start position, if the record was replayed from one.
    #[must_use]
    pub const fn position(self) -> Option<Position> {
        match self {
            Start::Position(position) => Some(position),
            Start::Unknown | Start::NotReplayed => None,
        }
    }
}

/// Everything validation found about one record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// Every finding, parse errors and warnings included, sorted by their
    /// place in the text.
    pub findings: Vec<Finding>,
    /// The start position the record was replayed from, or why it was
    /// not replayed.
    pub start: Start,
    /// The main line as replayed.
    pub main_line: Line,
    /// Every variation, in written order.
    pub variations: Vec<VariationReport>,
    /// How the game of the main line ended, if it did.
    pub end: Option<GameEnd>,
    /// The rules the record was replayed under: its `Rules` tag's, else
    /// those of the [`Options`](super::Options).
    pub rules: Rules,
    /// The final score the record's `Result` tag gives, if it gives one
    /// ([`Record::result`](crate::notation::Record::result)) and the
    /// record was replayed.
    pub result: Option<Score>,
}

impl Report {
    /// Whether any finding is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The number of errors.
    #[must_use]
    pub fn error_count(&self) -> usize {
        self.count(Severity::Error)
    }

    /// The number of warnings.
    #[must_use]
    pub fn warning_count(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// The number of notes.
    #[must_use]
    pub fn note_count(&self) -> usize {
        self.count(Severity::Note)
    }

    fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Whether syntax errors left the main line without a ply to replay.
    pub(crate) fn has_no_moves(&self) -> bool {
        self.main_line.last_index == 0
            && self.main_line.stop.is_none()
            && self
                .findings
                .iter()
                .any(|f| matches!(f.kind, FindingKind::Syntax | FindingKind::HoleOutOfRange))
    }

    /// The final score of the main line, if its game ended.
    #[must_use]
    pub fn final_score(&self) -> Option<Score> {
        self.end.map(|end| end.score)
    }

    /// One line a person reads, such as `South wins 50:22 (North cannot
    /// move)`, `North wins 22:50 (North cannot move)` (scores South's
    /// count first), `draw 36:36 (South cannot move)`, `unfinished after 37
    /// plies: 30:20 in the stores`, `ended by a claim of repetition after
    /// ply 12 (as at the start): South wins 37:35`, `checked up to ply 11:
    /// illegal ply 12 at move 6`, `not replayed: illegal ply 1 at move 1`
    /// or `syntax only: start position unknown`. A `Result` tag that an
    /// unfinished main line neither reaches nor contradicts is said:
    /// `; the Result tag's 50:22 is not confirmed`. Replayed variations
    /// are counted at the end: `; 4 variations replayed`.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut out = if self.start == Start::Unknown {
            "syntax only: start position unknown".to_owned()
        } else if self.start == Start::NotReplayed {
            if self
                .findings
                .iter()
                .any(|f| f.kind == FindingKind::InvalidSetup)
            {
                "not replayed: invalid Setup tag".to_owned()
            } else {
                "not replayed: syntax errors".to_owned()
            }
        } else if self.has_no_moves() {
            "not replayed: syntax errors".to_owned()
        } else {
            let mut line = line_summary(&self.main_line);
            if let Some(result) = self.result
                && self.end.is_none()
                && !self
                    .findings
                    .iter()
                    .any(|f| f.kind == FindingKind::ResultMismatch)
            {
                let _ = write!(line, "; the Result tag's {result} is not confirmed");
            }
            line
        };
        let replayed = self.variations.iter().filter(|v| v.replayed).count();
        if !self.variations.is_empty() && self.start != Start::Unknown {
            let total = self.variations.len();
            let noun = if total == 1 {
                "variation"
            } else {
                "variations"
            };
            if replayed == total {
                let _ = write!(out, "; {total} {noun} replayed");
            } else {
                let _ = write!(out, "; {replayed} of {total} {noun} replayed");
            }
        }
        out
    }
}

/// The summary of one replayed line.
pub(crate) fn line_summary(line: &Line) -> String {
    if let Some(&stop) = line.stop.as_deref() {
        // Which plies were replayed before the illegal one.
        let replayed = match line.last_index {
            0 => "not replayed".to_owned(),
            last => format!("checked up to ply {last}"),
        };
        if let StopReason::Illegal(error) = stop.reason
            && !matches!(error, PlayError::GameOver { .. })
        {
            return format!(
                "{replayed}: illegal ply {} at move {}",
                stop.ply, stop.move_number
            );
        }
        if let StopReason::IllegalPass = stop.reason
            && line.end.is_none()
        {
            return format!(
                "{replayed}: illegal ply {} at move {} (a pass)",
                stop.ply, stop.move_number
            );
        }
        if let StopReason::SyntaxError(location) = stop.reason {
            return match line.last_index {
                0 => format!("not replayed: the syntax error at {location} loses plies"),
                last => format!(
                    "checked up to ply {last}: the syntax error at {location} loses the plies after it"
                ),
            };
        }
    }
    let suffix = match line.stop.as_deref() {
        Some(stop) => format!("; ply {} comes after the end", stop.ply),
        None => String::new(),
    };
    match line.end.as_deref() {
        Some(&end) => {
            let mut out = String::with_capacity(64);
            let _ = write!(out, "{end}{suffix}");
            out
        }
        None => {
            let plies = count(line.last_index, "ply", "plies");
            let stores = line.score().unwrap_or_default();
            format!("unfinished after {plies}: {stores} in the stores")
        }
    }
}

/// `South wins 50:22`, `North wins 30:42` or `draw 36:36`: the score in
/// words, South's count first ([`Score::in_words`]).
pub(crate) fn outcome_text(score: Score) -> String {
    score.in_words().to_string()
}

/// `1 ply`, `2 plies`: a count with its noun in the singular or plural.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}
