//! The positions of every replayed line of a record, for the analyser.
//!
//! A variation holds only its own positions, from its branch point on:
//! the plies it shares with the line it branches from are that line's,
//! and a history that reaches back past the branch point is read there.
//! So the positions of all lines together are as many as the plies
//! replayed, however many variations branch from however deep in the
//! game, and building them is linear.

use std::collections::HashMap;

use crate::validate::{ReplayedPly, Report};
use crate::{Position, notation::Label};

use super::{AnalysisError, Solver};

/// The positions of one line from where it starts: the start of the game
/// for the main line, the branch point for a variation.
pub(super) struct LineData<'r> {
    /// Every position of the line from where it starts, a Hemprich pass
    /// included: `positions[0]` is the start of the game (main line) or
    /// the position the variation branches from.
    pub(super) positions: Vec<Position>,
    /// For each position, how many positions came before it since the
    /// last capture (along the whole line from the start of the game):
    /// the length of its history.
    depth: Vec<usize>,
    /// The line's own plies with the indices of the positions before and
    /// after each.
    pub(super) own: Vec<(&'r ReplayedPly, usize, usize)>,
    /// Where `positions[0]` is in the lines before this one: a line and
    /// an index there that is not 0 unless the line is the main line (so
    /// that reading a history back across lines advances at every step).
    /// `None` for the main line.
    origin: Option<(usize, usize)>,
    /// The ply number ([`ReplayedPly::index`]) of the line's first own
    /// ply (1 for the main line).
    first_index: usize,
}

impl LineData<'_> {
    fn push(&mut self, position: Position) {
        let last = self.positions.len() - 1;
        let depth = if position.stores() == self.positions[last].stores() {
            self.depth[last] + 1
        } else {
            0
        };
        self.positions.push(position);
        self.depth.push(depth);
    }
}

impl<'r> Extend<&'r ReplayedPly> for LineData<'r> {
    fn extend<I: IntoIterator<Item = &'r ReplayedPly>>(&mut self, plies: I) {
        for ply in plies {
            let mut before = self.positions.len() - 1;
            match ply.mv {
                Some(mv) => {
                    let mut sown = self.positions[before];
                    // A Hemprich pass forced after the move is a position
                    // of its own.
                    if sown.play(mv).is_ok() && sown != ply.after {
                        self.push(sown);
                    }
                    self.push(ply.after);
                }
                None => {
                    // A written pass: the ply before it has already made
                    // the pass it forced, so the pass starts from the
                    // position before that (its player to move), not from
                    // the one it leaves.
                    let passer = before
                        .checked_sub(1)
                        .filter(|_| self.positions[before].turn() != ply.player)
                        .filter(|&k| self.positions[k].turn() == ply.player);
                    if let Some(k) = passer {
                        before = k;
                    }
                    if ply.after != self.positions[self.positions.len() - 1] {
                        self.push(ply.after);
                    }
                }
            }
            self.own.push((ply, before, self.positions.len() - 1));
        }
    }
}

/// What the analyser knows of one line of the report.
enum Slot<'r> {
    /// Not replayed, or branching from a line that was not.
    Missing,
    /// A variation replayed without a ply of its own: its full line is
    /// that of the line it branches from (given).
    Through(usize),
    /// A line with plies of its own.
    Line(LineData<'r>),
}

/// The positions of every line of a report: index 0 is the main line,
/// index `i + 1` the report's variation `i`.
pub(super) struct Lines<'r> {
    slots: Vec<Slot<'r>>,
}

impl<'r> Lines<'r> {
    /// The lines of `report`, whose game starts at `start`. Each
    /// variation is built after the line it branches from (breadth first
    /// from the main line), so that its branch position is there to be
    /// read; a variation whose parent is not replayed is missing, as is
    /// one whose parents never lead back to the main line.
    pub(super) fn new(start: Position, report: &'r Report) -> Lines<'r> {
        let count = report.variations.len();
        let mut index_of: HashMap<Label, usize> = HashMap::with_capacity(count);
        for (i, variation) in report.variations.iter().enumerate() {
            index_of.entry(variation.label).or_insert(i + 1);
        }
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count + 1];
        for (i, variation) in report.variations.iter().enumerate() {
            let parent = match variation.parent {
                None => Some(0),
                Some(label) => index_of.get(&label).copied(),
            };
            if let Some(parent) = parent.filter(|&parent| parent != i + 1) {
                children[parent].push(i + 1);
            }
        }
        let mut lines = Lines {
            slots: (0..=count).map(|_| Slot::Missing).collect(),
        };
        let mut main = LineData {
            positions: vec![start],
            depth: vec![0],
            own: Vec::with_capacity(report.main_line.plies.len()),
            origin: None,
            first_index: 1,
        };
        main.extend(&report.main_line.plies);
        lines.slots[0] = Slot::Line(main);
        let mut queue = std::collections::VecDeque::from([0]);
        while let Some(parent) = queue.pop_front() {
            for &id in &children[parent] {
                let Some(variation) = report.variations.get(id - 1) else {
                    continue;
                };
                let slot = if variation.replayed {
                    lines.branch(parent, &variation.line.plies)
                } else {
                    Slot::Missing
                };
                if !matches!(slot, Slot::Missing) {
                    queue.push_back(id);
                }
                lines.slots[id] = slot;
            }
        }
        lines
    }

    /// A line branching from line `parent` with its own `plies`.
    fn branch(&self, parent: usize, plies: &'r [ReplayedPly]) -> Slot<'r> {
        let Some(first) = plies.first() else {
            return Slot::Through(parent);
        };
        let Some((line, at)) = first
            .index
            .checked_sub(1)
            .and_then(|before| self.locate(parent, before))
        else {
            return Slot::Missing;
        };
        let Some(data) = self.data(line) else {
            return Slot::Missing;
        };
        let mut data = LineData {
            positions: vec![data.positions[at]],
            depth: vec![data.depth[at]],
            own: Vec::with_capacity(plies.len()),
            origin: Some((line, at)),
            first_index: first.index,
        };
        data.extend(plies);
        Slot::Line(data)
    }

    /// Where the position after ply `index` of line `id`'s full line is
    /// held: a line and an index there, not 0 unless the line is the main
    /// line. `None` when line `id` is missing or ends before that ply.
    fn locate(&self, mut id: usize, index: usize) -> Option<(usize, usize)> {
        loop {
            match self.slots.get(id)? {
                Slot::Missing => return None,
                Slot::Through(parent) => id = *parent,
                Slot::Line(data) => {
                    if index + 1 < data.first_index {
                        // Before the branch point: in the line branched from.
                        id = data.origin?.0;
                        continue;
                    }
                    if data.own.last().is_some_and(|(ply, ..)| ply.index < index) {
                        return None;
                    }
                    let played = data.own.partition_point(|(ply, ..)| ply.index <= index);
                    return match played.checked_sub(1) {
                        Some(last) => data.own.get(last).map(|&(.., after)| (id, after)),
                        None => data.origin.or(Some((id, 0))),
                    };
                }
            }
        }
    }

    /// The positions of line `id`, if it has plies of its own.
    pub(super) fn data(&self, id: usize) -> Option<&LineData<'r>> {
        match self.slots.get(id)? {
            Slot::Line(data) => Some(data),
            _ => None,
        }
    }

    /// The history of position `at` of line `id` (the positions since the
    /// last capture before it, oldest first), into `out`.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::HistoryTooLong`] when it holds more than
    /// [`Solver::MAX_HISTORY`] positions: it is then not gathered, so that
    /// this costs at most that many positions.
    pub(super) fn history(
        &self,
        id: usize,
        at: usize,
        out: &mut Vec<Position>,
    ) -> Result<(), AnalysisError> {
        out.clear();
        let Some(length) = self.data(id).and_then(|data| data.depth.get(at).copied()) else {
            return Ok(());
        };
        if length > Solver::MAX_HISTORY {
            return Err(AnalysisError::HistoryTooLong {
                length,
                limit: Solver::MAX_HISTORY,
            });
        }
        // The pieces of the history, newest first: each line's positions
        // before `at`, then the line it branches from before its branch
        // point. Every step back but the first gives one position or more.
        let mut pieces: Vec<(&LineData<'r>, usize, usize)> = Vec::new();
        let (mut id, mut at, mut wanted) = (id, at, length);
        while let Some(data) = self.data(id) {
            if wanted <= at {
                pieces.push((data, at - wanted, at));
                break;
            }
            pieces.push((data, 0, at));
            wanted -= at;
            let Some((origin, index)) = data.origin else {
                break;
            };
            (id, at) = (origin, index);
        }
        for &(data, from, to) in pieces.iter().rev() {
            out.extend_from_slice(data.positions.get(from..to).unwrap_or_default());
        }
        Ok(())
    }
}
