//! The JSON document model of validated games (feature `serde`).
//!
//! A [`GameDocument`] is built from a parsed record and its [`Report`];
//! a file's games are printed as a [`GamesDocument`], `{"games": [...]}`.
//! The JSON Schema of the whole document is
//! `fixtures/schema/games.schema.json` (draft 2020-12).

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::notation::{self, ParsedRecord, Turn};
use crate::{Capture, EndReason, Player, Position, Score};

use super::replay::{numbered, turns};
use super::report::{Line, ReplayedPly, StopReason};
use super::{Finding, FindingKind, Report, Severity};

/// Every game of a file: `{"games": [...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GamesDocument {
    /// The games in file order.
    pub games: Vec<GameDocument>,
}

/// One validated game, as JSON.
///
/// Built by [`GameDocument::new`] from a parsed record and its [`Report`].
/// A file's games print as a [`GamesDocument`], `{"games": [...]}`, whose
/// JSON Schema (draft 2020-12) is `fixtures/schema/games.schema.json`:
/// `tags` (name to value), `start` (`pits`, `stores`, `turn`, `setup`, or
/// `null`), `moves` (one object per written ply: `number`, `ply`,
/// `player`, `hole`, `mark`, `comment`, `annotated`, `captures`, `after`,
/// `alternatives`; `captures` and `after` are `null` for plies that were
/// not replayed), `variations` (`label`, `parent`, `branch`, `replayed`,
/// `moves`), `result` (`south`, `north`, `winner`, `reason`), `summary`
/// and `findings` (`line`, `column`, `ply`, `move`, `variation`,
/// `severity`, `kind`, `message`).
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{GameDocument, Options, validate};
///
/// let games = parse_records("4,8; 6,12 (2 from hole 8)\n");
/// let report = validate(&games[0], &Options::default());
/// let document = GameDocument::new(&games[0], &report);
/// let json = serde_json::to_value(&document)?;
/// assert_eq!(json["moves"][3]["captures"], serde_json::json!([{"hole": 8, "beans": 2}]));
/// assert_eq!(json["result"]["reason"], "unfinished");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDocument {
    /// The tags, name to value, in written order (the first of two tags
    /// with the same name wins).
    pub tags: Tags,
    /// The start position, or `null` when the record was not replayed.
    pub start: Option<StartDocument>,
    /// The main line, one object per written ply.
    pub moves: Vec<MoveDocument>,
    /// The variations in written order.
    pub variations: Vec<VariationDocument>,
    /// The result of the main line.
    pub result: ResultDocument,
    /// [`Report::summary`].
    pub summary: String,
    /// Every finding, in text order.
    pub findings: Vec<FindingDocument>,
}

/// Tags as a JSON object in written order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tags(pub Vec<(String, String)>);

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tags, D::Error> {
        struct TagsVisitor;
        impl<'de> Visitor<'de> for TagsVisitor {
            type Value = Tags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of tag names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tags, A::Error> {
                let mut tags = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    tags.push(entry);
                }
                Ok(Tags(tags))
            }
        }
        deserializer.deserialize_map(TagsVisitor)
    }
}

/// Both stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoresDocument {
    /// South's store.
    pub south: u8,
    /// North's store.
    pub north: u8,
}

impl From<Score> for StoresDocument {
    fn from(score: Score) -> StoresDocument {
        StoresDocument {
            south: score.south,
            north: score.north,
        }
    }
}

/// The start position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartDocument {
    /// Beans in holes 1 to 12.
    pub pits: [u8; 12],
    /// The stores.
    pub stores: StoresDocument,
    /// The player to move.
    pub turn: Player,
    /// The setup string, such as `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`.
    pub setup: String,
}

impl From<Position> for StartDocument {
    fn from(position: Position) -> StartDocument {
        StartDocument {
            pits: position.board(),
            stores: position.stores().into(),
            turn: position.turn(),
            setup: position.to_string(),
        }
    }
}

/// The board after a ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardDocument {
    /// Beans in holes 1 to 12.
    pub pits: [u8; 12],
    /// The stores.
    pub stores: StoresDocument,
}

impl From<Position> for BoardDocument {
    fn from(position: Position) -> BoardDocument {
        BoardDocument {
            pits: position.board(),
            stores: position.stores().into(),
        }
    }
}

/// Beans taken from one hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureDocument {
    /// The hole, 1 to 12.
    pub hole: u8,
    /// The beans.
    pub beans: u8,
}

impl From<Capture> for CaptureDocument {
    fn from(capture: Capture) -> CaptureDocument {
        CaptureDocument {
            hole: capture.hole.number(),
            beans: capture.beans,
        }
    }
}

/// One written ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveDocument {
    /// The move number.
    pub number: u32,
    /// The ply number from 1, counted from the start of the game along
    /// this line.
    pub ply: usize,
    /// Who moved (for a ply that was not replayed: the column it is
    /// written in).
    pub player: Player,
    /// The hole sown from.
    pub hole: u8,
    /// The mark, such as `!?`, or `null`.
    pub mark: Option<String>,
    /// The comments joined by `; `, or `null`.
    pub comment: Option<String>,
    /// The captures as annotated, or `null` when not annotated.
    pub annotated: Option<Vec<CaptureDocument>>,
    /// The captures the rules make, in chain order; `null` when the ply
    /// was not replayed.
    pub captures: Option<Vec<CaptureDocument>>,
    /// The board after the ply; `null` when the ply was not replayed.
    pub after: Option<BoardDocument>,
    /// The holes of alternatives written after the ply (`8 or 9`).
    pub alternatives: Vec<u8>,
}

/// One variation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariationDocument {
    /// The label, such as `B`.
    pub label: String,
    /// The label of its parent variation, or `null` for the main line.
    pub parent: Option<String>,
    /// The move number it branches at.
    pub branch: Option<u32>,
    /// Whether it was replayed against the rules.
    pub replayed: bool,
    /// Its own rows, one object per written ply.
    pub moves: Vec<MoveDocument>,
}

/// The result of the main line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultDocument {
    /// South's beans: the final score, or the stores where the line
    /// stops; `null` when not replayed.
    pub south: Option<u8>,
    /// North's beans, likewise.
    pub north: Option<u8>,
    /// `south`, `north` or `draw` once the game has ended, else `null`.
    pub winner: Option<String>,
    /// `no-beans`, `all-captured`, `repetition`, `unfinished`,
    /// `illegal-move`, `syntax-error`, `invalid-setup` or `syntax-only`.
    pub reason: String,
}

impl ResultDocument {
    /// The result of the main line of `report`, as a game's document
    /// holds it.
    #[must_use]
    pub fn new(report: &Report) -> ResultDocument {
        result(report)
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingDocument {
    /// Line from 1.
    pub line: usize,
    /// Column from 1, in characters.
    pub column: usize,
    /// The ply concerned, or `null`.
    pub ply: Option<usize>,
    /// The move number concerned, or `null`.
    #[serde(rename = "move")]
    pub move_number: Option<u32>,
    /// The variation concerned, or `null` for the main line.
    pub variation: Option<String>,
    /// `note`, `warning` or `error`.
    pub severity: Severity,
    /// The kind, kebab-case, such as `capture-mismatch`.
    pub kind: FindingKind,
    /// The message.
    pub message: String,
}

impl GameDocument {
    /// The document of one game; `report` must come from
    /// [`validate`](super::validate) of `parsed`.
    #[must_use]
    pub fn new(parsed: &ParsedRecord, report: &Report) -> GameDocument {
        let record = &parsed.record;
        let mut tags: Vec<(String, String)> = Vec::with_capacity(record.tags.len());
        for tag in &record.tags {
            if !tags.iter().any(|(name, _)| *name == tag.name) {
                tags.push((tag.name.clone(), tag.value.clone()));
            }
        }
        let movetext = &record.movetext;
        let variations = movetext
            .variations
            .iter()
            .zip(&report.variations)
            .map(|(variation, entry)| {
                let base = entry.branch.map_or(0, |b| 2 * (b.max(1) as usize - 1));
                VariationDocument {
                    label: entry.label.clone(),
                    parent: entry.parent.clone(),
                    branch: entry.branch,
                    replayed: entry.replayed,
                    moves: moves(&variation.moves, &entry.line, base),
                }
            })
            .collect();
        GameDocument {
            tags: Tags(tags),
            start: report.start.map(StartDocument::from),
            moves: moves(&movetext.moves, &report.main_line, 0),
            variations,
            result: result(report),
            summary: report.summary(),
            findings: report.findings.iter().map(FindingDocument::from).collect(),
        }
    }
}

impl From<&Finding> for FindingDocument {
    fn from(finding: &Finding) -> FindingDocument {
        FindingDocument {
            line: finding.location.line,
            column: finding.location.column,
            ply: finding.ply,
            move_number: finding.move_number,
            variation: finding.variation.clone(),
            severity: finding.severity,
            kind: finding.kind,
            message: finding.message.clone(),
        }
    }
}

/// The written plies of `moves`, with what `line` replayed of them.
fn moves(moves: &[notation::WrittenMove], line: &Line, default_base: usize) -> Vec<MoveDocument> {
    let base = line
        .plies
        .first()
        .map_or(default_base, |first| first.index - 1);
    let rows = numbered(moves);
    turns(&rows)
        .enumerate()
        .map(|(k, (number, column, turn))| {
            move_document(number, base + k + 1, column, turn, line.plies.get(k))
        })
        .collect()
}

fn move_document(
    number: u32,
    index: usize,
    column: Player,
    turn: &Turn,
    replayed: Option<&ReplayedPly>,
) -> MoveDocument {
    let ply = &turn.ply;
    let mut comments = ply.comments();
    let comment = comments.next().map(|first| {
        let mut text = first.to_owned();
        for more in comments {
            text.push_str("; ");
            text.push_str(more);
        }
        text
    });
    MoveDocument {
        number,
        ply: replayed.map_or(index, |r| r.index),
        player: replayed.map_or(column, |r| r.player),
        hole: ply.hole.number(),
        mark: ply.mark.map(|mark| mark.as_str().to_owned()),
        comment,
        annotated: ply.capture_annotation().map(|annotation| {
            annotation
                .captures()
                .map(|(hole, beans)| CaptureDocument {
                    hole: hole.number(),
                    beans,
                })
                .collect()
        }),
        captures: replayed.map(|r| {
            r.captures
                .iter()
                .copied()
                .map(CaptureDocument::from)
                .collect()
        }),
        after: replayed.map(|r| r.after.into()),
        alternatives: turn
            .alternatives
            .iter()
            .map(|alt| alt.hole.number())
            .collect(),
    }
}

/// The result of the main line.
fn result(report: &Report) -> ResultDocument {
    let line = &report.main_line;
    let not_replayed = |reason: &str| ResultDocument {
        south: None,
        north: None,
        winner: None,
        reason: reason.to_owned(),
    };
    if report.start.is_none() {
        return if report.syntax_only {
            not_replayed("syntax-only")
        } else if report
            .findings
            .iter()
            .any(|f| f.kind == FindingKind::InvalidSetup)
        {
            not_replayed("invalid-setup")
        } else {
            not_replayed("syntax-error")
        };
    }
    if report.has_no_moves() {
        return not_replayed("syntax-error");
    }
    let score = line.score().unwrap_or_default();
    let (winner, reason) = match (line.end, line.stop) {
        (Some(end), _) => {
            let winner = match end.score.winner() {
                Some(Player::South) => "south",
                Some(Player::North) => "north",
                None => "draw",
            };
            let reason = match end.reason {
                EndReason::NoBeans { .. } => "no-beans",
                EndReason::AllCaptured => "all-captured",
                EndReason::Repetition { .. } => "repetition",
            };
            (Some(winner.to_owned()), reason)
        }
        (None, Some(stop)) => match stop.reason {
            StopReason::Illegal(_) => (None, "illegal-move"),
            StopReason::SyntaxError(_) => (None, "syntax-error"),
        },
        (None, None) => (None, "unfinished"),
    };
    ResultDocument {
        south: Some(score.south),
        north: Some(score.north),
        winner,
        reason: reason.to_owned(),
    }
}
