//! The index of a table: boards with `n` beans ranked by the combinatorial
//! number system, South to move before North, within the level of their
//! bean count (each level of an even count has entries of its own).
//!
//! A board with `n` beans is a row of `n` beans and 11 bars between the
//! holes; with `s_k` the beans in holes 1 to `k`, the `k`-th bar stands at
//! `s_k + k − 1`, and the board's rank is `Σ C(s_k + k − 1, k)` for `k`
//! from 1 to 11: a bijection onto `0..C(n + 11, 11)`.

use crate::Player;

/// `COUNT[r][h]`: the number of ways to put `r` beans into `h` holes,
/// `C(r + h - 1, h - 1)` (1 for `h` = 0 only when `r` = 0).
const COUNT: [[u64; 13]; 73] = {
    let mut table = [[0u64; 13]; 73];
    let mut r = 0;
    while r < 73 {
        table[r][0] = if r == 0 { 1 } else { 0 };
        let mut h = 1;
        while h < 13 {
            // Compositions of r into h holes: the first takes 0..=r.
            let mut sum = 0;
            let mut first = 0;
            while first <= r {
                sum += table[r - first][h - 1];
                first += 1;
            }
            table[r][h] = sum;
            h += 1;
        }
        r += 1;
    }
    table
};

/// `CHOOSE[p][k]`: the binomial coefficient `C(p, k)`, for the bars of
/// [`rank`] (`p` < 84, `k` ≤ 11).
const CHOOSE: [[u64; 12]; 84] = {
    let mut table = [[0u64; 12]; 84];
    let mut p = 0;
    while p < 84 {
        table[p][0] = 1;
        let mut k = 1;
        while k < 12 {
            table[p][k] = if p == 0 {
                0
            } else {
                table[p - 1][k - 1] + table[p - 1][k]
            };
            k += 1;
        }
        p += 1;
    }
    table
};

/// The number of boards with `beans` beans on the board (one player to
/// move): `C(beans + 11, 11)`.
#[must_use]
pub(crate) const fn boards(beans: u8) -> u64 {
    COUNT[beans as usize][12]
}

/// The number of entries of a table up to `beans` beans: both players to
/// move, every even count from 0 to `beans`.
#[must_use]
pub(crate) const fn entries(beans: u8) -> u64 {
    let mut total = 0;
    let mut n = 0;
    while n <= beans {
        total += 2 * boards(n);
        n += 2;
    }
    total
}

/// The rank of `board` among the boards with the same number of beans
/// (see the module docs).
#[inline]
pub(crate) fn rank(board: &[u8; 12]) -> u64 {
    let mut before = 0usize;
    let mut rank = 0;
    for (k, &beans) in board.iter().take(11).enumerate() {
        before += usize::from(beans);
        // The bar after hole k + 1 stands at before + k.
        rank += CHOOSE[(before + k).min(83)][k + 1];
    }
    rank
}

/// The board of rank `rank` among those with `sum` beans (the inverse of
/// [`rank`]; a rank too large gives some board with `sum` beans).
pub(crate) fn unrank(mut rank: u64, sum: u8) -> [u8; 12] {
    let mut board = [0u8; 12];
    // The bars from the last: the greatest position whose binomial fits.
    let mut above = usize::from(sum) + 11;
    for k in (0..11).rev() {
        let mut bar = above.saturating_sub(1);
        while bar > k && CHOOSE[bar][k + 1] > rank {
            bar -= 1;
        }
        rank -= CHOOSE[bar][k + 1].min(rank);
        // Holes k + 2 .. hold the beans between this bar and the next.
        board[k + 1] = (above - bar - 1) as u8;
        above = bar;
    }
    board[0] = above as u8;
    board
}

/// The index of a board with `sum` (even) beans and `turn` to move within
/// its level: South's boards first, then North's.
#[inline]
pub(crate) fn level_index(board: &[u8; 12], sum: u8, turn: Player) -> u64 {
    rank(board) + turn.index() as u64 * boards(sum)
}

/// The entry of `board` (`beans` beans) with `turn` to move, from
/// `south`, the entries of its level with South to move: a position with
/// North to move is worth to South the beans on the board less the entry
/// of the board turned round (turning the board round swaps the players,
/// and the rules treat both alike). `None` if `south` is shorter than its
/// level.
#[inline]
pub(crate) fn entry(south: &[u8], board: &[u8; 12], beans: u8, turn: Player) -> Option<u8> {
    match turn {
        Player::South => south.get(usize::try_from(rank(board)).ok()?).copied(),
        Player::North => {
            let value = south.get(usize::try_from(turned_rank(board)).ok()?)?;
            Some(turned(*value, beans))
        }
    }
}

/// The rank of `board` turned round: where the entry [`entry`] turns
/// for a board with North to move is.
#[inline]
pub(crate) fn turned_rank(board: &[u8; 12]) -> u64 {
    rank(&mirrored(board))
}

/// The entry of a board of `beans` beans with North to move, from the
/// entry `value` of its board turned round with South to move.
#[inline]
pub(crate) const fn turned(value: u8, beans: u8) -> u8 {
    beans.saturating_sub(value)
}

/// Calls `visit` with every board holding `beans` beans, in rank order
/// (the order [`next_board`] steps through, checked against it).
#[cfg(test)]
pub(crate) fn for_each_board(beans: u8, mut visit: impl FnMut(&[u8; 12])) {
    let mut board = [0u8; 12];
    fill(&mut board, 11, beans, &mut visit);
}

/// Steps `board` to the next board with the same beans in rank order (the
/// order of [`rank`]); `false`, leaving it as it is, when it is
/// the last (every bean in hole 1).
///
/// Rank order counts the beans of hole 12 down, then those of hole 11
/// down, and so on to hole 2 (hole 1 takes the rest). So the next board
/// takes one bean from the lowest hole above hole 1 that holds any and
/// puts it, with hole 1's beans, into the hole just below that one: the
/// first arrangement of those beans.
#[inline]
pub(crate) fn next_board(board: &mut [u8; 12]) -> bool {
    let Some(hole) = (1..12).find(|&hole| board[hole] > 0) else {
        return false;
    };
    // The holes between 1 and `hole` are empty: the beans below are hole 1's.
    let below = board[0] + 1;
    board[0] = 0;
    board[hole] -= 1;
    board[hole - 1] = below;
    true
}

/// Fills holes `hole` down to 1 with `left` beans, the last hole first
/// and most beans first: the order of [`rank`].
#[cfg(test)]
fn fill(board: &mut [u8; 12], hole: usize, left: u8, visit: &mut impl FnMut(&[u8; 12])) {
    if hole == 0 {
        board[0] = left;
        visit(board);
        return;
    }
    for beans in (0..=left).rev() {
        board[hole] = beans;
        fill(board, hole - 1, left - beans, visit);
    }
    board[hole] = 0;
}

/// The board seen from the other side: hole 1 becomes hole 7 and so on.
#[inline]
pub(crate) fn mirrored(board: &[u8; 12]) -> [u8; 12] {
    let mut turned = [0; 12];
    for (hole, &beans) in board.iter().enumerate() {
        turned[(hole + 6) % 12] = beans;
    }
    turned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_binomials() {
        assert_eq!(boards(0), 1);
        assert_eq!(boards(2), 78);
        assert_eq!(boards(10), 352_716);
        assert_eq!(boards(20), 84_672_315);
        assert_eq!(entries(4), 2 * (1 + 78 + 1365));
    }

    #[test]
    fn ranks_enumerate_the_boards_in_order() {
        for beans in [0, 1, 2, 5, 6] {
            let mut next = 0;
            for_each_board(beans, |board| {
                assert_eq!(
                    board.iter().map(|&b| u32::from(b)).sum::<u32>(),
                    u32::from(beans)
                );
                assert_eq!(rank(board), next);
                assert_eq!(&unrank(next, beans), board);
                next += 1;
            });
            assert_eq!(next, boards(beans));
        }
    }

    #[test]
    fn next_board_steps_through_the_boards_in_rank_order() {
        for beans in [0, 1, 2, 3, 6, 8, 10] {
            let mut all = Vec::new();
            for_each_board(beans, |board| all.push(*board));
            let mut board = all[0];
            for (rank, expected) in all.iter().enumerate() {
                assert_eq!(&board, expected, "{beans} beans, rank {rank}");
                let stepped = next_board(&mut board);
                assert_eq!(stepped, rank + 1 < all.len(), "{beans} beans, rank {rank}");
            }
            assert_eq!(board, *all.last().expect("a board"));
            // From any rank, as the build's tasks start.
            for start in (0..all.len()).step_by(97) {
                let mut board = unrank(start as u64, beans);
                for expected in &all[start..(start + 5).min(all.len())] {
                    assert_eq!(&board, expected);
                    next_board(&mut board);
                }
            }
        }
    }
}
