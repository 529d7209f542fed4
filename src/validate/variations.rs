//! Variations: row numbering, branch points and the lines they replace.
//!
//! Everything here works by index, built once per record ([`Index`]): the
//! variation a label names, the line that refers to a variation, and the
//! line a variation replaces, each found without searching the movetext,
//! so that a record with many variations (or a long chain of them) is
//! checked in time linear in its size and in the plies replayed.

use std::collections::HashMap;

use crate::notation::{GroupKind, Layout, Movetext, WrittenMove};

use super::replay::{At, Context, NumberedMove};
use super::{FindingKind, Severity};

/// A line of the movetext: the main line, or a variation by its place in
/// [`Movetext::variations`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineId {
    Main,
    Variation(usize),
}

/// A run of moves of one line: its moves `start..end`.
#[derive(Debug, Clone, Copy)]
struct Segment {
    line: LineId,
    start: usize,
    end: usize,
}

/// How far the whole line of a variation is known.
#[derive(Debug, Clone)]
enum Whole {
    /// Not looked at yet.
    Unknown,
    /// Being worked out: its parents are being walked.
    Walking,
    /// No whole line: no parent, no rows, or parents in a cycle.
    None,
    /// The runs of moves from the start of the game, and how many moves
    /// of them come from its parents.
    Known(Vec<Segment>, usize),
}

/// The variations of a record by index: labels, parents and whole lines.
pub(crate) struct Index<'r> {
    movetext: &'r Movetext,
    /// The first variation with each label.
    by_label: HashMap<&'r str, usize>,
    /// For each variation that is the first with its label, the first
    /// line (the main line, then the variations in written order) and
    /// move that refer to the label. (Labels that name no variation are
    /// not kept, so that a ply with many costs nothing here.)
    referred: Vec<Option<(LineId, &'r WrittenMove)>>,
    /// The whole line of each variation, worked out once.
    whole: Vec<Whole>,
}

impl<'r> Index<'r> {
    /// Indexes the variations of `movetext`, in one pass over it.
    pub(crate) fn new(movetext: &'r Movetext) -> Index<'r> {
        let mut by_label = HashMap::with_capacity(movetext.variations.len());
        for (i, variation) in movetext.variations.iter().enumerate() {
            by_label.entry(variation.label.as_str()).or_insert(i);
        }
        let mut referred = vec![None; movetext.variations.len()];
        let mut index = Index {
            movetext,
            by_label,
            referred: Vec::new(),
            whole: vec![Whole::Unknown; movetext.variations.len()],
        };
        for (line, moves) in index.lines() {
            for m in moves {
                for label in labels(m) {
                    if let Some(slot) = index
                        .by_label
                        .get(label)
                        .and_then(|&first| referred.get_mut(first))
                        .filter(|slot: &&mut Option<_>| slot.is_none())
                    {
                        *slot = Some((line, m));
                    }
                }
            }
        }
        index.referred = referred;
        index
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
    pub(crate) fn label(&self, line: LineId) -> Option<&'r str> {
        match line {
            LineId::Main => None,
            LineId::Variation(i) => self.movetext.variations.get(i).map(|v| v.label.as_str()),
        }
    }

    /// Whether a variation has this label.
    fn names_variation(&self, label: &str) -> bool {
        self.by_label.contains_key(label)
    }

    /// The line (and its move) that refers to variation `i`: the first
    /// that names its label.
    pub(crate) fn parent(&self, i: usize) -> Option<(LineId, &'r WrittenMove)> {
        let variation = self.movetext.variations.get(i)?;
        let first = self.by_label.get(variation.label.as_str())?;
        self.referred.get(*first).copied().flatten()
    }

    /// The whole line of variation `i` from the start of the game: its
    /// parent's whole line up to but not including the variation's first
    /// row number, then its own rows; and how many moves of it come from
    /// the parent. `None` if the variation has no parent, no rows, or its
    /// parents form a cycle. Each variation's line is worked out once,
    /// from its parent's, without recursion.
    pub(crate) fn whole_line(&mut self, i: usize) -> Option<(Vec<NumberedMove<'r>>, usize)> {
        self.work_out(i);
        let Some(Whole::Known(segments, prefix)) = self.whole.get(i) else {
            return None;
        };
        let mut line = Vec::new();
        for segment in segments {
            let moves = self.moves(segment.line);
            let numbered = moves
                .iter()
                .zip(1u32..)
                .skip(segment.start)
                .take(segment.end - segment.start)
                .map(|(m, place)| (m.number.unwrap_or(place), m));
            line.extend(numbered);
        }
        Some((line, *prefix))
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
                Some((LineId::Variation(parent), _)) => at = parent,
                Some((LineId::Main, _)) | None => break false,
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

    /// The whole line of variation `i`, its parent's being known.
    fn extend_parent(&self, i: usize) -> Whole {
        let Some(variation) = self.movetext.variations.get(i) else {
            return Whole::None;
        };
        let (Some(branch), Some((parent, _))) = (variation.branch_number(), self.parent(i)) else {
            return Whole::None;
        };
        let main = [Segment {
            line: LineId::Main,
            start: 0,
            end: self.movetext.moves.len(),
        }];
        let parent_segments: &[Segment] = match parent {
            LineId::Main => &main,
            LineId::Variation(p) => match self.whole.get(p) {
                Some(Whole::Known(segments, _)) => segments,
                _ => return Whole::None,
            },
        };
        // The parent's moves before the branch: stop at the first move
        // numbered `branch` or more.
        let mut segments = Vec::new();
        let mut prefix = 0;
        'runs: for segment in parent_segments {
            let moves = self.moves(segment.line);
            for k in segment.start..segment.end {
                if number_at(moves, k).is_none_or(|number| number >= branch) {
                    if k > segment.start {
                        segments.push(Segment { end: k, ..*segment });
                        prefix += k - segment.start;
                    }
                    break 'runs;
                }
            }
            segments.push(*segment);
            prefix += segment.end - segment.start;
        }
        segments.push(Segment {
            line: LineId::Variation(i),
            start: 0,
            end: variation.moves.len(),
        });
        Whole::Known(segments, prefix)
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
fn labels(m: &WrittenMove) -> impl Iterator<Item = &str> + '_ {
    std::iter::once(&m.south)
        .chain(m.north.as_ref())
        .flat_map(|turn| turn.plies())
        .flat_map(|ply| ply.labels())
        .map(|label| label.as_str())
}

/// The number of a move of a line: its row number when written, else its
/// place in the line from 1.
fn number_at(moves: &[WrittenMove], k: usize) -> Option<u32> {
    let m = moves.get(k)?;
    Some(
        m.number
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
    check_sequence(ctx, &movetext.moves, None);
    for (i, variation) in movetext.variations.iter().enumerate() {
        let label = variation.label.as_str();
        check_sequence(ctx, &variation.moves, Some(label));
        let Some((parent, _)) = index.parent(i) else {
            ctx.push(
                Severity::Warning,
                FindingKind::UnresolvedLabel,
                format!("no line refers to variation ({label}), so it cannot be replayed"),
                variation.span,
                At {
                    variation: Some(label),
                    ..At::RECORD
                },
            );
            continue;
        };
        let parent_moves = index.moves(parent);
        let (Some(first), Some(first_move), Some(low), Some(high)) = (
            number_at(&variation.moves, 0),
            variation.moves.first(),
            number_at(parent_moves, 0),
            number_at(parent_moves, parent_moves.len().wrapping_sub(1)),
        ) else {
            continue;
        };
        if first < low || first > high.saturating_add(1) {
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
                first_move.number_span.unwrap_or(first_move.span),
                At {
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
            let groups = std::iter::once(&m.south)
                .chain(m.north.as_ref())
                .flat_map(|turn| turn.plies())
                .flat_map(|ply| ply.groups.iter());
            for group in groups {
                let GroupKind::Labels(labels) = &group.kind else {
                    continue;
                };
                for label in labels {
                    if !index.names_variation(label.as_str()) {
                        ctx.push(
                            Severity::Warning,
                            FindingKind::UnresolvedLabel,
                            format!("the record has no variation ({})", label.as_str()),
                            group.span,
                            At {
                                ply: None,
                                move_number: m.number,
                                variation,
                            },
                        );
                    }
                }
            }
        }
    }
}

/// Each row must be the previous one plus 1.
fn check_sequence(ctx: &mut Context<'_>, moves: &[WrittenMove], variation: Option<&str>) {
    let rows = moves
        .iter()
        .zip(1u32..)
        .map(|(m, place)| (m.number.unwrap_or(place), m));
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
                m.number_span.unwrap_or(m.span),
                At {
                    ply: None,
                    move_number: Some(number),
                    variation,
                },
            );
        }
        previous = Some(number);
    }
}
