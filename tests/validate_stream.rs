//! The streaming `Validator` against `validate` on parsed trees: the quick
//! check of clean games must give exactly the report the full validation
//! gives, and must hand every other game to the full validation.

mod common;
mod naive;

use std::fs;
use std::path::Path;

use bohnenspiel::notation::{
    Layout, Location, ParsedRecord, RecordReader, WrittenPly, parse_records,
};
use bohnenspiel::validate::{
    FindingKind, Options, Report, Severity, Validated, Validator, validate,
};
use bohnenspiel::{Action, EndReason, EndlessPlay, Game, Move, Rules, Variant};
use proptest::prelude::*;
use proptest::sample::Index;

/// Options that keep no plies, strict or not.
fn quick(strict: bool) -> Options {
    Options {
        strict,
        keep_plies: false,
        ..Options::default()
    }
}

/// Every game of `text` through the `Validator`.
fn streamed(text: &str, options: Options) -> Vec<Validated> {
    Validator::new(RecordReader::new(text.as_bytes()), options)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A parsed game's text and where it starts, as [`Validated::text`]
/// holds them for a game checked without a tree.
fn text_and_start(parsed: &ParsedRecord) -> (String, Location) {
    let start = Location {
        offset: parsed.offset,
        line: parsed.first_line,
        column: 1,
    };
    (parsed.source.clone(), start)
}

/// Every game of `text` parsed into a tree and validated; with the plies
/// kept, then dropped, which must give the report without plies. Each
/// report comes with the game's text.
fn in_full(text: &str, options: Options) -> Vec<(Report, (String, Location))> {
    parse_records(text)
        .iter()
        .map(|parsed| {
            let report = validate(parsed, &options);
            let mut with_plies = validate(
                parsed,
                &Options {
                    keep_plies: true,
                    ..options
                },
            );
            with_plies.main_line.plies.clear();
            for variation in &mut with_plies.variations {
                variation.line.plies.clear();
            }
            assert_eq!(with_plies, report, "{}", parsed.source);
            (report, text_and_start(parsed))
        })
        .collect()
}

/// Checks that both paths agree on every game of `text`; returns how many
/// games the quick check did without a tree.
fn agree(text: &str, strict: bool) -> usize {
    agree_under(text, quick(strict))
}

/// [`agree`] under `options`.
fn agree_under(text: &str, options: Options) -> usize {
    let streamed = streamed(text, options);
    let full = in_full(text, options);
    assert_eq!(streamed.len(), full.len(), "{text}");
    let mut quick_games = 0;
    for (validated, (report, game_text)) in streamed.iter().zip(&full) {
        assert_eq!(&validated.report, report, "{text}");
        assert_eq!(validated.len, game_text.0.len(), "{text}");
        match (&validated.parsed, &validated.text) {
            (Some(parsed), None) => assert_eq!(&text_and_start(parsed), game_text),
            (None, Some(quick_text)) => {
                quick_games += 1;
                assert_eq!(quick_text, game_text, "{text}");
                assert!(
                    report
                        .findings
                        .iter()
                        .all(|f| f.kind == FindingKind::Repetition),
                    "only the repetition note comes without a tree: {text}"
                );
                assert!(!report.findings.is_empty(), "{text}");
            }
            (None, None) => {
                quick_games += 1;
                assert!(
                    report.findings.is_empty(),
                    "findings come with their text: {text}"
                );
            }
            (Some(_), Some(_)) => panic!("a game comes parsed or with its text: {text}"),
        }
    }
    quick_games
}

fn fixture_texts() -> Vec<(String, String)> {
    let mut texts = Vec::new();
    for folder in ["fixtures", "fixtures/findings", "fixtures/invalid"] {
        let mut paths: Vec<_> = fs::read_dir(folder)
            .unwrap_or_else(|e| panic!("{folder}: {e}"))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = String::from_utf8_lossy(&bytes).into_owned();
            texts.push((path.display().to_string(), text));
        }
    }
    texts
}

#[test]
fn every_fixture_gives_the_same_reports() {
    let mut quick_games = 0;
    for (name, text) in fixture_texts() {
        for strict in [false, true] {
            let done = agree(&text, strict);
            if !strict && Path::new(&name).parent() == Some(Path::new("fixtures")) {
                quick_games += done;
            }
        }
    }
    // Rüger and Machatscheck are clean: no tree needed.
    assert_eq!(quick_games, 2);
}

#[test]
fn the_historical_games_are_checked_without_a_tree() {
    for (name, summary, plies) in [
        ("rueger-1962", "South wins 50:22 (North cannot move)", 37),
        (
            "machatscheck-1972",
            "North wins 22:50 (North cannot move)",
            43,
        ),
    ] {
        let text = fs::read_to_string(format!("fixtures/{name}.txt"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let games = streamed(&text, quick(false));
        assert_eq!(games.len(), 1);
        assert!(games[0].parsed.is_none(), "{name}");
        assert!(games[0].report.findings.is_empty(), "{name}");
        assert_eq!(games[0].report.summary(), summary);
        assert_eq!(games[0].report.main_line.last_index, plies);
        assert_eq!(games[0].len, text.len());
        // With the plies kept, every game is parsed and validated in full.
        let full = streamed(&text, Options::default());
        assert!(full[0].parsed.is_some());
        assert_eq!(full[0].report.main_line.plies.len(), plies);
    }
}

#[test]
fn a_repetition_is_noted_with_its_source() {
    let text = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n\
                5, 11; 6, 12; 1, 7; 2, 8; 3, 9; 4, 10\n\n\
                [Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n\
                1. 5  11\n2. 6  12\n3. 1  7\n4. 2  8\n5. 3  9\n6. 4  10\n";
    agree(text, false);
    let games = streamed(text, quick(false));
    // Checked without a tree, each game comes with its text.
    assert!(games.iter().all(|game| game.parsed.is_none()));
    let game_text = games[1]
        .text
        .as_ref()
        .expect("the note's game comes with its text");
    assert_eq!((game_text.1.offset, game_text.1.line), (82, 5));
    let note = &games[1].report.findings[0];
    assert_eq!(note.kind, FindingKind::Repetition);
    assert_eq!((note.location.line, note.location.column), (12, 7));
    assert_eq!((note.ply, note.move_number), (Some(12), Some(6)));
}

/// A ply annotated twice (in both layouts): the
/// quick check gives it to the full validation, which compares every
/// annotation; both give the same reports.
#[test]
fn plies_annotated_twice_agree() {
    let records = [
        ("4 (2 from 12) (2 from 3), 8\n", 2, 0),
        ("1. 4 (2 from 12) (2 from 3)  8\n", 2, 0),
        ("4, 8; 6, 12 (2 from 8) (2 from 12)\n", 1, 0),
        ("4, 8; 6 (2 from 8), 12 (2 from 8) (2 from 12)\n", 2, 0),
        ("1. 4  8\n2. 6  12 (2 from 8) (2 from 12)\n", 1, 0),
        ("4, 8; 6, 12 (2 from 8) (2 from hole 8)\n", 0, 1),
        ("1. 4  8\n2. 6  12 (2 from 8)(2 from 8)\n", 0, 1),
    ];
    for (text, errors, duplicates) in records {
        for strict in [false, true] {
            assert_eq!(agree(text, strict), 0, "{text}");
            let report = &streamed(text, quick(strict))[0].report;
            let count = |kind| report.findings.iter().filter(|f| f.kind == kind).count();
            assert_eq!(count(FindingKind::CaptureMismatch), errors, "{text}");
            assert_eq!(report.error_count(), errors, "{text}");
            assert_eq!(
                count(FindingKind::DuplicateAnnotation),
                duplicates,
                "{text}"
            );
        }
    }
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Inline), Just(Layout::Numbered)]
}

/// A change to one ply of a game, or none.
#[derive(Debug, Clone, Copy)]
enum Change {
    None,
    /// The annotation dropped.
    Unannotated,
    /// Two beans more in the first capture, or a capture where none is.
    WrongAnnotation,
    /// Another hole.
    Hole(u8),
    /// A mark and a comment, which change nothing.
    Comment,
    /// An alternative, which the full validation checks.
    Alternative(u8),
    /// The rules' annotation written twice (a warning), or, where the
    /// rules capture nothing, two wrong ones.
    AnnotatedTwice,
    /// The rules' annotation, then a wrong second one.
    SecondWrong,
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => Just(Change::None),
        1 => Just(Change::Unannotated),
        1 => Just(Change::WrongAnnotation),
        1 => (1u8..=12).prop_map(Change::Hole),
        1 => Just(Change::Comment),
        1 => (1u8..=12).prop_map(Change::Alternative),
        1 => Just(Change::AnnotatedTwice),
        1 => Just(Change::SecondWrong),
    ]
}

/// A `Result` tag: none, the right score, or a wrong or malformed one,
/// one that is no final score, one that a store may already exceed,
/// the right one misspelled or given twice, and a custom tag.
fn result_tag() -> impl Strategy<Value = u8> {
    0u8..9
}

/// A start: the opening (`None`, most often) or one of the sparse
/// positions, where positions come back.
fn start() -> impl Strategy<Value = Option<usize>> {
    prop_oneof![
        2 => Just(None),
        1 => (0..common::SPARSE.len()).prop_map(Some),
    ]
}

/// One random game as record text.
fn game_text(
    (choices, layout, at, change, result, cut): (Vec<usize>, Layout, Index, Change, u8, bool),
    start: Option<usize>,
) -> String {
    let setup = start.map(|i| common::SPARSE[i]);
    let position = setup.map_or_else(Default::default, |text| {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    });
    let (played, mut game) = common::play_from(position, choices);
    // A record that stops at a repeated position ends by a claim there.
    let _ = game.claim_repetition();
    let mut plies: Vec<WrittenPly> = played
        .iter()
        .map(|p| common::notated(p.mv.hole(), &p.captures))
        .collect();
    if cut && plies.len() > 1 {
        plies.pop();
    }
    if !plies.is_empty() {
        let k = at.index(plies.len());
        let p = &played[k];
        let changed = match change {
            Change::None => None,
            Change::Unannotated => Some(p.mv.to_string()),
            Change::WrongAnnotation => Some(match p.captures.as_slice().first() {
                Some(first) => format!("{} ({} from {})", p.mv, first.beans + 2, first.hole),
                None => format!("{} (2 from {})", p.mv, p.mv.hole().next()),
            }),
            Change::Hole(hole) => Some(hole.to_string()),
            Change::Comment => Some(format!("{}!? (a fine move)", p.mv)),
            Change::AnnotatedTwice => Some(match p.captures.as_slice().first() {
                Some(_) => format!("{} ({}) ({})", p.mv, p.captures, p.captures),
                None => format!(
                    "{} (2 from {}) (2 from {})",
                    p.mv,
                    p.mv.hole().next(),
                    p.mv.hole()
                ),
            }),
            Change::SecondWrong => Some(match p.captures.as_slice().first() {
                Some(first) => format!(
                    "{} ({}) ({} from {})",
                    p.mv,
                    p.captures,
                    first.beans + 2,
                    first.hole
                ),
                None => format!("{} (2 from {})", p.mv, p.mv.hole().next()),
            }),
            // Written into the text below, as a ply cannot hold one.
            Change::Alternative(_) => None,
        };
        if let Some(text) = changed {
            plies[k] = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }
    let mut text = setup
        .map(|setup| format!("[Setup \"{setup}\"]\n"))
        .unwrap_or_default();
    text += &match result {
        1 => game
            .final_score()
            .map(|score| format!("[Result \"{score}\"]\n"))
            .unwrap_or_default(),
        2 => "[Result \"36:36\"]\n".to_owned(),
        3 => "[Result \"fifty\"]\n".to_owned(),
        4 => "[Result \"50:21\"]\n".to_owned(),
        5 => "[Result \"72:0\"]\n".to_owned(),
        6 | 7 => game
            .final_score()
            .map(|score| match result {
                6 => format!("[Resutl \"{score}\"]\n"),
                _ => format!("[Result \"{score}\"]\n[Result \"{score}\"]\n"),
            })
            .unwrap_or_default(),
        8 => "[Opening \"the usual\"]\n".to_owned(),
        _ => String::new(),
    };
    let record = common::record(&plies, layout).to_string();
    text.push_str(&record);
    if let Change::Alternative(hole) = change
        && !plies.is_empty()
        && layout == Layout::Inline
    {
        text = text.replacen(';', &format!(" or {hole};"), 1);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random games, most of them legal and annotated by the rules, some
    /// changed in one ply, cut short, or with a wrong `Result` tag, one
    /// after another in a file: the `Validator` gives the reports the full
    /// validation gives, game by game.
    #[test]
    fn the_quick_check_agrees_with_the_full_validation(
        games in prop::collection::vec(
            ((prop::collection::vec(any::<usize>(), 0..200), layout(), any::<Index>(), change(), result_tag(), any::<bool>()), start()),
            1..4,
        ),
        strict in any::<bool>(),
    ) {
        let text: String = games
            .into_iter()
            .map(|(game, start)| game_text(game, start) + "\n")
            .collect();
        agree(&text, strict);
    }
}

/// Games from the sparse starts, written in both layouts: many pass
/// through a repeated position and go on, some stop at one (ended by a
/// claim). Both paths agree on each, and the quick check does every one
/// of them without a tree.
#[test]
fn games_that_repeat_positions_agree() {
    let mut rng = naive::Rng(0x9E37_79B9_7F4A_7C15);
    let (mut went_on, mut claimed, mut unfinished) = (0, 0, 0);
    let mut texts = String::new();
    for n in 0..120 {
        let setup = common::SPARSE[n % common::SPARSE.len()];
        let start = setup.parse().unwrap_or_else(|e| panic!("{setup}: {e}"));
        let choices: Vec<usize> = (0..150)
            .map(|_| usize::try_from(rng.next() >> 40).unwrap_or_default())
            .collect();
        let (played, mut game) = common::play_from(start, choices);
        let repeated_at = game.plies().iter().enumerate().any(|(i, ply)| {
            game.plies()[i + 1..]
                .iter()
                .any(|later| later.position == ply.position)
        });
        let _ = game.claim_repetition();
        match game.end().map(|end| end.reason) {
            Some(EndReason::Repetition { .. }) => claimed += 1,
            Some(_) if repeated_at => went_on += 1,
            Some(_) => {}
            None => unfinished += 1,
        }
        let plies: Vec<WrittenPly> = played
            .iter()
            .map(|p| common::notated(p.mv.hole(), &p.captures))
            .collect();
        let layout = if n % 2 == 0 {
            Layout::Inline
        } else {
            Layout::Numbered
        };
        let score = game.final_score().map(|s| s.to_string());
        let text = format!(
            "[Setup \"{setup}\"]\n[Result \"{}\"]\n{}\n",
            score.as_deref().unwrap_or("*"),
            common::record(&plies, layout)
        );
        texts.push_str(&text);
    }
    let quick_games = agree(&texts, false);
    assert!(
        went_on >= 10 && claimed >= 10,
        "{went_on} went on, {claimed} claimed"
    );
    assert_eq!(quick_games, 120 - unfinished);
}

/// Under rules chosen on purpose, with `Rules` tags that agree, differ or
/// name no rules, both paths agree.
#[test]
fn rules_tags_and_chosen_rules_agree() {
    let round = "5,11; 6,12; 1,7; 2,8; 3,9; 4,10";
    let setup = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]";
    let mut text = String::new();
    for tag in [
        "",
        "[Rules \"standard\"]\n",
        "[Rules \"standard; endless=last-mover\"]\n",
        "[Rules \"endless = split ; Hemprich\"]\n",
        "[Rules \"chess\"]\n",
    ] {
        for result in ["36:36", "37:35"] {
            text += &format!("{tag}{setup}\n[Result \"{result}\"]\n\n{round}\n\n");
        }
    }
    let mut quick_games = 0;
    for (variant, endless) in [
        (None, None),
        (None, Some(EndlessPlay::LastMover)),
        (Some(Variant::Hemprich), Some(EndlessPlay::Split)),
    ] {
        quick_games += agree_under(&text, quick(false).choose_rules(variant, endless));
    }
    assert!(quick_games >= 6, "{quick_games}");
}

/// A Hemprich record whose forced passes are not written: both paths
/// count them in the ply numbers.
#[test]
fn hemprich_passes_are_counted_alike() {
    let text = "[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6,8; 7, 8 (2 from 9)\n\n\
                [Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6,8; 7\n\n\
                [Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6,8; 7, 8 (2 from 9)\n";
    for options in [
        quick(false),
        quick(false).choose_rules(Some(Variant::Hemprich), None),
    ] {
        agree_under(text, options);
    }
    let games = streamed(text, quick(false));
    assert!(games[0].parsed.is_none(), "clean: no tree");
    assert_eq!(games[0].report.main_line.last_index, 6);
    // The same game with its passes written, and with a pass where none
    // is forced.
    let written = "[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6, 8; -, 7; -, 8 (2 from 9)\n\n\
                   [Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6, 8; -, 7; -, -\n";
    assert_eq!(agree(written, false), 1);
    let written_games = streamed(written, quick(false));
    assert!(written_games[0].parsed.is_none(), "clean: no tree");
    assert_eq!(
        written_games[0].report,
        streamed(text, quick(false))[0].report
    );
    assert_eq!(
        written_games[1]
            .report
            .findings
            .iter()
            .map(|f| (f.kind, f.ply))
            .collect::<Vec<_>>(),
        [(FindingKind::IllegalPass, Some(6))]
    );
    let unfinished = &games[1].report.findings[0];
    assert_eq!(unfinished.kind, FindingKind::UnfinishedGame);
    assert_eq!(unfinished.ply, Some(4));
}

/// Random Hemprich games from sparse starts, each written twice: with
/// every pass written `-` and with the passes left out, in both layouts.
/// Both paths agree on every record, both forms give the same ply
/// numbers, every record is clean, and the quick check does every game
/// that ends without a tree, written passes and all.
#[test]
fn hemprich_games_written_with_passes_agree() {
    let rules = Rules {
        variant: Variant::Hemprich,
        repetition_ends_at: Some(3),
        ..Rules::default()
    };
    let mut rng = naive::Rng(0x2545_F491_4F6C_DD1D);
    let mut texts = String::new();
    let mut last_indices = Vec::new();
    let mut passes = 0;
    let mut ended = 0;
    for n in 0..40 {
        let setup = common::SPARSE[n % common::SPARSE.len()];
        let start = setup.parse().unwrap_or_else(|e| panic!("{setup}: {e}"));
        let mut game = Game::new(start, rules);
        for _ in 0..150 {
            let choice = usize::try_from(rng.next() >> 40).unwrap_or_default();
            let moves: Vec<Move> = game.legal_moves().collect();
            let Some(&mv) = moves.get(choice % moves.len().max(1)) else {
                break;
            };
            game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let written: Vec<WrittenPly> = game
            .plies()
            .iter()
            .map(|ply| match ply.action {
                Action::Sow { mv, captures } => common::notated(mv.hole(), &captures),
                Action::Pass => WrittenPly::pass(),
            })
            .collect();
        passes += written.iter().filter(|ply| ply.is_pass()).count();
        let omitted: Vec<WrittenPly> = written
            .iter()
            .filter(|ply| !ply.is_pass())
            .cloned()
            .collect();
        let layout = if n % 2 == 0 {
            Layout::Inline
        } else {
            Layout::Numbered
        };
        let result = game.final_score().map_or("*".to_owned(), |s| s.to_string());
        // The last ply written: a trailing pass, left out, is not.
        let last_sown = written
            .iter()
            .rposition(|ply| !ply.is_pass())
            .map_or(0, |i| i + 1);
        for (plies, last) in [(&written, game.plies().len()), (&omitted, last_sown)] {
            texts += &format!(
                "[Rules \"hemprich\"]\n[Setup \"{setup}\"]\n[Result \"{result}\"]\n{}\n",
                common::record(plies, layout)
            );
            last_indices.push(last);
            ended += usize::from(game.end().is_some());
        }
    }
    assert!(passes >= 40, "{passes} passes");
    assert!(ended >= 40, "{ended} ended");
    assert_eq!(agree_under(&texts, quick(false)), ended);
    let games = streamed(&texts, quick(false));
    assert_eq!(games.len(), last_indices.len());
    for (game, &last) in games.iter().zip(&last_indices) {
        assert!(
            game.report
                .findings
                .iter()
                .all(|f| f.severity != Severity::Error),
            "{:?}",
            game.report.findings
        );
        assert_eq!(game.report.main_line.last_index, last);
    }
}

/// Records that leave South's turn out (`...`, a start with North to
/// move), as `Record::from(&Game)` writes them, inline and in rows: the quick check
/// hands them to the full validation, and both agree.
#[test]
fn records_that_leave_south_out_agree() {
    let setup = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 N\"]\n\n";
    let mut text = String::new();
    for movetext in [
        "..., 11; 5, 12; 6, 1\n",
        "1. ... 11\n2. 5 12\n",
        "1... 11\n2. 5 12\n",
        "1\u{2026} 11\n2.  5  12\n",
        "\u{2026}, 11; 5\n",
    ] {
        text.push_str(setup);
        text.push_str(movetext);
        text.push('\n');
    }
    for strict in [false, true] {
        assert_eq!(agree(&text, strict), 0, "{text}");
    }
}
