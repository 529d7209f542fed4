//! Streaming the parse of a game as callbacks, in the manner of
//! pgn-reader: the tree of [`Record`] is one consumer of these
//! callbacks, and any [`Visitor`] can be another.

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::{Captures, Hole, Player};

use super::annotation::read_closed_annotation;
use super::parse::{Noted, Region};
use super::{
    Alternatives, CaptureAnnotation, Group, GroupKind, Groups, Label, Layout, Mark, Movetext,
    ParseError, Prose, Record, SouthTurn, Span, Tag, Turn, Variation, Warning, WrittenMove,
    WrittenPly,
};

/// A ply as the reader reads it, for one callback: whose turn it belongs
/// to, its hole, mark and span. Its groups follow, one
/// [`Visitor::group`] callback each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlyToken {
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
}

impl PlyToken {
    /// Whether the ply is a written pass, `-`.
    #[must_use]
    pub fn is_pass(&self) -> bool {
        self.hole.is_none()
    }
}

/// A parenthesised group after a ply, borrowed for one callback, and read
/// only as far as the visitor asks: compared with captures
/// ([`GroupToken::is_print_of`]), its place and text
/// ([`GroupToken::span`], [`GroupToken::text`]), or what it holds
/// ([`GroupToken::kind`], [`GroupToken::capture_annotation`]). What the
/// group has to report (an error or a warning) is the reader's, reported
/// with the game's whatever the visitor asks.
pub struct GroupToken<'a> {
    /// The region of the game the group is read from.
    region: &'a Region<'a>,
    /// The offset of the group's `(` in the game's text.
    open: usize,
    /// The offset after the group, once known (0 until then).
    end: Cell<usize>,
    /// Whether the group is known to have nothing to report.
    clean: Cell<bool>,
}

impl<'a> GroupToken<'a> {
    /// The group whose `(` is at offset `open` of `region`'s text.
    #[inline(always)]
    pub(crate) fn new(region: &'a Region<'a>, open: usize) -> GroupToken<'a> {
        GroupToken {
            region,
            open,
            end: Cell::new(0),
            clean: Cell::new(false),
        }
    }

    /// Where the group ends, when a visitor's question found it free of
    /// findings: the reader goes on from there without reading it.
    #[inline(always)]
    pub(crate) fn settled(&self) -> Option<usize> {
        self.clean.get().then(|| self.end.get())
    }

    /// The offset after the group (after its `)`, or where an unclosed
    /// group is taken to end).
    fn end(&self) -> usize {
        match self.end.get() {
            0 => {
                let end = self.region.extent(self.open).end;
                self.end.set(end);
                end
            }
            end => end,
        }
    }

    /// Where the group is written, from `(` to `)` (an unclosed group: to
    /// where the reader takes it to end).
    #[must_use]
    pub fn span(&self) -> Span {
        let base = self.region.base;
        Span::new(base + self.open, base + self.end())
    }

    /// The group as written, from `(` to `)`.
    #[must_use]
    pub fn text(&self) -> &'a str {
        let text: &'a str = self.region.text;
        text.get(self.open..self.end()).unwrap_or_default()
    }

    /// What the group holds: a capture annotation, labels, a remark on
    /// another move, or a comment, read from its text at each call (keep
    /// the value to use it twice).
    #[must_use]
    pub fn kind(&self) -> GroupKind {
        self.to_group().kind
    }

    /// The capture annotation, if the group is one (read as
    /// [`GroupToken::kind`] reads it).
    #[must_use]
    pub fn capture_annotation(&self) -> Option<CaptureAnnotation> {
        // The commonest group, an annotation alone, is read without
        // making its kind.
        let inside = self.region.bytes.get(self.open + 1..).unwrap_or_default();
        let mut annotation = CaptureAnnotation::placeholder();
        if let Some(len) = read_closed_annotation(inside, &mut annotation) {
            let base = self.region.base;
            annotation.span = Span::new(base + self.open + 1, base + self.open + 1 + len);
            self.settle(self.open + len + 2);
            return Some(annotation);
        }
        match self.kind() {
            GroupKind::Captures { annotation, .. } => Some(annotation),
            _ => None,
        }
    }

    /// Whether the group is written exactly as `captures` print
    /// (`(2 from 9 and 4 from 8)`, their [`Display`](std::fmt::Display)):
    /// then it is a capture annotation of just these captures, which is
    /// found by comparing bytes, without reading the group. Always false
    /// for no captures.
    ///
    /// ```
    /// use bohnenspiel::{Captures, Move, Position};
    /// use bohnenspiel::notation::{GroupToken, RecordReader, Visitor};
    /// use std::ops::ControlFlow;
    ///
    /// struct Printed(Captures, Vec<bool>);
    /// impl Visitor for Printed {
    ///     type Output = Vec<bool>;
    ///     fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
    ///         self.1.push(group.is_print_of(&self.0));
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn end_game(&mut self) -> Vec<bool> {
    ///         std::mem::take(&mut self.1)
    ///     }
    /// }
    ///
    /// // 4,8; 6,12 (2 from 8)
    /// let mut position = Position::new();
    /// for hole in [4, 8, 6] {
    ///     position.play(Move::from_number(hole)?)?;
    /// }
    /// let captures = position.play(Move::from_number(12)?)?;
    /// let text = "4, 8; 6, 12 (2 from 8); 5 (2 from hole 8)\n";
    /// let mut reader = RecordReader::new(text.as_bytes());
    /// let printed = reader.visit_game(&mut Printed(captures, Vec::new())).transpose()?;
    /// assert_eq!(printed, Some(vec![true, false]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_print_of(&self, captures: &Captures) -> bool {
        let inside = self.region.bytes.get(self.open + 1..).unwrap_or_default();
        match printed_len(captures, inside) {
            Some(len) if inside.get(len) == Some(&b')') => {
                // The print of captures is a capture annotation in the
                // rules' phrasing, which has nothing to report.
                self.settle(self.open + len + 2);
                true
            }
            _ => false,
        }
    }

    /// The group as a tree value.
    #[must_use]
    pub fn to_group(&self) -> Group {
        let mut groups = Vec::new();
        self.read_into(&mut groups);
        groups.pop().unwrap_or(Group {
            kind: GroupKind::Comment(String::new()),
            span: self.span(),
        })
    }

    /// Reads the group onto the end of `groups`.
    pub(crate) fn read_into(&self, groups: &mut Vec<Group>) {
        let mut findings = Noted(false);
        let end = self
            .region
            .read_group(self.open, groups, groups.len(), &mut findings);
        if findings.0 {
            self.end.set(end);
        } else {
            self.settle(end);
        }
    }

    /// Notes that the group ends before `end` and has nothing to report.
    #[inline(always)]
    fn settle(&self, end: usize) {
        self.end.set(end);
        self.clean.set(true);
    }
}

impl std::fmt::Debug for GroupToken<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroupToken")
            .field("text", &self.text())
            .field("span", &self.span())
            .finish()
    }
}

/// The length of the print of `captures` (their `Display`) if `text`
/// starts with it, decided byte by byte without formatting them; always
/// `None` for no captures.
#[inline]
fn printed_len(captures: &Captures, text: &[u8]) -> Option<usize> {
    let count = captures.len();
    let mut rest = text;
    for (i, capture) in captures.iter().enumerate() {
        rest = strip_number(rest, capture.beans)?;
        rest = rest.strip_prefix(b" from ")?;
        rest = strip_number(rest, capture.hole.number())?;
        // Each prefix is a constant, which compiles to a few compares.
        rest = match count - i {
            1 => rest,
            2 => rest.strip_prefix(b" and ")?,
            _ => rest.strip_prefix(b", ")?,
        };
    }
    (count > 0).then(|| text.len() - rest.len())
}

/// `text` after the decimal digits of `number`, if it starts with them.
#[inline]
fn strip_number(text: &[u8], number: u8) -> Option<&[u8]> {
    let digit = |n: u8| b'0' + n % 10;
    match (number, text) {
        (0..=9, [ones, rest @ ..]) if *ones == digit(number) => Some(rest),
        (10..=99, [tens, ones, rest @ ..])
            if [*tens, *ones] == [digit(number / 10), digit(number)] =>
        {
            Some(rest)
        }
        (100.., [hundreds, tens, ones, rest @ ..])
            if [*hundreds, *tens, *ones]
                == [digit(number / 100), digit(number / 10), digit(number)] =>
        {
            Some(rest)
        }
        _ => None,
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
/// followed by `group` for each of its groups (South's plies before
/// North's, each turn's first ply before its alternatives; only North's,
/// after `elide_south`, when South's turn is left out, `1. ... 8`), then
/// `end_move`, or `abandon_move` if South's turn holds an error (its
/// plies seen so far are void). An error in North's turn costs only that
/// turn: the move ends (`end_move`) with the plies read before it, so
/// that `4,x` keeps South's 4. In numbered movetext, `begin_variation`
/// comes before the rows of each variation; a visitor that answers
/// [`Skip(true)`](Skip) is told nothing of its rows. Then `prose`, then
/// `error` and `warning` for each error and warning in order, then
/// `end_game`.
///
/// Tokens are read only as far as a visitor asks: a group that no
/// visitor reads costs the reader no more than finding what it has to
/// report.
///
/// Every callback but `end_game` may return [`ControlFlow::Break`]: the
/// parser then stops reading the game and calls nothing more but
/// `end_game`. Every callback has a default that does nothing.
///
/// ```
/// use std::ops::ControlFlow;
/// use bohnenspiel::notation::{GroupToken, RecordReader, Visitor};
///
/// /// Counts the capture annotations of each game.
/// struct Annotated(usize);
///
/// impl Visitor for Annotated {
///     type Output = usize;
///     fn begin_game(&mut self) -> ControlFlow<()> {
///         self.0 = 0;
///         ControlFlow::Continue(())
///     }
///     fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
///         self.0 += usize::from(group.capture_annotation().is_some());
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

    /// A move starts; `number` is the row number in numbered layout, and
    /// where it is written (with its `.`).
    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
        let _ = number;
        ControlFlow::Continue(())
    }

    /// South's turn of the current move is left out, written `...` at
    /// `span`; North's follows.
    fn elide_south(&mut self, span: Span) -> ControlFlow<()> {
        let _ = span;
        ControlFlow::Continue(())
    }

    /// A ply of the current move; its groups follow.
    fn ply(&mut self, ply: &PlyToken) -> ControlFlow<()> {
        let _ = ply;
        ControlFlow::Continue(())
    }

    /// A group after the last ply, in written order.
    fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
        let _ = group;
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

/// The visitor that builds the tree.
///
/// A move is built in place in the builder as its plies come, and moved
/// onto its line in one piece when it ends (made where it goes there, not
/// aside and copied); a move that ends without its South turn is dropped.
///
/// The groups of all plies of the game are read into one vector as they
/// come, each ply holding its range of it ([`Groups::pending`], set when
/// the ply's groups end); when the game ends, the vector is shared with
/// every ply that has groups ([`Groups::share`]), so that building a tree
/// costs no allocation per ply with groups. (A range holds up to some
/// four billion groups, far more than memory does.)
#[derive(Default)]
pub(crate) struct TreeBuilder {
    record: Record,
    /// Whether a move is being built.
    open: bool,
    /// Whether the move being built has its South turn (a ply, or `...`).
    south: bool,
    /// The move being built (empty when none is).
    current: OpenMove,
    /// The groups of the game's plies, in the order they were read.
    groups: Vec<Group>,
    /// Where the groups of the move being built start in `groups`.
    open_groups: usize,
    /// Where the last ply handed over went, if it was kept, and where
    /// its groups start in `groups`.
    last: Option<Slot>,
    ply_groups: usize,
    errors: Vec<ParseError>,
    warnings: Vec<Warning>,
}

/// The move being built: its number and turns (South's a placeholder
/// until the builder's `south` says it is there); its ending, full stop
/// and span are written straight onto the line when it ends.
struct OpenMove(WrittenMove);

impl Default for OpenMove {
    #[inline]
    fn default() -> OpenMove {
        OpenMove(empty_move())
    }
}

/// A move with nothing written yet.
#[inline]
fn empty_move() -> WrittenMove {
    WrittenMove {
        number: None,
        south: SouthTurn::Elided {
            span: Span::default(),
        },
        north: None,
        ending: None,
        full_stop: false,
        span: Span::default(),
    }
}

/// Where a ply of the move being built went: its turn's first ply or the
/// turn's last alternative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    South,
    SouthAlternative,
    North,
    NorthAlternative,
}

/// The line moves are written onto: the last variation's, or the main
/// line.
#[inline]
fn line_of(movetext: &mut Movetext) -> &mut Vec<WrittenMove> {
    match movetext.variations.last_mut() {
        Some(variation) => &mut variation.moves,
        None => &mut movetext.moves,
    }
}

impl TreeBuilder {
    /// Drops the move being built, if any, and its groups.
    #[inline]
    fn close_open_move(&mut self) {
        self.last = None;
        if self.open {
            self.drop_open_move();
        }
    }

    /// Drops the move being built and its groups.
    #[cold]
    fn drop_open_move(&mut self) {
        self.open = false;
        self.current = OpenMove::default();
        self.groups.truncate(self.open_groups);
    }

    /// Gives the last ply handed over its range of the game's groups, if
    /// it was kept and has groups.
    #[inline]
    fn end_ply(&mut self) {
        let Some(slot) = self.last.take() else {
            return;
        };
        let (start, end) = (self.ply_groups, self.groups.len());
        if end > start {
            set_groups(&mut self.current.0, slot, start, end);
        }
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

/// Makes room for a few dozen groups at once in the game's `groups`,
/// which hold none yet: most games need no more (a few doublings of a
/// large element fewer); what is left over is given back when the game
/// ends.
#[cold]
fn first_room(groups: &mut Vec<Group>) {
    groups.reserve_exact(64);
}

/// Pushes `ply` onto `plies` (room for just it).
fn push_last(plies: &mut Alternatives, ply: WrittenPly) {
    plies.reserve_exact(1);
    plies.push(ply);
}

/// Gives the ply at `slot` of `m` the range `start..end` of the game's
/// groups.
#[inline]
fn set_groups(m: &mut WrittenMove, slot: Slot, start: usize, end: usize) {
    let ply = match slot {
        Slot::South => m.south.turn_mut().map(|turn| &mut turn.ply),
        Slot::SouthAlternative => m
            .south
            .turn_mut()
            .and_then(|turn| turn.alternatives.last_mut()),
        Slot::North => m.north.as_mut().map(|turn| &mut turn.ply),
        Slot::NorthAlternative => m
            .north
            .as_mut()
            .and_then(|turn| turn.alternatives.last_mut()),
    };
    if let Some(ply) = ply {
        ply.groups = Groups::pending(start, end).unwrap_or_default();
    }
}

/// Writes the ply of `token` into `m`, the move being built (`south`:
/// whether it has its South turn); where it is written (`None` if it is
/// not kept: North's ply before South's turn, whose move is dropped when
/// it ends, or a second first ply of a turn).
#[inline]
fn write_ply(m: &mut WrittenMove, south: &mut bool, token: &PlyToken) -> Option<Slot> {
    let ply = WrittenPly {
        hole: token.hole,
        mark: token.mark,
        groups: Groups::new(),
        span: token.span,
    };
    match token.player {
        // Until South's turn is there, its place holds the placeholder
        // (nothing to drop).
        Player::South if !*south => match &mut m.south {
            placeholder @ SouthTurn::Elided { .. } => {
                *placeholder = SouthTurn::Written(Turn::single(ply));
                *south = true;
                Some(Slot::South)
            }
            SouthTurn::Written(_) => None,
        },
        Player::South => match m.south.turn_mut() {
            Some(turn) if token.alternative => {
                push_last(&mut turn.alternatives, ply);
                Some(Slot::SouthAlternative)
            }
            _ => None,
        },
        Player::North if !*south => None,
        Player::North => match &mut m.north {
            Some(turn) if token.alternative => {
                push_last(&mut turn.alternatives, ply);
                Some(Slot::NorthAlternative)
            }
            Some(_) => None,
            north @ None => {
                *north = Some(Turn::single(ply));
                Some(Slot::North)
            }
        },
    }
}

impl Visitor for TreeBuilder {
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

    #[inline]
    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
        self.close_open_move();
        self.open_groups = self.groups.len();
        self.current.0.number = number;
        self.open = true;
        self.south = false;
        ControlFlow::Continue(())
    }

    // Inlined, as `end_move` is, into the reader's loop: a call for each
    // ply costs more than the code it saves.
    #[inline(always)]
    fn ply(&mut self, token: &PlyToken) -> ControlFlow<()> {
        if !self.open {
            return ControlFlow::Continue(());
        }
        self.end_ply();
        self.ply_groups = self.groups.len();
        self.last = write_ply(&mut self.current.0, &mut self.south, token);
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
        if self.last.is_none() {
            return ControlFlow::Continue(());
        }
        if self.groups.capacity() == 0 {
            first_room(&mut self.groups);
        }
        group.read_into(&mut self.groups);
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
        self.end_ply();
        if !self.open {
            return ControlFlow::Continue(());
        }
        if !self.south {
            // No South turn: the move is not kept.
            self.drop_open_move();
            return ControlFlow::Continue(());
        }
        self.open = false;
        let ending = end.ending.map(|ending| Box::new(ending.clone()));
        let main = self.record.movetext.variations.is_empty();
        let line = line_of(&mut self.record.movetext);
        if line.len() == line.capacity() {
            // Published games run to a few dozen moves: room for 64 at
            // first, which most need no more than, skipping the first
            // few doublings of a large element. Variations are short,
            // and there may be many: room for one move, not the four a
            // vector would make.
            if main {
                line.reserve(line.len().max(64));
            } else {
                line.reserve_exact(1);
            }
        }
        // Moved where it goes (room is made above) field by field, not
        // aside and copied whole; the builder's move is left empty.
        let m = &mut self.current.0;
        line.extend(std::iter::once_with(|| WrittenMove {
            number: m.number,
            south: std::mem::replace(
                &mut m.south,
                SouthTurn::Elided {
                    span: Span::default(),
                },
            ),
            north: m.north.take(),
            ending,
            full_stop: end.full_stop,
            span: end.span,
        }));
        ControlFlow::Continue(())
    }

    fn elide_south(&mut self, span: Span) -> ControlFlow<()> {
        if self.open {
            self.current.0.south = SouthTurn::Elided { span };
            self.south = true;
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
        // A short game gives back most of the room made for a long one,
        // so that many short records held together stay small.
        let moves = &mut self.record.movetext.moves;
        if moves.len() < moves.capacity() / 4 {
            moves.shrink_to_fit();
        }
        // What the game built is taken; the rest is left as a game leaves
        // it (no move open, no groups), and made new when one begins.
        (
            std::mem::take(&mut self.record),
            std::mem::take(&mut self.errors),
            std::mem::take(&mut self.warnings),
        )
    }
}
