//! The symbolic search: the boards on which every line of a record can be
//! legal and capture what it annotates, found without enumerating boards.
//!
//! Each hole's start count is an unknown. The lines are replayed on a
//! board of counts that are either known, or an unknown start count plus
//! the beans sown into the hole since the start (until the hole is sown
//! from or captured, after which it is known). A ply decides an unknown
//! only when it needs to: sowing from a hole needs its count (the search
//! branches on every value the unknown may still take); a capture
//! annotation fixes each hole it names to its beans after sowing, and
//! rules out 2, 4 and 6 for the hole before the chain; a ply that
//! captures nothing rules them out for its last hole; an alternative or
//! an other move needs a hole that is not empty. One assignment of the
//! unknowns is shared by all lines, which are replayed one after the
//! other, with the bean limit as a running bound (the smallest value each
//! unknown may take, summed). Whatever no line decides stays free and is
//! enumerated at the end ([`Partial::boards`]).
//!
//! The search only narrows: every board it gives is replayed for real by
//! the validator afterwards. It must never lose a board the validator
//! accepts; the tests check that against plain enumeration.

use crate::{Player, Variant};

/// Bit `v` set for every count `v` from 0 to `limit`.
const fn up_to(limit: u8) -> u128 {
    if limit >= 127 {
        u128::MAX >> 1
    } else {
        (1u128 << (limit + 1)) - 1
    }
}

/// The start counts `v` for which `v + add` is 2, 4 or 6: a hole that
/// received `add` beans since the start is ripe then.
const fn ripe_starts(add: u8) -> u128 {
    let mut mask = 0;
    let mut ripe = 2;
    while ripe <= 6 {
        if ripe >= add {
            mask |= 1u128 << (ripe - add);
        }
        ripe += 2;
    }
    mask
}

/// Whether `beans` is 2, 4 or 6.
const fn is_ripe(beans: u8) -> bool {
    matches!(beans, 2 | 4 | 6)
}

/// The hole index before `index`, backwards in sowing order.
const fn previous(index: usize) -> usize {
    if index == 0 { 11 } else { index - 1 }
}

/// What a written ply says it captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Nothing: no capture annotation, read as "captures nothing".
    Nothing,
    /// Anything: no capture annotation, which says nothing about the
    /// captures.
    Anything,
    /// The beans of each hole captured, by index (0: not captured).
    Beans([u8; 12]),
    /// An annotation that no capture matches (a hole named twice with
    /// different counts).
    Impossible,
}

/// One written ply of a line, as the search needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Step {
    /// The hole index sown from; `None` for a written pass.
    pub hole: Option<u8>,
    /// What it captures.
    pub expect: Expect,
    /// The holes of the turn's alternatives and of the other moves its
    /// remarks name: each must hold beans before the turn.
    pub others: Vec<u8>,
}

/// The unknown start counts: each fixed, or a set of values it may still
/// take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Partial {
    /// The value of each fixed hole.
    value: [u8; 12],
    /// Which holes are fixed, by bit.
    fixed: u16,
    /// The values each hole that is not fixed may take, by bit.
    domain: [u128; 12],
    /// The most beans on the board.
    limit: u8,
}

impl Partial {
    /// Nothing known: every hole from 0 to `limit`, `limit` beans in all.
    fn new(limit: u8) -> Partial {
        Partial {
            value: [0; 12],
            fixed: 0,
            domain: [up_to(limit); 12],
            limit,
        }
    }

    /// The value of hole `h` if fixed.
    fn fixed(&self, h: usize) -> Option<u8> {
        (self.fixed >> h & 1 == 1).then(|| self.value[h])
    }

    /// The smallest value hole `h` may take.
    fn least(&self, h: usize) -> u32 {
        match self.fixed(h) {
            Some(v) => u32::from(v),
            None => self.domain[h].trailing_zeros(),
        }
    }

    /// The fewest beans on the board that this allows.
    fn floor(&self) -> u32 {
        (0..12).map(|h| self.least(h)).sum()
    }

    /// Whether some board of at most `limit` beans is still allowed.
    fn feasible(&self) -> bool {
        (0..12).all(|h| self.fixed(h).is_some() || self.domain[h] != 0)
            && self.floor() <= u32::from(self.limit)
    }

    /// Fixes hole `h` (not fixed yet) to `v`; whether that is allowed.
    fn fix(&mut self, h: usize, v: u8) -> bool {
        if let Some(old) = self.fixed(h) {
            return old == v;
        }
        if v >= 128 || self.domain[h] >> v & 1 == 0 {
            return false;
        }
        self.value[h] = v;
        self.fixed |= 1 << h;
        self.feasible()
    }

    /// Keeps only the values in `mask` for hole `h` (not fixed); whether
    /// some remain within the limit.
    fn keep(&mut self, h: usize, mask: u128) -> bool {
        if let Some(v) = self.fixed(h) {
            return v < 128 && mask >> v & 1 == 1;
        }
        self.domain[h] &= mask;
        self.feasible()
    }

    /// Every board this allows with at most `limit` beans and an even
    /// number of them (the stores are even and all beans add up to 72),
    /// at least one, in increasing order of the holes' values (hole 1
    /// first): `visit` is called with each board until it returns
    /// `false`. Returns whether every board was visited.
    pub(crate) fn boards(&self, mut visit: impl FnMut([u8; 12]) -> bool) -> bool {
        let mut board = [0u8; 12];
        // The fewest beans the holes after each index need.
        let mut after = [0u32; 13];
        for h in (0..12).rev() {
            after[h] = after[h + 1] + self.least(h);
        }
        self.fill(0, 0, &after, &mut board, &mut visit)
    }

    /// [`Partial::boards`] from hole `h` on, `used` beans placed before.
    fn fill(
        &self,
        h: usize,
        used: u32,
        after: &[u32; 13],
        board: &mut [u8; 12],
        visit: &mut impl FnMut([u8; 12]) -> bool,
    ) -> bool {
        if h == 12 {
            return used == 0 || !used.is_multiple_of(2) || visit(*board);
        }
        let room = u32::from(self.limit).saturating_sub(used + after[h + 1]);
        let values = match self.fixed(h) {
            Some(v) => u128::from(u32::from(v) <= room) << v,
            None => self.domain[h] & up_to(u8::try_from(room.min(127)).unwrap_or(127)),
        };
        for v in 0..128u8 {
            if values >> v & 1 == 1 {
                board[h] = v;
                if !self.fill(h + 1, used + u32::from(v), after, board, visit) {
                    return false;
                }
            }
        }
        true
    }

    /// How many boards [`Partial::boards`] visits, counted without
    /// visiting them (saturating).
    pub(crate) fn count(&self) -> u64 {
        // ways[s]: the ways the holes so far hold s beans.
        let limit = usize::from(self.limit);
        let mut ways = vec![0u64; limit + 1];
        ways[0] = 1;
        for h in 0..12 {
            let values = match self.fixed(h) {
                Some(v) => 1u128.checked_shl(u32::from(v)).unwrap_or(0),
                None => self.domain[h],
            };
            let mut next = vec![0u64; limit + 1];
            for (s, &w) in ways.iter().enumerate().filter(|&(_, &w)| w != 0) {
                for v in 0..=limit - s {
                    if values >> v & 1 == 1 {
                        next[s + v] = next[s + v].saturating_add(w);
                    }
                }
            }
            ways = next;
        }
        ways.iter()
            .enumerate()
            .filter(|&(s, _)| s > 0 && s.is_multiple_of(2))
            .fold(0u64, |sum, (_, &w)| sum.saturating_add(w))
    }
}

/// The board of a line being replayed: each hole's count, or the beans
/// sown into it since the start while its start count is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Board {
    /// The count of an emptied hole; the beans added to one that was not.
    count: [u8; 12],
    /// Which holes were emptied (sown from or captured) since the start.
    emptied: u16,
}

impl Board {
    /// The start: nothing added, nothing emptied.
    const START: Board = Board {
        count: [0; 12],
        emptied: 0,
    };
}

/// A hole's count during a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Count {
    /// Known.
    Known(u8),
    /// The unknown start count plus this many beans.
    Unknown(u8),
}

/// How the search must branch before a ply can go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Split {
    /// On every value of the hole (by index), which received the given
    /// beans since the start, that may still be taken and whose sowing
    /// ends in one of the holes of the set (by bit).
    Value(usize, u8, u16),
    /// On whether the hole, which received `add` beans since the start,
    /// is ripe: each ripe value, or none of them.
    Ripe(usize, u8),
}

/// What replaying a ply gave.
enum PlyOutcome {
    /// The ply is played.
    Played,
    /// The ply cannot be legal and capture what it says.
    Fails,
    /// It needs to know more.
    Split(Split),
}

/// A line being replayed: its next ply, and the board and player to
/// move there.
#[derive(Debug, Clone, Copy)]
struct LineState {
    ply: usize,
    board: Board,
    turn: Player,
}

impl LineState {
    /// Before the first ply: the start, South to move.
    const START: LineState = LineState {
        ply: 0,
        board: Board::START,
        turn: Player::South,
    };
}

/// A ply being replayed: the board and player to move of its line, and
/// what is known of the unknowns.
#[derive(Debug, Clone, Copy)]
struct PlyFrame {
    board: Board,
    turn: Player,
    partial: Partial,
}

/// A place of the search: how far each line is replayed, and what is
/// known of the unknowns.
#[derive(Debug, Clone)]
struct Node {
    lines: Vec<LineState>,
    partial: Partial,
}

/// What propagating a node gave.
enum Propagated {
    /// Some line cannot be replayed.
    Dead,
    /// Every line is replayed.
    Done,
    /// Every line that is not done waits for an unknown: the children of
    /// the split with the fewest.
    Branch(Vec<Partial>),
}

/// Why the search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stopped {
    /// More than the allowed number of places was searched.
    Places(u64),
    /// More than the allowed number of line steps was tried.
    Steps(u64),
    /// `found` returned `false`.
    ByCaller,
}

/// Runs the search over `lines` (each a list of plies from the start,
/// South to move) under `variant`, with at most `limit` beans on the
/// board and at most `max_places` places searched and `max_steps` steps of
/// a line tried (a line looked at in a pass counts as one, so that a
/// record of many lines costs its share at every place, and a split
/// weighed as many as the values it looks at); calls `found` with
/// each partial assignment that every line allows, until it returns
/// `false`. The partial assignments found are disjoint: no board is
/// allowed by two of them.
///
/// The lines are replayed side by side: each goes on as far as it can
/// without deciding an unknown, and only when none can go on does the
/// search branch, on the split with the fewest branches. The lines are
/// independent replays from the same start, so the order in which their
/// plies are replayed changes nothing in what is found. The stack holds
/// one entry per split on the current path, with the branches still to
/// try, so memory stays bounded by the lines times the depth.
pub(crate) fn search(
    lines: &[Vec<Step>],
    variant: Variant,
    limit: u8,
    max_places: u64,
    max_steps: u64,
    mut found: impl FnMut(&Partial) -> bool,
) -> Result<u64, Stopped> {
    let root = Node {
        lines: vec![LineState::START; lines.len()],
        partial: Partial::new(limit),
    };
    // Each entry: a node's lines, and the partial assignments of its
    // branches still to try (the next one last).
    let mut stack: Vec<(Vec<LineState>, Vec<Partial>)> = vec![(root.lines, vec![root.partial])];
    let mut places = 0u64;
    let mut steps = 0u64;
    while let Some((states, branches)) = stack.last_mut() {
        if steps > max_steps {
            return Err(Stopped::Steps(max_steps));
        }
        let Some(partial) = branches.pop() else {
            stack.pop();
            continue;
        };
        places += 1;
        if places > max_places {
            return Err(Stopped::Places(max_places));
        }
        let mut node = Node {
            lines: states.clone(),
            partial,
        };
        match propagate(lines, variant, &mut node, &mut steps) {
            Propagated::Dead => {}
            Propagated::Done => {
                if !found(&node.partial) {
                    return Err(Stopped::ByCaller);
                }
            }
            Propagated::Branch(mut children) => {
                children.reverse();
                stack.push((node.lines, children));
            }
        }
    }
    Ok(places)
}

/// Replays every line of `node` as far as it goes without deciding an
/// unknown, until no line can go on.
/// Counts in `tried` each line looked at and each step played, and 128
/// for each split weighed (the values it looks at).
fn propagate(
    lines: &[Vec<Step>],
    variant: Variant,
    node: &mut Node,
    tried: &mut u64,
) -> Propagated {
    loop {
        let mut progress = false;
        let mut best: Option<(u32, Split)> = None;
        for (steps, state) in lines.iter().zip(node.lines.iter_mut()) {
            *tried += 1;
            while let Some(step) = steps.get(state.ply) {
                *tried += 1;
                let mut frame = PlyFrame {
                    board: state.board,
                    turn: state.turn,
                    partial: node.partial,
                };
                match play(step, variant, &mut frame) {
                    PlyOutcome::Played => {
                        *state = LineState {
                            ply: state.ply + 1,
                            board: frame.board,
                            turn: frame.turn,
                        };
                        node.partial = frame.partial;
                        progress = true;
                    }
                    PlyOutcome::Fails => return Propagated::Dead,
                    PlyOutcome::Split(split) => {
                        // Counting the branches looks at up to 128 values.
                        *tried += 128;
                        let count = branch_count(&node.partial, split);
                        if best.is_none_or(|(fewest, _)| count < fewest) {
                            best = Some((count, split));
                        }
                        break;
                    }
                }
            }
        }
        // A split found before another line went on may be stale: look
        // again until a whole pass decides nothing.
        if !progress {
            return best.map_or(Propagated::Done, |(_, split)| {
                Propagated::Branch(branches(&node.partial, split))
            });
        }
    }
}

/// About how many branches `split` makes of `partial` (at least as many
/// as [`branches`] gives), counted without making them.
fn branch_count(partial: &Partial, split: Split) -> u32 {
    match split {
        Split::Value(h, added, ends) => {
            let room = u32::from(partial.limit).saturating_sub(partial.floor() - partial.least(h));
            let values = partial.domain[h] & up_to(u8::try_from(room.min(127)).unwrap_or(127));
            (0..128u8)
                .filter(|&v| {
                    values >> v & 1 == 1
                        && ends >> ((h + usize::from(v.saturating_add(added) % 12)) % 12) & 1 == 1
                })
                .count() as u32
        }
        Split::Ripe(h, added) => {
            let domain = partial.domain[h];
            (domain & ripe_starts(added)).count_ones()
                + u32::from(domain & !ripe_starts(added) != 0)
        }
    }
}

/// The partial assignments that `split` makes of `partial`, the smallest
/// value first.
fn branches(partial: &Partial, split: Split) -> Vec<Partial> {
    let mut children = Vec::new();
    match split {
        Split::Value(h, added, ends) => {
            let room = u32::from(partial.limit).saturating_sub(partial.floor() - partial.least(h));
            for v in 0..=u8::try_from(room.min(127)).unwrap_or(127) {
                // Only a count whose last bean falls where the capture
                // annotation starts can agree with it.
                let last = (h + usize::from(v.saturating_add(added) % 12)) % 12;
                let mut child = *partial;
                if ends >> last & 1 == 1 && child.fix(h, v) {
                    children.push(child);
                }
            }
        }
        Split::Ripe(h, added) => {
            for ripe in [2u8, 4, 6] {
                let mut child = *partial;
                if ripe >= added && child.fix(h, ripe - added) {
                    children.push(child);
                }
            }
            let mut child = *partial;
            if child.keep(h, !ripe_starts(added)) {
                children.push(child);
            }
        }
    }
    children
}

/// The count of hole `h`.
fn count(frame: &PlyFrame, h: usize) -> Count {
    let added = frame.board.count[h];
    if frame.board.emptied >> h & 1 == 1 {
        Count::Known(added)
    } else {
        match frame.partial.fixed(h) {
            Some(v) => Count::Known(v.saturating_add(added)),
            None => Count::Unknown(added),
        }
    }
}

/// Empties the side of `player`, as a forced pass needs: whether it can
/// be empty.
fn empty_side(frame: &mut PlyFrame, player: Player) -> bool {
    player.holes().iter().all(|hole| {
        let h = hole.index();
        match count(frame, h) {
            Count::Known(beans) => beans == 0,
            Count::Unknown(added) => added == 0 && frame.partial.fix(h, 0),
        }
    })
}

/// Replays one ply on `frame`.
fn play(step: &Step, variant: Variant, frame: &mut PlyFrame) -> PlyOutcome {
    let Some(origin) = step.hole.map(usize::from) else {
        // A written pass: only a player without beans passes, and only
        // in the Hemprich variant.
        if variant == Variant::Hemprich && empty_side(frame, frame.turn) {
            frame.turn = !frame.turn;
            return PlyOutcome::Played;
        }
        return PlyOutcome::Fails;
    };
    let Some(owner) = crate::Hole::from_index(origin).map(crate::Hole::owner) else {
        return PlyOutcome::Fails;
    };
    if owner != frame.turn {
        // Only a forced pass the record leaves out (Hemprich) lets the
        // other player sow.
        if variant != Variant::Hemprich || !empty_side(frame, frame.turn) {
            return PlyOutcome::Fails;
        }
        frame.turn = owner;
    }
    for &other in &step.others {
        let h = usize::from(other) % 12;
        let holds = match count(frame, h) {
            Count::Known(beans) => beans > 0,
            Count::Unknown(added) => added > 0 || frame.partial.keep(h, !1),
        };
        if !holds {
            return PlyOutcome::Fails;
        }
    }
    let beans = match count(frame, origin) {
        Count::Known(0) => return PlyOutcome::Fails,
        Count::Known(beans) => beans,
        Count::Unknown(added) => {
            return PlyOutcome::Split(Split::Value(origin, added, ends(step.expect)));
        }
    };
    let last = sow(&mut frame.board, origin, beans);
    let outcome = capture(step.expect, frame, last);
    frame.turn = !frame.turn;
    outcome
}

/// The holes (by bit) where the last bean of a ply may fall for its
/// captures to be `expect`: a capture annotation's chain starts at the
/// last hole, so it is one of those it names.
fn ends(expect: Expect) -> u16 {
    match expect {
        Expect::Beans(beans) if beans.iter().any(|&b| b != 0) => beans
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != 0)
            .fold(0, |set, (h, _)| set | 1 << h),
        _ => 0xfff,
    }
}

/// Sows `beans` from hole `origin` by the rules' sowing and returns the
/// hole of the last bean; the origin counts as emptied.
fn sow(board: &mut Board, origin: usize, beans: u8) -> usize {
    board.count[origin] = beans;
    board.emptied |= 1 << origin;
    crate::rules::sow(&mut board.count, origin)
}

/// Runs the capture chain from hole `last` as `expect` says it goes.
fn capture(expect: Expect, frame: &mut PlyFrame, last: usize) -> PlyOutcome {
    let mut taken = 0u16;
    let mut h = last;
    let take = |frame: &mut PlyFrame, h: usize| {
        frame.board.count[h] = 0;
        frame.board.emptied |= 1 << h;
    };
    match expect {
        Expect::Impossible => PlyOutcome::Fails,
        Expect::Nothing => {
            let unripe = match count(frame, last) {
                Count::Known(beans) => !is_ripe(beans),
                Count::Unknown(added) => frame.partial.keep(last, !ripe_starts(added)),
            };
            if unripe {
                PlyOutcome::Played
            } else {
                PlyOutcome::Fails
            }
        }
        Expect::Beans(beans) => {
            while taken >> h & 1 == 0 {
                let named = beans[h];
                let agrees = match (count(frame, h), named) {
                    (Count::Known(held), 0) => !is_ripe(held),
                    (Count::Unknown(added), 0) => frame.partial.keep(h, !ripe_starts(added)),
                    (_, named) if !is_ripe(named) => false,
                    (Count::Known(held), named) => held == named,
                    (Count::Unknown(added), named) => {
                        named >= added && frame.partial.fix(h, named - added)
                    }
                };
                if !agrees {
                    return PlyOutcome::Fails;
                }
                if named == 0 {
                    break;
                }
                take(frame, h);
                taken |= 1 << h;
                h = previous(h);
            }
            let named = beans
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b != 0)
                .fold(0u16, |set, (h, _)| set | 1 << h);
            if named == taken {
                PlyOutcome::Played
            } else {
                PlyOutcome::Fails
            }
        }
        Expect::Anything => {
            while taken >> h & 1 == 0 {
                let ripe = match count(frame, h) {
                    Count::Known(held) => is_ripe(held),
                    Count::Unknown(added) => {
                        let Some(domain) = frame.partial.domain.get(h) else {
                            return PlyOutcome::Fails;
                        };
                        if domain & ripe_starts(added) != 0 {
                            return PlyOutcome::Split(Split::Ripe(h, added));
                        }
                        false
                    }
                };
                if !ripe {
                    break;
                }
                take(frame, h);
                taken |= 1 << h;
                h = previous(h);
            }
            PlyOutcome::Played
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ripe_starts_are_the_counts_that_become_two_four_or_six() {
        assert_eq!(ripe_starts(0), 0b101_0100);
        assert_eq!(ripe_starts(1), 0b10_1010);
        assert_eq!(ripe_starts(5), 0b10);
        assert_eq!(ripe_starts(7), 0);
    }

    #[test]
    fn a_partial_counts_the_boards_it_visits() {
        let mut partial = Partial::new(6);
        assert!(partial.fix(0, 2));
        assert!(partial.keep(5, !1));
        let mut boards = Vec::new();
        assert!(partial.boards(|board| {
            boards.push(board);
            true
        }));
        assert_eq!(u64::try_from(boards.len()), Ok(partial.count()));
        assert!(boards.iter().all(|board| {
            let total: u32 = board.iter().map(|&b| u32::from(b)).sum();
            board[0] == 2 && board[5] > 0 && total <= 6 && total.is_multiple_of(2)
        }));
        // The empty board is never a start: the player to move has no
        // beans.
        assert_eq!(Partial::new(0).count(), 0);
    }
}
