//! The 2-bit form of a table, and the outcomes both forms give (see the
//! [module docs](super#the-2-bit-form)).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::index::level_index;
use super::set::{self, Levels};
use super::{EndgameTable, TableError, TableForm};
use crate::{EndlessPlay, Outcome, Player, Position, Rules, Score, Variant};

/// The outcome of a board from its 2-bit code.
const fn outcome_of(code: u8) -> Outcome {
    match code {
        0 => Outcome::Decisive {
            winner: Player::North,
        },
        1 => Outcome::Draw,
        _ => Outcome::Decisive {
            winner: Player::South,
        },
    }
}

impl EndgameTable {
    /// Who gets more of the beans on the board of `position` under best
    /// play, if it has no history (South, North, or half each:
    /// [`Outcome::Draw`]): the outcome of the game when both stores hold
    /// the same, as the 2-bit form keeps it ([`WdlTable::board_outcome`]);
    /// `None` when the board holds more beans than the table covers.
    #[must_use]
    pub fn board_outcome(&self, position: &Position) -> Option<Outcome> {
        let south = self.board_value(position)?;
        Some(outcome_of(super::file::wdl_code(
            south,
            position.beans_on_board(),
        )))
    }

    /// The outcome of the game from `position` under best play, if it has
    /// no history, the stores counted: the outcome of
    /// [`EndgameTable::value`]; `None` when the board holds more beans
    /// than the table covers.
    #[must_use]
    pub fn outcome(&self, position: &Position) -> Option<Outcome> {
        self.value(position).map(Score::outcome)
    }
}

/// A table in the 2-bit form: for every board up to
/// [`WdlTable::beans`] beans and each player to move, whether South gets
/// more than half of the board under best play, half, or less (see the
/// [module docs](super#the-2-bit-form)). Read from the level files
/// [`EndgameTable::write_level`] writes in [`TableForm::Wdl`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WdlTable {
    variant: Variant,
    endless_play: EndlessPlay,
    beans: u8,
    bits: Vec<u8>,
    /// Where each level's bytes begin in `bits`, level 0 first.
    starts: Vec<usize>,
}

impl fmt::Debug for WdlTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WdlTable")
            .field("rules", &self.rules())
            .field("beans", &self.beans)
            .field("bytes", &self.bits.len())
            .finish()
    }
}

impl WdlTable {
    fn from_levels(levels: Levels) -> WdlTable {
        WdlTable {
            variant: levels.variant,
            endless_play: levels.endless_play,
            beans: levels.beans,
            bits: levels.bytes,
            starts: levels.starts,
        }
    }

    /// Reads the level files in the 2-bit form written one after another
    /// to `input`, from level 0 up.
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::read`].
    pub fn read(input: impl Read) -> Result<WdlTable, TableError> {
        set::read_stream(input, TableForm::Wdl).map(WdlTable::from_levels)
    }

    /// Reads the level files at `paths`, in any order; see
    /// [`EndgameTable::open_files`].
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::open_files`].
    pub fn open_files(paths: &[PathBuf]) -> Result<WdlTable, TableError> {
        set::read_files(paths, TableForm::Wdl).map(WdlTable::from_levels)
    }

    /// Reads the table from `path`: every `.wdl` level file in it if it
    /// is a directory, else the level files one after another in it; see
    /// [`EndgameTable::open`].
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::open`].
    pub fn open(path: &Path) -> Result<WdlTable, TableError> {
        super::open(path, TableForm::Wdl).map(WdlTable::from_levels)
    }

    /// The bytes the table takes: 2 bits a position.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bits.len() as u64
    }

    /// Whether the table's results hold under `rules`: the same variant
    /// and endless-play rule.
    #[must_use]
    pub fn covers(&self, rules: Rules) -> bool {
        rules.variant == self.variant && rules.endless_play == self.endless_play
    }

    /// The rules the table was built for ([`Rules::repetition_ends_at`]
    /// is the default; it does not change values).
    #[must_use]
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            endless_play: self.endless_play,
            ..Rules::default()
        }
    }

    /// The most beans on a board the table covers.
    #[must_use]
    pub const fn beans(&self) -> u8 {
        self.beans
    }

    /// Who gets more of the beans on the board of `position` under best
    /// play, if it has no history (South, North, or half each:
    /// [`Outcome::Draw`]): the outcome of the game when both stores hold
    /// the same; `None` when the board holds more beans than the table
    /// covers.
    #[must_use]
    pub fn board_outcome(&self, position: &Position) -> Option<Outcome> {
        let beans = position.beans_on_board();
        if beans > self.beans || beans % 2 == 1 {
            return None;
        }
        let index = level_index(&position.board(), beans, position.turn());
        let start = *self.starts.get(usize::from(beans / 2))?;
        let byte = self.bits.get(start + usize::try_from(index / 4).ok()?)?;
        Some(outcome_of(byte >> (2 * (index % 4)) & 0b11))
    }

    /// The outcome of the game from `position` under best play, if it has
    /// no history, the stores counted, when the board's outcome decides
    /// it: when the board's winner is not behind in the stores (or the
    /// board is shared and so are the stores, a draw). `None` otherwise,
    /// or when the board holds more beans than the table covers.
    #[must_use]
    pub fn outcome(&self, position: &Position) -> Option<Outcome> {
        let stores = position.stores();
        let lead = stores.south.cmp(&stores.north);
        let ahead = |winner| Outcome::Decisive { winner };
        match (self.board_outcome(position)?, lead) {
            (Outcome::Draw, std::cmp::Ordering::Equal) => Some(Outcome::Draw),
            (Outcome::Draw, std::cmp::Ordering::Greater)
            | (
                Outcome::Decisive {
                    winner: Player::South,
                },
                std::cmp::Ordering::Equal | std::cmp::Ordering::Greater,
            ) => Some(ahead(Player::South)),
            (Outcome::Draw, std::cmp::Ordering::Less)
            | (
                Outcome::Decisive {
                    winner: Player::North,
                },
                std::cmp::Ordering::Equal | std::cmp::Ordering::Less,
            ) => Some(ahead(Player::North)),
            _ => None,
        }
    }
}
