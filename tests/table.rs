//! Endgame tables against the solver without a table, the solver with a
//! table against the solver without, and every kind of bad table file.

mod common;
mod naive;

use std::num::NonZeroUsize;
use std::sync::Arc;

use bohnenspiel::analysis::{EndgameTable, Solver, TableError};
use bohnenspiel::{EndlessPlay, Player, Position, Rules, Score, Setup, Variant};
use common::ALL_RULES;
use naive::Rng;

fn rules(variant: Variant, endless_play: EndlessPlay) -> Rules {
    Rules {
        variant,
        endless_play,
        ..Rules::default()
    }
}

/// The position with `board`, `turn` to move and South's store `south`
/// (North holds the rest).
fn position(board: [u8; 12], south: u8, turn: Player) -> Position {
    let beans: u8 = board.iter().sum();
    Position::from_setup(Setup {
        board,
        stores: Score::new(south, 72 - beans - south),
        turn,
    })
    .expect("a valid position")
}

/// Every board with `beans` beans, by its own recursion.
fn boards(beans: u8) -> Vec<[u8; 12]> {
    fn fill(board: &mut [u8; 12], hole: usize, left: u8, all: &mut Vec<[u8; 12]>) {
        if hole == 11 {
            board[11] = left;
            all.push(*board);
            return;
        }
        for here in 0..=left {
            board[hole] = here;
            fill(board, hole + 1, left - here, all);
        }
    }
    let mut all = Vec::new();
    fill(&mut [0; 12], 0, beans, &mut all);
    all
}

/// Checks the table against `solver` on every position with `level`
/// beans, both players to move, with stores varying with the board;
/// returns the number of positions checked.
fn agree_on_level(solver: &mut Solver, table: &EndgameTable, level: u8) -> usize {
    let rules = solver.rules();
    let mut checked = 0;
    for (n, board) in boards(level).into_iter().enumerate() {
        for turn in Player::ALL {
            let stores = 72 - level;
            let south = 2 * (n % (usize::from(stores) / 2 + 1)) as u8;
            let position = position(board, south, turn);
            let solved = solver.value(&position, &[]).expect("solved");
            assert_eq!(table.value(&position), Some(solved), "{rules}: {position}");
            checked += 1;
        }
    }
    checked
}

/// Checks the table against the solver without a table on every position
/// with up to `beans` beans; returns the number of positions checked.
fn agree_on_every_position(rules: Rules, table: &EndgameTable, beans: u8) -> usize {
    let mut solver = Solver::new(rules);
    (0..=beans)
        .step_by(2)
        .map(|level| agree_on_level(&mut solver, table, level))
        .sum()
}

/// The number of boards with `beans` beans, `C(beans + 11, 11)`.
fn board_count(beans: u8) -> u64 {
    (0..11).fold(1, |count, i| count * (u64::from(beans) + 11 - i) / (i + 1))
}

/// The levels of the written table `file` below `beans` beans, as a table
/// of their own: the file cut after them, its header saying so.
fn levels_below(file: &[u8], beans: u8) -> EndgameTable {
    let top = beans - 2;
    let entries: u64 = (0..=top).step_by(2).map(|n| 2 * board_count(n)).sum();
    let mut head = file[..24].to_vec();
    head[14] = top;
    head[16..24].copy_from_slice(&entries.to_le_bytes());
    let cut = file_of(&head, &entries_of(file)[..entries as usize]);
    let lower = EndgameTable::read(cut.as_slice()).expect("read");
    assert_eq!((lower.beans(), lower.entries()), (top, entries));
    lower
}

/// Every position with up to 10 beans on the board, checked by induction
/// on the beans: the table's entries of `n` beans are compared with the
/// solver given, as its table, the table's own levels below `n` (the
/// written table cut after them, [`levels_below`]); level 0 with the
/// solver without a table.
///
/// The check is not circular: the solver takes a table's value only at a
/// position without history whose board the table covers. The position
/// solved has `n` beans, more than the cut table covers, so it is
/// searched; so is every position that follows it without a capture
/// (still `n` beans, and a history). Only after a capture (no history,
/// fewer beans) does the solver take an entry, of a level already
/// checked. Its memo holds only values it searched itself. So each entry
/// of level `n` equals the exact value given exact lower levels, and by
/// induction every entry equals the solver's value without a table.
#[test]
fn the_table_agrees_with_the_solver_on_every_position_up_to_ten_beans() {
    let rules = Rules::default();
    let table = EndgameTable::build(rules, 10).expect("built");
    let mut file = Vec::new();
    table.write(&mut file).expect("written");
    let mut checked = agree_on_level(&mut Solver::new(rules), &table, 0);
    for level in (2..=10).step_by(2) {
        let lower = levels_below(&file, level);
        let mut solver = Solver::new(rules).with_table(lower).expect("same rules");
        checked += agree_on_level(&mut solver, &table, level);
    }
    assert_eq!(checked as u64, table.entries());
    assert_eq!(checked, 884_236);
}

#[test]
fn the_table_agrees_with_the_solver_on_every_position_up_to_four_beans_under_every_rule() {
    for (variant, endless_play) in ALL_RULES {
        let rules = rules(variant, endless_play);
        let table = EndgameTable::build(rules, 4).expect("built");
        let checked = agree_on_every_position(rules, &table, 4);
        assert_eq!(checked as u64, table.entries());
        assert_eq!(checked, 2 * (1 + 78 + 1365));
    }
}

#[test]
fn the_table_agrees_with_the_solver_on_every_position_up_to_six_beans() {
    let rules = Rules::default();
    let table = EndgameTable::build(rules, 6).expect("built");
    let checked = agree_on_every_position(rules, &table, 6);
    assert_eq!(checked, 2 * (1 + 78 + 1365 + 12376));
}

#[test]
fn the_table_agrees_with_the_solver_on_random_positions_of_six_beans_under_other_rules() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (variant, endless_play) in [
        (Variant::Hemprich, EndlessPlay::LastMover),
        (Variant::Standard, EndlessPlay::Split),
    ] {
        let rules = rules(variant, endless_play);
        let table = EndgameTable::build(rules, 6).expect("built");
        let mut solver = Solver::new(rules);
        for _ in 0..300 {
            let mut board = [0u8; 12];
            for _ in 0..6 {
                board[rng.below(12)] += 1;
            }
            let south = 2 * rng.below(66 / 2 + 1) as u8;
            let turn = Player::ALL[rng.below(2)];
            let position = position(board, south, turn);
            let solved = solver.value(&position, &[]).expect("solved");
            assert_eq!(table.value(&position), Some(solved), "{rules}: {position}");
        }
    }
}

/// The entries of a block of the file format.
const BLOCK: usize = 1 << 20;

/// The entries of a written table: its bytes after the header, less the
/// checksum after each block.
fn entries_of(file: &[u8]) -> Vec<u8> {
    file[32..]
        .chunks(BLOCK + 8)
        .flat_map(|block| &block[..block.len().saturating_sub(8)])
        .copied()
        .collect()
}

/// A table file as the format's documentation defines it: the header's
/// first 24 bytes `head`, their XXH3 (seed 2⁶⁴ − 1), then `entries` in
/// blocks of 2²⁰, each followed by its XXH3 with the block's index as the
/// seed.
fn file_of(head: &[u8], entries: &[u8]) -> Vec<u8> {
    use xxhash_rust::xxh3::xxh3_64_with_seed;
    let mut file = head[..24].to_vec();
    file.extend_from_slice(&xxh3_64_with_seed(&head[..24], u64::MAX).to_le_bytes());
    for (index, block) in entries.chunks(BLOCK).enumerate() {
        file.extend_from_slice(block);
        file.extend_from_slice(&xxh3_64_with_seed(block, index as u64).to_le_bytes());
    }
    file
}

/// A table up to 4 beans, written.
fn small_file() -> (EndgameTable, Vec<u8>) {
    let table = EndgameTable::build(Rules::default(), 4).expect("built");
    let mut file = Vec::new();
    table.write(&mut file).expect("written");
    (table, file)
}

/// `file` with its checksums made right again.
fn resealed(file: Vec<u8>) -> Vec<u8> {
    file_of(&file[..24], &entries_of(&file))
}

/// The header of a standard table up to `beans` beans, version 2.
fn header(beans: u8) -> Vec<u8> {
    let entries: u64 = (0..=beans).step_by(2).map(|n| 2 * board_count(n)).sum();
    let mut head = b"BOHNTAB\n".to_vec();
    head.extend_from_slice(&2u32.to_le_bytes());
    head.extend_from_slice(&[0, 0, beans, 0]);
    head.extend_from_slice(&entries.to_le_bytes());
    head
}

#[test]
fn a_written_table_has_the_documented_header_and_reads_back() {
    let (table, file) = small_file();
    assert_eq!(&file[..8], b"BOHNTAB\n");
    assert_eq!(file[..24], header(4));
    assert_eq!(file.len(), 32 + 2888 + 8);
    assert_eq!(EndgameTable::file_len(4).expect("4 beans"), 32 + 2888 + 8);
    assert_eq!(resealed(file.clone()), file);
    assert_eq!(EndgameTable::read(file.as_slice()).expect("read"), table);

    // Every entry where the documentation puts it: levels 0, 2, 4; South's
    // boards first; a board at the rank Σ C(s_k + k − 1, k).
    let choose = |p: u64, k: u64| (0..k).fold(1u64, |c, i| c * (p - i) / (i + 1));
    let mut level_start = 0;
    for beans in [0u8, 2, 4] {
        let per_turn = choose(u64::from(beans) + 11, 11);
        for board in boards(beans) {
            let mut rank = 0;
            let mut before = 0;
            for k in 1..=11u64 {
                before += u64::from(board[k as usize - 1]);
                rank += if before + k > k {
                    choose(before + k - 1, k)
                } else {
                    0
                };
            }
            assert!(rank < per_turn);
            for (side, turn) in Player::ALL.into_iter().enumerate() {
                let at = 32 + level_start + side as u64 * per_turn + rank;
                let position = position(board, 72 - beans, turn);
                assert_eq!(
                    Some(file[at as usize]),
                    table.board_value(&position),
                    "{position}"
                );
            }
        }
        level_start += 2 * per_turn;
    }
}

#[test]
fn a_truncated_table_is_an_error() {
    let (_, file) = small_file();
    for len in [0, 5, 11, 12, 20, 32, 33, file.len() - 8, file.len() - 1] {
        let error = EndgameTable::read(&file[..len]).unwrap_err();
        assert!(
            matches!(error, TableError::Truncated { .. }),
            "{len}: {error}"
        );
    }
    let error = EndgameTable::read(&file[..file.len() - 1]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the table is truncated: it ends after 2927 bytes, but needs 2928"
    );
}

#[test]
fn a_table_with_a_bad_checksum_is_an_error() {
    let (_, mut file) = small_file();
    // One value changed, still within its board's beans.
    file[32 + 2 + 78 + 5] ^= 2;
    let error = EndgameTable::read(file.as_slice()).unwrap_err();
    assert!(
        matches!(
            error,
            TableError::Checksum {
                offset: 32,
                len: 2888,
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with("the table is damaged in bytes 32 to 2919: their checksum is 0x"),
        "{error}"
    );
    // A header field changed without its checksum.
    let (_, mut file) = small_file();
    file[14] = 2;
    let error = EndgameTable::read(file.as_slice()).unwrap_err();
    assert!(
        matches!(
            error,
            TableError::Checksum {
                offset: 0,
                len: 24,
                ..
            }
        ),
        "{error}"
    );
}

/// A table of several blocks (up to 12 beans: 3,588,392 entries, four
/// blocks), every entry 0 (a value every board can have): read back, and
/// a damaged or a missing block named by its bytes.
#[test]
fn every_block_of_a_large_table_is_checked() {
    let head = header(12);
    let count = EndgameTable::entries_for(12).expect("12 beans");
    assert_eq!(count, 3_588_392);
    let entries = vec![0u8; count as usize];
    let file = file_of(&head, &entries);
    assert_eq!(
        file.len() as u64,
        EndgameTable::file_len(12).expect("12 beans")
    );
    assert_eq!(file.len(), 32 + 3_588_392 + 4 * 8);
    let table = EndgameTable::read(file.as_slice()).expect("read");
    assert_eq!((table.beans(), table.entries()), (12, count));

    // Block 2 (the third) begins after the header and two blocks with
    // their checksums.
    let third = 32 + 2 * (BLOCK + 8);
    let mut damaged = file.clone();
    damaged[third + 1000] = 1;
    let error = EndgameTable::read(damaged.as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Checksum { offset, len, .. }
            if offset == third as u64 && len == BLOCK as u64),
        "{error}"
    );
    // Two blocks swapped: each checksum is seeded by its block's index.
    let mut swapped = entries.clone();
    swapped[BLOCK] = 2;
    let mut moved = file_of(&head, &swapped);
    let (first, rest) = moved[32..].split_at_mut(BLOCK + 8);
    first.swap_with_slice(&mut rest[..BLOCK + 8]);
    let error = EndgameTable::read(moved.as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Checksum { offset: 32, .. }),
        "{error}"
    );
    // Cut inside the last block.
    let error = EndgameTable::read(&file[..third + BLOCK + 8 + 10]).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "the table is truncated: it ends after {} bytes, but needs {}",
            third + BLOCK + 8 + 10,
            file.len()
        )
    );
    // A value larger than its board in the second block: named at its
    // place in the file, past the first block's checksum.
    let mut large = entries.clone();
    large[BLOCK + 5] = 13;
    let error = EndgameTable::read(file_of(&head, &large).as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Corrupt { offset, .. }
            if offset == (32 + BLOCK + 8 + 5) as u64),
        "{error}"
    );
}

#[test]
fn a_table_of_another_version_is_an_error() {
    // A file of version 1, as this crate wrote it before: the header and
    // the entries, one FNV-1a checksum over both.
    let (_, file) = small_file();
    let entries = entries_of(&file);
    let mut old = file[..24].to_vec();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    let fnv = old
        .iter()
        .chain(&entries)
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    old.extend_from_slice(&fnv.to_le_bytes());
    old.extend_from_slice(&entries);
    for bytes in [&old[..], &old[..12]] {
        let error = EndgameTable::read(bytes).unwrap_err();
        assert!(
            matches!(
                error,
                TableError::Version {
                    found: 1,
                    supported: 2
                }
            ),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "the table has format version 1; this version reads only 2 (build the table again)"
        );
    }
}

#[test]
fn a_file_that_is_no_table_and_bad_fields_are_errors() {
    let error = EndgameTable::read(&b"[Event \"x\"]\n1. 4 10\n"[..]).unwrap_err();
    assert!(matches!(error, TableError::NotATable), "{error}");

    let (_, file) = small_file();
    let corrupt = |at: usize, value: u8| {
        let mut file = file.clone();
        file[at] = value;
        EndgameTable::read(resealed(file).as_slice()).unwrap_err()
    };
    assert!(matches!(
        corrupt(12, 7),
        TableError::Corrupt { offset: 12, .. }
    ));
    assert!(matches!(
        corrupt(13, 3),
        TableError::Corrupt { offset: 13, .. }
    ));
    assert!(matches!(
        corrupt(15, 1),
        TableError::Corrupt { offset: 15, .. }
    ));
    // A limit above the largest supported is refused before allocating.
    assert!(matches!(
        corrupt(14, 200),
        TableError::TooManyBeans {
            beans: 200,
            max: 24
        }
    ));
    // Another limit than the number of entries says.
    assert!(matches!(
        corrupt(14, 6),
        TableError::Corrupt { offset: 16, .. }
    ));
    // A value larger than the beans on its board (2 beans, the first board).
    let error = corrupt(32 + 2, 3);
    assert!(
        matches!(error, TableError::Corrupt { offset: 34, .. }),
        "{error}"
    );

    let mut longer = file.clone();
    longer.push(0);
    let error = EndgameTable::read(longer.as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Corrupt { offset: 2928, .. }),
        "{error}"
    );
}

#[test]
fn a_table_for_other_rules_is_refused_by_the_solver() {
    let (table, _) = small_file();
    let split = Rules {
        endless_play: EndlessPlay::Split,
        ..Rules::default()
    };
    let error = Solver::new(split).with_table(table.clone()).unwrap_err();
    assert!(matches!(error, TableError::OtherRules { .. }), "{error}");
    assert_eq!(
        error.to_string(),
        "the table was built for the rules \"standard\", but the solver follows \"standard; endless=split\""
    );
    let hemprich = Rules {
        variant: Variant::Hemprich,
        ..Rules::default()
    };
    assert!(Solver::new(hemprich).with_table(table.clone()).is_err());
    // The repetition option does not change values: the table serves it.
    let automatic = Rules {
        repetition: bohnenspiel::Repetition::Automatic { occurrence: 3 },
        ..Rules::default()
    };
    assert!(Solver::new(automatic).with_table(table).is_ok());
}

/// The table built on `threads` threads, written, with the searched
/// positions of each level.
fn built_on(rules: Rules, beans: u8, threads: usize) -> (Vec<u8>, Vec<(u8, u64, u64)>) {
    let threads = NonZeroUsize::new(threads).expect("not zero");
    let mut levels = Vec::new();
    let table = EndgameTable::build_reporting(rules, beans, threads, |level| {
        levels.push((level.beans, level.positions, level.searched));
    })
    .expect("built");
    let mut file = Vec::new();
    table.write(&mut file).expect("written");
    (file, levels)
}

/// The attractors are unique fixpoints and the search is exact, so the
/// threads share the work in any order and the bytes stay the same.
#[test]
fn a_table_built_on_several_threads_is_the_one_built_on_one() {
    for (rules, beans) in [
        (Rules::default(), 12),
        (rules(Variant::Hemprich, EndlessPlay::LastMover), 8),
        (rules(Variant::Standard, EndlessPlay::Split), 8),
    ] {
        let (one, levels) = built_on(rules, beans, 1);
        assert_eq!(levels.len(), usize::from(beans / 2 + 1));
        for threads in [2, 3] {
            let (several, their_levels) = built_on(rules, beans, threads);
            assert!(
                one == several,
                "{rules}, {beans} beans: {threads} threads give other bytes"
            );
            assert_eq!(levels, their_levels, "{rules}, {threads} threads");
        }
    }
}

#[test]
fn a_bean_limit_too_large_is_an_error_before_building() {
    let error = EndgameTable::build(Rules::default(), 25).unwrap_err();
    assert!(
        matches!(error, TableError::TooManyBeans { beans: 25, max: 24 }),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "a table for 25 beans is too large: at most 24 beans are supported"
    );
}

#[test]
fn solving_with_a_table_gives_the_same_values_moves_and_lines() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for (variant, endless_play) in ALL_RULES {
        let rules = rules(variant, endless_play);
        let table = Arc::new(EndgameTable::build(rules, 4).expect("built"));
        let mut plain = Solver::new(rules);
        let mut tabled = Solver::new(rules)
            .with_table(Arc::clone(&table))
            .expect("same rules");
        for _ in 0..40 {
            // Up to 8 beans: the table answers the captures down to 4.
            let beans = 2 * (1 + rng.below(4)) as u8;
            let mut board = [0u8; 12];
            for _ in 0..beans {
                board[rng.below(12)] += 1;
            }
            let south = 2 * rng.below(usize::from(72 - beans) / 2 + 1) as u8;
            let turn = Player::ALL[rng.below(2)];
            let position = position(board, south, turn);
            let without = plain.solve(&position, &[]).expect("solved");
            let with = tabled.solve(&position, &[]).expect("solved");
            assert_eq!(with.value, without.value, "{rules}: {position}");
            assert_eq!(with.moves, without.moves, "{rules}: {position}");
            assert_eq!(with.line, without.line, "{rules}: {position}");
        }
    }
    // The Gentlemen, 20 beans, with a table up to 6.
    let table = EndgameTable::build(Rules::default(), 6).expect("built");
    let gentlemen: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse().expect("valid");
    let without = Solver::new(Rules::default())
        .solve(&gentlemen, &[])
        .expect("solved");
    let mut tabled = Solver::new(Rules::default())
        .with_table(table)
        .expect("same rules");
    let with = tabled.solve(&gentlemen, &[]).expect("solved");
    assert_eq!(
        (with.value, &with.moves, &with.line),
        (without.value, &without.moves, &without.line)
    );
    assert!(
        with.nodes < without.nodes,
        "{} >= {}",
        with.nodes,
        without.nodes
    );
}
