//! The command on a terminal: the hint when it reads a terminal, and the
//! progress line on standard error (as `bohnenspiel --help` says). The
//! terminal is a pseudo-terminal opened with `rustix`.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};

/// A pseudo-terminal: its controlling side and the path of the terminal.
fn terminal() -> (File, String) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("its name");
    let name = name.to_str().expect("a UTF-8 name").to_owned();
    (File::from(master), name)
}

/// What a run wrote to the terminal and to its standard output.
struct Run {
    terminal: String,
    stdout: String,
    code: Option<i32>,
}

/// Runs the command with the streams named in `on_terminal` (`stdin`,
/// `stdout`, `stderr`) on a terminal and the others piped (standard input
/// empty), typing `typed` on the terminal once `wait_for` has appeared
/// there (or at once).
fn run(args: &[&str], on_terminal: &[&str], wait_for: Option<&str>, typed: &[u8]) -> Run {
    let (mut master, name) = terminal();
    let open = || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&name)
            .expect("the terminal")
    };
    let stream = |which: &str, piped: Stdio| {
        if on_terminal.contains(&which) {
            Stdio::from(open())
        } else {
            piped
        }
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(stream("stdin", Stdio::null()))
        .stdout(stream("stdout", Stdio::piped()))
        .stderr(stream("stderr", Stdio::piped()))
        .spawn()
        .expect("the binary starts");
    // Read the terminal in the background, until every end of it is
    // closed (Linux then gives an error, others the end of the file).
    let mut reader = master.try_clone().expect("a second handle");
    let (sender, received) = mpsc::channel::<Vec<u8>>();
    let read_terminal = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = reader.read(&mut buffer) {
            if sender.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    if let Some(text) = wait_for {
        while !String::from_utf8_lossy(&seen).contains(text) {
            match received.recv_timeout(Duration::from_secs(20)) {
                Ok(bytes) => seen.extend(bytes),
                Err(_) => panic!(
                    "`{text}` did not appear: {:?}",
                    String::from_utf8_lossy(&seen)
                ),
            }
        }
    }
    master.write_all(typed).expect("typed");
    let mut stdout = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut stdout).expect("standard output");
    }
    let status = child.wait().expect("the command ends");
    drop(master);
    // The terminal stays open while the master is; what is left of it
    // comes within a moment.
    while let Ok(bytes) = received.recv_timeout(Duration::from_millis(500)) {
        seen.extend(bytes);
    }
    drop(received);
    drop(read_terminal);
    Run {
        terminal: String::from_utf8_lossy(&seen).into_owned(),
        stdout,
        code: status.code(),
    }
}

#[test]
fn reading_a_terminal_the_command_says_it_waits_for_records() {
    // The hint comes before anything is typed; Ctrl-D ends the input.
    let run = run(
        &["validate"],
        &["stdin", "stderr"],
        Some("Ctrl-D"),
        b"4,8; 6,12 (2 from hole 8)\n\x04",
    );
    assert_eq!(run.code, Some(0), "{}", run.terminal);
    assert!(
        run.terminal
            .starts_with("bohnenspiel: reading records from the terminal; end with Ctrl-D"),
        "{}",
        run.terminal
    );
    // One Ctrl-D ends the input: the game was read and validated.
    assert!(run.terminal.contains("totals: 1 game"), "{}", run.terminal);
    assert!(
        run.stdout.contains("<stdin>: game 1: valid"),
        "{}",
        run.stdout
    );
    // Off a terminal there is no hint.
    let piped = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .arg("validate")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(
        !String::from_utf8_lossy(&piped.stderr).contains("Ctrl-D"),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
}

#[test]
fn the_progress_line_is_drawn_on_a_terminal_when_the_output_is_not_and_erased() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("games.txt");
    let game = "4,8; 6,12 (2 from hole 8)\n\n";
    std::fs::write(&path, game.repeat(3000)).expect("written");
    let path = path.to_str().expect("a UTF-8 path");
    let drawn = run(&["validate", "--quiet", path], &["stderr"], None, b"");
    assert_eq!(drawn.code, Some(0), "{}", drawn.terminal);
    assert!(
        drawn.terminal.contains("games read"),
        "{:?}",
        drawn.terminal
    );
    // Erased at the end: after the last line drawn comes the erasing of
    // the line, then only the totals line.
    let last = drawn.terminal.rfind("games read").unwrap_or_default();
    let rest = &drawn.terminal[last..];
    assert!(
        rest.contains("\x1b[2K") || rest.contains("\x1b[K"),
        "{rest:?}"
    );
    assert!(
        drawn.terminal.contains("totals: 3000 games"),
        "{:?}",
        drawn.terminal
    );
    // With standard output on the terminal too, the output shows the
    // progress: no line.
    let both = run(
        &["validate", "--quiet", path],
        &["stdout", "stderr"],
        None,
        b"",
    );
    assert_eq!(both.code, Some(0), "{}", both.terminal);
    assert!(!both.terminal.contains("games read"), "{:?}", both.terminal);
    assert!(
        both.terminal.contains("totals: 3000 games"),
        "{:?}",
        both.terminal
    );
}

#[test]
fn a_game_against_the_engine_on_a_terminal() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let record = dir.path().join("game.txt");
    let record_path = record.to_str().expect("a UTF-8 path");
    // Garbage, a hint and an undo before any move, then every hole in
    // turn, over and over: the illegal ones are refused with a message,
    // the first legal one is played, until the game ends.
    let mut typed = b"banana\nhint\nundo\n".to_vec();
    for _ in 0..150 {
        typed.extend_from_slice(b"1\n2\n3\n4\n5\n6\n");
    }
    let run = run(
        &["play", "--movetime", "5", "--output", record_path],
        &["stdin", "stdout", "stderr"],
        Some("South to move>"),
        &typed,
    );
    assert_eq!(run.code, Some(0), "{}", run.terminal);
    let terminal = &run.terminal;
    assert!(
        terminal
            .contains("`banana` is not a move: type a hole number, or undo, hint, resign or help"),
        "{terminal}"
    );
    assert!(terminal.contains("Hint: "), "{terminal}");
    assert!(
        terminal.contains("There is no move of yours to take back."),
        "{terminal}"
    );
    assert!(terminal.contains("The engine plays "), "{terminal}");
    // The board as `show` draws it, the last ply marked.
    assert!(terminal.contains("      12 11 10  9  8  7"), "{terminal}");
    assert!(terminal.contains("*"), "{terminal}");
    assert!(
        terminal.contains(" wins ") || terminal.contains("draw "),
        "a result: {terminal}"
    );
    assert!(
        terminal.contains(&format!("The game is written to {record_path}.")),
        "{terminal}"
    );
    // The record validates clean: no finding at all.
    let text = std::fs::read_to_string(&record).expect("the record");
    assert!(text.contains("[Result \""), "{text}");
    let validated = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["validate", record_path])
        .output()
        .expect("validate runs");
    let stdout = String::from_utf8_lossy(&validated.stdout);
    assert_eq!(validated.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains(": game 1: valid;"), "{stdout}");
}

#[test]
fn solve_draws_a_progress_line_on_a_terminal() {
    let opening = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S";
    let drawn = run(
        &["solve", "--time", "1", "--position", opening],
        &["stderr"],
        None,
        b"",
    );
    assert_eq!(drawn.code, Some(1), "{}", drawn.terminal);
    assert!(
        drawn
            .terminal
            .contains("solving (budget: 100000000 nodes and 1 s)"),
        "{:?}",
        drawn.terminal
    );
    assert!(
        drawn.stdout.contains("(the engine's, not exact)"),
        "{}",
        drawn.stdout
    );
    // Off a terminal, standard error holds the error line only.
    let piped = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"))
        .args(["solve", "--time", "0.2", "--position", opening])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&piped.stderr);
    assert!(!stderr.contains("solving"), "{stderr}");
}
