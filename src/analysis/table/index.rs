//! The index of a table: boards with `n` beans ranked in lexicographic
//! order (hole 1 first, fewest beans first), South to move before North,
//! levels of even bean counts one after another from 0 beans up.

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

/// Where the entries of boards with `beans` beans (even) begin.
#[must_use]
pub(crate) const fn level_offset(beans: u8) -> u64 {
    if beans < 2 { 0 } else { entries(beans - 2) }
}

/// The rank of `board` among the boards with the same number of beans,
/// `sum` (the sum of `board`, at most 72).
#[inline]
pub(crate) fn rank(board: &[u8; 12], sum: u8) -> u64 {
    let mut left = usize::from(sum);
    let mut rank = 0;
    for (hole, &beans) in board.iter().take(11).enumerate() {
        let holes = 12 - hole;
        let beans = usize::from(beans).min(left);
        // The boards whose hole `hole` holds fewer beans come first.
        rank += COUNT[left][holes] - COUNT[left - beans][holes];
        left -= beans;
    }
    rank
}

/// The board of rank `rank` among those with `sum` beans (the inverse of
/// [`rank`]; a rank too large gives the last board).
pub(crate) fn unrank(mut rank: u64, sum: u8) -> [u8; 12] {
    let mut board = [0u8; 12];
    let mut left = usize::from(sum);
    for (hole, slot) in board.iter_mut().take(11).enumerate() {
        let holes = 12 - hole;
        let mut beans = 0;
        // The boards with fewer than `beans + 1` beans here come before.
        while beans < left && COUNT[left][holes] - COUNT[left - beans - 1][holes] <= rank {
            beans += 1;
        }
        rank -= COUNT[left][holes] - COUNT[left - beans][holes];
        *slot = beans as u8;
        left -= beans;
    }
    board[11] = left as u8;
    board
}

/// The index of a board with `sum` (even) beans and `turn` to move within
/// its level: South's boards first, then North's.
#[inline]
pub(crate) fn level_index(board: &[u8; 12], sum: u8, turn: Player) -> u64 {
    rank(board, sum) + turn.index() as u64 * boards(sum)
}

/// Calls `visit` with every board holding `beans` beans, in rank order.
pub(crate) fn for_each_board(beans: u8, mut visit: impl FnMut(&[u8; 12])) {
    let mut board = [0u8; 12];
    fill(&mut board, 0, beans, &mut visit);
}

fn fill(board: &mut [u8; 12], hole: usize, left: u8, visit: &mut impl FnMut(&[u8; 12])) {
    if hole == 11 {
        board[11] = left;
        visit(board);
        return;
    }
    for beans in 0..=left {
        board[hole] = beans;
        fill(board, hole + 1, left - beans, visit);
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
        assert_eq!(level_offset(4), 2 * (1 + 78));
        assert_eq!(level_offset(0), 0);
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
                assert_eq!(rank(board, beans), next);
                assert_eq!(&unrank(next, beans), board);
                next += 1;
            });
            assert_eq!(next, boards(beans));
        }
    }
}
