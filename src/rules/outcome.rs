//! Scores and the result of a game.

use std::fmt;
use std::str::FromStr;

use crate::{Player, RulesError, TOTAL_BEANS};

/// A number of beans for each player: the stores of a position, or the
/// final score of a game.
///
/// Prints as `south:north`, such as `50:22`.
///
/// ```
/// use bohnenspiel::{Outcome, Player, Score};
///
/// let score = Score::new(50, 22);
/// assert_eq!(score.of(Player::North), 22);
/// assert_eq!(score.outcome(), Outcome::Decisive { winner: Player::South });
/// assert_eq!(Score::new(36, 36).outcome(), Outcome::Draw);
/// assert_eq!(score.to_string(), "50:22");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// South's beans.
    pub south: u8,
    /// North's beans.
    pub north: u8,
}

impl Score {
    /// A score of `south` and `north` beans.
    #[must_use]
    pub const fn new(south: u8, north: u8) -> Score {
        Score { south, north }
    }

    /// The beans of `player`.
    #[must_use]
    #[inline]
    pub const fn of(self, player: Player) -> u8 {
        match player {
            Player::South => self.south,
            Player::North => self.north,
        }
    }

    /// A mutable reference to the beans of `player`.
    #[inline]
    pub fn of_mut(&mut self, player: Player) -> &mut u8 {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    /// Both counts added, in a type that cannot overflow.
    #[must_use]
    pub const fn total(self) -> u16 {
        self.south as u16 + self.north as u16
    }

    /// The player with more beans wins; equal counts are a draw. For a
    /// final score, whose counts add up to 72, that is: more than 36 wins,
    /// and 36–36 is a draw.
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        if self.south > self.north {
            Outcome::Decisive {
                winner: Player::South,
            }
        } else if self.north > self.south {
            Outcome::Decisive {
                winner: Player::North,
            }
        } else {
            Outcome::Draw
        }
    }

    /// The player with more beans, or `None` on equal counts.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        self.outcome().winner()
    }
}

impl fmt::Display for Score {
    /// `South:North`, such as `50:22`, written at once without the
    /// formatting machinery (every game's summary holds one).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; 7];
        let mut len = 0;
        let mut put = |byte: u8| {
            if let Some(at) = text.get_mut(len) {
                *at = byte;
                len += 1;
            }
        };
        for (i, count) in [self.south, self.north].into_iter().enumerate() {
            if i == 1 {
                put(b':');
            }
            if count >= 100 {
                put(b'0' + count / 100);
            }
            if count >= 10 {
                put(b'0' + count / 10 % 10);
            }
            put(b'0' + count % 10);
        }
        f.write_str(std::str::from_utf8(text.get(..len).unwrap_or_default()).unwrap_or_default())
    }
}

impl Score {
    /// The score with the winner in words, South's count first:
    /// `South wins 50:22`, `North wins 30:42` or `draw 36:36`. Every
    /// summary and message that names a winner prints a score this way.
    ///
    /// ```
    /// use bohnenspiel::Score;
    ///
    /// assert_eq!(Score::new(50, 22).in_words().to_string(), "South wins 50:22");
    /// assert_eq!(Score::new(30, 42).in_words().to_string(), "North wins 30:42");
    /// assert_eq!(Score::new(36, 36).in_words().to_string(), "draw 36:36");
    /// ```
    #[must_use]
    pub fn in_words(self) -> impl fmt::Display + Copy {
        InWords(self)
    }

    /// Whether the score can end a game: the counts add up to all 72
    /// beans.
    #[must_use]
    pub const fn is_final(self) -> bool {
        self.total() == TOTAL_BEANS as u16
    }
}

/// A [`Score`] with the winner in words (see [`Score::in_words`]).
#[derive(Debug, Clone, Copy)]
struct InWords(Score);

impl fmt::Display for InWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = self.0;
        // In pieces, without the formatting machinery.
        match score.outcome() {
            Outcome::Decisive { winner } => {
                fmt::Display::fmt(&winner, f)?;
                f.write_str(" wins ")?;
            }
            Outcome::Draw => f.write_str("draw ")?,
        }
        fmt::Display::fmt(&score, f)
    }
}

/// Reads `South:North`, such as `50:22`: two counts of beans (spaces
/// around either are allowed) that add up to at most 72, the beans of
/// the game. This is the one reading of a score, for `Result` tags and
/// wherever else a score is written.
///
/// ```
/// use bohnenspiel::{RulesError, Score};
///
/// assert_eq!("50:22".parse(), Ok(Score::new(50, 22)));
/// assert_eq!(" 0 : 2 ".parse(), Ok(Score::new(0, 2)));
/// assert_eq!("50-22".parse::<Score>(), Err(RulesError::NotAScore));
/// assert_eq!("50:40".parse::<Score>(), Err(RulesError::ScoreTooLarge { total: 90 }));
/// ```
impl FromStr for Score {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Score, RulesError> {
        let (south, north) = text.split_once(':').ok_or(RulesError::NotAScore)?;
        let count = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(RulesError::NotAScore);
            }
            // Too long for a u16: more than the game has, counted as such.
            Ok(part.parse::<u16>().unwrap_or(u16::MAX))
        };
        let (south, north) = (count(south)?, count(north)?);
        let total = south.saturating_add(north);
        match (u8::try_from(south), u8::try_from(north)) {
            (Ok(south), Ok(north)) if total <= u16::from(TOTAL_BEANS) => {
                Ok(Score::new(south, north))
            }
            _ => Err(RulesError::ScoreTooLarge { total }),
        }
    }
}

/// How a game ended: a win for one player, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome {
    /// One player has more beans: more than 36 of the 72.
    Decisive {
        /// The player who won.
        winner: Player,
    },
    /// 36 beans each.
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `South wins`, `North wins` or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner } => write!(f, "{winner} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}
