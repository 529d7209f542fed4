//! Sowing and the capture chain on a bare board: the hot path shared by
//! [`Position::play_unchecked`](crate::Position::play_unchecked) and
//! [`perft`](crate::perft).

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

/// `SOWN[origin][beans]`: one bean in each hole that receives one when
/// `beans` (0..12) are sown from hole index `origin`, one per hole,
/// starting with the hole after `origin`.
const SOWN: [[Word; 12]; 12] = {
    let mut table = [[0; 12]; 12];
    let mut origin = 0;
    while origin < 12 {
        let mut beans = 0;
        while beans < 12 {
            let mut step = 1;
            while step <= beans {
                table[origin][beans] |= 1 << (8 * ((origin + step) % 12));
                step += 1;
            }
            beans += 1;
        }
        origin += 1;
    }
    table
};

/// `KEEP[origin]`: a mask that clears hole index `origin` and keeps every
/// other hole.
const KEEP: [Word; 12] = {
    let mut table = [0; 12];
    let mut origin = 0;
    while origin < 12 {
        table[origin] = (LAP * 0xff) & !(0xff << (8 * origin));
        origin += 1;
    }
    table
};

/// The board after emptying hole `origin` and sowing its beans
/// counter-clockwise, one per hole, the origin included from the twelfth
/// bean on; and the index of the hole the last bean fell into (the origin
/// itself if it was empty or held a multiple of 12).
///
/// Full laps are added in one step (`beans / 12` to every hole), the rest
/// from a table, so the cost does not depend on the number of beans. The
/// whole board is one [`Word`]: emptying the origin is one mask and the
/// sowing one addition.
#[inline]
pub(crate) fn sow(board: &[u8; 12], origin: usize) -> ([u8; 12], usize) {
    // An index above 11 is a broken contract; `min` keeps it panic-free.
    let origin = origin.min(11);
    let beans = board[origin];
    let laps = Word::from(beans / 12);
    let rest = usize::from(beans % 12);
    let after = (to_word(board) & KEEP[origin])
        .wrapping_add(SOWN[origin][rest])
        .wrapping_add(laps.wrapping_mul(LAP));
    let last = origin + rest;
    (from_word(after), if last >= 12 { last - 12 } else { last })
}

/// Whether a hole holding `beans` is ripe: 2, 4 or 6.
#[inline]
pub(crate) const fn is_ripe(beans: u8) -> bool {
    beans < 8 && (0b0101_0100 >> beans) & 1 != 0
}

/// Runs the capture chain from hole index `last` backwards: empties every
/// ripe hole until a hole that is not ripe, calling `record(index, beans)`
/// for each in chain order, and returns the beans captured.
///
/// A captured hole is left empty, which breaks the chain, so it stops
/// after at most twelve holes.
#[inline]
pub(crate) fn capture_chain(
    board: &mut [u8; 12],
    last: usize,
    mut record: impl FnMut(usize, u8),
) -> u8 {
    let mut index = last % 12;
    let mut total = 0u8;
    loop {
        let beans = board[index];
        if !is_ripe(beans) {
            return total;
        }
        board[index] = 0;
        total = total.wrapping_add(beans);
        record(index, beans);
        index = if index == 0 { 11 } else { index - 1 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ripe_counts_are_two_four_and_six() {
        let ripe: Vec<u8> = (0..=255).filter(|&beans| is_ripe(beans)).collect();
        assert_eq!(ripe, [2, 4, 6]);
    }

    #[test]
    fn a_short_sowing_skips_nothing_and_wraps() {
        let (board, last) = sow(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0], 10);
        assert_eq!(board, [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(last, 2);
    }

    #[test]
    fn twelve_or_more_beans_sow_into_the_origin() {
        let (board, last) = sow(&[0, 0, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0], 2);
        // Twelve beans make one lap ending in the origin; the 13th goes on.
        assert_eq!(board, [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(last, 3);

        let (board, last) = sow(&[0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0], 5);
        assert_eq!((board, last), ([2; 12], 5));
    }

    #[test]
    fn an_empty_hole_sows_nothing() {
        let mut board = [1; 12];
        board[4] = 0;
        assert_eq!(sow(&board, 4), (board, 4));
    }

    #[test]
    fn the_chain_runs_backwards_until_a_hole_is_not_ripe() {
        let mut board = [2, 3, 0, 0, 0, 0, 0, 0, 0, 7, 4, 6];
        let mut seen = Vec::new();
        let total = capture_chain(&mut board, 0, |index, beans| seen.push((index, beans)));
        assert_eq!(seen, [(0, 2), (11, 6), (10, 4)]);
        assert_eq!(total, 12);
        assert_eq!(board, [0, 3, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0]);
    }

    #[test]
    fn a_chain_of_all_twelve_holes_stops_at_the_emptied_hole() {
        let mut board = [6; 12];
        let total = capture_chain(&mut board, 4, |_, _| {});
        assert_eq!(total, 72);
        assert_eq!(board, [0; 12]);
    }
}
