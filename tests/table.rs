//! Endgame tables against the solver without a table, the solver with a
//! table against the solver without, and every kind of bad table file.

mod common;
mod naive;

use std::num::NonZeroUsize;
use std::sync::Arc;

use bohnenspiel::analysis::{EndgameTable, Solver, TableError, TableForm, WdlTable};
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

/// The levels of `table` below `beans` beans, as a table of their own:
/// their files, written one after another, read back.
fn levels_below(table: &EndgameTable, beans: u8) -> EndgameTable {
    let top = beans - 2;
    let mut files = Vec::new();
    for level in (0..=top).step_by(2) {
        table
            .write_level(level, TableForm::Exact, &mut files)
            .expect("written");
    }
    let lower = EndgameTable::read(files.as_slice()).expect("read");
    let entries: u64 = (0..=top).step_by(2).map(|n| 2 * board_count(n)).sum();
    assert_eq!((lower.beans(), lower.entries()), (top, entries));
    lower
}

/// A capture takes 2, 4 or 6 beans from each hole it empties, an even
/// number, so a board always holds an even number of beans and a level
/// only leads to lower even levels; and one move can fall to every one
/// of them, so the build of a level needs every level below it, in
/// memory (the table keeps their entries with South to move).
#[test]
fn one_move_leads_from_a_level_to_every_lower_level_and_no_other() {
    let level = 8;
    let mut reached = std::collections::BTreeSet::new();
    for board in boards(level) {
        for turn in Player::ALL {
            let start = position(board, 72 - level, turn);
            for mv in start.legal_moves() {
                let mut after = start;
                after.play(mv).expect("a legal move");
                reached.insert(after.beans_on_board());
            }
        }
    }
    assert_eq!(reached.into_iter().collect::<Vec<_>>(), [0, 2, 4, 6, 8]);
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
    let mut checked = agree_on_level(&mut Solver::new(rules), &table, 0);
    for level in (2..=10).step_by(2) {
        let lower = levels_below(&table, level);
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

/// The bytes of a block of the file format.
const BLOCK: usize = 1 << 20;

/// The entries of a written level file: its bytes after the header, less
/// the checksum after each block.
fn entries_of(file: &[u8]) -> Vec<u8> {
    file[32..]
        .chunks(BLOCK + 8)
        .flat_map(|block| &block[..block.len().saturating_sub(8)])
        .copied()
        .collect()
}

/// A level file as the format's documentation defines it: the header's
/// first 24 bytes `head`, their XXH3 (seed 2⁶⁴ − 1), then `payload` in
/// blocks of 2²⁰ bytes, each followed by its XXH3 with the block's index
/// as the seed.
fn file_of(head: &[u8], payload: &[u8]) -> Vec<u8> {
    use xxhash_rust::xxh3::xxh3_64_with_seed;
    let mut file = head[..24].to_vec();
    file.extend_from_slice(&xxh3_64_with_seed(&head[..24], u64::MAX).to_le_bytes());
    for (index, block) in payload.chunks(BLOCK).enumerate() {
        file.extend_from_slice(block);
        file.extend_from_slice(&xxh3_64_with_seed(block, index as u64).to_le_bytes());
    }
    file
}

/// The header of a standard level file of `level` beans, version 3, in
/// the form `form` (0 exact, 1 2-bit).
fn header(level: u8, form: u8) -> Vec<u8> {
    let mut head = b"BOHNTAB\n".to_vec();
    head.extend_from_slice(&3u32.to_le_bytes());
    head.extend_from_slice(&[0, 0, level, form]);
    head.extend_from_slice(&(2 * board_count(level)).to_le_bytes());
    head
}

/// The entries of a level of `level` beans where the player to move gets
/// nothing from the board: 0 with South to move, the whole board with
/// North to move (values every board can have; each with North to move
/// the board less that of its board turned round, as a table holds).
fn mover_gets_nothing(level: u8) -> Vec<u8> {
    let per_turn = board_count(level) as usize;
    let mut entries = vec![0u8; 2 * per_turn];
    entries[per_turn..].fill(level);
    entries
}

/// The files of levels 0 to `top` of [`mover_gets_nothing`], one after
/// another.
fn plain_levels(top: u8) -> Vec<u8> {
    let mut files = Vec::new();
    for level in (0..=top).step_by(2) {
        files.extend(file_of(&header(level, 0), &mover_gets_nothing(level)));
    }
    files
}

/// The rank of `board` as the documentation defines it:
/// `Σ C(s_k + k − 1, k)` for `k` from 1 to 11, `s_k` the beans in holes 1
/// to `k`.
fn rank_of(board: &[u8; 12]) -> u64 {
    let choose = |p: u64, k: u64| (0..k).fold(1u64, |c, i| c * (p - i) / (i + 1));
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
    rank
}

/// A table up to 4 beans, and its three level files.
fn small_files() -> (EndgameTable, [Vec<u8>; 3]) {
    let table = EndgameTable::build(Rules::default(), 4).expect("built");
    let file = |level| {
        let mut file = Vec::new();
        table
            .write_level(level, TableForm::Exact, &mut file)
            .expect("written");
        file
    };
    let files = [file(0), file(2), file(4)];
    (table, files)
}

/// The files one after another.
fn stream(files: &[Vec<u8>]) -> Vec<u8> {
    files.concat()
}

/// `file` with its checksums made right again.
fn resealed(file: Vec<u8>) -> Vec<u8> {
    file_of(&file[..24], &entries_of(&file))
}

#[test]
fn written_levels_have_the_documented_header_and_read_back() {
    let (table, files) = small_files();
    for (file, level) in files.iter().zip([0u8, 2, 4]) {
        let entries = 2 * board_count(level);
        assert_eq!(file[..24], header(level, 0), "level {level}");
        assert_eq!(file.len() as u64, 32 + entries + 8);
        assert_eq!(
            EndgameTable::level_file_len(level, TableForm::Exact).expect("a level"),
            file.len() as u64
        );
        assert_eq!(resealed(file.clone()), *file);
    }
    assert_eq!(
        EndgameTable::file_len(4).expect("4 beans"),
        (32 + 2 + 8) + (32 + 156 + 8) + (32 + 2730 + 8)
    );
    let mut written = Vec::new();
    table.write(&mut written).expect("written");
    assert_eq!(written, stream(&files));
    assert_eq!(EndgameTable::read(written.as_slice()).expect("read"), table);

    // Every entry where the documentation puts it: South's boards first;
    // a board at its rank.
    for (file, beans) in files.iter().zip([0u8, 2, 4]) {
        let per_turn = board_count(beans);
        for board in boards(beans) {
            let rank = rank_of(&board);
            assert!(rank < per_turn);
            for (side, turn) in Player::ALL.into_iter().enumerate() {
                let at = 32 + side as u64 * per_turn + rank;
                let position = position(board, 72 - beans, turn);
                assert_eq!(
                    Some(file[at as usize]),
                    table.board_value(&position),
                    "{position}"
                );
            }
        }
    }
}

#[test]
fn an_odd_bean_limit_builds_the_even_table_below_it() {
    let odd = EndgameTable::build(Rules::default(), 5).expect("5 beans");
    assert_eq!(odd.beans(), 4);
    assert_eq!(
        odd,
        EndgameTable::build(Rules::default(), 4).expect("4 beans")
    );
    let mut written = Vec::new();
    odd.write(&mut written).expect("written");
    assert_eq!(EndgameTable::read(written.as_slice()).expect("read"), odd);
}

#[test]
fn a_truncated_table_is_an_error() {
    let (_, files) = small_files();
    let all = stream(&files);
    let third = files[0].len() + files[1].len();
    for len in [
        5,
        11,
        12,
        20,
        32,
        33,
        third + 5,
        third + 32,
        all.len() - 8,
        all.len() - 1,
    ] {
        let error = EndgameTable::read(&all[..len]).unwrap_err();
        assert!(
            matches!(error, TableError::Truncated { .. }),
            "{len}: {error}"
        );
    }
    let error = EndgameTable::read(&all[..all.len() - 1]).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "the table is truncated: it ends after {} bytes, but needs {}",
            all.len() - 1,
            all.len()
        )
    );
    // Cut between two levels, it is the table of the levels before.
    let lower = EndgameTable::read(&all[..third]).expect("levels 0 and 2");
    assert_eq!((lower.beans(), lower.entries()), (2, 2 + 156));
    // Nothing at all holds no level.
    let error = EndgameTable::read(&all[..0]).unwrap_err();
    assert!(
        matches!(error, TableError::MissingLevel { level: 0 }),
        "{error}"
    );
}

#[test]
fn a_table_with_a_bad_checksum_is_an_error() {
    let (_, [zero, two, mut four]) = small_files();
    // One value changed, still within its board's beans.
    four[32 + 5] ^= 2;
    let base = (zero.len() + two.len()) as u64;
    let error =
        EndgameTable::read(stream(&[zero.clone(), two.clone(), four]).as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Checksum { offset, len: 2730, .. } if offset == base + 32),
        "{error}"
    );
    assert!(
        error.to_string().starts_with(&format!(
            "the table is damaged in bytes {} to {}: their checksum is 0x",
            base + 32,
            base + 32 + 2729
        )),
        "{error}"
    );
    // A header field changed without its checksum.
    let mut two = two;
    two[14] = 4;
    let error = EndgameTable::read(stream(&[zero.clone(), two]).as_slice()).unwrap_err();
    let at = zero.len() as u64;
    assert!(
        matches!(error, TableError::Checksum { offset, len: 24, .. } if offset == at),
        "{error}"
    );
}

/// A level of several blocks (12 beans: 2,704,156 entries, three blocks),
/// every entry 0: read back, and a damaged or a missing block named by
/// its bytes.
#[test]
fn every_block_of_a_large_level_is_checked() {
    let count = 2 * board_count(12);
    assert_eq!(count, 2_704_156);
    let below = plain_levels(10);
    let entries = mover_gets_nothing(12);
    let head = header(12, 0);
    let level = file_of(&head, &entries);
    assert_eq!(
        level.len() as u64,
        EndgameTable::level_file_len(12, TableForm::Exact).expect("a level")
    );
    assert_eq!(level.len(), 32 + 2_704_156 + 3 * 8);
    let with = |level: &[u8]| [&below[..], level].concat();
    let table = EndgameTable::read(with(&level).as_slice()).expect("read");
    assert_eq!(
        (table.beans(), table.entries()),
        (12, EndgameTable::entries_for(12).expect("12 beans"))
    );

    // Block 2 (the third) begins after the header and two blocks with
    // their checksums.
    let base = below.len();
    let third = 32 + 2 * (BLOCK + 8);
    let mut damaged = level.clone();
    damaged[third + 1000] = 1;
    let error = EndgameTable::read(with(&damaged).as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Checksum { offset, len, .. }
            if offset == (base + third) as u64 && len == (count as usize - 2 * BLOCK) as u64),
        "{error}"
    );
    // Two blocks swapped: each checksum is seeded by its block's index.
    let mut swapped = entries.clone();
    swapped[BLOCK] = 2;
    let mut moved = file_of(&head, &swapped);
    let (first, rest) = moved[32..].split_at_mut(BLOCK + 8);
    first.swap_with_slice(&mut rest[..BLOCK + 8]);
    let error = EndgameTable::read(with(&moved).as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Checksum { offset, .. } if offset == (base + 32) as u64),
        "{error}"
    );
    // Cut inside the last block.
    let error = EndgameTable::read(with(&level[..third + 10]).as_slice()).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "the table is truncated: it ends after {} bytes, but needs {}",
            base + third + 10,
            base + level.len()
        )
    );
    // A value larger than its board in the second block: named at its
    // place in the stream, past the first block's checksum.
    let mut large = entries.clone();
    large[BLOCK + 5] = 13;
    let error = EndgameTable::read(with(&file_of(&head, &large)).as_slice()).unwrap_err();
    assert!(
        matches!(error, TableError::Corrupt { offset, .. }
            if offset == (base + 32 + BLOCK + 8 + 5) as u64),
        "{error}"
    );
}

#[test]
fn a_table_of_another_version_is_an_error() {
    // A file of version 1, as this crate wrote it before: the header and
    // the entries, one FNV-1a checksum over both.
    let (_, files) = small_files();
    let entries: Vec<u8> = files.iter().flat_map(|file| entries_of(file)).collect();
    let mut old = b"BOHNTAB\n".to_vec();
    old.extend_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(&[0, 0, 4, 0]);
    old.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    let fnv = old
        .iter()
        .chain(&entries)
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    old.extend_from_slice(&fnv.to_le_bytes());
    old.extend_from_slice(&entries);
    // Version 2: all levels in one file, blocks with their XXH3.
    let mut head = old[..24].to_vec();
    head[8..12].copy_from_slice(&2u32.to_le_bytes());
    let two = file_of(&head, &entries);
    for (found, bytes) in [(1, &old[..]), (1, &old[..12]), (2, &two[..])] {
        let error = EndgameTable::read(bytes).unwrap_err();
        assert!(
            matches!(error, TableError::Version { found: f, supported: 3 } if f == found),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            format!(
                "the table has format version {found}; this version reads only 3 (build the table again)"
            )
        );
    }
}

#[test]
fn a_file_that_is_no_table_and_bad_fields_are_errors() {
    let error = EndgameTable::read(&b"[Event \"x\"]\n1. 4 10\n"[..]).unwrap_err();
    assert!(matches!(error, TableError::NotATable), "{error}");

    let (_, [zero, two, _]) = small_files();
    let base = zero.len() as u64;
    let corrupt = |at: usize, value: u8| {
        let mut two = two.clone();
        two[at] = value;
        EndgameTable::read(stream(&[zero.clone(), resealed(two)]).as_slice()).unwrap_err()
    };
    let at = |offset: u64| offset + base;
    assert!(matches!(corrupt(12, 7), TableError::Corrupt { offset, .. } if offset == at(12)));
    assert!(matches!(corrupt(13, 3), TableError::Corrupt { offset, .. } if offset == at(13)));
    assert!(matches!(corrupt(15, 2), TableError::Corrupt { offset, .. } if offset == at(15)));
    assert!(matches!(corrupt(14, 3), TableError::Corrupt { offset, .. } if offset == at(14)));
    // A level above the largest supported is refused before allocating.
    assert!(matches!(
        corrupt(14, 200),
        TableError::TooManyBeans {
            beans: 200,
            max: 24
        }
    ));
    // Another level than the number of entries says.
    let error = corrupt(14, 6);
    assert!(
        matches!(
            error,
            TableError::EntryCount {
                level: 6,
                found: 156,
                expected: 24752
            }
        ),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "the header of level 6 announces 156 entries, but the level has 24752"
    );
    // A value larger than the beans on its board (2 beans, the first board).
    let error = corrupt(32, 3);
    assert!(
        matches!(error, TableError::Corrupt { offset, .. } if offset == at(32)),
        "{error}"
    );
    // The stream goes on after its last level with something else.
    let longer = stream(&[zero.clone(), two.clone(), vec![0]]);
    let error = EndgameTable::read(longer.as_slice()).unwrap_err();
    assert!(matches!(error, TableError::NotATable), "{error}");
}

/// Writes `files` (name, bytes) into a new directory.
/// The table at `path` once every level is read.
fn read_in_full(path: &std::path::Path) -> Result<EndgameTable, TableError> {
    let table = EndgameTable::open(path)?;
    table.wait_loaded()?;
    Ok(table)
}

fn directory(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a directory");
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).expect("written");
    }
    dir
}

#[test]
fn a_table_saved_as_level_files_opens_again_and_grows_level_by_level() {
    let rules = rules(Variant::Hemprich, EndlessPlay::Split);
    let table = EndgameTable::build(rules, 8).expect("built");
    let dir = tempfile::tempdir().expect("a directory");
    let written = table
        .save(dir.path(), 0..=8, TableForm::Exact)
        .expect("saved");
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("listed")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "hemprich-split-L00.table",
            "hemprich-split-L02.table",
            "hemprich-split-L04.table",
            "hemprich-split-L06.table",
            "hemprich-split-L08.table"
        ]
    );
    assert_eq!(read_in_full(dir.path()).expect("opened"), table);
    // In any order.
    let reversed: Vec<_> = written.iter().rev().cloned().collect();
    let opened = EndgameTable::open_files(&reversed).expect("opened");
    opened.wait_loaded().expect("read");
    assert_eq!(opened, table);

    // Level 10, built from the files of the levels below it only, is the
    // level a build of all at once gives, byte for byte.
    let lower: Vec<_> = written[..5].to_vec();
    let mut grown = EndgameTable::open_files(&lower).expect("opened");
    let report = grown
        .build_next(std::num::NonZeroUsize::MIN)
        .expect("built");
    assert_eq!((report.beans, report.positions), (10, 2 * board_count(10)));
    let whole = EndgameTable::build(rules, 10).expect("built");
    let file = |table: &EndgameTable| {
        let mut file = Vec::new();
        table
            .write_level(10, TableForm::Exact, &mut file)
            .expect("written");
        file
    };
    assert_eq!(file(&grown), file(&whole));
    assert_eq!(grown, whole);
}

#[test]
fn a_set_of_levels_that_does_not_fit_together_is_an_error() {
    let (_, [zero, two, four]) = small_files();
    let name = |level: u8| EndgameTable::level_file_name(Rules::default(), level, TableForm::Exact);
    let open = |files: &[(&str, &[u8])]| {
        let dir = directory(files);
        read_in_full(dir.path()).unwrap_err()
    };
    let (n0, n2, n4) = (name(0), name(2), name(4));
    assert_eq!(n4, "standard-own-side-L04.table");

    // A level missing below the top, or no level 0.
    let error = open(&[(&n0, &zero), (&n4, &four)]);
    assert!(
        matches!(error, TableError::File { ref source, .. }
        if matches!(**source, TableError::MissingLevel { level: 2 })),
        "{error}"
    );
    assert!(error.to_string().ends_with(
        "standard-own-side-L04.table: the level of 2 beans is missing: a table needs the files of every even level from 0 up"
    ), "{error}");
    let error = open(&[(&n2, &two), (&n4, &four)]);
    assert!(
        error.to_string().ends_with(
            "the level of 0 beans is missing: a table needs the files of every even level from 0 up"
        ),
        "{error}"
    );
    let error = open(&[]);
    assert!(
        matches!(error, TableError::MissingLevel { level: 0 }),
        "{error}"
    );

    // A level twice, under another name.
    let error = open(&[(&n0, &zero), (&n2, &two), ("copy-L02.table", &two)]);
    assert!(
        matches!(error, TableError::File { ref source, .. }
        if matches!(**source, TableError::DuplicateLevel { level: 2 })),
        "{error}"
    );

    // A level built for other rules.
    let split = rules(Variant::Standard, EndlessPlay::Split);
    let other = EndgameTable::build(split, 2).expect("built");
    let mut other_two = Vec::new();
    other
        .write_level(2, TableForm::Exact, &mut other_two)
        .expect("written");
    let error = open(&[(&n0, &zero), (&n2, &other_two)]);
    assert!(
        error.to_string().ends_with(
            "standard-own-side-L02.table: the level of 2 beans was built for the rules \"standard; endless=split\", the levels below it for \"standard\""
        ),
        "{error}"
    );

    // A level in the 2-bit form among exact ones.
    let mut wdl_two = Vec::new();
    EndgameTable::build(Rules::default(), 2)
        .expect("built")
        .write_level(2, TableForm::Wdl, &mut wdl_two)
        .expect("written");
    let error = open(&[(&n0, &zero), (&n2, &wdl_two)]);
    assert!(
        matches!(error, TableError::File { ref source, .. }
        if matches!(**source, TableError::Form { found: TableForm::Wdl, expected: TableForm::Exact })),
        "{error}"
    );

    // A file cut short, and bytes after the last block, are named.
    let error = open(&[(&n0, &zero), (&n2, &two[..40])]);
    assert!(
        error
            .to_string()
            .contains("standard-own-side-L02.table: the table is truncated"),
        "{error}"
    );
    let mut longer = two.clone();
    longer.push(0);
    // Both found while the entries are read, after the headers.
    let error = open(&[(&n0, &zero), (&n2, &longer)]);
    assert!(
        matches!(&error, TableError::Load { source }
        if matches!(&**source, TableError::File { source, .. }
            if matches!(**source, TableError::Corrupt { offset: 196, .. }))),
        "{error}"
    );

    // Files that are not named as levels are not read.
    let dir = directory(&[
        (&n0, &zero),
        (&n2, &two),
        ("notes.txt", b"x"),
        ("old.table", b"x"),
    ]);
    let table = EndgameTable::open(dir.path()).expect("opened");
    assert_eq!(table.beans(), 2);
}

#[test]
fn a_full_disk_is_an_io_error_and_leaves_no_file() {
    let (table, _) = small_files();
    let full = std::path::Path::new("/dev/full");
    if full.exists() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(full)
            .expect("opened");
        let error = table
            .write_level(4, TableForm::Exact, std::io::BufWriter::new(file))
            .unwrap_err();
        assert!(
            matches!(&error, TableError::Io(io) if io.kind() == std::io::ErrorKind::StorageFull),
            "{error:?}"
        );
    }
    // A directory that cannot be written: the save fails, naming the file.
    let dir = tempfile::tempdir().expect("a directory");
    let missing = dir.path().join("missing");
    let error = table.save(&missing, 0..=4, TableForm::Exact).unwrap_err();
    assert!(
        matches!(error, TableError::File { ref source, .. }
        if matches!(**source, TableError::Io(_))),
        "{error}"
    );
    assert!(!missing.exists());
    // A level the table does not hold.
    let error = table
        .write_level(6, TableForm::Exact, Vec::new())
        .unwrap_err();
    assert!(
        matches!(error, TableError::MissingLevel { level: 6 }),
        "{error}"
    );
}

/// The 2-bit form, decoded as the documentation says, against the exact
/// form on every position of every level up to 10 beans; and the
/// outcomes both forms give.
#[test]
fn the_two_bit_form_agrees_with_the_exact_form_on_every_position() {
    for (variant, endless_play, top) in [
        (Variant::Standard, EndlessPlay::OwnSide, 10),
        (Variant::Hemprich, EndlessPlay::LastMover, 6),
    ] {
        let rules = rules(variant, endless_play);
        let exact = EndgameTable::build(rules, top).expect("built");
        let dir = tempfile::tempdir().expect("a directory");
        let written = exact
            .save(dir.path(), 0..=top, TableForm::Wdl)
            .expect("saved");
        let wdl = WdlTable::open(dir.path()).expect("opened");
        assert_eq!((wdl.rules(), wdl.beans()), (rules, top));
        let mut bytes = 0;
        let mut checked = 0u64;
        for (level, path) in (0..=top).step_by(2).zip(&written) {
            let file = std::fs::read(path).expect("read");
            assert_eq!(file[..24], {
                let mut head = header(level, 1);
                head[12] = u8::from(variant == Variant::Hemprich);
                head[13] = u8::from(endless_play == EndlessPlay::LastMover);
                head
            });
            let packed = entries_of(&file);
            let count = 2 * board_count(level);
            assert_eq!(packed.len() as u64, count.div_ceil(4));
            bytes += packed.len() as u64;
            let per_turn = board_count(level);
            for (n, board) in boards(level).into_iter().enumerate() {
                for (side, turn) in Player::ALL.into_iter().enumerate() {
                    let south = 2 * (n % (usize::from(72 - level) / 2 + 1)) as u8;
                    let position = position(board, south, turn);
                    let value = exact.board_value(&position).expect("covered");
                    let want = match (2 * value).cmp(&level) {
                        std::cmp::Ordering::Less => bohnenspiel::Outcome::Decisive {
                            winner: Player::North,
                        },
                        std::cmp::Ordering::Equal => bohnenspiel::Outcome::Draw,
                        std::cmp::Ordering::Greater => bohnenspiel::Outcome::Decisive {
                            winner: Player::South,
                        },
                    };
                    assert_eq!(wdl.board_outcome(&position), Some(want), "{position}");
                    assert_eq!(exact.board_outcome(&position), Some(want), "{position}");
                    // The outcome of the game: the exact form's always,
                    // the 2-bit form's the same whenever it gives one.
                    let game = exact.value(&position).expect("covered").outcome();
                    assert_eq!(exact.outcome(&position), Some(game));
                    if let Some(outcome) = wdl.outcome(&position) {
                        assert_eq!(outcome, game, "{position}");
                    }
                    if position.stores().south == position.stores().north {
                        assert_eq!(wdl.outcome(&position), Some(game), "{position}");
                    }
                    // The entry where the documentation puts it: 2 bits
                    // at its index, the first in the lowest bits.
                    let index = side * per_turn as usize + rank_of(&board) as usize;
                    let code = packed[index / 4] >> (2 * (index % 4)) & 3;
                    assert_eq!(
                        code,
                        ((2 * value).cmp(&level) as i8 + 1) as u8,
                        "{position}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, exact.entries());
        assert_eq!(wdl.bytes(), bytes);
        // Beyond the table.
        let beyond = position([2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0], 30, Player::South);
        assert_eq!(wdl.board_outcome(&beyond), None);
        assert_eq!(wdl.outcome(&beyond), None);
    }
}

#[test]
fn a_table_for_other_rules_is_refused_by_the_solver() {
    let (table, _) = small_files();
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
        repetition_ends_at: Some(3),
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

/// Random positions with `beans` beans on the board.
fn random_positions(rng: &mut Rng, beans: u8, count: usize) -> Vec<Position> {
    (0..count)
        .map(|_| {
            let mut board = [0u8; 12];
            for _ in 0..beans {
                board[rng.below(12)] += 1;
            }
            let south = 2 * rng.below(usize::from(72 - beans) / 2 + 1) as u8;
            position(board, south, Player::ALL[rng.below(2)])
        })
        .collect()
}

#[test]
fn a_table_opened_from_its_files_serves_each_level_once_it_is_read() {
    let rules = rules(Variant::Standard, EndlessPlay::OwnSide);
    let built = EndgameTable::build(rules, 10).expect("built");
    let dir = tempfile::tempdir().expect("a directory");
    built
        .save(dir.path(), 0..=10, TableForm::Exact)
        .expect("saved");
    let opened = EndgameTable::open(dir.path()).expect("opened");
    assert_eq!(
        (opened.beans(), opened.entries(), opened.rules()),
        (built.beans(), built.entries(), built.rules())
    );
    // While the levels are read, every value given is the built table's.
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut given = 0;
    for beans in (0..=10).step_by(2) {
        for position in random_positions(&mut rng, beans, 200) {
            if let Some(value) = opened.board_value(&position) {
                assert_eq!(Some(value), built.board_value(&position), "{position}");
                given += 1;
            }
        }
    }
    opened.wait_loaded().expect("every level read");
    assert!(matches!(opened.loaded(), Ok(true)));
    assert_eq!(opened, built, "{given} values given while reading");
    // Against the solver, through the levels read apart.
    let mut solver = Solver::new(rules);
    assert_eq!(agree_on_level(&mut solver, &opened, 4), 2 * 1365);
}

#[test]
fn a_level_damaged_is_reported_when_read_and_the_levels_below_still_serve() {
    let rules = Rules::default();
    let built = EndgameTable::build(rules, 8).expect("built");
    let dir = tempfile::tempdir().expect("a directory");
    built
        .save(dir.path(), 0..=8, TableForm::Exact)
        .expect("saved");
    let eight = dir
        .path()
        .join(EndgameTable::level_file_name(rules, 8, TableForm::Exact));
    let mut bytes = std::fs::read(&eight).expect("a level");
    bytes[32 + 100] ^= 1;
    std::fs::write(&eight, &bytes).expect("written");

    // The headers are sound: the table opens, and the damage is found
    // when level 8 is read.
    let opened = EndgameTable::open(dir.path()).expect("opened");
    let error = opened.wait_loaded().unwrap_err();
    assert!(
        matches!(&error, TableError::Load { source }
            if matches!(&**source, TableError::File { path, source }
                if *path == eight && matches!(**source, TableError::Checksum { offset: 32, .. }))),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("the table could not be read in full: "),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains("standard-own-side-L08.table: the table is damaged in bytes 32 to "),
        "{error}"
    );
    // Said again to whoever asks, never a value from the damaged level.
    assert!(matches!(opened.loaded(), Err(TableError::Load { .. })));
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for position in random_positions(&mut rng, 6, 100) {
        assert_eq!(opened.board_value(&position), built.board_value(&position));
        assert!(opened.board_value(&position).is_some());
    }
    let eights = random_positions(&mut rng, 8, 20);
    for position in &eights {
        assert_eq!(opened.board_value(position), None, "{position}");
    }
    // The solver with what is left gives the values it gives without a
    // table.
    let mut plain = Solver::new(rules);
    let mut tabled = Solver::new(rules)
        .with_table(Arc::new(opened))
        .expect("same rules");
    for position in &eights[..5] {
        let without = plain.solve(position, &[]).expect("solved");
        let with = tabled.solve(position, &[]).expect("solved");
        assert_eq!(
            (with.value, &with.moves, &with.line),
            (without.value, &without.moves, &without.line),
            "{position}"
        );
    }
}

#[test]
fn solving_with_a_table_still_being_read_gives_the_same_values() {
    let built = EndgameTable::build(Rules::default(), 8).expect("built");
    let dir = tempfile::tempdir().expect("a directory");
    built
        .save(dir.path(), 0..=8, TableForm::Exact)
        .expect("saved");
    let gentlemen: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse().expect("valid");
    let without = Solver::new(Rules::default())
        .solve(&gentlemen, &[])
        .expect("solved");
    // Solved at once after opening, whatever the levels read by then.
    let opened = EndgameTable::open(dir.path()).expect("opened");
    let mut tabled = Solver::new(Rules::default())
        .with_table(opened.clone())
        .expect("same rules");
    let with = tabled.solve(&gentlemen, &[]).expect("solved");
    assert_eq!(
        (with.value, &with.moves, &with.line),
        (without.value, &without.moves, &without.line)
    );
    opened.wait_loaded().expect("read");
}
