//! One call for each job: the game a record records,
//! and the record of a played game.

use crate::notation::{
    Group, GroupKind, KnownTag, Layout, Movetext, ParsedRecord, Record, SouthTurn, Span, StartTag,
    Tag, Turn, WrittenMove, WrittenPly, setup_value,
};
use crate::{Action, EndReason, Game, PlayError, Player, Position, Rules, RulesError};

use super::{Options, StopReason, compare, validate};

/// Why a record does not give a start position or a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The `Setup` tag is not a position string.
    #[error("the Setup tag {value:?} is not a valid position: {error}")]
    InvalidSetup {
        /// The tag's value.
        value: String,
        /// Why it is not a position, as [`Record::start`] says.
        error: RulesError,
    },
    /// The `Setup` tag says the start is unknown: `[Setup "?"]`.
    #[error("the Setup tag says the start position is unknown (\"?\")")]
    UnknownStart,
    /// A ply of the main line cannot be played.
    #[error("ply {ply} at move {move_number} cannot be played: {error}")]
    Illegal {
        /// The ply, from 1.
        ply: usize,
        /// Its move number.
        move_number: u32,
        /// Why.
        error: PlayError,
    },
    /// A pass (`-`) of the main line is written where the rules force
    /// none.
    #[error("ply {ply} at move {move_number} is a written pass, but the rules force none there")]
    IllegalPass {
        /// The ply, from 1.
        ply: usize,
        /// Its move number.
        move_number: u32,
    },
}

/// The start position of a record, as [`Record::start`] gives it, or
/// why there is none, with the `Setup` tag at fault.
pub(crate) fn start_of(record: &Record) -> Result<Position, (GameError, &Tag)> {
    let Some(tag) = record.known_tag(KnownTag::Setup) else {
        return Ok(Position::new());
    };
    match setup_value(&tag.value) {
        Ok(StartTag::Position(position)) => Ok(position),
        Ok(StartTag::Unknown) => Err((GameError::UnknownStart, tag)),
        Err(error) => Err((
            GameError::InvalidSetup {
                value: tag.value.clone(),
                error: error.reason(),
            },
            tag,
        )),
    }
}

impl TryFrom<&Record> for Game {
    type Error = GameError;

    /// The game a record's main line records, the way back from
    /// [`Record::from`](Record#impl-From%3C%26Game%3E-for-Record):
    /// replayed from its start position under its rules (its `Rules`
    /// tag's, else the standard rules), as [`validate`] replays it, the
    /// first ply of each turn. A record that stops at a repeated position
    /// ends the game by a claim, as in validation. Capture annotations are
    /// not compared (see [`validate`] for that).
    ///
    /// ```
    /// use bohnenspiel::Game;
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = std::fs::read_to_string("fixtures/rueger-1962.txt")?.parse()?;
    /// let game = Game::try_from(&record)?;
    /// assert_eq!(game.plies().len(), 37);
    /// assert_eq!(game.final_score().map(|score| score.to_string()).as_deref(), Some("50:22"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`GameError::InvalidSetup`] or [`GameError::UnknownStart`] when the
    /// record has no start position, [`GameError::Illegal`] or
    /// [`GameError::IllegalPass`] at the first ply of the main line that
    /// cannot be played.
    fn try_from(record: &Record) -> Result<Game, GameError> {
        replay_game(record)
    }
}

/// The game a record's main line records (see [`Game::try_from`]).
fn replay_game(record: &Record) -> Result<Game, GameError> {
    let start = start_of(record).map_err(|(error, _)| error)?;
    let parsed = ParsedRecord {
        record: record.clone(),
        errors: Vec::new(),
        warnings: Vec::new(),
        source: String::new(),
        offset: 0,
        first_line: 1,
    };
    let report = validate(&parsed, &Options::default());
    if let Some(&stop) = report.main_line.stop.as_deref() {
        match stop.reason {
            StopReason::Illegal(error) => {
                return Err(GameError::Illegal {
                    ply: stop.ply,
                    move_number: stop.move_number,
                    error,
                });
            }
            StopReason::IllegalPass => {
                return Err(GameError::IllegalPass {
                    ply: stop.ply,
                    move_number: stop.move_number,
                });
            }
            StopReason::SyntaxError(_) => {}
        }
    }
    let mut game = Game::new(start, report.rules);
    // A written pass replays the pass the game makes by itself.
    for (ply, mv) in report
        .main_line
        .plies
        .iter()
        .filter_map(|ply| ply.mv.map(|mv| (ply, mv)))
    {
        game.play(mv).map_err(|error| GameError::Illegal {
            ply: ply.index,
            move_number: ply.number,
            error,
        })?;
    }
    if let Some(end) = report.main_line.end.as_deref()
        && matches!(end.reason, EndReason::Repetition { .. })
        && game.end().is_none()
    {
        // The record stopped at a repeated position: a claim ended it.
        let _ = game.claim_repetition();
    }
    Ok(game)
}

impl From<&Game> for Record {
    /// The record of a played game: inline movetext, each ply in its
    /// player's column (a game that starts with North to move leaves South's
    /// turn of the first move out: `..., 8`), every ply sown with the
    /// rules' capture annotation and every pass of the Hemprich variant
    /// written `-`, a `Setup` tag when the game does
    /// not start at the opening and a `Rules` tag when its variant or endless
    /// play is not the default. It prints with [`Display`](std::fmt::Display) and
    /// validates clean.
    ///
    /// ```
    /// use bohnenspiel::{Game, Hole, Move};
    /// use bohnenspiel::notation::Record;
    ///
    /// let mut game = Game::default();
    /// for hole in [4, 8, 6, 12] {
    ///     game.play(Move::new(Hole::new(hole)?))?;
    /// }
    /// assert_eq!(Record::from(&game).to_string(), "4, 8; 6, 12 (2 from 8)\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from(game: &Game) -> Record {
        let mut tags = Vec::new();
        if *game.start() != Position::new() {
            tags.push(Tag {
                name: KnownTag::Setup.name().to_owned(),
                value: game.start().to_string(),
                span: Span::default(),
            });
        }
        // The tag names the variant and endless play; how a program ended
        // its game (`Rules::repetition_ends_at`) is no part of the record.
        let rules = Rules {
            repetition_ends_at: None,
            ..game.rules()
        };
        if rules != Rules::default() {
            tags.push(Tag {
                name: KnownTag::Rules.name().to_owned(),
                value: rules.to_string(),
                span: Span::default(),
            });
        }
        let plies: Vec<WrittenPly> = game
            .plies()
            .iter()
            .map(|ply| match &ply.action {
                Action::Sow { mv, captures } => {
                    let mut written = WrittenPly::new(mv.hole());
                    if let Some(annotation) = compare::canonical(captures) {
                        written.groups.push(Group {
                            kind: GroupKind::Captures {
                                annotation,
                                comment: None,
                            },
                            span: Span::default(),
                        });
                    }
                    written
                }
                Action::Pass => WrittenPly::pass(),
            })
            .collect();
        let mut moves = Vec::with_capacity(plies.len() / 2 + 1);
        let mut plies = plies.into_iter();
        // A game that starts with North to move starts with North's turn:
        // South's is left out of the first move (`..., 8`).
        let north_first = game.start().turn() == Player::North;
        if north_first && let Some(north) = plies.next() {
            moves.push(WrittenMove {
                number: None,
                south: SouthTurn::Elided {
                    span: Span::default(),
                },
                north: Some(Turn::single(north)),
                ending: None,
                full_stop: false,
                span: Span::default(),
            });
        }
        while let Some(south) = plies.next() {
            moves.push(WrittenMove {
                number: None,
                south: SouthTurn::Written(Turn::single(south)),
                north: plies.next().map(Turn::single),
                ending: None,
                full_stop: false,
                span: Span::default(),
            });
        }
        Record {
            tags,
            movetext: Movetext {
                layout: Layout::Inline,
                moves,
                variations: Vec::new(),
            },
            prose: None,
        }
    }
}
