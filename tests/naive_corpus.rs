//! A corpus of random games played out to their natural end by the naive
//! rules of `tests/naive/` (not the crate's `Game`), with no regard for
//! repetition: positions come back in many of them, and the games go on.
//! Written in both layouts, every game must validate with no error or
//! warning, through both validation paths, and end with the naive score.

mod naive;

use std::fmt::Write as _;

use bohnenspiel::notation::{RecordReader, parse_records};
use bohnenspiel::validate::{Options, Severity, Validator, validate};
use naive::{Board, Rng};

/// One naive game: each ply's hole and captures, the final score, and
/// whether a position (board, stores, player to move) came back.
struct NaiveGame {
    plies: Vec<(usize, Vec<(usize, u32)>)>,
    score: (u32, u32),
    repeated: bool,
}

/// Plays random moves from the opening until the player to move has no
/// beans; `None` if that takes more than `limit` plies.
fn naive_game(rng: &mut Rng, limit: usize) -> Option<NaiveGame> {
    let mut board = Board::opening();
    let mut seen = vec![board.clone()];
    let mut plies = Vec::new();
    let mut repeated = false;
    loop {
        if let Some(score) = board.final_score() {
            return Some(NaiveGame {
                plies,
                score,
                repeated,
            });
        }
        if plies.len() >= limit {
            return None;
        }
        let moves = board.moves();
        let hole = moves[rng.below(moves.len())];
        let (next, captures) = board.play(hole);
        board = next;
        repeated |= seen.contains(&board);
        seen.push(board.clone());
        plies.push((hole, captures));
    }
}

/// A capture annotation as the naive side phrases it: `2 from 8`, or
/// `4 from 10 plus 2 from 9` for a chain.
fn annotation(captures: &[(usize, u32)]) -> String {
    captures
        .iter()
        .map(|(hole, beans)| format!("{beans} from {hole}"))
        .collect::<Vec<_>>()
        .join(" plus ")
}

/// The game as a record, inline (`4,8; 6,12 (2 from 8); …`) or in
/// numbered rows, with its `Result` tag.
fn record(number: usize, game: &NaiveGame, numbered: bool) -> String {
    let (south, north) = game.score;
    let mut text = format!("[Event \"Naive game {number}\"]\n[Result \"{south}:{north}\"]\n\n");
    for (i, (hole, captures)) in game.plies.iter().enumerate() {
        let south_turn = i % 2 == 0;
        if numbered {
            if south_turn {
                let _ = write!(text, "{}. ", i / 2 + 1);
            } else {
                text.push_str("   ");
            }
        } else if i > 0 {
            text.push_str(if south_turn { "; " } else { ", " });
        }
        let _ = write!(text, "{hole}");
        if !captures.is_empty() {
            let _ = write!(text, " ({})", annotation(captures));
        }
        if numbered && !south_turn {
            text.push('\n');
        }
    }
    text.push_str("\n\n");
    text
}

#[test]
fn naive_games_validate_with_their_naive_scores() {
    const GAMES: usize = 400;
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut games = Vec::new();
    let (mut repeating, mut plain, mut generated, mut repeating_generated, mut too_long) =
        (0, 0, 0, 0, 0);
    // Keep every game that repeats a position, and as many that do not:
    // a good share of the corpus repeats.
    while games.len() < GAMES {
        let Some(game) = naive_game(&mut rng, 2_000) else {
            too_long += 1;
            continue;
        };
        generated += 1;
        repeating_generated += usize::from(game.repeated);
        if game.repeated {
            repeating += 1;
        } else if plain < GAMES / 2 {
            plain += 1;
        } else {
            continue;
        }
        games.push(game);
    }
    assert!(
        repeating >= GAMES / 2,
        "{repeating} of {GAMES} repeat a position"
    );
    for numbered in [false, true] {
        let text: String = games
            .iter()
            .enumerate()
            .map(|(n, game)| record(n + 1, game, numbered))
            .collect();
        // The full replay, on parsed trees.
        let parsed = parse_records(&text);
        assert_eq!(parsed.len(), GAMES);
        for (record, game) in parsed.iter().zip(&games) {
            let report = validate(record, &Options::default());
            let problems: Vec<String> = report
                .findings
                .iter()
                .filter(|f| f.severity != Severity::Note)
                .map(|f| format!("{}: {}", f.location, f.message))
                .collect();
            assert!(problems.is_empty(), "{}\n{problems:?}", record.source);
            let score = report.final_score().expect("over");
            assert_eq!(
                (u32::from(score.south), u32::from(score.north)),
                game.score,
                "{}",
                record.source
            );
            assert_eq!(report.main_line.plies.len(), game.plies.len());
        }
        // The streaming path: every game is checked without a tree.
        let options = Options {
            keep_plies: false,
            ..Options::default()
        };
        let mut count = 0;
        for (validated, game) in
            Validator::new(RecordReader::new(text.as_bytes()), options).zip(&games)
        {
            let validated = validated.expect("read from memory");
            assert!(validated.report.findings.is_empty());
            assert!(validated.parsed.is_none(), "checked without a tree");
            let score = validated.report.final_score().expect("over");
            assert_eq!((u32::from(score.south), u32::from(score.north)), game.score);
            count += 1;
        }
        assert_eq!(count, GAMES);
    }
    eprintln!(
        "{repeating} of the {GAMES} games kept repeat a position; of the {generated} played out, {repeating_generated} did; {too_long} passed 2,000 plies and were left out"
    );
}
