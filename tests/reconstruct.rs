//! `analysis::reconstruct` against plain enumeration: every board of a
//! few beans validated one by one, and every pair of stores solved; and
//! the published start of "The Gentlemen".

mod naive;

use bohnenspiel::analysis::reconstruction::StatedEnd;
use bohnenspiel::analysis::{
    Analyser, AnalysisError, Limits, ReconstructOptions, Solver, Verdict, reconstruct,
};
use bohnenspiel::notation::{ParsedRecord, parse_records};
use bohnenspiel::validate::{self, FindingKind, Options, Severity};
use bohnenspiel::{Game, Move, Outcome, Player, Position, Rules, Score, Setup, Variant};

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// Every board with an even number of beans from 2 to `limit`, in
/// increasing order.
fn all_boards(limit: u8) -> Vec<[u8; 12]> {
    fn fill(h: usize, left: u8, board: &mut [u8; 12], out: &mut Vec<[u8; 12]>) {
        if h == 12 {
            let beans: u8 = board.iter().sum();
            if beans > 0 && beans.is_multiple_of(2) {
                out.push(*board);
            }
            return;
        }
        for v in 0..=left {
            board[h] = v;
            fill(h + 1, left - v, board, out);
        }
        board[h] = 0;
    }
    let mut out = Vec::new();
    fill(0, limit, &mut [0; 12], &mut out);
    out.sort_unstable();
    out
}

fn start(board: [u8; 12], south: u8) -> Option<Position> {
    let beans: u8 = board.iter().sum();
    Position::from_setup(Setup {
        board,
        stores: Score::new(south, 72u8.checked_sub(beans + south)?),
        turn: Player::South,
    })
    .ok()
}

/// The boards on which the record's lines pass the validator: the naive
/// first filter.
/// `options` with the record replayed from `start`.
fn from(start: Position, options: &Options) -> Options {
    Options {
        start: Some(start),
        ..*options
    }
}

fn naive_boards(parsed: &ParsedRecord, options: &validate::Options, limit: u8) -> Vec<[u8; 12]> {
    all_boards(limit)
        .into_iter()
        .filter(|&board| {
            let beans: u8 = board.iter().sum();
            start(board, 72 - beans).is_some_and(|position| {
                !validate::validate(parsed, &from(position, options))
                    .findings
                    .iter()
                    .any(|f| f.severity == Severity::Error && f.kind != FindingKind::ResultMismatch)
            })
        })
        .collect()
}

/// The positions whose value agrees with `end` (every pair of stores
/// solved), that validate without error, whose moves that keep the value
/// are the `first` moves, and, of those, the ones on which the fewest
/// judgements are contradicted: the naive last filters.
fn naive_positions(
    parsed: &ParsedRecord,
    options: &validate::Options,
    boards: &[[u8; 12]],
    end: StatedEnd,
    first: &[u8],
) -> Vec<Position> {
    let mut solver = Solver::new(options.rules);
    let mut analyser = Analyser::new(*options, Limits::nodes(Solver::DEFAULT_NODES));
    let mut judged = Vec::new();
    for &board in boards {
        let beans: u8 = board.iter().sum();
        for south in (0..=72 - beans).step_by(2) {
            let Some(position) = start(board, south) else {
                continue;
            };
            let Ok(solution) = solver.solve(&position, &[]) else {
                continue;
            };
            let mut keeping: Vec<u8> = solution
                .moves
                .iter()
                .filter(|&&(_, value)| value == solution.value)
                .map(|&(mv, _)| mv.hole().number())
                .collect();
            keeping.sort_unstable();
            if end.agrees(solution.value)
                && !validate::validate(parsed, &from(position, options)).has_errors()
                && keeping == first
                && let Ok(analysis) = analyser.analyse_from(parsed, position)
            {
                judged.push((position, analysis.count(Verdict::Contradicted)));
            }
        }
    }
    let fewest = judged.iter().map(|&(_, n)| n).min().unwrap_or(0);
    judged
        .into_iter()
        .filter(|&(_, n)| n == fewest)
        .map(|(position, _)| position)
        .collect()
}

fn options(beans: u8) -> ReconstructOptions {
    ReconstructOptions {
        beans,
        ..ReconstructOptions::default()
    }
}

fn setups(positions: &[Position]) -> Vec<String> {
    positions.iter().map(ToString::to_string).collect()
}

/// Checks `reconstruct` on `text` against the naive filters, `first`
/// being the record's first moves (hole numbers, in order).
fn agrees_with_enumeration(
    text: &str,
    options: &ReconstructOptions,
    end: StatedEnd,
    first: &[u8],
) -> TestResult {
    let games = parse_records(text);
    let parsed = games.first().ok_or("no record")?;
    let found = reconstruct(parsed, options)?;
    let validation = validate::Options {
        keep_plies: false,
        ..options.validation
    };
    let boards = naive_boards(parsed, &validation, options.beans);
    assert_eq!(found.boards, boards, "{text}");
    let positions = naive_positions(parsed, &validation, &boards, end, first);
    assert_eq!(setups(&found.positions), setups(&positions), "{text}");
    assert_eq!(found.end, end);
    Ok(())
}

fn score(south: u8, north: u8) -> StatedEnd {
    StatedEnd::Score(Score::new(south, north))
}

#[test]
fn a_hand_made_problem_gives_the_boards_it_allows() -> TestResult {
    // South's 6 takes 2 from 7 and leaves North without beans: only hole
    // 6 with 1 and hole 7 with 1, or the same with beans elsewhere that
    // North's replies do not reach.
    let text = "[Event \"South to move and draw\"]\n\n1. 6 (2 from 7)\n";
    let games = parse_records(text);
    let parsed = games.first().ok_or("no record")?;
    let found = reconstruct(parsed, &options(4))?;
    let all = setups(&found.positions);
    assert!(
        all.contains(&"0,0,0,0,0,1/1,0,0,0,0,0 34:36 S".to_owned()),
        "{all:?}"
    );
    for position in &found.positions {
        // Hole 6 and hole 7 hold 1 bean each; nothing else is forced.
        assert_eq!((position.board()[5], position.board()[6]), (1, 1));
    }
    assert_eq!(found.setup_ignored, None);
    let draw = StatedEnd::Stipulation {
        player: Player::South,
        outcome: Outcome::Draw,
        beans: None,
    };
    agrees_with_enumeration(text, &options(4), draw, &[6])
}

#[test]
fn variations_branch_where_the_validator_branches_them() -> TestResult {
    // Variation (A) replaces South's first move; (B) replaces North's 2nd
    // row and is replayed after the main line's first row.
    let text = "[Result \"36:36\"]\n\n1. 1 (A)  7\n2. 2  8 (B)\n(A)\n1. 2  7\n(B)\n2. 3  9\n";
    agrees_with_enumeration(text, &options(6), score(36, 36), &[1, 2])
}

#[test]
fn a_ply_without_annotation_captures_nothing_only_when_strict() -> TestResult {
    let text = "[Result \"36:36\"]\n\n1. 5  7\n2. 6\n";
    agrees_with_enumeration(text, &options(5), score(36, 36), &[5])?;
    let mut strict = options(5);
    strict.validation.strict = true;
    agrees_with_enumeration(text, &strict, score(36, 36), &[5])?;
    let games = parse_records(text);
    let parsed = games.first().ok_or("no record")?;
    let lenient = reconstruct(parsed, &options(5))?;
    let strict = reconstruct(parsed, &strict)?;
    assert!(strict.boards.len() < lenient.boards.len());
    assert!(strict.boards.iter().all(|b| lenient.boards.contains(b)));
    Ok(())
}

#[test]
fn the_hemprich_variant_lets_a_player_without_beans_pass() -> TestResult {
    // North has no beans after South's 6: a pass, then South again.
    let text = "[Rules \"hemprich\"]\n[Result \"36:36\"]\n\n1. 6  -\n2. 5\n";
    let mut hemprich = options(4);
    hemprich.validation.rules.variant = Variant::Hemprich;
    agrees_with_enumeration(text, &hemprich, score(36, 36), &[6])?;
    let games = parse_records(text);
    let found = reconstruct(games.first().ok_or("no record")?, &hemprich)?;
    assert!(!found.boards.is_empty());
    Ok(())
}

/// A numbered record of `plies` random plies from `start`, each capture
/// annotated, with the game's value as its `Result`.
fn random_record(
    rng: &mut naive::Rng,
    start: Position,
    plies: usize,
) -> Option<(String, Score, u8)> {
    let mut game = Game::new(start, Rules::default());
    let mut written = Vec::new();
    let mut first = None;
    for _ in 0..plies {
        let moves: Vec<Move> = game.legal_moves().into_iter().collect();
        if moves.is_empty() || game.is_over() {
            break;
        }
        let index = rng.below(moves.len());
        let mv = *moves.get(index)?;
        let captures = game.play(mv).ok()?;
        first = first.or(Some(mv.hole().number()));
        written.push(if captures.is_empty() {
            mv.to_string()
        } else {
            format!("{mv} ({captures})")
        });
    }
    if written.len() < 2 {
        return None;
    }
    let value = Solver::new(Rules::default()).value(&start, &[]).ok()?;
    let rows: Vec<String> = written
        .chunks(2)
        .zip(1..)
        .map(|(pair, n)| format!("{n}. {}", pair.join("  ")))
        .collect();
    Some((
        format!("[Result \"{value}\"]\n\n{}\n", rows.join("\n")),
        value,
        first?,
    ))
}

#[test]
fn random_games_give_their_start_and_what_enumeration_gives() -> TestResult {
    let mut rng = naive::Rng(0x9e37_79b9_7f4a_7c15);
    let boards = all_boards(4);
    let mut checked = 0;
    while checked < 4 {
        let board = boards[rng.below(boards.len())];
        let beans: u8 = board.iter().sum();
        let Some(position) = start(board, (72 - beans) / 4 * 2) else {
            continue;
        };
        let Some((text, value, first)) = random_record(&mut rng, position, 4) else {
            continue;
        };
        let games = parse_records(&text);
        let found = reconstruct(games.first().ok_or("no record")?, &options(4))?;
        assert!(found.boards.contains(&board), "{text}");
        // The stores and the first moves need not keep it: the random
        // first move need not be the only one that keeps the value.
        agrees_with_enumeration(&text, &options(4), StatedEnd::Score(value), &[first])?;
        checked += 1;
    }
    Ok(())
}

#[test]
fn the_gentlemen_gives_exactly_its_published_board() -> TestResult {
    let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt")?;
    let games = parse_records(&text);
    let parsed = games.first().ok_or("no record")?;
    let found = reconstruct(parsed, &options(19))?;
    assert_eq!(
        found.setup_ignored.as_deref(),
        Some("0,1,0,0,2,1/0,0,3,0,0,1 34:30 S")
    );
    assert!(matches!(found.end, StatedEnd::Stipulation { .. }));
    assert!(found.end.agrees(Score::new(36, 36)));
    assert_eq!(
        setups(&found.positions),
        ["0,1,0,0,2,1/0,0,3,0,0,1 34:30 S"]
    );
    // 44 boards allow the lines (as problems.md's search found 4 when a
    // ply without annotation captured nothing but the last, which the
    // validator does not require); the first moves leave one.
    let kept = [
        found.lines.kept,
        found.stores.kept,
        found.first_moves.kept,
        found.judgements.kept,
    ];
    assert_eq!(
        kept,
        [44, 44, 1, 1],
        "lines, stores, first moves, judgements"
    );
    // The one published judgement the solver contradicts there: in (A),
    // 2 draws as well as 5.
    let claims: Vec<&str> = found
        .contradicted
        .iter()
        .flatten()
        .map(|j| j.claim.as_str())
        .collect();
    assert_eq!(claims, ["2. 5!!"]);
    Ok(())
}

#[test]
fn bad_input_is_a_typed_error() -> TestResult {
    let games = parse_records("[Event \"South to move and draw\"]\n\n1. 5\n");
    let parsed = games.first().ok_or("no record")?;
    assert_eq!(
        reconstruct(parsed, &options(73)),
        Err(AnalysisError::BeanLimit { beans: 73 })
    );
    let too_many = ReconstructOptions {
        max_boards: u64::MAX,
        ..options(4)
    };
    assert!(matches!(
        reconstruct(parsed, &too_many),
        Err(AnalysisError::BoardLimit { .. })
    ));
    // One ply allows almost every board of 24 beans.
    let few = ReconstructOptions {
        max_boards: 1000,
        ..options(24)
    };
    assert_eq!(
        reconstruct(parsed, &few),
        Err(AnalysisError::TooManyBoards {
            max_boards: 1000,
            beans: 24
        })
    );
    let no_end = parse_records("1. 5  7\n");
    assert_eq!(
        reconstruct(no_end.first().ok_or("no record")?, &options(4)),
        Err(AnalysisError::NoEnd)
    );
    // Tags without moves are a syntax error; a record built without
    // moves says nothing.
    let mut no_moves = parsed.clone();
    no_moves.record.movetext = Default::default();
    assert_eq!(
        reconstruct(&no_moves, &options(4)),
        Err(AnalysisError::NoMoves)
    );
    let syntax = parse_records("[Result \"36:36\"]\n\n1. 13  7\n");
    let error = reconstruct(syntax.first().ok_or("no record")?, &options(4)).err();
    assert!(
        matches!(
            error,
            Some(AnalysisError::Syntax {
                line: 3,
                column: 4,
                ..
            })
        ),
        "{error:?}"
    );
    Ok(())
}

/// The rows of a game in which one bean each goes round for ever, six
/// holes apart, from `first` on (row 1: South sows 5, North 11).
fn round_rows(first: usize, count: usize) -> Vec<(usize, u8, u8)> {
    let round = [(5, 11), (6, 12), (1, 7), (2, 8), (3, 9), (4, 10)];
    (first..first + count)
        .map(|row| {
            let (south, north) = round[(row - 1) % round.len()];
            (row, south, north)
        })
        .collect()
}

/// Records too large for the search are refused, with the limit, before
/// it runs: many variations each branching a row later from one long
/// line (their lines, each counted from the start, hold about N²/2
/// moves), and a game that constrains the board too little for every
/// board it allows to be validated.
#[test]
fn records_too_large_for_the_search_are_refused_with_its_limits() -> TestResult {
    // The documented limits of the search.
    const MAX_LINE_MOVES: u64 = 100_000;
    const MAX_REPLAYED_PLIES: u64 = 50_000_000;
    let label = |i: usize| {
        let letters = [(i / 26) % 26, i % 26].map(|k| char::from(b'A' + k as u8));
        letters.iter().collect::<String>()
    };
    let mut text = "[Result \"36:36\"]\n\n".to_owned();
    let rows = round_rows(1, 450);
    for &(row, south, north) in &rows {
        text.push_str(&format!("{row}. {south} ({}) {north}\n", label(row)));
    }
    for &(row, south, north) in &round_rows(2, 450) {
        text.push_str(&format!("({})\n{row}. {south} {north}\n", label(row - 1)));
    }
    let games = parse_records(&text);
    let parsed = games.first().ok_or("no record")?;
    assert_eq!(parsed.record.movetext.variations.len(), 450);
    // 450 main-line moves, and variation k holds k + 1.
    let moves = 450 + (1..=450).map(|k| k + 1).sum::<u64>();
    assert!(moves > MAX_LINE_MOVES);
    assert_eq!(
        reconstruct(parsed, &options(24)),
        Err(AnalysisError::LinesTooLong {
            moves,
            limit: MAX_LINE_MOVES
        })
    );

    // Four rows allow millions of boards of 24 beans: with 10 million
    // allowed, validating its 8 plies on each would be too much, and
    // that is found before any is validated.
    let mut text = "[Result \"36:36\"]\n\n".to_owned();
    for (row, south, north) in round_rows(1, 4) {
        text.push_str(&format!("{row}. {south} {north}\n"));
    }
    let games = parse_records(&text);
    let parsed = games.first().ok_or("no record")?;
    let many = ReconstructOptions {
        max_boards: 10_000_000,
        ..options(24)
    };
    match reconstruct(parsed, &many) {
        Err(AnalysisError::TooMuchReplay {
            boards,
            plies: 8,
            beans: 24,
            limit,
        }) => {
            assert_eq!(limit, MAX_REPLAYED_PLIES);
            assert!(boards * 8 > MAX_REPLAYED_PLIES, "{boards}");
        }
        other => panic!("{other:?}"),
    }
    Ok(())
}

/// One rule for a `Result` tag's score, in every layer: two counts that
/// add up to the 72 beans a finished game has in its stores. The record
/// reads it (`Record::result`), validation reports a score that breaks
/// it as a result-mismatch error, and reconstruction does not take it as
/// the record's end.
#[test]
fn a_result_is_read_by_one_rule_in_every_layer() -> TestResult {
    for (value, is_score) in [
        ("36:36", true),
        ("37:35", true),
        ("72:0", true),
        ("36:35", false),
        ("50:40", false),
        ("0:0", false),
        ("50-22", false),
    ] {
        let text = format!("[Setup \"?\"]\n[Result \"{value}\"]\n\n1. 5  7\n");
        let games = parse_records(&text);
        let parsed = games.first().ok_or("no record")?;
        assert_eq!(parsed.record.result().is_ok(), is_score, "{value}");
        let from_opening = parse_records(&format!("[Result \"{value}\"]\n\n1. 4  8\n"));
        let report = validate::validate(
            from_opening.first().ok_or("no record")?,
            &Default::default(),
        );
        let mismatch = report
            .findings
            .iter()
            .any(|f| f.kind == FindingKind::ResultMismatch);
        // An unfinished line that does not contradict a score leaves it
        // unconfirmed, without a finding.
        assert_eq!(mismatch, !is_score, "{value}");
        let found = reconstruct(parsed, &options(4));
        assert_eq!(
            found == Err(AnalysisError::NoEnd),
            !is_score,
            "{value}: {found:?}"
        );
    }
    Ok(())
}
