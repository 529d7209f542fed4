//! Tag lines: `[Name "value"]`.

use crate::notation::error::{ErrorKind, RawError};
use crate::notation::{Span, Tag};

use super::describe;

/// Parses one tag line; `line` excludes the line break and starts at
/// absolute offset `start`.
pub(crate) fn parse_tag_line(line: &str, start: usize) -> Result<Tag, RawError> {
    let bytes = line.as_bytes();
    let at = |i: usize| Span::new(start + i, start + (i + 1).min(line.len()).max(i));
    let skip = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let mut i = skip(0);
    // The caller only passes lines whose first visible character is `[`.
    i += 1;
    i = skip(i);
    let name_start = i;
    while bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        i += 1;
    }
    let name = line.get(name_start..i).unwrap_or_default();
    if name.is_empty() {
        return Err(RawError::new(
            ErrorKind::MalformedTag,
            at(i),
            "a tag line needs a name",
            "a tag name of letters, digits and `_`",
            describe(line, i),
        ));
    }
    i = skip(i);
    if bytes.get(i) != Some(&b'"') {
        return Err(RawError::new(
            ErrorKind::MalformedTag,
            at(i),
            "a tag needs a quoted value",
            "`\"`",
            describe(line, i),
        ));
    }
    let quote = i;
    i += 1;
    let mut value = String::new();
    let mut run = i;
    loop {
        match bytes.get(i) {
            None => {
                return Err(RawError::new(
                    ErrorKind::UnclosedTagValue,
                    at(quote),
                    "the tag value has no closing quote",
                    "`\"`",
                    "end of line",
                ));
            }
            Some(b'"') => {
                value.push_str(line.get(run..i).unwrap_or_default());
                i += 1;
                break;
            }
            Some(b'\\') => {
                value.push_str(line.get(run..i).unwrap_or_default());
                match bytes.get(i + 1) {
                    Some(&c @ (b'"' | b'\\')) => {
                        value.push(char::from(c));
                        i += 2;
                        run = i;
                    }
                    _ => {
                        return Err(RawError::new(
                            ErrorKind::InvalidEscape,
                            at(i),
                            "unknown escape in a tag value",
                            "`\\\"` or `\\\\`",
                            match line.get(i + 1..).and_then(|rest| rest.chars().next()) {
                                Some(c) => format!("`\\{c}`"),
                                None => "`\\` at the end of the line".to_owned(),
                            },
                        ));
                    }
                }
            }
            Some(_) => i += 1,
        }
    }
    i = skip(i);
    match bytes.get(i) {
        Some(b']') => {}
        None => {
            return Err(RawError::new(
                ErrorKind::UnclosedTag,
                at(i),
                "the tag line has no closing bracket",
                "`]`",
                "end of line",
            ));
        }
        Some(_) => {
            return Err(RawError::new(
                ErrorKind::MalformedTag,
                at(i),
                "unexpected text in a tag line",
                "`]`",
                describe(line, i),
            ));
        }
    }
    let close = i;
    i = skip(i + 1);
    if i < line.len() {
        return Err(RawError::new(
            ErrorKind::MalformedTag,
            at(i),
            "text after a tag",
            "end of line",
            describe(line, i),
        ));
    }
    Ok(Tag {
        name: name.to_owned(),
        value,
        span: Span::new(start, start + close + 1),
    })
}
