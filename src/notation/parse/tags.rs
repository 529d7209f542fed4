//! Tag lines: `[Name "value"]`, on nom combinators over the bytes of the
//! line (every byte the grammar looks for is ASCII, so the name and the
//! pieces of the value it finds are whole characters of the line).

use std::borrow::Cow;

use nom::bytes::complete::{take_till, take_while, take_while1};
use nom::character::complete::{char, one_of};
use nom::combinator::eof;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::notation::Span;
use crate::notation::error::{ErrorKind, RawError};

use super::describe;

type In<'a> = &'a [u8];

fn ws(input: In<'_>) -> IResult<In<'_>, In<'_>> {
    take_while(|b: u8| b.is_ascii_whitespace()).parse(input)
}

/// A tag line as read: its name, its value with escapes resolved
/// (borrowed when it has none) and the span of the whole tag.
pub(crate) struct TagLine<'a> {
    pub name: &'a str,
    pub value: Cow<'a, str>,
    pub span: Span,
}

/// The part of `line` between the offsets `from` and `to` (both at ASCII
/// bytes, or at its ends).
fn part(line: &str, from: usize, to: usize) -> &str {
    line.get(from..to).unwrap_or_default()
}

/// The characters of a value from offset `from` of `line` up to (not
/// including) its closing quote, or up to the first character that is
/// neither plain nor a valid escape; with the offset where it stops.
fn value_text(line: &str, from: usize) -> (usize, Cow<'_, str>) {
    // A run of plain characters: up to the next `"` or `\\`.
    let plain = |at: usize| {
        let rest = line.as_bytes().get(at..).unwrap_or_default();
        let found: IResult<In<'_>, In<'_>> = take_till(|b| b == b'"' || b == b'\\').parse(rest);
        at + found.map_or(0, |(_, run)| run.len())
    };
    // Most values have no escape: borrow them.
    let end = plain(from);
    if line.as_bytes().get(end) != Some(&b'\\') {
        return (end, Cow::Borrowed(part(line, from, end)));
    }
    // The value, escapes resolved piece by piece.
    let mut value = part(line, from, end).to_owned();
    let mut at = end;
    loop {
        let rest = line.as_bytes().get(at..).unwrap_or_default();
        let escape: IResult<In<'_>, char> = preceded(char('\\'), one_of("\"\\")).parse(rest);
        let Ok((_, escaped)) = escape else {
            return (at, Cow::Owned(value));
        };
        value.push(escaped);
        let end = plain(at + 2);
        value.push_str(part(line, at + 2, end));
        at = end;
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Parses one tag line; `line` excludes the line break and starts at
/// absolute offset `start`.
pub(crate) fn parse_tag_line(line: &str, start: usize) -> Result<TagLine<'_>, RawError> {
    let offset = |rest: In<'_>| line.len() - rest.len();
    let bytes = line.as_bytes();
    let at = |i: usize| Span::new(start + i, start + (i + 1).min(line.len()).max(i));
    let error = |kind, i: usize, message: &str, expected: &str, found: String| {
        Err(RawError::new(kind, at(i), message, expected, found))
    };
    // The caller only passes lines whose first visible character is `[`.
    let opened: IResult<In<'_>, _> = (ws, char('['), ws).parse(bytes);
    let rest = opened.map_or(bytes, |(rest, _)| rest);
    let named: IResult<In<'_>, In<'_>> = take_while1(is_name_byte).parse(rest);
    let Ok((after_name, name)) = named else {
        let i = offset(rest);
        return error(
            ErrorKind::MalformedTag,
            i,
            "a tag line needs a name",
            "a tag name of letters, digits and `_`",
            describe(line, i),
        );
    };
    let name = part(line, offset(rest), offset(rest) + name.len());
    let rest = after_name;
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
    let (after_value, value) = value_text(line, offset(rest));
    let rest = bytes.get(after_value..).unwrap_or_default();
    let closed: IResult<In<'_>, char> = char('"').parse(rest);
    let Ok((rest, _)) = closed else {
        let i = offset(rest);
        return match part(line, i, line.len()).chars().nth(1) {
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

    /// A line's name, value and span as read, or the error's kind and
    /// column.
    fn read(line: &str) -> Result<(&str, Cow<'_, str>, Span), (ErrorKind, usize)> {
        parse_tag_line(line, 10)
            .map(|tag| (tag.name, tag.value, tag.span))
            .map_err(|error| (error.kind, error.span.start - 10))
    }

    #[test]
    fn tag_lines_read_with_any_spacing_and_escapes() {
        let tag =
            |name, value: &'static str, end| Ok((name, Cow::Borrowed(value), Span::new(10, end)));
        assert_eq!(read("[Date \"1962\"]"), tag("Date", "1962", 23));
        assert_eq!(read("[South \"Rüger\"]"), tag("South", "Rüger", 26));
        assert_eq!(read("[Empty \"\"]"), tag("Empty", "", 20));
        assert_eq!(read("[A_1 \"x y\"]"), tag("A_1", "x y", 21));
        assert_eq!(read("[Date  \"1962\"]"), tag("Date", "1962", 24));
        assert_eq!(read("[Date\"1962\"]"), tag("Date", "1962", 22));
        assert_eq!(read("[Date \"1962\"] "), tag("Date", "1962", 23));
        assert_eq!(read(" [ Date \"1962\" ]\t"), tag("Date", "1962", 26));
        assert_eq!(
            read("[Date \"a\\\"b\\\\\"]"),
            Ok(("Date", Cow::Owned("a\"b\\".to_owned()), Span::new(10, 25)))
        );
        assert_eq!(read("[Date \"1962\""), Err((ErrorKind::UnclosedTag, 12)));
        assert_eq!(read("[\"1962\"]"), Err((ErrorKind::MalformedTag, 1)));
        assert_eq!(read("[Dätum \"1962\"]"), Err((ErrorKind::MalformedTag, 2)));
        assert_eq!(read("[Date \"1962\"]]"), Err((ErrorKind::MalformedTag, 13)));
        assert_eq!(read("[Date 1962]"), Err((ErrorKind::MalformedTag, 6)));
        assert_eq!(read("[Date \"1962]"), Err((ErrorKind::UnclosedTagValue, 6)));
        assert_eq!(read("[Date \"a\\nb\"]"), Err((ErrorKind::InvalidEscape, 8)));
    }
}
