//! Streaming the parse of a game as callbacks, in the manner of
//! pgn-reader: the tree of [`Record`] is one consumer of these
//! callbacks, and any [`Visitor`] can be another.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::{Hole, Player};

use super::parse::plain::RawMovetext;

use super::{
    Alternatives, CaptureAnnotation, Group, GroupKind, Groups, Label, Layout, Mark, Movetext,
    ParseError, Prose, Record, SouthTurn, Span, Tag, Turn, Variation, Warning, WrittenMove,
    WrittenPly,
};

/// A ply as the reader reads it, borrowed for one callback: whose turn
/// it belongs to, its hole, mark and span, and its groups as written
/// ([`PlyToken::groups`]). A visitor copies out what it needs; the whole
/// ply as a tree value is [`PlyToken::to_ply`].
#[derive(Clone, Copy)]
pub struct PlyToken<'a> {
    /// Whose turn the ply belongs to.
    pub player: Player,
    /// Whether the ply is an alternative (after `or`, or after `,` in a
    /// numbered row) to the turn's first ply.
    pub alternative: bool,
    /// The hole sown from, or `None` for a written pass, `-`.
    pub hole: Option<Hole>,
    /// The mark written right after the hole, if any.
    pub mark: Option<Mark>,
    /// The hole number and its mark (groups have their own spans).
    pub span: Span,
    /// The groups, as the reader read them.
    groups: &'a [Group],
    /// The game's text, which holds the groups' text.
    source: Source<'a>,
}

impl<'a> PlyToken<'a> {
    /// The token of `ply`, read from `source`.
    pub(crate) fn new(
        player: Player,
        alternative: bool,
        ply: &'a WrittenPly,
        source: Source<'a>,
    ) -> PlyToken<'a> {
        PlyToken {
            player,
            alternative,
            hole: ply.hole,
            mark: ply.mark,
            span: ply.span,
            groups: ply.groups.as_slice(),
            source,
        }
    }

    /// Whether the ply is a written pass, `-`.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.hole.is_none()
    }

    /// The parenthesised groups after the ply, in written order, each
    /// with its text and span.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = GroupToken<'a>> + 'a {
        let source = self.source;
        self.groups.iter().map(move |group| GroupToken {
            text: source.get(group.span),
            span: group.span,
            group,
        })
    }

    /// The capture annotation of the ply, if one is written (the first,
    /// if several are).
    #[must_use]
    pub fn capture_annotation(&self) -> Option<&'a CaptureAnnotation> {
        self.groups.iter().find_map(|group| match &group.kind {
            GroupKind::Captures { annotation, .. } => Some(annotation),
            _ => None,
        })
    }

    /// The ply as a tree value, with copies of its groups.
    #[must_use]
    pub fn to_ply(&self) -> WrittenPly {
        WrittenPly {
            hole: self.hole,
            mark: self.mark,
            groups: self.groups.iter().cloned().collect(),
            span: self.span,
        }
    }
}

impl std::fmt::Debug for PlyToken<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlyToken")
            .field("player", &self.player)
            .field("alternative", &self.alternative)
            .field("hole", &self.hole)
            .field("mark", &self.mark)
            .field("span", &self.span)
            .field("groups", &self.groups().collect::<Vec<_>>())
            .finish()
    }
}

/// A parenthesised group after a ply, borrowed for one callback: its
/// text as written and its span, and what it holds
/// ([`GroupToken::kind`]).
#[derive(Debug, Clone, Copy)]
pub struct GroupToken<'a> {
    /// The group as written, from `(` to `)` (an unclosed group: to
    /// where the reader took it to end).
    pub text: &'a str,
    /// Where the group is written.
    pub span: Span,
    /// The group as the reader read it.
    group: &'a Group,
}

impl<'a> GroupToken<'a> {
    /// What the group holds: a capture annotation, labels, a remark on
    /// another move, or a comment.
    #[must_use]
    pub fn kind(&self) -> &'a GroupKind {
        &self.group.kind
    }

    /// The capture annotation, if the group is one.
    #[must_use]
    pub fn capture_annotation(&self) -> Option<&'a CaptureAnnotation> {
        match &self.group.kind {
            GroupKind::Captures { annotation, .. } => Some(annotation),
            _ => None,
        }
    }

    /// The group as a tree value.
    #[must_use]
    pub fn to_group(&self) -> Group {
        self.group.clone()
    }
}

/// The text of the game being read, whose first byte is at absolute
/// offset `base`: what tokens' text is cut from.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub text: &'a str,
    pub base: usize,
}

impl<'a> Source<'a> {
    /// The text at `span` (absolute offsets); empty if it is not in the
    /// game.
    fn get(self, span: Span) -> &'a str {
        let start = span.start.saturating_sub(self.base);
        let end = span.end.saturating_sub(self.base);
        self.text.get(start..end).unwrap_or_default()
    }
}

/// What a visitor asks of a variation it is told about
/// ([`Visitor::begin_variation`]): `Skip(true)` to skip its rows, which
/// the reader then passes over without reading them (no move, ply,
/// error or warning of them is reported), `Skip(false)` to read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Skip(pub bool);

/// How a move ends, borrowed for one callback.
#[derive(Debug, Clone, Copy)]
pub struct MoveEnd<'a> {
    /// The ending after `and`, if any.
    pub ending: Option<&'a Prose>,
    /// Whether a `.` follows the move.
    pub full_stop: bool,
    /// From the first hole number to the end of the move.
    pub span: Span,
}

/// Callbacks for the parts of a game, in written order.
///
/// The parser calls `begin_game`, then `tag` for each tag line,
/// `begin_movetext`, and for each move `begin_move`, `ply` for each ply
/// (South's plies before North's, each turn's first ply before its
/// alternatives; only North's when South's turn is left out, `1. ... 8`),
/// then `end_move`, or `abandon_move` if South's turn holds
/// an error (its plies seen so far are void). An error in North's turn
/// costs only that turn: the move ends (`end_move`) with the plies read
/// before it, so that `4,x` keeps South's 4. In numbered movetext,
/// `begin_variation` comes before the rows of each variation; a visitor
/// that answers [`Skip(true)`](Skip) is told nothing of its rows. Then
/// `prose`, then `error` and `warning` for each error and warning in
/// order, then `end_game`.
///
/// Every callback but `end_game` may return [`ControlFlow::Break`]: the
/// parser then stops reading the game and calls nothing more but
/// `end_game`. Every callback has a default that does nothing.
///
/// ```
/// use std::ops::ControlFlow;
/// use bohnenspiel::notation::{PlyToken, RecordReader, Visitor};
///
/// /// Counts the plies of each game with a capture annotation.
/// struct Annotated(usize);
///
/// impl Visitor for Annotated {
///     type Output = usize;
///     fn begin_game(&mut self) -> ControlFlow<()> {
///         self.0 = 0;
///         ControlFlow::Continue(())
///     }
///     fn ply(&mut self, ply: &PlyToken<'_>) -> ControlFlow<()> {
///         self.0 += usize::from(ply.capture_annotation().is_some());
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self) -> usize {
///         self.0
///     }
/// }
///
/// let file = "4,8; 6,12 (2 from hole 8); 6,7\n\n3,9; 5,7 (2 from 3).\n";
/// let mut reader = RecordReader::new(file.as_bytes());
/// let mut visitor = Annotated(0);
/// assert_eq!(reader.visit_game(&mut visitor).transpose()?, Some(1));
/// assert_eq!(reader.visit_game(&mut visitor).transpose()?, Some(1));
/// assert_eq!(reader.visit_game(&mut visitor).transpose()?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Visitor {
    /// What a visited game gives.
    type Output;

    /// A game starts.
    fn begin_game(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A tag line, its value's escapes resolved.
    fn tag(&mut self, name: &str, value: &str, span: Span) -> ControlFlow<()> {
        let _ = (name, value, span);
        ControlFlow::Continue(())
    }

    /// The movetext starts, laid out as `layout`.
    fn begin_movetext(&mut self, layout: Layout) -> ControlFlow<()> {
        let _ = layout;
        ControlFlow::Continue(())
    }

    /// A variation header line such as `(A)` (numbered layout); the rows
    /// that follow belong to it. `Skip(true)` skips them (the default
    /// reads them).
    fn begin_variation(&mut self, label: Label, span: Span) -> ControlFlow<(), Skip> {
        let _ = (label, span);
        ControlFlow::Continue(Skip(false))
    }

    /// A move starts; `number` is the row number in numbered layout.
    fn begin_move(&mut self, number: Option<u32>) -> ControlFlow<()> {
        let _ = number;
        ControlFlow::Continue(())
    }

    /// A ply of the current move.
    fn ply(&mut self, ply: &PlyToken<'_>) -> ControlFlow<()> {
        let _ = ply;
        ControlFlow::Continue(())
    }

    /// The current move ends.
    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
        let _ = end;
        ControlFlow::Continue(())
    }

    /// The current move holds an error and is dropped; the error is
    /// reported through [`Visitor::error`].
    fn abandon_move(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// Prose after the movetext, trimmed.
    fn prose(&mut self, text: &str, span: Span) -> ControlFlow<()> {
        let _ = (text, span);
        ControlFlow::Continue(())
    }

    /// An error in the game.
    fn error(&mut self, error: &ParseError) -> ControlFlow<()> {
        let _ = error;
        ControlFlow::Continue(())
    }

    /// A warning in the game.
    fn warning(&mut self, warning: &Warning) -> ControlFlow<()> {
        let _ = warning;
        ControlFlow::Continue(())
    }

    /// The game ends.
    fn end_game(&mut self) -> Self::Output;
}

/// Where the parser's events go: the methods of [`Visitor`], and one
/// that hands a ply over by value. Every visitor is a sink (it borrows
/// each ply); the tree builder is a sink that is no visitor, and takes
/// each ply instead of cloning it.
pub(crate) trait Sink {
    /// What a parsed game gives.
    type Output;

    fn begin_game(&mut self) -> ControlFlow<()>;
    fn tag(&mut self, name: &str, value: &str, span: Span) -> ControlFlow<()>;
    fn begin_movetext(&mut self, layout: Layout) -> ControlFlow<()>;
    fn begin_variation(&mut self, label: Label, span: Span) -> ControlFlow<(), Skip>;
    /// A move starts; `number` is the row number and where it is written,
    /// in numbered layout.
    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()>;
    /// About how many moves the main line will hold (inline movetext:
    /// one more than its `;`), so that room can be made at once.
    fn expect_moves(&mut self, moves: usize) {
        let _ = moves;
    }
    /// The movetext, before the parser reads it. A sink that reads plain
    /// movetext on its own ([`RawMovetext::read_plain`]) gives where the
    /// movetext ends, and the parser goes on from there, without reading
    /// it or calling the move and ply callbacks. `None` (the default): the
    /// parser reads it. A sink that gives `None` after reading part of it
    /// must undo what it read, since the parser starts from the beginning.
    fn skim_movetext(&mut self, movetext: &RawMovetext<'_>) -> Option<usize> {
        let _ = movetext;
        None
    }
    /// A ply of the current move, read from `source`; the sink may take
    /// it, leaving a ply without groups in its place (the parser reuses
    /// the room).
    fn take_ply(
        &mut self,
        player: Player,
        alternative: bool,
        ply: &mut WrittenPly,
        source: Source<'_>,
    ) -> ControlFlow<()>;
    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()>;
    /// The sink's vector of the game's groups, if it keeps one: the
    /// parser then reads the groups of a move that it hands over whole
    /// ([`Sink::plain_move`]) straight to the end of it, and the plies it
    /// hands over hold their ranges of it ([`Groups::pending`]). Asking
    /// ends any move being built, as a whole move follows. `None` (the
    /// default): the groups are read into the parser's reused plies.
    fn group_room(&mut self) -> Option<&mut Vec<Group>> {
        None
    }
    /// A whole inline move of one ply each, without number or ending:
    /// `begin_move`, South's ply, North's ply, `end_move`.
    fn plain_move(
        &mut self,
        south: &mut WrittenPly,
        north: &mut WrittenPly,
        end: &MoveEnd<'_>,
        source: Source<'_>,
    ) -> ControlFlow<()> {
        self.begin_move(None)?;
        self.take_ply(Player::South, false, south, source)?;
        self.take_ply(Player::North, false, north, source)?;
        self.end_move(end)
    }
    /// South's turn of the current move is left out, written `...` at
    /// `span`; North's follows (a visitor sees only North's plies).
    fn elide_south(&mut self, span: Span) -> ControlFlow<()> {
        let _ = span;
        ControlFlow::Continue(())
    }
    fn abandon_move(&mut self) -> ControlFlow<()>;
    fn prose(&mut self, text: &str, span: Span) -> ControlFlow<()>;
    fn error(&mut self, error: &ParseError) -> ControlFlow<()>;
    fn warning(&mut self, warning: &Warning) -> ControlFlow<()>;
    fn end_game(&mut self) -> Self::Output;
}

impl<V: Visitor + ?Sized> Sink for V {
    type Output = V::Output;

    fn begin_game(&mut self) -> ControlFlow<()> {
        Visitor::begin_game(self)
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) -> ControlFlow<()> {
        Visitor::tag(self, name, value, span)
    }

    fn begin_movetext(&mut self, layout: Layout) -> ControlFlow<()> {
        Visitor::begin_movetext(self, layout)
    }

    fn begin_variation(&mut self, label: Label, span: Span) -> ControlFlow<(), Skip> {
        Visitor::begin_variation(self, label, span)
    }

    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
        Visitor::begin_move(self, number.map(|(number, _)| number))
    }

    fn take_ply(
        &mut self,
        player: Player,
        alternative: bool,
        ply: &mut WrittenPly,
        source: Source<'_>,
    ) -> ControlFlow<()> {
        Visitor::ply(self, &PlyToken::new(player, alternative, ply, source))
    }

    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
        Visitor::end_move(self, end)
    }

    fn abandon_move(&mut self) -> ControlFlow<()> {
        Visitor::abandon_move(self)
    }

    fn prose(&mut self, text: &str, span: Span) -> ControlFlow<()> {
        Visitor::prose(self, text, span)
    }

    fn error(&mut self, error: &ParseError) -> ControlFlow<()> {
        Visitor::error(self, error)
    }

    fn warning(&mut self, warning: &Warning) -> ControlFlow<()> {
        Visitor::warning(self, warning)
    }

    fn end_game(&mut self) -> Self::Output {
        Visitor::end_game(self)
    }
}

/// The sink that builds the tree. A move is pushed onto its line when it
/// begins and filled in place, so that the large `WrittenMove` is not moved
/// around; a move that ends without South's ply, or is abandoned, is
/// popped again.
///
/// The groups of all plies of the game are moved into one vector as they
/// come (the parser's ply keeps its room), each ply holding its range of
/// it ([`Groups::pending`]); when the game ends, the vector is shared
/// with every ply that has groups ([`Groups::share`]), so that building a
/// tree costs no allocation per ply with groups.
#[derive(Default)]
pub(crate) struct TreeBuilder {
    record: Record,
    /// Whether the last move of the current line is being built.
    open: OpenMove,
    /// The groups of the game's plies, in the order they were read.
    groups: Vec<Group>,
    /// Where the groups of the move being built start in `groups`.
    open_groups: usize,
    /// About how many moves the main line holds, if the parser said
    /// ([`Sink::expect_moves`]).
    expected_moves: usize,
    errors: Vec<ParseError>,
    warnings: Vec<Warning>,
}

/// Whether the last move of the line being read is still being built.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum OpenMove {
    /// No move is being built.
    #[default]
    None,
    /// The move is begun, and its South turn holds a placeholder: no ply
    /// of it was read yet.
    Begun,
    /// The move has its South turn (or South's turn is left out).
    Started,
}

impl TreeBuilder {
    fn line(&mut self) -> &mut Vec<WrittenMove> {
        let movetext: &mut Movetext = &mut self.record.movetext;
        match movetext.variations.last_mut() {
            Some(variation) => &mut variation.moves,
            None => &mut movetext.moves,
        }
    }

    /// Drops the move being built, if any.
    fn close_open_move(&mut self) {
        if std::mem::take(&mut self.open) != OpenMove::None {
            self.drop_open_move();
        }
    }

    /// Drops the last move of the current line, the one being built, and
    /// its groups.
    fn drop_open_move(&mut self) {
        self.line().pop();
        self.groups.truncate(self.open_groups);
    }

    /// The groups of a ply the parser read, moved to the end of the game's
    /// groups (the parser's ply keeps its room): the range that the ply
    /// in the tree holds until the game ends.
    #[inline(always)]
    fn take_groups(&mut self, read: &mut Groups) -> Groups {
        if read.is_pending() {
            // Read straight into `groups` ([`Sink::group_room`]).
            std::mem::take(read)
        } else if read.is_empty() {
            Groups::new()
        } else {
            self.move_groups(read)
        }
    }

    /// Makes room in `groups` for about a group a move (a few doublings of
    /// a large element fewer); what is left over is given back when the
    /// game ends. Past a few hundred, the vector grows by doubling.
    fn reserve_groups(&mut self) {
        const FEWEST: usize = 8;
        const MOST: usize = 256;
        self.groups
            .reserve_exact(self.expected_moves.clamp(FEWEST, MOST));
    }

    /// [`TreeBuilder::take_groups`] for a ply with groups.
    fn move_groups(&mut self, read: &mut Groups) -> Groups {
        if self.groups.capacity() == 0 {
            self.reserve_groups();
        }
        let start = self.groups.len();
        read.move_into(&mut self.groups);
        // Past what a range can hold (some four billion groups), a ply
        // holds a vector of its own.
        Groups::pending(start, self.groups.len())
            .unwrap_or_else(|| Groups::from(self.groups.split_off(start)))
    }

    /// Shares the game's groups with every ply that holds a range of them.
    fn share_groups(&mut self) {
        if self.groups.is_empty() {
            return;
        }
        self.groups.shrink_to_fit();
        let groups = Arc::new(std::mem::take(&mut self.groups));
        let movetext = &mut self.record.movetext;
        share_in_line(&mut movetext.moves, &groups);
        for variation in &mut movetext.variations {
            share_in_line(&mut variation.moves, &groups);
        }
    }
}

/// Gives the plies of `line` that hold a range of `groups` the vector.
fn share_in_line(line: &mut [WrittenMove], groups: &Arc<Vec<Group>>) {
    for m in line {
        if let SouthTurn::Written(south) = &mut m.south {
            share_in_turn(south, groups);
        }
        if let Some(north) = &mut m.north {
            share_in_turn(north, groups);
        }
    }
}

/// Gives the plies of `turn` that hold a range of `groups` the vector.
#[inline]
fn share_in_turn(turn: &mut Turn, groups: &Arc<Vec<Group>>) {
    turn.ply.groups.share(groups);
    if !turn.alternatives.is_empty() {
        for ply in &mut turn.alternatives {
            ply.groups.share(groups);
        }
    }
}

/// The ply's hole, mark and span, without its groups.
fn bare_copy(ply: &WrittenPly) -> WrittenPly {
    WrittenPly {
        hole: ply.hole,
        mark: ply.mark,
        groups: Groups::new(),
        span: ply.span,
    }
}

/// Pushes the bare copy of `ply` onto `plies` (room for just it) and
/// returns it.
fn push_last<'a>(plies: &'a mut Alternatives, ply: &WrittenPly) -> Option<&'a mut WrittenPly> {
    plies.reserve_exact(1);
    plies.push(bare_copy(ply));
    plies.last_mut()
}

impl Sink for TreeBuilder {
    type Output = (Record, Vec<ParseError>, Vec<Warning>);

    fn begin_game(&mut self) -> ControlFlow<()> {
        *self = TreeBuilder::default();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) -> ControlFlow<()> {
        self.record.tags.push(Tag {
            name: name.to_owned(),
            value: value.to_owned(),
            span,
        });
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, layout: Layout) -> ControlFlow<()> {
        self.record.movetext.layout = layout;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, label: Label, span: Span) -> ControlFlow<(), Skip> {
        self.close_open_move();
        self.record.movetext.variations.push(Variation {
            label,
            moves: Vec::new(),
            span,
        });
        ControlFlow::Continue(Skip(false))
    }

    fn expect_moves(&mut self, moves: usize) {
        // Room for the moves of a long game, but not for a `;` that may
        // hold no move (`;;;`): past that, the line grows as it is read.
        const MOST: usize = 256;
        self.expected_moves = moves;
        let line = &mut self.record.movetext.moves;
        line.reserve(moves.min(MOST).saturating_sub(line.len()));
    }

    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
        self.close_open_move();
        let main = self.record.movetext.variations.is_empty();
        let line = self.line();
        if line.capacity() == 0 {
            // Published games run to a few dozen moves: skip the first
            // few doublings of a 200-byte element. Variations are short,
            // and there may be many: room for one move, not the four a
            // vector would make.
            if main {
                line.reserve(32);
            } else {
                line.reserve_exact(1);
            }
        }
        line.push(WrittenMove {
            number,
            south: SouthTurn::Written(Turn::single(WrittenPly::new(Hole::MIN))),
            north: None,
            ending: None,
            full_stop: false,
            span: Span::default(),
        });
        self.open = OpenMove::Begun;
        self.open_groups = self.groups.len();
        ControlFlow::Continue(())
    }

    fn take_ply(
        &mut self,
        player: Player,
        alternative: bool,
        ply: &mut WrittenPly,
        _: Source<'_>,
    ) -> ControlFlow<()> {
        let has_south = match self.open {
            OpenMove::None => return ControlFlow::Continue(()),
            OpenMove::Begun => false,
            OpenMove::Started => true,
        };
        let south_alternative = alternative && has_south;
        if player == Player::South && !south_alternative {
            self.open = OpenMove::Started;
        }
        let groups = self.take_groups(&mut ply.groups);
        let Some(m) = self.line().last_mut() else {
            return ControlFlow::Continue(());
        };
        // As in `plain_move`: the ply is written in place from its scalar
        // parts, and its groups are moved in.
        let slot = match player {
            Player::South if south_alternative => m
                .south
                .turn_mut()
                .and_then(|turn| push_last(&mut turn.alternatives, ply)),
            Player::South => {
                let turn = Turn::single(bare_copy(ply));
                match &mut m.south {
                    SouthTurn::Written(south) => *south = turn,
                    elided => *elided = SouthTurn::Written(turn),
                }
                m.south.turn_mut().map(|turn| &mut turn.ply)
            }
            Player::North => match &mut m.north {
                Some(turn) if alternative => push_last(&mut turn.alternatives, ply),
                north => Some(&mut north.insert(Turn::single(bare_copy(ply))).ply),
            },
        };
        if let Some(slot) = slot {
            slot.groups = groups;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn group_room(&mut self) -> Option<&mut Vec<Group>> {
        // Ranges of at most a few billion groups can be held (a move
        // adds two); past that, the groups go through the parser's plies.
        const MOST: usize = (u32::MAX / 2) as usize;
        self.close_open_move();
        if self.groups.len() >= MOST {
            return None;
        }
        if self.groups.capacity() == 0 {
            self.reserve_groups();
        }
        Some(&mut self.groups)
    }

    fn plain_move(
        &mut self,
        south: &mut WrittenPly,
        north: &mut WrittenPly,
        end: &MoveEnd<'_>,
        _: Source<'_>,
    ) -> ControlFlow<()> {
        self.close_open_move();
        let mut south_groups = self.take_groups(&mut south.groups);
        let mut north_groups = self.take_groups(&mut north.groups);
        let line = self.line();
        if line.len() == line.capacity() {
            // Published games run to a few dozen moves: skip the first few
            // doublings of a large element.
            line.reserve(line.len().max(32));
        }
        // The move is written straight into the line (`resize_with` by one)
        // from the plies' scalar parts and their groups (moved to the
        // game's groups, the parser's plies keeping their room), rather
        // than assembled and then copied whole.
        let len = line.len();
        let ply = |read: &WrittenPly, groups: &mut Groups| WrittenPly {
            groups: std::mem::take(groups),
            ..bare_copy(read)
        };
        line.resize_with(len + 1, || WrittenMove {
            number: None,
            south: SouthTurn::Written(Turn::single(ply(south, &mut south_groups))),
            north: Some(Turn::single(ply(north, &mut north_groups))),
            ending: None,
            full_stop: end.full_stop,
            span: end.span,
        });
        if end.ending.is_some()
            && let Some(m) = line.last_mut()
        {
            m.ending = end.ending.map(|ending| Box::new(ending.clone()));
        }
        ControlFlow::Continue(())
    }

    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
        match std::mem::take(&mut self.open) {
            OpenMove::Started => {
                if let Some(m) = self.line().last_mut() {
                    m.ending = end.ending.map(|ending| Box::new(ending.clone()));
                    m.full_stop = end.full_stop;
                    m.span = end.span;
                }
            }
            OpenMove::Begun => self.drop_open_move(),
            OpenMove::None => {}
        }
        ControlFlow::Continue(())
    }

    fn elide_south(&mut self, span: Span) -> ControlFlow<()> {
        if self.open != OpenMove::None {
            self.open = OpenMove::Started;
            if let Some(m) = self.line().last_mut() {
                m.south = SouthTurn::Elided { span };
            }
        }
        ControlFlow::Continue(())
    }

    fn abandon_move(&mut self) -> ControlFlow<()> {
        self.close_open_move();
        ControlFlow::Continue(())
    }

    fn prose(&mut self, text: &str, span: Span) -> ControlFlow<()> {
        self.close_open_move();
        self.record.prose = Some(Prose {
            text: text.to_owned(),
            span,
        });
        ControlFlow::Continue(())
    }

    fn error(&mut self, error: &ParseError) -> ControlFlow<()> {
        self.errors.push(error.clone());
        ControlFlow::Continue(())
    }

    fn warning(&mut self, warning: &Warning) -> ControlFlow<()> {
        self.warnings.push(warning.clone());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Self::Output {
        self.close_open_move();
        self.share_groups();
        let builder = std::mem::take(self);
        (builder.record, builder.errors, builder.warnings)
    }
}
