//! Capture annotations such as `2 from hole 8` or `4 each from 2, 1 and 12`.
//!
//! An annotation is a list of phrases joined by `,`, `and` or `plus`. Each
//! phrase names a number of beans and one or more holes in one of three
//! forms ([`PhraseForm`]). The tree keeps the phrasing (joiners, forms, the
//! word `hole`) so that the annotation prints back as written, up to white
//! space.

use crate::Hole;

use super::Span;

/// How two phrases, or two holes of a list, are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Joiner {
    /// `, `
    Comma,
    /// ` and `
    And,
    /// ` plus ` (between phrases only).
    Plus,
}

impl Joiner {
    /// The joiner as printed, with its spaces.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Joiner::Comma => ", ",
            Joiner::And => " and ",
            Joiner::Plus => " plus ",
        }
    }
}

/// The shape of one phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhraseForm {
    /// `2 from 12`, `2 from hole 8`: one hole.
    From,
    /// `2 from 9, 8, 7 each`, `2 from 5 and 6 each`: each hole gives the
    /// number of beans.
    FromEach,
    /// `4 each from 2 and 1`, `4 each from 2, 1 and 12`.
    EachFrom,
}

/// A non-empty list of holes with the separators written between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HoleList {
    /// The first hole.
    pub first: Hole,
    /// The further holes, each with the separator before it
    /// ([`Joiner::Comma`] or [`Joiner::And`]).
    pub rest: Vec<(Joiner, Hole)>,
}

impl HoleList {
    /// A list of one hole.
    #[must_use]
    pub fn one(hole: Hole) -> HoleList {
        HoleList {
            first: hole,
            rest: Vec::new(),
        }
    }

    /// The holes in written order.
    pub fn holes(&self) -> impl Iterator<Item = Hole> + '_ {
        std::iter::once(self.first).chain(self.rest.iter().map(|&(_, hole)| hole))
    }

    /// The number of holes (at least 1).
    #[must_use]
    pub fn len(&self) -> usize {
        1 + self.rest.len()
    }

    /// Always false: a list holds at least one hole.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// One phrase: `beans` from each hole of `holes`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Phrase {
    /// Beans taken from each hole.
    pub beans: u8,
    /// The holes, in written order.
    pub holes: HoleList,
    /// The written shape.
    pub form: PhraseForm,
    /// Whether the word `hole` (or `holes`) was written before the holes.
    /// Printed as `hole` before one hole and `holes` before several.
    pub hole_word: bool,
}

/// A capture annotation as written: phrases and the joiners between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CaptureAnnotation {
    /// The first phrase.
    pub first: Phrase,
    /// The further phrases, each with the joiner before it.
    pub rest: Vec<(Joiner, Phrase)>,
    /// Where the annotation was written (inside the parentheses).
    pub span: Span,
}

impl CaptureAnnotation {
    /// The phrases in written order.
    pub fn phrases(&self) -> impl Iterator<Item = &Phrase> + '_ {
        std::iter::once(&self.first).chain(self.rest.iter().map(|(_, phrase)| phrase))
    }

    /// The flattened captures as written: `(hole, beans)` for every hole
    /// of every phrase, in written order. `4 from 10, 2 from 9, 8, 7 each`
    /// gives `(10, 4), (9, 2), (8, 2), (7, 2)`.
    pub fn captures(&self) -> impl Iterator<Item = (Hole, u8)> + '_ {
        self.phrases()
            .flat_map(|phrase| phrase.holes.holes().map(move |hole| (hole, phrase.beans)))
    }

    /// The total number of beans the annotation names.
    #[must_use]
    pub fn total_beans(&self) -> u32 {
        self.captures().map(|(_, beans)| u32::from(beans)).sum()
    }
}

/// Why the text of a group is not a capture annotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NotAnnotation {
    /// The words do not form an annotation: the group is a comment.
    Shape,
    /// The words form an annotation but a hole number is out of range;
    /// carries the number and its span relative to the text.
    Hole(u64, Span),
}

/// The annotation grammar on nom combinators. Words are separated by
/// ASCII white space; a word ends at white space, `,` or the end of the
/// text, so `from12` is one word and `2from` is a number and a word.
/// Every `alt` and look-ahead spans a bounded number of words, so parsing
/// is linear in the text.
mod grammar {
    use std::cell::Cell;

    use nom::branch::alt;
    use nom::bytes::complete::{tag, take_while};
    use nom::character::complete::{char, digit1};
    use nom::combinator::{all_consuming, map, map_opt, not, opt, peek, value, verify};
    use nom::multi::fold_many0;
    use nom::sequence::{preceded, terminated};
    use nom::{IResult, Parser};

    use super::{HoleList, Joiner, Phrase, PhraseForm, Span};
    use crate::Hole;

    type In<'a> = &'a [u8];

    /// The text being parsed and the first hole number out of range.
    pub(super) struct Context<'a> {
        pub text: &'a [u8],
        pub bad_hole: Cell<Option<(u64, Span)>>,
    }

    fn ws(input: In<'_>) -> IResult<In<'_>, In<'_>> {
        take_while(|b: u8| b.is_ascii_whitespace()).parse(input)
    }

    /// Whether the word just read ends here: white space, `,` or the end.
    fn boundary(input: In<'_>) -> IResult<In<'_>, ()> {
        match input.first() {
            Some(&b) if !b.is_ascii_whitespace() && b != b',' => Err(nom::Err::Error(
                nom::error::Error::new(input, nom::error::ErrorKind::Not),
            )),
            _ => Ok((input, ())),
        }
    }

    /// The word `w` as a whole word, after optional white space.
    fn word<'a>(
        w: &'static str,
    ) -> impl Parser<In<'a>, Output = In<'a>, Error = nom::error::Error<In<'a>>> {
        preceded(ws, terminated(tag(w), boundary))
    }

    /// A run of digits after optional white space; its value saturates.
    fn number(input: In<'_>) -> IResult<In<'_>, (u64, In<'_>)> {
        map(preceded(ws, digit1), |digits: In<'_>| {
            let value = digits.iter().fold(0u64, |value, &d| {
                value.saturating_mul(10).saturating_add(u64::from(d - b'0'))
            });
            (value, digits)
        })
        .parse(input)
    }

    /// `,`, `and` or `plus` between two holes or phrases (white space
    /// skipped once, then one byte picks the alternative).
    fn joiner(input: In<'_>) -> IResult<In<'_>, Joiner> {
        preceded(
            ws,
            alt((
                value(Joiner::Comma, char(',')),
                value(Joiner::And, terminated(tag("and"), boundary)),
                value(Joiner::Plus, terminated(tag("plus"), boundary)),
            )),
        )
        .parse(input)
    }

    /// The word `hole` or `holes`.
    fn hole_word(input: In<'_>) -> IResult<In<'_>, ()> {
        value((), preceded(ws, (tag("hole"), opt(char('s')), boundary))).parse(input)
    }

    /// The commonest phrase, `N from H` with single spaces and holes in
    /// range, as a whole annotation: one straight pass, no look-ahead.
    pub(super) fn simple(input: In<'_>) -> Option<Phrase> {
        let small = |digits: In<'_>| match *digits {
            [d] => Some(d - b'0'),
            [d, e] => Some((d - b'0') * 10 + (e - b'0')),
            _ => None,
        };
        let parsed: IResult<In<'_>, _> = all_consuming((
            map_opt(digit1, small),
            tag(&b" from "[..]),
            map_opt(digit1, |d| small(d).and_then(|n| Hole::new(n).ok())),
        ))
        .parse(input);
        let (_, (beans, _, hole)) = parsed.ok()?;
        Some(Phrase {
            beans,
            holes: HoleList::one(hole),
            form: PhraseForm::From,
            hole_word: false,
        })
    }

    impl<'a> Context<'a> {
        /// A hole number; one out of range is recorded and read as hole 1
        /// (the caller then reports it instead of the tree).
        fn hole(&self, input: In<'a>) -> IResult<In<'a>, Hole> {
            map(number, |(n, digits)| {
                match u8::try_from(n).ok().and_then(|n| Hole::new(n).ok()) {
                    Some(hole) => hole,
                    None => {
                        let start = digits.as_ptr() as usize - self.text.as_ptr() as usize;
                        let bad = self.bad_hole.get();
                        self.bad_hole
                            .set(bad.or(Some((n, Span::new(start, start + digits.len())))));
                        Hole::MIN
                    }
                }
            })
            .parse(input)
        }

        /// `[hole|holes] H (, H | and H)*`, where a number that starts a
        /// new phrase (`N from`, `N each from`) ends the list.
        /// Also gives whether `hole` or `holes` was written.
        fn list(&self, input: In<'a>) -> IResult<In<'a>, (bool, HoleList)> {
            let phrase_start = (number, opt(word("each")), word("from"));
            let (input, hole_word) = opt(hole_word).parse(input)?;
            let (input, first) = self.hole(input)?;
            let (input, rest) = fold_many0(
                (
                    verify(joiner, |joiner| *joiner != Joiner::Plus),
                    preceded(not(peek(phrase_start)), |i| self.hole(i)),
                ),
                Vec::new,
                |mut rest, item| {
                    rest.push(item);
                    rest
                },
            )
            .parse(input)?;
            Ok((input, (hole_word.is_some(), HoleList { first, rest })))
        }

        /// `N from L`, `N from L each`, `N each from L`.
        fn phrase(&self, input: In<'a>) -> IResult<In<'a>, Phrase> {
            let (input, beans) = map_opt(number, |(n, _)| u8::try_from(n).ok()).parse(input)?;
            let (input, each_from) = opt(word("each")).parse(input)?;
            let (input, _) = word("from").parse(input)?;
            let (input, (hole_word, holes)) = self.list(input)?;
            let (input, form) = if each_from.is_some() {
                (input, PhraseForm::EachFrom)
            } else {
                let (input, each) = opt(word("each")).parse(input)?;
                match each {
                    Some(_) => (input, PhraseForm::FromEach),
                    None if holes.rest.is_empty() => (input, PhraseForm::From),
                    None => {
                        return Err(nom::Err::Error(nom::error::Error::new(
                            input,
                            nom::error::ErrorKind::Verify,
                        )));
                    }
                }
            };
            Ok((
                input,
                Phrase {
                    beans,
                    holes,
                    form,
                    hole_word,
                },
            ))
        }

        /// A whole annotation: phrases joined by `,`, `and` or `plus`, and
        /// nothing else but white space.
        pub(super) fn annotation(
            &self,
            input: In<'a>,
        ) -> IResult<In<'a>, (Phrase, Vec<(Joiner, Phrase)>)> {
            all_consuming(terminated(
                (
                    |i| self.phrase(i),
                    fold_many0((joiner, |i| self.phrase(i)), Vec::new, |mut rest, item| {
                        rest.push(item);
                        rest
                    }),
                ),
                ws,
            ))
            .parse(input)
        }
    }
}

/// Parses `text` (the inside of a group, without a `; comment`) as a
/// capture annotation. `span` is where `text` lies in the file.
pub(crate) fn parse_annotation(text: &str, span: Span) -> Result<CaptureAnnotation, NotAnnotation> {
    if let Some(first) = grammar::simple(text.as_bytes()) {
        return Ok(CaptureAnnotation {
            first,
            rest: Vec::new(),
            span,
        });
    }
    let context = grammar::Context {
        text: text.as_bytes(),
        bad_hole: std::cell::Cell::new(None),
    };
    let (_, (first, rest)) = context
        .annotation(text.as_bytes())
        .map_err(|_| NotAnnotation::Shape)?;
    if let Some((number, at)) = context.bad_hole.get() {
        return Err(NotAnnotation::Hole(number, at));
    }
    Ok(CaptureAnnotation { first, rest, span })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(text: &str) -> Vec<(u8, u8)> {
        match parse_annotation(text, Span::default()) {
            Ok(annotation) => annotation
                .captures()
                .map(|(hole, beans)| (hole.number(), beans))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    fn form(text: &str) -> Vec<PhraseForm> {
        parse_annotation(text, Span::default())
            .map(|a| a.phrases().map(|p| p.form).collect())
            .unwrap_or_default()
    }

    #[test]
    fn single_phrases() {
        assert_eq!(flat("2 from 12"), [(12, 2)]);
        assert_eq!(flat("2 from hole 8"), [(8, 2)]);
        let annotation = parse_annotation("2 from hole 8", Span::default());
        assert!(annotation.is_ok_and(|a| a.first.hole_word));
    }

    #[test]
    fn plus_and_and_join_phrases() {
        assert_eq!(flat("6 from 9 plus 2 from 8"), [(9, 6), (8, 2)]);
        assert_eq!(flat("2 from 1 and 2 from 2"), [(1, 2), (2, 2)]);
        assert_eq!(form("2 from 1 and 2 from 2"), [PhraseForm::From; 2]);
    }

    #[test]
    fn trailing_each_lists() {
        assert_eq!(
            flat("4 from 10, 2 from 9, 8, 7 each"),
            [(10, 4), (9, 2), (8, 2), (7, 2)]
        );
        assert_eq!(
            form("4 from 10, 2 from 9, 8, 7 each"),
            [PhraseForm::From, PhraseForm::FromEach]
        );
        assert_eq!(flat("2 from 5 and 6 each"), [(5, 2), (6, 2)]);
    }

    #[test]
    fn each_from_lists() {
        assert_eq!(flat("4 each from 2 and 1"), [(2, 4), (1, 4)]);
        assert_eq!(flat("6 each from 7 and 8"), [(7, 6), (8, 6)]);
        assert_eq!(flat("4 each from 2, 1 and 12"), [(2, 4), (1, 4), (12, 4)]);
        assert_eq!(flat("2 each from 12 and 11"), [(12, 2), (11, 2)]);
        assert_eq!(form("2 each from 12 and 11"), [PhraseForm::EachFrom]);
    }

    #[test]
    fn other_text_is_not_an_annotation() {
        for text in [
            "A",
            "4?",
            "but not 10?, loses",
            "2 from",
            "2 from 9, 8",
            "",
            "from 2",
        ] {
            assert_eq!(
                parse_annotation(text, Span::default()),
                Err(NotAnnotation::Shape),
                "{text}"
            );
        }
        assert_eq!(
            parse_annotation("2 from 13", Span::default()),
            Err(NotAnnotation::Hole(13, Span::new(7, 9)))
        );
    }
}
