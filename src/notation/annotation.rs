//! Capture annotations such as `2 from hole 8` or `4 each from 2, 1 and 12`.
//!
//! An annotation is a list of phrases joined by `,`, `and` or `plus`. Each
//! phrase names a number of beans and one or more holes in one of three
//! forms ([`PhraseForm`]). The tree keeps the phrasing (joiners, forms, the
//! word `hole`) so that the annotation prints back as written, up to white
//! space; the phrasing is the printer's business, and the public API
//! offers what was captured ([`CaptureAnnotation::captures`]) and the
//! text (`Display`).

use super::list::{JoinedHoles, JoinedPhrases};

use crate::Hole;

use super::Span;

/// How two phrases, or two holes of a list, are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Joiner {
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
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Joiner::Comma => ", ",
            Joiner::And => " and ",
            Joiner::Plus => " plus ",
        }
    }
}

/// The shape of one phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum PhraseForm {
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
pub(crate) struct HoleList {
    /// The first hole.
    pub(crate) first: Hole,
    /// The further holes, each with the separator before it
    /// ([`Joiner::Comma`] or [`Joiner::And`]).
    pub(crate) rest: JoinedHoles,
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
}

/// One phrase: `beans` from each hole of its holes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Phrase {
    /// Beans taken from each hole.
    pub(crate) beans: u8,
    /// The holes, in written order.
    pub(crate) holes: HoleList,
    /// The written shape.
    pub(crate) form: PhraseForm,
    /// Whether the word `hole` (or `holes`) was written before the holes.
    /// Printed as `hole` before one hole and `holes` before several.
    pub(crate) hole_word: bool,
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

/// A capture annotation as written, such as `4 from 10, 2 from 9, 8
/// each`: the captures it names ([`CaptureAnnotation::captures`]) in
/// its phrasing, which `Display` prints back as written (up to white
/// space). One is read from a ply's group
/// ([`WrittenPly::capture_annotation`](super::WrittenPly::capture_annotation)).
///
/// ```
/// use bohnenspiel::notation::WrittenPly;
///
/// let ply: WrittenPly = "7 (4 from 10, 2 from holes 9, 8 each)".parse()?;
/// let annotation = ply.capture_annotation().ok_or("no annotation")?;
/// assert_eq!(annotation.to_string(), "4 from 10, 2 from holes 9, 8 each");
/// let captures: Vec<(u8, u8)> = annotation.captures().map(|(hole, beans)| (hole.number(), beans)).collect();
/// assert_eq!(captures, [(10, 4), (9, 2), (8, 2)]);
/// assert_eq!(annotation.total_beans(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CaptureAnnotation {
    /// The first phrase.
    pub(crate) first: Phrase,
    /// The further phrases, each with the joiner before it (one pointer
    /// wide, allocating nothing while empty, as for most annotations: a
    /// ply's groups are kept small).
    pub(crate) rest: JoinedPhrases,
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

    /// The phrases in written order (at least one).
    pub(crate) fn phrases(&self) -> impl Iterator<Item = &Phrase> + '_ {
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

/// The grammar of capture annotations, as nom parsers over the bytes of
/// the text, each written by hand (every byte it looks for is ASCII):
///
/// ```text
/// annotation = phrase (joiner phrase)* ["."] end
/// phrase     = number "from" list "each"    PhraseForm::FromEach
///            | number "from" list           PhraseForm::From (one hole)
///            | number "each" "from" list    PhraseForm::EachFrom
/// list       = ["hole" | "holes"] hole (("," | "and") hole)*
/// joiner     = "," | "and" | "plus"
/// ```
///
/// A list ends before a number that starts a phrase (`N from`, `N each
/// from`). White space (ASCII) may stand before every word, number, `,`,
/// `.` and the end, and may be left out where a number or a `,` ends or
/// before a `,`: `2from 8`, `9,8 each`. The words `from`, `each`, `hole`,
/// `holes`, `and` and `plus` are read in any letter case, and end at white
/// space, `,`, a final full stop or the end (`from8` is no word). The end
/// is the end of the text, or the `)` that closes the group, so that the
/// parser reads a group's annotation straight from the text after its
/// `(`. The next byte picks every alternative; the one look-ahead, whether
/// a number after a list's `,` or `and` starts a phrase, hands what it read
/// on to the phrase, so that reading is one pass, linear in the text.
mod grammar {
    use nom::Parser;
    use nom::bytes::complete::take_till;

    use super::{CaptureAnnotation, HoleList, Joiner, Phrase, PhraseForm, Span};
    use crate::Hole;

    type In<'a> = &'a [u8];

    /// The result of a rule: a failure carries nothing (a unit error costs
    /// nothing to build), since the caller only needs to know that the
    /// text is no annotation.
    type IResult<'a, O> = nom::IResult<In<'a>, O, ()>;

    const FAIL: nom::Err<()> = nom::Err::Error(());

    // Each rule is a nom parser written by hand over the bytes: an
    // annotation is read for most plies of a record, and a look at the
    // next byte picks every alternative, so that nothing is tried twice.

    /// Whether `byte` is ASCII white space. Most bytes are above the
    /// space, which one comparison decides.
    #[inline(always)]
    fn is_space(byte: u8) -> bool {
        byte <= b' ' && byte.is_ascii_whitespace()
    }

    /// White space, if any. No space, as before a hole's number or the
    /// closing `)`, is the commonest case and is checked first; one space
    /// before a byte that is none comes next.
    #[inline(always)]
    fn space(input: In<'_>) -> IResult<'_, ()> {
        match input {
            [first, ..] if *first > b' ' => Ok((input, ())),
            [b' ', rest @ ..] if rest.first().is_some_and(|&b| b > b' ') => Ok((rest, ())),
            _ => Ok((spaces(input), ())),
        }
    }

    /// The text after the white space at its start.
    fn spaces(mut input: In<'_>) -> In<'_> {
        while let [byte, rest @ ..] = input {
            if !is_space(*byte) {
                break;
            }
            input = rest;
        }
        input
    }

    /// Whether the text ends at `input`: at its end or at the `)` that
    /// closes the group.
    #[inline(always)]
    fn at_end(input: In<'_>) -> bool {
        matches!(input.first(), None | Some(b')'))
    }

    /// A full stop after the last word, and the white space after it, up
    /// to the end: `2 from 8.`.
    fn final_stop(input: In<'_>) -> IResult<'_, ()> {
        let rest = spaces(input.strip_prefix(b".").ok_or(FAIL)?);
        if at_end(rest) {
            Ok((rest, ()))
        } else {
            Err(FAIL)
        }
    }

    /// Where a word may end (consuming nothing): white space, `,`, the
    /// end, or a final full stop.
    #[inline(always)]
    fn word_end(input: In<'_>) -> IResult<'_, ()> {
        match input.first() {
            None | Some(b',' | b')') => Ok((input, ())),
            Some(&b) if is_space(b) => Ok((input, ())),
            Some(b'.') if final_stop(input).is_ok() => Ok((input, ())),
            Some(_) => Err(FAIL),
        }
    }

    /// The word `word` (small letters) in any letter case, right here.
    /// Setting bit 5 folds exactly the capital letters onto the small
    /// ones.
    #[inline(always)]
    fn keyword<'a, const N: usize>(input: In<'a>, word: &[u8; N]) -> IResult<'a, ()> {
        match input.split_first_chunk::<N>() {
            Some((written, rest)) if written.map(|b| b | 0x20) == *word => word_end(rest),
            _ => Err(FAIL),
        }
    }

    /// A run of digits as a number (saturating), right here. One and two
    /// digits, the holes and most numbers of beans, are read without a
    /// loop.
    #[inline(always)]
    fn digits(input: In<'_>) -> IResult<'_, u64> {
        let digit = |byte: &u8| u64::from(byte.wrapping_sub(b'0'));
        match input {
            [a, b, rest @ ..] if digit(a) <= 9 && digit(b) <= 9 => {
                let number = digit(a) * 10 + digit(b);
                match rest.first() {
                    Some(c) if digit(c) <= 9 => Ok(more_digits(rest, number)),
                    _ => Ok((rest, number)),
                }
            }
            [a, rest @ ..] if digit(a) <= 9 => Ok((rest, digit(a))),
            _ => Err(FAIL),
        }
    }

    /// The further digits of a number read as `number` so far.
    fn more_digits(mut input: In<'_>, mut number: u64) -> (In<'_>, u64) {
        while let [byte, rest @ ..] = input {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            number = number.saturating_mul(10).saturating_add(u64::from(digit));
            input = rest;
        }
        (input, number)
    }

    /// `from` or `each from` after a number's white space: whether `each`
    /// came first; with the white space after.
    #[inline(always)]
    fn from(input: In<'_>) -> IResult<'_, bool> {
        if let Some(rest) = input.strip_prefix(b"each from ") {
            return Ok((space(rest)?.0, true));
        }
        match input.first() {
            Some(b'f' | b'F') => {
                let (input, ()) = keyword(input, b"from")?;
                let (input, ()) = space(input)?;
                Ok((input, false))
            }
            Some(b'e' | b'E') => {
                let (input, ()) = keyword(input, b"each")?;
                let (input, ()) = space(input)?;
                let (input, ()) = keyword(input, b"from")?;
                let (input, ()) = space(input)?;
                Ok((input, true))
            }
            _ => Err(FAIL),
        }
    }

    /// The start of a phrase as read: its number of beans (one above 255
    /// leaves no annotation) and whether `each` came before `from`.
    type Start = (u64, bool);

    /// `N from` or `N each from`, and the white space after.
    #[inline(always)]
    fn phrase_start(input: In<'_>) -> IResult<'_, Start> {
        let (input, beans) = digits(input)?;
        // The commonest spelling, one space either side of a small `from`,
        // is taken at one look.
        if let Some(rest) = input.strip_prefix(b" from ") {
            return Ok((space(rest)?.0, (beans, false)));
        }
        if let Some(rest) = input.strip_prefix(b" each from ") {
            return Ok((space(rest)?.0, (beans, true)));
        }
        let (input, ()) = space(input)?;
        let (input, each_from) = from(input)?;
        Ok((input, (beans, each_from)))
    }

    /// The joiner and start of the phrase after a list, where the list
    /// found them.
    type Next = Option<(Joiner, Start)>;

    /// `,` or `and` (or also `plus`, between phrases) at the start of
    /// `input`, and the white space after it.
    #[inline(always)]
    fn joiner(input: In<'_>, plus: bool) -> IResult<'_, Joiner> {
        let (input, joiner) = match input.first() {
            Some(b',') => (input.get(1..).unwrap_or_default(), Joiner::Comma),
            // A small `and` and one space, the commonest, at one look.
            Some(b'a') if input.starts_with(b"and ") => {
                (input.get(3..).unwrap_or_default(), Joiner::And)
            }
            Some(b'a' | b'A') => (keyword(input, b"and")?.0, Joiner::And),
            Some(b'p' | b'P') if plus => (keyword(input, b"plus")?.0, Joiner::Plus),
            _ => return Err(FAIL),
        };
        let (input, ()) = space(input)?;
        Ok((input, joiner))
    }

    /// Reads one text; remembers the first hole out of range.
    struct Reader {
        /// The length of the text, to tell where a rest starts.
        len: usize,
        /// The first hole number out of range and its span.
        bad_hole: Option<(u64, Span)>,
    }

    impl Reader {
        /// The hole numbered `number`, written from `input` to `after`;
        /// one out of range is remembered and read as hole 1 (the caller
        /// then reports it instead of the annotation).
        #[inline(always)]
        fn hole(&mut self, number: u64, input: In<'_>, after: In<'_>) -> Hole {
            match u8::try_from(number).ok().and_then(|n| Hole::new(n).ok()) {
                Some(hole) => hole,
                None => self.out_of_range(number, input, after),
            }
        }

        /// [`Reader::hole`] for a number out of range, kept out of the
        /// reading of the holes in range.
        #[cold]
        #[inline(never)]
        fn out_of_range(&mut self, number: u64, input: In<'_>, after: In<'_>) -> Hole {
            if self.bad_hole.is_none() {
                let at = Span::new(self.len - input.len(), self.len - after.len());
                self.bad_hole = Some((number, at));
            }
            Hole::MIN
        }

        /// `[hole|holes] H (, H | and H)*` into `list` (reusing its room),
        /// and the white space after; gives whether `hole` or `holes` was
        /// written and whether there is more than one hole. A number that
        /// starts a phrase ends the list: its joiner and start are handed
        /// on, read once.
        #[inline(always)]
        fn list_into<'a>(
            &mut self,
            input: In<'a>,
            list: &mut HoleList,
        ) -> IResult<'a, (bool, bool, Next)> {
            let (input, hole_word) = match input.first() {
                Some(b'h' | b'H') => {
                    let (input, ()) =
                        keyword(input, b"hole").or_else(|_| keyword(input, b"holes"))?;
                    (space(input)?.0, true)
                }
                _ => (input, false),
            };
            let (after, number) = digits(input)?;
            list.first = self.hole(number, input, after);
            list.rest.clear();
            let (mut input, ()) = space(after)?;
            let mut several = false;
            // The commonest list is one hole, before `)`.
            while matches!(input.first(), Some(b',' | b'a' | b'A')) {
                let Ok((at, joiner)) = joiner(input, false) else {
                    break;
                };
                let Ok((after, number)) = digits(at) else {
                    break;
                };
                let (word, ()) = space(after)?;
                // Only `from` or `each` after the number starts a phrase.
                if matches!(word.first(), Some(b'f' | b'F' | b'e' | b'E'))
                    && let Ok((rest, each_from)) = from(word)
                {
                    let next = Some((joiner, (number, each_from)));
                    return Ok((rest, (hole_word, several, next)));
                }
                let hole = self.hole(number, at, after);
                list.rest.push((joiner, hole));
                several = true;
                input = word;
            }
            Ok((input, (hole_word, several, None)))
        }

        /// The rest of a phrase after its `start` (`N from`, `N each
        /// from`): `L`, `L each` into `phrase`, and the white space after;
        /// gives the next phrase's joiner and start if the list found them.
        #[inline(always)]
        fn phrase_into<'a>(
            &mut self,
            input: In<'a>,
            (beans, each_from): Start,
            phrase: &mut Phrase,
        ) -> IResult<'a, Next> {
            let beans = u8::try_from(beans).map_err(|_| FAIL)?;
            let (mut input, (hole_word, several, next)) =
                self.list_into(input, &mut phrase.holes)?;
            phrase.form = if each_from {
                PhraseForm::EachFrom
            } else if next.is_none()
                && let Some(b'e' | b'E') = input.first()
            {
                (input, ()) = keyword(input, b"each")?;
                (input, ()) = space(input)?;
                PhraseForm::FromEach
            } else if !several {
                PhraseForm::From
            } else {
                return Err(FAIL);
            };
            phrase.beans = beans;
            phrase.hole_word = hole_word;
            Ok((input, next))
        }

        /// Phrases joined by `,`, `and` or `plus`, then a final full stop
        /// if any, up to the end, into `slot` (reusing its room).
        #[inline(always)]
        fn annotation_into<'a>(
            &mut self,
            input: In<'a>,
            slot: &mut CaptureAnnotation,
        ) -> IResult<'a, ()> {
            let (input, ()) = space(input)?;
            let (input, start) = phrase_start(input)?;
            let (input, next) = self.phrase_into(input, start, &mut slot.first)?;
            // The commonest annotation is one phrase, before `)`.
            if next.is_none() && at_end(input) {
                slot.rest.truncate(0);
                return Ok((input, ()));
            }
            self.further_phrases_into(input, next, slot)
        }

        /// The phrases after the first (whose list handed on `next`, the
        /// joiner and start of the second, if it found them), then a final
        /// full stop if any, up to the end, into `slot.rest`.
        #[inline(never)]
        fn further_phrases_into<'a>(
            &mut self,
            mut input: In<'a>,
            mut next: Next,
            slot: &mut CaptureAnnotation,
        ) -> IResult<'a, ()> {
            let mut count = 0;
            loop {
                let (joiner, start) = match next {
                    Some(next) => next,
                    None if at_end(input) => break,
                    None => {
                        let Ok((after, joiner)) = joiner(input, true) else {
                            break;
                        };
                        // A joiner that no phrase follows leaves no
                        // annotation.
                        let (after, start) = phrase_start(after)?;
                        input = after;
                        (joiner, start)
                    }
                };
                if slot.rest.len() <= count {
                    if slot.rest.capacity() == 0 {
                        // Room for one phrase; more grow it by doubling.
                        slot.rest.reserve_exact(1);
                    }
                    slot.rest.push((joiner, Phrase::placeholder()));
                }
                let entry = slot.rest.get_mut(count).ok_or(FAIL)?;
                entry.0 = joiner;
                (input, next) = self.phrase_into(input, start, &mut entry.1)?;
                count += 1;
            }
            slot.rest.truncate(count);
            if at_end(input) {
                Ok((input, ()))
            } else {
                final_stop(input)
            }
        }
    }

    /// Reads the annotation at the start of `input` into `slot` (reusing
    /// its room), up to the end of `input` or a `)`: its length, and the
    /// first hole number out of range with its span, if any. `None` if
    /// the text is no annotation; `slot` then holds some annotation that
    /// means nothing.
    #[inline]
    pub(super) fn read(
        input: &[u8],
        slot: &mut CaptureAnnotation,
    ) -> Option<(usize, Option<(u64, Span)>)> {
        let mut reader = Reader {
            len: input.len(),
            bad_hole: None,
        };
        let (rest, ()) = reader.annotation_into(input, slot).ok()?;
        Some((input.len() - rest.len(), reader.bad_hole))
    }

    /// One word of the grammar (or a final full stop), right here.
    fn token(input: In<'_>) -> IResult<'_, ()> {
        if let Ok((rest, _)) = digits(input) {
            return Ok((rest, ()));
        }
        if let Some(rest) = input.strip_prefix(b",") {
            return Ok((rest, ()));
        }
        keyword(input, b"from")
            .or_else(|_| keyword(input, b"each"))
            .or_else(|_| keyword(input, b"hole"))
            .or_else(|_| keyword(input, b"holes"))
            .or_else(|_| keyword(input, b"and"))
            .or_else(|_| keyword(input, b"plus"))
            .or_else(|_| final_stop(input))
    }

    /// A word outside the grammar: up to white space or `,`.
    fn other_word(input: In<'_>) -> IResult<'_, In<'_>> {
        take_till(|b: u8| b.is_ascii_whitespace() || b == b',').parse(input)
    }

    /// The most words outside the grammar (and marks of punctuation) that
    /// a loose reading drops: `2 beans from 8`, `takes 2 from 8`, `2 from
    /// 8!`.
    pub(super) const MAX_LOOSE_WORDS: usize = 2;

    /// `text` with up to [`MAX_LOOSE_WORDS`] words that are none of the
    /// grammar's blanked out (a word runs to white space or `,`), so that
    /// offsets stay; `None` if there are more, or one holds a parenthesis
    /// (the group's text would print unbalanced, and read back as other
    /// groups).
    pub(super) fn without_other_words(text: &[u8]) -> Option<Vec<u8>> {
        let mut kept = text.to_vec();
        let mut dropped = 0;
        let mut input = text;
        loop {
            let rest = spaces(input);
            if rest.is_empty() {
                return Some(kept);
            }
            input = match token(rest) {
                Ok((after, ())) => after,
                Err(_) => {
                    let (after, other) = other_word(rest).ok()?;
                    dropped += 1;
                    if other.is_empty()
                        || dropped > MAX_LOOSE_WORDS
                        || other.iter().any(|b| matches!(b, b'(' | b')'))
                    {
                        return None;
                    }
                    let start = text.len() - rest.len();
                    kept.get_mut(start..start + other.len())?.fill(b' ');
                    after
                }
            };
        }
    }
}

/// Reads `text` (the inside of a group, without a `; comment`) as a
/// capture annotation into `slot`, reusing the room of the annotation it
/// held; `span` is where `text` lies in the file. On an error, `slot`
/// holds some annotation that means nothing.
pub(crate) fn read_annotation(
    text: &str,
    span: Span,
    slot: &mut CaptureAnnotation,
) -> Result<(), NotAnnotation> {
    match grammar::read(text.as_bytes(), slot) {
        Some((len, None)) if len == text.len() => {
            slot.span = span;
            Ok(())
        }
        Some((len, Some((number, at)))) if len == text.len() => {
            Err(NotAnnotation::Hole(number, at))
        }
        _ => Err(NotAnnotation::Shape),
    }
}

/// Reads the capture annotation at the start of `input` (the text after
/// a group's `(`) into `slot`, as [`read_annotation`] does, if `input`
/// goes on with the `)` that closes the group right after it; gives the
/// annotation's length. `slot`'s span is left to the caller. Compiled
/// into its caller, so that the grammar's result is handed over in
/// registers.
#[inline(always)]
pub(crate) fn read_closed_annotation(input: &[u8], slot: &mut CaptureAnnotation) -> Option<usize> {
    match grammar::read(input, slot)? {
        (len, None) if input.get(len) == Some(&b')') => Some(len),
        _ => None,
    }
}

/// The capture annotation that `text`, the inside of a group that is no
/// annotation, reads as once up to [`grammar::MAX_LOOSE_WORDS`] words or
/// marks outside the grammar are dropped (`2 beans from 8`, `takes 2 from
/// 8`, `2 from 8!`), if any: the claim such a group makes, which the
/// parser reads with a warning
/// ([`WarningKind::LooseCaptureAnnotation`](super::WarningKind::LooseCaptureAnnotation)).
pub(crate) fn read_loose_annotation(text: &str, span: Span) -> Option<CaptureAnnotation> {
    let kept = grammar::without_other_words(text.as_bytes())?;
    let mut slot = CaptureAnnotation::placeholder();
    match grammar::read(&kept, &mut slot)? {
        (len, None) if len == kept.len() => Some(CaptureAnnotation { span, ..slot }),
        _ => None,
    }
}

/// [`read_annotation`] into a new annotation.
#[cfg(test)]
pub(crate) fn parse_annotation(text: &str, span: Span) -> Result<CaptureAnnotation, NotAnnotation> {
    let mut slot = CaptureAnnotation::placeholder();
    read_annotation(text, span, &mut slot)?;
    Ok(slot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loose_reading_drops_words_but_never_a_parenthesis() {
        let read = |text: &str| read_loose_annotation(text, Span::new(0, 0)).map(|a| a.to_string());
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

    #[test]
    fn a_closed_annotation_is_read_up_to_its_parenthesis() {
        let mut slot = CaptureAnnotation::placeholder();
        assert_eq!(
            read_closed_annotation(b"2 from 9, 8 each); 5", &mut slot),
            Some(16)
        );
        assert_eq!(slot.captures().count(), 2);
        assert_eq!(read_closed_annotation(b"2 from 9 )", &mut slot), Some(9));
        for text in ["2 from 9; why", "2 from 9", "2 from (9)"] {
            assert_eq!(
                read_closed_annotation(text.as_bytes(), &mut slot),
                None,
                "{text}"
            );
        }
    }

    /// Slots that held these before are reused in the tests, so that
    /// stale room is exercised.
    const EARLIER: [&str; 4] = [
        "",
        "4 each from 2, 1 and 12",
        "2 from 10, 2 from 9 and 2 from 8",
        "4 from 10, 2 from 9, 8, 7 each plus 6 each from 1 and 2",
    ];

    /// A slot that holds the annotation `text`, if it is one.
    fn slot_after(text: &str) -> CaptureAnnotation {
        let mut slot = CaptureAnnotation::placeholder();
        let _ = read_annotation(text, Span::default(), &mut slot);
        slot
    }

    /// `text` with its white space, letter case and final full stop
    /// varied as the grammar allows, by `choices`.
    fn respaced(text: &str, choices: &[u8], stop: u8) -> String {
        const SPACES: [&str; 5] = [" ", "  ", "\t", "\n", " \r\n "];
        let bytes = text.as_bytes();
        let mut out = String::from(SPACES[usize::from(stop % 5)]);
        for (i, &byte) in bytes.iter().enumerate() {
            let choice = choices.get(i).copied().unwrap_or(0);
            match byte {
                b' ' => {
                    let before = i.checked_sub(1).and_then(|j| bytes.get(j));
                    let after = bytes.get(i + 1);
                    // A space may go where a number or `,` ends, or
                    // before `,`: `2from 8`, `9,8`, `9 ,8`.
                    let droppable = before.is_some_and(|b| b.is_ascii_digit() || *b == b',')
                        || after == Some(&b',');
                    if !(droppable && choice % 6 == 5) {
                        out.push_str(SPACES[usize::from(choice % 6 % 5)]);
                    }
                }
                b',' if choice % 2 == 1 => out.push_str(" ,"),
                _ if choice % 2 == 1 => out.push(byte.to_ascii_uppercase().into()),
                _ => out.push(byte.into()),
            }
        }
        match stop % 4 {
            0 => out.push('.'),
            1 => out.push_str(" . "),
            _ => {}
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(2048))]

        /// Every annotation reads back from its print as itself, with the
        /// print's white space, letter case and final full stop varied as
        /// the grammar allows, into a fresh slot or a reused one, alone
        /// or closed by `)`.
        #[test]
        fn printed_annotations_read_back_equal(
            phrases in proptest::collection::vec(
                (
                    0u8..=255,
                    proptest::collection::vec((1u8..=12, proptest::bool::ANY), 1..5),
                    0usize..3,
                    proptest::bool::ANY,
                    0usize..3,
                ),
                1..6,
            ),
            choices in proptest::collection::vec(0u8..12, 200),
            stop in 0u8..20,
            before in 0..EARLIER.len(),
        ) {
            let phrase = |&(beans, ref holes, form, hole_word, _): &(u8, Vec<(u8, bool)>, usize, bool, usize)| {
                let hole = |n: u8| Hole::new(n).unwrap_or(Hole::MIN);
                let (first, rest) = holes.split_first().unwrap_or((&(1, false), &[]));
                Phrase {
                    beans,
                    holes: HoleList {
                        first: hole(first.0),
                        rest: rest
                            .iter()
                            .map(|&(n, comma)| (if comma { Joiner::Comma } else { Joiner::And }, hole(n)))
                            .collect(),
                    },
                    // One hole may take any form; several need `each`.
                    form: match (form, holes.len()) {
                        (0, 1) => PhraseForm::From,
                        (0 | 1, _) => PhraseForm::FromEach,
                        _ => PhraseForm::EachFrom,
                    },
                    hole_word,
                }
            };
            let (first, rest) = phrases.split_first().unwrap_or_else(|| unreachable!());
            let annotation = CaptureAnnotation {
                first: phrase(first),
                rest: rest
                    .iter()
                    .map(|p| ([Joiner::Comma, Joiner::And, Joiner::Plus][p.4], phrase(p)))
                    .collect(),
                span: Span::default(),
            };
            let printed = annotation.to_string();
            for text in [printed.clone(), respaced(&printed, &choices, stop)] {
                let mut slot = slot_after(EARLIER[before]);
                proptest::prop_assert_eq!(
                    read_annotation(&text, Span::default(), &mut slot),
                    Ok(()),
                    "{:?}", text
                );
                proptest::prop_assert_eq!(&slot, &annotation, "{:?}", text);
                let closed = format!("{text}); 5 (2 from 8)");
                let mut slot = slot_after(EARLIER[before]);
                proptest::prop_assert_eq!(
                    read_closed_annotation(closed.as_bytes(), &mut slot),
                    Some(text.len()),
                    "{:?}", closed
                );
                proptest::prop_assert_eq!(&slot, &annotation, "{:?}", closed);
            }
        }

        /// Read up to a `)`, as the parser reads a group straight from the
        /// text, an annotation is what the text before the group's first
        /// `)` reads as; texts are built from the words and numbers
        /// annotations use, with the separators they use.
        #[test]
        fn a_closed_annotation_reads_as_its_text(
            pieces in proptest::collection::vec(
                proptest::sample::select(&[
                    "2", "4", "12", "0", "13", "123", "02", " from ", "from", " each", " and ",
                    ", ", ",", " plus ", " hole ", " ", "x", " each from ", "7 from ",
                    "2 each from ", ")", ";", "(", ".", "\t", "FROM", " Holes ",
                ][..]),
                1..16,
            ),
            before in 0..EARLIER.len(),
        ) {
            let text: String = pieces.concat();
            let end = text.find([')', '(', ';']);
            let head = text.get(..end.unwrap_or(text.len())).unwrap_or_default();
            let whole = parse_annotation(head, Span::default());
            let mut slot = slot_after(EARLIER[before]);
            let closed = read_closed_annotation(text.as_bytes(), &mut slot);
            match closed {
                Some(len) => {
                    proptest::prop_assert_eq!(text.find([')', '(', ';']), Some(len), "{}", text);
                    proptest::prop_assert_eq!(whole, Ok(slot), "{}", text);
                }
                None => proptest::prop_assert!(
                    whole.is_err() || text.get(head.len()..head.len() + 1) != Some(")"),
                    "{}", text
                ),
            }
        }
    }
}

/// What every phrasing and spacing of an annotation reads as, pinned:
/// alone (strictly and loosely) and as a group in a record, after South's
/// ply and after North's (a move's second ply).
#[cfg(test)]
mod pinned {
    use super::{NotAnnotation, parse_annotation, read_loose_annotation};
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
        read_loose_annotation(text, Span::new(0, 0))
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
