//! Validation of the historical games, the problems and broken records.

use bohnenspiel::notation::{GroupKind, ParsedRecord, Record, WrittenPly, parse_records};
use bohnenspiel::validate::{
    FindingKind, Options, ReplayedPly, Report, Severity, Start, StopReason, validate,
};
use bohnenspiel::{EndReason, PlayError, Player, Position, Score};

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("fixtures/{name}"))
        .unwrap_or_else(|e| panic!("fixtures/{name}: {e}"))
}

/// The written ply a replayed ply stands for: the first ply of the turn
/// its span finds in the record.
fn written<'r>(record: &'r Record, ply: &ReplayedPly) -> &'r WrittenPly {
    record
        .all_moves()
        .flat_map(|m| m.turns().map(|(_, turn)| &turn.ply))
        .find(|written| written.span == ply.span)
        .unwrap_or_else(|| panic!("no ply written at {:?}", ply.span))
}

fn parse_one(text: &str) -> ParsedRecord {
    let mut games = parse_records(text);
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0)
}

fn check(text: &str) -> Report {
    validate(&parse_one(text), &Options::default())
}

fn check_strict(text: &str) -> Report {
    validate(
        &parse_one(text),
        &Options {
            strict: true,
            ..Options::default()
        },
    )
}

/// Each finding as `line:column severity kind ply move variation: message`.
fn findings(report: &Report) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| {
            let ply = f.ply.map_or("-".to_owned(), |p| p.to_string());
            let number = f.move_number.map_or("-".to_owned(), |m| m.to_string());
            let variation = f.variation.as_ref().map_or("main", |label| label.as_str());
            format!(
                "{} {} {} ply {ply} move {number} {variation}: {}",
                f.location, f.severity, f.kind, f.message
            )
        })
        .collect()
}

#[test]
fn rueger_south_wins_50_22() {
    let report = check(&read("rueger-1962.txt"));
    assert_eq!(findings(&report), Vec::<String>::new());
    let end = report.end.unwrap_or_else(|| panic!("the game did not end"));
    assert_eq!(
        end.reason,
        EndReason::NoBeans {
            player: Player::North
        }
    );
    assert_eq!(end.score, Score::new(50, 22));
    assert_eq!(report.final_score(), Some(Score::new(50, 22)));
    assert_eq!(report.summary(), "South wins 50:22 (North cannot move)");
    assert_eq!(report.start, Start::Position(Position::new()));
    assert_eq!(report.main_line.plies.len(), 37);
    let captures: u32 = report
        .main_line
        .plies
        .iter()
        .map(|p| p.captures.total())
        .sum();
    // 52 beans captured; the 20 left on the board go to South.
    assert_eq!(captures, 52);
    let last = report
        .main_line
        .plies
        .last()
        .unwrap_or_else(|| panic!("no plies"));
    assert_eq!(
        (last.number, last.index, last.player),
        (19, 37, Player::South)
    );
    assert_eq!((report.error_count(), report.warning_count()), (0, 0));
}

#[test]
fn machatscheck_north_wins_50_22_with_every_annotation_confirmed() {
    let parsed = parse_one(&read("machatscheck-1972.txt"));
    let report = validate(&parsed, &Options::default());
    assert_eq!(findings(&report), Vec::<String>::new());
    assert_eq!(report.final_score(), Some(Score::new(22, 50)));
    assert_eq!(report.summary(), "North wins 22:50 (North cannot move)");
    let annotated = report
        .main_line
        .plies
        .iter()
        .filter(|p| written(&parsed.record, p).capture_annotation().is_some())
        .count();
    let capturing = report
        .main_line
        .plies
        .iter()
        .filter(|p| !p.captures.is_empty())
        .count();
    assert_eq!(annotated, capturing);
    assert_eq!(annotated, 17);
}

#[test]
fn the_gentlemen_replays_every_line() {
    let parsed = parse_one(&read("shotayev-gentlemen.txt"));
    let report = validate(&parsed, &Options::default());
    assert_eq!(
        findings(&report),
        [
            "12:25 warning unannotated-capture ply 12 move 6 main: the rules capture 2 from 12 here, but the record does not annotate it",
            "19:25 warning unannotated-capture ply 12 move 6 A: the rules capture 2 from 12 here, but the record does not annotate it",
            "24:5 note unfinished-game ply 11 move 6 B: the line stops after ply 11 before the game is over: 34:34 in the stores (a problem solution may stop early)",
            "27:65 warning syntax-warning ply - move - main: unmatched `)` ignored",
            "29:5 note unfinished-game ply 11 move 6 C: the line stops after ply 11 before the game is over: 34:34 in the stores (a problem solution may stop early)",
            "33:5 note unfinished-game ply 13 move 7 D: the line stops after ply 13 before the game is over: 34:34 in the stores (a problem solution may stop early)",
        ]
    );
    assert!(!report.has_errors());
    assert_eq!(report.final_score(), Some(Score::new(36, 36)));
    assert_eq!(
        report.summary(),
        "draw 36:36 (South cannot move); 4 variations replayed"
    );
    type Summary<'a> = (&'a str, Option<&'a str>, Option<u32>, bool, usize);
    let variations: Vec<Summary<'_>> = report
        .variations
        .iter()
        .map(|v| {
            (
                v.label.as_str(),
                v.parent.as_ref().map(|parent| parent.as_str()),
                v.branch,
                v.replayed,
                v.line.plies.len(),
            )
        })
        .collect();
    assert_eq!(
        variations,
        [
            ("A", None, Some(1), true, 12),
            ("B", None, Some(3), true, 7),
            ("C", None, Some(3), true, 7),
            ("D", Some("B"), Some(5), true, 5),
        ]
    );
    // Variation A ends the game like the main line; D's first ply is the
    // ninth of the game along its line.
    let a = &report.variations[0].line;
    assert_eq!(
        a.end.as_deref().map(|end| end.score),
        Some(Score::new(36, 36))
    );
    let d = &report.variations[3].line;
    assert_eq!(d.plies.first().map(|p| p.index), Some(9));
    // Every annotation, in every line, matches the rules.
    let lines = std::iter::once(&report.main_line).chain(report.variations.iter().map(|v| &v.line));
    let mut annotated = 0;
    for line in lines {
        for ply in &line.plies {
            if let Some(written) = written(&parsed.record, ply).annotated_captures() {
                let mut written: Vec<(u8, u8)> =
                    written.iter().map(|(h, b)| (h.number(), *b)).collect();
                let mut rules: Vec<(u8, u8)> = ply
                    .captures
                    .iter()
                    .map(|c| (c.hole.number(), c.beans))
                    .collect();
                written.sort_unstable();
                rules.sort_unstable();
                assert_eq!(written, rules, "ply {}", ply.index);
                annotated += 1;
            }
        }
    }
    assert_eq!(annotated, 8);
}

#[test]
fn charming_is_checked_for_syntax_only() {
    let report = check(&read("shotayev-charming.txt"));
    assert_eq!(
        findings(&report),
        [
            "4:1 note syntax-only ply - move - main: the Setup tag says the start position is unknown (\"?\"): the record is checked for syntax only"
        ]
    );
    assert_eq!(report.start, Start::Unknown);
    assert_eq!(report.start.position(), None);
    assert!(report.main_line.plies.is_empty());
    assert_eq!(report.variations.len(), 2);
    assert!(report.variations.iter().all(|v| !v.replayed));
    assert_eq!(report.summary(), "syntax only: start position unknown");
}

const OPENING: &str = "[Event \"test\"]\n\n";

#[test]
fn a_wrong_annotation_says_both() {
    let report = check(&format!(
        "{OPENING}4,8; 6,12 (2 from hole 8); 6,7; 3 (2 from 11),7\n"
    ));
    assert_eq!(
        findings(&report),
        [
            "3:36 error capture-mismatch ply 7 move 4 main: annotated 2 from 11, but the rules capture 2 from 12",
            "3:47 warning unfinished-game ply 8 move 4 main: the line stops after ply 8 before the game is over: 2:2 in the stores",
        ]
    );
    let report = check(&format!("{OPENING}4,8 (2 from 7); 6,12 (2 from hole 8).\n"));
    assert_eq!(
        findings(&report)[0],
        "3:6 error capture-mismatch ply 2 move 1 main: annotated 2 from 7, but the rules capture nothing"
    );
}

#[test]
fn an_illegal_ply_stops_the_line_once() {
    let report = check(&format!("{OPENING}4,8; 9,12; 6,7\n"));
    assert_eq!(
        findings(&report),
        [
            "3:6 error wrong-player ply 3 move 2 main: illegal ply 3 at move 2: hole 9 belongs to North, but South is to move",
            "3:6 note replay-stopped ply 3 move 2 main: the 3 plies after ply 3 cannot be replayed",
        ]
    );
    assert_eq!(report.main_line.plies.len(), 2);
    let stop = *report
        .main_line
        .stop
        .as_deref()
        .unwrap_or_else(|| panic!("no stop"));
    assert_eq!((stop.ply, stop.move_number), (3, 2));
    assert!(matches!(
        stop.reason,
        StopReason::Illegal(PlayError::NotYourHole { .. })
    ));
    assert_eq!(
        report.summary(),
        "checked up to ply 2: illegal ply 3 at move 2"
    );

    let report = check(&format!("{OPENING}4,8; 4\n"));
    assert_eq!(
        findings(&report),
        [
            "3:6 error empty-hole ply 3 move 2 main: illegal ply 3 at move 2: hole 4 is empty, so South cannot sow from it"
        ]
    );
}

#[test]
fn a_move_after_the_end() {
    let text = read("rueger-1962.txt").replace("1,12; 1\n", "1,12; 1, 8\n");
    let report = check(&text);
    assert_eq!(
        findings(&report),
        [
            "8:303 error move-after-end ply 38 move 19 main: ply 38 at move 19 comes after the end of the game: South wins 50:22 (North cannot move)"
        ]
    );
    assert_eq!(report.final_score(), Some(Score::new(50, 22)));
    assert_eq!(
        report.summary(),
        "South wins 50:22 (North cannot move); ply 38 comes after the end"
    );
}

#[test]
fn a_wrong_result_tag() {
    let text = read("rueger-1962.txt").replace("[Result \"50:22\"]", "[Result \"22:50\"]");
    assert_eq!(
        findings(&check(&text)),
        [
            "6:1 error result-mismatch ply - move - main: the Result tag says 22:50, but the replayed game ends 50:22"
        ]
    );
    let text = read("rueger-1962.txt").replace("[Result \"50:22\"]", "[Result \"South\"]");
    assert_eq!(
        findings(&check(&text)),
        [
            "6:1 error result-mismatch ply - move - main: the Result tag \"South\" is not a score South:North such as 50:22"
        ]
    );
}

/// Six plies of a record: 0:2 in the stores, unfinished.
const SIX_PLIES: &str = "4,8; 6,12 (2 from hole 8); 6,7\n";

#[test]
fn a_result_tag_is_checked_on_an_unfinished_record() {
    let not_final = check(&format!("[Result \"50:21\"]\n\n{SIX_PLIES}"));
    assert_eq!(
        findings(&not_final)[0],
        "1:1 error result-mismatch ply - move - main: the Result tag \"50:21\" cannot end a game: its counts add up to 71, and a finished game has all 72 beans in the stores"
    );
    let exceeded = check(&format!("[Result \"72:0\"]\n\n{SIX_PLIES}"));
    assert_eq!(
        findings(&exceeded)[0],
        "1:1 error result-mismatch ply - move - main: the Result tag says 72:0, but after ply 6 North already has 2 in the store (0:2 in the stores)"
    );
    assert_eq!(
        exceeded.summary(),
        "unfinished after 6 plies: 0:2 in the stores"
    );
    // Rüger's game cut at a page break keeps the whole game's result,
    // which its first part can neither confirm nor contradict.
    let text = read("rueger-1962.txt");
    let cut = &text[..text.find("; 4,7;").expect("the page break")];
    let first_part = check(cut);
    assert!(!first_part.has_errors(), "{:?}", findings(&first_part));
    assert_eq!(first_part.result, Some(Score::new(50, 22)));
    assert_eq!(
        first_part.summary(),
        "unfinished after 16 plies: 6:8 in the stores; the Result tag's 50:22 is not confirmed"
    );
    // The whole game confirms it, and the summary says nothing more.
    assert_eq!(
        check(&text).summary(),
        "South wins 50:22 (North cannot move)"
    );
}

#[test]
fn tag_names_are_checked() {
    let text = read("rueger-1962.txt")
        .replace("[Event ", "[Evnet ")
        .replace("[Result \"50:22\"]", "[Resutl \"22:50\"]");
    let report = check(&text);
    assert_eq!(
        findings(&report),
        [
            "1:1 warning tag-name ply - move - main: unknown tag `Evnet`: did you mean `Event`? (the tag is kept as written, and not read as Event)",
            "6:1 warning tag-name ply - move - main: unknown tag `Resutl`: did you mean `Result`? (the tag is kept as written, and not read as Result)",
        ]
    );
    let twice = check(&format!(
        "[Event \"x\"]\n[Event \"y\"]\n[Opening \"z\"]\n\n{SIX_PLIES}"
    ));
    let tag_findings: Vec<String> = findings(&twice)
        .into_iter()
        .filter(|f| f.contains("tag-name"))
        .collect();
    assert_eq!(
        tag_findings,
        ["2:1 warning tag-name ply - move - main: a second `Event` tag: only the first one counts"]
    );
}

#[test]
fn only_what_a_record_states_makes_it_a_problem_solution() {
    let unfinished = |report: &Report| {
        report
            .findings
            .iter()
            .filter(|f| f.kind == FindingKind::UnfinishedGame)
            .map(|f| f.severity)
            .collect::<Vec<_>>()
    };
    let lines = "1. 4 (A) 8\n2. 6 12 (2 from 8)\n(A)\n1. 3 9\n";
    let from_the_opening = check(lines);
    assert_eq!(
        unfinished(&from_the_opening),
        [Severity::Warning, Severity::Warning]
    );
    let stipulated = check(&format!("[Event \"South to move and win\"]\n\n{lines}"));
    assert_eq!(unfinished(&stipulated), [Severity::Note, Severity::Note]);
    let with_setup = check(&format!("[Setup \"{}\"]\n\n{lines}", Position::new()));
    assert_eq!(unfinished(&with_setup), [Severity::Note, Severity::Note]);
}

#[test]
fn rows_out_of_sequence() {
    let report = check(&format!("{OPENING}1. 4 8\n2. 6 12 (2 from 8)\n4. 6 7\n"));
    assert_eq!(
        findings(&report)[0],
        "5:1 error row-out-of-sequence ply - move 4 main: row 4 follows row 2: expected row 3"
    );
    let text = read("shotayev-gentlemen.txt").replace("(D)\n5.  6", "(D)\n8.  6");
    let report = check(&text);
    let errors: Vec<String> = findings(&report)
        .into_iter()
        .filter(|f| f.contains("error"))
        .collect();
    assert_eq!(
        errors[0],
        "31:1 error row-out-of-sequence ply - move 8 D: variation (D) starts at row 8, but variation (B) has rows 3 to 6"
    );
}

#[test]
fn an_unannotated_capture_is_a_warning_or_a_strict_error() {
    let text = format!("{OPENING}4,8; 6,12; 6,7; 3 (2 from 12),7\n");
    let lenient = check(&text);
    assert_eq!(
        findings(&lenient)[0],
        "3:8 warning unannotated-capture ply 4 move 2 main: the rules capture 2 from 8 here, but the record does not annotate it"
    );
    let strict = check_strict(&text);
    assert_eq!(
        findings(&strict)[0],
        "3:8 error unannotated-capture ply 4 move 2 main: the rules capture 2 from 8 here, but the record does not annotate it"
    );
    assert!(!lenient.has_errors());
    assert_eq!(strict.error_count(), 1);
}

#[test]
fn every_capture_annotation_of_a_ply_is_compared() {
    // Both annotations wrong: an error at each.
    let report = check("4 (2 from 12) (2 from 3), 8\n");
    assert_eq!(
        findings(&report),
        [
            "1:4 error capture-mismatch ply 1 move 1 main: annotated 2 from 12, but the rules capture nothing",
            "1:16 error capture-mismatch ply 1 move 1 main: annotated 2 from 3, but the rules capture nothing",
            "1:27 warning unfinished-game ply 2 move 1 main: the line stops after ply 2 before the game is over: 0:0 in the stores",
        ]
    );
    // The first right, the second wrong: an error at the second, and no
    // warning of the repetition besides.
    let report = check("4, 8; 6, 12 (2 from 8) (2 from 12)\n");
    let problems: Vec<String> = findings(&report)
        .into_iter()
        .filter(|f| !f.contains("unfinished-game"))
        .collect();
    assert_eq!(
        problems,
        [
            "1:25 error capture-mismatch ply 4 move 2 main: annotated 2 from 12, but the rules capture 2 from 8"
        ]
    );
    // The first wrong, the second right: an error at the first.
    let report = check("4, 8; 6, 12 (2 from 12) (2 from 8)\n");
    assert_eq!(report.error_count(), 1);
    assert_eq!(
        report
            .findings
            .iter()
            .find(|f| f.severity == Severity::Error)
            .map(|f| f.location.column),
        Some(14)
    );
    // Both right, in any phrasing: a warning at the second, strict or not.
    for report in [
        check("4, 8; 6, 12 (2 from 8) (2 from hole 8)\n"),
        check_strict("4, 8; 6, 12 (2 from 8) (2 from hole 8)\n"),
    ] {
        let problems: Vec<String> = findings(&report)
            .into_iter()
            .filter(|f| !f.contains("unfinished-game"))
            .collect();
        assert_eq!(
            problems,
            [
                "1:25 warning duplicate-annotation ply 4 move 2 main: captures annotated twice: the ply's first annotation already names 2 from 8"
            ]
        );
        assert!(!report.has_errors());
    }
    // An alternative's annotations are compared alike.
    let report = check("4, 8; 6, 12 or 7 (2 from 8) (2 from 9)\n");
    let problems: Vec<String> = findings(&report)
        .into_iter()
        .filter(|f| !f.contains("unfinished-game") && !f.contains("unannotated"))
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|p| p.contains("capture-mismatch") && p.contains("alternative 7")),
        "{problems:?}"
    );
}

#[test]
fn an_unfinished_game() {
    let report = check(&format!("{OPENING}4,8; 6,12 (2 from 8)\n"));
    assert_eq!(
        findings(&report),
        [
            "3:8 warning unfinished-game ply 4 move 2 main: the line stops after ply 4 before the game is over: 0:2 in the stores"
        ]
    );
    assert_eq!(
        report.summary(),
        "unfinished after 4 plies: 0:2 in the stores"
    );
    assert_eq!(report.end, None);
}

/// One bean on each side, six holes apart: the line `ROUND` brings the
/// start position back after 12 plies.
const ENDLESS: &str = "[Setup \"0,0,0,0,1,0/0,0,0,0,1,0 36:34 S\"]\n\n";
const ROUND: &str = "5,11; 6,12; 1,7; 2,8; 3,9; 4,10";

#[test]
fn a_record_that_stops_at_a_repetition_ended_by_a_claim() {
    let report =
        check(&format!("{ENDLESS}[Result \"37:35\"]\n\n{ROUND}\n").replace("\n\n[", "\n["));
    assert_eq!(
        findings(&report),
        [
            "4:30 note repetition ply 12 move 6 main: the record stops at ply 12, whose position repeats the start position: a claim of repetition ended the game, and endless play (own-side) scores it South wins 37:35",
        ]
    );
    let end = report.end.unwrap_or_else(|| panic!("no end"));
    assert_eq!(
        end.reason,
        EndReason::Repetition {
            earlier_ply: 0,
            ply: 12
        }
    );
    assert_eq!(
        report.summary(),
        "ended by a claim of repetition after ply 12 (as at the start): South wins 37:35"
    );
    // The Result tag is checked against the claimed score.
    let wrong = check(&format!("{ENDLESS}{ROUND}\n").replace("]\n\n", "]\n[Result \"36:36\"]\n\n"));
    assert!(
        findings(&wrong).iter().any(|f| f.contains(
            "error result-mismatch ply - move - main: the Result tag says 36:36, but the replayed game ends 37:35"
        )),
        "{:?}",
        findings(&wrong)
    );
}

#[test]
fn a_record_goes_on_after_a_repetition() {
    // Twice round, then on to a normal end: South's bean crosses over and
    // North's 7 leaves South without beans.
    let report = check(&format!("{ENDLESS}{ROUND};\n{ROUND};\n5,11; 6,7\n"));
    assert_eq!(findings(&report), Vec::<String>::new());
    assert_eq!(report.main_line.plies.len(), 28);
    assert_eq!(report.summary(), "draw 36:36 (South cannot move)");
}

#[test]
fn an_invalid_setup() {
    let report = check("[Setup \"6,6,6,6,6,6/6,6,6,6,6,5 0:0 S\"]\n\n4,8\n");
    assert_eq!(
        findings(&report),
        [
            "1:1 error invalid-setup ply - move - main: the Setup tag \"6,6,6,6,6,6/6,6,6,6,6,5 0:0 S\" is not a valid position: the holes and stores hold 71 beans, but a game always has 72"
        ]
    );
    assert_eq!(report.start, Start::NotReplayed);
    assert_eq!(report.summary(), "not replayed: invalid Setup tag");
}

#[test]
fn alternatives_and_other_moves_must_be_legal() {
    let text = read("shotayev-gentlemen.txt").replace("8 or 9.", "8 or 3.");
    let errors: Vec<String> = findings(&check(&text))
        .into_iter()
        .filter(|f| f.contains("error"))
        .collect();
    assert_eq!(
        errors,
        [
            "32:31 error wrong-player ply 12 move 6 D: illegal alternative 3: hole 3 belongs to South, but North is to move"
        ]
    );
    let text = read("shotayev-gentlemen.txt").replace("5 (4?)", "5 (1?)");
    let errors: Vec<String> = findings(&check(&text))
        .into_iter()
        .filter(|f| f.contains("error"))
        .collect();
    assert_eq!(
        errors,
        [
            "10:8 error empty-hole ply 7 move 4 main: illegal other move 1: hole 1 is empty, so South cannot sow from it"
        ]
    );
}

#[test]
fn syntax_errors_become_findings_and_stop_the_replay() {
    let report = check(&format!("{OPENING}4,8; 6,13; 6,7\n"));
    let all = findings(&report);
    assert_eq!(
        all,
        [
            "3:8 error hole-out-of-range ply - move - main: hole number out of range: expected a hole number from 1 to 12, found `13`",
            "3:12 note replay-stopped ply - move - main: the syntax error at 3:8 loses plies: only plies 1 to 3 are checked; the 2 plies written after it are not replayed",
        ]
    );
    // South's 6 before the error is replayed.
    assert_eq!(report.main_line.plies.len(), 3);
    let stop = *report
        .main_line
        .stop
        .as_deref()
        .unwrap_or_else(|| panic!("no stop"));
    assert!(matches!(stop.reason, StopReason::SyntaxError(location) if location.column == 8));
    assert_eq!(
        report.summary(),
        "checked up to ply 3: the syntax error at 3:8 loses the plies after it"
    );
}

#[test]
fn annotate_fills_in_the_rules_captures() {
    for name in ["rueger-1962.txt", "machatscheck-1972.txt"] {
        let parsed = parse_one(&read(name));
        let report = validate(&parsed, &Options::default());
        // Correct annotations are kept as written.
        let mut annotated = parsed.record.clone();
        report.annotate(&mut annotated);
        assert_eq!(annotated.without_spans(), parsed.record.without_spans());
        // With every annotation removed, annotate gives back the published
        // capture sets.
        let mut bare = parsed.record.clone();
        for m in &mut bare.movetext.moves {
            for (_, turn) in m.turns_mut() {
                turn.ply
                    .retain_groups(|g| !matches!(g.kind, GroupKind::Captures { .. }));
            }
        }
        let bare = parse_one(&bare.to_string());
        let bare_report = validate(&bare, &Options::default());
        assert!(bare_report.warning_count() > 0);
        let mut filled = bare.record.clone();
        bare_report.annotate(&mut filled);
        let sets = |record: &Record| -> Vec<Option<Vec<(u8, u8)>>> {
            record
                .movetext
                .moves
                .iter()
                .flat_map(|m| m.turns().map(|(_, turn)| turn))
                .map(|turn| {
                    turn.ply.annotated_captures().map(|list| {
                        let mut list: Vec<(u8, u8)> =
                            list.iter().map(|(h, b)| (h.number(), *b)).collect();
                        list.sort_unstable();
                        list
                    })
                })
                .collect()
        };
        assert_eq!(sets(&filled), sets(&parsed.record), "{name}");
        let again = validate(&parse_one(&filled.to_string()), &Options::default());
        assert!(again.findings.is_empty(), "{name}: {:#?}", findings(&again));
    }
}

#[test]
fn annotate_replaces_wrong_annotations_and_keeps_the_rest() {
    let text = format!(
        "{OPENING}4!,8 (2 from 7; a comment); 6,12 (2 from hole 10; why not 11?) (A); 6,7; 3 (good),7\n"
    );
    let parsed = parse_one(&text);
    let report = validate(&parsed, &Options::default());
    let mut annotated = parsed.record.clone();
    report.annotate(&mut annotated);
    assert_eq!(
        annotated.to_string(),
        "[Event \"test\"]\n\n4!, 8 (a comment); 6, 12 (2 from 8; why not 11?) (A); 6, 7; 3 (2 from 12) (good), 7\n"
    );
}

#[test]
fn the_gentlemen_annotated() {
    let parsed = parse_one(&read("shotayev-gentlemen.txt"));
    let report = validate(&parsed, &Options::default());
    let mut annotated = parsed.record.clone();
    report.annotate(&mut annotated);
    let annotated = annotated.to_string();
    assert!(
        annotated.contains("6.  5 (2 from 6)  11 (2 from 12) (wins the remaining beans)"),
        "{annotated}"
    );
    let again = check_strict(&annotated);
    let problems: Vec<String> = findings(&again)
        .into_iter()
        .filter(|f| !f.contains(" note "))
        .collect();
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(again.final_score(), Some(Score::new(36, 36)));
}

#[test]
fn findings_are_sorted_by_place() {
    let report = check(&format!("{OPENING}4,8 (2 from 7); 6,12; 6,7; 3,7\n"));
    let offsets: Vec<usize> = report.findings.iter().map(|f| f.span.start).collect();
    let mut sorted = offsets.clone();
    sorted.sort_unstable();
    assert_eq!(offsets, sorted);
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.severity == Severity::Error && f.kind == FindingKind::CaptureMismatch)
    );
}

#[test]
fn records_without_moves() {
    let report = check("[Event \"no moves\"]\n");
    assert!(report.has_errors());
    assert_eq!(report.summary(), "not replayed: syntax errors");
    assert!(report.main_line.plies.is_empty());
}

#[test]
fn other_rules() {
    use bohnenspiel::{Rules, Variant};
    let options = Options {
        strict: false,
        rules: Rules {
            variant: Variant::Hemprich,
            ..Rules::default()
        },
        ..Options::default()
    };
    // Under Hemprich's rules North passes when it has no beans, so the
    // record stops before the game is over.
    let report = validate(&parse_one(&read("rueger-1962.txt")), &options);
    assert_eq!(report.main_line.plies.len(), 37);
    assert_eq!(report.end, None);
    assert_eq!(
        findings(&report),
        [
            "8:300 warning unfinished-game ply 37 move 19 main: the line stops after ply 37 before the game is over: 30:22 in the stores"
        ]
    );
}

#[test]
fn variations_after_an_illegal_ply_are_not_replayed() {
    let text = read("shotayev-gentlemen.txt").replace(
        "2.  3                   11 (but",
        "2.  4                   11 (but",
    );
    let report = check(&text);
    let replayed: Vec<(&str, bool)> = report
        .variations
        .iter()
        .map(|v| (v.label.as_str(), v.replayed))
        .collect();
    assert_eq!(
        replayed,
        [("A", true), ("B", false), ("C", false), ("D", false)]
    );
    let notes: Vec<String> = findings(&report)
        .into_iter()
        .filter(|f| f.contains("replay-stopped") || f.contains("empty-hole"))
        .collect();
    assert_eq!(
        notes,
        [
            "8:5 error empty-hole ply 3 move 2 main: illegal ply 3 at move 2: hole 4 is empty, so South cannot sow from it",
            "8:5 note replay-stopped ply 3 move 2 main: the 9 plies after ply 3 cannot be replayed",
            "20:1 note replay-stopped ply - move - B: variation (B) is not replayed: its parent line cannot be replayed up to its branch point",
            "25:1 note replay-stopped ply - move - C: variation (C) is not replayed: its parent line cannot be replayed up to its branch point",
            "30:1 note replay-stopped ply - move - D: variation (D) is not replayed: its parent line cannot be replayed up to its branch point",
        ]
    );
    assert_eq!(
        report.summary(),
        "checked up to ply 2: illegal ply 3 at move 2; 1 of 4 variations replayed"
    );
}

#[test]
fn an_unclosed_tag_value_leaves_the_plies_replayable() {
    let report = check("[Date \"1962]\n\n4,8; 6,12 (4 from 8); 6,7\n");
    let all = findings(&report);
    assert_eq!(
        all,
        [
            "1:7 error syntax ply - move - main: the tag value has no closing quote: expected `\"`, found end of line",
            "3:12 error capture-mismatch ply 4 move 2 main: annotated 4 from 8, but the rules capture 2 from 8",
            "3:25 warning unfinished-game ply 6 move 3 main: the line stops after ply 6 before the game is over: 0:2 in the stores",
        ]
    );
    assert_eq!(report.main_line.plies.len(), 6);
    assert_eq!(
        report.summary(),
        "unfinished after 6 plies: 0:2 in the stores"
    );
}

#[test]
fn an_and_without_an_ending_is_an_error_that_keeps_the_text() {
    for (text, printed) in [
        ("4,8; 6 and \n", "4,8; 6 and\n"),
        ("1.  4   8\n2.  6 and \n", "1.  4   8\n2.  6 and\n"),
        // The same at the very end of the line: `fmt` drops the space
        // after the `and`, and what it prints must read as it did.
        ("4,8; 6 and\n", "4, 8; 6 and\n"),
        ("1.  4   8\n2.  6 and\n", "1.  4   8\n2.  6  and\n"),
    ] {
        let games = parse_records(text);
        let error = &games[0].errors[0];
        assert_eq!(error.message, "`and` stands without an ending", "{text:?}");
        assert!(!error.loses_plies, "{text:?}");
        assert_eq!(games[0].record.movetext.moves[1].ending, None);
        assert_eq!(check(text).main_line.plies.len(), 3);
        // `fmt` keeps the `and` verbatim where it stood.
        assert_eq!(games[0].print_keeping_unparsed(), printed, "{text:?}");
        let again = parse_records(printed);
        assert_eq!(again[0].errors.len(), 1, "{printed:?}");
        assert!(!again[0].errors[0].loses_plies, "{printed:?}");
        assert_eq!(check(printed).main_line.plies.len(), 3);
    }
}

#[test]
fn an_unclosed_group_keeps_its_ply_and_the_plies_after_it() {
    let text = read("rueger-1962.txt")
        .replace("6,12 (2 from hole 8);", "6,12 (2 from hole 8;")
        .replace("3 (2 from 12),7;", "3 (4 from 12),7;");
    let parsed = parse_one(&text);
    let report = validate(&parsed, &Options::default());
    let kinds: Vec<FindingKind> = report.findings.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, [FindingKind::Syntax, FindingKind::CaptureMismatch]);
    assert_eq!(
        report.findings[0].message,
        "unclosed parenthesis: expected `)`, found `;`"
    );
    assert_eq!(report.main_line.plies.len(), 37);
    // The annotation inside the unclosed group is still read and checked.
    assert_eq!(
        written(&parsed.record, &report.main_line.plies[3])
            .capture_annotation()
            .map(|a| a.to_string())
            .as_deref(),
        Some("2 from hole 8")
    );
    assert_eq!(report.summary(), "South wins 50:22 (North cannot move)");
    // In numbered rows, the group ends at the end of its line.
    let rows = check("1.  4   8\n2.  6  12 (2 from hole 8\n3.  6   7\n4.  3 (4 from 12)   7\n");
    let kinds: Vec<FindingKind> = rows.findings.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [
            FindingKind::Syntax,
            FindingKind::CaptureMismatch,
            FindingKind::UnfinishedGame
        ]
    );
    assert_eq!(rows.main_line.plies.len(), 8);
}

#[test]
fn a_lost_ply_stops_the_replay_once_and_the_line_is_not_unfinished() {
    // The ply after `6,` is lost: plies 1 to 3 (South's 6 included) are
    // checked, and the line is cut short by the error, not unfinished.
    let report = check("4,8; 6,x; 6,7; 3 (2 from 12),7\n");
    let all = findings(&report);
    assert_eq!(
        all,
        [
            "1:8 error syntax ply - move - main: a hole number is missing: expected a hole number from 1 to 12, found `x`",
            "1:11 note replay-stopped ply - move - main: the syntax error at 1:8 loses plies: only plies 1 to 3 are checked; the 4 plies written after it are not replayed",
        ]
    );
    // A ply lost at the end of the line: no later ply to stop at.
    let report = check("4,8; 6,12 (2 from 8); 13\n");
    let kinds: Vec<FindingKind> = report.findings.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [FindingKind::HoleOutOfRange, FindingKind::ReplayStopped]
    );
    assert_eq!(
        report.findings[1].message,
        "the syntax error at 1:23 loses plies: only plies 1 to 4 are checked, and any written after it are not replayed"
    );
    assert_eq!(
        report.summary(),
        "checked up to ply 4: the syntax error at 1:23 loses the plies after it"
    );
}

#[test]
fn an_unreadable_north_ply_costs_only_itself() {
    // `4,x`: South's 4 is replayed and checked (its wrong annotation is
    // reported), then the replay stops with the error's note, once.
    for text in ["4 (2 from 3),x\n", "1.  4 (2 from 3)  x\n"] {
        let report = check(text);
        let kinds: Vec<FindingKind> = report.findings.iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            [
                FindingKind::CaptureMismatch,
                FindingKind::Syntax,
                FindingKind::ReplayStopped
            ],
            "{text}: {:?}",
            findings(&report)
        );
        assert_eq!(report.main_line.plies.len(), 1, "{text}");
        assert_eq!(
            report.main_line.plies[0].mv.map(|mv| mv.hole().number()),
            Some(4)
        );
        let location = report.findings[1].location;
        assert_eq!(
            report.findings[2].message,
            format!(
                "the syntax error at {location} loses plies: only ply 1 is checked, and any written after it are not replayed"
            ),
            "{text}"
        );
        assert_eq!(
            report.summary(),
            format!("checked up to ply 1: the syntax error at {location} loses the plies after it"),
            "{text}"
        );
    }
}

#[test]
fn a_lost_ply_stops_only_its_own_line() {
    // Row 3 of the main line loses a ply; variation (A), which branches
    // at row 2, is written after it but replays in full.
    let text = "1.  4 (A)  8\n2.  6  12 (2 from 8)\n3.  x   7\n(A)\n1.  3   9\n2.  5   7\n";
    let report = check(text);
    assert!(report.variations[0].replayed);
    assert_eq!(report.variations[0].line.last_index, 4);
    let stopped: Vec<&bohnenspiel::validate::Finding> = report
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::ReplayStopped)
        .collect();
    assert_eq!(stopped.len(), 1);
    assert_eq!(stopped[0].variation, None);
}

#[test]
fn hemprich_records_count_the_forced_passes() {
    // South passes twice (not written): North's 7 is ply 4, its 8 ply 6.
    let text = "[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n[Result \"36:36\"]\n\n6,8; 7, 8 (2 from 9)\n";
    let report = check(text);
    assert_eq!(findings(&report), Vec::<String>::new());
    let plies: Vec<(usize, Player, u8)> = report
        .main_line
        .plies
        .iter()
        .map(|p| (p.index, p.player, p.mv.map_or(0, |mv| mv.hole().number())))
        .collect();
    assert_eq!(
        plies,
        [
            (1, Player::South, 6),
            (2, Player::North, 8),
            (4, Player::North, 7),
            (6, Player::North, 8)
        ]
    );
    assert_eq!(report.main_line.last_index, 6);
    assert_eq!(report.summary(), "draw 36:36 (all beans captured)");
    // Under the standard rules the game is over after ply 2 (North takes
    // the two beans left: 36:36 as well).
    let standard = check(&text.replace("hemprich", "standard"));
    assert_eq!(
        standard.findings.iter().map(|f| f.kind).collect::<Vec<_>>(),
        [FindingKind::MoveAfterEnd, FindingKind::ReplayStopped]
    );
}

#[test]
fn hemprich_records_may_write_the_forced_passes() {
    // The game of `hemprich_records_count_the_forced_passes`, with its two
    // passes written: the same plies, the passes among them.
    let text = "[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n[Result \"36:36\"]\n\n6, 8; -, 7; -, 8 (2 from 9)\n";
    let parsed = parse_one(text);
    let report = validate(&parsed, &Options::default());
    assert_eq!(findings(&report), Vec::<String>::new());
    let plies: Vec<(usize, u32, Player, Option<u8>)> = report
        .main_line
        .plies
        .iter()
        .map(|p| {
            (
                p.index,
                p.number,
                p.player,
                p.mv.map(|mv| mv.hole().number()),
            )
        })
        .collect();
    assert_eq!(
        plies,
        [
            (1, 1, Player::South, Some(6)),
            (2, 1, Player::North, Some(8)),
            (3, 2, Player::South, None),
            (4, 2, Player::North, Some(7)),
            (5, 3, Player::South, None),
            (6, 3, Player::North, Some(8))
        ]
    );
    assert!(written(&parsed.record, &report.main_line.plies[2]).is_pass());
    assert_eq!(report.main_line.last_index, 6);
    assert_eq!(report.summary(), "draw 36:36 (all beans captured)");
    // One pass written, the other left out: the same count.
    let mixed = check(&text.replace("-, 8", "8"));
    assert_eq!(findings(&mixed), Vec::<String>::new());
    assert_eq!(mixed.main_line.last_index, 6);
    // A pass at the start, forced by the setup.
    let first = check(
        "[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,0/1,1,0,0,0,0 36:34 S\"]\n[Result \"36:36\"]\n\n-, 7 (2 from 8)\n",
    );
    assert_eq!(findings(&first), Vec::<String>::new());
    assert_eq!(first.main_line.last_index, 2);
    assert_eq!(first.main_line.plies[0].index, 1);
}

#[test]
fn a_written_pass_that_the_rules_do_not_force_is_an_error() {
    // North can move.
    let report = check("[Rules \"hemprich\"]\n\n4, -; 5, 9\n");
    assert_eq!(
        report.findings.iter().map(|f| f.kind).collect::<Vec<_>>(),
        [FindingKind::IllegalPass, FindingKind::ReplayStopped]
    );
    let finding = &report.findings[0];
    assert_eq!((finding.ply, finding.move_number), (Some(2), Some(1)));
    assert_eq!(
        finding.message,
        "illegal ply 2 at move 1: a pass is written, but North can move (a player passes only without beans)"
    );
    assert_eq!(finding.span.len(), 1);
    assert_eq!(
        report.summary(),
        "checked up to ply 1: illegal ply 2 at move 1 (a pass)"
    );
    // Two passes in a row: only one is forced.
    let twice =
        check("[Rules \"hemprich\"]\n[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6, 8; -, -\n");
    assert_eq!(
        twice
            .findings
            .iter()
            .map(|f| (f.kind, f.ply))
            .collect::<Vec<_>>(),
        [(FindingKind::IllegalPass, Some(4))]
    );
    // Under the standard rules South, without beans, ends the game.
    let standard = check("[Setup \"0,0,0,0,0,2/0,0,0,0,0,0 36:34 S\"]\n\n6, 8; -, 7\n");
    assert_eq!(
        standard
            .findings
            .iter()
            .map(|f| (f.kind, f.ply))
            .collect::<Vec<_>>(),
        [
            (FindingKind::IllegalPass, Some(3)),
            (FindingKind::ReplayStopped, Some(3))
        ]
    );
    assert!(
        standard.findings[0]
            .message
            .contains("under the standard rules a player never passes"),
        "{}",
        standard.findings[0].message
    );
    // A pass is never an alternative.
    let alternative = check("[Rules \"hemprich\"]\n\n1. 4 or -  8\n");
    assert_eq!(
        alternative
            .findings
            .iter()
            .map(|f| f.kind)
            .collect::<Vec<_>>(),
        [FindingKind::IllegalPass, FindingKind::UnfinishedGame]
    );
}

#[test]
fn a_game_from_the_opening_starts_at_row_1() {
    // The second part of a game split by a blank line: legal from the
    // opening, so only its row number tells.
    let split = check("[Event \"x\"]\n\n 4.  4   8\n 5.  6  12 (2 from hole 8)\n");
    assert_eq!(
        findings(&split),
        [
            "3:2 warning row-out-of-sequence ply - move 4 main: the game starts from the opening (it has no `Setup` tag), but its first row is row 4: rows are missing, or a blank line split a game in two",
            "4:9 warning unfinished-game ply 4 move 5 main: the line stops after ply 4 before the game is over: 0:2 in the stores",
        ]
    );
    let from_row_1 = check("[Event \"x\"]\n\n 1.  4   8\n 2.  6  12 (2 from hole 8)\n");
    assert_eq!(
        findings(&from_row_1).len(),
        1,
        "{:?}",
        findings(&from_row_1)
    );
    // A start of its own may be numbered as the source numbers it.
    let with_setup = check(
        "[Setup \"6,6,6,6,6,6/6,6,6,6,6,6 0:0 S\"]\n\n 4.  4   8\n 5.  6  12 (2 from hole 8)\n",
    );
    assert!(
        !findings(&with_setup)
            .iter()
            .any(|f| f.contains("row-out-of-sequence")),
        "{:?}",
        findings(&with_setup)
    );
}
