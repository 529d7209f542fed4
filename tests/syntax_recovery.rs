//! Errors that cost no ply leave the replay going, even beyond the number
//! of errors a game keeps; an error that lost a ply and was not kept
//! still stops the replay.

use bohnenspiel::notation::parse_records;
use bohnenspiel::validate::{FindingKind, Options, validate};

/// `n` malformed tag lines (each an error that costs no ply), then `moves`.
fn record(n: usize, moves: &str) -> String {
    let mut text = String::new();
    for _ in 0..n {
        text.push_str("[Date \"1962]\n");
    }
    text.push('\n');
    text.push_str(moves);
    text
}

#[test]
fn errors_beyond_the_cap_that_cost_no_ply_leave_the_replay_going() {
    let games = parse_records(&record(150, "4,8; 6,12 (4 from 8); 6,7\n"));
    assert_eq!(games.len(), 1);
    let parsed = &games[0];
    assert!(parsed.errors.iter().all(|e| !e.loses_plies));
    let report = validate(parsed, &Options::default());
    // Every ply is replayed (the findings beyond the cap are counted,
    // not listed).
    assert_eq!(report.main_line.last_index, 6);
    assert_eq!(
        report.summary(),
        "unfinished after 6 plies: 0:2 in the stores"
    );
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.kind != FindingKind::ReplayStopped)
    );
}

#[test]
fn a_lost_ply_beyond_the_cap_still_stops_the_replay() {
    let games = parse_records(&record(150, "4,8; 6,x; 6,7\n"));
    let parsed = &games[0];
    assert!(parsed.errors.iter().any(|e| e.loses_plies));
    let report = validate(parsed, &Options::default());
    assert!(report.main_line.stop.is_some());
    assert!(report.main_line.last_index <= 2);
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.kind != FindingKind::UnfinishedGame)
    );
}
