//! Values written into a record as comments: `(%value 38:34)`, `(%eval
//! d12 +4)`, `(%verdict mark confirmed)`, as `bohnenspiel analyse
//! --write` writes them (in the manner of chess's `[%eval …]`).
//!
//! See [`WrittenValue::of_ply`] for the forms.

use std::fmt;

use crate::Score;
use crate::notation::{GroupKind, WrittenPly};

/// A value read from a comment (see [`WrittenValue::of_ply`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WrittenValue {
    /// `%value S:N`: the exact value of the position after the ply.
    Exact(Score),
    /// `%eval dD ±X`: the engine's estimate of the position after the
    /// ply.
    Estimate {
        /// The depth searched.
        depth: u32,
        /// South's final beans minus North's.
        difference: i32,
    },
    /// `%verdict KIND VERDICT`: a judgement's verdict.
    Verdict {
        /// The kind of judgement, in kebab case: `mark`, `other-move`.
        judgement: String,
        /// `confirmed`, `contradicted` or `unanalysed`.
        verdict: String,
    },
}

impl fmt::Display for WrittenValue {
    /// The comment's text: `%value 38:34`, `%eval d12 +4`, `%verdict mark
    /// confirmed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrittenValue::Exact(score) => write!(f, "%value {}:{}", score.south, score.north),
            WrittenValue::Estimate { depth, difference } => {
                write!(f, "%eval d{depth} {difference:+}")
            }
            WrittenValue::Verdict { judgement, verdict } => {
                write!(f, "%verdict {judgement} {verdict}")
            }
        }
    }
}

/// The verdicts a `%verdict` comment may name.
const VERDICTS: [&str; 3] = ["confirmed", "contradicted", "unanalysed"];

/// Why a comment that starts with `%` is no value: the message of a
/// [`FindingKind::MalformedValue`](super::FindingKind::MalformedValue)
/// warning.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ValueError {
    /// `%` then a word that names no value.
    #[error("`({text})` starts with `%` but is no value: expected `%value`, `%eval` or `%verdict`")]
    Unknown {
        /// The comment.
        text: String,
    },
    /// `%value` with no score after it.
    #[error(
        "`({text})` is no exact value: expected two bean counts, South's first, as `%value 38:34`"
    )]
    Exact {
        /// The comment.
        text: String,
    },
    /// `%eval` with no depth and difference after it.
    #[error(
        "`({text})` is no engine value: expected a depth and South's beans minus North's, as `%eval d12 +4`"
    )]
    Estimate {
        /// The comment.
        text: String,
    },
    /// `%verdict` with no kind and verdict after it.
    #[error(
        "`({text})` is no verdict: expected a kind of judgement and confirmed, contradicted or unanalysed, as `%verdict mark confirmed`"
    )]
    Verdict {
        /// The comment.
        text: String,
    },
}

/// The value written in `comment`, the text of a comment group: `None`
/// when it does not start with `%` (an ordinary comment); the forms are
/// those of [`WrittenValue::of_ply`].
#[must_use]
pub(crate) fn read_value(comment: &str) -> Option<Result<WrittenValue, ValueError>> {
    let body = comment.trim().strip_prefix('%')?;
    let mut words = body.split_whitespace();
    let keyword = words.next().unwrap_or_default();
    let args: Vec<&str> = words.collect();
    let text = || comment.trim().to_owned();
    Some(match keyword {
        "value" => exact(&args).ok_or_else(|| ValueError::Exact { text: text() }),
        "eval" => estimate(&args).ok_or_else(|| ValueError::Estimate { text: text() }),
        "verdict" => verdict(&args).ok_or_else(|| ValueError::Verdict { text: text() }),
        _ => Err(ValueError::Unknown { text: text() }),
    })
}

/// `S:N`.
fn exact(args: &[&str]) -> Option<WrittenValue> {
    let [score] = args else { return None };
    let (south, north) = score.split_once(':')?;
    Some(WrittenValue::Exact(Score::new(
        count(south)?,
        count(north)?,
    )))
}

/// A bean count: one to three digits.
fn count(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `dD ±X`.
fn estimate(args: &[&str]) -> Option<WrittenValue> {
    let [depth, difference] = args else {
        return None;
    };
    let depth = depth.strip_prefix('d')?;
    if depth.is_empty() || depth.len() > 3 || !depth.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (sign, digits) = match difference.split_at_checked(1)? {
        ("+", digits) => (1, digits),
        ("-", digits) => (-1, digits),
        _ => return None,
    };
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(WrittenValue::Estimate {
        depth: depth.parse().ok()?,
        difference: sign * digits.parse::<i32>().ok()?,
    })
}

/// `KIND VERDICT`.
fn verdict(args: &[&str]) -> Option<WrittenValue> {
    let [judgement, verdict] = args else {
        return None;
    };
    let kind = !judgement.is_empty()
        && judgement.len() <= 32
        && judgement
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-');
    (kind && VERDICTS.contains(verdict)).then(|| WrittenValue::Verdict {
        judgement: (*judgement).to_owned(),
        verdict: (*verdict).to_owned(),
    })
}

/// Whether a group is a value comment (its text starts with `%`), well
/// formed or not: the groups `bohnenspiel analyse --write` replaces.
#[must_use]
pub(crate) fn is_value_comment(kind: &GroupKind) -> bool {
    matches!(kind, GroupKind::Comment(text) if text.trim_start().starts_with('%'))
}

impl WrittenValue {
    /// The values written as comments on a ply, in written order, each with
    /// its group's index in [`WrittenPly::groups`].
    ///
    /// The grammar knows no such group: each is an ordinary comment, and
    /// this is the one place where a comment that starts with `%` is read as
    /// a value. A value comment stands after the ply it is about and gives
    /// the value of the position after that ply:
    ///
    /// | comment | meaning |
    /// |---|---|
    /// | `%value S:N` | the exact final score under best play, South's beans first; the two add up to the beans in the game (72) |
    /// | `%eval dD ±X` | the engine's estimate of South's final beans minus North's, searched to depth `D` from a fresh engine (`+0` for even) |
    /// | `%verdict KIND VERDICT` | the verdict of a judgement written with the ply: `mark confirmed`, `other-move contradicted`, `alternative unanalysed` |
    ///
    /// Any other text after `%` (an unknown word, `%value 38:3x`) is a
    /// malformed value, left out here, which [`validate`](crate::validate::validate) reports as a
    /// [`FindingKind::MalformedValue`](crate::validate::FindingKind::MalformedValue)
    /// warning, saying why; an exact value whose counts do not add up to the beans in the
    /// game is a [`FindingKind::ValueTotal`](crate::validate::FindingKind::ValueTotal)
    /// warning. Either way the comment stays a comment. A value prints
    /// (`Display`) as the comment that reads back as it.
    ///
    /// ```
    /// use bohnenspiel::notation::Record;
    /// use bohnenspiel::validate::WrittenValue;
    /// use bohnenspiel::Score;
    ///
    /// let record: Record = "4 (%value 38:34) (%eval d12 -4) (%value 38:3x) (a fine move)\n".parse()?;
    /// let ply = &record.movetext.moves[0].south.turn().ok_or("no ply")?.ply;
    /// let values: Vec<_> = WrittenValue::of_ply(ply).collect();
    /// assert_eq!(values.len(), 2);
    /// assert_eq!(values[0], (0, WrittenValue::Exact(Score::new(38, 34))));
    /// assert_eq!(values[1], (1, WrittenValue::Estimate { depth: 12, difference: -4 }));
    /// assert_eq!(WrittenValue::Estimate { depth: 8, difference: 0 }.to_string(), "%eval d8 +0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_ply(ply: &WrittenPly) -> impl Iterator<Item = (usize, WrittenValue)> + '_ {
        value_comments(ply).filter_map(|(k, value)| Some((k, value.ok()?)))
    }
}

/// The value comments of a ply, well formed or not, each with its
/// group's index: [`WrittenValue::of_ply`] with the malformed ones and why.
pub(crate) fn value_comments(
    ply: &WrittenPly,
) -> impl Iterator<Item = (usize, Result<WrittenValue, ValueError>)> + '_ {
    ply.groups
        .iter()
        .enumerate()
        .filter_map(|(k, group)| match &group.kind {
            GroupKind::Comment(text) => read_value(text).map(|value| (k, value)),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_written_form_reads_back_as_itself() {
        let values = [
            WrittenValue::Exact(Score::new(38, 34)),
            WrittenValue::Exact(Score::new(0, 72)),
            WrittenValue::Estimate {
                depth: 1,
                difference: 0,
            },
            WrittenValue::Estimate {
                depth: 12,
                difference: -14,
            },
            WrittenValue::Verdict {
                judgement: "other-move".to_owned(),
                verdict: "contradicted".to_owned(),
            },
        ];
        for value in values {
            assert_eq!(read_value(&value.to_string()), Some(Ok(value)));
        }
    }

    #[test]
    fn malformed_values_are_errors_not_comments() {
        for text in [
            "%value 38:3x",
            "%value 38",
            "%value 38:34 extra",
            "%value 1000:1",
            "%eval 12 +4",
            "%eval d12 4",
            "%eval dx +4",
            "%verdict mark fine",
            "%verdict Mark confirmed",
            "%clock 1:00",
            "%",
        ] {
            assert!(matches!(read_value(text), Some(Err(_))), "{text}");
        }
        assert_eq!(read_value("no value"), None);
        assert_eq!(read_value("50% chance"), None);
    }
}
