//! Plain movetext, read straight from the text: holes, marks and one
//! capture annotation per ply (without a comment), laid out inline or in
//! numbered rows, and nothing else.
//!
//! A sink that only needs the plies of the main line (the validator's
//! quick check) reads such movetext here, without the parser's events and
//! without building a [`WrittenPly`](crate::notation::WrittenPly). At anything else (a
//! comment, a label, an alternative, an ending, a variation, an error) the
//! reader gives up, and the parser then reads the movetext from its start.
//! Where the reader does not give up, it reads the same holes, marks and
//! annotations as the parser, and stops where the parser would.

use crate::notation::annotation::read_closed_annotation;
use crate::notation::{CaptureAnnotation, Layout, Span};
use crate::{Captures, Hole};

use super::cursor::{Mode, common_head, skip_ws, stray_separator};
use super::lines;
use super::rows::{header, is_row, row_number};

/// A ply of plain movetext.
#[derive(Debug)]
pub(crate) struct PlainPly<'a> {
    /// The hole sown from.
    pub hole: Hole,
    /// The hole number and its mark, as absolute offsets.
    pub span: Span,
    /// The group after the ply, if one is written, which the sink must
    /// read as a capture annotation.
    pub annotation: Option<WrittenAnnotation<'a>>,
}

/// The group after a plain ply, from its `(` on: plain movetext allows
/// only a capture annotation (without a comment), which the sink reads
/// (or the reader gives up).
#[derive(Debug)]
pub(crate) struct WrittenAnnotation<'a> {
    /// The text after `(`, to the end of the region.
    inside: &'a [u8],
    scratch: &'a mut CaptureAnnotation,
    /// The annotation's length, once read (`)` follows it).
    len: Option<usize>,
}

impl WrittenAnnotation<'_> {
    /// The annotation, read as the parser reads it; `None` if the group
    /// holds anything else (then the sink must give up).
    pub(crate) fn read(&mut self) -> Option<&CaptureAnnotation> {
        let len = read_closed_annotation(self.inside, self.scratch)?;
        self.len = Some(len);
        Some(&*self.scratch)
    }

    /// Whether the group holds `captures` exactly as they print (their
    /// `Display`, the rules' phrasing), which reads as an annotation of
    /// just these captures, and is checked without reading it. When not,
    /// the sink can still [`read`](WrittenAnnotation::read) it.
    pub(crate) fn is_printed(&mut self, captures: &Captures) -> bool {
        match printed_len(captures, self.inside) {
            Some(len) if self.inside.get(len) == Some(&b')') => {
                self.len = Some(len);
                true
            }
            _ => false,
        }
    }
}

/// The length of the print of `captures` (their `Display`) if `text`
/// starts with it, decided byte by byte without formatting them; always
/// `None` for no captures. Not a reading of the annotation: a comparison
/// with the one text the rules print, which the validator's quick check
/// makes before it reads the annotation, as most records are written so.
fn printed_len(captures: &Captures, text: &[u8]) -> Option<usize> {
    let count = captures.len();
    let mut rest = text;
    for (i, capture) in captures.iter().enumerate() {
        rest = strip_number(rest, capture.beans)?;
        rest = rest.strip_prefix(b" from ")?;
        rest = strip_number(rest, capture.hole.number())?;
        // Each prefix is a constant, which compiles to a few compares.
        rest = match count - i {
            1 => rest,
            2 => rest.strip_prefix(b" and ")?,
            _ => rest.strip_prefix(b", ")?,
        };
    }
    (count > 0).then(|| text.len() - rest.len())
}

/// `text` after the decimal digits of `number`, if it starts with them.
#[inline]
fn strip_number(text: &[u8], number: u8) -> Option<&[u8]> {
    let digit = |n: u8| b'0' + n % 10;
    match (number, text) {
        (0..=9, [ones, rest @ ..]) if *ones == digit(number) => Some(rest),
        (10..=99, [tens, ones, rest @ ..])
            if [*tens, *ones] == [digit(number / 10), digit(number)] =>
        {
            Some(rest)
        }
        (100.., [hundreds, tens, ones, rest @ ..])
            if [*hundreds, *tens, *ones]
                == [digit(number / 100), digit(number / 10), digit(number)] =>
        {
            Some(rest)
        }
        _ => None,
    }
}

/// What plain movetext is read into. Each method returns whether to go
/// on; `false` makes the reader give up, as does a group the sink did not
/// read ([`WrittenAnnotation`]).
pub(crate) trait PlainSink {
    /// A move starts; `number` is its row number in numbered layout.
    fn plain_begin_move(&mut self, number: Option<u32>) -> bool;
    /// A ply of the current move: South's, then North's if written.
    fn plain_ply(&mut self, ply: &mut PlainPly<'_>) -> bool;
}

/// The movetext of one game, as the parser has found it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawMovetext<'a> {
    /// The game's text.
    pub text: &'a str,
    /// Absolute offset of the text's first byte.
    pub base: usize,
    /// How the movetext is laid out.
    pub layout: Layout,
    /// Where the movetext starts in `text`.
    pub start: usize,
    /// Inline: where the movetext's region ends (its first blank line, or
    /// the end of the text).
    pub region_end: usize,
}

impl RawMovetext<'_> {
    /// Reads the movetext into `sink` if it is plain; gives where the
    /// movetext ends (where the parser would go on with the prose), or
    /// `None` where the reader gave up. `scratch` is room for the
    /// annotations, reused from ply to ply.
    pub(crate) fn read_plain<S: PlainSink + ?Sized>(
        &self,
        scratch: &mut CaptureAnnotation,
        sink: &mut S,
    ) -> Option<usize> {
        match self.layout {
            Layout::Inline => {
                let bytes = self.text.as_bytes().get(..self.region_end)?;
                let mut reader = Reader {
                    bytes,
                    pos: self.start,
                    base: self.base,
                    mode: Mode::Inline,
                    scratch,
                };
                reader.inline(sink)
            }
            Layout::Numbered => {
                for (start, line) in lines(self.text, self.start) {
                    if header(line).is_some() {
                        return None;
                    }
                    if !is_row(line) {
                        return Some(start);
                    }
                    let bytes = self.text.as_bytes().get(..start + line.len())?;
                    let mut reader = Reader {
                        bytes,
                        pos: start,
                        base: self.base,
                        mode: Mode::Row,
                        scratch: &mut *scratch,
                    };
                    reader.row(sink)?;
                }
                Some(self.text.len())
            }
        }
    }
}

/// A cursor over one region: the inline movetext, or one row.
struct Reader<'a, 's> {
    /// The text up to the region's end.
    bytes: &'a [u8],
    pos: usize,
    base: usize,
    /// Inline, or one row (where a line break ends the region).
    mode: Mode,
    scratch: &'s mut CaptureAnnotation,
}

impl Reader<'_, '_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips white space as the parser does.
    fn skip_ws(&mut self) {
        self.pos = skip_ws(self.bytes, self.pos, self.mode);
    }

    /// Inline movetext: `4, 8; 6, 12 (2 from 8); 5.`
    fn inline<S: PlainSink + ?Sized>(&mut self, sink: &mut S) -> Option<usize> {
        loop {
            self.skip_ws();
            match self.peek() {
                None => return Some(self.pos),
                // `;` where a move belongs is an empty move: an error.
                Some(b';') => return None,
                Some(_) if !sink.plain_begin_move(None) => return None,
                Some(_) => {}
            }
            self.ply(sink)?;
            self.skip_ws();
            if self.peek() == Some(b',') {
                self.pos += 1;
                self.skip_ws();
                self.ply(sink)?;
                self.skip_ws();
            }
            match self.peek() {
                None => return Some(self.pos),
                Some(b';') => self.pos += 1,
                Some(b'.') if !stray_separator(self.bytes, self.pos) => {
                    return Some(self.pos + 1);
                }
                // A stray `.`, an alternative, an ending or an error.
                Some(_) => return None,
            }
        }
    }

    /// A numbered row without alternatives or ending: `12. 4  9 (2 from 8)`,
    /// optionally ended by `.`.
    fn row<S: PlainSink + ?Sized>(&mut self, sink: &mut S) -> Option<()> {
        self.skip_ws();
        let (number, after) = row_number(self.bytes, self.pos);
        if after == self.pos || self.bytes.get(after) != Some(&b'.') {
            return None;
        }
        // Past the number and its `.`. (A row that leaves South's turn
        // out, `2. ... 10` or `2... 10`, is no plain row: the ply below
        // finds `.` and gives up.)
        self.pos = after + 1;
        self.skip_ws();
        if !sink.plain_begin_move(Some(number)) {
            return None;
        }
        self.ply(sink)?;
        self.skip_ws();
        if !matches!(self.peek(), None | Some(b'.')) {
            self.ply(sink)?;
            self.skip_ws();
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.skip_ws();
        }
        self.peek().is_none().then_some(())
    }

    /// A ply: hole, optional mark, and at most one group, which the sink
    /// reads as a capture annotation. A second group makes the caller
    /// give up (the sink has then played the ply, and is told to forget
    /// the movetext), so that a ply annotated twice is read by the parser.
    fn ply<S: PlainSink + ?Sized>(&mut self, sink: &mut S) -> Option<()> {
        let start = self.pos;
        let (hole, _, after) = common_head(self.bytes, start)?;
        let span = Span::new(self.base + start, self.base + after);
        self.pos = after;
        self.skip_ws();
        let annotation = if self.peek() == Some(b'(') {
            Some(WrittenAnnotation {
                inside: self.bytes.get(self.pos + 1..)?,
                scratch: &mut *self.scratch,
                len: None,
            })
        } else {
            None
        };
        let mut ply = PlainPly {
            hole,
            span,
            annotation,
        };
        if !sink.plain_ply(&mut ply) {
            return None;
        }
        if let Some(written) = ply.annotation {
            // Past `(`, the annotation and `)`. (What follows, a second
            // group say, is left to the caller, which takes nothing but a
            // separator there.)
            self.pos += written.len? + 2;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    //! Plain reading against the parser: a sink records the same events
    //! whether it reads plain movetext itself or the parser reads it.

    use std::ops::ControlFlow;

    use super::{PlainPly, PlainSink, RawMovetext, printed_len};
    use crate::Player;
    use crate::notation::parse::parse_game;
    use crate::notation::visit::{MoveEnd, Sink, Skip, Source};
    use crate::notation::{
        CaptureAnnotation, GroupKind, Label, Layout, ParseError, Span, Warning, WrittenPly,
    };

    /// What a game's callbacks said, in order.
    #[derive(Debug, Clone, PartialEq, Eq)]
    enum Event {
        Layout(Layout),
        Move(Option<u32>),
        /// Hole, span, and the captures of each group (`None` for a group
        /// that is no capture annotation, or has a comment).
        Ply(u8, Span, Vec<Option<Vec<(u8, u8)>>>),
        Alternative,
        Ending(Option<String>),
        Abandoned,
        Variation(String),
        Prose(String, Span),
        Error(String),
        Warning(String),
    }

    fn captures(annotation: &CaptureAnnotation) -> Vec<(u8, u8)> {
        annotation
            .captures()
            .map(|(hole, beans)| (hole.number(), beans))
            .collect()
    }

    /// Records the events; reads plain movetext itself when `skim` is on.
    #[derive(Default)]
    struct Recorder {
        skim: bool,
        skimmed: bool,
        events: Vec<Event>,
    }

    impl PlainSink for Recorder {
        fn plain_begin_move(&mut self, number: Option<u32>) -> bool {
            self.events.push(Event::Move(number));
            true
        }

        fn plain_ply(&mut self, ply: &mut PlainPly<'_>) -> bool {
            let groups = match &mut ply.annotation {
                None => Vec::new(),
                Some(written) => match written.read() {
                    Some(annotation) => vec![Some(captures(annotation))],
                    None => return false,
                },
            };
            self.events
                .push(Event::Ply(ply.hole.number(), ply.span, groups));
            true
        }
    }

    impl Sink for Recorder {
        type Output = (bool, Vec<Event>);

        fn begin_game(&mut self) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }

        fn tag(&mut self, _: &str, _: &str, _: Span) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, layout: Layout) -> ControlFlow<()> {
            self.events.push(Event::Layout(layout));
            ControlFlow::Continue(())
        }

        fn skim_movetext(&mut self, movetext: &RawMovetext<'_>) -> Option<usize> {
            if !self.skim {
                return None;
            }
            let before = self.events.len();
            let mut scratch = CaptureAnnotation::placeholder();
            let end = movetext.read_plain(&mut scratch, self);
            match end {
                Some(_) => self.skimmed = true,
                None => self.events.truncate(before),
            }
            end
        }

        fn begin_variation(&mut self, label: Label, _: Span) -> ControlFlow<(), Skip> {
            self.events.push(Event::Variation(label.to_string()));
            ControlFlow::Continue(Skip(false))
        }

        fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
            self.events.push(Event::Move(number.map(|(n, _)| n)));
            ControlFlow::Continue(())
        }

        fn take_ply(
            &mut self,
            _: Player,
            alternative: bool,
            ply: &mut WrittenPly,
            _: Source<'_>,
        ) -> ControlFlow<()> {
            if alternative {
                self.events.push(Event::Alternative);
            }
            let groups = ply.groups.iter().map(|group| match &group.kind {
                GroupKind::Captures {
                    annotation,
                    comment: None,
                } => Some(captures(annotation)),
                _ => None,
            });
            self.events.push(Event::Ply(
                ply.hole.map_or(0, |hole| hole.number()),
                ply.span,
                groups.collect(),
            ));
            ControlFlow::Continue(())
        }

        fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
            if let Some(ending) = end.ending {
                self.events.push(Event::Ending(Some(ending.text.clone())));
            }
            ControlFlow::Continue(())
        }

        fn abandon_move(&mut self) -> ControlFlow<()> {
            self.events.push(Event::Abandoned);
            ControlFlow::Continue(())
        }

        fn prose(&mut self, text: &str, span: Span) -> ControlFlow<()> {
            self.events.push(Event::Prose(text.to_owned(), span));
            ControlFlow::Continue(())
        }

        fn error(&mut self, error: &ParseError) -> ControlFlow<()> {
            self.events.push(Event::Error(error.to_string()));
            ControlFlow::Continue(())
        }

        fn warning(&mut self, warning: &Warning) -> ControlFlow<()> {
            self.events.push(Event::Warning(warning.message.clone()));
            ControlFlow::Continue(())
        }

        fn end_game(&mut self) -> (bool, Vec<Event>) {
            (self.skimmed, std::mem::take(&mut self.events))
        }
    }

    /// The events of `text` read by the parser, and read plain where it
    /// can be, with whether it was.
    fn both(text: &str) -> (Vec<Event>, (bool, Vec<Event>)) {
        let parsed = parse_game(
            text,
            7,
            1,
            crate::notation::parse::BadBytes::default(),
            &mut Recorder::default(),
        );
        let mut skimming = Recorder {
            skim: true,
            ..Recorder::default()
        };
        (
            parsed.1,
            parse_game(
                text,
                7,
                1,
                crate::notation::parse::BadBytes::default(),
                &mut skimming,
            ),
        )
    }

    #[test]
    fn plain_movetext_is_read_plain_and_anything_else_by_the_parser() {
        for (text, plain) in [
            ("4, 9; 5, 12 (2 from 9); 6\n", true),
            ("4,9;5 ,\n12(2 from 9)  ;\r\n6?!.  Prose.\n", true),
            ("4, 9; 5, 12 (4 each from 2 and 1)\n\nProse\n", true),
            // A capture annotation in any phrasing and spacing.
            ("4, 9; 5, 12 (2 from hole 9)\n", true),
            ("4, 9; 5, 12 (2 From 9)\n", true),
            ("4, 9; 5, 12 ( 2 from 9. )\n", true),
            ("1. 4  9\n2. 5  12 (2 from 9).\n3. 6\nProse\n", true),
            ("4, 9; 5, 12 (2 from 9) (a comment)\n", false),
            ("4, 9; 5, 12 (2 from 9; a comment)\n", false),
            ("4, 9 or 10; 5\n", false),
            ("4, 9; 5 and South loses.\n", false),
            ("4, 9;; 5\n", false),
            ("4, 13; 5\n", false),
            ("4, 9) ; 5\n", false),
            ("1. 4  9\n(A)\n2. 5  12\n", false),
            ("1. 4, 5  9\n", false),
            ("1. 4  9 10\n", false),
            // Read by the parser, which reports them.
            ("4, 9; 6, 7. 3, 9; 5\n", false),
            ("4, 9; 6. 7; 5\n", false),
            ("4, 9; 6, 7.; 5\n", false),
            ("4, 9, 6, 7\n", false),
            ("1. 4, 9\n", false),
            // A full stop before prose that does not read as moves, and a
            // row number glued to its ply, are plain.
            ("4, 9; 6, 7. 4 beans are left.\n", true),
            ("1.4  9\n2.5  12 (2 from 9)\n", true),
        ] {
            let (parsed, (skimmed, events)) = both(text);
            assert_eq!(skimmed, plain, "{text:?}");
            assert_eq!(events, parsed, "{text:?}");
        }
    }

    #[test]
    fn a_game_written_with_the_rules_captures_is_plain() {
        // Each player sows from the hole with the most beans.
        let mut game = crate::Game::default();
        let mut inline = String::new();
        let mut rows = String::new();
        while let Some(mv) = game
            .legal_moves()
            .max_by_key(|mv| game.position().beans(mv.hole()))
        {
            let plies = game.plies().len();
            let Ok(captures) = game.play(mv) else { break };
            let ply = if captures.is_empty() {
                mv.to_string()
            } else {
                format!("{mv} ({captures})")
            };
            if plies % 2 == 0 {
                inline.push_str(if plies == 0 { "" } else { "; " });
                rows.push_str(&format!("\n{}. ", plies / 2 + 1));
            } else {
                inline.push_str(", ");
                rows.push_str("  ");
            }
            inline.push_str(&ply);
            rows.push_str(&ply);
        }
        assert!(inline.contains(" and "), "{inline}");
        for text in [inline, rows] {
            let (parsed, (skimmed, events)) = both(&text);
            assert!(skimmed, "{text}");
            assert_eq!(events, parsed);
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(1024))]

        /// `printed_len` finds exactly the print at the start of a text:
        /// the print itself, followed by anything, and no text with one
        /// byte of the print changed, dropped or added.
        #[test]
        fn printed_len_is_exactly_the_print(
            list in proptest::collection::vec((0usize..12, 0u8..=120), 0..=12),
            at in proptest::prelude::any::<proptest::sample::Index>(),
            byte in proptest::sample::select(&b"0123456789 ,andfrom)x"[..]),
            edit in 0u8..3,
            after in proptest::sample::select(&["", ")", "0", " and 5 from 6"][..]),
        ) {
            let mut captures = crate::Captures::NONE;
            for &(index, beans) in &list {
                captures.push(crate::Hole::ALL[index], beans);
            }
            let printed = captures.to_string().into_bytes();
            let found = (!captures.is_empty()).then_some(printed.len());
            let followed = [&printed[..], after.as_bytes()].concat();
            proptest::prop_assert_eq!(printed_len(&captures, &followed), found);
            let mut edited = printed.clone();
            let i = at.index(edited.len() + 1);
            match edit {
                0 if i < edited.len() => edited[i] = byte,
                1 if i < edited.len() => {
                    edited.remove(i);
                }
                _ => edited.insert(i, byte),
            }
            // Only the print itself, or the print followed by something.
            let expected = found.filter(|_| edited.starts_with(&printed));
            proptest::prop_assert_eq!(
                printed_len(&captures, &edited),
                expected,
                "{:?}",
                String::from_utf8_lossy(&edited)
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(1024))]

        /// Captures as the rules make them (2, 4 or 6 beans from different
        /// holes), printed, are a plain annotation of the same captures:
        /// a sink that finds a group to be the print of the captures it
        /// expects need not read it.
        #[test]
        fn printed_captures_are_a_plain_annotation(
            holes in proptest::sample::subsequence((1u8..=12).collect::<Vec<_>>(), 1..=12),
            beans in proptest::collection::vec(proptest::sample::select(&[2u8, 4, 6][..]), 12),
        ) {
            let mut rules = crate::Captures::NONE;
            for (&hole, &beans) in holes.iter().zip(&beans) {
                let hole = crate::Hole::new(hole).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
                rules.push(hole, beans);
            }
            let text = format!("4 ({rules}), 5");
            let (parsed, (skimmed, events)) = both(&text);
            proptest::prop_assert!(skimmed, "{}", text);
            let expected: Vec<(u8, u8)> = rules.iter().map(|c| (c.hole.number(), c.beans)).collect();
            let Some(Event::Ply(4, _, groups)) = events.get(2) else {
                return Err(proptest::test_runner::TestCaseError::fail(format!("{events:?}")));
            };
            proptest::prop_assert_eq!(groups, &vec![Some(expected)]);
            proptest::prop_assert_eq!(events, parsed);
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(2048))]

        /// Random movetext, mostly plain, with every kind of thing that is
        /// not: the same events either way.
        #[test]
        fn plain_reading_agrees_with_the_parser(
            numbered in proptest::bool::ANY,
            pieces in proptest::collection::vec(
                proptest::prop_oneof![
                    // Plain: holes, marks, annotations, separators, space.
                    12 => proptest::sample::select(&[
                        "4", "12", "7", "1", "9", "10", "6", "4!", "9?!", " (2 from 3)",
                        "(4 from 7 and 4 from 6)", " (2 from 9, 8 each)", ", ", ",", " ,",
                        "; ", ";", ".", "\n", "\t", "\r\n", "  ", " ", "\n3. ", "\n4. ",
                    ][..]),
                    // Anything else.
                    1 => proptest::sample::select(&[
                        "0", "13", "012", "4!!!", " (2 from hole 8)", " (a comment)", " (A)",
                        " (4?)", "(2 from 3; note)", " )", " (x)", " (2 from 13)", " (open",
                        ";;", ". ", " or ", " and South loses.", "\n\n", "x", "\n(B)\n",
                        "\u{a0}", "\n3... ", "\n4\u{2026} ", " ... ", "...",
                        ". 3", ".; ", "\n5.", " (2 From 3)", " (2 beans from 3)",
                        " (2 from 3.)", "[Note]", "\n[Note]\n",
                    ][..]),
                ],
                0..40,
            ),
        ) {
            let mut text = if numbered { "1. ".to_owned() } else { String::new() };
            for piece in pieces {
                text.push_str(piece);
            }
            let (parsed, (_, events)) = both(&text);
            proptest::prop_assert_eq!(events, parsed, "{:?}", text);
        }
    }
}
