//! Rule options: the Hemprich variant and how endless play is scored.

use std::fmt;
use std::str::FromStr;

use crate::{Player, Position, RulesError, Score};

/// Which rules a [`Game`](crate::Game) follows. The default is the
/// standard game, with endless play scored [`EndlessPlay::OwnSide`] and
/// ended only by a claim (no [`Rules::repetition_ends_at`]).
///
/// ```
/// use bohnenspiel::{EndlessPlay, Rules, Variant};
///
/// let rules = Rules { variant: Variant::Hemprich, ..Rules::default() };
/// assert_eq!(rules.endless_play, EndlessPlay::OwnSide);
/// assert_eq!(rules.repetition_ends_at, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The standard game, or Hemprich's 1926 variant.
    pub variant: Variant,
    /// How the beans left on the board are shared when a game ends on a
    /// repeated position.
    pub endless_play: EndlessPlay,
    /// What a position that occurs again since the last capture does to
    /// a game: `None` (the default), it only entitles a player to end the
    /// game by a claim; `Some(n)`, the game ends by itself when a
    /// position occurs for the `n`-th time since the last capture
    /// (`Some(2)` ends it at the first repetition; 0 and 1 count as 2).
    ///
    /// The published rules know no end by repetition, and games played by
    /// people (or by other programs) pass through a position twice and
    /// then end normally: a repetition therefore only entitles a player to
    /// end the game ([`Game::claim_repetition`](crate::Game::claim_repetition)),
    /// the beans on the board shared as [`EndlessPlay`] says. A record
    /// that stops at a repeated position, before the game is over, was
    /// ended by that claim, whatever this option says (see
    /// [`validate`](crate::validate)). A program that plays on its own
    /// (random playouts, self-play) needs an automatic end, because some
    /// games never end otherwise: with one bean on each side, six holes
    /// apart, each side has one legal move for ever (see the
    /// [`Game`](crate::Game#repetition) example).
    #[cfg_attr(feature = "serde", serde(default))]
    pub repetition_ends_at: Option<u8>,
}

/// The rules variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Variant {
    /// The game ends when the player to move has no beans; the beans left
    /// go to the player who moved last.
    #[default]
    Standard,
    /// K. Hemprich, 1926: a player who cannot move passes (recorded as an
    /// [`Action::Pass`](crate::Action::Pass) ply in the game's history),
    /// and the game ends only when every bean is captured (or on a
    /// repeated position, as [`Rules::repetition_ends_at`] says).
    Hemprich,
}

/// How a game that ends on a repeated position (same board, stores and
/// player to move, occurring again since the last capture) is scored: the
/// beans still on the board are shared out as this option says; the
/// stores are kept. Such a game ends by a player's claim, or automatically
/// as [`Rules::repetition_ends_at`] says; a repetition alone does not end it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndlessPlay {
    /// Each player takes the beans on their own side (the default, and the
    /// usual mancala convention).
    #[default]
    OwnSide,
    /// The player who made the last move (the last sowing) takes them all.
    LastMover,
    /// Each player takes half. Stores are always even and the total is 72,
    /// so the beans on the board are always even and split exactly; there
    /// is never an odd bean.
    Split,
}

impl EndlessPlay {
    /// The final score of a game ended by repetition in `position`, where
    /// `last_mover` made the last move.
    ///
    /// ```
    /// use bohnenspiel::{EndlessPlay, Player, Position, Score};
    ///
    /// let position: Position = "3,0,0,0,0,0/0,0,0,0,1,0 34:34 S".parse()?;
    /// let score = |rule: EndlessPlay| rule.score(&position, Player::North);
    /// assert_eq!(score(EndlessPlay::OwnSide), Score::new(37, 35));
    /// assert_eq!(score(EndlessPlay::LastMover), Score::new(34, 38));
    /// assert_eq!(score(EndlessPlay::Split), Score::new(36, 36));
    /// # Ok::<(), bohnenspiel::RulesError>(())
    /// ```
    #[must_use]
    pub fn score(self, position: &Position, last_mover: Player) -> Score {
        let mut score = position.stores();
        match self {
            EndlessPlay::OwnSide => {
                for player in Player::ALL {
                    *score.of_mut(player) += position.beans_on_side(player);
                }
            }
            EndlessPlay::LastMover => *score.of_mut(last_mover) += position.beans_on_board(),
            EndlessPlay::Split => {
                let left = position.beans_on_board();
                score.south += left / 2;
                score.north += left - left / 2;
            }
        }
        score
    }
}

impl Variant {
    /// The variant's name, as the `Rules` tag of a record and the
    /// command line's `--variant` write it: `standard` or `hemprich`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Hemprich => "hemprich",
        }
    }
}

impl EndlessPlay {
    /// The rule's name, as the `Rules` tag of a record and the command
    /// line's `--endless` write it: `own-side`, `last-mover` or `split`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndlessPlay::OwnSide => "own-side",
            EndlessPlay::LastMover => "last-mover",
            EndlessPlay::Split => "split",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for EndlessPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Keeps a text short enough to quote in an error message.
fn quoted(text: &str) -> String {
    text.chars().take(40).collect()
}

impl FromStr for Variant {
    type Err = RulesError;

    /// `standard` or `hemprich`, in any case.
    fn from_str(text: &str) -> Result<Variant, RulesError> {
        let text = text.trim();
        [Variant::Standard, Variant::Hemprich]
            .into_iter()
            .find(|variant| variant.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| RulesError::NotAVariant(quoted(text)))
    }
}

impl FromStr for EndlessPlay {
    type Err = RulesError;

    /// `own-side`, `last-mover` or `split`, in any case.
    fn from_str(text: &str) -> Result<EndlessPlay, RulesError> {
        let text = text.trim();
        [
            EndlessPlay::OwnSide,
            EndlessPlay::LastMover,
            EndlessPlay::Split,
        ]
        .into_iter()
        .find(|rule| rule.name().eq_ignore_ascii_case(text))
        .ok_or_else(|| RulesError::NotAnEndlessPlayRule(quoted(text)))
    }
}

/// The rules a record was played by, as its `Rules` tag writes them.
///
/// The grammar: parts separated by `;`, each either a variant's name
/// (`standard` or `hemprich`) or `endless=` and an endless-play rule's
/// name (`own-side`, `last-mover` or `split`); each at most once, in any
/// order and case, with spaces around the parts and around `=` ignored.
/// What is not given keeps its default (the standard variant, endless
/// play [`EndlessPlay::OwnSide`]), and [`Rules::repetition_ends_at`] is always
/// `None`. The empty text is the default rules.
///
/// [`Display`](fmt::Display) writes the canonical form: the variant, then
/// `; endless=RULE` unless the rule is the default one.
///
/// ```
/// use bohnenspiel::{EndlessPlay, Rules, Variant};
///
/// let rules: Rules = "hemprich; endless=split".parse()?;
/// assert_eq!(rules.variant, Variant::Hemprich);
/// assert_eq!(rules.endless_play, EndlessPlay::Split);
/// assert_eq!(rules.to_string(), "hemprich; endless=split");
/// assert_eq!("Standard".parse::<Rules>()?, Rules::default());
/// assert_eq!(Rules::default().to_string(), "standard");
/// assert!("hemprich; hemprich".parse::<Rules>().is_err());
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let mut variant = None;
        let mut endless_play = None;
        for part in text
            .split(';')
            .map(str::trim)
            .filter(|part| !part.is_empty())
        {
            if let Some((name, value)) = part.split_once('=') {
                if !name.trim().eq_ignore_ascii_case("endless") {
                    return Err(RulesError::NotARulesPart(quoted(part)));
                }
                if endless_play.replace(value.parse()?).is_some() {
                    return Err(RulesError::RulesGivenTwice("endless-play rule"));
                }
            } else {
                let parsed = part.parse().map_err(|error| match error {
                    RulesError::NotAVariant(_) => RulesError::NotARulesPart(quoted(part)),
                    other => other,
                })?;
                if variant.replace(parsed).is_some() {
                    return Err(RulesError::RulesGivenTwice("variant"));
                }
            }
        }
        Ok(Rules {
            variant: variant.unwrap_or_default(),
            endless_play: endless_play.unwrap_or_default(),
            repetition_ends_at: None,
        })
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.name())?;
        if self.endless_play != EndlessPlay::OwnSide {
            write!(f, "; endless={}", self.endless_play)?;
        }
        Ok(())
    }
}
