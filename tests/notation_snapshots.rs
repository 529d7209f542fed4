//! Snapshots of the trees and canonical prints of the fixtures, and of the
//! error messages for the malformed records in `fixtures/invalid/`.

use std::fmt::Write;
use std::path::PathBuf;

use bohnenspiel::notation::RecordReader;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Every game of a file, as `(tree, canonical print, messages)`.
fn read(path: &std::path::Path) -> Vec<(String, String, String)> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    RecordReader::new(bytes.as_slice())
        .map(|game| {
            let game = game.unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut messages = String::new();
            for error in &game.errors {
                let _ = writeln!(messages, "{name}:{error}");
            }
            for warning in &game.warnings {
                let _ = writeln!(messages, "{name}:{warning}");
            }
            (
                format!("{:#?}", game.record),
                game.record.to_string(),
                messages,
            )
        })
        .collect()
}

#[test]
fn fixture_trees_and_prints() {
    for name in [
        "rueger-1962",
        "machatscheck-1972",
        "shotayev-gentlemen",
        "shotayev-charming",
    ] {
        let games = read(&fixtures().join(format!("{name}.txt")));
        assert_eq!(games.len(), 1, "{name}");
        let (tree, print, messages) = &games[0];
        insta::assert_snapshot!(format!("{name}-tree"), tree);
        insta::assert_snapshot!(format!("{name}-print"), print);
        insta::assert_snapshot!(format!("{name}-messages"), messages);
    }
}

#[test]
fn invalid_records_report_their_errors() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures().join("invalid"))
        .unwrap_or_else(|e| panic!("fixtures/invalid: {e}"))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    paths.sort();
    assert!(paths.len() >= 12);
    for path in paths {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let messages: String = read(&path).into_iter().map(|(_, _, m)| m).collect();
        assert!(!messages.is_empty(), "{stem} has no error");
        insta::assert_snapshot!(format!("invalid-{stem}"), messages);
    }
}
