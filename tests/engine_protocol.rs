//! `bohnenspiel engine` as a subprocess: every command of the line
//! protocol, every refusal, `stop` during `go infinite`, and garbage.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use bohnenspiel::{Move, Position};

/// How long an answer may take before the test fails (searches here are
/// small; a slow machine gets room).
const PATIENCE: Duration = Duration::from_secs(60);

/// The engine running, its input, and its output lines as they come.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().expect("stdin is piped");
        let output = child.stdout.take().expect("stdout is piped");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("the engine reads");
        self.input.flush().expect("flushed");
    }

    fn line(&mut self, text: &str) {
        self.send(format!("{text}\n").as_bytes());
    }

    /// The next line of output.
    fn next(&self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine's output ended"),
        }
    }

    /// The lines up to and including the first that starts with `last`.
    fn until(&self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Nothing more is said within a short while.
    fn silent(&self) {
        match self.lines.recv_timeout(Duration::from_millis(300)) {
            Err(RecvTimeoutError::Timeout) => {}
            other => panic!("expected silence, got {other:?}"),
        }
    }

    /// `quit`, and the exit status.
    fn quit(mut self) -> Option<i32> {
        self.line("quit");
        self.child.wait().expect("the engine ends").code()
    }
}

/// The hole of a `bestmove` line.
fn best_hole(line: &str) -> u8 {
    line.strip_prefix("bestmove ")
        .and_then(|hole| hole.parse().ok())
        .unwrap_or_else(|| panic!("not a bestmove with a hole: {line}"))
}

/// Checks that `line` is an `info depth …` line and returns its depth
/// and score.
fn info(line: &str) -> (u32, String) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(&words[..2], ["info", "depth"], "{line}");
    let depth = words[2].parse().expect("a depth");
    assert_eq!(words[3], "score", "{line}");
    let (score, rest) = if words[4] == "exact" {
        (format!("exact {}", words[5]), &words[6..])
    } else {
        (words[4].to_owned(), &words[5..])
    };
    assert_eq!(rest[0], "nodes", "{line}");
    rest[1].parse::<u64>().expect("nodes");
    assert_eq!(rest[2], "nps", "{line}");
    rest[3].parse::<u64>().expect("nps");
    assert_eq!(rest[4], "time", "{line}");
    rest[5].parse::<u64>().expect("time");
    assert_eq!(rest[6], "pv", "{line}");
    for hole in &rest[7..] {
        let hole: u8 = hole.parse().expect("a hole");
        assert!((1..=12).contains(&hole), "{line}");
    }
    (depth, score)
}

#[test]
fn bsi_isready_and_quit() {
    let mut engine = Engine::start(&[]);
    engine.line("bsi");
    let lines = engine.until("bsiok");
    assert!(lines[0].starts_with("id name bohnenspiel "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert!(
        lines.contains(&"info string rules standard".to_owned()),
        "{lines:?}"
    );
    assert!(
        lines[2..lines.len() - 1]
            .iter()
            .all(|line| line.starts_with("info string ")),
        "{lines:?}"
    );
    engine.line("isready");
    assert_eq!(engine.next(), "readyok");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn go_by_depth_nodes_and_time_gives_a_legal_move() {
    let mut engine = Engine::start(&[]);
    engine.line("newgame");
    engine.line("position startpos moves 4 8");
    let mut position = Position::new();
    for hole in [4, 8] {
        position
            .play(Move::from_number(hole).expect("a hole"))
            .expect("legal");
    }
    engine.line("go depth 4");
    let lines = engine.until("bestmove");
    let depths: Vec<u32> = lines[..lines.len() - 1]
        .iter()
        .map(|line| info(line).0)
        .collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    let hole = best_hole(lines.last().expect("a line"));
    assert!(position.is_legal(Move::from_number(hole).expect("a hole")));

    for go in ["go nodes 2000", "go movetime 50", "go depth 3 nodes 100000"] {
        engine.line(go);
        let lines = engine.until("bestmove");
        let hole = best_hole(lines.last().expect("a line"));
        assert!(
            position.is_legal(Move::from_number(hole).expect("a hole")),
            "{go}: {lines:?}"
        );
    }
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn a_position_of_the_tables_range_has_an_exact_score() {
    let mut engine = Engine::start(&[]);
    // South takes North's last 2 beans with 6: 36:36.
    engine.line("position setup 0,0,0,0,0,1/1,0,0,0,0,0 34:36 S");
    engine.line("go depth 5");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 6"));
    let (_, score) = info(&lines[lines.len() - 2]);
    assert_eq!(score, "exact 36:36");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn stop_ends_go_infinite_and_isready_is_answered_while_it_runs() {
    let mut engine = Engine::start(&[]);
    engine.line("position startpos");
    engine.line("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.line("isready");
    let before_stop = engine.until("readyok");
    assert!(
        before_stop[..before_stop.len() - 1]
            .iter()
            .all(|line| line.starts_with("info depth ")),
        "{before_stop:?}"
    );
    // A second go while searching is refused; the search goes on.
    engine.line("go depth 2");
    let refused = engine.until("info string error");
    assert_eq!(
        refused.last().map(String::as_str),
        Some("info string error: go: a search is running (send stop first)")
    );
    engine.line("stop");
    let lines = engine.until("bestmove");
    let hole = best_hole(lines.last().expect("a line"));
    assert!((1..=6).contains(&hole), "South's move: {hole}");
    // Nothing more after the best move; another stop has nothing to stop.
    engine.silent();
    engine.line("stop");
    assert_eq!(engine.next(), "info string stop: no search is running");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn quit_during_a_search_ends_the_program() {
    let mut engine = Engine::start(&[]);
    engine.line("position startpos");
    engine.line("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn the_end_of_the_input_ends_the_program() {
    let mut engine = Engine::start(&[]);
    engine.line("isready");
    assert_eq!(engine.next(), "readyok");
    let Engine {
        mut child, input, ..
    } = engine;
    drop(input);
    assert_eq!(child.wait().expect("the engine ends").code(), Some(0));
}

#[test]
fn illegal_positions_are_refused_and_go_answers_bestmove_none() {
    let mut engine = Engine::start(&[]);
    for (command, why) in [
        (
            "position setup 1,2,3/4 0:0 S",
            "illegal position: `1,2,3/4 0:0 S`: ",
        ),
        (
            "position startpos moves 4 4",
            "illegal position: move 2 is `4`: ",
        ),
        (
            "position startpos moves 4 -",
            "illegal position: move 2 is `-`, but a pass is a move of the Hemprich variant only",
        ),
    ] {
        engine.line(command);
        let answer = engine.next();
        assert!(
            answer.starts_with(&format!("info string error: {why}")),
            "{command}: {answer}"
        );
        engine.line("go depth 3");
        let lines = engine.until("bestmove");
        assert_eq!(
            lines,
            [
                "info string error: go: no position (the last position command was refused)",
                "bestmove none"
            ]
        );
    }
    // A good position afterwards is searched again.
    engine.line("position startpos");
    engine.line("go depth 1");
    let lines = engine.until("bestmove");
    best_hole(lines.last().expect("a line"));
    // A game that is over has no move.
    engine.line("position setup 0,0,0,0,0,0/2,0,0,0,0,0 36:34 S");
    engine.line("go depth 3");
    let lines = engine.until("bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove none"));
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn a_hemprich_pass_is_bestmove_dash_and_can_be_sent() {
    let mut engine = Engine::start(&["--variant", "hemprich"]);
    // South has no beans: South passes.
    engine.line("position setup 0,0,0,0,0,0/0,0,0,0,1,1 36:34 S");
    engine.line("go depth 3");
    assert_eq!(
        engine.until("bestmove").last().map(String::as_str),
        Some("bestmove -")
    );
    // After the pass, North moves.
    engine.line("position setup 0,0,0,0,0,0/0,0,0,0,1,1 36:34 S moves -");
    engine.line("go depth 3");
    let hole = best_hole(engine.until("bestmove").last().expect("a line"));
    assert!((11..=12).contains(&hole), "{hole}");
    // A pass where there are beans to move is refused.
    engine.line("position startpos moves -");
    assert_eq!(
        engine.next(),
        "info string error: illegal position: move 1 is `-`, but South has beans to move"
    );
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn garbage_unknown_commands_and_bad_limits_get_messages_and_the_engine_goes_on() {
    let mut engine = Engine::start(&[]);
    engine.line("xyzzy plugh");
    assert_eq!(engine.next(), "info string unknown command `xyzzy`");
    engine.send(b"go \xff\xfe\n");
    assert_eq!(
        engine.next(),
        "info string error: the line is not UTF-8 text"
    );
    engine.send(&[b'a'; 100_000]);
    engine.send(b"\n");
    assert!(
        engine
            .next()
            .starts_with("info string error: line too long: 100000 bytes, at most 65536 are read")
    );
    engine.line("");
    engine.line("   \t ");
    engine.line("go depth banana");
    assert!(
        engine
            .next()
            .starts_with("info string error: go: `depth` needs a whole number from 0 to ")
    );
    engine.line("go wtime 100");
    assert_eq!(
        engine.next(),
        "info string error: go: unknown limit `wtime` (the limits are movetime, depth, nodes and infinite)"
    );
    engine.line("isready extra");
    assert_eq!(
        engine.next(),
        "info string error: isready: takes no arguments, found `extra`"
    );
    engine.line("position");
    assert_eq!(
        engine.next(),
        "info string error: position: needs `startpos` or `setup <position string>`"
    );
    // A carriage return before the line break is not part of the command.
    engine.send(b"isready\r\n");
    assert_eq!(engine.next(), "readyok");

    // An absurd depth, a time of 0 and 0 nodes are searched as far as
    // they can be, with a note.
    engine.line("position startpos");
    engine.line("go depth 99999999999 nodes 5000");
    let lines = engine.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: depth 99999999999 is more than the engine searches; it searches at most 120 plies"
    );
    best_hole(lines.last().expect("a line"));
    engine.line("go movetime 0");
    let lines = engine.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: movetime 0 searches depth 1 (the least that gives a move)"
    );
    best_hole(lines.last().expect("a line"));
    engine.line("go depth 0");
    let lines = engine.until("bestmove");
    assert_eq!(
        lines[0],
        "info string go: depth 0 searches depth 1 (the least that gives a move)"
    );
    assert_eq!(info(&lines[1]).0, 1);
    engine.line("isready");
    assert_eq!(engine.next(), "readyok");
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn searches_are_deterministic_by_depth_after_newgame() {
    let mut engine = Engine::start(&[]);
    let mut answers = Vec::new();
    for _ in 0..2 {
        engine.line("newgame");
        engine.line("position startpos moves 1 7 2");
        engine.line("go depth 6");
        let lines = engine.until("bestmove");
        // Everything but the times and the speeds.
        let kept: Vec<String> = lines
            .iter()
            .map(|line| {
                let words: Vec<&str> = line.split(' ').collect();
                let mut out = Vec::new();
                let mut skip = false;
                for word in words {
                    if skip {
                        skip = false;
                        continue;
                    }
                    if word == "nps" || word == "time" {
                        skip = true;
                        continue;
                    }
                    out.push(word);
                }
                out.join(" ")
            })
            .collect();
        answers.push(kept);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn a_table_is_loaded_when_it_fits_and_named() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("standard-4.table");
    let path = file.to_str().expect("a UTF-8 path");
    let built = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["table", "--beans", "4", "-o", path])
        .output()
        .expect("the table is built");
    assert_eq!(built.status.code(), Some(0));

    let mut engine = Engine::start(&["--table", path]);
    engine.line("bsi");
    let lines = engine.until("bsiok");
    assert!(
        lines.contains(&format!(
            "info string table {path}: positions with up to 4 beans (2.9 kB)"
        )),
        "{lines:?}"
    );
    assert_eq!(engine.quit(), Some(0));

    // Not for the engine's rules: said, and the engine plays without it.
    let mut engine = Engine::start(&["--table", path, "--variant", "hemprich"]);
    engine.line("bsi");
    let lines = engine.until("bsiok");
    assert!(
        lines.iter().any(|line| line.starts_with(&format!(
            "info string table {path} not loaded: the table was built for the rules \"standard\""
        ))),
        "{lines:?}"
    );
    assert_eq!(engine.quit(), Some(0));

    // Larger than the memory left after the transposition table (a
    // 1 MB transposition table takes 524,288 bytes of it): refused by
    // what it would take once read, half its file (the entries with South
    // to move), before it is read.
    let big = dir.path().join("big.table");
    std::fs::write(&big, vec![0u8; 1_200_000]).expect("written");
    let big = big.to_str().expect("a UTF-8 path");
    let mut engine = Engine::start(&[
        "--table", big, "--table", path, "--hash", "1", "--memory", "1",
    ]);
    engine.line("bsi");
    let lines = engine.until("bsiok");
    assert!(
        lines.contains(&format!(
            "info string table {big} not loaded: it needs 600 kB of memory, 476 kB is left"
        )),
        "{lines:?}"
    );
    assert!(
        lines.contains(&format!(
            "info string table {path}: positions with up to 4 beans (2.9 kB)"
        )),
        "{lines:?}"
    );
    assert_eq!(engine.quit(), Some(0));
}

#[test]
fn a_level_of_the_table_found_damaged_while_read_is_said_and_the_engine_plays_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let tables = dir.path().join("tables");
    let path = tables.to_str().expect("a UTF-8 path");
    let built = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["table", "--beans", "6", "-o", path])
        .output()
        .expect("the table is built");
    assert_eq!(built.status.code(), Some(0));
    let six = tables.join("standard-own-side-L06.table");
    let mut bytes = std::fs::read(&six).expect("a level");
    bytes[32 + 10] ^= 1;
    std::fs::write(&six, &bytes).expect("written");

    // The headers are sound: the table is taken, its levels read behind.
    let mut engine = Engine::start(&["--table", path]);
    engine.line("bsi");
    let mut lines = engine.until("bsiok");
    assert!(
        lines.contains(&format!(
            "info string table {path}: positions with up to 6 beans (28 kB)"
        )),
        "{lines:?}"
    );
    // The damage is said with the first request after level 6 is read.
    let note = format!("info string table {path}: the table could not be read in full: ");
    let mut rounds = 0;
    while !lines.iter().any(|line| line.starts_with(&note)) && rounds < 1000 {
        engine.line("isready");
        lines = engine.until("readyok");
        rounds += 1;
    }
    let said = lines
        .iter()
        .find(|line| line.starts_with(&note))
        .unwrap_or_else(|| panic!("never said: {lines:?}"));
    assert!(
        said.contains("standard-own-side-L06.table: the table is damaged in bytes 32 to ")
            && said.ends_with("; the levels below it serve"),
        "{said}"
    );
    // Once.
    engine.line("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    // And the engine plays on.
    engine.line("position setup 0,1,0,0,2,1/0,0,3,0,0,1 34:30 S");
    engine.line("go depth 4");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .last()
            .is_some_and(|line| line.starts_with("bestmove ")),
        "{lines:?}"
    );
    assert_eq!(engine.quit(), Some(0));
}

/// A fake engine for `match`: a shell script that answers `bsi` and then
/// misbehaves at `go` as `on_go` says.
#[cfg(unix)]
fn fake_engine(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         plies=0\n\
         while read -r line; do\n\
           set -- $line\n\
           case \"$1\" in\n\
             bsi) echo 'id name fake'; echo bsiok ;;\n\
             isready) echo readyok ;;\n\
             position) if [ \"$3\" = moves ]; then plies=$(($# - 3)); else plies=0; fi ;;\n\
             go) {on_go} ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, script).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("executable");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// `bohnenspiel match` against engines that crash, hang and send
/// illegal moves: each loses its games, the match goes on, and every
/// game is written as a record that validates without errors.
#[cfg(unix)]
#[test]
fn a_match_goes_on_when_an_engine_crashes_hangs_or_moves_illegally() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // South's moves are holes 1–6: the fake plays the other side's hole.
    let illegal = fake_engine(
        dir.path(),
        "illegal",
        "if [ $((plies % 2)) = 0 ]; then echo 'bestmove 7'; else echo 'bestmove 1'; fi",
    );
    let crash = fake_engine(dir.path(), "crash", "exit 3");
    let hang = fake_engine(dir.path(), "hang", ":");
    for (fake, why) in [
        (&illegal, "forfeits: the illegal move "),
        (&crash, "forfeits: it crashed (its output ended)"),
        (&hang, "forfeits: it did not answer in time"),
    ] {
        let records = dir.path().join("games.txt");
        let records = records.to_str().expect("a UTF-8 path");
        let ran = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
            .args([
                "match",
                "self:depth=1",
                fake,
                "--random",
                "2",
                "--seed",
                "5",
                "--timeout",
                "400",
                "-o",
                records,
            ])
            .output()
            .expect("the match runs");
        let stdout = String::from_utf8_lossy(&ran.stdout);
        assert_eq!(ran.status.code(), Some(0), "{stdout}");
        let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(games.len(), 4, "{stdout}");
        for game in &games {
            assert!(game.contains(why), "{game}");
            assert!(game.contains("(B) forfeits"), "{game}");
        }
        assert!(
            stdout.contains("A against B: +4 =0 -0, 4/4 points (100.0%)"),
            "{stdout}"
        );
        let validated = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
            .args(["validate", "--quiet", records])
            .output()
            .expect("validate runs");
        assert_eq!(
            validated.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&validated.stdout)
        );
        let text = std::fs::read_to_string(records).expect("the records");
        assert_eq!(text.matches("[Round ").count(), 4);
        assert!(text.contains(&format!("[North \"{fake}\"]")));
    }
}

/// Two of the crate's own engines play all 36 two-ply openings twice:
/// 72 games, every one ended by the rules, a repetition or the ply cap,
/// and written as a record that validates.
#[test]
fn a_match_of_own_engines_plays_every_opening_both_ways() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let records = dir.path().join("games.txt");
    let records = records.to_str().expect("a UTF-8 path");
    let ran = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["match", "self:nodes=200", "self:nodes=200", "-o", records])
        .output()
        .expect("the match runs");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert_eq!(ran.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game ")).count(),
        72
    );
    assert!(!stdout.contains("forfeits"), "{stdout}");
    // The same engine on both sides: every opening's two games are the
    // same game with the colours swapped, so A scores exactly half.
    assert!(stdout.contains("36/72 points (50.0%)"), "{stdout}");
    let validated = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["validate", "--quiet", records])
        .output()
        .expect("validate runs");
    assert_eq!(validated.status.code(), Some(0));
}
