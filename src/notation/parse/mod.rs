//! The parser: one game at a time, recovering from errors.

mod cursor;
mod inline;
pub(crate) mod plain;
mod rows;
pub(crate) mod split;
mod tags;

use super::error::{ErrorKind, RawError};
use super::visit::{Sink, Visitor};
use super::{Layout, ParseError, Span, Warning, WarningKind, WrittenPly};
use cursor::{Cursor, LastPly, Mode};

/// A warning before its location is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawWarning {
    pub kind: WarningKind,
    pub message: String,
    pub span: Span,
}

/// The text of one game, what parsing it found, and where its events go.
pub(crate) struct Game<'a, V: ?Sized> {
    pub text: &'a str,
    pub base: usize,
    pub errors: Vec<RawError>,
    pub warnings: Vec<RawWarning>,
    pub visitor: &'a mut V,
    /// Whether the visitor has asked to stop.
    pub stopped: bool,
    /// The last ply read, and room reused from ply to ply.
    pub last: LastPly,
}

impl<'a, V: Sink + ?Sized> Game<'a, V> {
    fn new(text: &'a str, base: usize, visitor: &'a mut V) -> Game<'a, V> {
        Game {
            text,
            base,
            errors: Vec::new(),
            warnings: Vec::new(),
            visitor,
            stopped: false,
            last: LastPly::new(),
        }
    }

    /// Calls the visitor unless it has asked to stop.
    fn emit(&mut self, call: impl FnOnce(&mut V) -> std::ops::ControlFlow<()>) {
        if !self.stopped && call(self.visitor).is_break() {
            self.stopped = true;
        }
    }

    pub(crate) fn cursor(&mut self, start: usize, end: usize, mode: Mode) -> Cursor<'_, V> {
        Cursor {
            text: self.text,
            // Cut at `end`, so that looking at a byte checks one bound.
            bytes: self
                .text
                .as_bytes()
                .get(..end)
                .unwrap_or(self.text.as_bytes()),
            pos: start,
            end,
            base: self.base,
            mode,
            errors: &mut self.errors,
            warnings: &mut self.warnings,
            closing: None,
            visitor: &mut *self.visitor,
            stopped: &mut self.stopped,
            last: &mut self.last,
        }
    }
}

/// A visitor that wants nothing.
struct Ignore;

impl Visitor for Ignore {
    type Output = ();

    fn end_game(&mut self) {}
}

/// The lines of `text` from byte `from` on, each with its start and
/// without its line break.
pub(crate) fn lines(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut start = from;
    std::iter::from_fn(move || {
        let rest = text.get(start..).filter(|rest| !rest.is_empty())?;
        let (line, len) = match memchr::memchr(b'\n', rest.as_bytes()) {
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
/// on line `first_line`, handing its parts to `visitor`. `bad` holds the
/// absolute offsets of bytes that were not UTF-8 (read as `?`).
pub(crate) fn parse_game<V: Sink + ?Sized>(
    text: &str,
    base: usize,
    first_line: usize,
    bad: &[(usize, u8)],
    visitor: &mut V,
) -> V::Output {
    let mut game = Game::new(text, base, visitor);
    game.emit(Sink::begin_game);
    if !game.stopped {
        game_body(&mut game);
    }
    if !game.errors.is_empty() || !bad.is_empty() {
        let mut locator = super::span::Locator::new(text, base, first_line);
        let mut errors: Vec<ParseError> = bad
            .iter()
            .map(|&(at, byte)| {
                RawError::new(
                    ErrorKind::NotUtf8,
                    Span::new(at, at + 1),
                    "the text is not UTF-8",
                    "UTF-8 text",
                    format!("byte 0x{byte:02X}"),
                )
                .locate(text, base, first_line)
            })
            .collect();
        errors.extend(std::mem::take(&mut game.errors).into_iter().map(|e| {
            let location = locator.find(e.span.start);
            e.located(location)
        }));
        if !bad.is_empty() {
            errors.sort_by_key(|e| e.span.start);
        }
        for error in &errors {
            game.emit(|visitor| visitor.error(error));
        }
    }
    if !game.warnings.is_empty() {
        let mut locator = super::span::Locator::new(text, base, first_line);
        for w in std::mem::take(&mut game.warnings) {
            let warning = Warning {
                location: locator.find(w.span.start),
                kind: w.kind,
                message: w.message,
                span: w.span,
            };
            game.emit(|visitor| visitor.warning(&warning));
        }
    }
    game.visitor.end_game()
}

fn game_body<V: Sink + ?Sized>(game: &mut Game<'_, V>) {
    let text = game.text;
    let mut body = None;
    let mut tags = false;
    for (start, line) in lines(text, 0) {
        if game.stopped {
            return;
        }
        if split::is_blank(line) {
            continue;
        }
        if split::is_tag_line(line) {
            match tags::parse_tag_line(line.trim_end_matches('\r'), game.base + start) {
                Ok(tag) => {
                    tags = true;
                    game.emit(|visitor| visitor.tag(tag.name, &tag.value, tag.span));
                }
                Err(error) => game.errors.push(error),
            }
            continue;
        }
        body = Some((start, line));
        break;
    }
    let Some((body_start, first_line)) = body else {
        let (kind, message, expected) = if tags {
            (
                ErrorKind::MissingMovetext,
                "the tags are not followed by moves",
                "movetext",
            )
        } else {
            (
                ErrorKind::EmptyInput,
                "no game in the text",
                "a game record",
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
        return;
    };
    let layout = if rows::is_row(first_line) {
        Layout::Numbered
    } else {
        Layout::Inline
    };
    game.emit(|visitor| visitor.begin_movetext(layout));
    let region_end = match layout {
        Layout::Numbered => text.len(),
        Layout::Inline => lines(text, body_start)
            .find(|(_, line)| split::is_blank(line))
            .map_or(text.len(), |(start, _)| start),
    };
    let movetext = plain::RawMovetext {
        text,
        base: game.base,
        layout,
        start: body_start,
        region_end,
    };
    let skimmed = if game.stopped {
        None
    } else {
        game.visitor.skim_movetext(&movetext)
    };
    let prose_start = match (skimmed, layout) {
        (Some(end), _) => end,
        (None, Layout::Numbered) => rows::parse_rows(game, body_start),
        (None, Layout::Inline) => {
            let region = text.as_bytes().get(body_start..region_end);
            let moves = 1 + memchr::memchr_iter(b';', region.unwrap_or_default()).count();
            game.visitor.expect_moves(moves);
            let mut cursor = game.cursor(body_start, region_end, Mode::Inline);
            inline::parse_inline(&mut cursor);
            cursor.pos
        }
    };
    let rest = text.get(prose_start..).unwrap_or_default();
    let trimmed = rest.trim();
    if !trimmed.is_empty() {
        let lead = rest.len() - rest.trim_start().len();
        let start = game.base + prose_start + lead;
        game.emit(|visitor| visitor.prose(trimmed, Span::new(start, start + trimmed.len())));
    }
}

/// Parses `text` as exactly one ply, such as `12!(2 from 1)`.
pub(crate) fn parse_ply(text: &str) -> Result<WrittenPly, Vec<ParseError>> {
    let mut ignore = Ignore;
    let mut game = Game::new(text, 0, &mut ignore);
    let mut cursor = game.cursor(0, text.len(), Mode::Inline);
    cursor.skip_ws();
    let result = cursor.ply().map(|()| cursor.take_last_ply());
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
