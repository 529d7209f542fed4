//! Parser unit tests: plies, marks, groups, layouts, endings, errors.

use crate::notation::{
    ErrorKind, GroupKind, Layout, Mark, ParsedRecord, Record, Span, Turn, WarningKind, WrittenMove,
    WrittenPly, parse_records,
};

fn one(text: &str) -> ParsedRecord {
    let mut games = parse_records(text);
    assert_eq!(games.len(), 1, "{text:?}");
    games.remove(0)
}

fn ok(text: &str) -> Record {
    let game = one(text);
    assert!(game.errors.is_empty(), "{text:?}: {:?}", game.errors);
    game.record
}

fn kinds(text: &str) -> Vec<(ErrorKind, usize, usize)> {
    parse_records(text)
        .iter()
        .flat_map(|g| g.errors.iter())
        .map(|e| (e.kind, e.location.line, e.location.column))
        .collect()
}

/// South's turn of a move that the test writes with one.
fn south(m: &WrittenMove) -> &Turn {
    m.south.turn().expect("South's turn is written")
}

fn holes(record: &Record) -> Vec<(u8, Option<u8>)> {
    record
        .movetext
        .moves
        .iter()
        .map(|m| {
            (
                m.south
                    .turn()
                    .map_or(0, |t| t.ply.hole.map_or(0, |hole| hole.number())),
                m.north
                    .as_ref()
                    .map(|t| t.ply.hole.map_or(0, |hole| hole.number())),
            )
        })
        .collect()
}

#[test]
fn every_mark_after_a_hole() {
    for mark in Mark::ALL {
        let ply: Result<WrittenPly, _> = format!("4{mark}").parse();
        assert_eq!(ply.map(|p| p.mark), Ok(Some(mark)));
    }
    let ply: Result<WrittenPly, _> = "12!(2 from 1)".parse();
    assert!(ply.is_ok_and(|p| p.mark == Some(Mark::Good) && p.groups.len() == 1));
    let ply: Result<WrittenPly, _> = "6!!(B/C)".parse();
    assert!(ply.is_ok_and(|p| p.mark == Some(Mark::Brilliant)
        && p.labels().map(|l| l.as_str()).collect::<Vec<_>>() == ["B", "C"]));
    assert!("4!!!".parse::<WrittenPly>().is_err());
    assert!("4 x".parse::<WrittenPly>().is_err());
}

#[test]
fn inline_moves_and_separators() {
    let record = ok("4,8; 6,12 (2 from hole 8);\n 6 ,\n7; 3 (2 from 12),7; 1");
    assert_eq!(record.movetext.layout, Layout::Inline);
    assert_eq!(
        holes(&record),
        [
            (4, Some(8)),
            (6, Some(12)),
            (6, Some(7)),
            (3, Some(7)),
            (1, None)
        ]
    );
    let last = record.movetext.moves.last();
    assert!(last.is_some_and(|m| !m.full_stop));
    let record = ok("3,9; 2 (2 from 3).");
    assert!(record.movetext.moves[1].full_stop);
    assert!(record.prose.is_none());
}

/// The kinds of the groups of the record's first ply, in written order.
fn first_ply_group_kinds(record: &Record) -> Vec<&GroupKind> {
    south(&record.movetext.moves[0])
        .ply
        .groups
        .iter()
        .map(|g| &g.kind)
        .collect()
}

#[test]
fn groups_are_classified() {
    let record = ok("4 (2 from 5; but not 7? because of 5!) (A/B) (4?) (wins (all) beans), 7");
    let groups = first_ply_group_kinds(&record);
    assert!(
        matches!(groups[0], GroupKind::Captures { comment: Some(c), .. } if &**c == "but not 7? because of 5!")
    );
    assert!(matches!(groups[1], GroupKind::Labels(l) if l.len() == 2));
    assert!(
        matches!(groups[2], GroupKind::OtherMove(p) if p.hole.map_or(0, |hole| hole.number()) == 4 && p.mark == Some(Mark::Mistake))
    );
    assert!(matches!(groups[3], GroupKind::Comment(c) if c == "wins (all) beans"));
    let ply = &south(&record.movetext.moves[0]).ply;
    assert_eq!(
        ply.comments().collect::<Vec<_>>(),
        ["but not 7? because of 5!", "wins (all) beans"]
    );
}

/// A label is one to seven capital letters: a longer run of them is a
/// comment in a group and no variation header.
#[test]
fn labels_have_at_most_seven_letters() {
    let record = ok("4 (ABCDEFG/B) (ABCDEFGH) (A//B) (A/b), 7");
    let kinds = first_ply_group_kinds(&record);
    assert!(matches!(kinds[0], GroupKind::Labels(l)
        if l.iter().map(|l| l.as_str()).collect::<Vec<_>>() == ["ABCDEFG", "B"]));
    assert!(matches!(kinds[1], GroupKind::Comment(c) if c == "ABCDEFGH"));
    assert!(matches!(kinds[2], GroupKind::Comment(c) if c == "A//B"));
    assert!(matches!(kinds[3], GroupKind::Comment(c) if c == "A/b"));
    assert_eq!(
        record.to_string(),
        "4 (ABCDEFG/B) (ABCDEFGH) (A//B) (A/b), 7\n"
    );
    let record = one("1. 2 (ABCDEFGH) 9\n(ABCDEFGH)\n1. 6 7\n");
    assert!(record.record.movetext.variations.is_empty());
    assert_eq!(
        record.record.prose.as_ref().map(|p| p.text.as_str()),
        Some("(ABCDEFGH)\n1. 6 7")
    );
}

#[test]
fn annotated_captures_are_flattened_in_written_order() {
    let cases: [(&str, &[(u8, u8)]); 10] = [
        ("2 from 12", &[(12, 2)]),
        ("2 from hole 8", &[(8, 2)]),
        ("6 from 9 plus 2 from 8", &[(9, 6), (8, 2)]),
        (
            "4 from 10, 2 from 9, 8, 7 each",
            &[(10, 4), (9, 2), (8, 2), (7, 2)],
        ),
        ("4 each from 2 and 1", &[(2, 4), (1, 4)]),
        ("6 each from 7 and 8", &[(7, 6), (8, 6)]),
        ("4 each from 2, 1 and 12", &[(2, 4), (1, 4), (12, 4)]),
        ("2 from 1 and 2 from 2", &[(1, 2), (2, 2)]),
        ("2 from 5 and 6 each", &[(5, 2), (6, 2)]),
        ("2 each from 12 and 11", &[(12, 2), (11, 2)]),
    ];
    for (text, expected) in cases {
        let ply: WrittenPly = match format!("3 ({text})").parse() {
            Ok(ply) => ply,
            Err(errors) => panic!("{text}: {errors}"),
        };
        let got: Vec<(u8, u8)> = ply
            .annotated_captures()
            .unwrap_or_default()
            .into_iter()
            .map(|(hole, beans)| (hole.number(), beans))
            .collect();
        assert_eq!(got, expected, "{text}");
        assert_eq!(ply.to_string(), format!("3 ({text})"), "phrasing is kept");
    }
    let ply: Result<WrittenPly, _> = "3 (A)".parse();
    assert!(ply.is_ok_and(|p| p.annotated_captures().is_none()));
}

#[test]
fn rows_with_alternatives_and_endings() {
    let record =
        ok(" 5.  3                     12\n 6.  1, 2, 4 or 5 and South wins with 38:34 points.\n");
    assert_eq!(record.movetext.layout, Layout::Numbered);
    let last = &record.movetext.moves[1];
    assert_eq!(last.row_number(), Some(6));
    assert_eq!(
        south(last)
            .plies()
            .map(|p| p.hole.map_or(0, |hole| hole.number()))
            .collect::<Vec<_>>(),
        [1, 2, 4, 5]
    );
    assert!(last.north.is_none());
    assert_eq!(
        last.ending.as_ref().map(|e| e.text.as_str()),
        Some("South wins with 38:34 points.")
    );
    let record =
        ok("6.  5                    8 or 9.\n7.  6 and South loses. Greed ruins gentlemen.\n");
    let row = &record.movetext.moves[0];
    assert!(row.full_stop);
    assert_eq!(row.north.as_ref().map(|t| t.plies().count()), Some(2));
    let record = ok("5.  4 (2 from 5 and 6 each)   9 (6 from 10) and North draws.\n");
    assert_eq!(
        record.movetext.moves[0]
            .ending
            .as_ref()
            .map(|e| e.text.as_str()),
        Some("North draws.")
    );
    let record = ok("7 and North draws!");
    assert_eq!(
        record.movetext.moves[0]
            .ending
            .as_ref()
            .map(|e| e.text.as_str()),
        Some("North draws!")
    );
}

#[test]
fn variations_know_their_branch_point_and_parent() {
    let record =
        ok("1.  2 (A)   9\n2.  6!!(B)  7\n(A)\n1.  6   7\n(B)\n2.  5 (D)  7\n(D)\n2.  6  7\n");
    let movetext = &record.movetext;
    assert_eq!(movetext.moves.len(), 2);
    assert_eq!(movetext.variations.len(), 3);
    let d = movetext.variation("D");
    assert_eq!(d.and_then(|v| v.branch_number()), Some(2));
    assert!(matches!(movetext.parent_of("A"), Some((None, m)) if m.row_number() == Some(1)));
    assert!(matches!(movetext.parent_of("D"), Some((Some(l), _)) if l.as_str() == "B"));
    assert!(movetext.parent_of("E").is_none());
}

#[test]
fn tags_and_prose() {
    let record = ok(
        "[South \"Rüger \\\"B.\\\" \\\\ x\"]\n[Result \"50:22\"]\n\n4,8; 1\n\nSouth wins.\nReally.\n",
    );
    assert_eq!(record.tag("South"), Some("Rüger \"B.\" \\ x"));
    assert_eq!(record.tag("Result"), Some("50:22"));
    assert_eq!(
        record.prose.map(|p| p.text),
        Some("South wins.\nReally.".to_owned())
    );
}

#[test]
fn games_without_tags_are_split_at_blank_lines() {
    let games = parse_records("4,8; 1\n\nProse.\n\n3,9\n\n\n5,7.\nMore prose.\n");
    let moves: Vec<usize> = games
        .iter()
        .map(|g| g.record.movetext.moves.len())
        .collect();
    assert_eq!(moves, [2, 1, 1]);
    assert_eq!(games[2].first_line, 8);
    assert_eq!(
        games[2].record.prose.as_ref().map(|p| p.text.as_str()),
        Some("More prose.")
    );
}

#[test]
fn errors_have_kinds_and_places() {
    assert_eq!(kinds("4,8; 13,7"), [(ErrorKind::HoleOutOfRange, 1, 6)]);
    assert_eq!(kinds("0"), [(ErrorKind::HoleOutOfRange, 1, 1)]);
    assert_eq!(kinds("4,x; 6"), [(ErrorKind::ExpectedHole, 1, 3)]);
    assert_eq!(kinds("4,8;; 6"), [(ErrorKind::EmptyMove, 1, 5)]);
    assert_eq!(
        kinds("4 (2 from 12, 8; 6"),
        [(ErrorKind::UnclosedParenthesis, 1, 3)]
    );
    assert_eq!(kinds("4!!!"), [(ErrorKind::UnknownMark, 1, 2)]);
    assert_eq!(kinds("4 (2 from 13)"), [(ErrorKind::HoleOutOfRange, 1, 11)]);
    assert_eq!(kinds(""), [(ErrorKind::EmptyInput, 1, 1)]);
    assert_eq!(kinds("[A \"1\"]\n"), [(ErrorKind::MissingMovetext, 2, 1)]);
    assert_eq!(kinds("[A \"1]\n4"), [(ErrorKind::UnclosedTagValue, 1, 4)]);
    assert_eq!(kinds("[A \"1\"\n4"), [(ErrorKind::UnclosedTag, 1, 7)]);
    assert_eq!(kinds("[A \"\\n\"]\n4"), [(ErrorKind::InvalidEscape, 1, 5)]);
    assert_eq!(kinds("1.  4 8 9\n"), [(ErrorKind::UnexpectedText, 1, 9)]);
    let error = one("Rüger: 4,8").errors.remove(0);
    assert_eq!(
        (error.location.column, error.found.as_str()),
        (1, "`Rüger`")
    );
    assert_eq!(
        one("4,8; 13").errors[0].to_string(),
        "1:6: hole number out of range: expected a hole number from 1 to 12, found `13`"
    );
}

#[test]
fn the_parser_recovers_and_reports_every_error() {
    let game = one("4,13; 6,x; 5,7; 4 (2; 3,3\n");
    let found: Vec<ErrorKind> = game.errors.iter().map(|e| e.kind).collect();
    assert_eq!(
        found,
        [
            ErrorKind::HoleOutOfRange,
            ErrorKind::ExpectedHole,
            ErrorKind::UnclosedParenthesis
        ]
    );
    // The unclosed group ends at the next `;`: its ply is kept; an
    // unreadable North ply costs only itself.
    assert_eq!(
        holes(&game.record),
        [(4, None), (6, None), (5, Some(7)), (4, None), (3, Some(3))]
    );
    // Only the errors that lost a ply say so: `2` is no annotation, and
    // may have swallowed one.
    let losing: Vec<bool> = game.errors.iter().map(|e| e.loses_plies).collect();
    assert_eq!(losing, [true, true, true]);
    let game = one("1.  13  7\n2.  4   7\n3.  x\n4.  5   8\n");
    assert_eq!(game.errors.len(), 2);
    assert_eq!(game.errors[1].location.line, 3);
    assert_eq!(game.record.movetext.moves.len(), 2);
}

#[test]
fn errors_in_groups_marks_and_tags_keep_every_ply() {
    let keeps = |text: &str, plies: &[(u8, Option<u8>)]| {
        let game = one(text);
        assert!(!game.errors.is_empty(), "{text}");
        assert!(
            game.errors.iter().all(|e| !e.loses_plies),
            "{text}: {:?}",
            game.errors
        );
        assert_eq!(holes(&game.record), plies, "{text}");
    };
    keeps(
        "[Date \"1962]\n\n4,8; 6,12\n",
        &[(4, Some(8)), (6, Some(12))],
    );
    keeps(
        "4,8; 6,12 (2 from hole 8; 6,7\n",
        &[(4, Some(8)), (6, Some(12)), (6, Some(7))],
    );
    keeps(
        "4,8; 6!!!,12; 6,7\n",
        &[(4, Some(8)), (6, Some(12)), (6, Some(7))],
    );
    keeps(
        "4,8; 6,12 (2 from 13); 6,7\n",
        &[(4, Some(8)), (6, Some(12)), (6, Some(7))],
    );
    keeps(
        "1.  4   8\n2.  6  12 (2 from hole 8\n3.  6   7\n",
        &[(4, Some(8)), (6, Some(12)), (6, Some(7))],
    );
    keeps(
        "1.  4   8. fine\n2.  6  12\n",
        &[(4, Some(8)), (6, Some(12))],
    );
}

#[test]
fn an_error_that_may_swallow_a_ply_says_so() {
    let loses = |text: &str, plies: &[(u8, Option<u8>)]| {
        let game = one(text);
        assert!(
            game.errors.iter().any(|e| e.loses_plies),
            "{text}: {:?}",
            game.errors
        );
        assert_eq!(holes(&game.record), plies, "{text}");
    };
    // The move is kept; what follows it up to the next `;` is lost.
    loses("4,8 9; 6,12\n", &[(4, Some(8)), (6, Some(12))]);
    loses("1.  4   8  9\n2.  6  12\n", &[(4, Some(8)), (6, Some(12))]);
    // A group that reads as a comment may hold North's ply.
    loses("4 (nice, 8; 6,12\n", &[(4, None), (6, Some(12))]);
    // An unreadable North ply costs only what it covers: South's ply
    // (and North's before an unreadable alternative) is kept.
    loses("4,x; 6,12\n", &[(4, None), (6, Some(12))]);
    loses("4, 13 (2 from 3); 6,12\n", &[(4, None), (6, Some(12))]);
    loses("4 or 5, 8 or x; 6,12\n", &[(4, Some(8)), (6, Some(12))]);
    loses("1.  4   x\n2.  6  12\n", &[(4, None), (6, Some(12))]);
    loses(
        "1.  4   8 or 13\n2.  6  12\n",
        &[(4, Some(8)), (6, Some(12))],
    );
    // An unreadable South turn costs the whole move.
    loses("x,8; 6,12\n", &[(6, Some(12))]);
    loses("4 or x, 8; 6,12\n", &[(6, Some(12))]);
    loses("1.  x   8\n2.  6  12\n", &[(6, Some(12))]);
    // Only the error says that it loses plies, once.
    let game = one("4,x; 6,12\n");
    assert_eq!(game.errors.len(), 1);
    assert_eq!(game.errors[0].kind, ErrorKind::ExpectedHole);
    let south = &game.record.movetext.moves[0];
    assert!(south.north.is_none());
    assert_eq!(south.span.start, 0);
    assert_eq!(south.span.end, 1);
}

#[test]
fn a_stray_closing_parenthesis_is_a_warning() {
    let game = one("4.  6   11 (2 from 12; but not 7? because of 5!))\n");
    assert!(game.errors.is_empty());
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(game.warnings[0].location.column, 49);
}

#[test]
fn record_from_str_wants_one_clean_game() {
    assert!("4,8".parse::<Record>().is_ok());
    assert!("4,8\n\n5,7".parse::<Record>().is_err());
    assert!("4,13".parse::<Record>().is_err());
}

#[test]
fn the_fast_path_builds_the_same_tree_as_the_general_path() {
    // A space before `;` or `.` sends a move to the general path; each
    // such space shifts the later spans by one byte.
    let fast = ok("4,8;6, 12;5,7.");
    let general = ok("4,8 ;6, 12 ;5,7 .");
    assert_eq!(fast.without_spans(), general.without_spans());
    for (shift, (a, b)) in fast
        .movetext
        .moves
        .iter()
        .zip(&general.movetext.moves)
        .enumerate()
    {
        let spans = |m: &crate::notation::WrittenMove| {
            [
                m.south.turn().map(|t| t.ply.span).unwrap_or_default(),
                m.north.as_ref().map(|t| t.ply.span).unwrap_or_default(),
            ]
        };
        assert_eq!(spans(a).map(|s| s.shifted(shift)), spans(b));
        assert_eq!(a.span.start + shift, b.span.start);
    }
    let (a, b) = (&fast.movetext.moves[2], &general.movetext.moves[2]);
    assert!(a.full_stop && b.full_stop);
    assert_eq!(
        (a.span.end + 3, a.span.len() + 1),
        (b.span.end, b.span.len())
    );
}

#[test]
fn many_errors_on_one_line_are_capped_and_located() {
    // Four errors a repetition (the unclosed `(`, two empty moves, the
    // `x`), 160,000 in all on one line. The speed of such input is
    // measured by `examples/hostile.rs`, not here; this test checks what
    // is kept and where it is placed.
    let text = "1 (; ;; 2,x;".repeat(40_000);
    let games = parse_records(&text);
    assert_eq!(games.len(), 1);
    // The first 100 are kept, and one last error counts the rest.
    let errors = &games[0].errors;
    assert_eq!(errors.len(), crate::notation::MAX_ERRORS_PER_GAME + 1);
    let last = &errors[errors.len() - 1];
    assert_eq!(last.kind, ErrorKind::TooManyErrors { more: 159_900 });
    assert_eq!(last.count(), 159_900);
    assert!(last.message.starts_with("159900 more errors"), "{last}");
    // The 101st error is the first `(` of the 26th repetition.
    assert_eq!(last.location.column, 25 * 12 + 3);
    assert_eq!(errors[99].location.column, 24 * 12 + 11);
}

mod visitor {
    use std::ops::ControlFlow;

    use crate::notation::{
        GroupToken, Label, MoveEnd, PlyToken, RecordReader, Skip, Span, Visitor,
    };

    /// Records the events it sees, and stops after `limit` plies.
    struct Log {
        events: Vec<String>,
        limit: usize,
    }

    impl Visitor for Log {
        type Output = Vec<String>;

        fn tag(&mut self, name: &str, value: &str, _: crate::notation::Span) -> ControlFlow<()> {
            self.events.push(format!("tag {name}={value}"));
            ControlFlow::Continue(())
        }

        fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
            let number = number.map(|(number, _)| number);
            self.events.push(format!("move {number:?}"));
            ControlFlow::Continue(())
        }

        fn ply(&mut self, ply: &PlyToken) -> ControlFlow<()> {
            self.events.push(format!(
                "{:?}{} {}",
                ply.player,
                if ply.alternative { " or" } else { "" },
                ply.hole.map_or(0, |hole| hole.number())
            ));
            if self.events.len() >= self.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }

        fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
            self.events.push(format!("end {}", end.full_stop));
            ControlFlow::Continue(())
        }

        fn abandon_move(&mut self) -> ControlFlow<()> {
            self.events.push("abandon".to_owned());
            ControlFlow::Continue(())
        }

        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.events)
        }
    }

    #[test]
    fn events_in_order_and_early_stop() {
        let text = "[Date \"1962\"]\n4,8 or 9; x,3; 6 (2 from 1); 5,x.\n\n1. 2 3\n";
        let mut reader = RecordReader::new(text.as_bytes());
        let mut log = Log {
            events: Vec::new(),
            limit: usize::MAX,
        };
        let first = reader.visit_game(&mut log).and_then(Result::ok);
        assert_eq!(
            first.unwrap_or_default(),
            [
                "tag Date=1962",
                "move None",
                "South 4",
                "North 8",
                "North or 9",
                "end false",
                "move None",
                "abandon",
                "move None",
                "South 6",
                "end false",
                "move None",
                "South 5",
                "end false",
            ]
        );
        log.limit = 2;
        let second = reader.visit_game(&mut log).and_then(Result::ok);
        assert_eq!(second.unwrap_or_default(), ["move Some(1)", "South 2"]);
        assert!(reader.visit_game(&mut log).is_none());
    }

    /// Records moves and plies with their groups' text, and skips the
    /// variations named in `skip`.
    struct Skipper {
        skip: &'static [&'static str],
        events: Vec<String>,
        errors: usize,
    }

    impl Visitor for Skipper {
        type Output = (Vec<String>, usize);

        fn begin_variation(&mut self, label: Label, _: Span) -> ControlFlow<(), Skip> {
            let skip = self.skip.contains(&label.as_str());
            self.events
                .push(format!("({label}){}", if skip { " skipped" } else { "" }));
            ControlFlow::Continue(Skip(skip))
        }

        fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
            let number = number.map(|(number, _)| number);
            self.events.push(format!("move {number:?}"));
            ControlFlow::Continue(())
        }

        fn ply(&mut self, ply: &PlyToken) -> ControlFlow<()> {
            self.events.push(format!(
                "{:?} {} ",
                ply.player,
                ply.hole.map_or(0, |hole| hole.number()),
            ));
            ControlFlow::Continue(())
        }

        /// Adds the group's text and place to its ply's event, the groups
        /// joined by spaces.
        fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
            if let Some(event) = self.events.last_mut() {
                if !event.ends_with(' ') {
                    event.push(' ');
                }
                event.push_str(&format!("{}@{}", group.text(), group.span().start));
            }
            ControlFlow::Continue(())
        }

        fn prose(&mut self, text: &str, _: Span) -> ControlFlow<()> {
            self.events.push(format!("prose {text}"));
            ControlFlow::Continue(())
        }

        fn error(&mut self, _: &crate::notation::ParseError) -> ControlFlow<()> {
            self.errors += 1;
            ControlFlow::Continue(())
        }

        fn end_game(&mut self) -> (Vec<String>, usize) {
            (
                std::mem::take(&mut self.events),
                std::mem::take(&mut self.errors),
            )
        }
    }

    #[test]
    fn skipped_variations_are_not_read() {
        // Variation B holds an error (hole 13), which only a visitor that
        // reads it is told of.
        let text =
            "1. 4  9 (A/B)\n(A)\n1. 5 (2 from 7)  10\n(B)\n1. 6  13\n2. 3\n(C)\n1. 2\nThe end.\n";
        let mut skipper = Skipper {
            skip: &["B"],
            events: Vec::new(),
            errors: 0,
        };
        let (events, errors) = RecordReader::new(text.as_bytes())
            .visit_game(&mut skipper)
            .and_then(Result::ok)
            .unwrap_or_default();
        assert_eq!(
            events,
            [
                "move Some(1)",
                "South 4 ",
                "North 9 (A/B)@8",
                "(A)",
                "move Some(1)",
                "South 5 (2 from 7)@23",
                "North 10 ",
                "(B) skipped",
                "(C)",
                "move Some(1)",
                "South 2 ",
                "prose The end.",
            ]
        );
        assert_eq!(errors, 0);
        skipper.skip = &[];
        let (events, errors) = RecordReader::new(text.as_bytes())
            .visit_game(&mut skipper)
            .and_then(Result::ok)
            .unwrap_or_default();
        assert!(events.contains(&"South 6 ".to_owned()), "{events:?}");
        assert_eq!(errors, 1);
    }
}

/// `ply` with every span moved `by` bytes to the right.
fn shifted(mut ply: WrittenPly, by: usize) -> WrittenPly {
    ply.span = ply.span.shifted(by);
    for group in &mut ply.groups {
        group.span = group.span.shifted(by);
        match &mut group.kind {
            GroupKind::Captures { annotation, .. } => annotation.span = annotation.span.shifted(by),
            GroupKind::OtherMove(other) => other.span = other.span.shifted(by),
            GroupKind::Labels(_) | GroupKind::Comment(_) => {}
        }
    }
    ply
}

proptest::proptest! {
    #![proptest_config(crate::proptest_config(1024))]

    /// A move of two plies, each maybe with a mark and a group, gives the
    /// same plies, spans included, as each ply parsed alone; so do the
    /// moves around it.
    #[test]
    fn a_move_gives_the_plies_each_gives_alone(
        plies in proptest::collection::vec(
            (
                1u8..=12,
                proptest::sample::select(&["", "!", "?!"][..]),
                proptest::sample::select(&[
                    "", " (2 from 9)", "(4 from 7 and 4 from 6)", " (2 from 10, 9, 8 each)",
                    " (4 each from 2 and 1)", " (2 from hole 8)", " (a comment)", " (A)",
                    "(2 from 3; note)", "  (2 from 3)", " (2 from 3) (4?)",
                ][..]),
            ),
            2..=6,
        ),
        separators in proptest::collection::vec(
            proptest::sample::select(&[",", ", ", ",  ", " , "][..]),
            3,
        ),
        end in proptest::sample::select(&["", ";", ".", "; 1"][..]),
    ) {
        let written: Vec<String> = plies
            .iter()
            .map(|(hole, mark, group)| format!("{hole}{mark}{group}"))
            .collect();
        let mut text = String::new();
        let mut starts = Vec::new();
        for (i, ply) in written.iter().enumerate() {
            if i > 0 {
                text.push_str(if i % 2 == 1 { separators[i / 2 % 3] } else { "; " });
            }
            starts.push(text.len());
            text.push_str(ply);
        }
        text.push_str(end);
        let record = ok(&text);
        let read: Vec<&WrittenPly> = record
            .movetext
            .moves
            .iter()
            .flat_map(|m| m.turns().map(|(_, t)| &t.ply))
            .take(written.len())
            .collect();
        proptest::prop_assert_eq!(read.len(), written.len(), "{}", text);
        // Each move runs from its first hole to the end of its last ply,
        // or of the full stop after it.
        for (m, pair) in record.movetext.moves.iter().zip(starts.chunks(2).zip(written.chunks(2))) {
            let (first, last) = (pair.0[0], pair.0[pair.0.len() - 1] + pair.1[pair.1.len() - 1].len());
            let stop = usize::from(text.get(last..last + 1) == Some("."));
            proptest::prop_assert_eq!(m.span, Span::new(first, last + stop), "{}", text);
            proptest::prop_assert_eq!(m.full_stop, stop == 1, "{}", text);
        }
        for ((ply, alone), start) in read.into_iter().zip(&written).zip(&starts) {
            let alone: WrittenPly = alone
                .parse()
                .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}")))?;
            proptest::prop_assert_eq!(ply, &shifted(alone, *start), "{}", text);
        }
    }
}

#[test]
fn a_pass_is_written_as_a_dash_and_prints_back() {
    let passes = |record: &Record| -> Vec<(bool, bool)> {
        record
            .movetext
            .moves
            .iter()
            .map(|m| {
                (
                    m.south.turn().is_some_and(|t| t.ply.is_pass()),
                    m.north.as_ref().is_some_and(|t| t.ply.is_pass()),
                )
            })
            .collect()
    };
    let inline = ok("6,-; -! (no beans),7;-\n");
    assert_eq!(
        passes(&inline),
        [(false, true), (true, false), (true, false)]
    );
    assert_eq!(south(&inline.movetext.moves[1]).ply.mark, Some(Mark::Good));
    assert_eq!(south(&inline.movetext.moves[1]).ply.span, Span::new(5, 7));
    let printed = inline.to_string();
    assert_eq!(printed, "6, -; -! (no beans), 7; -\n");
    assert_eq!(ok(&printed).without_spans(), inline.without_spans());
    // In rows a pass stands in its column like a one-digit hole.
    let rows = ok("1. 6 -\n2. - 12\n3. 5 or - 7\n");
    assert_eq!(rows.movetext.layout, Layout::Numbered);
    assert_eq!(
        passes(&rows),
        [(false, true), (true, false), (false, false)]
    );
    assert!(south(&rows.movetext.moves[2]).alternatives[0].is_pass());
    let printed = rows.to_string();
    assert_eq!(printed, "1.  6        -\n2.  -       12\n3.  5 or -   7\n");
    assert_eq!(ok(&printed).without_spans(), rows.without_spans());
    // `(-)` is a comment, not another move.
    let remark = ok("4 (-), 8\n");
    assert!(matches!(
        &south(&remark.movetext.moves[0]).ply.groups[0].kind,
        GroupKind::Comment(text) if text == "-"
    ));
}

#[test]
fn a_paragraph_that_starts_with_a_pass_starts_a_game() {
    let games = parse_records(
        "4, 8\n\n- a remark on the game\n\n-, 7; 5, -\n\n- or 5\n\n- and South wins\n\n-and more prose\n",
    );
    assert_eq!(games.len(), 4);
    assert_eq!(
        games[3].record.prose.as_ref().map(|p| p.text.as_str()),
        Some("-and more prose")
    );
    assert_eq!(
        games[0].record.prose.as_ref().map(|p| p.text.as_str()),
        Some("- a remark on the game")
    );
    assert!(south(&games[1].record.movetext.moves[0]).ply.is_pass());
    assert!(games.iter().all(|game| game.errors.is_empty()));
}

/// The vectors that hold the groups of the record's plies (main line,
/// variations, alternatives), each with its length, and how many groups
/// the plies hold.
fn group_vectors(record: &Record) -> (Vec<(*const crate::notation::Group, usize)>, usize) {
    let mut vectors = Vec::new();
    let mut groups = 0;
    for m in record.all_moves() {
        for (_, turn) in m.turns() {
            for ply in turn.plies() {
                groups += ply.groups.len();
                if let Some((vector, len)) = ply.groups.shared_vector() {
                    let vector = vector.cast::<crate::notation::Group>();
                    if !vectors.contains(&(vector, len)) {
                        vectors.push((vector, len));
                    }
                }
            }
        }
    }
    (vectors, groups)
}

#[test]
fn the_plies_of_a_game_share_one_vector_of_groups() {
    // Plain plies, plies with several groups, alternatives and a
    // variation.
    let inline = ok("4 (2 from 7), 8 (A); 5, 6 (wins) (2 from 1); 3 or 4 (4?), 9\n");
    let (vectors, groups) = group_vectors(&inline);
    assert_eq!((vectors.len(), groups), (1, 5));
    assert_eq!(vectors[0].1, groups);
    let numbered = ok("1. 4 (2 from 7) 8 (B)\n2. 5, 6 (x) 9\n(B)\n1. 4 3 (2 from 4)\n");
    let (vectors, groups) = group_vectors(&numbered);
    assert_eq!((vectors.len(), groups), (1, 4));
    assert_eq!(vectors[0].1, groups);
    // A space before `;` sends a move to the general path after the fast
    // path has read its groups: they are read once.
    let retried = ok("4 (2 from 7), 8 ;5, 6 (2 from 1) ;3 (2 from 9), 4 (x) ;2, 1\n");
    let (vectors, groups) = group_vectors(&retried);
    assert_eq!((vectors.len(), groups), (1, 4));
    assert_eq!(vectors[0].1, groups);
    let fast = ok("4 (2 from 7), 8;5, 6 (2 from 1);3 (2 from 9), 4 (x);2, 1\n");
    assert_eq!(retried.without_spans(), fast.without_spans());
    // A game without groups holds no vector.
    assert_eq!(group_vectors(&ok("4, 8; 5, 6\n")), (Vec::new(), 0));
    // Each game has its own.
    let games = parse_records("4 (2 from 7), 8\n\n5, 6 (c)\n");
    let first = group_vectors(&games[0].record).0;
    let second = group_vectors(&games[1].record).0;
    assert!(first.len() == 1 && second.len() == 1 && first != second);
}

#[test]
fn the_groups_of_an_abandoned_move_are_not_kept() {
    // South's turn fails after its first ply (with a group) was read: the
    // move is dropped, and so are its groups.
    let game = one("4 (a), 8; 5 (b) or x, 9; 6 (c), 7\n");
    assert!(!game.errors.is_empty());
    assert_eq!(holes(&game.record), [(4, Some(8)), (6, Some(7))]);
    let (vectors, groups) = group_vectors(&game.record);
    assert_eq!(groups, 2);
    assert_eq!(vectors.len(), 1);
    assert_eq!(vectors[0].1, 2);
    let comments: Vec<_> = game
        .record
        .all_moves()
        .flat_map(|m| south(m).ply.comments())
        .collect();
    assert_eq!(comments, ["a", "c"]);
}

/// The kinds of the warnings of a one-game text, with their lines and
/// columns.
fn warning_kinds(text: &str) -> Vec<(WarningKind, usize, usize)> {
    one(text)
        .warnings
        .iter()
        .map(|w| (w.kind, w.location.line, w.location.column))
        .collect()
}

#[test]
fn certain_mistakes_read_as_meant_without_a_word() {
    // A row number glued to its ply, an annotation's words in capitals or
    // with a full stop: the same tree as written correctly.
    let spaced = ok("1. 4 8\n2. 6 12 (2 from 8)\n3. 6 7\n20. 5\n");
    let glued = ok("1.4 8\n2.6 12 (2 from 8)\n3.6 7\n20.5\n");
    assert_eq!(glued.without_spans(), spaced.without_spans());
    assert_eq!(glued.to_string(), spaced.to_string());
    assert!(one("1.4 8\n2.6!(2 from 8) 12\n").warnings.is_empty());
    let plain = ok("4, 8; 6, 12 (2 from 8)").without_spans();
    for written in ["2 From 8", "2 FROM 8", "2 from 8.", "2 From Hole 8."] {
        let text = format!("4, 8; 6, 12 ({written})");
        let game = one(&text);
        assert!(game.errors.is_empty() && game.warnings.is_empty(), "{text}");
        let phrases: Vec<_> = game.record.movetext.moves[1]
            .north
            .iter()
            .filter_map(|t| t.ply.capture_annotation())
            .flat_map(|a| a.captures())
            .map(|(hole, beans)| (hole.number(), beans))
            .collect();
        assert_eq!(phrases, [(8, 2)], "{text}");
    }
    assert_eq!(
        ok("4, 8; 6, 12 (2 FROM 8.)").without_spans().to_string(),
        plain.to_string()
    );
    // Prose that does not read as moves stays prose, silently.
    let game = one("4,8; 6,7.\n4 beans are left.\n");
    assert!(game.warnings.is_empty() && game.errors.is_empty());
    assert!(!one("1.5 beans were left").record.movetext.moves.is_empty());
}

#[test]
fn uncertain_mistakes_are_read_and_reported_at_their_place() {
    // A `.` for `;` between moves: an error there, every ply read.
    let text = "4,8; 6,12 (2 from hole 8); 6,7. 3 (2 from 12),7; 5,8 (2 from 12)";
    assert_eq!(kinds(text), [(ErrorKind::StraySeparator, 1, 31)]);
    let game = one(text);
    assert!(game.errors.iter().all(|e| !e.loses_plies));
    assert_eq!(holes(&game.record).len(), 5);
    assert!(game.record.prose.is_none());
    // A `.` for `,`, and a `.` beside the `;`.
    assert_eq!(
        kinds("4.8; 6,7.; 3,7"),
        [
            (ErrorKind::StraySeparator, 1, 2),
            (ErrorKind::StraySeparator, 1, 9)
        ]
    );
    assert_eq!(
        holes(&one("4.8; 6,7.; 3,7").record),
        [(4, Some(8)), (6, Some(7)), (3, Some(7))]
    );
    // A second `,` in a move: the message names it.
    let game = one("4,8, 6,12");
    assert_eq!(kinds("4,8, 6,12"), [(ErrorKind::StraySeparator, 1, 4)]);
    assert!(game.errors[0].message.contains("second `,`"));
    assert_eq!(holes(&game.record), [(4, Some(8)), (6, Some(12))]);
    // Without moves after it, a second `,` is still an error that does
    // not expect a `,`.
    let game = one("4,8, x");
    assert!(game.errors[0].expected.contains("`;`") && !game.errors[0].expected.contains("`,`,"));
    // A `.` between South's and North's ply in a row.
    assert_eq!(kinds("1. 4. 8\n"), [(ErrorKind::StraySeparator, 1, 5)]);
    assert_eq!(holes(&one("1. 4. 8\n").record), [(4, Some(8))]);
    // A comma between South's and North's ply in a row: the two plies.
    let text = "1. 4, 8\n2. 6, 12 (2 from 8)\n";
    assert_eq!(
        warning_kinds(text),
        [
            (WarningKind::CommaBetweenTurns, 1, 5),
            (WarningKind::CommaBetweenTurns, 2, 5)
        ]
    );
    assert_eq!(holes(&one(text).record), [(4, Some(8)), (6, Some(12))]);
    // Alternatives of one player stay alternatives.
    assert!(warning_kinds("1. 1, 2, 4 or 5  8\n").is_empty());
    // Loose capture annotations: read, with a warning quoting them.
    for written in ["2 from 8!", "2 beans from 8", "takes 2 from 8"] {
        let text = format!("4, 8; 6, 12 ({written})");
        let game = one(&text);
        assert_eq!(
            warning_kinds(&text),
            [(WarningKind::LooseCaptureAnnotation, 1, 13)]
        );
        assert!(game.warnings[0].message.contains(written), "{text}");
        assert_eq!(game.record.to_string(), "4, 8; 6, 12 (2 from 8)\n");
    }
    // A comment with more words is a comment, and since it reads like a
    // claim that nothing checks, the reader says so.
    let game = one("4, 8; 6, 12 (South takes 2 from 8 and wins)");
    let north = game.record.movetext.moves[1]
        .north
        .as_ref()
        .expect("North's ply");
    assert!(matches!(
        north
            .ply
            .groups
            .iter()
            .map(|g| &g.kind)
            .collect::<Vec<_>>()
            .as_slice(),
        [GroupKind::Comment(_)]
    ));
    assert_eq!(
        warning_kinds("4, 8; 6, 12 (South takes 2 from 8 and wins)"),
        [(WarningKind::LooseCaptureAnnotation, 1, 13)]
    );
    assert!(game.warnings[0].message.contains("not checked"));
    // A comment that claims nothing is a comment without a word.
    assert!(warning_kinds("4, 8; 6, 12 (a fine move from South)").is_empty());
    assert!(
        warning_kinds("4, 8; 6, 12 (2 from 14)")
            .iter()
            .all(|(kind, _, _)| *kind != WarningKind::LooseCaptureAnnotation)
    );
    // Prose and endings that read as moves.
    assert_eq!(
        warning_kinds("4,8; 6,12 (2 from 8).\n3 (2 from 12),7; 5,8"),
        [(WarningKind::ProseReadsAsMoves, 2, 1)]
    );
    assert_eq!(
        warning_kinds("4,8; 6,12 and 5, 9"),
        [(WarningKind::ProseReadsAsMoves, 1, 15)]
    );
    assert_eq!(
        warning_kinds("1. 4  8\n2.. 6  12\n3. 6  7\n"),
        [(WarningKind::ProseReadsAsMoves, 2, 1)]
    );
    // A bracketed note after the moves: one warning, one game.
    let text = "[Event \"x\"]\n\n4,8; 6,12 (2 from 8)\n[The rest of the score is illegible.]\n";
    assert_eq!(parse_records(text).len(), 1);
    assert_eq!(warning_kinds(text), [(WarningKind::BracketedNote, 4, 1)]);
    assert!(one(text).errors.is_empty());
    // A tag line after the moves still starts the next game.
    assert_eq!(parse_records("4,8\n[Event \"x\"]\n\n6,12\n").len(), 2);
}

#[test]
fn a_short_game_keeps_little_room_for_moves() {
    // Many short records held together stay small: a game of three
    // moves does not keep the room made for a long one.
    let record = ok("4,8; 6,12; 5,9\n");
    assert_eq!(record.movetext.moves.len(), 3);
    assert!(record.movetext.moves.capacity() < 16);
    // A long game keeps what it uses.
    let long = "4,8; 6,12; 5,9; ".repeat(10);
    let record = ok(long.trim_end_matches("; "));
    assert_eq!(record.movetext.moves.len(), 30);
    assert!(record.movetext.moves.capacity() >= 30);
}
