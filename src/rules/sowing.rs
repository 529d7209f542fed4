//! Sowing and the capture chain on a bare board: the hot path shared by
//! [`Position::play_unchecked`](crate::Position::play_unchecked) and
//! [`perft`](crate::perft).

use super::capture::CAPACITY;
use crate::{Capture, Hole};

/// A board as one number: byte `i` (little-endian) holds hole index `i`,
/// the top four bytes are 0. No hole holds more than 72 beans, so adding
/// two such boards byte by byte never carries from one hole into the next.
type Word = u128;

/// The board as a [`Word`].
#[inline]
fn to_word(board: &[u8; 12]) -> Word {
    let mut bytes = [0; 16];
    let (holes, _) = bytes.split_at_mut(12);
    holes.copy_from_slice(board);
    Word::from_le_bytes(bytes)
}

/// The [`Word`] as a board (its top four bytes are dropped).
#[inline]
fn from_word(word: Word) -> [u8; 12] {
    let bytes = word.to_le_bytes();
    let (holes, _) = bytes.split_at(12);
    let mut board = [0; 12];
    board.copy_from_slice(holes);
    board
}

/// A [`Word`] with one bean in each hole: a full lap.
const LAP: Word = 0x0101_0101_0101_0101_0101_0101;

/// `SOW[origin][beans]`: added to a board whose hole index `origin` holds
/// `beans` (0..12), it empties that hole and puts one bean in each of the
/// `beans` holes after it. As a number it is one bean in each of those
/// holes minus `beans` in the origin, wrapping; the sum neither borrows
/// (the origin holds those beans) nor carries.
const SOW: [[Word; 12]; 12] = {
    let mut table = [[0; 12]; 12];
    let mut origin = 0;
    while origin < 12 {
        let mut beans = 0;
        while beans < 12 {
            let mut sown: Word = 0;
            let mut step = 1;
            while step <= beans {
                sown |= 1 << (8 * ((origin + step) % 12));
                step += 1;
            }
            table[origin][beans] = sown.wrapping_sub((beans as Word) << (8 * origin));
            beans += 1;
        }
        origin += 1;
    }
    table
};

/// Empties hole index `origin` and sows its beans counter-clockwise, one
/// per hole, the origin included from the twelfth bean on; returns the
/// index of the hole the last bean fell into (the origin itself if it was
/// empty or held a multiple of 12).
///
/// The whole board is one [`Word`] and the sowing one addition from a
/// table; a hole of 12 or more beans (rare) first adds its full laps,
/// `beans / 12` to every hole. The cost does not depend on the number of
/// beans.
#[inline]
pub(crate) fn sow(board: &mut [u8; 12], origin: usize) -> usize {
    // An index above 11 is a broken contract: nothing is sown.
    let Some(&beans) = board.get(origin) else {
        return origin % 12;
    };
    let mut word = to_word(board);
    let rest = if beans < 12 {
        beans
    } else {
        let laps = beans / 12;
        let rest = beans % 12;
        word = word
            .wrapping_sub(Word::from(beans - rest) << (8 * origin))
            .wrapping_add(Word::from(laps).wrapping_mul(LAP));
        rest
    };
    *board = from_word(word.wrapping_add(SOW[origin][usize::from(rest)]));
    let last = origin + usize::from(rest);
    if last >= 12 { last - 12 } else { last }
}

/// Whether a hole holding `beans` is ripe: 2, 4 or 6.
#[inline]
pub(crate) const fn is_ripe(beans: u8) -> bool {
    // 2, 4 and 6 less 2 are 0, 2 and 4, which turned right by one bit are
    // 0, 1 and 2; any other count turns into 3 or more (an odd one gets
    // its low bit on top).
    beans.wrapping_sub(2).rotate_right(1) <= 2
}

/// Runs the capture chain from hole index `last` backwards: empties every
/// ripe hole until a hole that is not ripe, and returns the beans captured
/// and the number of holes emptied (the chain: `last` and the holes before
/// it), each listed in `list` as it goes.
///
/// A captured hole is left empty, which breaks the chain, so it stops
/// after at most twelve holes. The list is written, never read, so a
/// caller that drops it (and the count) costs nothing: the compiler
/// removes the writes.
#[inline]
pub(crate) fn capture_chain(
    board: &mut [u8; 12],
    last: usize,
    list: &mut [Capture; CAPACITY],
) -> (u8, usize) {
    let mut index = last % 12;
    let mut total = 0u8;
    let mut holes = 0;
    loop {
        let beans = board[index];
        if !is_ripe(beans) {
            return (total, holes);
        }
        board[index] = 0;
        total = total.wrapping_add(beans);
        if let Some(slot) = list.get_mut(holes) {
            *slot = Capture {
                hole: Hole::from_index_unchecked(index as u8),
                beans,
            };
        }
        holes += 1;
        index = if index == 0 { 11 } else { index - 1 };
    }
}

#[cfg(test)]
mod tests {
    use super::super::capture::EMPTY_LIST;
    use super::*;

    #[test]
    fn ripe_counts_are_two_four_and_six() {
        let ripe: Vec<u8> = (0..=255).filter(|&beans| is_ripe(beans)).collect();
        assert_eq!(ripe, [2, 4, 6]);
    }

    #[test]
    fn a_short_sowing_skips_nothing_and_wraps() {
        let mut board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0];
        let last = sow(&mut board, 10);
        assert_eq!(board, [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(last, 2);
    }

    #[test]
    fn twelve_or_more_beans_sow_into_the_origin() {
        let mut board = [0, 0, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let last = sow(&mut board, 2);
        // Twelve beans make one lap ending in the origin; the 13th goes on.
        assert_eq!(board, [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(last, 3);

        let mut board = [0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0];
        let last = sow(&mut board, 5);
        assert_eq!((board, last), ([2; 12], 5));

        let mut board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 72];
        let last = sow(&mut board, 11);
        assert_eq!((board, last), ([6; 12], 11));
    }

    #[test]
    fn an_empty_hole_sows_nothing() {
        let mut board = [1; 12];
        board[4] = 0;
        let before = board;
        assert_eq!(sow(&mut board, 4), 4);
        assert_eq!(board, before);
    }

    /// Every origin and every count up to 72 agree with sowing one bean
    /// at a time.
    #[test]
    fn sowing_agrees_with_one_bean_at_a_time() {
        for origin in 0..12 {
            for beans in 0..=72u8 {
                let mut board = [0u8; 12];
                board[origin] = beans;
                board[(origin + 5) % 12] = 72 - beans;
                let mut plain = board;
                plain[origin] = 0;
                let mut hole = origin;
                for _ in 0..beans {
                    hole = (hole + 1) % 12;
                    plain[hole] += 1;
                }
                let last = sow(&mut board, origin);
                assert_eq!((board, last), (plain, hole), "{origin} {beans}");
            }
        }
    }

    #[test]
    fn an_index_above_eleven_sows_nothing() {
        let mut board = [6; 12];
        assert_eq!(sow(&mut board, 13), 1);
        assert_eq!(board, [6; 12]);
    }

    /// The chain from `last`: the beans captured, and the captures as
    /// (hole number, beans) pairs.
    fn chain(board: &mut [u8; 12], last: usize) -> (u8, Vec<(u8, u8)>) {
        let mut list = EMPTY_LIST;
        let (total, holes) = capture_chain(board, last, &mut list);
        let pairs = list
            .iter()
            .take(holes)
            .map(|capture| (capture.hole.number(), capture.beans))
            .collect();
        (total, pairs)
    }

    #[test]
    fn the_chain_runs_backwards_until_a_hole_is_not_ripe() {
        let mut board = [2, 3, 0, 0, 0, 0, 0, 0, 0, 7, 4, 6];
        let (total, pairs) = chain(&mut board, 0);
        assert_eq!(total, 12);
        assert_eq!(pairs, [(1, 2), (12, 6), (11, 4)]);
        assert_eq!(board, [0, 3, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0]);
    }

    #[test]
    fn a_chain_of_all_twelve_holes_stops_at_the_emptied_hole() {
        let mut board = [6; 12];
        let (total, pairs) = chain(&mut board, 4);
        assert_eq!(total, 72);
        let holes: Vec<u8> = pairs.iter().map(|&(hole, _)| hole).collect();
        assert_eq!(holes, [5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7, 6]);
        assert_eq!(board, [0; 12]);
    }

    #[test]
    fn a_chain_that_captures_nothing_lists_nothing() {
        let mut board = [3; 12];
        board[0] = 1;
        assert_eq!(chain(&mut board, 0), (0, Vec::new()));
        assert_eq!(board[0], 1);
    }
}
