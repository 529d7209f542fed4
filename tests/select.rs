//! `bohnenspiel select` and `bohnenspiel split`: snapshots of every
//! option on the fixtures and on a generated collection, the bad inputs
//! of the issue, and properties checked against what the generator
//! knows of its games (not against the command's own reading): a
//! condition and its inversion partition the games, `--unique` keeps the
//! first of every set of duplicates, and split then merge gives the
//! games back.

mod binary;
mod common;
mod support;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use binary::{Run, run_in};
use bohnenspiel::notation::{Layout, Tag};
use bohnenspiel::{Action, Game, Hole, Position, Rules};
use proptest::prelude::*;
use serde_json::Value;

/// The command, its exit status and its output, for a snapshot.
fn transcript(run: &Run, args: &[&str]) -> String {
    format!("$ bohnenspiel {}\n{}", args.join(" "), run.transcript())
}

/// Runs the binary with `args` from the crate's directory.
fn run(args: &[&str]) -> Run {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// The transcripts of several runs, one after the other.
fn transcripts(runs: &[&[&str]]) -> String {
    runs.iter()
        .map(|args| transcript(&run(args), args))
        .collect::<Vec<_>>()
        .join("\n")
}

const FIXTURES: [&str; 4] = [
    "fixtures/rueger-1962.txt",
    "fixtures/machatscheck-1972.txt",
    "fixtures/shotayev-gentlemen.txt",
    "fixtures/findings/multi-game.txt",
];

/// `args` followed by the fixture files.
fn on_fixtures<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["select"];
    all.extend_from_slice(args);
    all.extend(FIXTURES);
    all
}

#[test]
fn conditions_on_the_fixtures() {
    let cases: Vec<Vec<&str>> = [
        &["--count"][..],
        &["--tag", "Date=1962"],
        &["--tag", "Event~(?i)problem"],
        &["--tag", "Event~Problem", "--invert", "--count"],
        &["--date", "1970..", "--count"],
        &["--date", "..1962.12", "--count"],
        &["--result", "south", "--count"],
        &["--result", "north", "--count"],
        &["--result", "draw", "--count"],
        &["--result", "50:22", "--count"],
        &["--result", "36..", "--count"],
        &["--opening", "4 8", "--count"],
        &["--opening", "4,8,6,12", "--output", "canonical"],
        &["--plies", "..10", "--count"],
        &["--plies", "30..", "--count"],
        &["--ended", "rule", "--count"],
        &["--ended", "unfinished", "--count"],
        &["--ended", "repetition", "--count"],
        &["--verdict", "valid", "--count"],
        &["--verdict", "warnings", "--count"],
        &["--verdict", "invalid", "--count"],
        &["--reaches", "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S", "--count"],
    ]
    .iter()
    .map(|args| on_fixtures(args))
    .collect();
    let cases: Vec<&[&str]> = cases.iter().map(Vec::as_slice).collect();
    insta::assert_snapshot!("select_conditions", transcripts(&cases));
}

#[test]
fn outputs_verbatim_canonical_and_json_lines() {
    let verbatim = run(&["select", "--tag", "Date=1962", "fixtures/rueger-1962.txt"]);
    let original = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/rueger-1962.txt"),
    )
    .expect("the fixture");
    assert_eq!(verbatim.stdout, original, "byte for byte");
    insta::assert_snapshot!(
        "select_outputs",
        transcripts(&[
            &on_fixtures(&["--tag", "Event~Machatscheck", "--output", "canonical"]),
            &on_fixtures(&["--opening", "4 8 6", "--output", "jsonl"]),
            &[
                "select",
                "--ended",
                "repetition",
                "fixtures/findings/repetition.txt"
            ],
        ])
    );
    // Each JSON line names the game's file and its index in it.
    let jsonl = run(&on_fixtures(&["--output", "jsonl"]));
    let places: Vec<(String, u64)> = jsonl
        .stdout
        .lines()
        .map(|line| {
            let document: Value = serde_json::from_str(line).expect("a JSON line");
            (
                document["file"].as_str().expect("file").to_owned(),
                document["index"].as_u64().expect("index"),
            )
        })
        .collect();
    assert_eq!(places.len(), 6, "{places:?}");
    assert_eq!(places[0], ("fixtures/rueger-1962.txt".to_owned(), 1));
    assert_eq!(
        places[4],
        ("fixtures/findings/multi-game.txt".to_owned(), 2)
    );
    assert_eq!(
        places[5],
        ("fixtures/findings/multi-game.txt".to_owned(), 3)
    );
}

#[test]
fn bad_conditions_are_one_line_errors() {
    let mut transcript = String::new();
    for args in [
        &[
            "select",
            "--reaches",
            "4,4,4,4,4,4/4,4,4,4,4,4 0:2 S",
            "fixtures/rueger-1962.txt",
        ][..],
        &[
            "select",
            "--tag",
            "Event~(unclosed",
            "fixtures/rueger-1962.txt",
        ],
        &["select", "--tag", "Event", "fixtures/rueger-1962.txt"],
        &["select", "--tag", "Evnet=x", "fixtures/rueger-1962.txt"],
        &["select", "--date", "1962.13", "fixtures/rueger-1962.txt"],
        &["select", "--result", "50:21", "fixtures/rueger-1962.txt"],
        &["select", "--result", "sideways", "fixtures/rueger-1962.txt"],
        &["select", "--opening", "4 13", "fixtures/rueger-1962.txt"],
        &["select", "--plies", "..", "fixtures/rueger-1962.txt"],
        &["split", "--name", "{Event", "fixtures/rueger-1962.txt"],
        &["split", "--name", "rueger-1962.txt", "rueger-1962.txt"],
    ] {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let ran = if args[0] == "split" {
            run_in(&fixtures, args)
        } else {
            run(args)
        };
        assert_eq!(ran.code, Some(2), "{args:?}: {}", ran.stderr);
        assert_eq!(ran.stderr.lines().count(), 1, "{args:?}: {}", ran.stderr);
        // A tag no game has is known only at the end, when the games are
        // read (and none is selected).
        assert_eq!(ran.stdout, "", "{args:?}");
        let _ = writeln!(
            transcript,
            "$ bohnenspiel {}\n{}",
            args.join(" "),
            ran.stderr
        );
    }
    insta::assert_snapshot!("select_bad_input", transcript);
}

#[test]
fn split_refuses_to_write_over_files() {
    let dir = tempfile::tempdir().expect("a folder");
    let input = dir.path().join("games.txt");
    std::fs::write(&input, "[Event \"a\"]\n\n4,8\n\n[Event \"b\"]\n\n3,9\n").expect("write");
    std::fs::write(dir.path().join("a.txt"), "keep me\n").expect("write");
    let refused = run_in(dir.path(), &["split", "--name", "{Event}.txt", "games.txt"]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert_eq!(
        refused.stderr,
        "bohnenspiel: error: `a.txt` exists already (--force writes over it)\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).expect("read"),
        "keep me\n"
    );
    let forced = run_in(
        dir.path(),
        &["split", "--force", "--name", "{Event}.txt", "games.txt"],
    );
    assert_eq!(forced.code, Some(0), "{}", forced.stderr);
    assert_eq!(forced.stdout, "a.txt: 1 game\nb.txt: 1 game\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).expect("read"),
        "[Event \"a\"]\n\n4,8\n\n"
    );
    // Never over an input, even with --force.
    let input_refused = run_in(
        dir.path(),
        &["split", "--force", "--name", "games.txt", "games.txt"],
    );
    assert_eq!(input_refused.code, Some(2));
    assert!(input_refused.stderr.contains("is one of the inputs"));
    assert!(
        std::fs::read_to_string(&input)
            .expect("read")
            .contains("3,9")
    );
}

#[test]
fn options_on_a_generated_collection() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut games = Vec::new();
    support::random_games::write_games(&mut games, 40, 3).expect("the games");
    // The collection twice over, the second time under other tags, so
    // that every game has a duplicate.
    let text = String::from_utf8(games).expect("UTF-8");
    let again = text.replace("[Event \"Random game ", "[Event \"Copy of game ");
    std::fs::write(dir.path().join("games.txt"), format!("{text}\n{again}")).expect("write");
    let cases = [
        "select --count games.txt",
        "select --unique --count games.txt",
        "select --unique=final --count games.txt",
        "select --duplicates --tag Event~game.[1-3]$ games.txt",
        "select --duplicates=final --tag Event~game.[12]$ games.txt",
        "select --tag Event~^Copy --ended repetition --output canonical games.txt",
        "select --plies ..40 --count games.txt",
        "select --result north --opening 1 --count games.txt",
        "select --verdict valid --invert --count games.txt",
        "split --every 25 --name {file}-{n}.txt games.txt",
        "select --count games-1.txt games-2.txt games-3.txt games-4.txt",
    ];
    let transcript: Vec<String> = cases
        .iter()
        .map(|case| {
            let args: Vec<&str> = case.split(' ').collect();
            transcript(&run_in(dir.path(), &args), &args)
        })
        .collect();
    insta::assert_snapshot!("select_generated", transcript.join("\n"));
}

/// One generated game: its record's text and what the generator knows.
#[derive(Debug, Clone)]
struct Generated {
    text: String,
    event: String,
    date: String,
    holes: Vec<u8>,
    positions: Vec<Position>,
    finished: bool,
    south_wins: bool,
}

/// A game from the pool (so that some repeat), cut after `cut` plies or
/// played out, with its tags.
fn generated(choices: &[usize], cut: Option<usize>, event: usize, year: usize) -> Generated {
    let (plies, _) = common::play(choices.iter().copied());
    let plies = &plies[..cut.map_or(plies.len(), |cut| cut.min(plies.len()))];
    // Replayed as records are: a record that stops at a repeated
    // position ends by a claim.
    let mut replay = Game::new(Position::new(), Rules::default());
    let mut positions = vec![Position::new()];
    for ply in plies {
        replay.play(ply.mv).expect("a legal move");
        positions.push(*replay.position());
    }
    let written: Vec<_> = plies
        .iter()
        .map(|ply| common::notated(ply.mv.hole(), &ply.captures))
        .collect();
    let mut record = common::record(&written, Layout::Inline);
    let event = ["Open A", "Open B", "Cup"][event % 3].to_owned();
    let date = format!("{}.0{}", 1960 + year % 4, 1 + year % 3);
    record.tags = vec![
        Tag {
            name: "Event".to_owned(),
            value: event.clone(),
            span: Default::default(),
        },
        Tag {
            name: "Date".to_owned(),
            value: date.clone(),
            span: Default::default(),
        },
    ];
    if !replay.is_over() && replay.is_repeated() {
        replay
            .claim_repetition()
            .expect("a repeated position can be claimed");
    }
    let finished = replay.is_over();
    let south_wins = replay
        .final_score()
        .is_some_and(|score| score.south > score.north);
    let holes = replay
        .plies()
        .iter()
        .filter_map(|ply| match ply.action {
            Action::Sow { mv, .. } => Some(mv.hole().number()),
            Action::Pass => None,
        })
        .collect();
    Generated {
        text: record.to_string(),
        event,
        date,
        holes,
        positions,
        finished,
        south_wins,
    }
}

/// A collection of games drawn from a pool of four move sequences.
fn collection() -> impl Strategy<Value = Vec<Generated>> {
    let pool = prop::collection::vec(prop::collection::vec(0usize..6, 2..80), 4);
    (
        pool,
        prop::collection::vec(
            (
                0usize..4,
                prop::option::of(2usize..30),
                0usize..3,
                0usize..4,
            ),
            1..12,
        ),
    )
        .prop_map(|(pool, picks)| {
            picks
                .into_iter()
                .map(|(which, cut, event, year)| generated(&pool[which], cut, event, year))
                .collect()
        })
}

/// The collection as one file, games apart by a blank line.
fn file_of(games: &[Generated]) -> String {
    games
        .iter()
        .map(|game| game.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The indices (from 1) of the games `select ARGS --output jsonl` prints.
fn selected(path: &Path, args: &[&str]) -> Vec<usize> {
    let mut all = vec!["select"];
    all.extend_from_slice(args);
    all.extend(["--output", "jsonl", path.to_str().expect("a UTF-8 path")]);
    let ran = run(&all);
    assert_eq!(ran.code, Some(0), "{all:?}: {}", ran.stderr);
    ran.stdout
        .lines()
        .map(|line| {
            let document: Value = serde_json::from_str(line).expect("a JSON line");
            usize::try_from(document["index"].as_u64().expect("index")).expect("small")
        })
        .collect()
}

/// A condition for the command and the generator's own answer.
type Condition = (Vec<String>, fn(&Generated, &Generated) -> bool);

/// The conditions checked, each with the naive answer; the first game of
/// the collection supplies the values some of them look for.
fn conditions(first: &Generated) -> Vec<Condition> {
    let opening: Vec<String> = first.holes.iter().take(2).map(u8::to_string).collect();
    let position = first.positions[first.positions.len().min(3) - 1].to_string();
    vec![
        (
            vec!["--tag".into(), format!("Event={}", first.event)],
            |game, first| game.event == first.event,
        ),
        (vec!["--tag".into(), "Event~^Open".into()], |game, _| {
            game.event.starts_with("Open")
        }),
        (vec!["--date".into(), "1961..1962.01".into()], |game, _| {
            ("1961".."1962.02").contains(&game.date.as_str())
        }),
        (vec!["--ended".into(), "unfinished".into()], |game, _| {
            !game.finished
        }),
        (vec!["--result".into(), "south".into()], |game, _| {
            game.south_wins
        }),
        (
            vec!["--opening".into(), opening.join(" ")],
            |game, first| {
                let n = first.holes.len().min(2);
                game.holes.len() >= n && game.holes[..n] == first.holes[..n]
            },
        ),
        (vec!["--plies".into(), "..20".into()], |game, _| {
            game.holes.len() <= 20
        }),
        (vec!["--reaches".into(), position], |game, first| {
            let wanted = first.positions[first.positions.len().min(3) - 1];
            game.positions.contains(&wanted)
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn conditions_and_their_inversions_partition_the_games(games in collection()) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("games.txt");
        std::fs::write(&path, file_of(&games)).expect("write");
        let all: Vec<usize> = (1..=games.len()).collect();
        for (args, naive) in conditions(&games[0]) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let chosen = selected(&path, &args);
            let mut inverted_args = args.clone();
            inverted_args.push("--invert");
            let inverted = selected(&path, &inverted_args);
            let expected: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&i| naive(&games[i - 1], &games[0]))
                .collect();
            prop_assert_eq!(&chosen, &expected, "{:?}", args);
            let mut both: Vec<usize> = chosen.iter().chain(&inverted).copied().collect();
            both.sort_unstable();
            prop_assert_eq!(&both, &all, "{:?} and its inversion", args);
        }
    }

    #[test]
    fn unique_keeps_the_first_of_every_set_of_duplicates(games in collection()) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("games.txt");
        std::fs::write(&path, file_of(&games)).expect("write");
        let mut firsts = Vec::new();
        let mut finals = Vec::new();
        for (i, game) in games.iter().enumerate() {
            if !games[..i].iter().any(|earlier| earlier.holes == game.holes) {
                firsts.push(i + 1);
            }
            let last = game.positions.last();
            if !games[..i].iter().any(|earlier| earlier.positions.last() == last) {
                finals.push(i + 1);
            }
        }
        prop_assert_eq!(selected(&path, &["--unique"]), firsts.clone());
        prop_assert_eq!(selected(&path, &["--unique=final"]), finals);
        // --duplicates names every other game, with its first occurrence.
        let ran = run(&["select", "--duplicates", path.to_str().expect("UTF-8")]);
        prop_assert_eq!(ran.code, Some(0));
        prop_assert_eq!(ran.stdout.lines().count(), games.len() - firsts.len());
    }

    #[test]
    fn split_then_merge_gives_the_games_back(games in collection(), every in 1u64..4) {
        let dir = tempfile::tempdir().expect("a folder");
        let original = file_of(&games);
        std::fs::write(dir.path().join("games.txt"), &original).expect("write");
        let every = every.to_string();
        let ran = run_in(
            dir.path(),
            &["split", "--every", &every, "--name", "part-{n}.txt", "games.txt"],
        );
        prop_assert_eq!(ran.code, Some(0), "{}", ran.stderr);
        let mut parts: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.file_name().is_some_and(|name| name != "games.txt"))
            .collect();
        parts.sort_by_key(|path| {
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            name.trim_start_matches("part-").parse::<usize>().unwrap_or_default()
        });
        let per_file: usize = every.parse().expect("a number");
        prop_assert_eq!(parts.len(), games.len().div_ceil(per_file));
        let mut args = vec!["select".to_owned()];
        args.extend(parts.iter().map(|path| path.display().to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let merged = run(&args);
        prop_assert_eq!(merged.code, Some(0), "{}", merged.stderr);
        prop_assert_eq!(merged.stdout, original);
    }
}

/// Holes are numbers 1 to 12 (a check of the test's own helper).
#[test]
fn generated_games_are_made_of_holes() {
    let game = generated(&[0, 1, 2], Some(3), 0, 0);
    assert_eq!(game.holes.len(), 3);
    assert!(game.holes.iter().all(|&h| Hole::new(h).is_ok()));
}

#[test]
fn strict_judges_the_verdict_as_validate_strict_does() {
    let file = "fixtures/findings/unannotated-capture.txt";
    for (strict, verdict) in [(false, "warnings"), (true, "invalid")] {
        let mut args = vec!["select", "--verdict", verdict, "--count", file];
        if strict {
            args.insert(1, "--strict");
        }
        assert_eq!(run(&args).stdout, "1\n", "{args:?}");
    }
}
