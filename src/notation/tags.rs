//! The tag names the crate knows, and the one reading of the tags the
//! replay depends on: `Setup`, `Rules` and `Result`.
//!
//! Every layer (validation, its streaming check, analysis) reads these
//! tags through [`Record::setup`], [`Record::rules`] and
//! [`Record::result`] (or, while a record is being read, through the same
//! functions on a tag's value), so that a rule about a tag is written
//! once.

use std::fmt;

use crate::{Position, Rules, RulesError, Score};

use super::{Record, Tag};

/// A tag name the crate knows. Other names are kept as custom tags; a
/// name a letter or two away from a known one (`Evnet`, `Resutl`,
/// `result`) is probably a misspelling of it ([`KnownTag::near`]).
///
/// | tag | meaning |
/// |---|---|
/// | `Event`, `Site`, `Date`, `Round`, `Source` | where, when and where published |
/// | `South`, `North` | the players |
/// | `Result` | the final score, South's count first: `50:22` |
/// | `Setup`, `SetupNote` | a start other than the opening (a position string, or `?` when unknown), and a remark on it |
/// | `Rules` | the rules the game was played by (see [`Rules`]'s text form) |
/// | `Stipulation`, `Title`, `Composer` | a problem's stipulation (`South to move and draw`), its title and composer |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KnownTag {
    /// `Event`.
    Event,
    /// `Site`.
    Site,
    /// `Date`.
    Date,
    /// `Round`.
    Round,
    /// `Source`.
    Source,
    /// `South`.
    South,
    /// `North`.
    North,
    /// `Result`.
    Result,
    /// `Setup`.
    Setup,
    /// `SetupNote`.
    SetupNote,
    /// `Rules`.
    Rules,
    /// `Stipulation`.
    Stipulation,
    /// `Title`.
    Title,
    /// `Composer`.
    Composer,
    /// `Partie`: the match (to 100 points) the game belongs to.
    Partie,
}

impl KnownTag {
    /// Every known tag, in the order of the table above.
    pub const ALL: [KnownTag; 15] = [
        KnownTag::Event,
        KnownTag::Site,
        KnownTag::Date,
        KnownTag::Round,
        KnownTag::Source,
        KnownTag::South,
        KnownTag::North,
        KnownTag::Result,
        KnownTag::Setup,
        KnownTag::SetupNote,
        KnownTag::Rules,
        KnownTag::Stipulation,
        KnownTag::Title,
        KnownTag::Composer,
        KnownTag::Partie,
    ];

    /// The name as written in a tag line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            KnownTag::Event => "Event",
            KnownTag::Site => "Site",
            KnownTag::Date => "Date",
            KnownTag::Round => "Round",
            KnownTag::Source => "Source",
            KnownTag::South => "South",
            KnownTag::North => "North",
            KnownTag::Result => "Result",
            KnownTag::Setup => "Setup",
            KnownTag::SetupNote => "SetupNote",
            KnownTag::Rules => "Rules",
            KnownTag::Stipulation => "Stipulation",
            KnownTag::Title => "Title",
            KnownTag::Composer => "Composer",
            KnownTag::Partie => "Partie",
        }
    }

    /// The known tag of this exact name (letter case included).
    #[must_use]
    pub fn named(name: &str) -> Option<KnownTag> {
        // A match, not a search of `ALL`: every tag of every record is
        // looked up.
        Some(match name {
            "Event" => KnownTag::Event,
            "Site" => KnownTag::Site,
            "Date" => KnownTag::Date,
            "Round" => KnownTag::Round,
            "Source" => KnownTag::Source,
            "South" => KnownTag::South,
            "North" => KnownTag::North,
            "Result" => KnownTag::Result,
            "Setup" => KnownTag::Setup,
            "SetupNote" => KnownTag::SetupNote,
            "Rules" => KnownTag::Rules,
            "Stipulation" => KnownTag::Stipulation,
            "Title" => KnownTag::Title,
            "Composer" => KnownTag::Composer,
            "Partie" => KnownTag::Partie,
            _ => return None,
        })
    }

    /// The known tag that `name` is probably a misspelling of: not its
    /// name, but the same up to letter case and at most one edit (a
    /// letter added, left out, changed, or two letters swapped) for a
    /// name of up to five letters, two for a longer one.
    ///
    /// ```
    /// use bohnenspiel::notation::KnownTag;
    ///
    /// assert_eq!(KnownTag::near("Evnet"), Some(KnownTag::Event));
    /// assert_eq!(KnownTag::near("Resutl"), Some(KnownTag::Result));
    /// assert_eq!(KnownTag::near("result"), Some(KnownTag::Result));
    /// assert_eq!(KnownTag::near("Result"), None);
    /// assert_eq!(KnownTag::near("Opening"), None);
    /// ```
    #[must_use]
    pub fn near(name: &str) -> Option<KnownTag> {
        // Tag names are ASCII; a longer name is no misspelling of these.
        if name.len() > 16 || KnownTag::named(name).is_some() {
            return None;
        }
        let lower = name.to_ascii_lowercase();
        KnownTag::ALL
            .into_iter()
            .map(|tag| {
                let known = tag.name().to_ascii_lowercase();
                (strsim::osa_distance(&lower, &known), tag)
            })
            .filter(|&(distance, tag)| distance <= if tag.name().len() <= 5 { 1 } else { 2 })
            .min_by_key(|&(distance, _)| distance)
            .map(|(_, tag)| tag)
    }

    /// A bit of its own, for sets of tags seen.
    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for KnownTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a tag's name is, among the tags of one record read in order
/// ([`TagNames::read`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagName {
    /// A known tag, the first of its name.
    Known(KnownTag),
    /// A known tag given again: only the first counts.
    Again(KnownTag),
    /// Probably a misspelling of this known tag.
    Misspelled(KnownTag),
    /// A custom tag.
    Custom,
}

/// The known tags of one record seen so far.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TagNames(u16);

impl TagNames {
    /// What the next tag's `name` is.
    pub(crate) fn read(&mut self, name: &str) -> TagName {
        match KnownTag::named(name) {
            Some(tag) if self.0 & tag.bit() != 0 => TagName::Again(tag),
            Some(tag) => {
                self.0 |= tag.bit();
                TagName::Known(tag)
            }
            None => KnownTag::near(name).map_or(TagName::Custom, TagName::Misspelled),
        }
    }
}

/// What a `Setup` tag says about the start ([`Record::start`] gives it
/// as an `Option<Position>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StartTag {
    /// The game starts at this position.
    Position(Position),
    /// The start is unknown: `[Setup "?"]` (a problem published only as a
    /// diagram that was lost); such a record can be checked for syntax
    /// only.
    Unknown,
}

/// A tag whose value does not say what its name asks for, with the tag
/// in its message (as the validator's findings quote it); the accessors
/// of [`Record`] give the [`RulesError`] inside ([`TagValueError::reason`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TagValueError {
    /// A `Setup` tag that is neither a position string nor `?`.
    #[error("the Setup tag {value:?} is not a valid position: {error}")]
    Setup {
        /// The tag's value.
        value: String,
        /// Why it is not a position.
        error: RulesError,
    },
    /// A `Rules` tag that names no rules.
    #[error("the Rules tag {value:?} does not name rules: {error}")]
    Rules {
        /// The tag's value.
        value: String,
        /// Why it names no rules.
        error: RulesError,
    },
    /// A `Result` tag that is not a score.
    #[error("the Result tag {value:?} is not a score South:North such as 50:22")]
    ResultForm {
        /// The tag's value.
        value: String,
        /// Why it is not a score.
        error: RulesError,
    },
    /// A `Result` tag whose counts do not add up to the 72 beans every
    /// finished game has in its stores.
    #[error(
        "the Result tag {value:?} cannot end a game: its counts add up to {total}, and a finished game has all 72 beans in the stores"
    )]
    ResultTotal {
        /// The tag's value.
        value: String,
        /// The counts added.
        total: u16,
    },
}

impl TagValueError {
    /// Why the value is wrong, without the tag: the rules' error of the
    /// text.
    pub(crate) fn reason(self) -> RulesError {
        match self {
            TagValueError::Setup { error, .. }
            | TagValueError::Rules { error, .. }
            | TagValueError::ResultForm { error, .. } => error,
            TagValueError::ResultTotal { total, .. } if total > 72 => {
                RulesError::ScoreTooLarge { total }
            }
            TagValueError::ResultTotal { total, .. } => RulesError::ScoreNotFinal { total },
        }
    }
}

/// Reads a `Setup` tag's value: a position string, or `?` for an unknown
/// start (spaces around either allowed).
///
/// # Errors
///
/// [`TagValueError::Setup`] for anything else.
pub(crate) fn setup_value(value: &str) -> Result<StartTag, TagValueError> {
    if value.trim() == "?" {
        return Ok(StartTag::Unknown);
    }
    value
        .parse()
        .map(StartTag::Position)
        .map_err(|error| TagValueError::Setup {
            value: value.to_owned(),
            error,
        })
}

/// Reads a `Rules` tag's value (see [`Rules`]'s text form).
///
/// # Errors
///
/// [`TagValueError::Rules`] for a value that names no rules.
pub(crate) fn rules_value(value: &str) -> Result<Rules, TagValueError> {
    value.parse().map_err(|error| TagValueError::Rules {
        value: value.to_owned(),
        error,
    })
}

/// Reads a `Result` tag's value: a final score `South:North` whose counts
/// add up to 72 (see [`Score`]'s `FromStr`), or `None` for a value that
/// says the result is not known: empty, `*` or `?`.
///
/// The counts need not be even: a game ended by a claim of repetition
/// shares out the beans on the board, which can leave odd counts
/// (`37:35`).
///
/// # Errors
///
/// [`TagValueError::ResultForm`] for a value that is not a score,
/// [`TagValueError::ResultTotal`] for one whose counts do not add up to
/// 72.
pub(crate) fn result_value(value: &str) -> Result<Option<Score>, TagValueError> {
    let trimmed = value.trim();
    if matches!(trimmed, "" | "*" | "?") {
        return Ok(None);
    }
    match trimmed.parse::<Score>() {
        Ok(score) if score.is_final() => Ok(Some(score)),
        Ok(score) => Err(TagValueError::ResultTotal {
            value: value.to_owned(),
            total: score.total(),
        }),
        Err(RulesError::ScoreTooLarge { total }) => Err(TagValueError::ResultTotal {
            value: value.to_owned(),
            total,
        }),
        Err(error) => Err(TagValueError::ResultForm {
            value: value.to_owned(),
            error,
        }),
    }
}

impl Record {
    /// The first tag of a known name, which is the one that counts.
    #[must_use]
    pub fn known_tag(&self, tag: KnownTag) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == tag.name())
    }

    /// The position the record starts from: its (first) `Setup` tag's,
    /// or the opening when it has none; `None` when the tag says the
    /// start is unknown, `[Setup "?"]` (a problem published only as a
    /// diagram: such a record is checked for syntax only).
    ///
    /// ```
    /// use bohnenspiel::Position;
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = "[Setup \"0,1,0,0,2,1/0,0,3,0,0,1 34:30 S\"]\n\n5, 9\n".parse()?;
    /// let start: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
    /// assert_eq!(record.start()?, Some(start));
    /// let opening: Record = "4, 8\n".parse()?;
    /// assert_eq!(opening.start()?, Some(Position::new()));
    /// let unknown: Record = "[Setup \"?\"]\n\n5, 9\n".parse()?;
    /// assert_eq!(unknown.start()?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The [`RulesError`] of a `Setup` tag that is neither a position
    /// string nor `?`, as [`Position`]'s `FromStr` gives it.
    pub fn start(&self) -> Result<Option<Position>, RulesError> {
        let Some(tag) = self.known_tag(KnownTag::Setup) else {
            return Ok(Some(Position::new()));
        };
        Ok(
            match setup_value(&tag.value).map_err(TagValueError::reason)? {
                StartTag::Position(position) => Some(position),
                StartTag::Unknown => None,
            },
        )
    }

    /// The rules the (first) `Rules` tag names: `None` without one.
    ///
    /// ```
    /// use bohnenspiel::{Rules, Variant};
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = "[Rules \"hemprich\"]\n\n4, 8\n".parse()?;
    /// assert_eq!(record.rules()?.map(|rules| rules.variant), Some(Variant::Hemprich));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The [`RulesError`] of a value that names no rules, as [`Rules`]'s
    /// `FromStr` gives it.
    pub fn rules(&self) -> Result<Option<Rules>, RulesError> {
        self.known_tag(KnownTag::Rules)
            .map(|tag| rules_value(&tag.value).map_err(TagValueError::reason))
            .transpose()
    }

    /// The final score the (first) `Result` tag gives: `None` without
    /// one, or when it says the result is not known (empty, `*`, `?`).
    /// Its counts need not be even (see [`KnownTag::Result`]), but must
    /// add up to 72.
    ///
    /// ```
    /// use bohnenspiel::Score;
    /// use bohnenspiel::RulesError;
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = "[Result \"50:22\"]\n\n4, 8\n".parse()?;
    /// assert_eq!(record.result()?, Some(Score::new(50, 22)));
    /// let wrong: Record = "[Result \"50:21\"]\n\n4, 8\n".parse()?;
    /// assert_eq!(wrong.result(), Err(RulesError::ScoreNotFinal { total: 71 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RulesError::NotAScore`] for a value that is not a score,
    /// [`RulesError::ScoreTooLarge`] or [`RulesError::ScoreNotFinal`] for
    /// one whose counts do not add up to 72.
    pub fn result(&self) -> Result<Option<Score>, RulesError> {
        self.known_tag(KnownTag::Result)
            .map(|tag| result_value(&tag.value).map_err(TagValueError::reason))
            .transpose()
            .map(Option::flatten)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_in_order() {
        let mut names = TagNames::default();
        assert_eq!(names.read("Event"), TagName::Known(KnownTag::Event));
        assert_eq!(names.read("Evnet"), TagName::Misspelled(KnownTag::Event));
        assert_eq!(names.read("Event"), TagName::Again(KnownTag::Event));
        assert_eq!(names.read("Opening"), TagName::Custom);
        assert_eq!(names.read("Site"), TagName::Known(KnownTag::Site));
        // Every known name is its own, and no other's misspelling.
        for tag in KnownTag::ALL {
            assert_eq!(KnownTag::named(tag.name()), Some(tag));
            assert_eq!(KnownTag::near(tag.name()), None);
        }
    }

    #[test]
    fn results() {
        assert_eq!(result_value(" 36:36 "), Ok(Some(Score::new(36, 36))));
        assert_eq!(result_value("37:35"), Ok(Some(Score::new(37, 35))));
        for unknown in ["", " * ", "?"] {
            assert_eq!(result_value(unknown), Ok(None));
        }
        for (value, total) in [("50:21", 71), ("72:2", 74), ("300:0", 300)] {
            assert_eq!(
                result_value(value),
                Err(TagValueError::ResultTotal {
                    value: value.to_owned(),
                    total
                })
            );
        }
        assert!(matches!(
            result_value("50-22"),
            Err(TagValueError::ResultForm { .. })
        ));
    }
}
