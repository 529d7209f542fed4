//! A second, deliberately naive Bohnenspiel move generator, written
//! straight from the rule text and sharing no code with the crate. It
//! produces the counts in `tests/data/*.perft`, and the crate's `perft` is
//! checked against it.
//!
//! - Holes are numbered 1 to 12 counter-clockwise; South owns 1–6, North
//!   7–12.
//! - A move takes every bean from one of the mover's non-empty holes and
//!   sows them one by one into the following holes, 12 followed by 1, the
//!   origin hole included when the beans go all the way round.
//! - If the last bean makes its hole hold 2, 4 or 6, those beans go to
//!   the mover's store, and so does every hole before it (backwards, 1
//!   preceded by 12) that holds 2, 4 or 6, until one does not.
//! - A player with no beans on their side cannot move.

#![allow(dead_code)]

/// A board as plain arrays.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// `holes[0]` is hole 1.
    pub holes: [u32; 12],
    /// South's store, then North's.
    pub stores: [u32; 2],
    /// `true` when South is to move.
    pub south_to_move: bool,
}

impl Board {
    /// Reads `h1,…,h6/h7,…,h12 south:north S|N`.
    pub fn parse(text: &str) -> Board {
        let parts: Vec<&str> = text.split(' ').collect();
        assert_eq!(parts.len(), 3, "three parts in {text:?}");
        let holes: Vec<u32> = parts[0]
            .replace('/', ",")
            .split(',')
            .map(|n| n.parse().expect("a hole count"))
            .collect();
        let holes = holes.try_into().expect("twelve holes");
        let stores: Vec<u32> = parts[1]
            .split(':')
            .map(|n| n.parse().expect("a store count"))
            .collect();
        let stores = stores.try_into().expect("two stores");
        let south_to_move = match parts[2] {
            "S" => true,
            "N" => false,
            other => panic!("side to move {other:?}"),
        };
        Board {
            holes,
            stores,
            south_to_move,
        }
    }

    /// The hole numbers the player to move may sow from.
    pub fn moves(&self) -> Vec<usize> {
        let first = if self.south_to_move { 1 } else { 7 };
        let mut moves = Vec::with_capacity(6);
        for hole in first..first + 6 {
            if self.holes[hole - 1] > 0 {
                moves.push(hole);
            }
        }
        moves
    }

    /// The board after sowing from `hole`, and the captures as (hole,
    /// beans) in the order they are taken.
    pub fn play(&self, hole: usize) -> (Board, Vec<(usize, u32)>) {
        let mut next = self.clone();
        let mut beans = next.holes[hole - 1];
        next.holes[hole - 1] = 0;
        let mut current = hole;
        while beans > 0 {
            current = if current == 12 { 1 } else { current + 1 };
            next.holes[current - 1] += 1;
            beans -= 1;
        }
        let mover = if self.south_to_move { 0 } else { 1 };
        let mut captures = Vec::new();
        loop {
            let count = next.holes[current - 1];
            if count == 2 || count == 4 || count == 6 {
                next.stores[mover] += count;
                next.holes[current - 1] = 0;
                captures.push((current, count));
                current = if current == 1 { 12 } else { current - 1 };
            } else {
                break;
            }
        }
        next.south_to_move = !self.south_to_move;
        (next, captures)
    }
}

/// Counts the move sequences of length `depth`, one node at a time.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .moves()
        .into_iter()
        .map(|hole| perft(&board.play(hole).0, depth - 1))
        .sum()
}

impl Board {
    /// The opening: six beans in every hole, South to move.
    pub fn opening() -> Board {
        Board {
            holes: [6; 12],
            stores: [0, 0],
            south_to_move: true,
        }
    }

    /// The final score (South's, North's) if the game is over: the player
    /// to move has no beans, and the beans left go to the other player,
    /// who moved last. Repetition plays no part.
    pub fn final_score(&self) -> Option<(u32, u32)> {
        if !self.moves().is_empty() {
            return None;
        }
        let left: u32 = self.holes.iter().sum();
        let (south, north) = (self.stores[0], self.stores[1]);
        Some(if self.south_to_move {
            (south, north + left)
        } else {
            (south + left, north)
        })
    }
}
pub mod depth;
pub mod minimax;

/// A small deterministic generator (xorshift64): the same positions and
/// games on every run.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (not 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).expect("below a usize")
    }
}
