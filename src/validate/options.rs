//! How strictly to validate, and under which rules.

use crate::Rules;

/// Validation settings.
///
/// The default is lenient validation under the standard rules: a capture
/// the record does not annotate is a warning, not an error.
///
/// ```
/// use bohnenspiel::Rules;
/// use bohnenspiel::validate::Options;
///
/// let options = Options { strict: true, ..Options::default() };
/// assert_eq!(options.rules, Rules::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// Treat a capture the record does not annotate as an error
    /// ([`FindingKind::UnannotatedCapture`](super::FindingKind::UnannotatedCapture)
    /// becomes [`Severity::Error`](super::Severity::Error)).
    pub strict: bool,
    /// The rules the record is replayed under.
    pub rules: Rules,
}
