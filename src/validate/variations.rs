//! Variations: row numbering, branch points and the lines they replace.
//!
//! Everything here works by index, built once per record ([`Index`]): the
//! variation a label names, the line that refers to a variation, and the
//! line a variation replaces, each found without searching the movetext,
//! so that a record with many variations (or a long chain of them) is
//! checked in time linear in its size and in the plies replayed (the
//! labels sorted once, and each label looked up by binary search). The
//! index takes a few bytes per variation and per move: a variation's text
//! is about ten bytes.

use crate::notation::{
    GroupKind, KnownTag, Label, Layout, Movetext, Span, WrittenMove, WrittenPly,
};

use super::replay::{Context, NumberedMove, ReplayPlace};
use super::{FindingKind, Severity};

/// A line of the movetext: the main line, or a variation by its place in
/// [`Movetext::variations`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineId {
    Main,
    Variation(usize),
}

impl LineId {
    /// The line's number in the index: 0 for the main line, `i + 1` for
    /// variation `i`.
    fn number(self) -> u32 {
        match self {
            LineId::Main => 0,
            LineId::Variation(i) => small(i + 1),
        }
    }

    /// The line numbered `number` ([`LineId::number`]).
    fn numbered(number: u32) -> LineId {
        match number.checked_sub(1) {
            None => LineId::Main,
            Some(i) => LineId::Variation(i as usize),
        }
    }
}

/// `n` as a `u32`, the size of the index's numbers: a game has fewer
/// than `u32::MAX` lines and moves (each takes several bytes of text and
/// dozens of bytes of tree, so that such a game would not fit in
/// memory).
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// No line: in [`Index::parents`], a variation no line refers to; in a
/// [`Point`], the start of the game.
const NO_LINE: u32 = u32::MAX;

/// How far the whole line of a variation is known.
#[derive(Debug, Clone, Copy)]
enum Whole {
    /// Not looked at yet.
    Unknown,
    /// Being worked out: its parents are being walked.
    Walking,
    /// No whole line: no parent, no rows, or parents in a cycle.
    None,
    /// Its whole line is its branch point's line, then its own rows.
    Known(Point),
}

/// A [`Branch`] as the index keeps it, in 12 bytes: `line` is
/// [`NO_LINE`] for the start of the game (and then `moves` and `high`
/// are 0), else the line's number ([`LineId::number`]).
#[derive(Debug, Clone, Copy)]
struct Point {
    line: u32,
    moves: u32,
    high: u32,
}

impl From<Branch> for Point {
    fn from(branch: Branch) -> Point {
        match (branch.at, branch.high) {
            (Some((line, moves)), high) => Point {
                line: line.number(),
                moves: small(moves),
                high: high.unwrap_or_default(),
            },
            // A branch at the start of the game has no move before it.
            (None, _) => Point {
                line: NO_LINE,
                moves: 0,
                high: 0,
            },
        }
    }
}

impl From<Point> for Branch {
    fn from(point: Point) -> Branch {
        if point.line == NO_LINE {
            Branch {
                at: None,
                high: None,
            }
        } else {
            Branch {
                at: Some((LineId::numbered(point.line), point.moves as usize)),
                high: Some(point.high),
            }
        }
    }
}

/// Where a variation's whole line leaves the lines it shares moves
/// with: after the first `moves` moves of line `line`'s own (so after
/// that line's whole line up to there), or at the start of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Branch {
    /// The line and how many of its own moves come before the
    /// variation's first; `None` when the variation starts the game.
    pub at: Option<(LineId, usize)>,
    /// The highest move number before the variation's own moves: `None`
    /// exactly when `at` is (no move comes before them).
    high: Option<u32>,
}

/// The variations of a record by index: labels, parents and whole lines.
pub(crate) struct Index<'r> {
    movetext: &'r Movetext,
    /// The places of the variations, sorted by label, then by place: the
    /// first of each label's run is the first variation with the label.
    by_label: Vec<u32>,
    /// For each variation, the number ([`LineId::number`]) of the first
    /// line (the main line, then the variations in written order) that
    /// refers to its label, or [`NO_LINE`]. Labels that name no
    /// variation are not kept, so that a ply with many costs nothing
    /// here.
    parents: Vec<u32>,
    /// The whole line of each variation, worked out once.
    whole: Vec<Whole>,
    /// For each line (the main line, then each variation), the highest
    /// move number of its own first moves: entry `k` of a line's part,
    /// the highest of its first `k + 1` moves. A line's part is
    /// `highest[starts[l]..starts[l + 1]]`.
    highest: Vec<u32>,
    starts: Vec<u32>,
}

impl<'r> Index<'r> {
    /// Indexes the variations of `movetext`, in one pass over it (and
    /// one sort of its labels).
    pub(crate) fn new(movetext: &'r Movetext) -> Index<'r> {
        let variations = &movetext.variations;
        let mut by_label: Vec<u32> = (0..small(variations.len())).collect();
        by_label.sort_unstable_by_key(|&i| (variations.get(i as usize).map(|v| v.label), i));
        let lines = variations.len() + 1;
        let mut index = Index {
            movetext,
            by_label,
            parents: vec![NO_LINE; variations.len()],
            whole: vec![Whole::Unknown; variations.len()],
            highest: Vec::new(),
            starts: Vec::new(),
        };
        // Without variations there is no parent to find and no branch to
        // place: a label names no variation, and the highest move numbers
        // only place branches.
        if variations.is_empty() {
            return index;
        }
        index.highest.reserve(
            movetext.moves.len() + variations.iter().map(|v| v.moves.len()).sum::<usize>(),
        );
        index.starts.reserve(lines + 1);
        // The first line that refers to each label, kept at the first
        // variation with the label.
        for (line, moves) in index.lines() {
            index.starts.push(small(index.highest.len()));
            let mut high = 0;
            for (k, m) in moves.iter().enumerate() {
                for &label in labels(m) {
                    if let Some(first) = index.first_with(label)
                        && let Some(parent) = index.parents.get_mut(first)
                        && *parent == NO_LINE
                    {
                        *parent = line.number();
                    }
                }
                high = high.max(number_at(moves, k).unwrap_or_default());
                index.highest.push(high);
            }
        }
        index.starts.push(small(index.highest.len()));
        // Then at every variation with the label.
        let mut first = NO_LINE;
        for k in 0..index.by_label.len() {
            let (Some(&i), previous) = (
                index.by_label.get(k),
                k.checked_sub(1).and_then(|p| index.by_label.get(p)),
            ) else {
                continue;
            };
            let label = |i: u32| variations.get(i as usize).map(|v| v.label);
            if previous.is_some_and(|&p| label(p) == label(i)) {
                if let Some(parent) = index.parents.get_mut(i as usize) {
                    *parent = first;
                }
            } else {
                first = index.parents.get(i as usize).copied().unwrap_or(NO_LINE);
            }
        }
        index
    }

    /// The first variation labelled `label`, if any.
    fn first_with(&self, label: Label) -> Option<usize> {
        let variations = &self.movetext.variations;
        let label_of = |i: u32| variations.get(i as usize).map(|v| v.label);
        let k = self
            .by_label
            .partition_point(|&i| label_of(i) < Some(label));
        let &i = self.by_label.get(k)?;
        (label_of(i) == Some(label)).then_some(i as usize)
    }

    /// The highest move numbers of a line's first moves (see
    /// [`Index::highest`](Index)).
    fn highest(&self, line: LineId) -> &[u32] {
        let l = match line {
            LineId::Main => 0,
            LineId::Variation(i) => i + 1,
        };
        match (self.starts.get(l), self.starts.get(l + 1)) {
            (Some(&from), Some(&to)) => self
                .highest
                .get(from as usize..to as usize)
                .unwrap_or_default(),
            _ => &[],
        }
    }

    /// Every line with its moves: the main line, then the variations.
    fn lines(&self) -> impl Iterator<Item = (LineId, &'r [WrittenMove])> + 'r {
        let movetext = self.movetext;
        std::iter::once((LineId::Main, movetext.moves.as_slice())).chain(
            movetext
                .variations
                .iter()
                .enumerate()
                .map(|(i, v)| (LineId::Variation(i), v.moves.as_slice())),
        )
    }

    /// The moves of a line.
    fn moves(&self, line: LineId) -> &'r [WrittenMove] {
        match line {
            LineId::Main => &self.movetext.moves,
            LineId::Variation(i) => self
                .movetext
                .variations
                .get(i)
                .map_or(&[], |v| v.moves.as_slice()),
        }
    }

    /// The label of a variation line; `None` for the main line.
    pub(crate) fn label(&self, line: LineId) -> Option<Label> {
        match line {
            LineId::Main => None,
            LineId::Variation(i) => self.movetext.variations.get(i).map(|v| v.label),
        }
    }

    /// Whether the movetext is numbered (rows can be checked).
    fn layout_numbered(&self) -> bool {
        self.movetext.layout == Layout::Numbered
    }

    /// Whether a variation has this label.
    fn names_variation(&self, label: Label) -> bool {
        self.first_with(label).is_some()
    }

    /// Whether variation `i` starts outside its parent line's rows: its
    /// first row, and the parent's first and last, when the first lies
    /// before the parent's first row or more than one past its last (a
    /// row error; such a variation is not replayed).
    pub(crate) fn outside_parent(&self, i: usize) -> Option<(u32, u32, u32)> {
        let variation = self.movetext.variations.get(i)?;
        let parent_moves = self.moves(self.parent(i)?);
        let first = number_at(&variation.moves, 0)?;
        let low = number_at(parent_moves, 0)?;
        let high = number_at(parent_moves, parent_moves.len().wrapping_sub(1))?;
        (first < low || first > high.saturating_add(1)).then_some((first, low, high))
    }

    /// The line that refers to variation `i`: the first that names its
    /// label.
    pub(crate) fn parent(&self, i: usize) -> Option<LineId> {
        let &parent = self.parents.get(i)?;
        (parent != NO_LINE).then(|| LineId::numbered(parent))
    }

    /// Where variation `i` branches ([`Branch`]): its whole line from
    /// the start of the game is its parent's whole line up to but not
    /// including the first move numbered as its first row or more, then
    /// its own rows. `None` if the variation has no parent, no rows, or
    /// its parents form a cycle. Each variation's branch point is worked
    /// out once, from its parent's, without recursion.
    pub(crate) fn branch(&mut self, i: usize) -> Option<Branch> {
        self.work_out(i);
        match self.whole.get(i) {
            Some(&Whole::Known(point)) => Some(point.into()),
            _ => None,
        }
    }

    /// The whole line of variation `i` from the start of the game (see
    /// [`Index::branch`]), and how many moves of it come from the lines
    /// it branches from. Takes time in proportion to the line.
    pub(crate) fn whole_line(&mut self, i: usize) -> Option<(Vec<NumberedMove<'r>>, usize)> {
        let branch = self.branch(i)?;
        // The runs of moves, from the variation's own back to the start.
        let mut runs = vec![(LineId::Variation(i), self.moves(LineId::Variation(i)).len())];
        let mut at = branch.at;
        while let Some((line, end)) = at {
            runs.push((line, end));
            at = match line {
                LineId::Main => None,
                LineId::Variation(v) => match self.whole.get(v) {
                    Some(&Whole::Known(point)) => Branch::from(point).at,
                    _ => None,
                },
            };
        }
        let mut line = Vec::new();
        for &(id, end) in runs.iter().rev() {
            let moves = self.moves(id);
            line.extend(
                moves
                    .iter()
                    .zip(1u32..)
                    .take(end)
                    .map(|(m, place)| (m.row_number().unwrap_or(place), m)),
            );
        }
        let own = self.moves(LineId::Variation(i)).len();
        let prefix = line.len() - own;
        Some((line, prefix))
    }

    /// Works out the whole line of variation `i` and of every parent it
    /// needs, walking up its parents first.
    fn work_out(&mut self, i: usize) {
        let mut walk = Vec::new();
        let mut at = i;
        // Up to the main line, or to a parent already worked out.
        let cycle = loop {
            match self.whole.get(at) {
                Some(Whole::Unknown) => {}
                Some(Whole::Walking) => break true,
                _ => break false,
            }
            if let Some(whole) = self.whole.get_mut(at) {
                *whole = Whole::Walking;
            }
            walk.push(at);
            match self.parent(at) {
                Some(LineId::Variation(parent)) => at = parent,
                Some(LineId::Main) | None => break false,
            }
        };
        // Down again, each from its parent.
        while let Some(at) = walk.pop() {
            let whole = if cycle {
                Whole::None
            } else {
                self.extend_parent(at)
            };
            if let Some(slot) = self.whole.get_mut(at) {
                *slot = whole;
            }
        }
    }

    /// Where line `line` branches: at the start for the main line.
    fn branch_of(&self, line: LineId) -> Option<Branch> {
        match line {
            LineId::Main => Some(Branch {
                at: None,
                high: None,
            }),
            LineId::Variation(v) => match self.whole.get(v) {
                Some(&Whole::Known(point)) => Some(point.into()),
                _ => None,
            },
        }
    }

    /// The whole line of variation `i`, its parent's being known: cut
    /// the parent's whole line at its first move numbered `branch` (the
    /// variation's first row) or more.
    fn extend_parent(&self, i: usize) -> Whole {
        let Some(variation) = self.movetext.variations.get(i) else {
            return Whole::None;
        };
        let (Some(branch), Some(parent)) = (variation.branch_number(), self.parent(i)) else {
            return Whole::None;
        };
        if self.layout_numbered() && self.outside_parent(i).is_some() {
            return Whole::None;
        }
        // The first such move lies in the own moves of `line`, before
        // its move `limit`, once no move before them is numbered so high.
        let mut line = parent;
        let mut limit = self.moves(line).len();
        loop {
            let Some(of_line) = self.branch_of(line) else {
                return Whole::None;
            };
            if let (Some((up, end)), Some(high)) = (of_line.at, of_line.high)
                && high >= branch
            {
                line = up;
                limit = end;
                continue;
            }
            let highest = self.highest(line);
            let highest = highest.get(..limit).unwrap_or(highest);
            let k = highest.partition_point(|&high| high < branch);
            // Before the first of `line`'s own moves is where `line`
            // branches itself: so a chain of variations that each
            // replace their parent's first row branch where the first
            // did, and are replayed side by side, not one inside the
            // other.
            let Some(&own) = k.checked_sub(1).and_then(|last| highest.get(last)) else {
                return Whole::Known(of_line.into());
            };
            return Whole::Known(
                Branch {
                    at: Some((line, k)),
                    high: Some(of_line.high.map_or(own, |high| high.max(own))),
                }
                .into(),
            );
        }
    }
}

/// Every line of `movetext` that [`validate`](super::validate) replays,
/// as it replays it: the main line, then each variation that has a whole
/// line ([`Index::whole_line`]: its parent's moves up to its branch
/// point, then its own), in written order, with the variation's index.
/// A variation with no parent, no rows or parents in a cycle is left
/// out, as the validator leaves it unreplayed.
pub(crate) fn replayed_lines(movetext: &Movetext) -> Vec<(Option<usize>, Vec<NumberedMove<'_>>)> {
    let mut index = Index::new(movetext);
    let mut lines = vec![(None, super::replay::numbered(&movetext.moves))];
    for i in 0..movetext.variations.len() {
        if let Some((line, _)) = index.whole_line(i) {
            lines.push((Some(i), line));
        }
    }
    lines
}

/// The labels a move refers to, in written order.
fn labels(m: &WrittenMove) -> impl Iterator<Item = &Label> + '_ {
    m.turns()
        .flat_map(|(_, turn)| turn.plies())
        .flat_map(|ply| ply.labels())
}

/// The number of a move of a line: its row number when written, else its
/// place in the line from 1.
fn number_at(moves: &[WrittenMove], k: usize) -> Option<u32> {
    let m = moves.get(k)?;
    Some(
        m.row_number()
            .unwrap_or_else(|| u32::try_from(k + 1).unwrap_or(u32::MAX)),
    )
}

/// Reports labels that name no variation, in either layout, and checks
/// the row numbers of numbered movetext: each row is the previous one
/// plus 1, and a variation's first row lies within its parent line (from
/// the parent's first row to one past its last). Also reports variations
/// no line refers to.
pub(crate) fn check_rows(ctx: &mut Context<'_>, index: &Index<'_>) {
    check_references(ctx, index);
    let movetext = index.movetext;
    if movetext.layout != Layout::Numbered {
        return;
    }
    check_first_row(ctx, &movetext.moves);
    check_sequence(ctx, &movetext.moves, None);
    for (i, variation) in movetext.variations.iter().enumerate() {
        let label = variation.label;
        check_sequence(ctx, &variation.moves, Some(label));
        let Some(parent) = index.parent(i) else {
            ctx.push(
                Severity::Warning,
                FindingKind::UnresolvedLabel,
                format!("no line refers to variation ({label}), so it cannot be replayed"),
                variation.span,
                ReplayPlace {
                    variation: Some(label),
                    ..ReplayPlace::RECORD
                },
            );
            continue;
        };
        if let (Some((first, low, high)), Some(first_move)) =
            (index.outside_parent(i), variation.moves.first())
        {
            let parent_name = match index.label(parent) {
                None => "the main line".to_owned(),
                Some(label) => format!("variation ({label})"),
            };
            ctx.push(
                Severity::Error,
                FindingKind::RowOutOfSequence,
                format!(
                    "variation ({label}) starts at row {first}, but {parent_name} has rows {low} to {high}"
                ),
                first_move.row_span().unwrap_or(first_move.span),
                ReplayPlace {
                    ply: None,
                    move_number: Some(first),
                    variation: Some(label),
                },
            );
        }
    }
}

/// Reports labels that name no variation.
fn check_references(ctx: &mut Context<'_>, index: &Index<'_>) {
    for (line, moves) in index.lines() {
        let variation = index.label(line);
        for m in moves {
            // Plain loops: every group of every ply is looked at, and
            // nested iterator adapters cost several times as much a ply.
            let mut look = |ply: &WrittenPly| {
                for group in ply.groups.iter() {
                    if let GroupKind::Labels(labels) = &group.kind {
                        check_labels(ctx, index, (variation, m), labels, group.span);
                    }
                }
            };
            for turn in [m.south.turn(), m.north.as_ref()] {
                let Some(turn) = turn else {
                    continue;
                };
                look(&turn.ply);
                for alternative in &turn.alternatives {
                    look(alternative);
                }
            }
        }
    }
}

/// Reports each of `labels`, written at `span` in move `m` of the line
/// `variation` names (`None` for the main line), that names that line
/// itself or no variation.
fn check_labels(
    ctx: &mut Context<'_>,
    index: &Index<'_>,
    (variation, m): (Option<Label>, &WrittenMove),
    labels: &[Label],
    span: Span,
) {
    for label in labels {
        let message = if variation == Some(*label) {
            format!(
                "variation ({}) names itself: a line cannot branch into itself",
                label.as_str()
            )
        } else if !index.names_variation(*label) {
            format!("the record has no variation ({})", label.as_str())
        } else {
            continue;
        };
        ctx.push(
            Severity::Warning,
            FindingKind::UnresolvedLabel,
            message,
            span,
            ReplayPlace {
                ply: None,
                move_number: m.row_number(),
                variation,
            },
        );
    }
}

/// A game without a `Setup` tag starts from the opening, so its first row
/// is row 1. A later first row says that rows are missing, most often
/// because a blank line split one game in two: the second part would
/// otherwise be replayed from the opening without a word.
fn check_first_row(ctx: &mut Context<'_>, moves: &[WrittenMove]) {
    let Some((first, number)) = moves.first().and_then(|m| Some((m, m.row_number()?))) else {
        return;
    };
    if number == 1 || ctx.parsed.record.known_tag(KnownTag::Setup).is_some() {
        return;
    }
    ctx.push(
        Severity::Warning,
        FindingKind::RowOutOfSequence,
        format!(
            "the game starts from the opening (it has no `Setup` tag), but its first row is row {number}: rows are missing, or a blank line split a game in two"
        ),
        first.row_span().unwrap_or(first.span),
        ReplayPlace {
            ply: None,
            move_number: Some(number),
            variation: None,
        },
    );
}

/// Each row must be the previous one plus 1.
fn check_sequence(ctx: &mut Context<'_>, moves: &[WrittenMove], variation: Option<Label>) {
    let rows = moves
        .iter()
        .zip(1u32..)
        .map(|(m, place)| (m.row_number().unwrap_or(place), m));
    let mut previous: Option<u32> = None;
    for (number, m) in rows {
        if let Some(previous) = previous
            && Some(number) != previous.checked_add(1)
        {
            ctx.push(
                Severity::Error,
                FindingKind::RowOutOfSequence,
                format!(
                    "row {number} follows row {previous}: expected row {}",
                    previous.saturating_add(1)
                ),
                m.row_span().unwrap_or(m.span),
                ReplayPlace {
                    ply: None,
                    move_number: Some(number),
                    variation,
                },
            );
        }
        previous = Some(number);
    }
}
