//! Validation of the historical games, the problems and broken records.

use bohnenspiel::notation::{ParsedRecord, parse_records};
use bohnenspiel::validate::{Options, Report, validate};
use bohnenspiel::{EndReason, Player, Score};

fn fixture(name: &str) -> ParsedRecord {
    let text = std::fs::read_to_string(format!("fixtures/{name}")).unwrap_or_default();
    parse_records(&text)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no game in {name}"))
}

fn dump(report: &Report) -> String {
    let mut out = format!("{}\n", report.summary());
    for f in &report.findings {
        out.push_str(&format!(
            "{}:{} {} {} ply {:?} move {:?} var {:?}: {}\n",
            f.location.line,
            f.location.column,
            f.severity,
            f.kind,
            f.ply,
            f.move_number,
            f.variation,
            f.message
        ));
    }
    out
}

#[test]
fn rueger() {
    let report = validate(&fixture("rueger-1962.txt"), &Options::default());
    assert!(report.findings.is_empty(), "{}", dump(&report));
    let end = report.end.unwrap_or_else(|| panic!("not ended"));
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::North
        }
    );
    assert_eq!(end.score, Score::new(50, 22));
    assert_eq!(report.summary(), "South wins 50:22 (North cannot move)");
}

#[test]
fn machatscheck() {
    let report = validate(&fixture("machatscheck-1972.txt"), &Options::default());
    assert!(report.findings.is_empty(), "{}", dump(&report));
    assert_eq!(report.final_score(), Some(Score::new(22, 50)));
    assert_eq!(report.summary(), "North wins 50:22 (North cannot move)");
}

#[test]
fn gentlemen() {
    let report = validate(&fixture("shotayev-gentlemen.txt"), &Options::default());
    println!("{}", dump(&report));
    assert_eq!(report.final_score(), Some(Score::new(36, 36)));
    assert!(!report.has_errors());
}

#[test]
fn charming() {
    let report = validate(&fixture("shotayev-charming.txt"), &Options::default());
    println!("{}", dump(&report));
    assert!(report.syntax_only);
}
