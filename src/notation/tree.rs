//! The syntax tree of a game record: what a person wrote, not whether it
//! is legal.

use super::list::Alternatives;

use crate::{Hole, Move, PlayError, Player, Position};

use super::{CaptureAnnotation, Groups, Mark, Span};

/// One game record: tags, movetext and the prose after it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// The tag lines, in written order.
    pub tags: Vec<Tag>,
    /// The moves, with their layout and variations.
    pub movetext: Movetext,
    /// Prose written after the movetext, if any.
    pub prose: Option<Prose>,
}

/// A tag line such as `[Date "1962"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name, e.g. `Date`: ASCII letters, digits and `_`.
    pub name: String,
    /// The value with its escapes (`\"`, `\\`) resolved.
    pub value: String,
    /// The whole tag line, without its line break.
    pub span: Span,
}

/// How the moves are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// `4,8; 6,12 (2 from hole 8); …`, as in the historical games.
    #[default]
    Inline,
    /// One numbered row per move, as in problem solutions, possibly with
    /// variations.
    Numbered,
}

/// The moves of a record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Movetext {
    /// How the moves are written.
    pub layout: Layout,
    /// The main line.
    pub moves: Vec<WrittenMove>,
    /// Variations, in written order (numbered layout only).
    pub variations: Vec<Variation>,
}

/// A move: South's turn, then North's.
///
/// A move is kept small (160 bytes on 64-bit targets), since a long game
/// holds one per few bytes of text: what most moves lack (groups,
/// alternatives, an ending) is held out of line and costs a pointer (and,
/// for groups, a range) when absent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    /// The row number (numbered layout) and where it is written with its
    /// `.` (in `2... 10` the digits alone, the `...` being South's turn
    /// left out, [`SouthTurn::Elided`]); `None` inline.
    pub number: Option<(u32, Span)>,
    /// South's turn, or where it is left out.
    pub south: SouthTurn,
    /// North's ply, or alternatives; `None` when only South's ply is
    /// written.
    pub north: Option<Turn>,
    /// Prose ending the move, written after `and`, as in
    /// `6 and South loses.` (Boxed: few moves have one.)
    pub ending: Option<Box<Prose>>,
    /// Whether a `.` follows the move (not counting one inside the ending
    /// text). Inline, a full stop ends the movetext.
    pub full_stop: bool,
    /// From the first hole number to the end of the move.
    pub span: Span,
}

/// South's turn in a move: written, or left out.
///
/// ```
/// use bohnenspiel::notation::{Record, SouthTurn};
///
/// let record: Record = "1. ... 8\n2. 3  9\n".parse()?;
/// let moves = &record.movetext.moves;
/// assert!(matches!(moves[0].south, SouthTurn::Elided { .. }));
/// assert_eq!(moves[1].south.turn().map(|turn| turn.ply.to_string()), Some("3".into()));
/// # Ok::<(), bohnenspiel::notation::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SouthTurn {
    /// South's ply, or alternatives.
    Written(Turn),
    /// Left out, written `...` (`1. ... 8`, also `1... 8`, inline
    /// `..., 8`): the move starts with North's turn, as the first move of
    /// a game that starts with North to move does. The move's plies are
    /// then North's alone ([`WrittenMove::turns`]).
    Elided {
        /// Where the `...` is written.
        span: Span,
    },
}

impl SouthTurn {
    /// The turn, unless it is left out.
    #[must_use]
    pub fn turn(&self) -> Option<&Turn> {
        match self {
            SouthTurn::Written(turn) => Some(turn),
            SouthTurn::Elided { .. } => None,
        }
    }

    /// [`SouthTurn::turn`], mutable.
    pub fn turn_mut(&mut self) -> Option<&mut Turn> {
        match self {
            SouthTurn::Written(turn) => Some(turn),
            SouthTurn::Elided { .. } => None,
        }
    }

    /// Whether South's turn is left out.
    #[must_use]
    pub fn is_elided(&self) -> bool {
        matches!(self, SouthTurn::Elided { .. })
    }
}

/// One player's turn in a move: a ply, or alternatives such as `8 or 9`
/// and `1, 2, 4 or 5`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The (first) ply.
    pub ply: WrittenPly,
    /// Further plies that are written as equally good alternatives
    /// ([`Turn::alternatives`]).
    pub(crate) alternatives: Alternatives,
}

impl Turn {
    /// A turn of one ply.
    #[must_use]
    pub fn single(ply: WrittenPly) -> Turn {
        Turn {
            ply,
            alternatives: Alternatives::new(),
        }
    }

    /// The further plies written as equally good alternatives, as `9`
    /// in `8 or 9`, in written order.
    ///
    /// ```
    /// use bohnenspiel::notation::{Turn, WrittenPly};
    /// use bohnenspiel::Hole;
    ///
    /// let mut turn = Turn::single("8".parse()?);
    /// turn.push_alternative(WrittenPly::new(Hole::new(9)?));
    /// assert_eq!(turn.alternatives().len(), 1);
    /// assert_eq!(turn.plies().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn alternatives(&self) -> &[WrittenPly] {
        &self.alternatives
    }

    /// Adds an alternative after the others.
    pub fn push_alternative(&mut self, ply: WrittenPly) {
        self.alternatives.push(ply);
    }

    /// All plies of the turn, in written order.
    pub fn plies(&self) -> impl Iterator<Item = &WrittenPly> + '_ {
        std::iter::once(&self.ply).chain(self.alternatives.iter())
    }

    /// [`Turn::plies`], mutable.
    pub fn plies_mut(&mut self) -> impl Iterator<Item = &mut WrittenPly> + '_ {
        std::iter::once(&mut self.ply).chain(self.alternatives.iter_mut())
    }
}

/// A notated ply: a hole (or `-`, a pass), an optional mark and
/// parenthesised groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenPly {
    /// The hole sown from, or `None` for a written pass, `-` (the
    /// Hemprich variant, where a player without beans passes).
    pub hole: Option<Hole>,
    /// The mark written right after the hole, if any.
    pub mark: Option<Mark>,
    /// Parenthesised groups after the ply, in written order
    /// ([`WrittenPly::groups`]).
    pub(crate) groups: Groups,
    /// The hole number and its mark (groups have their own spans).
    pub span: Span,
}

impl WrittenPly {
    /// A ply with no mark or group.
    #[must_use]
    pub fn new(hole: Hole) -> WrittenPly {
        WrittenPly {
            hole: Some(hole),
            mark: None,
            groups: Groups::new(),
            span: Span::default(),
        }
    }

    /// A written pass, `-`, with no mark or group.
    ///
    /// ```
    /// use bohnenspiel::notation::WrittenPly;
    ///
    /// let ply: WrittenPly = "- (no beans)".parse()?;
    /// assert!(ply.is_pass());
    /// assert_eq!(ply.hole, None);
    /// assert_eq!(ply.to_string(), "- (no beans)");
    /// assert_eq!(WrittenPly::pass().to_string(), "-");
    /// # Ok::<(), bohnenspiel::notation::ParseError>(())
    /// ```
    #[must_use]
    pub fn pass() -> WrittenPly {
        WrittenPly {
            hole: None,
            mark: None,
            groups: Groups::new(),
            span: Span::default(),
        }
    }

    /// Whether this is a written pass, `-`.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.hole.is_none()
    }

    /// The parenthesised groups after the ply, in written order.
    ///
    /// The plies of a parsed game share one vector of groups, so that
    /// building the tree costs no allocation per ply with a group; a ply
    /// still behaves as a value: changing its groups
    /// ([`WrittenPly::push_group`], [`WrittenPly::retain_groups`],
    /// [`WrittenPly::set_groups`]) gives it a vector of its own first,
    /// so that no other ply sees the change.
    ///
    /// ```
    /// use bohnenspiel::notation::{GroupKind, Record, WrittenPly};
    ///
    /// let ply: WrittenPly = "12!(2 from 1) (wins)".parse()?;
    /// assert_eq!(ply.groups().len(), 2);
    /// assert!(matches!(&ply.groups()[1].kind, GroupKind::Comment(text) if text == "wins"));
    ///
    /// // The same ply without its comment; `ply` keeps both groups.
    /// let mut shorter = ply.clone();
    /// shorter.retain_groups(|group| !matches!(group.kind, GroupKind::Comment(_)));
    /// assert_eq!(shorter.to_string(), "12! (2 from 1)");
    /// assert_eq!(ply.groups().len(), 2);
    ///
    /// // The plies of a parsed game share one vector.
    /// let record: Record = "4 (2 from 7), 8 (2 from 9)\n".parse()?;
    /// let first = &record.movetext.moves[0];
    /// assert_eq!(first.south.turn().map(|turn| turn.ply.groups().len()), Some(1));
    /// assert_eq!(first.north.as_ref().map(|turn| turn.ply.to_string()), Some("8 (2 from 9)".into()));
    /// # Ok::<(), bohnenspiel::notation::ParseError>(())
    /// ```
    #[must_use]
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Adds a group after the others.
    pub fn push_group(&mut self, group: Group) {
        self.groups.push(group);
    }

    /// Keeps only the groups for which `keep` says `true`, in order.
    pub fn retain_groups(&mut self, keep: impl FnMut(&Group) -> bool) {
        self.groups.retain(keep);
    }

    /// Replaces the groups with `groups`.
    pub fn set_groups(&mut self, groups: impl IntoIterator<Item = Group>) {
        self.groups = groups.into_iter().collect();
    }

    /// The capture annotation of this ply, if one is written.
    #[must_use]
    pub fn capture_annotation(&self) -> Option<&CaptureAnnotation> {
        self.groups.iter().find_map(|group| match &group.kind {
            GroupKind::Captures { annotation, .. } => Some(annotation),
            _ => None,
        })
    }

    /// The flattened `(hole, beans)` pairs of the capture annotation as
    /// written, or `None` if the ply has no capture annotation.
    ///
    /// ```
    /// use bohnenspiel::notation::WrittenPly;
    ///
    /// let ply: WrittenPly = "3 (4 from 10, 2 from 9, 8, 7 each)".parse()?;
    /// let captures: Vec<(u8, u8)> = ply
    ///     .annotated_captures()
    ///     .unwrap_or_default()
    ///     .into_iter()
    ///     .map(|(hole, beans)| (hole.number(), beans))
    ///     .collect();
    /// assert_eq!(captures, [(10, 4), (9, 2), (8, 2), (7, 2)]);
    /// # Ok::<(), bohnenspiel::notation::ParseError>(())
    /// ```
    #[must_use]
    pub fn annotated_captures(&self) -> Option<Vec<(Hole, u8)>> {
        self.capture_annotation()
            .map(|annotation| annotation.captures().collect())
    }

    /// The variation labels this ply refers to, such as `B` and `C` in
    /// `6!!(B/C)`.
    pub fn labels(&self) -> impl Iterator<Item = &Label> + '_ {
        self.groups.iter().flat_map(|group| match &group.kind {
            GroupKind::Labels(labels) => labels.as_slice(),
            _ => &[],
        })
    }

    /// The comments on this ply, including one after a capture
    /// annotation's `;`.
    pub fn comments(&self) -> impl Iterator<Item = &str> + '_ {
        self.groups.iter().filter_map(|group| match &group.kind {
            GroupKind::Comment(text) => Some(text.as_str()),
            GroupKind::Captures {
                comment: Some(text),
                ..
            } => Some(&**text),
            _ => None,
        })
    }

    /// The move this ply writes in `position`: its hole, checked as
    /// [`Position::check`] checks a move; `None` for a written pass, `-`,
    /// which is no move (a player passes only when the rules force it,
    /// and the Hemprich variant's game makes a forced pass itself).
    ///
    /// # Errors
    ///
    /// The [`PlayError`] if the hole cannot be played in `position`: the
    /// game is over, the hole is the other player's, or it is empty.
    ///
    /// ```
    /// use bohnenspiel::notation::WrittenPly;
    /// use bohnenspiel::{Move, PlayError, Position};
    ///
    /// let start = Position::new();
    /// let ply: WrittenPly = "4 (2 from 7)".parse()?;
    /// assert_eq!(ply.to_move(&start), Ok(Some(Move::from_number(4)?)));
    /// let north: WrittenPly = "9".parse()?;
    /// let error = north.to_move(&start).unwrap_err();
    /// assert!(matches!(error, PlayError::NotYourHole { .. }));
    /// assert_eq!(error.to_string(), "hole 9 belongs to North, but South is to move");
    /// assert_eq!(WrittenPly::pass().to_move(&start), Ok(None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, position: &Position) -> Result<Option<Move>, PlayError> {
        let Some(hole) = self.hole else {
            return Ok(None);
        };
        let mv = Move::new(hole);
        position.check(mv)?;
        Ok(Some(mv))
    }
}

/// A parenthesised group after a ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// What the group holds.
    pub kind: GroupKind,
    /// From `(` to `)`, both included.
    pub span: Span,
}

/// What a parenthesised group holds. The parser tries the kinds in this
/// order; text that is none of the first three is a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupKind {
    /// A capture annotation, optionally followed by `; comment`, as in
    /// `(2 from 12; but not 7? because of 5!)`.
    Captures {
        /// The annotation.
        annotation: CaptureAnnotation,
        /// The comment after `;`, trimmed (a boxed `str`, two words
        /// wide, so that a group stays small).
        comment: Option<Box<str>>,
    },
    /// Variation labels, as in `(A)` or `(B/C)`.
    Labels(Vec<Label>),
    /// A remark naming another move in the same place, as in `(4?)`. The
    /// ply holds a hole and a mark, no group.
    OtherMove(Box<WrittenPly>),
    /// Any other text, exactly as written between the parentheses; or,
    /// written `(; text)`, the text after `; ` (the form the printer
    /// uses for a text that alone would read as another kind of group).
    Comment(String),
}

impl GroupKind {
    /// A capture annotation to be overwritten (`0 from 1`), without a
    /// comment.
    pub(crate) const fn blank_captures() -> GroupKind {
        GroupKind::Captures {
            annotation: CaptureAnnotation::placeholder(),
            comment: None,
        }
    }

    /// The annotation and its comment, if the group is a capture
    /// annotation.
    pub(crate) fn captures_mut(
        &mut self,
    ) -> Option<(&mut CaptureAnnotation, &mut Option<Box<str>>)> {
        match self {
            GroupKind::Captures {
                annotation,
                comment,
            } => Some((annotation, comment)),
            _ => None,
        }
    }
}

/// A variation label: one to [`Label::MAX_LEN`] ASCII capital letters,
/// such as `A` or `BC`.
///
/// A label is a small `Copy` value (8 bytes, its letters held inline), so
/// that a ply that refers to many variations (`4 (A/B/C/…)`) costs about
/// as much as its text. A longer run of capitals in parentheses is no
/// label: `(ABCDEFGH)` is a comment, and a header line `(ABCDEFGH)` no
/// variation.
///
/// ```
/// use bohnenspiel::notation::Label;
///
/// let label = Label::new("BC").expect("two capital letters");
/// assert_eq!(label.as_str(), "BC");
/// assert_eq!(label.to_string(), "BC");
/// assert!(Label::new("A") < Label::new("AA"));
/// assert_eq!(Label::new("ABCDEFG").map(|l| l.len()), Some(7));
/// assert!(Label::new("ABCDEFGH").is_none());
/// assert!(Label::new("a").is_none() && Label::new("").is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    /// The letters, then zeros (so that the derived order is the order of
    /// the texts).
    letters: [u8; Label::MAX_LEN],
    /// How many letters there are (1 to [`Label::MAX_LEN`]).
    len: u8,
}

impl Label {
    /// The most letters a label has.
    pub const MAX_LEN: usize = 7;

    /// The label written `text`, if it is one: one to [`Label::MAX_LEN`]
    /// ASCII capital letters.
    #[must_use]
    pub fn new(text: &str) -> Option<Label> {
        if !Label::is_valid(text) {
            return None;
        }
        let mut letters = [0; Label::MAX_LEN];
        letters
            .get_mut(..text.len())?
            .copy_from_slice(text.as_bytes());
        Some(Label {
            letters,
            len: u8::try_from(text.len()).ok()?,
        })
    }

    /// Whether `text` is a well-formed label: one to [`Label::MAX_LEN`]
    /// ASCII capital letters.
    #[must_use]
    pub fn is_valid(text: &str) -> bool {
        (1..=Label::MAX_LEN).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_uppercase())
    }

    /// The label's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.letters
            .get(..usize::from(self.len))
            .and_then(|letters| std::str::from_utf8(letters).ok())
            .unwrap_or_default()
    }

    /// The number of letters.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: a label has at least one letter.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl std::fmt::Debug for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Label").field(&self.as_str()).finish()
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A variation: a header line `(A)` followed by numbered rows that replace
/// the line that refers to the label from the first row's number on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    /// The label in the header line.
    pub label: Label,
    /// The rows of the variation.
    pub moves: Vec<WrittenMove>,
    /// The header line `(A)`.
    pub span: Span,
}

impl Variation {
    /// The number of the first row: the move from which the variation
    /// replaces its parent line.
    #[must_use]
    pub fn branch_number(&self) -> Option<u32> {
        self.moves.first().and_then(|first| first.row_number())
    }
}

impl Movetext {
    /// The variation with this label.
    #[must_use]
    pub fn variation(&self, label: &str) -> Option<&Variation> {
        self.variations.iter().find(|v| v.label.as_str() == label)
    }

    /// The line and the move in it that refer to `label`, as in
    /// `3. 6!!(B/C)` (the main line's move with number 3 refers to `B`):
    /// the label of the variation that refers to it, `None` for the main
    /// line (as a [`Finding`](crate::validate::Finding) names its line).
    ///
    /// ```
    /// use bohnenspiel::notation::{Label, Record};
    ///
    /// let record: Record = "1.  4 (A)  8\n(A)\n1.  5 (B)  9\n(B)\n1.  6  10\n".parse()?;
    /// let (line, m) = record.movetext.parent_of("A").ok_or("no parent")?;
    /// assert_eq!((line, m.number.map(|(number, _)| number)), (None, Some(1)));
    /// let (line, _) = record.movetext.parent_of("B").ok_or("no parent")?;
    /// assert_eq!(line, Label::new("A"));
    /// assert!(record.movetext.parent_of("C").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn parent_of(&self, label: &str) -> Option<(Option<Label>, &WrittenMove)> {
        let refers = |m: &&WrittenMove| {
            m.turns()
                .flat_map(|(_, turn)| turn.plies())
                .any(|ply| ply.labels().any(|l| l.as_str() == label))
        };
        if let Some(m) = self.moves.iter().find(refers) {
            return Some((None, m));
        }
        self.variations.iter().find_map(|variation| {
            variation
                .moves
                .iter()
                .find(refers)
                .map(|m| (Some(variation.label), m))
        })
    }
}

/// Words a record writes about the game, with their place: the prose
/// after the movetext ([`Record::prose`]), such as the final score, or
/// the ending of a move after `and` ([`WrittenMove::ending`]: `South
/// loses.`, the text up to the end of the line).
///
/// In a record file, a tag line (starting with `[` and holding a `"`; a
/// bracketed note without one stays in the prose), or a paragraph starting
/// with a digit or a written pass, starts the next game. The canonical
/// form prints prose after a blank line, or right on the line after the
/// movetext when its first line starts so (as `4. 4 beans left` may after
/// the movetext's final `.`); [`Record::prose_is_printable`] tells whether
/// the print reads back as the same prose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prose {
    /// The text, trimmed at both ends; line breaks kept (an ending has
    /// none).
    pub text: String,
    /// Where the text was written.
    pub span: Span,
}

impl Prose {
    /// Whether the canonical print of this prose parses back as the same
    /// prose after any movetext: no line is a tag line and no paragraph
    /// (the first line, or a line after a blank line) starts as movetext
    /// does, with a digit or a written pass (`-,`, `-;`, `- or`, a lone
    /// `-`). [`Record::prose_is_printable`] also allows a first line that
    /// starts so, after movetext that ends before it.
    #[must_use]
    pub fn is_printable(&self) -> bool {
        self.lines_are_printable(false)
    }

    /// Whether the first line starts as movetext does, so that the prose
    /// is printed on the line after the movetext, not after a blank line
    /// (which would make it a new game).
    #[must_use]
    pub(crate) fn follows_movetext(&self) -> bool {
        super::parse::split::starts_as_movetext(self.text.trim_start().as_bytes())
    }

    /// Whether no line starts as a tag line (with `[` and holding a `"`;
    /// a bracketed note without one stays in the prose) and no paragraph as
    /// movetext does, the first line aside when `first_free`.
    fn lines_are_printable(&self, first_free: bool) -> bool {
        let mut paragraph_start = !first_free;
        for line in self.text.split('\n') {
            let visible = line.trim_start();
            if visible.starts_with('[') && !super::parse::split::is_note(visible.as_bytes())
                || (paragraph_start && super::parse::split::starts_as_movetext(visible.as_bytes()))
            {
                return false;
            }
            paragraph_start = visible.is_empty();
        }
        true
    }
}

impl Record {
    /// Whether the canonical print of the record reads back with the same
    /// prose: none, or [`Prose::is_printable`] prose, or prose whose first
    /// line alone starts as movetext does (printed on the line after the
    /// movetext) after movetext that the parser ends before that line:
    /// inline, a last move with a full stop or an ending; numbered, a line
    /// that is no row.
    ///
    /// ```
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = "4,8; 6,7.\n4 beans are left.\n".parse().unwrap();
    /// assert!(record.prose_is_printable());
    /// assert_eq!(record.to_string(), "4, 8; 6, 7.\n4 beans are left.\n");
    /// ```
    #[must_use]
    pub fn prose_is_printable(&self) -> bool {
        let Some(prose) = &self.prose else {
            return true;
        };
        if !prose.follows_movetext() {
            return prose.is_printable();
        }
        let ends_before = match self.movetext.layout {
            Layout::Inline => self
                .movetext
                .moves
                .last()
                .is_some_and(|m| m.full_stop || m.ending.is_some()),
            Layout::Numbered => {
                !super::parse::rows::is_row(prose.text.split('\n').next().unwrap_or_default())
            }
        };
        ends_before && prose.lines_are_printable(true)
    }

    /// The value of the first tag with this name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }

    /// All moves of the main line and of every variation.
    pub fn all_moves(&self) -> impl Iterator<Item = &WrittenMove> + '_ {
        self.movetext.moves.iter().chain(
            self.movetext
                .variations
                .iter()
                .flat_map(|variation| variation.moves.iter()),
        )
    }

    /// A copy with every span set to [`Span::default`]: two records are
    /// the same text up to layout when their `without_spans()` are equal.
    /// The round-trip tests compare trees this way.
    #[must_use]
    pub fn without_spans(&self) -> Record {
        let mut record = self.clone();
        record.clear_spans();
        record
    }

    /// Sets every span in the record to [`Span::default`].
    pub fn clear_spans(&mut self) {
        for tag in &mut self.tags {
            tag.span = Span::default();
        }
        for m in &mut self.movetext.moves {
            m.clear_spans();
        }
        for variation in &mut self.movetext.variations {
            variation.span = Span::default();
            for m in &mut variation.moves {
                m.clear_spans();
            }
        }
        if let Some(prose) = &mut self.prose {
            prose.span = Span::default();
        }
    }
}

impl WrittenMove {
    /// The turns written, in order, each with the column it is written in:
    /// South's (unless left out, [`SouthTurn::Elided`]), then
    /// North's.
    ///
    /// ```
    /// use bohnenspiel::Player;
    /// use bohnenspiel::notation::Record;
    ///
    /// let record: Record = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 N\"]\n\n..., 11; 5, 12\n".parse()?;
    /// let first: Vec<Player> = record.movetext.moves[0].turns().map(|(side, _)| side).collect();
    /// assert_eq!(first, [Player::North]);
    /// # Ok::<(), bohnenspiel::notation::ParseError>(())
    /// ```
    pub fn turns(&self) -> impl Iterator<Item = (Player, &Turn)> + '_ {
        let south = self.south.turn().map(|turn| (Player::South, turn));
        south
            .into_iter()
            .chain(self.north.as_ref().map(|north| (Player::North, north)))
    }

    /// [`WrittenMove::turns`], mutable.
    pub fn turns_mut(&mut self) -> impl Iterator<Item = (Player, &mut Turn)> + '_ {
        let south = self.south.turn_mut().map(|turn| (Player::South, turn));
        south
            .into_iter()
            .chain(self.north.as_mut().map(|north| (Player::North, north)))
    }

    /// The row number, if written (numbered layout).
    pub(crate) fn row_number(&self) -> Option<u32> {
        self.number.map(|(number, _)| number)
    }

    /// Where the row number is written, if it is.
    pub(crate) fn row_span(&self) -> Option<Span> {
        self.number.map(|(_, span)| span)
    }

    /// Sets every span in the move to [`Span::default`].
    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        if let Some((_, span)) = &mut self.number {
            *span = Span::default();
        }
        match &mut self.south {
            SouthTurn::Written(turn) => turn.clear_spans(),
            SouthTurn::Elided { span } => *span = Span::default(),
        }
        if let Some(north) = &mut self.north {
            north.clear_spans();
        }
        if let Some(ending) = &mut self.ending {
            ending.span = Span::default();
        }
    }
}

impl Turn {
    /// Sets every span in the turn to [`Span::default`].
    pub fn clear_spans(&mut self) {
        self.ply.clear_spans();
        for ply in &mut self.alternatives {
            ply.clear_spans();
        }
    }
}

impl WrittenPly {
    /// Sets every span in the ply to [`Span::default`].
    pub fn clear_spans(&mut self) {
        self.span = Span::default();
        for group in &mut self.groups {
            group.span = Span::default();
            match &mut group.kind {
                GroupKind::Captures { annotation, .. } => annotation.span = Span::default(),
                GroupKind::OtherMove(ply) => ply.clear_spans(),
                GroupKind::Labels(_) | GroupKind::Comment(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long game holds a move per few bytes of text (`4,8;`), so a move
    /// must stay small: what most moves lack is held out of line.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn moves_and_plies_stay_small() {
        // A ply's groups are a range of its game's vector (16 bytes).
        assert_eq!(std::mem::size_of::<WrittenPly>(), 40);
        assert_eq!(std::mem::size_of::<Turn>(), 48);
        assert_eq!(std::mem::size_of::<Option<Turn>>(), 48);
        assert!(std::mem::size_of::<WrittenMove>() <= 160);
        // The groups of a game are held side by side in one vector, each
        // as large as the largest kind, a capture annotation held inline
        // (boxing it would cost an allocation for every annotation): a
        // run of further holes in 16 bytes, a comment in a boxed `str`.
        assert_eq!(
            std::mem::size_of::<crate::notation::list::JoinedHoles>(),
            16
        );
        assert_eq!(std::mem::size_of::<CaptureAnnotation>(), 56);
        assert!(std::mem::size_of::<Group>() <= 88);
        // A label costs about as much as its text (`A/`, `BC/`).
        assert_eq!(std::mem::size_of::<Label>(), 8);
    }
}
