//! The parser: one game at a time, recovering from errors.

mod cursor;
mod inline;
mod rows;
pub(crate) mod split;
mod tags;

use super::error::{ErrorKind, RawError};
use super::{Layout, Movetext, ParseError, Prose, Record, Span, Warning, WarningKind};
use cursor::{Cursor, Mode};

/// A warning before its location is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawWarning {
    pub kind: WarningKind,
    pub message: String,
    pub span: Span,
}

/// The text of one game and what parsing it found.
pub(crate) struct Game<'a> {
    pub text: &'a str,
    pub base: usize,
    pub errors: Vec<RawError>,
    pub warnings: Vec<RawWarning>,
}

impl<'a> Game<'a> {
    fn new(text: &'a str, base: usize) -> Game<'a> {
        Game {
            text,
            base,
            errors: Vec::new(),
            warnings: Vec::new(),
        }
    }

    pub(crate) fn cursor(&mut self, start: usize, end: usize, mode: Mode) -> Cursor<'_> {
        Cursor {
            text: self.text,
            bytes: self.text.as_bytes(),
            pos: start,
            end,
            base: self.base,
            mode,
            errors: &mut self.errors,
            warnings: &mut self.warnings,
            closing: None,
        }
    }
}

/// The lines of `text` from byte `from` on, each with its start and
/// without its line break.
pub(crate) fn lines(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut start = from;
    std::iter::from_fn(move || {
        let rest = text.get(start..).filter(|rest| !rest.is_empty())?;
        let (line, len) = match rest.find('\n') {
            Some(i) => (rest.get(..i).unwrap_or_default(), i + 1),
            None => (rest, rest.len()),
        };
        let item = (start, line);
        start += len;
        Some(item)
    })
}

/// The token at byte `at` of `line`, quoted, for an error message.
pub(crate) fn describe(line: &str, at: usize) -> String {
    let Some(rest) = line.get(at..).filter(|rest| !rest.is_empty()) else {
        return "end of line".to_owned();
    };
    let first = rest.chars().next().unwrap_or(' ');
    if first == '\n' || first == '\r' {
        return "end of line".to_owned();
    }
    if first.is_alphanumeric() {
        let word: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .take(20)
            .collect();
        return format!("`{word}`");
    }
    format!("`{first}`")
}

/// Parses the text of one game, which starts at absolute offset `base`
/// on line `first_line`.
pub(crate) fn parse_game(
    text: &str,
    base: usize,
    first_line: usize,
) -> (Record, Vec<ParseError>, Vec<Warning>) {
    let mut game = Game::new(text, base);
    let record = game_record(&mut game);
    let mut locator = super::span::Locator::new(text, base, first_line);
    let errors = game
        .errors
        .into_iter()
        .map(|e| {
            let location = locator.find(e.span.start);
            e.located(location)
        })
        .collect();
    let mut locator = super::span::Locator::new(text, base, first_line);
    let warnings = game
        .warnings
        .into_iter()
        .map(|w| Warning {
            location: locator.find(w.span.start),
            kind: w.kind,
            message: w.message,
            span: w.span,
        })
        .collect();
    (record, errors, warnings)
}

fn game_record(game: &mut Game<'_>) -> Record {
    let mut record = Record::default();
    let text = game.text;
    let mut body = None;
    for (start, line) in lines(text, 0) {
        if split::is_blank(line) {
            continue;
        }
        if split::is_tag_line(line) {
            match tags::parse_tag_line(line.trim_end_matches('\r'), game.base + start) {
                Ok(tag) => record.tags.push(tag),
                Err(error) => game.errors.push(error),
            }
            continue;
        }
        body = Some((start, line));
        break;
    }
    let Some((body_start, first_line)) = body else {
        let (kind, message, expected) = if record.tags.is_empty() {
            (
                ErrorKind::EmptyInput,
                "no game in the text",
                "a game record",
            )
        } else {
            (
                ErrorKind::MissingMovetext,
                "the tags are not followed by moves",
                "movetext",
            )
        };
        let end = game.base + text.len();
        game.errors.push(RawError::new(
            kind,
            Span::new(end, end),
            message,
            expected,
            "end of input",
        ));
        return record;
    };
    let prose_start = if rows::is_row(first_line) {
        let (movetext, end) = rows::parse_rows(game, body_start);
        record.movetext = movetext;
        end
    } else {
        let region_end = lines(text, body_start)
            .find(|(_, line)| split::is_blank(line))
            .map_or(text.len(), |(start, _)| start);
        let mut cursor = game.cursor(body_start, region_end, Mode::Inline);
        let moves = inline::parse_inline(&mut cursor);
        let end = cursor.pos;
        record.movetext = Movetext {
            layout: Layout::Inline,
            moves,
            variations: Vec::new(),
        };
        end
    };
    let rest = text.get(prose_start..).unwrap_or_default();
    let trimmed = rest.trim();
    if !trimmed.is_empty() {
        let lead = rest.len() - rest.trim_start().len();
        let start = game.base + prose_start + lead;
        record.prose = Some(Prose {
            text: trimmed.to_owned(),
            span: Span::new(start, start + trimmed.len()),
        });
    }
    record
}

/// Parses `text` as exactly one ply, such as `12!(2 from 1)`.
pub(crate) fn parse_ply(text: &str) -> Result<super::Ply, Vec<ParseError>> {
    let mut game = Game::new(text, 0);
    let mut cursor = game.cursor(0, text.len(), Mode::Inline);
    cursor.skip_ws();
    let result = cursor.ply();
    cursor.skip_ws();
    if result.is_ok() && !cursor.at_end() {
        cursor.error(
            ErrorKind::UnexpectedText,
            "text after the ply",
            "end of input",
        );
    }
    let errors: Vec<ParseError> = game
        .errors
        .into_iter()
        .map(|e| e.locate(text, 0, 1))
        .collect();
    match result {
        Ok(ply) if errors.is_empty() => Ok(ply),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests;
