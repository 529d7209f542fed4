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

/// A word of an annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Number(u64, usize, usize),
    Comma,
    Word(&'a str),
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

fn tokenize(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b.is_ascii_whitespace() {
            i += 1;
        } else if b == b',' {
            tokens.push(Token::Comma);
            i += 1;
        } else if b.is_ascii_digit() {
            let start = i;
            let mut value: u64 = 0;
            while let Some(&d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                i += 1;
            }
            tokens.push(Token::Number(value, start, i));
        } else {
            let start = i;
            while bytes
                .get(i)
                .is_some_and(|c| !c.is_ascii_whitespace() && *c != b',')
            {
                i += 1;
            }
            tokens.push(Token::Word(text.get(start..i).unwrap_or_default()));
        }
    }
    tokens
}

struct AnnotationParser<'a> {
    tokens: Vec<Token<'a>>,
    pos: usize,
    bad_hole: Option<(u64, Span)>,
}

impl AnnotationParser<'_> {
    fn peek(&self, ahead: usize) -> Option<Token<'_>> {
        self.tokens.get(self.pos + ahead).copied()
    }

    fn word(&self, ahead: usize, word: &str) -> bool {
        matches!(self.peek(ahead), Some(Token::Word(w)) if w == word)
    }

    fn hole(&mut self) -> Option<Hole> {
        match self.peek(0) {
            Some(Token::Number(n, start, end)) => {
                self.pos += 1;
                match u8::try_from(n).ok().and_then(|n| Hole::new(n).ok()) {
                    Some(hole) => Some(hole),
                    None => {
                        self.bad_hole.get_or_insert((n, Span::new(start, end)));
                        Some(Hole::MIN)
                    }
                }
            }
            _ => None,
        }
    }

    /// Whether a number at `ahead` starts a new phrase (`N from`,
    /// `N each from`) rather than continuing a hole list.
    fn starts_phrase(&self, ahead: usize) -> bool {
        self.word(ahead + 1, "from")
            || (self.word(ahead + 1, "each") && self.word(ahead + 2, "from"))
    }

    fn list(&mut self) -> Option<HoleList> {
        if self.word(0, "hole") || self.word(0, "holes") {
            self.pos += 1;
        }
        let first = self.hole()?;
        let mut list = HoleList::one(first);
        loop {
            let joiner = match self.peek(0) {
                Some(Token::Comma) => Joiner::Comma,
                Some(Token::Word("and")) => Joiner::And,
                _ => break,
            };
            if !matches!(self.peek(1), Some(Token::Number(..))) || self.starts_phrase(1) {
                break;
            }
            self.pos += 1;
            let hole = self.hole()?;
            list.rest.push((joiner, hole));
        }
        Some(list)
    }

    fn phrase(&mut self) -> Option<Phrase> {
        let beans = match self.peek(0) {
            Some(Token::Number(n, ..)) => u8::try_from(n).ok()?,
            _ => return None,
        };
        self.pos += 1;
        let each_from = self.word(0, "each");
        if each_from {
            self.pos += 1;
        }
        if !self.word(0, "from") {
            return None;
        }
        self.pos += 1;
        let hole_word = self.word(0, "hole") || self.word(0, "holes");
        let holes = self.list()?;
        let form = if each_from {
            PhraseForm::EachFrom
        } else if self.word(0, "each") {
            self.pos += 1;
            PhraseForm::FromEach
        } else if holes.rest.is_empty() {
            PhraseForm::From
        } else {
            return None;
        };
        Some(Phrase {
            beans,
            holes,
            form,
            hole_word,
        })
    }

    fn annotation(&mut self) -> Option<(Phrase, Vec<(Joiner, Phrase)>)> {
        let first = self.phrase()?;
        let mut rest = Vec::new();
        while self.pos < self.tokens.len() {
            let joiner = match self.peek(0) {
                Some(Token::Comma) => Joiner::Comma,
                Some(Token::Word("and")) => Joiner::And,
                Some(Token::Word("plus")) => Joiner::Plus,
                _ => return None,
            };
            self.pos += 1;
            rest.push((joiner, self.phrase()?));
        }
        Some((first, rest))
    }
}

/// Parses `text` (the inside of a group, without a `; comment`) as a
/// capture annotation. `span` is where `text` lies in the file.
pub(crate) fn parse_annotation(text: &str, span: Span) -> Result<CaptureAnnotation, NotAnnotation> {
    if let Some(first) = simple_phrase(text) {
        return Ok(CaptureAnnotation {
            first,
            rest: Vec::new(),
            span,
        });
    }
    let mut parser = AnnotationParser {
        tokens: tokenize(text),
        pos: 0,
        bad_hole: None,
    };
    let (first, rest) = parser.annotation().ok_or(NotAnnotation::Shape)?;
    if let Some((number, at)) = parser.bad_hole {
        return Err(NotAnnotation::Hole(number, at));
    }
    Ok(CaptureAnnotation { first, rest, span })
}

/// The common form `N from H` (one space each), without allocating.
fn simple_phrase(text: &str) -> Option<Phrase> {
    let bytes = text.as_bytes();
    let number = |at: usize| -> Option<(u8, usize)> {
        let first = *bytes.get(at).filter(|b| b.is_ascii_digit())?;
        match bytes.get(at + 1) {
            Some(second) if second.is_ascii_digit() => {
                Some(((first - b'0') * 10 + (second - b'0'), at + 2))
            }
            _ => Some((first - b'0', at + 1)),
        }
    };
    let (beans, after) = number(0)?;
    if bytes.get(after..after + 6) != Some(b" from ".as_slice()) {
        return None;
    }
    let (hole, end) = number(after + 6)?;
    if end != bytes.len() {
        return None;
    }
    Some(Phrase {
        beans,
        holes: HoleList::one(Hole::new(hole).ok()?),
        form: PhraseForm::From,
        hole_word: false,
    })
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
