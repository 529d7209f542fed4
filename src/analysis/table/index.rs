//! The index of a table: boards with `n` beans ranked by the combinatorial
//! number system, South to move before North, within the level of their
//! bean count (each level of an even count has entries of its own).
//!
//! A board with `n` beans is a row of `n` beans and 11 bars between the
//! holes; with `s_k` the beans in holes 1 to `k`, the `k`-th bar stands at
//! `s_k + k − 1`, and the board's rank is `Σ C(s_k + k − 1, k)` for `k`
//! from 1 to 11: a bijection onto `0..C(n + 11, 11)`.

use rayon::prelude::*;

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

/// The boards of a level, seen as a table with a row for each North side
/// (holes 7 to 12) and a column for each South side (holes 1 to 6), to
/// turn them round in strips.
///
/// The rank of a board is the rank of its South side among the sides
/// with as many beans (the first five terms of [`rank`], below
/// `C(s + 5, 5)` for `s` beans on the side) plus a term that depends only
/// on the beans of the South side and on the North side (the last six):
/// so the boards with one North side are one run of consecutive ranks, a
/// row, and the board turned round, whose South side is the North side,
/// is in the row of its North side (the first board's South side) at the
/// column of its South side. Turning every board round takes, for `m`
/// beans on the North side and `n − m` on the South, the table of those
/// rows and columns to its transpose. Done in strips of [`TILE`] rows
/// walked column by column, each column reads [`TILE`] consecutive bytes
/// of one row of the other count and writes a byte into each row of the
/// strip, whose cache lines serve the next columns too: where one board
/// after another would wait on the memory for a line and a page for
/// nearly every board, a strip waits once for every [`TILE`] boards.
struct Sides {
    /// `starts[m][x]`: the first rank of the row of the North side of
    /// `m` beans whose rank among such sides is `x`.
    starts: Vec<Vec<usize>>,
}

/// The number of sides (six holes) holding `beans` beans: `C(beans + 5, 5)`.
const fn sides(beans: u8) -> usize {
    COUNT[beans as usize][6] as usize
}

/// The bytes of the strips' bookkeeping while the boards of `beans`
/// beans are turned round ([`turn_round`]): for each North side with at
/// most `beans` beans, the first rank of its row ([`Sides`]) and the row
/// itself, a slice of the boards turned round.
pub(crate) const fn strips_memory(beans: u8) -> u64 {
    let per_side = size_of::<usize>() + size_of::<Option<&mut [u8]>>();
    // The sides with at most `beans` beans: `C(beans + 6, 6)`.
    per_side as u64 * COUNT[beans as usize][7]
}

/// Rows of a strip in which boards are turned round (see [`Sides`]).
const TILE: usize = 64;

impl Sides {
    /// The rows of the level of `beans` beans.
    fn new(beans: u8) -> Sides {
        let mut starts: Vec<Vec<usize>> = (0..=beans).map(|m| vec![0; sides(m)]).collect();
        let mut north = [0u8; 6];
        Sides::fill(&mut starts, &mut north, 0, beans, beans);
        Sides { starts }
    }

    /// Puts the first rank of the row of every North side with holes 7
    /// to `7 + hole` as in `north` and at most `left` beans in the rest
    /// into `starts`.
    fn fill(starts: &mut [Vec<usize>], north: &mut [u8; 6], hole: usize, left: u8, beans: u8) {
        if hole == 6 {
            // The South side with rank 0 holds every bean in hole 6.
            let mut board = [0u8; 12];
            board[5] = left;
            board[6..].copy_from_slice(north);
            if let Some(start) = starts
                .get_mut(usize::from(beans - left))
                .and_then(|row| row.get_mut(side_rank(north)))
            {
                *start = rank(&board) as usize;
            }
            return;
        }
        for here in 0..=left {
            north[hole] = here;
            Sides::fill(starts, north, hole + 1, left - here, beans);
        }
        north[hole] = 0;
    }
}

/// The rank of a side (six holes) among the sides with as many beans: the
/// first five terms of [`rank`].
fn side_rank(side: &[u8; 6]) -> usize {
    let mut before = 0usize;
    let mut rank = 0;
    for (k, &beans) in side.iter().take(5).enumerate() {
        before += usize::from(beans);
        rank += CHOOSE[(before + k).min(83)][k + 1];
    }
    rank as usize
}

/// Writes into `to` (the boards of `beans` beans in rank order) `map` of
/// the byte of each board turned round in `from` (the same boards in
/// rank order): `to[r] = map(from[turned_rank(board r)])`, in strips
/// (see [`Sides`]), on the threads of the pool it runs in. Bytes whose place
/// is not in `to` or `from` (a slice too short) are left out.
pub(crate) fn turn_round(from: &[u8], to: &mut [u8], beans: u8, map: impl Fn(u8) -> u8 + Sync) {
    let sides_of = Sides::new(beans);
    let starts = &sides_of.starts;
    // The rows of `to`, each a slice of its own, by the North side's
    // count and rank: different strips are then written at once.
    let mut rows: Vec<Vec<Option<&mut [u8]>>> = starts
        .iter()
        .map(|row| row.iter().map(|_| None).collect())
        .collect();
    split_rows(&mut rows, &mut &mut *to, &mut [0; 6], 5, beans, beans);
    let tasks: Vec<_> = rows
        .iter_mut()
        .enumerate()
        .flat_map(|(m, rows)| {
            rows.chunks_mut(TILE)
                .enumerate()
                .map(move |(tile, rows)| (m as u8, tile * TILE, rows))
        })
        .collect();
    tasks.into_par_iter().for_each(|(m, first, rows)| {
        let Some(columns) = starts.get(usize::from(beans - m)) else {
            return;
        };
        // Column by column, the strip's rows each take one byte: the
        // boards turned round are consecutive in row `y` of the other
        // count.
        for (y, &start) in columns.iter().enumerate() {
            let Some(source) = from.get(start + first..start + first + rows.len()) else {
                continue;
            };
            for (row, &value) in rows.iter_mut().zip(source) {
                if let Some(byte) = row.as_mut().and_then(|row| row.get_mut(y)) {
                    *byte = map(value);
                }
            }
        }
    });
}

/// Splits `rest` into the rows of the boards of `beans` beans whose North
/// sides hold in holes `8 + hole` to 12 what `north` holds, at most `left`
/// beans in the holes below, in rank order (hole 12 first, most beans
/// first), and puts each row into `rows` by its North side's count and
/// rank.
fn split_rows<'a>(
    rows: &mut [Vec<Option<&'a mut [u8]>>],
    rest: &mut &'a mut [u8],
    north: &mut [u8; 6],
    hole: usize,
    left: u8,
    beans: u8,
) {
    for here in (0..=left).rev() {
        north[hole] = here;
        if hole > 0 {
            split_rows(rows, rest, north, hole - 1, left - here, beans);
            continue;
        }
        let south = left - here;
        let len = sides(south).min(rest.len());
        let (row, after) = std::mem::take(rest).split_at_mut(len);
        *rest = after;
        if let Some(place) = rows
            .get_mut(usize::from(beans - south))
            .and_then(|rows| rows.get_mut(side_rank(north)))
        {
            *place = Some(row);
        }
    }
    north[hole] = 0;
}

/// Calls `visit` with the rank of every board of `beans` beans and the
/// rank of the board turned round, in strips (see [`Sides`]), on the
/// threads of the pool it runs in, and collects what it returns, in no
/// particular order.
pub(crate) fn turned_pairs<T: Send>(
    beans: u8,
    visit: impl Fn(usize, usize) -> Option<T> + Sync,
) -> Vec<T> {
    let sides_of = Sides::new(beans);
    let starts = &sides_of.starts;
    let tasks: Vec<(u8, std::ops::Range<usize>)> = (0..=beans)
        .flat_map(|m| {
            let count = sides(m);
            (0..count)
                .step_by(TILE)
                .map(move |x| (m, x..(x + TILE).min(count)))
        })
        .collect();
    tasks
        .into_par_iter()
        .flat_map_iter(|(m, rows)| {
            let mut found = Vec::new();
            if let (Some(own), Some(columns)) = (
                starts.get(usize::from(m)),
                starts.get(usize::from(beans - m)),
            ) {
                for (y, &turned) in columns.iter().enumerate() {
                    for x in rows.clone() {
                        found.extend(visit(own[x] + y, turned + x));
                    }
                }
            }
            found
        })
        .collect()
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

    /// Turning round in strips puts every board's byte where the board
    /// turned round is, and visits every board once with it.
    #[test]
    fn strips_turn_every_board_round() {
        for beans in [0, 1, 2, 3, 8, 13, 16] {
            let count = boards(beans) as usize;
            let from: Vec<u8> = (0..count).map(|r| (r * 7 % 251) as u8).collect();
            let mut to = vec![0; count];
            turn_round(&from, &mut to, beans, |value| value ^ 0x55);
            let mut pairs = turned_pairs(beans, |r, t| Some((r, t)));
            pairs.sort_unstable();
            assert_eq!(pairs.len(), count, "{beans} beans");
            for r in 0..count {
                let turned = turned_rank(&unrank(r as u64, beans)) as usize;
                assert_eq!(to[r], from[turned] ^ 0x55, "{beans} beans, rank {r}");
                assert_eq!(pairs[r], (r, turned), "{beans} beans");
            }
        }
    }

    /// The strips' bookkeeping counts a row for every North side.
    #[test]
    fn the_strips_memory_counts_every_north_side() {
        for beans in [0, 2, 16, 24] {
            let rows: usize = Sides::new(beans).starts.iter().map(Vec::len).sum();
            let count: usize = (0..=beans).map(sides).sum();
            assert_eq!(rows, count);
            let per_side = 3 * size_of::<usize>();
            assert_eq!(
                strips_memory(beans),
                (per_side * count) as u64,
                "{beans} beans"
            );
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
