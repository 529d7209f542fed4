//! Property tests: generated trees print and parse back to themselves, and
//! the parser never panics and places every error inside the input.

#[cfg(feature = "serde")]
mod common;

use bohnenspiel::Hole;
use std::collections::HashMap;

use bohnenspiel::notation::{
    CaptureAnnotation, Group, GroupKind, GroupToken, Label, Layout, Mark, Movetext, PlyToken,
    Prose, Record, RecordReader, SouthTurn, Span, Tag, Turn, Variation, Visitor, WrittenMove,
    WrittenPly, parse_records,
};
use proptest::prelude::*;
use proptest::sample::select;

/// The widest South turn that still moves the North column when a record
/// prints in numbered rows (the notation module's documentation).
const NORTH_COLUMN_LIMIT: usize = 40;

/// Several records as one file: each record's canonical form, separated
/// by blank lines.
fn print_records(records: &[Record]) -> String {
    records
        .iter()
        .map(Record::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

fn hole() -> impl Strategy<Value = Hole> {
    select(Hole::ALL.to_vec())
}

fn mark() -> impl Strategy<Value = Option<Mark>> {
    proptest::option::of(select(Mark::ALL.to_vec()))
}

fn words(first: &'static str) -> impl Strategy<Value = String> {
    (first, prop::collection::vec("[a-z]{1,7}[,.!?]?", 0..4)).prop_map(|(first, rest)| {
        std::iter::once(first)
            .chain(rest)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// The holes of a phrase as written: the first, then each further one
/// with the joiner before it (`, ` or ` and `).
fn hole_list(single: bool) -> impl Strategy<Value = String> {
    let len = if single { 0..1 } else { 0..4 };
    (
        hole(),
        prop::collection::vec((select(vec![", ", " and "]), hole()), len),
    )
        .prop_map(|(first, rest)| {
            let mut text = first.number().to_string();
            for (joiner, hole) in rest {
                text.push_str(joiner);
                text.push_str(&hole.number().to_string());
            }
            text
        })
}

/// One phrase of a capture annotation, in each of its three forms
/// (`2 from 8`, `2 from 9, 8 each`, `4 each from 2 and 1`), with or
/// without the word `hole` (`holes` before several).
fn phrase() -> impl Strategy<Value = String> {
    select(vec!["from", "from-each", "each-from"]).prop_flat_map(|form| {
        (any::<u8>(), hole_list(form == "from"), any::<bool>()).prop_map(
            move |(beans, holes, hole_word)| {
                let word = match (hole_word, holes.contains(' ')) {
                    (false, _) => "",
                    (true, false) => "hole ",
                    (true, true) => "holes ",
                };
                match form {
                    "each-from" => format!("{beans} each from {word}{holes}"),
                    "from-each" => format!("{beans} from {word}{holes} each"),
                    _ => format!("{beans} from {word}{holes}"),
                }
            },
        )
    })
}

/// A capture annotation of one to three phrases joined by `, `, ` and `
/// or ` plus `, read by the notation's reader as the group of a ply, so
/// that it holds the phrasing as written.
fn annotation() -> impl Strategy<Value = CaptureAnnotation> {
    (
        phrase(),
        prop::collection::vec((select(vec![", ", " and ", " plus "]), phrase()), 0..3),
    )
        .prop_map(|(first, rest)| {
            let mut text = first;
            for (joiner, phrase) in rest {
                text.push_str(joiner);
                text.push_str(&phrase);
            }
            let ply: WrittenPly = format!("1 ({text})")
                .parse()
                .unwrap_or_else(|error| panic!("({text}): {error}"));
            let mut annotation = ply
                .capture_annotation()
                .unwrap_or_else(|| panic!("({text}) is no capture annotation"))
                .clone();
            annotation.span = Span::default();
            annotation
        })
}

fn group() -> impl Strategy<Value = Group> {
    let kind = prop_oneof![
        (annotation(), proptest::option::of(words("[a-z]{1,7}"))).prop_map(
            |(annotation, comment)| GroupKind::Captures {
                annotation,
                comment: comment.map(String::into_boxed_str),
            }
        ),
        prop::collection::vec(
            "[A-Z]{1,2}".prop_filter_map("a label", |l| Label::new(&l)),
            1..3
        )
        .prop_map(GroupKind::Labels),
        (hole(), mark()).prop_map(|(hole, mark)| {
            let mut ply = WrittenPly::new(hole);
            ply.mark = mark;
            GroupKind::OtherMove(Box::new(ply))
        }),
        words("[a-z]{1,7}").prop_map(GroupKind::Comment),
    ];
    kind.prop_map(|kind| Group {
        kind,
        span: Span::default(),
    })
}

/// A hole, or now and then a pass (`-`).
fn hole_or_pass() -> impl Strategy<Value = Option<Hole>> {
    prop_oneof![9 => hole().prop_map(Some), 1 => Just(None)]
}

fn ply() -> impl Strategy<Value = WrittenPly> {
    (hole_or_pass(), mark(), prop::collection::vec(group(), 0..3)).prop_map(
        |(hole, mark, groups)| {
            let mut ply = WrittenPly::pass();
            ply.hole = hole;
            ply.mark = mark;
            ply.set_groups(groups);
            ply
        },
    )
}

fn turn() -> impl Strategy<Value = Turn> {
    (ply(), prop::collection::vec(ply(), 0..2)).prop_map(|(ply, alternatives)| {
        let mut turn = Turn::single(ply);
        for alternative in alternatives {
            turn.push_alternative(alternative);
        }
        turn
    })
}

fn ending() -> impl Strategy<Value = Prose> {
    words("[A-Z][a-z]{0,6}").prop_map(|text| Prose {
        text,
        span: Span::default(),
    })
}

/// A move; `last` allows an ending or a full stop inline, `row` numbers it.
fn a_move(row: bool, last: bool) -> impl Strategy<Value = WrittenMove> {
    (
        1u32..120,
        turn(),
        proptest::option::of(turn()),
        proptest::option::of(ending()),
        any::<bool>(),
        prop::bool::weighted(0.1),
    )
        .prop_map(move |(number, south, north, ending, full_stop, elided)| {
            let tail = row || last;
            let ending = if tail { ending } else { None };
            // South's turn left out (`...`) before a North turn.
            let elided = elided && north.is_some();
            let south = if elided {
                SouthTurn::Elided {
                    span: Span::default(),
                }
            } else {
                SouthTurn::Written(south)
            };
            WrittenMove {
                number: row.then_some((number, Span::default())),
                south,
                north,
                full_stop: tail && ending.is_none() && full_stop,
                ending: ending.map(Box::new),
                span: Span::default(),
            }
        })
}

fn inline_movetext() -> impl Strategy<Value = Movetext> {
    (
        prop::collection::vec(a_move(false, false), 0..12),
        a_move(false, true),
    )
        .prop_map(|(mut moves, last)| {
            moves.push(last);
            Movetext {
                layout: Layout::Inline,
                moves,
                variations: Vec::new(),
            }
        })
}

fn numbered_movetext() -> impl Strategy<Value = Movetext> {
    (
        prop::collection::vec(a_move(true, true), 1..8),
        prop::collection::vec(
            (
                "[A-Z]{1,2}".prop_filter_map("a label", |l| Label::new(&l)),
                prop::collection::vec(a_move(true, true), 0..5),
            ),
            0..3,
        ),
    )
        .prop_map(|(moves, variations)| Movetext {
            layout: Layout::Numbered,
            moves,
            variations: variations
                .into_iter()
                .map(|(label, moves)| Variation {
                    label,
                    moves,
                    span: Span::default(),
                })
                .collect(),
        })
}

fn record() -> impl Strategy<Value = Record> {
    (
        prop::collection::vec(("[A-Z][A-Za-z0-9_]{0,8}", "[^\n\r]{0,16}"), 0..4),
        prop_oneof![inline_movetext(), numbered_movetext()],
        proptest::option::of((
            prop_oneof![
                3 => words("[A-Z][a-z]{0,6}"),
                1 => words("[0-9]{1,2}(\\.[0-9])? [a-z]{1,6}"),
            ],
            prop::collection::vec(words("[A-Z][a-z]{0,6}"), 0..2),
            any::<bool>(),
        )),
    )
        .prop_map(|(tags, mut movetext, prose)| {
            let prose = prose.map(|(first, rest, paragraphs)| Prose {
                text: std::iter::once(first)
                    .chain(rest)
                    .collect::<Vec<_>>()
                    .join(if paragraphs { "\n\n" } else { "\n" }),
                span: Span::default(),
            });
            // Prose that starts as movetext does follows inline movetext
            // only after a full stop or an ending (else it is movetext).
            let digit = prose
                .as_ref()
                .is_some_and(|p| p.text.starts_with(|c: char| c.is_ascii_digit()));
            if let (true, Layout::Inline, Some(last)) =
                (digit, movetext.layout, movetext.moves.last_mut())
                && last.ending.is_none()
            {
                last.full_stop = true;
            }
            // A game that starts with South's turn left out (`..., 8`)
            // starts at a position with North to move: it has a `Setup`
            // tag, and without tags it would not start a new game.
            if let (true, Some(first)) = (tags.is_empty(), movetext.moves.first_mut())
                && first.south.is_elided()
            {
                first.south = SouthTurn::Written(Turn::single(WrittenPly::pass()));
            }
            Record {
                tags: tags
                    .into_iter()
                    .map(|(name, value)| Tag {
                        name,
                        value,
                        span: Span::default(),
                    })
                    .collect(),
                movetext,
                prose,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generated_trees_print_and_parse_back(record in record()) {
        let printed = record.to_string();
        let parsed: Result<Record, _> = printed.parse();
        match parsed {
            Ok(parsed) => prop_assert_eq!(parsed.without_spans(), record, "{}", printed),
            Err(errors) => prop_assert!(false, "{errors}\n{printed}"),
        }
    }

    /// Rows that leave South's turn out, printed `2.  ...  10`, read the
    /// same written `2...  10` or `2\u{2026}  10` (as `analyse` prints
    /// North's plies), in the main line and in variations.
    #[test]
    fn rows_that_leave_south_out_read_the_same_with_the_dots_after_the_number(
        record in record(),
        unicode in any::<bool>(),
    ) {
        let printed = record.to_string();
        let respelled = joined_elisions(&printed, if unicode { "\u{2026}" } else { "..." });
        let parsed: Result<Record, _> = respelled.parse();
        match parsed {
            Ok(parsed) => prop_assert_eq!(parsed.without_spans(), record, "{}", respelled),
            Err(errors) => prop_assert!(false, "{errors}\n{respelled}"),
        }
    }

    #[test]
    fn generated_files_split_into_their_games(records in prop::collection::vec(record(), 1..4)) {
        let printed = print_records(&records);
        let games = parse_records(&printed);
        prop_assert!(games.iter().all(|g| g.errors.is_empty()), "{}", printed);
        let parsed: Vec<Record> = games.iter().map(|g| g.record.without_spans()).collect();
        prop_assert_eq!(parsed, records, "{}", printed);
    }

    #[test]
    fn arbitrary_text_never_panics_and_errors_lie_inside(text in any::<String>()) {
        check_inside(&text);
    }

    #[test]
    fn notation_like_text_never_panics_and_errors_lie_inside(
        parts in prop::collection::vec(select(vec![
            "4", "12", "13", "0", ",", ";", ";;", ".", " ", "\n", "\n\n", "(", ")", "!", "?",
            "!!", "?!", "2 from ", "hole ", " each", " and ", " or ", " plus ", "A", "/",
            "[", "]", "\"", "\\", "Tag ", "1.  ", " (A)\n", "ü", "x", "\r\n", "\n2... ", "...",
        ]), 0..80)
    ) {
        let text: String = parts.concat();
        check_inside(&text);
        // Whatever parses cleanly prints canonically and parses back the same.
        for game in parse_records(&text).iter().filter(|g| g.errors.is_empty() && prose_prints(&g.record)) {
            let printed = game.record.to_string();
            let again: Result<Record, _> = printed.parse();
            prop_assert!(
                again.as_ref().is_ok_and(|r| r.without_spans() == game.record.without_spans()),
                "{:?}\n{}\n{:?}", text, printed, again
            );
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let mut total = 0;
        for game in RecordReader::new(bytes.as_slice()) {
            let game = game.map_err(|e| TestCaseError::fail(e.to_string()))?;
            total += game.source.len();
            for error in &game.errors {
                prop_assert!(error.span.start <= error.span.end && error.span.end <= bytes.len());
            }
        }
        prop_assert_eq!(total, bytes.len());
    }
}

/// The record text with each row that leaves South's turn out written
/// with `dots` right after its number (`2.  ...  10` becomes `2...  10`),
/// found by the spans of the parsed record.
fn joined_elisions(text: &str, dots: &str) -> String {
    let games = parse_records(text);
    let mut cuts: Vec<(usize, usize)> = games
        .iter()
        .flat_map(|game| game.record.all_moves())
        .filter_map(|m| match m.south {
            SouthTurn::Elided { span } => Some((m.number?.1.end - 1, span.end)),
            SouthTurn::Written(_) => None,
        })
        .collect();
    cuts.sort_unstable();
    let mut out = text.to_owned();
    for &(from, to) in cuts.iter().rev() {
        out.replace_range(from..to, dots);
    }
    out
}

/// Text a person might leave in a record, which does not parse: words,
/// punctuation, numbered rows of non-numbers, sentences (ending with a
/// `.`) on a line of their own or as a numbered row, stray `.`, `)`, `;`.
fn garbage() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,8}".prop_map(|word| format!(" {word} ")),
        "[a-z]{1,8}[.;,)]".prop_map(|word| format!(" {word}")),
        select(vec![
            ".", ")", ";", ",", "(", "!", "?", ":", "-", " . ", "..", "\n"
        ])
        .prop_map(str::to_owned),
        ("[1-9][0-9]?", "[a-z]{1,6}", "[a-z.;]{1,6}")
            .prop_map(|(n, a, b)| format!("\n{n}. {a} {b}\n")),
        "[A-Z][a-z]{1,7}( [a-z]{1,7}){0,3}[.;]".prop_map(|sentence| format!("\n{sentence}\n")),
        ("[1-9]", "[A-Z][a-z]{1,7}( [a-z]{1,7}){0,3}\\.")
            .prop_map(|(n, sentence)| format!("\n{n}. {sentence}\n")),
    ]
}

/// The print of `records` with each token put in at its place.
fn broken<T: AsRef<str>>(records: &[Record], breaks: &[(prop::sample::Index, T)]) -> String {
    let mut text = print_records(records);
    for (at, token) in breaks {
        let mut k = at.index(text.len() + 1);
        while !text.is_char_boundary(k) {
            k -= 1;
        }
        text.insert_str(k, token.as_ref());
    }
    text
}

/// The text of `game` that no part of its tree covers (tags, moves with
/// their numbers, variation headers, prose), one piece per gap between
/// two parts, without white space, and without the one `;` or `,` that
/// printing writes anew between the gap and a move beside it (at most one
/// in a gap of separators only, which stands between two moves).
fn uncovered(game: &bohnenspiel::notation::ParsedRecord) -> Vec<String> {
    let record = &game.record;
    let move_span = |m: &WrittenMove| {
        let start = m
            .number
            .map_or(m.span.start, |(_, n)| n.start.min(m.span.start));
        (start, m.span.end, true)
    };
    let mut covered: Vec<(usize, usize, bool)> = Vec::new();
    covered.extend(
        record
            .tags
            .iter()
            .map(|t| (t.span.start, t.span.end, false)),
    );
    covered.extend(record.movetext.moves.iter().map(move_span));
    for variation in &record.movetext.variations {
        covered.push((variation.span.start, variation.span.end, false));
        covered.extend(variation.moves.iter().map(move_span));
    }
    covered.extend(
        record
            .prose
            .iter()
            .map(|p| (p.span.start, p.span.end, false)),
    );
    covered.sort_unstable();
    let end = game.offset + game.source.len();
    let mut pieces = Vec::new();
    let mut from = game.offset;
    let mut after_move = false;
    for (start, stop, is_move) in covered
        .into_iter()
        .chain(std::iter::once((end, end, false)))
    {
        if start > from {
            let text = &game.source[from - game.offset..start - game.offset];
            let mut piece: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let only_separators = piece.chars().all(|c| matches!(c, ';' | ','));
            let mut stripped = false;
            if after_move && piece.starts_with([';', ',']) {
                piece.remove(0);
                stripped = true;
            }
            if is_move && !(only_separators && stripped) && piece.ends_with([';', ',']) {
                piece.pop();
            }
            if !piece.is_empty() {
                pieces.push(piece);
            }
        }
        if stop >= from {
            from = stop;
            after_move = is_move;
        }
    }
    pieces
}

/// A comment of up to 70,000 characters: longer than a format width may be.
fn long_comment() -> impl Strategy<Value = Group> {
    (0usize..70_000, select(vec!["x", "ab ", "ü", "long, words"])).prop_map(|(len, piece)| {
        let mut text = "c".to_owned();
        while text.len() < len {
            text.push_str(piece);
        }
        Group {
            kind: GroupKind::Comment(text.trim_end().to_owned()),
            span: Span::default(),
        }
    })
}

/// Numbered movetext in which some turns carry a very long comment.
fn long_numbered_movetext() -> impl Strategy<Value = Movetext> {
    (
        numbered_movetext(),
        prop::collection::vec(
            (any::<prop::sample::Index>(), any::<bool>(), long_comment()),
            1..3,
        ),
    )
        .prop_map(|(mut movetext, long)| {
            for (index, north, comment) in long {
                let m = index.get_mut(&mut movetext.moves);
                let turn = match (m.north.as_mut(), m.south.turn_mut()) {
                    (Some(turn), None) => turn,
                    (Some(turn), Some(_)) if north => turn,
                    (_, Some(south)) => south,
                    (None, None) => continue,
                };
                turn.ply.push_group(comment);
            }
            movetext
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `fmt` loses no text: in every game of a generated file with
    /// garbage put in, every piece of text its tree does not cover appears
    /// in the print, in order and verbatim (up to white space); the print
    /// reads back as one game, and printing it again gives it unchanged.
    #[test]
    fn fmt_loses_no_text_and_is_a_fixed_point(
        records in prop::collection::vec(record(), 1..3),
        breaks in prop::collection::vec((any::<prop::sample::Index>(), garbage()), 1..4),
    ) {
        let text = broken(&records, &breaks);
        for game in parse_records(&text) {
            let printed = game.print_keeping_unparsed();
            let visible: String = printed.chars().filter(|c| !c.is_whitespace()).collect();
            let mut at = 0;
            for piece in uncovered(&game) {
                let found = visible.get(at..).and_then(|rest| rest.find(&piece));
                prop_assert!(found.is_some(), "{:?} lost from {:?}\nprinted {:?}", piece, game.source, printed);
                at += found.unwrap_or_default() + piece.len();
            }
            if printed.is_empty() {
                continue;
            }
            let again = parse_records(&printed);
            prop_assert_eq!(again.len(), 1, "{:?} prints as {:?}", game.source, printed);
            prop_assert_eq!(&again[0].print_keeping_unparsed(), &printed, "{:?}", game.source);
        }
    }
}

/// The groups of every ply the parser hands a visitor, by the ply's span.
#[derive(Default)]
struct HandedGroups(HashMap<Span, Vec<Group>>, Option<Span>);

impl Visitor for HandedGroups {
    type Output = HashMap<Span, Vec<Group>>;

    fn ply(&mut self, ply: &PlyToken) -> std::ops::ControlFlow<()> {
        self.0.insert(ply.span, Vec::new());
        self.1 = Some(ply.span);
        std::ops::ControlFlow::Continue(())
    }

    fn group(&mut self, group: &GroupToken<'_>) -> std::ops::ControlFlow<()> {
        if let Some(groups) = self.1.and_then(|span| self.0.get_mut(&span)) {
            groups.push(group.to_group());
        }
        std::ops::ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Self::Output {
        std::mem::take(&mut self.0)
    }
}

/// Every ply of the record's main line and variations.
fn plies_mut(record: &mut Record) -> impl Iterator<Item = &mut WrittenPly> + '_ {
    let movetext = &mut record.movetext;
    std::iter::once(&mut movetext.moves)
        .chain(movetext.variations.iter_mut().map(|v| &mut v.moves))
        .flatten()
        .flat_map(|m| m.south.turn_mut().into_iter().chain(m.north.as_mut()))
        .flat_map(Turn::plies_mut)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The plies of a built tree share their game's groups, and each
    /// reads as the groups the parser handed a visitor for it: in files
    /// of several games, with garbage put in (abandoned moves, errors). A
    /// tree equals its copy whose every ply's groups are rebuilt as a
    /// vector of their own; a copy that shares the groups and changes
    /// them (clearing spans) leaves the tree's; and a tree without errors
    /// prints and parses back to itself.
    #[test]
    fn built_trees_share_their_games_groups_as_values(
        records in prop::collection::vec(record(), 1..4),
        breaks in prop::collection::vec((any::<prop::sample::Index>(), garbage()), 0..3),
    ) {
        let text = broken(&records, &breaks);
        let mut reader = RecordReader::new(text.as_bytes());
        while let Some(handed) = reader
            .visit_game(&mut HandedGroups::default())
            .transpose()
            .map_err(|e| TestCaseError::fail(e.to_string()))?
        {
            let Some(mut game) = reader.parse_last_game() else {
                return Err(TestCaseError::fail("no last game"));
            };
            let mut grouped = 0;
            for ply in plies_mut(&mut game.record) {
                match handed.get(&ply.span) {
                    Some(groups) => prop_assert_eq!(ply.groups(), &groups[..], "{:?}", text),
                    None => prop_assert!(ply.groups().is_empty(), "{:?}", text),
                }
                grouped += usize::from(!ply.groups().is_empty());
            }
            prop_assert!(
                handed.values().filter(|groups| !groups.is_empty()).count() >= grouped,
                "{:?}",
                text
            );

            let mut owned = game.record.clone();
            for ply in plies_mut(&mut owned) {
                let groups = ply.groups().to_vec();
                ply.set_groups(groups);
            }
            prop_assert_eq!(&owned, &game.record);
            prop_assert_eq!(format!("{owned:?}"), format!("{:?}", game.record));

            let mut shared = game.record.clone();
            shared.clear_spans();
            prop_assert_eq!(&shared, &owned.without_spans());
            for ply in plies_mut(&mut game.record) {
                prop_assert!(ply.groups().iter().all(|group| !group.span.is_empty()), "{:?}", text);
            }

            if game.errors.is_empty() && game.record.prose_is_printable() {
                let printed = game.record.to_string();
                let parsed: Result<Record, _> = printed.parse();
                match parsed {
                    Ok(parsed) => prop_assert_eq!(parsed.without_spans(), shared, "{}", printed),
                    Err(errors) => prop_assert!(false, "{errors}\n{printed}"),
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn very_long_turns_print_in_bounded_space_and_parse_back(movetext in long_numbered_movetext()) {
        let record = Record { tags: Vec::new(), movetext, prose: None };
        let printed = record.to_string();
        let parsed: Result<Record, _> = printed.parse();
        match parsed {
            Ok(parsed) => prop_assert!(parsed.without_spans() == record, "{:.300}", printed),
            Err(errors) => prop_assert!(false, "{errors}\n{printed:.300}"),
        }
        // Each row costs at most the column's padding more than its inline form.
        let inline = Movetext { layout: Layout::Inline, ..record.movetext.clone() };
        let rows = record.movetext.moves.len()
            + record.movetext.variations.iter().map(|v| v.moves.len() + 1).sum::<usize>();
        let inline_len: usize = inline.to_string().len()
            + record.movetext.variations.iter().map(|v| {
                Movetext { layout: Layout::Inline, moves: v.moves.clone(), variations: Vec::new() }
                    .to_string()
                    .len()
            }).sum::<usize>();
        prop_assert!(
            printed.len() <= inline_len + rows * (NORTH_COLUMN_LIMIT + 20),
            "{} bytes for {} rows, {} inline", printed.len(), rows, inline_len
        );
    }
}

/// Whether the prose obeys the file format's rule for prose (see
/// `Record::prose_is_printable`).
fn prose_prints(record: &Record) -> bool {
    record.prose_is_printable()
}

fn check_inside(text: &str) {
    let lines = text.split('\n').count();
    for game in parse_records(text) {
        for error in &game.errors {
            assert!(error.span.start <= error.span.end, "{error:?}");
            assert!(error.span.end <= text.len(), "{error:?}");
            assert_eq!(error.location.offset, error.span.start);
            assert!(
                error.location.line >= 1 && error.location.line <= lines,
                "{error:?}"
            );
            assert!(error.location.column >= 1);
        }
        for warning in &game.warnings {
            assert!(warning.span.end <= text.len());
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Notation → JSON → notation gives the canonical form (what `fmt`
    /// prints), and JSON → notation → JSON gives the same document.
    #[test]
    fn generated_records_round_trip_through_json(records in prop::collection::vec(record(), 1..3)) {
        use bohnenspiel::notation::LosslessRecord;
        use common::{json_string, records_from_json};
        prop_assume!(records.iter().all(prose_prints));
        let printed = print_records(&records);
        let json = json_string(&printed);
        let back: Vec<Record> = records_from_json(&json)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?
            .into_iter()
            .map(LosslessRecord::into_record)
            .collect();
        prop_assert_eq!(&back, &records);
        let again = print_records(&back);
        prop_assert_eq!(&again, &printed);
        let json_again = json_string(&again);
        prop_assert_eq!(json_again, json);
        // The lean document gives the same records back.
        let lean = lean_documents(&printed)?;
        let back: Vec<Record> = records_from_json(&lean)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?
            .into_iter()
            .map(LosslessRecord::into_record)
            .collect();
        prop_assert_eq!(&back, &records);
    }

    /// The same for records with syntax errors: notation → JSON →
    /// notation gives what `fmt` prints (what parsed in canonical form,
    /// what did not verbatim in place), and JSON of that → notation → JSON
    /// gives the same document.
    #[test]
    fn records_with_syntax_errors_round_trip_through_json(
        records in prop::collection::vec(record(), 1..3),
        breaks in prop::collection::vec(
            (any::<prop::sample::Index>(), select(vec!["13", "x", "(", ")", ";;", "[Broken", "0", "!!!", " zz ", "\n[A \"b]\n"])),
            1..4,
        ),
    ) {
        use common::{json_string, records_from_json};
        prop_assume!(records.iter().all(prose_prints));
        let text = broken(&records, &breaks);
        let fmt = |text: &str| {
            parse_records(text)
                .iter()
                .map(|game| game.print_keeping_unparsed())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let from_json = |json: &str| {
            records_from_json(json).map(|records| {
                records.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
            })
        };
        // A game without errors whose prose the notation cannot print as
        // prose (a row read as prose) is not one `fmt` can keep either.
        prop_assume!(parse_records(&text).iter().all(|game| !game.is_ok() || prose_prints(&game.record)));
        let printed = fmt(&text);
        let json = json_string(&text);
        let back = from_json(&json).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &printed, "{:?}", text);
        // The lean document too.
        let lean = lean_documents(&text)?;
        let back = from_json(&lean).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &printed, "{:?}", text);
        // JSON → notation → JSON: the document of what `fmt` printed gives
        // itself back wherever `fmt` is stable on its own output (not every
        // broken text is: a tag line put inside a move can change how the
        // rest is read the second time).
        prop_assume!(fmt(&printed) == printed);
        let json = json_string(&printed);
        let again = from_json(&json).map_err(|e| TestCaseError::fail(format!("{e}\n{printed}")))?;
        let json_again = json_string(&again);
        prop_assert_eq!(json_again, json, "{:?}\n{}", text, printed);
    }

    /// Both documents are JSON whose strings say what they hold, for
    /// generated records with and without syntax errors, tag values
    /// holding any character but a line break, and a file name that needs
    /// escaping: read as JSON, each names its file and index,
    /// and holds every tag as written.
    #[test]
    fn the_written_documents_are_json_that_says_what_they_hold(
        records in prop::collection::vec(record(), 1..3),
        breaks in prop::collection::vec(
            (any::<prop::sample::Index>(), select(vec!["13", "x", "(", ")", ";;", "[Broken", " zz ", "\n[A \"b\\\"]\n", "(\"q\" \\)"])),
            0..3,
        ),
    ) {
        use bohnenspiel::validate::{DocumentForm, Options, validate};
        let text = broken(&records, &breaks);
        for (index, parsed) in parse_records(&text).iter().enumerate() {
            let report = validate(parsed, &Options::default());
            let file = "dir/\"a\\b\t\u{1}é.txt";
            for form in [DocumentForm::Full(&report), DocumentForm::Lean] {
                let written = common::game_json(parsed, form, Some(file), index + 1);
                let document: serde_json::Value = serde_json::from_slice(&written)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{text:?}")))?;
                prop_assert_eq!(document["file"].as_str(), Some(file));
                prop_assert_eq!(document["index"].as_u64(), u64::try_from(index + 1).ok());
                let tags: Vec<(&str, &str)> = document["tags"]
                    .as_array()
                    .map(|tags| tags.iter().map(|tag| (tag["name"].as_str().unwrap_or_default(), tag["value"].as_str().unwrap_or_default())).collect())
                    .unwrap_or_default();
                let written_tags: Vec<(&str, &str)> = parsed.record.tags.iter().map(|tag| (tag.name.as_str(), tag.value.as_str())).collect();
                prop_assert_eq!(tags, written_tags, "{:?}", text);
            }
        }
    }
}

/// `{"version":4,"games":[...]}` of the lean documents of the games of
/// `text`.
#[cfg(feature = "serde")]
fn lean_documents(text: &str) -> Result<String, TestCaseError> {
    use bohnenspiel::validate::DocumentForm;
    let mut json = b"{\"version\":4,\"games\":[".to_vec();
    for (index, parsed) in parse_records(text).iter().enumerate() {
        if index > 0 {
            json.push(b',');
        }
        json.extend(common::game_json(
            parsed,
            DocumentForm::Lean,
            None,
            index + 1,
        ));
    }
    json.extend_from_slice(b"]}");
    String::from_utf8(json).map_err(|e| TestCaseError::fail(e.to_string()))
}
