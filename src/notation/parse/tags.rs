//! Tag lines: `[Name "value"]`, on nom combinators.

use nom::branch::alt;
use std::borrow::Cow;

use nom::bytes::complete::{take_till, take_till1, take_while, take_while1};
use nom::character::complete::{char, one_of};
use nom::combinator::{eof, map};
use nom::multi::fold_many0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::notation::Span;
use crate::notation::error::{ErrorKind, RawError};

use super::describe;

type In<'a> = &'a str;

fn ws(input: In<'_>) -> IResult<In<'_>, In<'_>> {
    take_while(|c: char| c.is_ascii_whitespace()).parse(input)
}

/// A piece of a tag value: a run of plain characters or one escape.
enum Piece<'a> {
    Plain(&'a str),
    Escaped(char),
}

/// A tag line as read: its name, its value with escapes resolved
/// (borrowed when it has none) and the span of the whole tag.
pub(crate) struct TagLine<'a> {
    pub name: &'a str,
    pub value: Cow<'a, str>,
    pub span: Span,
}

/// The characters of a value up to (not including) its closing quote, or
/// up to the first character that is neither plain nor a valid escape.
fn value_text(input: In<'_>) -> IResult<In<'_>, Cow<'_, str>> {
    // Most values have no escape: borrow them.
    let plain: IResult<In<'_>, In<'_>> = take_till(|c| c == '"' || c == '\\').parse(input);
    if let Ok((rest, plain)) = plain
        && rest.starts_with('"')
    {
        return Ok((rest, Cow::Borrowed(plain)));
    }
    map(escaped_value, Cow::Owned).parse(input)
}

/// The value, escapes resolved piece by piece.
fn escaped_value(input: In<'_>) -> IResult<In<'_>, String> {
    fold_many0(
        alt((
            map(take_till1(|c| c == '"' || c == '\\'), Piece::Plain),
            map(preceded(char('\\'), one_of("\"\\")), Piece::Escaped),
        )),
        String::new,
        |mut value, piece| {
            match piece {
                Piece::Plain(text) => value.push_str(text),
                Piece::Escaped(c) => value.push(c),
            }
            value
        },
    )
    .parse(input)
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The commonest tag line, `[Name "value"]` exactly, with no escape and
/// no white space but the one space: a byte-level fast path.
fn plain_tag_line(line: &str, start: usize) -> Option<TagLine<'_>> {
    let rest = line.strip_prefix('[')?;
    let name_len = rest
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    let (name, rest) = rest.split_at_checked(name_len)?;
    let rest = rest.strip_prefix(" \"").filter(|_| !name.is_empty())?;
    let value_len = rest.bytes().position(|b| b == b'"' || b == b'\\')?;
    let (value, rest) = rest.split_at_checked(value_len)?;
    (rest == "\"]").then(|| TagLine {
        name,
        value: Cow::Borrowed(value),
        span: Span::new(start, start + line.len()),
    })
}

/// Parses one tag line; `line` excludes the line break and starts at
/// absolute offset `start`.
pub(crate) fn parse_tag_line(line: &str, start: usize) -> Result<TagLine<'_>, RawError> {
    match plain_tag_line(line, start) {
        Some(tag) => Ok(tag),
        None => tag_line(line, start),
    }
}

/// Parses one tag line with the full grammar.
fn tag_line(line: &str, start: usize) -> Result<TagLine<'_>, RawError> {
    let offset = |rest: In<'_>| line.len() - rest.len();
    let at = |i: usize| Span::new(start + i, start + (i + 1).min(line.len()).max(i));
    let error = |kind, i: usize, message: &str, expected: &str, found: String| {
        Err(RawError::new(kind, at(i), message, expected, found))
    };
    // The caller only passes lines whose first visible character is `[`.
    let opened: IResult<In<'_>, _> = (ws, char('['), ws).parse(line);
    let rest = opened.map_or(line, |(rest, _)| rest);
    let named: IResult<In<'_>, In<'_>> = take_while1(is_name_char).parse(rest);
    let Ok((rest, name)) = named else {
        let i = offset(rest);
        return error(
            ErrorKind::MalformedTag,
            i,
            "a tag line needs a name",
            "a tag name of letters, digits and `_`",
            describe(line, i),
        );
    };
    let quoted: IResult<In<'_>, _> = preceded(ws, char('"')).parse(rest);
    let Ok((rest, _)) = quoted else {
        let i = offset(ws(rest).map_or(rest, |(rest, _)| rest));
        return error(
            ErrorKind::MalformedTag,
            i,
            "a tag needs a quoted value",
            "`\"`",
            describe(line, i),
        );
    };
    let quote = offset(rest) - 1;
    let (rest, value) = value_text(rest).unwrap_or((rest, Cow::Borrowed("")));
    let closed: IResult<In<'_>, char> = char('"').parse(rest);
    let Ok((rest, _)) = closed else {
        let i = offset(rest);
        return match rest.chars().nth(1) {
            None if rest.is_empty() => error(
                ErrorKind::UnclosedTagValue,
                quote,
                "the tag value has no closing quote",
                "`\"`",
                "end of line".to_owned(),
            ),
            // Anything else stopping the value is a `\` not followed by
            // `"` or `\`.
            next => error(
                ErrorKind::InvalidEscape,
                i,
                "unknown escape in a tag value",
                "`\\\"` or `\\\\`",
                match next {
                    Some(c) => format!("`\\{c}`"),
                    None => "`\\` at the end of the line".to_owned(),
                },
            ),
        };
    };
    let bracket: IResult<In<'_>, char> = preceded(ws, char(']')).parse(rest);
    let Ok((rest, _)) = bracket else {
        let rest = ws(rest).map_or(rest, |(rest, _)| rest);
        let i = offset(rest);
        return if rest.is_empty() {
            error(
                ErrorKind::UnclosedTag,
                i,
                "the tag line has no closing bracket",
                "`]`",
                "end of line".to_owned(),
            )
        } else {
            error(
                ErrorKind::MalformedTag,
                i,
                "unexpected text in a tag line",
                "`]`",
                describe(line, i),
            )
        };
    };
    let close = offset(rest) - 1;
    let ended: IResult<In<'_>, _> = (ws, eof).parse(rest);
    if ended.is_err() {
        let i = offset(ws(rest).map_or(rest, |(rest, _)| rest));
        return error(
            ErrorKind::MalformedTag,
            i,
            "text after a tag",
            "end of line",
            describe(line, i),
        );
    }
    Ok(TagLine {
        name,
        value,
        span: Span::new(start, start + close + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_path_agrees_with_the_grammar() {
        let lines = [
            "[Date \"1962\"]",
            "[South \"Rüger\"]",
            "[Empty \"\"]",
            "[A_1 \"x y\"]",
            "[Date \"a\\\"b\"]",
            "[Date  \"1962\"]",
            "[Date \"1962\"] ",
            " [Date \"1962\"]",
            "[Date \"1962\"",
            "[\"1962\"]",
            "[Dätum \"1962\"]",
            "[Date \"1962\"]]",
        ];
        let mut fast = 0;
        for line in lines {
            let full = tag_line(line, 10).map(|tag| (tag.name, tag.value, tag.span));
            if let Some(tag) = plain_tag_line(line, 10) {
                fast += 1;
                assert_eq!(Ok((tag.name, tag.value, tag.span)), full, "{line}");
            }
            let parsed = parse_tag_line(line, 10).map(|tag| (tag.name, tag.value, tag.span));
            assert_eq!(parsed, full, "{line}");
        }
        assert_eq!(fast, 4);
    }
}
