//! Tag lines: `[Name "value"]`, read by byte matching (every byte the
//! grammar looks for is ASCII, so the name and the pieces of the value it
//! finds are whole characters of the line).

use std::borrow::Cow;

use crate::notation::Span;
use crate::notation::error::{ErrorKind, RawError};

use super::describe;

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

/// The offset of the first byte of `bytes` from `at` on that is not ASCII
/// white space (the length if there is none).
fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// The offset of the first byte of `bytes` from `at` on for which `stop`
/// holds (the length if there is none).
fn find(bytes: &[u8], mut at: usize, stop: impl Fn(u8) -> bool) -> usize {
    // One bounds check and one test a byte (names and values are short).
    while let Some(&b) = bytes.get(at) {
        if stop(b) {
            break;
        }
        at += 1;
    }
    at
}

/// The characters of a value from offset `from` of `line` up to (not
/// including) its closing quote, or up to the first character that is
/// neither plain nor a valid escape; with the offset where it stops.
fn value_text(line: &str, from: usize) -> (usize, Cow<'_, str>) {
    let bytes = line.as_bytes();
    // A run of plain characters: up to the next `"` or `\`.
    let plain = |at: usize| find(bytes, at, |b| b == b'"' || b == b'\\');
    // Most values have no escape: borrow them.
    let end = plain(from);
    if bytes.get(end) != Some(&b'\\') {
        return (end, Cow::Borrowed(part(line, from, end)));
    }
    // The value, escapes resolved piece by piece.
    let mut value = part(line, from, end).to_owned();
    let mut at = end;
    loop {
        let escaped = match bytes.get(at..at + 2) {
            Some(b"\\\"") => '"',
            Some(b"\\\\") => '\\',
            _ => return (at, Cow::Owned(value)),
        };
        value.push(escaped);
        let end = plain(at + 2);
        value.push_str(part(line, at + 2, end));
        at = end;
    }
}

/// For every byte, whether it may stand in a tag name: an ASCII letter or
/// digit, or `_` (one look-up a byte instead of three comparisons).
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || b == b'_';
        byte += 1;
    }
    table
};

/// Whether `b` may stand in a tag name.
fn is_name_byte(b: u8) -> bool {
    NAME_BYTES.get(usize::from(b)).copied().unwrap_or(false)
}

/// Parses one tag line; `line` excludes the line break and starts at
/// absolute offset `start`.
pub(crate) fn parse_tag_line(line: &str, start: usize) -> Result<TagLine<'_>, RawError> {
    let bytes = line.as_bytes();
    let at = |i: usize| Span::new(start + i, start + (i + 1).min(line.len()).max(i));
    let error = |kind, i: usize, message: &str, expected: &str, found: String| {
        Err(RawError::new(kind, at(i), message, expected, found))
    };
    // The caller only passes lines whose first visible character is `[`;
    // without one, the name is looked for at the start.
    let opened = skip_ws(bytes, 0);
    let name_start = if bytes.get(opened) == Some(&b'[') {
        skip_ws(bytes, opened + 1)
    } else {
        0
    };
    let name_end = find(bytes, name_start, |b| !is_name_byte(b));
    if name_end == name_start {
        return error(
            ErrorKind::MalformedTag,
            name_start,
            "a tag line needs a name",
            "a tag name of letters, digits and `_`",
            describe(line, name_start),
        );
    }
    let name = part(line, name_start, name_end);
    let quote = skip_ws(bytes, name_end);
    if bytes.get(quote) != Some(&b'"') {
        return error(
            ErrorKind::MalformedTag,
            quote,
            "a tag needs a quoted value",
            "`\"`",
            describe(line, quote),
        );
    }
    let (after_value, value) = value_text(line, quote + 1);
    if bytes.get(after_value) != Some(&b'"') {
        let i = after_value;
        return match part(line, i, line.len()).chars().nth(1) {
            None if i >= line.len() => error(
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
    }
    let close = skip_ws(bytes, after_value + 1);
    if bytes.get(close) != Some(&b']') {
        return if close >= line.len() {
            error(
                ErrorKind::UnclosedTag,
                close,
                "the tag line has no closing bracket",
                "`]`",
                "end of line".to_owned(),
            )
        } else {
            error(
                ErrorKind::MalformedTag,
                close,
                "unexpected text in a tag line",
                "`]`",
                describe(line, close),
            )
        };
    }
    let ended = skip_ws(bytes, close + 1);
    if ended < line.len() {
        return error(
            ErrorKind::MalformedTag,
            ended,
            "text after a tag",
            "end of line",
            describe(line, ended),
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
