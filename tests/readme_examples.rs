//! The README's example sessions are what the command prints: every
//! ` ```console ` block of README.md is run, so that its output cannot
//! drift from the tool's.
//!
//! In such a block, a line starting with `$ ` is a command (run by bash,
//! with `bohnenspiel` the binary under test), and the lines after it, up
//! to the next command, are what it prints (standard output and standard
//! error as they come). The commands of a block run one after another in
//! one shell, in a scratch directory where `fixtures` is the crate's
//! fixtures, so a file one writes is there for the next, and `$?` or
//! `${PIPESTATUS[0]}` is the status of the command before.
//!
//! An example session becomes such a block by its fence alone: write
//! ` ```console ` instead of ` ```sh `.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One example session: its first line in the README, its commands and
/// what each prints.
#[derive(Debug)]
struct Session {
    line: usize,
    steps: Vec<(String, String)>,
}

/// The ` ```console ` blocks of `readme`.
fn sessions(readme: &str) -> Vec<Session> {
    let mut sessions = Vec::new();
    let mut current: Option<Session> = None;
    for (number, line) in readme.lines().enumerate() {
        if let Some(session) = &mut current {
            if line.starts_with("```") {
                sessions.extend(current.take());
            } else if let Some(command) = line.strip_prefix("$ ") {
                session.steps.push((command.to_owned(), String::new()));
            } else if let Some((_, output)) = session.steps.last_mut() {
                output.push_str(line);
                output.push('\n');
            }
        } else if line == "```console" {
            current = Some(Session {
                line: number + 1,
                steps: Vec::new(),
            });
        }
    }
    sessions
}

/// The bash script of a session: each command in a group of its own, its
/// output (both streams) written to the file `K` of `outputs`. A group
/// with a redirection keeps `$?` and `PIPESTATUS` for the next.
fn script(session: &Session, outputs: &Path) -> String {
    let mut text = String::new();
    for (k, (command, _)) in session.steps.iter().enumerate() {
        let file = outputs.join(k.to_string());
        text.push_str(&format!("{{ {command}\n}} > '{}' 2>&1\n", file.display()));
    }
    text
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs a session in a scratch directory: what each command printed.
fn run(session: &Session, scratch: &Path) -> Vec<String> {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_bohnenspiel"));
    let bin_dir = binary.parent().map(Path::to_path_buf).unwrap_or_default();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir];
    paths.extend(std::env::split_paths(&path));
    let outputs = tempfile::tempdir().unwrap_or_else(|error| panic!("{error}"));
    let status = Command::new("bash")
        .arg("-c")
        .arg(script(session, outputs.path()))
        .current_dir(scratch)
        .env("PATH", std::env::join_paths(paths).unwrap_or_default())
        .env_remove("CLICOLOR_FORCE")
        .env("NO_COLOR", "1")
        .status()
        .unwrap_or_else(|error| panic!("bash runs: {error}"));
    assert!(status.code().is_some(), "bash ended by a signal");
    (0..session.steps.len())
        .map(|k| std::fs::read_to_string(outputs.path().join(k.to_string())).unwrap_or_default())
        .collect()
}

#[test]
fn the_readme_examples_print_what_the_readme_says() {
    let readme = std::fs::read_to_string(manifest_dir().join("README.md"))
        .unwrap_or_else(|error| panic!("README.md: {error}"));
    let sessions = sessions(&readme);
    assert!(
        sessions.len() >= 4,
        "the README's example sessions are found"
    );
    for session in &sessions {
        let scratch = tempfile::tempdir().unwrap_or_else(|error| panic!("{error}"));
        #[cfg(unix)]
        std::os::unix::fs::symlink(
            manifest_dir().join("fixtures"),
            scratch.path().join("fixtures"),
        )
        .unwrap_or_else(|error| panic!("{error}"));
        let printed = run(session, scratch.path());
        for (k, (command, expected)) in session.steps.iter().enumerate() {
            let got = printed.get(k).map_or("", String::as_str);
            assert_eq!(
                got, expected,
                "README.md:{}: `{command}` prints something else",
                session.line
            );
        }
    }
}

#[test]
fn sessions_are_read_command_by_command() {
    let readme = "text\n```console\n$ echo a\na\n$ false\n$ echo $?\n1\n```\n```sh\n$ no\n```\n";
    let found = sessions(readme);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].line, 2);
    let steps: Vec<(&str, &str)> = found[0]
        .steps
        .iter()
        .map(|(command, output)| (command.as_str(), output.as_str()))
        .collect();
    assert_eq!(
        steps,
        [("echo a", "a\n"), ("false", ""), ("echo $?", "1\n")]
    );
    let scratch = tempfile::tempdir().unwrap_or_else(|error| panic!("{error}"));
    let printed = run(&found[0], scratch.path());
    assert_eq!(&printed[..3], ["a\n", "", "1\n"]);
}
