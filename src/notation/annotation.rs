//! Capture annotations such as `2 from hole 8` or `4 each from 2, 1 and 12`.
//!
//! An annotation is a list of phrases joined by `,`, `and` or `plus`. Each
//! phrase names a number of beans and one or more holes in one of three
//! forms ([`PhraseForm`]). The tree keeps the phrasing (joiners, forms, the
//! word `hole`) so that the annotation prints back as written, up to white
//! space.

use super::list::{JoinedHoles, JoinedPhrases};

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
    pub rest: JoinedHoles,
}

impl HoleList {
    /// A list of one hole.
    #[must_use]
    pub fn one(hole: Hole) -> HoleList {
        HoleList {
            first: hole,
            rest: JoinedHoles::new(),
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

impl Phrase {
    /// A phrase to be overwritten: `0 from 1`.
    pub(crate) const fn placeholder() -> Phrase {
        Phrase {
            beans: 0,
            holes: HoleList {
                first: Hole::MIN,
                rest: JoinedHoles::new(),
            },
            form: PhraseForm::From,
            hole_word: false,
        }
    }
}

/// A capture annotation as written: phrases and the joiners between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CaptureAnnotation {
    /// The first phrase.
    pub first: Phrase,
    /// The further phrases, each with the joiner before it (one pointer
    /// wide, allocating nothing while empty, as for most annotations: a
    /// ply's groups are kept small).
    pub rest: JoinedPhrases,
    /// Where the annotation was written (inside the parentheses).
    pub span: Span,
}

impl CaptureAnnotation {
    /// An annotation to be overwritten: `0 from 1`.
    pub(crate) const fn placeholder() -> CaptureAnnotation {
        CaptureAnnotation {
            first: Phrase::placeholder(),
            rest: JoinedPhrases::new(),
            span: Span::new(0, 0),
        }
    }

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
        self.phrases()
            .map(|phrase| {
                let holes = u32::try_from(phrase.holes.len()).unwrap_or(u32::MAX);
                u32::from(phrase.beans).saturating_mul(holes)
            })
            .fold(0, u32::saturating_add)
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

/// The annotation grammar on nom combinators, in two steps: a one-pass
/// tokenizer splits the text into words, and the grammar is written over
/// the tokens, so that its look-ahead and backtracking cost a few token
/// comparisons instead of a byte-level re-scan.
///
/// Words are separated by ASCII white space; a word ends at white space,
/// `,` or the end of the text, so `from12` is one word and `2from` is a
/// number and a word. Every `alt` and look-ahead spans a bounded number of
/// tokens, so parsing is linear in the text.
mod grammar {
    use std::cell::Cell;
    use std::iter::{Copied, Enumerate};

    use nom::branch::alt;
    use nom::combinator::{all_consuming, map, map_opt, not, opt, peek, value, verify};
    use nom::multi::fold_many0;
    use nom::sequence::preceded;
    use nom::{Input, Needed, Parser};

    use super::{CaptureAnnotation, HoleList, Joiner, Phrase, PhraseForm, Span};
    use crate::Hole;

    /// What a token of an annotation is.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub(super) enum Kind {
        /// A run of digits.
        #[default]
        Number,
        /// `,`
        Comma,
        /// The word `from`.
        From,
        /// The word `each`.
        Each,
        /// The word `hole` or `holes`.
        HoleWord,
        /// The word `and`.
        And,
        /// The word `plus`.
        Plus,
    }

    /// A token: its kind, its value if it is a number (saturating), and
    /// where it lies in the text.
    #[derive(Debug, Clone, Copy, Default)]
    pub(super) struct Token {
        kind: Kind,
        value: u64,
        start: usize,
        end: usize,
    }

    /// The next token of `text` from `*at` on, after white space; `None`
    /// at the end, `Some(Err(()))` for a word that is none of the
    /// annotation's words (the text is then no annotation).
    fn next_token(text: &[u8], at: &mut usize) -> Option<Result<Token, ()>> {
        let mut start = *at;
        while text.get(start).is_some_and(u8::is_ascii_whitespace) {
            start += 1;
        }
        let first = *text.get(start)?;
        let mut end = start + 1;
        let token = |kind, value, end| Token {
            kind,
            value,
            start,
            end,
        };
        let result = if first.is_ascii_digit() {
            let mut value = u64::from(first - b'0');
            while let Some(&d) = text.get(end).filter(|d| d.is_ascii_digit()) {
                value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                end += 1;
            }
            Ok(token(Kind::Number, value, end))
        } else if first == b',' {
            Ok(token(Kind::Comma, 0, end))
        } else {
            while text
                .get(end)
                .is_some_and(|&b| !b.is_ascii_whitespace() && b != b',')
            {
                end += 1;
            }
            let mut word = text.get(start..end).unwrap_or_default();
            // A full stop ends the annotation's last word (`2 from 8.`,
            // `2 from 5 and 6 each.`).
            if let Some(stripped) = word.strip_suffix(b".")
                && text
                    .get(end..)
                    .is_some_and(|rest| rest.iter().all(u8::is_ascii_whitespace))
            {
                if stripped.is_empty() {
                    *at = text.len();
                    return None;
                }
                word = stripped;
            }
            // The words in any letter case: `From`, `FROM`.
            let kind = [
                (&b"from"[..], Kind::From),
                (b"each", Kind::Each),
                (b"hole", Kind::HoleWord),
                (b"holes", Kind::HoleWord),
                (b"and", Kind::And),
                (b"plus", Kind::Plus),
            ]
            .into_iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(word))
            .map(|(_, kind)| kind);
            match kind {
                Some(kind) => Ok(token(kind, 0, end)),
                None => {
                    *at = end;
                    return Some(Err(()));
                }
            }
        };
        *at = end;
        Some(result)
    }

    /// How many tokens are kept on the stack before spilling to the heap.
    const ROOM: usize = 8;

    /// The most words outside the annotation's words (and marks of
    /// punctuation) that a loose reading drops: `2 beans from 8`,
    /// `takes 2 from 8`, `2 from 8!`.
    pub(super) const MAX_LOOSE_WORDS: usize = 2;

    /// How strictly [`with_tokens`] takes the words.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(super) enum Reading {
        /// Only the annotation's words (in any letter case), and a full
        /// stop at the very end (`2 from 8.`).
        Strict,
        /// Up to [`MAX_LOOSE_WORDS`] other words or marks dropped, for a
        /// group that reads like a capture annotation but is not one.
        Loose,
    }

    /// Splits `text` into tokens and hands them to `parse`; `None` if a
    /// word is none of the annotation's words (beyond what `reading`
    /// drops) or the text does not start with a number.
    pub(super) fn with_tokens<T>(
        text: &[u8],
        reading: Reading,
        parse: impl FnOnce(Tokens<'_>) -> T,
    ) -> Option<T> {
        let mut at = 0;
        let mut room = [Token::default(); ROOM];
        let mut count = 0;
        let mut dropped = 0;
        let mut spill: Vec<Token> = Vec::new();
        let mut word_start = at;
        while let Some(token) = next_token(text, &mut at) {
            let word = text.get(word_start..at).unwrap_or_default();
            word_start = at;
            let Ok(token) = token else {
                dropped += 1;
                // A parenthesis is never dropped: the group's text would
                // print unbalanced, and read back as other groups.
                if reading == Reading::Strict
                    || dropped > MAX_LOOSE_WORDS
                    || word.iter().any(|byte| matches!(byte, b'(' | b')'))
                {
                    return None;
                }
                continue;
            };
            if count == 0 && token.kind != Kind::Number {
                return None;
            }
            match room.get_mut(count) {
                Some(slot) if spill.is_empty() => *slot = token,
                _ => {
                    if spill.is_empty() {
                        spill.extend_from_slice(&room);
                    }
                    spill.push(token);
                }
            }
            count += 1;
        }
        let tokens = if spill.is_empty() {
            room.get(..count).unwrap_or_default()
        } else {
            &spill
        };
        Some(parse(Tokens(tokens)))
    }

    /// A run of tokens, as nom input.
    #[derive(Debug, Clone, Copy)]
    pub(super) struct Tokens<'a>(&'a [Token]);

    impl<'a> Input for Tokens<'a> {
        type Item = Token;
        type Iter = Copied<std::slice::Iter<'a, Token>>;
        type IterIndices = Enumerate<Self::Iter>;

        fn input_len(&self) -> usize {
            self.0.len()
        }

        fn take(&self, index: usize) -> Self {
            Tokens(self.0.get(..index).unwrap_or(self.0))
        }

        fn take_from(&self, index: usize) -> Self {
            Tokens(self.0.get(index..).unwrap_or_default())
        }

        fn take_split(&self, index: usize) -> (Self, Self) {
            let (prefix, suffix) = self.0.split_at_checked(index).unwrap_or((self.0, &[]));
            (Tokens(suffix), Tokens(prefix))
        }

        fn position<P>(&self, predicate: P) -> Option<usize>
        where
            P: Fn(Self::Item) -> bool,
        {
            self.0.iter().position(|&token| predicate(token))
        }

        fn iter_elements(&self) -> Self::Iter {
            self.0.iter().copied()
        }

        fn iter_indices(&self) -> Self::IterIndices {
            self.iter_elements().enumerate()
        }

        fn slice_index(&self, count: usize) -> Result<usize, Needed> {
            if self.0.len() >= count {
                Ok(count)
            } else {
                Err(Needed::new(count - self.0.len()))
            }
        }
    }

    type In<'a> = Tokens<'a>;

    /// The result of a rule: a failure carries nothing, since the caller
    /// only needs to know that the text is no annotation.
    type IResult<'a, O> = nom::IResult<In<'a>, O, ()>;

    /// A token of kind `kind`.
    fn is<'a>(kind: Kind) -> impl Parser<In<'a>, Output = Token, Error = ()> {
        move |input: In<'a>| match input.0.split_first() {
            Some((&token, rest)) if token.kind == kind => Ok((Tokens(rest), token)),
            _ => Err(nom::Err::Error(())),
        }
    }

    /// `,`, `and` or `plus` between two holes or phrases.
    fn joiner(input: In<'_>) -> IResult<'_, Joiner> {
        alt((
            value(Joiner::Comma, is(Kind::Comma)),
            value(Joiner::And, is(Kind::And)),
            value(Joiner::Plus, is(Kind::Plus)),
        ))
        .parse(input)
    }

    /// A number of one or two digits at the start of `bytes`, and the
    /// rest.
    #[inline]
    fn small(bytes: &[u8]) -> Option<(u8, &[u8])> {
        let digit = |i: usize| {
            bytes
                .get(i)
                .map(|b| b.wrapping_sub(b'0'))
                .filter(|d| *d <= 9)
        };
        let first = digit(0)?;
        match digit(1) {
            Some(second) => Some((first * 10 + second, bytes.get(2..)?)),
            None => Some((first, bytes.get(1..)?)),
        }
    }

    /// A hole of one or two digits at the start of `bytes`, in range;
    /// with the rest.
    fn small_hole(bytes: &[u8]) -> Option<(Hole, &[u8])> {
        let (number, rest) = small(bytes)?;
        Some((Hole::new(number).ok()?, rest))
    }

    /// The joiner with single spaces at the start of `bytes` (`, `,
    /// ` and `, and ` plus ` where `plus` allows it), and the rest.
    fn byte_joiner(bytes: &[u8], plus: bool) -> Option<(Joiner, &[u8])> {
        // One look at the first two bytes picks the joiner.
        match bytes {
            [b',', ..] => Some((Joiner::Comma, bytes.strip_prefix(b", ")?)),
            [b' ', b'a', ..] => Some((Joiner::And, bytes.strip_prefix(b" and ")?)),
            [b' ', b'p', ..] if plus => Some((Joiner::Plus, bytes.strip_prefix(b" plus ")?)),
            _ => None,
        }
    }

    /// Whether a phrase (`N from`, `N each from`) starts right after a
    /// number, so that the number begins a phrase rather than ends a list.
    fn starts_phrase(after_number: &[u8]) -> bool {
        after_number.starts_with(b" from") || after_number.starts_with(b" each from")
    }

    /// `H (, H | and H)*` at the start of `input`, ending before a number
    /// that starts a new phrase, written into `list` (reusing its room);
    /// with the rest.
    fn hole_list_into<'a>(input: &'a [u8], list: &mut HoleList) -> Option<&'a [u8]> {
        let (first, mut rest) = small_hole(input)?;
        list.first = first;
        list.rest.clear();
        while let Some((joiner, after)) = byte_joiner(rest, false) {
            let Some((number, after)) = small(after) else {
                break;
            };
            if starts_phrase(after) {
                break;
            }
            list.rest.push((joiner, Hole::new(number).ok()?));
            rest = after;
        }
        Some(rest)
    }

    /// One phrase at the start of `input`, in any of the three forms,
    /// with single spaces, numbers of one or two digits, holes in range
    /// and no word `hole`, written into `phrase`; with the rest.
    fn byte_phrase_into<'a>(input: &'a [u8], phrase: &mut Phrase) -> Option<&'a [u8]> {
        let (beans, rest) = small(input)?;
        // One look at the letter after the space picks the form.
        let (each_from, rest) = match rest.get(1) {
            Some(b'f') => (false, rest.strip_prefix(b" from ")?),
            _ => (true, rest.strip_prefix(b" each from ")?),
        };
        let mut rest = hole_list_into(rest, &mut phrase.holes)?;
        phrase.form = if each_from {
            PhraseForm::EachFrom
        } else if let Some(after) = rest.strip_prefix(b" each") {
            rest = after;
            PhraseForm::FromEach
        } else if phrase.holes.rest.is_empty() {
            PhraseForm::From
        } else {
            return None;
        };
        phrase.beans = beans;
        phrase.hole_word = false;
        Some(rest)
    }

    /// The commonest annotations, as the rules engine prints captures and
    /// as the historical records phrase them: phrases (see
    /// [`byte_phrase_into`]) joined by `, `, ` and ` or ` plus `, and
    /// nothing else. A byte-level fast path without tokens, which writes
    /// into `slot` in place so that a reused slot keeps its room; where it
    /// gives an annotation (returns true), the grammar on tokens gives the
    /// same (property tests compare them). Where it returns false, `slot`
    /// holds some annotation and the grammar must decide.
    pub(super) fn from_list_into(input: &[u8], slot: &mut CaptureAnnotation) -> bool {
        from_list_prefix(input, slot) == Some(input.len())
    }

    /// [`from_list_into`] on the start of `input`: the length read, up to
    /// where no joiner follows a phrase. The fast path reads no byte past
    /// the text it takes but the next few, and none of `(`, `)` or `;`,
    /// so when `input` goes on with `)`, its reading of the part before
    /// is its reading of `input` cut there.
    pub(super) fn from_list_prefix(input: &[u8], slot: &mut CaptureAnnotation) -> Option<usize> {
        let mut rest = byte_phrase_into(input, &mut slot.first)?;
        let mut count = 0;
        while let Some((joiner, after)) = byte_joiner(rest, true) {
            if slot.rest.len() <= count {
                if slot.rest.capacity() == 0 {
                    // Room for one phrase; more grow it by doubling.
                    slot.rest.reserve_exact(1);
                }
                slot.rest.push((joiner, Phrase::placeholder()));
            }
            let entry = slot.rest.get_mut(count)?;
            entry.0 = joiner;
            rest = byte_phrase_into(after, &mut entry.1)?;
            count += 1;
        }
        slot.rest.truncate(count);
        Some(input.len() - rest.len())
    }

    /// The first hole number out of range, with its span in the text.
    #[derive(Default)]
    pub(super) struct Context {
        pub bad_hole: Cell<Option<(u64, Span)>>,
    }

    impl Context {
        /// A hole number; one out of range is recorded and read as hole 1
        /// (the caller then reports it instead of the tree).
        fn hole<'a>(&self, input: In<'a>) -> IResult<'a, Hole> {
            map(is(Kind::Number), |token| {
                match u8::try_from(token.value)
                    .ok()
                    .and_then(|n| Hole::new(n).ok())
                {
                    Some(hole) => hole,
                    None => {
                        let bad = self.bad_hole.get();
                        self.bad_hole
                            .set(bad.or(Some((token.value, Span::new(token.start, token.end)))));
                        Hole::MIN
                    }
                }
            })
            .parse(input)
        }

        /// `[hole|holes] H (, H | and H)*`, where a number that starts a
        /// new phrase (`N from`, `N each from`) ends the list.
        /// Also gives whether `hole` or `holes` was written.
        fn list<'a>(&self, input: In<'a>) -> IResult<'a, (bool, HoleList)> {
            let phrase_start = (is(Kind::Number), opt(is(Kind::Each)), is(Kind::From));
            let (input, hole_word) = opt(is(Kind::HoleWord)).parse(input)?;
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
            Ok((
                input,
                (
                    hole_word.is_some(),
                    HoleList {
                        first,
                        rest: rest.into(),
                    },
                ),
            ))
        }

        /// `N from L`, `N from L each`, `N each from L`.
        fn phrase<'a>(&self, input: In<'a>) -> IResult<'a, Phrase> {
            let (input, beans) =
                map_opt(is(Kind::Number), |token| u8::try_from(token.value).ok()).parse(input)?;
            let (input, each_from) = opt(is(Kind::Each)).parse(input)?;
            let (input, _) = is(Kind::From).parse(input)?;
            let (input, (hole_word, holes)) = self.list(input)?;
            let (input, form) = if each_from.is_some() {
                (input, PhraseForm::EachFrom)
            } else {
                let (input, each) = opt(is(Kind::Each)).parse(input)?;
                match each {
                    Some(_) => (input, PhraseForm::FromEach),
                    None if holes.rest.is_empty() => (input, PhraseForm::From),
                    None => {
                        return Err(nom::Err::Error(()));
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
        /// nothing else.
        pub(super) fn annotation<'a>(
            &self,
            input: In<'a>,
        ) -> IResult<'a, (Phrase, Vec<(Joiner, Phrase)>)> {
            all_consuming((
                |i| self.phrase(i),
                fold_many0((joiner, |i| self.phrase(i)), Vec::new, |mut rest, item| {
                    rest.push(item);
                    rest
                }),
            ))
            .parse(input)
        }
    }
}

/// Parses `text` (the inside of a group, without a `; comment`) as a
/// capture annotation. `span` is where `text` lies in the file.
#[cfg(test)]
pub(crate) fn parse_annotation(text: &str, span: Span) -> Result<CaptureAnnotation, NotAnnotation> {
    let mut slot = CaptureAnnotation::placeholder();
    parse_annotation_into(text, span, &mut slot)?;
    Ok(slot)
}

/// Parses `text` as [`parse_annotation`] does, into `slot`, reusing the
/// room of the annotation it held. On an error, `slot` holds some
/// annotation that means nothing.
pub(crate) fn parse_annotation_into(
    text: &str,
    span: Span,
    slot: &mut CaptureAnnotation,
) -> Result<(), NotAnnotation> {
    if grammar::from_list_into(text.as_bytes(), slot) {
        slot.span = span;
        return Ok(());
    }
    *slot = parse_with_tokens(text, span)?;
    Ok(())
}

/// Reads a capture annotation in the commonest phrasing (see
/// [`parse_annotation_into`]'s fast path) from the start of `input` into
/// `slot`, if one is there and `input` goes on with `)`; gives the
/// annotation's length. Where it gives a length, [`parse_annotation_into`]
/// on the text before the `)` reads the same annotation.
pub(crate) fn parse_closed_annotation(input: &[u8], slot: &mut CaptureAnnotation) -> Option<usize> {
    let len = grammar::from_list_prefix(input, slot)?;
    (input.get(len) == Some(&b')')).then_some(len)
}

/// [`parse_annotation`] without its fast path: the grammar on tokens.
fn parse_with_tokens(text: &str, span: Span) -> Result<CaptureAnnotation, NotAnnotation> {
    read_tokens(text, span, grammar::Reading::Strict)
}

/// The capture annotation that `text`, the inside of a group that is no
/// annotation, reads as once up to [`grammar::MAX_LOOSE_WORDS`] words or
/// marks outside the grammar are dropped (`2 beans from 8`, `takes 2 from
/// 8`, `2 from 8!`), if any: the claim such a group makes, which the
/// parser reads with a warning
/// ([`WarningKind::LooseCaptureAnnotation`](super::WarningKind::LooseCaptureAnnotation)).
pub(crate) fn parse_loose_annotation(text: &str, span: Span) -> Option<CaptureAnnotation> {
    read_tokens(text, span, grammar::Reading::Loose).ok()
}

/// The grammar on the tokens of `text`, read as `reading` says.
fn read_tokens(
    text: &str,
    span: Span,
    reading: grammar::Reading,
) -> Result<CaptureAnnotation, NotAnnotation> {
    let context = grammar::Context::default();
    let (first, rest) = grammar::with_tokens(text.as_bytes(), reading, |tokens| {
        context.annotation(tokens).map(|(_, parsed)| parsed).ok()
    })
    .flatten()
    .ok_or(NotAnnotation::Shape)?;
    if let Some((number, at)) = context.bad_hole.get() {
        return Err(NotAnnotation::Hole(number, at));
    }
    Ok(CaptureAnnotation {
        first,
        rest: rest.into(),
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loose_reading_drops_words_but_never_a_parenthesis() {
        let read =
            |text: &str| parse_loose_annotation(text, Span::new(0, 0)).map(|a| a.to_string());
        assert_eq!(read("2 beans from 8").as_deref(), Some("2 from 8"));
        assert_eq!(read("2 from (hole 8"), None);
        assert_eq!(read("2 from hole) 8"), None);
    }

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

    /// The fast path's reading of `text`, written over a slot that held
    /// `before`, so that stale room is exercised.
    fn fast(text: &str, before: &str) -> Option<CaptureAnnotation> {
        let mut slot = CaptureAnnotation::placeholder();
        let _ = grammar::from_list_into(before.as_bytes(), &mut slot);
        grammar::from_list_into(text.as_bytes(), &mut slot).then(|| CaptureAnnotation {
            span: Span::default(),
            ..slot
        })
    }

    /// Slots that held these before are reused in the tests.
    const EARLIER: [&str; 4] = [
        "",
        "4 each from 2, 1 and 12",
        "2 from 10, 2 from 9 and 2 from 8",
        "4 from 10, 2 from 9, 8, 7 each plus 6 each from 1 and 2",
    ];

    #[test]
    fn a_closed_annotation_is_read_up_to_its_parenthesis() {
        let mut slot = CaptureAnnotation::placeholder();
        assert_eq!(
            parse_closed_annotation(b"2 from 9, 8 each); 5", &mut slot),
            Some(16)
        );
        assert_eq!(slot.captures().count(), 2);
        for text in ["2 from 9; why", "2 from 9", "2 from 9 )", "2 from (9)"] {
            assert_eq!(
                parse_closed_annotation(text.as_bytes(), &mut slot),
                None,
                "{text}"
            );
        }
    }

    #[test]
    fn the_rules_phrasing_takes_the_fast_path() {
        for text in [
            "2 from 12",
            "2 from 10, 2 from 9 and 2 from 8",
            "6 from 9 plus 2 from 8",
            "2 from 1 and 2 from 2",
            "4 each from 2 and 1",
            "4 each from 2, 1 and 12",
            "4 from 10, 2 from 9, 8, 7 each",
            "2 from 5 and 6 each",
        ] {
            for before in EARLIER {
                assert_eq!(
                    fast(text, before),
                    parse_with_tokens(text, Span::default()).ok(),
                    "{text} after {before}"
                );
            }
        }
        for text in [
            "2 from hole 8",
            " 2 from 12",
            "2 from 12 ",
            "2 from 9, 8",
            "4 each from 2 and 1 each",
            "4 each from 2 and 13",
        ] {
            assert!(fast(text, "").is_none(), "{text}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(2048))]

        /// Wherever the fast path reads an annotation, the grammar on
        /// tokens reads the same one; texts are built from the words and
        /// numbers annotations use, with the separators they use.
        #[test]
        fn the_fast_path_agrees_with_the_grammar(
            pieces in proptest::collection::vec(
                proptest::sample::select(&[
                    "2", "4", "12", "0", "13", "123", "02", " from ", "from", " each", " and ",
                    ", ", ",", " plus ", " hole ", " ", "x", " each from ", "7 from ",
                    "2 each from ", ")", ";", "(",
                ][..]),
                1..16,
            ),
            before in 0..EARLIER.len(),
        ) {
            let text: String = pieces.concat();
            if let Some(annotation) = fast(&text, EARLIER[before]) {
                proptest::prop_assert_eq!(
                    parse_with_tokens(&text, Span::default()),
                    Ok(annotation),
                    "{}", text
                );
            }
            // Read up to a `)`, as the parser does straight from the text:
            // the same as reading the text before the group's first `)`.
            let mut slot = CaptureAnnotation::placeholder();
            let _ = grammar::from_list_into(EARLIER[before].as_bytes(), &mut slot);
            if let Some(len) = parse_closed_annotation(text.as_bytes(), &mut slot) {
                let head = text.get(..len).unwrap_or_default();
                proptest::prop_assert_eq!(text.find([')', '(', ';']), Some(len), "{}", text);
                proptest::prop_assert_eq!(
                    parse_with_tokens(head, Span::default()),
                    Ok(CaptureAnnotation { span: Span::default(), ..slot }),
                    "{}", text
                );
            }
        }

        /// Lists of phrases in all three forms, with single spaces, which
        /// the fast path must take.
        #[test]
        fn phrase_lists_agree(
            phrases in proptest::collection::vec(
                (
                    0u8..=99,
                    proptest::collection::vec((1u8..=12, proptest::bool::ANY), 1..4),
                    0usize..3,
                    0usize..3,
                ),
                1..6,
            ),
            before in 0..EARLIER.len(),
        ) {
            let mut text = String::new();
            for (i, (beans, holes, form, joiner)) in phrases.iter().enumerate() {
                if i > 0 {
                    text.push_str([", ", " and ", " plus "][*joiner]);
                }
                let mut list = String::new();
                for (j, (hole, comma)) in holes.iter().enumerate() {
                    if j > 0 {
                        list.push_str(if *comma { ", " } else { " and " });
                    }
                    list.push_str(&hole.to_string());
                }
                // A list of several holes needs `each`; one hole may have it.
                let form = if holes.len() > 1 { 1 + form % 2 } else { *form };
                text.push_str(&match form {
                    0 => format!("{beans} from {list}"),
                    1 => format!("{beans} from {list} each"),
                    _ => format!("{beans} each from {list}"),
                });
            }
            let fast = fast(&text, EARLIER[before]);
            proptest::prop_assert!(fast.is_some(), "{}", text);
            proptest::prop_assert_eq!(
                parse_with_tokens(&text, Span::default()).ok(),
                fast,
                "{}", text
            );
        }
    }
}

/// What every phrasing and spacing of an annotation reads as, pinned:
/// alone (strictly and loosely) and as a group in a record, after South's
/// ply and after North's (where the whole-move reading applies).
#[cfg(test)]
mod pinned {
    use super::{NotAnnotation, parse_annotation, parse_loose_annotation};
    use crate::notation::{GroupKind, Span, parse_records};

    /// The text's reading alone: its print, `-` for no annotation, or the
    /// hole out of range.
    fn strict(text: &str) -> String {
        match parse_annotation(text, Span::new(0, 0)) {
            Ok(annotation) => annotation.to_string(),
            Err(NotAnnotation::Shape) => "-".to_owned(),
            Err(NotAnnotation::Hole(number, at)) => {
                format!("hole {number} at {}..{}", at.start, at.end)
            }
        }
    }

    /// The text's loose reading, or `-`.
    fn loose(text: &str) -> String {
        parse_loose_annotation(text, Span::new(0, 0))
            .map_or_else(|| "-".to_owned(), |annotation| annotation.to_string())
    }

    /// The record `record` as printed, with the spans of its capture
    /// annotations and groups and the kinds of its errors and warnings.
    fn game(record: &str) -> String {
        let games = parse_records(record);
        let mut out = String::new();
        for game in &games {
            out.push_str(game.record.to_string().trim_end());
            for m in &game.record.movetext.moves {
                for (_, turn) in m.turns() {
                    for group in &turn.ply.groups {
                        out.push_str(&format!(" g{}..{}", group.span.start, group.span.end));
                        if let GroupKind::Captures {
                            annotation,
                            comment,
                        } = &group.kind
                        {
                            let at = annotation.span;
                            out.push_str(&format!(" a{}..{}", at.start, at.end));
                            if let Some(comment) = comment {
                                out.push_str(&format!(" c{comment:?}"));
                            }
                        }
                    }
                }
            }
            for error in &game.errors {
                out.push_str(&format!(" E{:?}@{}", error.kind, error.span.start));
            }
            for warning in &game.warnings {
                out.push_str(&format!(" W{:?}@{}", warning.kind, warning.span.start));
            }
        }
        out
    }

    /// Each text's four readings.
    fn readings(text: &str) -> [String; 4] {
        [
            strict(text),
            loose(text),
            game(&format!("4, 8 ({text})")),
            game(&format!("4 ({text}), 8; 5")),
        ]
    }

    /// Each text, then its readings: alone, loosely, after North's ply,
    /// after South's.
    const PINNED: &[[&str; 5]] = &[
        [
            "2 from 12",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..16 a6..15",
            "4 (2 from 12), 8; 5 g2..13 a3..12",
        ],
        [
            "2 from hole 8",
            "2 from hole 8",
            "2 from hole 8",
            "4, 8 (2 from hole 8) g5..20 a6..19",
            "4 (2 from hole 8), 8; 5 g2..17 a3..16",
        ],
        [
            "2 from holes 8",
            "2 from hole 8",
            "2 from hole 8",
            "4, 8 (2 from hole 8) g5..21 a6..20",
            "4 (2 from hole 8), 8; 5 g2..18 a3..17",
        ],
        [
            "2 from hole 9, 8 each",
            "2 from holes 9, 8 each",
            "2 from holes 9, 8 each",
            "4, 8 (2 from holes 9, 8 each) g5..28 a6..27",
            "4 (2 from holes 9, 8 each), 8; 5 g2..25 a3..24",
        ],
        [
            "6 from 9 plus 2 from 8",
            "6 from 9 plus 2 from 8",
            "6 from 9 plus 2 from 8",
            "4, 8 (6 from 9 plus 2 from 8) g5..29 a6..28",
            "4 (6 from 9 plus 2 from 8), 8; 5 g2..26 a3..25",
        ],
        [
            "2 from 1 and 2 from 2",
            "2 from 1 and 2 from 2",
            "2 from 1 and 2 from 2",
            "4, 8 (2 from 1 and 2 from 2) g5..28 a6..27",
            "4 (2 from 1 and 2 from 2), 8; 5 g2..25 a3..24",
        ],
        [
            "2 from 10, 2 from 9 and 2 from 8",
            "2 from 10, 2 from 9 and 2 from 8",
            "2 from 10, 2 from 9 and 2 from 8",
            "4, 8 (2 from 10, 2 from 9 and 2 from 8) g5..39 a6..38",
            "4 (2 from 10, 2 from 9 and 2 from 8), 8; 5 g2..36 a3..35",
        ],
        [
            "4 from 10, 2 from 9, 8, 7 each",
            "4 from 10, 2 from 9, 8, 7 each",
            "4 from 10, 2 from 9, 8, 7 each",
            "4, 8 (4 from 10, 2 from 9, 8, 7 each) g5..37 a6..36",
            "4 (4 from 10, 2 from 9, 8, 7 each), 8; 5 g2..34 a3..33",
        ],
        [
            "2 from 5 and 6 each",
            "2 from 5 and 6 each",
            "2 from 5 and 6 each",
            "4, 8 (2 from 5 and 6 each) g5..26 a6..25",
            "4 (2 from 5 and 6 each), 8; 5 g2..23 a3..22",
        ],
        [
            "4 each from 2 and 1",
            "4 each from 2 and 1",
            "4 each from 2 and 1",
            "4, 8 (4 each from 2 and 1) g5..26 a6..25",
            "4 (4 each from 2 and 1), 8; 5 g2..23 a3..22",
        ],
        [
            "4 each from 2, 1 and 12",
            "4 each from 2, 1 and 12",
            "4 each from 2, 1 and 12",
            "4, 8 (4 each from 2, 1 and 12) g5..30 a6..29",
            "4 (4 each from 2, 1 and 12), 8; 5 g2..27 a3..26",
        ],
        [
            "4 each from holes 2 and 1",
            "4 each from holes 2 and 1",
            "4 each from holes 2 and 1",
            "4, 8 (4 each from holes 2 and 1) g5..32 a6..31",
            "4 (4 each from holes 2 and 1), 8; 5 g2..29 a3..28",
        ],
        [
            "2 from 9 and 4 each from 5 and 6",
            "2 from 9 and 4 each from 5 and 6",
            "2 from 9 and 4 each from 5 and 6",
            "4, 8 (2 from 9 and 4 each from 5 and 6) g5..39 a6..38",
            "4 (2 from 9 and 4 each from 5 and 6), 8; 5 g2..36 a3..35",
        ],
        [
            "2 from 9, 8 each plus 4 each from 1, 2",
            "2 from 9, 8 each plus 4 each from 1, 2",
            "2 from 9, 8 each plus 4 each from 1, 2",
            "4, 8 (2 from 9, 8 each plus 4 each from 1, 2) g5..45 a6..44",
            "4 (2 from 9, 8 each plus 4 each from 1, 2), 8; 5 g2..42 a3..41",
        ],
        [
            "2 from 12 and 4 from 11, 10 each",
            "2 from 12 and 4 from 11, 10 each",
            "2 from 12 and 4 from 11, 10 each",
            "4, 8 (2 from 12 and 4 from 11, 10 each) g5..39 a6..38",
            "4 (2 from 12 and 4 from 11, 10 each), 8; 5 g2..36 a3..35",
        ],
        [
            "4 from 7 and 4 from 6",
            "4 from 7 and 4 from 6",
            "4 from 7 and 4 from 6",
            "4, 8 (4 from 7 and 4 from 6) g5..28 a6..27",
            "4 (4 from 7 and 4 from 6), 8; 5 g2..25 a3..24",
        ],
        [
            "6 from 4, 3 and 2",
            "-",
            "-",
            "4, 8 (6 from 4, 3 and 2) g5..24 WLooseCaptureAnnotation@5",
            "4 (6 from 4, 3 and 2), 8; 5 g2..21 WLooseCaptureAnnotation@2",
        ],
        [
            "6 from 4, 3 and 2 each",
            "6 from 4, 3 and 2 each",
            "6 from 4, 3 and 2 each",
            "4, 8 (6 from 4, 3 and 2 each) g5..29 a6..28",
            "4 (6 from 4, 3 and 2 each), 8; 5 g2..26 a3..25",
        ],
        [
            "2 from 9 each",
            "2 from 9 each",
            "2 from 9 each",
            "4, 8 (2 from 9 each) g5..20 a6..19",
            "4 (2 from 9 each), 8; 5 g2..17 a3..16",
        ],
        [
            "2 each from 9",
            "2 each from 9",
            "2 each from 9",
            "4, 8 (2 each from 9) g5..20 a6..19",
            "4 (2 each from 9), 8; 5 g2..17 a3..16",
        ],
        [
            "2 from 1, 2 from 2, 2 from 3, 2 from 4, 2 from 5, 2 from 6, 2 from 7, 2 from 8, 2 from 9, 2 from 10, 2 from 11 and 2 from 12",
            "2 from 1, 2 from 2, 2 from 3, 2 from 4, 2 from 5, 2 from 6, 2 from 7, 2 from 8, 2 from 9, 2 from 10, 2 from 11 and 2 from 12",
            "2 from 1, 2 from 2, 2 from 3, 2 from 4, 2 from 5, 2 from 6, 2 from 7, 2 from 8, 2 from 9, 2 from 10, 2 from 11 and 2 from 12",
            "4, 8 (2 from 1, 2 from 2, 2 from 3, 2 from 4, 2 from 5, 2 from 6, 2 from 7, 2 from 8, 2 from 9, 2 from 10, 2 from 11 and 2 from 12) g5..131 a6..130",
            "4 (2 from 1, 2 from 2, 2 from 3, 2 from 4, 2 from 5, 2 from 6, 2 from 7, 2 from 8, 2 from 9, 2 from 10, 2 from 11 and 2 from 12), 8; 5 g2..128 a3..127",
        ],
        [
            "2 each from 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12",
            "2 each from 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12",
            "2 each from 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12",
            "4, 8 (2 each from 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12) g5..59 a6..58",
            "4 (2 each from 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12), 8; 5 g2..56 a3..55",
        ],
        [
            "0 from 1",
            "0 from 1",
            "0 from 1",
            "4, 8 (0 from 1) g5..15 a6..14",
            "4 (0 from 1), 8; 5 g2..12 a3..11",
        ],
        [
            "99 from 1",
            "99 from 1",
            "99 from 1",
            "4, 8 (99 from 1) g5..16 a6..15",
            "4 (99 from 1), 8; 5 g2..13 a3..12",
        ],
        [
            "255 from 1",
            "255 from 1",
            "255 from 1",
            "4, 8 (255 from 1) g5..17 a6..16",
            "4 (255 from 1), 8; 5 g2..14 a3..13",
        ],
        [
            "256 from 1",
            "-",
            "-",
            "4, 8 (256 from 1) g5..17 WLooseCaptureAnnotation@5",
            "4 (256 from 1), 8; 5 g2..14 WLooseCaptureAnnotation@2",
        ],
        [
            "02 from 08",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16",
            "4 (2 from 8), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 012",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..17 a6..16",
            "4 (2 from 12), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 0",
            "hole 0 at 7..8",
            "-",
            "4, 8 (2 from 0) g5..15 EHoleOutOfRange@13",
            "4 (2 from 0), 8; 5 g2..12 EHoleOutOfRange@10",
        ],
        [
            "2 from 13",
            "hole 13 at 7..9",
            "-",
            "4, 8 (2 from 13) g5..16 EHoleOutOfRange@13",
            "4 (2 from 13), 8; 5 g2..13 EHoleOutOfRange@10",
        ],
        [
            "2 from 99999999999999999999999",
            "hole 18446744073709551615 at 7..30",
            "-",
            "4, 8 (2 from 99999999999999999999999) g5..37 EHoleOutOfRange@13",
            "4 (2 from 99999999999999999999999), 8; 5 g2..34 EHoleOutOfRange@10",
        ],
        [
            "2 from 13 and 4 from 14",
            "hole 13 at 7..9",
            "-",
            "4, 8 (2 from 13 and 4 from 14) g5..30 EHoleOutOfRange@13",
            "4 (2 from 13 and 4 from 14), 8; 5 g2..27 EHoleOutOfRange@10",
        ],
        [
            "2 from 5, 13 each",
            "hole 13 at 10..12",
            "-",
            "4, 8 (2 from 5, 13 each) g5..24 EHoleOutOfRange@16",
            "4 (2 from 5, 13 each), 8; 5 g2..21 EHoleOutOfRange@13",
        ],
        [
            "2 from 13, 8",
            "-",
            "-",
            "4, 8 (2 from 13, 8) g5..19 WLooseCaptureAnnotation@5",
            "4 (2 from 13, 8), 8; 5 g2..16 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 1 and 13 from 2",
            "2 from 1 and 13 from 2",
            "2 from 1 and 13 from 2",
            "4, 8 (2 from 1 and 13 from 2) g5..29 a6..28",
            "4 (2 from 1 and 13 from 2), 8; 5 g2..26 a3..25",
        ],
        [
            " 2 from 12",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..17 a6..16",
            "4 (2 from 12), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 12 ",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..17 a6..16",
            "4 (2 from 12), 8; 5 g2..14 a3..13",
        ],
        [
            "  2   from   12  ",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..24 a6..23",
            "4 (2 from 12), 8; 5 g2..21 a3..20",
        ],
        [
            "2\tfrom\t12",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..16 a6..15",
            "4 (2 from 12), 8; 5 g2..13 a3..12",
        ],
        [
            "2\nfrom\n12",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..16 a6..15",
            "4 (2 from 12), 8; 5 g2..13 a3..12",
        ],
        [
            "2from 12",
            "2 from 12",
            "2 from 12",
            "4, 8 (2 from 12) g5..15 a6..14",
            "4 (2 from 12), 8; 5 g2..12 a3..11",
        ],
        [
            "2 from12",
            "-",
            "-",
            "4, 8 (2 from12) g5..15",
            "4 (2 from12), 8; 5 g2..12",
        ],
        [
            "2 from 9,8 each",
            "2 from 9, 8 each",
            "2 from 9, 8 each",
            "4, 8 (2 from 9, 8 each) g5..22 a6..21",
            "4 (2 from 9, 8 each), 8; 5 g2..19 a3..18",
        ],
        [
            "2 from 9 ,8 each",
            "2 from 9, 8 each",
            "2 from 9, 8 each",
            "4, 8 (2 from 9, 8 each) g5..23 a6..22",
            "4 (2 from 9, 8 each), 8; 5 g2..20 a3..19",
        ],
        [
            "2 from 9 , 8 each",
            "2 from 9, 8 each",
            "2 from 9, 8 each",
            "4, 8 (2 from 9, 8 each) g5..24 a6..23",
            "4 (2 from 9, 8 each), 8; 5 g2..21 a3..20",
        ],
        [
            "2 from 9,8each",
            "2 from 9, 8 each",
            "2 from 9, 8 each",
            "4, 8 (2 from 9, 8 each) g5..21 a6..20",
            "4 (2 from 9, 8 each), 8; 5 g2..18 a3..17",
        ],
        [
            "2 from 5and 6 each",
            "2 from 5 and 6 each",
            "2 from 5 and 6 each",
            "4, 8 (2 from 5 and 6 each) g5..25 a6..24",
            "4 (2 from 5 and 6 each), 8; 5 g2..22 a3..21",
        ],
        [
            "2 from 5 and6 each",
            "-",
            "2 from 5 each",
            "4, 8 (2 from 5 each) g5..25 a6..24 WLooseCaptureAnnotation@5",
            "4 (2 from 5 each), 8; 5 g2..22 a3..21 WLooseCaptureAnnotation@2",
        ],
        [
            "6 from 9plus 2 from 8",
            "6 from 9 plus 2 from 8",
            "6 from 9 plus 2 from 8",
            "4, 8 (6 from 9 plus 2 from 8) g5..28 a6..27",
            "4 (6 from 9 plus 2 from 8), 8; 5 g2..25 a3..24",
        ],
        [
            "2 from 1,2 from 2",
            "2 from 1, 2 from 2",
            "2 from 1, 2 from 2",
            "4, 8 (2 from 1, 2 from 2) g5..24 a6..23",
            "4 (2 from 1, 2 from 2), 8; 5 g2..21 a3..20",
        ],
        [
            "2 from 1 ,2 from 2",
            "2 from 1, 2 from 2",
            "2 from 1, 2 from 2",
            "4, 8 (2 from 1, 2 from 2) g5..25 a6..24",
            "4 (2 from 1, 2 from 2), 8; 5 g2..22 a3..21",
        ],
        [
            "4 each from 2,1and 12",
            "4 each from 2, 1 and 12",
            "4 each from 2, 1 and 12",
            "4, 8 (4 each from 2, 1 and 12) g5..28 a6..27",
            "4 (4 each from 2, 1 and 12), 8; 5 g2..25 a3..24",
        ],
        [
            "4eachfrom 2",
            "-",
            "-",
            "4, 8 (4eachfrom 2) g5..18",
            "4 (4eachfrom 2), 8; 5 g2..15",
        ],
        [
            "4 eachfrom 2",
            "-",
            "-",
            "4, 8 (4 eachfrom 2) g5..19",
            "4 (4 eachfrom 2), 8; 5 g2..16",
        ],
        [
            "4each from 2 and 1",
            "4 each from 2 and 1",
            "4 each from 2 and 1",
            "4, 8 (4 each from 2 and 1) g5..25 a6..24",
            "4 (4 each from 2 and 1), 8; 5 g2..22 a3..21",
        ],
        [
            "2 from hole8",
            "-",
            "-",
            "4, 8 (2 from hole8) g5..19 WLooseCaptureAnnotation@5",
            "4 (2 from hole8), 8; 5 g2..16 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from hole 8,9 each",
            "2 from holes 8, 9 each",
            "2 from holes 8, 9 each",
            "4, 8 (2 from holes 8, 9 each) g5..27 a6..26",
            "4 (2 from holes 8, 9 each), 8; 5 g2..24 a3..23",
        ],
        [
            "2 FROM 8",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..15 a6..14",
            "4 (2 from 8), 8; 5 g2..12 a3..11",
        ],
        [
            "2 From Hole 8",
            "2 from hole 8",
            "2 from hole 8",
            "4, 8 (2 from hole 8) g5..20 a6..19",
            "4 (2 from hole 8), 8; 5 g2..17 a3..16",
        ],
        [
            "2 from HOLES 9, 8 Each",
            "2 from holes 9, 8 each",
            "2 from holes 9, 8 each",
            "4, 8 (2 from holes 9, 8 each) g5..29 a6..28",
            "4 (2 from holes 9, 8 each), 8; 5 g2..26 a3..25",
        ],
        [
            "4 EACH from 2 AND 1",
            "4 each from 2 and 1",
            "4 each from 2 and 1",
            "4, 8 (4 each from 2 and 1) g5..26 a6..25",
            "4 (4 each from 2 and 1), 8; 5 g2..23 a3..22",
        ],
        [
            "6 from 9 PLUS 2 from 8",
            "6 from 9 plus 2 from 8",
            "6 from 9 plus 2 from 8",
            "4, 8 (6 from 9 plus 2 from 8) g5..29 a6..28",
            "4 (6 from 9 plus 2 from 8), 8; 5 g2..26 a3..25",
        ],
        [
            "2 fRoM 8",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..15 a6..14",
            "4 (2 from 8), 8; 5 g2..12 a3..11",
        ],
        [
            "2 from 8.",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..16 a6..15",
            "4 (2 from 8), 8; 5 g2..13 a3..12",
        ],
        [
            "2 from 8 .",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16",
            "4 (2 from 8), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 8. ",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16",
            "4 (2 from 8), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 8 . ",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..18 a6..17",
            "4 (2 from 8), 8; 5 g2..15 a3..14",
        ],
        [
            "2 from 8.\t",
            "2 from 8",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16",
            "4 (2 from 8), 8; 5 g2..14 a3..13",
        ],
        [
            "2 from 5 and 6 each.",
            "2 from 5 and 6 each",
            "2 from 5 and 6 each",
            "4, 8 (2 from 5 and 6 each) g5..27 a6..26",
            "4 (2 from 5 and 6 each), 8; 5 g2..24 a3..23",
        ],
        [
            "4 each from 2 and 1.",
            "4 each from 2 and 1",
            "4 each from 2 and 1",
            "4, 8 (4 each from 2 and 1) g5..27 a6..26",
            "4 (4 each from 2 and 1), 8; 5 g2..24 a3..23",
        ],
        [
            "2 from hole. 8",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..21 a6..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..18 a3..17 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8..",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..14 a3..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8. x",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..18 a6..17 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..15 a3..14 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8.5",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..14 a3..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8,.",
            "-",
            "-",
            "4, 8 (2 from 8,.) g5..17 WLooseCaptureAnnotation@5",
            "4 (2 from 8,.), 8; 5 g2..14 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 and.",
            "-",
            "-",
            "4, 8 (2 from 8 and.) g5..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8 and.), 8; 5 g2..17 WLooseCaptureAnnotation@2",
        ],
        [".", "-", "-", "4, 8 (.) g5..8", "4 (.), 8; 5 g2..5"],
        [
            "2 .from 8",
            "-",
            "-",
            "4, 8 (2 .from 8) g5..16 WLooseCaptureAnnotation@5",
            "4 (2 .from 8), 8; 5 g2..13 WLooseCaptureAnnotation@2",
        ],
        ["", "-", "-", "4, 8 () g5..7", "4 (), 8; 5 g2..4"],
        [" ", "-", "-", "4, 8 ( ) g5..8", "4 ( ), 8; 5 g2..5"],
        ["A", "-", "-", "4, 8 (A) g5..8", "4 (A), 8; 5 g2..5"],
        ["4?", "-", "-", "4, 8 (4?) g5..9", "4 (4?), 8; 5 g2..6"],
        ["B/C", "-", "-", "4, 8 (B/C) g5..10", "4 (B/C), 8; 5 g2..7"],
        [
            "from 2",
            "-",
            "-",
            "4, 8 (from 2) g5..13 WLooseCaptureAnnotation@5",
            "4 (from 2), 8; 5 g2..10 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from",
            "-",
            "-",
            "4, 8 (2 from) g5..13 WLooseCaptureAnnotation@5",
            "4 (2 from), 8; 5 g2..10 WLooseCaptureAnnotation@2",
        ],
        ["2", "-", "-", "4, 8 (2) g5..8", "4 (2), 8; 5 g2..5"],
        [
            "2 from 9, 8",
            "-",
            "-",
            "4, 8 (2 from 9, 8) g5..18 WLooseCaptureAnnotation@5",
            "4 (2 from 9, 8), 8; 5 g2..15 WLooseCaptureAnnotation@2",
        ],
        [
            "2 each from 8 each",
            "-",
            "-",
            "4, 8 (2 each from 8 each) g5..25 WLooseCaptureAnnotation@5",
            "4 (2 each from 8 each), 8; 5 g2..22 WLooseCaptureAnnotation@2",
        ],
        [
            "4 each from 2 and 1 each",
            "-",
            "-",
            "4, 8 (4 each from 2 and 1 each) g5..31 WLooseCaptureAnnotation@5",
            "4 (4 each from 2 and 1 each), 8; 5 g2..28 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 and",
            "-",
            "-",
            "4, 8 (2 from 8 and) g5..19 WLooseCaptureAnnotation@5",
            "4 (2 from 8 and), 8; 5 g2..16 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8,",
            "-",
            "-",
            "4, 8 (2 from 8,) g5..16 WLooseCaptureAnnotation@5",
            "4 (2 from 8,), 8; 5 g2..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 plus 8",
            "-",
            "-",
            "4, 8 (2 plus 8) g5..15",
            "4 (2 plus 8), 8; 5 g2..12",
        ],
        [
            "2 from 8 plus",
            "-",
            "-",
            "4, 8 (2 from 8 plus) g5..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8 plus), 8; 5 g2..17 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from hole",
            "-",
            "-",
            "4, 8 (2 from hole) g5..18 WLooseCaptureAnnotation@5",
            "4 (2 from hole), 8; 5 g2..15 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 9 plus 8 each",
            "-",
            "-",
            "4, 8 (2 from 9 plus 8 each) g5..27 WLooseCaptureAnnotation@5",
            "4 (2 from 9 plus 8 each), 8; 5 g2..24 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 hole",
            "-",
            "-",
            "4, 8 (2 from 8 hole) g5..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8 hole), 8; 5 g2..17 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 each each",
            "-",
            "-",
            "4, 8 (2 from 8 each each) g5..25 WLooseCaptureAnnotation@5",
            "4 (2 from 8 each each), 8; 5 g2..22 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from hole hole 8",
            "-",
            "-",
            "4, 8 (2 from hole hole 8) g5..25 WLooseCaptureAnnotation@5",
            "4 (2 from hole hole 8), 8; 5 g2..22 WLooseCaptureAnnotation@2",
        ],
        [
            "2 fromm 8",
            "-",
            "-",
            "4, 8 (2 fromm 8) g5..16",
            "4 (2 fromm 8), 8; 5 g2..13",
        ],
        [
            "2 from 8!",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..16 a6..15 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..13 a3..12 WLooseCaptureAnnotation@2",
        ],
        [
            "2 beans from 8",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..21 a6..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..18 a3..17 WLooseCaptureAnnotation@2",
        ],
        [
            "takes 2 from 8",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..21 a6..20 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..18 a3..17 WLooseCaptureAnnotation@2",
        ],
        [
            "he takes 2 from 8",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..24 a6..23 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..21 a3..20 WLooseCaptureAnnotation@2",
        ],
        [
            "he then takes 2 from 8",
            "-",
            "-",
            "4, 8 (he then takes 2 from 8) g5..29 WLooseCaptureAnnotation@5",
            "4 (he then takes 2 from 8), 8; 5 g2..26 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 !",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..17 a6..16 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..14 a3..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 each. x",
            "-",
            "2 from 8",
            "4, 8 (2 from 8) g5..23 a6..22 WLooseCaptureAnnotation@5",
            "4 (2 from 8), 8; 5 g2..20 a3..19 WLooseCaptureAnnotation@2",
        ],
        [
            "x, 2 from 8",
            "-",
            "-",
            "4, 8 (x, 2 from 8) g5..18 WLooseCaptureAnnotation@5",
            "4 (x, 2 from 8), 8; 5 g2..15 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 13!",
            "-",
            "-",
            "4, 8 (2 from 13!) g5..17 WLooseCaptureAnnotation@5",
            "4 (2 from 13!), 8; 5 g2..14 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 and wins",
            "-",
            "-",
            "4, 8 (2 from 8 and wins) g5..24 WLooseCaptureAnnotation@5",
            "4 (2 from 8 and wins), 8; 5 g2..21 WLooseCaptureAnnotation@2",
        ],
        [
            "South takes 2 from 8 and wins",
            "-",
            "-",
            "4, 8 (South takes 2 from 8 and wins) g5..36 WLooseCaptureAnnotation@5",
            "4 (South takes 2 from 8 and wins), 8; 5 g2..33 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from (8",
            "-",
            "-",
            "4, 8 (2 from (8)) g5..16 EUnclosedParenthesis@5 WLooseCaptureAnnotation@5",
            "4 (2 from (8), 8); 5 g2..16 EUnclosedParenthesis@2 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from hole) 8",
            "-",
            "-",
            "4, 8 (2 from hole) g5..18 EUnexpectedText@19 WLooseCaptureAnnotation@5",
            "4 (2 from hole); 5 g2..15 EUnexpectedText@16 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from (8)",
            "-",
            "-",
            "4, 8 (2 from (8)) g5..17 WLooseCaptureAnnotation@5",
            "4 (2 from (8)), 8; 5 g2..14 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8)",
            "-",
            "-",
            "4, 8 (2 from 8) g5..15 a6..14 WUnmatchedParenthesis@15",
            "4 (2 from 8), 8; 5 g2..12 a3..11 WUnmatchedParenthesis@12",
        ],
        [
            "2 from 8 (x)",
            "-",
            "-",
            "4, 8 (2 from 8 (x)) g5..19 WLooseCaptureAnnotation@5",
            "4 (2 from 8 (x)), 8; 5 g2..16 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8; why",
            "-",
            "2 from 8",
            "4, 8 (2 from 8; why) g5..20 a6..14 c\"why\"",
            "4 (2 from 8; why), 8; 5 g2..17 a3..11 c\"why\"",
        ],
        [
            "2 from 8 ; why",
            "-",
            "2 from 8",
            "4, 8 (2 from 8; why) g5..21 a6..15 c\"why\"",
            "4 (2 from 8; why), 8; 5 g2..18 a3..12 c\"why\"",
        ],
        [
            "a fine move from South",
            "-",
            "-",
            "4, 8 (a fine move from South) g5..29",
            "4 (a fine move from South), 8; 5 g2..26",
        ],
        [
            "-2 from 8",
            "-",
            "-",
            "4, 8 (-2 from 8) g5..16 WLooseCaptureAnnotation@5",
            "4 (-2 from 8), 8; 5 g2..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from -8",
            "-",
            "-",
            "4, 8 (2 from -8) g5..16 WLooseCaptureAnnotation@5",
            "4 (2 from -8), 8; 5 g2..13 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 and -",
            "-",
            "-",
            "4, 8 (2 from 8 and -) g5..21 WLooseCaptureAnnotation@5",
            "4 (2 from 8 and -), 8; 5 g2..18 WLooseCaptureAnnotation@2",
        ],
        [
            "2 from 8 and 2",
            "-",
            "-",
            "4, 8 (2 from 8 and 2) g5..21 WLooseCaptureAnnotation@5",
            "4 (2 from 8 and 2), 8; 5 g2..18 WLooseCaptureAnnotation@2",
        ],
        [
            "2 and 8",
            "-",
            "-",
            "4, 8 (2 and 8) g5..14",
            "4 (2 and 8), 8; 5 g2..11",
        ],
        [
            "2 from 8 plus 2 from 8",
            "2 from 8 plus 2 from 8",
            "2 from 8 plus 2 from 8",
            "4, 8 (2 from 8 plus 2 from 8) g5..29 a6..28",
            "4 (2 from 8 plus 2 from 8), 8; 5 g2..26 a3..25",
        ],
        [
            "2 from 8 and 2 from 8",
            "2 from 8 and 2 from 8",
            "2 from 8 and 2 from 8",
            "4, 8 (2 from 8 and 2 from 8) g5..28 a6..27",
            "4 (2 from 8 and 2 from 8), 8; 5 g2..25 a3..24",
        ],
    ];

    #[test]
    fn every_phrasing_and_spacing_reads_as_pinned() {
        for [text, alone, loosely, north, south] in PINNED {
            let [a, b, c, d] = readings(text);
            assert_eq!([&a, &b, &c, &d], [alone, loosely, north, south], "{text:?}");
        }
    }
}
