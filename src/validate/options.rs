//! How strictly to validate, and under which rules.

use crate::Rules;

/// Validation settings.
///
/// The default is lenient validation under the standard rules: a capture
/// the record does not annotate is a warning, not an error; the report
/// keeps every replayed ply.
///
/// ```
/// use bohnenspiel::Rules;
/// use bohnenspiel::validate::Options;
///
/// let options = Options { strict: true, ..Options::default() };
/// assert_eq!(options.rules, Rules::default());
/// assert!(options.keep_plies);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// Treat a capture the record does not annotate as an error
    /// ([`FindingKind::UnannotatedCapture`](super::FindingKind::UnannotatedCapture)
    /// becomes [`Severity::Error`](super::Severity::Error)).
    pub strict: bool,
    /// The rules the record is replayed under.
    pub rules: Rules,
    /// Keep every replayed ply in the report's lines ([`Line::plies`](super::Line::plies)),
    /// as annotating a record, converting it to JSON or drawing its boards
    /// needs. Off, a report holds the findings, the result and the last
    /// position of each line, and [`Validator`](super::Validator) checks a
    /// game that turns out clean without building its tree at all, which
    /// is several times faster.
    pub keep_plies: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strict: false,
            rules: Rules::default(),
            keep_plies: true,
        }
    }
}
