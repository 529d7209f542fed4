//! How strictly to validate, and under which rules.

use crate::{EndlessPlay, Position, Rules, Variant};

/// Validation settings.
///
/// The default is lenient validation under the standard rules (unless a
/// record's `Rules` tag names others): a capture the record does not
/// annotate is a warning, not an error; the report keeps every replayed
/// ply.
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
    /// The rules a record is replayed under, unless its `Rules` tag names
    /// others (the tag wins). Whatever [`Rules::repetition_ends_at`] says, a
    /// record is replayed with `repetition_ends_at: None`:
    /// see the [module documentation](super).
    pub rules: Rules,
    /// Whether the variant of [`Options::rules`] was chosen on purpose
    /// (on the command line, `--variant`) rather than left at its
    /// default: a record's `Rules` tag that contradicts it gets a
    /// [`FindingKind::RulesConflict`](super::FindingKind::RulesConflict)
    /// warning. [`Options::choose_rules`] sets it.
    pub variant_chosen: bool,
    /// Whether the endless-play rule of [`Options::rules`] was chosen on
    /// purpose (on the command line, `--endless`), as
    /// [`Options::variant_chosen`] for the variant.
    pub endless_play_chosen: bool,
    /// Keep every replayed ply in the report's lines ([`Line::plies`](super::Line::plies)),
    /// as annotating a record, converting it to JSON or drawing its boards
    /// needs. Off, a report holds the findings, the result and the last
    /// position of each line, and [`Validator`](super::Validator) checks a
    /// game that turns out clean without building its tree at all, which
    /// is several times faster.
    pub keep_plies: bool,
    /// The position to replay a record from instead of the start its
    /// `Setup` tag gives (or the opening): the tag is then ignored,
    /// whatever it says (`?` included). `None`, the default, replays
    /// from the record's own start. This is how a record whose start was
    /// lost is tried on a candidate start position; a
    /// [`Validator`](super::Validator) given a start checks every game
    /// in full.
    pub start: Option<Position>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strict: false,
            rules: Rules::default(),
            variant_chosen: false,
            endless_play_chosen: false,
            keep_plies: true,
            start: None,
        }
    }
}

impl Options {
    /// These options with the variant and the endless-play rule chosen on
    /// purpose where given (as the command line's `--variant` and
    /// `--endless` do): a record's `Rules` tag still wins, but one that
    /// contradicts a part chosen here is reported.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::{FindingKind, Options, validate};
    /// use bohnenspiel::{EndlessPlay, Variant};
    ///
    /// let options = Options::default().choose_rules(None, Some(EndlessPlay::Split));
    /// assert_eq!(options.rules.endless_play, EndlessPlay::Split);
    /// let games = parse_records("[Rules \"hemprich\"]\n\n4,8; 6,12 (2 from 8)\n");
    /// let report = validate(&games[0], &options);
    /// assert_eq!(report.rules.variant, Variant::Hemprich);
    /// assert_eq!(report.rules.endless_play, EndlessPlay::OwnSide);
    /// assert_eq!(report.findings[0].kind, FindingKind::RulesConflict);
    /// ```
    #[must_use]
    pub fn choose_rules(
        mut self,
        variant: Option<Variant>,
        endless_play: Option<EndlessPlay>,
    ) -> Options {
        if let Some(variant) = variant {
            self.rules.variant = variant;
            self.variant_chosen = true;
        }
        if let Some(endless_play) = endless_play {
            self.rules.endless_play = endless_play;
            self.endless_play_chosen = true;
        }
        self
    }
}
