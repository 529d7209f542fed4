//! The JSON document of validated games, as read back (feature `serde`).
//!
//! A game's document holds everything the record holds (every tag in
//! order, every ply with its mark and groups, alternatives, endings,
//! variations, prose, the numbers as written, and where each part was
//! written) and what the replay adds (the rules' captures, the position
//! after each ply, the result, the findings); its lean form holds the
//! record alone ([`DocumentForm`](super::DocumentForm)).
//! [`JsonWriter`](super::JsonWriter) writes either; a file's games print
//! as `{"version": 4, "games": [...]}`, and the JSON Schema of both forms
//! (`game` and `lean-game`) is `fixtures/schema/games.schema.json` (draft
//! 2020-12). The types here are the document as deserialized, inside the
//! crate: [`read_json`](super::read_json) reads it back into records.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::notation::{self, Joint, Layout, LineIndex, ParsedRecord, Within};
#[cfg(doc)]
use crate::notation::{GroupKind, Skipped};
use crate::{Capture, EndReason, Hole, Player};

use super::report::StopReason;
use super::{Finding, FindingKind, Report, Severity, Start};

/// The version of the document's shape, written in its `version` field.
/// It changes whenever a field is added, removed or changes meaning.
pub(crate) const DOCUMENT_VERSION: u32 = 4;

/// One game's document, as read back: the record as written and what the
/// replay made of it, or (the lean form) the record alone.
///
/// [`JsonWriter`](super::JsonWriter) writes it; a
/// file's games print as `{"version": 4, "games": [...]}`, and the JSON
/// Schema (draft 2020-12) is `fixtures/schema/games.schema.json`. The
/// fields, in order: `version`, `file` and `index` (from 1), `tags` (each
/// `name`, `value`, `start`, `end`, in written order, duplicates
/// included), `layout` (`inline` or `numbered`), `start` (the start
/// position string, or `null` when the record was not replayed), `moves`
/// (one object per written ply of the main line, see [`MoveDocument`]),
/// `variations`, `prose`, `skipped` (the text that did not parse, see
/// [`SkippedDocument`]), `verbatim`, `result`, `summary` and `findings`.
/// A place (`start`, `end`, `at`) is `[line, column]`, from 1 (columns
/// count characters), in the file. A field that holds its default is
/// left out, and every field but `version`, `tags`, `layout` and `moves`
/// may be left out when read back.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDocument {
    /// [`DOCUMENT_VERSION`].
    pub version: u32,
    /// The file the game was read from (`<stdin>` for standard input), or
    /// `null` when not known.
    pub file: Option<String>,
    /// The game's place in its file, from 1 (output only: optional when
    /// read back, and not compared).
    #[serde(default)]
    pub index: usize,
    /// The tags in written order, duplicates included.
    pub tags: Vec<TagDocument>,
    /// How the moves are laid out.
    pub layout: LayoutName,
    /// The start position as a position string, such as
    /// `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`, or `null` when the record was not
    /// replayed.
    #[serde(default)]
    pub start: Option<String>,
    /// The main line, one object per written ply.
    pub moves: Vec<MoveDocument>,
    /// The variations in written order (none when left out).
    #[serde(default)]
    pub variations: Vec<VariationDocument>,
    /// The prose after the movetext; left out when there is none.
    pub prose: Option<TextDocument>,
    /// The text the parser skipped after syntax errors, verbatim, each
    /// piece with its place and where it stands among the other parts
    /// ([`ParsedRecord::skipped`]); empty for a record without errors
    /// (and when left out).
    #[serde(default)]
    pub skipped: Vec<SkippedDocument>,
    /// The game's text as read, when it has an error inside a part the
    /// tree kept, so that `bohnenspiel fmt` prints it unchanged
    /// ([`ParsedRecord::verbatim`]); else left out.
    pub verbatim: Option<String>,
    /// The result of the main line (derived: optional when read back, and
    /// compared with the replay when given).
    #[serde(default)]
    pub result: ResultDocument,
    /// [`Report::summary`] (derived, as `result`).
    #[serde(default)]
    pub summary: String,
    /// Every finding, in text order (output only: optional when read
    /// back, and not compared, as their places are in the text the
    /// document was made from).
    #[serde(default)]
    pub findings: Vec<FindingDocument>,
}

/// A place in the text: line and column from 1 (columns count
/// characters), written `[line, column]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(from = "[usize; 2]")]
pub struct Place {
    /// Line from 1.
    pub line: usize,
    /// Column from 1, in characters.
    pub column: usize,
}

impl From<[usize; 2]> for Place {
    fn from([line, column]: [usize; 2]) -> Place {
        Place { line, column }
    }
}

/// A tag line, such as `[Date "1962"]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagDocument {
    /// The name, e.g. `Date`.
    pub name: String,
    /// The value, escapes resolved.
    pub value: String,
    /// Where the tag line starts.
    #[serde(default)]
    pub start: Place,
    /// Where it ends.
    #[serde(default)]
    pub end: Place,
}

/// Text with its place: an ending (`South loses.`) or the prose.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextDocument {
    /// The text, as the tree holds it (trimmed).
    pub text: String,
    /// Where it starts.
    #[serde(default)]
    pub start: Place,
    /// Where it ends.
    #[serde(default)]
    pub end: Place,
}

/// A piece of text the parser skipped ([`Skipped`] in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkippedDocument {
    /// The text, verbatim, without white space at its ends, nor the `;`
    /// or `,` that its joints print.
    pub text: String,
    /// The array of the document it stands in: `tags` (before the
    /// movetext, on a line of its own), `moves` or `variations[N].moves`.
    pub within: String,
    /// How many entries of that array come before it (tags, or plies at
    /// the end of a move).
    pub after: usize,
    /// How it is joined to what comes before it.
    pub joined: JointName,
    /// How the move after it is joined to it (inline), else `line`.
    pub next: JointName,
    /// Where it starts.
    #[serde(default)]
    pub start: Place,
    /// Where it ends.
    #[serde(default)]
    pub end: Place,
}

/// How skipped text is joined to its neighbours: [`Joint`] in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JointName {
    /// `; `
    Semicolon,
    /// `, `
    Comma,
    /// One space.
    Space,
    /// On the row before it, after two spaces.
    Row,
    /// On a line of its own.
    Line,
}

impl From<Joint> for JointName {
    fn from(joint: Joint) -> JointName {
        match joint {
            Joint::Semicolon => JointName::Semicolon,
            Joint::Comma => JointName::Comma,
            Joint::Space => JointName::Space,
            Joint::Row => JointName::Row,
            Joint::Line => JointName::Line,
        }
    }
}

impl From<JointName> for Joint {
    fn from(joint: JointName) -> Joint {
        match joint {
            JointName::Semicolon => Joint::Semicolon,
            JointName::Comma => Joint::Comma,
            JointName::Space => Joint::Space,
            JointName::Row => Joint::Row,
            JointName::Line => Joint::Line,
        }
    }
}

/// How the moves are laid out: [`Layout`] in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LayoutName {
    /// `4,8; 6,12 (2 from hole 8); …`
    Inline,
    /// One numbered row per move.
    Numbered,
}

impl From<Layout> for LayoutName {
    fn from(layout: Layout) -> LayoutName {
        match layout {
            Layout::Inline => LayoutName::Inline,
            Layout::Numbered => LayoutName::Numbered,
        }
    }
}

impl From<LayoutName> for Layout {
    fn from(layout: LayoutName) -> Layout {
        match layout {
            LayoutName::Inline => Layout::Inline,
            LayoutName::Numbered => Layout::Numbered,
        }
    }
}

/// Beans taken from one hole, written `[hole, beans]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(from = "[u8; 2]")]
pub struct CaptureDocument {
    /// The hole, 1 to 12.
    pub hole: u8,
    /// The beans.
    pub beans: u8,
}

impl From<[u8; 2]> for CaptureDocument {
    fn from([hole, beans]: [u8; 2]) -> CaptureDocument {
        CaptureDocument { hole, beans }
    }
}

impl From<Capture> for CaptureDocument {
    fn from(capture: Capture) -> CaptureDocument {
        CaptureDocument {
            hole: capture.hole.number(),
            beans: capture.beans,
        }
    }
}

/// One written ply of a line: what was written, where, and what the
/// replay made of it.
///
/// A move is a South ply and, if written, the North ply after it; the
/// first ply of a move carries the move's [`RowDocument`] (its place, its
/// ending and full stop). A field that holds its default is left out,
/// and read back as its default.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveDocument {
    /// The move number as written: the row number in numbered movetext;
    /// inline, the move's place in the movetext from 1, counting moves
    /// that did not parse. Written on the ply that carries the row, left
    /// out when it is the previous move's number plus one (1 for the
    /// first move); the other ply's is its row's.
    pub number: Option<u32>,
    /// The ply number from 1, counted from the start of the game along
    /// this line (derived); left out when it is the previous ply's plus
    /// one.
    pub ply: Option<usize>,
    /// The turn the ply is written in: `south` or `north`; left out, South
    /// on the ply that carries the row and North on the other.
    pub side: Option<Player>,
    /// Who moved (derived); left out when it is `side`.
    pub player: Option<Player>,
    /// The hole sown from; `null` for a written pass (`-`).
    #[serde(deserialize_with = "Option::deserialize")]
    pub hole: Option<Hole>,
    /// The mark, such as `!?`; left out when there is none.
    pub mark: Option<String>,
    /// The parenthesised groups after the ply, in written order (none
    /// when left out).
    #[serde(default)]
    pub groups: Vec<GroupDocument>,
    /// Alternatives written after the ply (`8 or 9`), each a ply (none
    /// when left out).
    #[serde(default)]
    pub alternatives: Vec<PlyDocument>,
    /// The comments joined by `; ` (from `groups`); left out when there
    /// are none.
    pub comment: Option<String>,
    /// The captures as annotated, one list per capture annotation in
    /// written order (a ply may be annotated twice), from `groups`; left
    /// out when not annotated.
    pub annotated: Option<Vec<Vec<CaptureDocument>>>,
    /// The values written as comments on the ply (`(%value 38:34)`,
    /// `(%eval d12 +4)`, `(%verdict mark confirmed)`: see
    /// [`WrittenValue::of_ply`](super::WrittenValue::of_ply)), in written order, malformed
    /// ones left out; left out when there are none (from `groups`).
    #[serde(default)]
    pub values: Vec<ValueDocument>,
    /// The captures the rules make, in chain order (derived); left out
    /// when there are none, or when the ply was not replayed.
    pub captures: Option<Vec<CaptureDocument>>,
    /// The position after the ply as a position string (derived); `null`
    /// when the ply was not replayed.
    pub after: Option<String>,
    /// Where the ply starts.
    #[serde(default)]
    pub at: Place,
    /// On the ply that starts a move (South's, or North's when South's
    /// turn is left out): the move's row; left out on the other.
    pub row: Option<RowDocument>,
}

/// A value written as a comment ([`WrittenValue`](super::WrittenValue)):
/// `{"kind": "exact", "south": S, "north": N}`, `{"kind": "engine",
/// "depth": D, "difference": X}` (South's final beans minus North's) or
/// `{"kind": "verdict", "judgement": "mark", "verdict": "confirmed"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ValueDocument {
    /// `%value S:N`.
    Exact {
        /// South's beans.
        south: u8,
        /// North's beans.
        north: u8,
    },
    /// `%eval dD ±X`.
    Engine {
        /// The depth searched.
        depth: u32,
        /// South's final beans minus North's.
        difference: i32,
    },
    /// `%verdict KIND VERDICT`.
    Verdict {
        /// The kind of judgement.
        judgement: String,
        /// `confirmed`, `contradicted` or `unanalysed`.
        verdict: String,
    },
}

impl From<super::WrittenValue> for ValueDocument {
    fn from(value: super::WrittenValue) -> ValueDocument {
        match value {
            super::WrittenValue::Exact(score) => ValueDocument::Exact {
                south: score.south,
                north: score.north,
            },
            super::WrittenValue::Estimate { depth, difference } => {
                ValueDocument::Engine { depth, difference }
            }
            super::WrittenValue::Verdict { judgement, verdict } => {
                ValueDocument::Verdict { judgement, verdict }
            }
        }
    }
}

/// A move as a whole: where it is written, its ending and full stop.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowDocument {
    /// Where the move starts: its row number, if written, else its first
    /// ply (left out when it is where its first ply is).
    #[serde(default)]
    pub start: Place,
    /// Where it ends.
    #[serde(default)]
    pub end: Place,
    /// The prose after `and` ending the move; left out when there is
    /// none.
    pub ending: Option<TextDocument>,
    /// Whether a `.` follows the move (`false` when left out).
    #[serde(default)]
    pub full_stop: bool,
}

/// A ply written as an alternative.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlyDocument {
    /// The hole sown from; `null` for a written pass (`-`).
    #[serde(deserialize_with = "Option::deserialize")]
    pub hole: Option<Hole>,
    /// The mark; left out when there is none.
    pub mark: Option<String>,
    /// Its groups (none when left out).
    #[serde(default)]
    pub groups: Vec<GroupDocument>,
    /// Where it starts.
    #[serde(default)]
    pub at: Place,
}

/// What a group holds: [`GroupKind`] in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GroupKindName {
    /// A capture annotation, `(2 from 12)`.
    Captures,
    /// Variation labels, `(B/C)`.
    Labels,
    /// A remark naming another move, `(4?)`.
    OtherMove,
    /// Any other text.
    Comment,
}

/// A parenthesised group after a ply: its kind and its text, which says
/// all it holds (read back with the notation's reader), and its place.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDocument {
    /// The kind, as the text reads.
    pub kind: GroupKindName,
    /// The text between the parentheses, in canonical form.
    pub text: String,
    /// Where `(` is.
    #[serde(default)]
    pub start: Place,
    /// Just after `)`.
    #[serde(default)]
    pub end: Place,
}

/// One variation.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariationDocument {
    /// The label, such as `B`.
    pub label: String,
    /// The label of its parent variation; left out for the main line.
    pub parent: Option<String>,
    /// The move number it branches at; left out when not known.
    pub branch: Option<u32>,
    /// Whether it was replayed against the rules (left out when not).
    #[serde(default)]
    pub replayed: bool,
    /// Where its header line `(B)` starts.
    #[serde(default)]
    pub start: Place,
    /// Where the header line ends.
    #[serde(default)]
    pub end: Place,
    /// Its own rows, one object per written ply.
    pub moves: Vec<MoveDocument>,
}

/// The result of a game's main line as its document holds it (see
/// [`Report::json_result`]).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDocument {
    /// South's beans: the final score, or the stores where the line
    /// stops; `null` when not replayed.
    pub(crate) south: Option<u8>,
    /// North's beans, likewise.
    pub(crate) north: Option<u8>,
    /// `south`, `north` or `draw` once the game has ended, else `null`.
    pub(crate) winner: Option<Cow<'static, str>>,
    /// `no-beans`, `all-captured`, `repetition`, `unfinished`,
    /// `illegal-move`, `syntax-error`, `invalid-setup` or `syntax-only`.
    pub(crate) reason: Cow<'static, str>,
    /// For a game ended by repetition: the ply whose position repeats
    /// and the earlier ply (0: the start) it repeats; else `null`.
    pub(crate) repetition: Option<RepetitionDocument>,
}

/// Which ply repeated which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RepetitionDocument {
    /// The ply after which the position repeats.
    pub ply: usize,
    /// The earlier ply after which it stood (0: the start position).
    pub earlier_ply: usize,
}

impl Report {
    /// The result of the main line as a game's JSON document holds it,
    /// `{south, north, winner, reason, repetition}`, for a serializer:
    /// `south` and `north` the final score or the stores where the line
    /// stops (`null` when not replayed), `winner` `south`, `north` or
    /// `draw` once the game has ended (else `null`), `reason` one of
    /// `no-beans`, `all-captured`, `repetition`, `unfinished`,
    /// `illegal-move`, `syntax-error`, `invalid-setup` or `syntax-only`,
    /// and `repetition`, for a game ended by repetition, `{ply,
    /// earlier_ply}` (else `null`). `bohnenspiel validate --format json`
    /// writes it on each game's line.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::{Options, validate};
    ///
    /// let report = validate(&parse_records("4, 8\n")[0], &Options::default());
    /// let result = serde_json::to_string(&report.json_result())?;
    /// assert_eq!(
    ///     result,
    ///     r#"{"south":0,"north":0,"winner":null,"reason":"unfinished","repetition":null}"#
    /// );
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    #[must_use]
    pub fn json_result(&self) -> impl Serialize + use<> {
        result(self)
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

impl From<&Finding> for FindingDocument {
    fn from(finding: &Finding) -> FindingDocument {
        FindingDocument {
            line: finding.location.line,
            column: finding.location.column,
            ply: finding.ply,
            move_number: finding.move_number,
            variation: finding.variation.map(|label| label.as_str().to_owned()),
            severity: finding.severity,
            kind: finding.kind,
            message: finding.message.clone(),
        }
    }
}

/// Places of one game's text, located in text order (linear) by one
/// index of its lines with two cursors: the first for everything but the
/// ends of rows, the second for the ends of rows and their endings, so
/// that a row's end is located before its second ply is written (the
/// document writes it between the plies) and each cursor still goes
/// forward.
pub(super) struct At<'a> {
    pub(super) parsed: &'a ParsedRecord,
    pub(super) lines: LineIndex<'a>,
}

impl<'a> At<'a> {
    pub(super) fn new(parsed: &'a ParsedRecord) -> At<'a> {
        At {
            parsed,
            lines: parsed.line_index(),
        }
    }

    #[inline(always)]
    pub(super) fn place(&mut self, offset: usize) -> Place {
        let location = self.lines.locate(offset);
        Place {
            line: location.line,
            column: location.column,
        }
    }

    /// [`At::place`] of the end of a row or of its ending.
    #[inline(always)]
    pub(super) fn row_end(&mut self, offset: usize) -> Place {
        let location = self.lines.locate_second(offset);
        Place {
            line: location.line,
            column: location.column,
        }
    }
}

/// The skipped text of a game with errors, or its verbatim text.
pub(super) fn skipped_documents(at: &mut At<'_>) -> (Vec<SkippedDocument>, Option<String>) {
    let parsed = at.parsed;
    if parsed.errors.is_empty() {
        return (Vec::new(), None);
    }
    let Some(skipped) = parsed.skipped() else {
        return (Vec::new(), Some(parsed.verbatim()));
    };
    let movetext = &parsed.record.movetext;
    let documents = skipped
        .into_iter()
        .map(|piece| {
            let (within, after) = match piece.within {
                Within::Tags => ("tags".to_owned(), piece.after),
                Within::Moves => ("moves".to_owned(), plies_of(&movetext.moves, piece.after)),
                Within::Variation(i) => (
                    format!("variations[{i}].moves"),
                    movetext
                        .variations
                        .get(i)
                        .map_or(0, |v| plies_of(&v.moves, piece.after)),
                ),
            };
            SkippedDocument {
                start: at.place(piece.span.start),
                end: at.place(piece.span.end),
                text: piece.text,
                within,
                after,
                joined: piece.joined.into(),
                next: piece.next.into(),
            }
        })
        .collect();
    (documents, None)
}

/// The plies of the first `count` moves.
pub(super) fn plies_of(moves: &[notation::WrittenMove], count: usize) -> usize {
    moves.iter().take(count).map(|m| m.turns().count()).sum()
}

/// The move numbers of a line as written, move by move: row numbers (or
/// a move's place from 1 where none is written), or, inline on the main
/// line, each move's place in the movetext counting the moves that did
/// not parse (text skipped between two moves holds one `;` more per
/// skipped move), so that `4,13; 6,12` numbers `6,12` as move 2.
pub(super) struct WrittenNumbers<'a> {
    /// The game's text and where it starts, to count the `;` between
    /// moves, for the main line written inline.
    inline: Option<(&'a [u8], usize)>,
    /// Where the text after the last move counted starts.
    from: usize,
    /// The last number given (0 before the first).
    number: u32,
}

impl<'a> WrittenNumbers<'a> {
    /// The numbers of the main line of `parsed`.
    pub(super) fn main_line(parsed: &'a ParsedRecord) -> WrittenNumbers<'a> {
        let record = &parsed.record;
        if record.movetext.layout == Layout::Numbered {
            return WrittenNumbers::rows();
        }
        let source = parsed.source.as_bytes();
        let mut numbers = WrittenNumbers {
            inline: Some((source, parsed.offset)),
            from: 0,
            number: 0,
        };
        numbers.from = record
            .tags
            .last()
            .map_or(0, |tag| numbers.relative(tag.span.end));
        numbers
    }

    /// The numbers of a variation's moves: their rows.
    pub(super) fn rows() -> WrittenNumbers<'a> {
        WrittenNumbers {
            inline: None,
            from: 0,
            number: 0,
        }
    }

    /// An offset in the game's text, relative to its start.
    fn relative(&self, offset: usize) -> usize {
        self.inline.map_or(0, |(source, start)| {
            offset.saturating_sub(start).min(source.len())
        })
    }

    /// The number of `m`, the move after the last one given.
    #[inline]
    pub(super) fn next(&mut self, m: &notation::WrittenMove) -> u32 {
        let Some((source, _)) = self.inline else {
            self.number = self.number.saturating_add(1);
            return m.row_number().unwrap_or(self.number);
        };
        let to = self.relative(m.span.start).max(self.from);
        let gap = source.get(self.from..to).unwrap_or_default();
        // A gap is a few bytes, mostly: counted without a search's setup.
        let separators = gap.iter().filter(|&&b| b == b';').count();
        let skipped = if self.number == 0 {
            separators
        } else {
            separators.saturating_sub(1)
        };
        self.number = self
            .number
            .saturating_add(1)
            .saturating_add(u32::try_from(skipped).unwrap_or(u32::MAX));
        self.from = self.relative(m.span.end).max(to);
        self.number
    }
}

/// The result of the main line.
pub(super) fn result(report: &Report) -> ResultDocument {
    let line = &report.main_line;
    let not_replayed = |reason: &'static str| ResultDocument {
        south: None,
        north: None,
        winner: None,
        reason: Cow::Borrowed(reason),
        repetition: None,
    };
    if report.start.position().is_none() {
        return if report.start == Start::Unknown {
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
    let (winner, reason) = match (line.end.as_deref(), line.stop.as_deref()) {
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
            (Some(Cow::Borrowed(winner)), reason)
        }
        (None, Some(stop)) => match stop.reason {
            StopReason::Illegal(_) | StopReason::IllegalPass => (None, "illegal-move"),
            StopReason::SyntaxError(_) => (None, "syntax-error"),
        },
        (None, None) => (None, "unfinished"),
    };
    let repetition = match line.end.as_deref().map(|end| end.reason) {
        Some(EndReason::Repetition { earlier_ply, ply }) => {
            Some(RepetitionDocument { ply, earlier_ply })
        }
        _ => None,
    };
    ResultDocument {
        south: Some(score.south),
        north: Some(score.north),
        winner,
        reason: Cow::Borrowed(reason),
        repetition,
    }
}
