//! The parser: one game at a time, recovering from errors.

mod cursor;
mod inline;
pub(crate) mod rows;
pub(crate) mod split;
mod tags;

use super::error::{ErrorKind, MAX_ERRORS_PER_GAME, MAX_WARNINGS_PER_GAME, RawError};
use super::span::LineIndex;
use super::visit::{GroupToken, PlyToken, Visitor};
use super::{
    Group, GroupKind, Groups, Layout, Location, ParseError, Span, Warning, WarningKind, WrittenPly,
};
use cursor::{Closing, Cursor, Mode};
pub(crate) use cursor::{Noted, Region};

/// A warning before its location is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawWarning {
    pub kind: WarningKind,
    pub message: String,
    pub span: Span,
}

/// Something found at a place in the text.
pub(crate) trait Placed {
    fn start(&self) -> usize;

    /// Whether it cost plies (an error that did).
    fn loses_plies(&self) -> bool {
        false
    }
}

impl Placed for RawError {
    fn start(&self) -> usize {
        self.span.start
    }

    fn loses_plies(&self) -> bool {
        self.loses_plies
    }
}

impl Placed for RawWarning {
    fn start(&self) -> usize {
        self.span.start
    }
}

/// The errors or warnings of one game: the first `limit` kept, the rest
/// only counted, so that a game's findings take bounded memory.
pub(crate) struct Kept<T> {
    pub items: Vec<T>,
    limit: usize,
    /// How many more were found, and where the first of them starts.
    pub more: usize,
    pub first_more: usize,
    /// Whether one of those not kept cost plies.
    pub more_lose_plies: bool,
}

impl<T: Placed> Kept<T> {
    fn new(limit: usize) -> Kept<T> {
        Kept {
            items: Vec::new(),
            limit,
            more: 0,
            first_more: 0,
            more_lose_plies: false,
        }
    }

    pub(crate) fn push(&mut self, item: T) {
        if self.items.len() < self.limit {
            self.items.push(item);
        } else {
            if self.more == 0 {
                self.first_more = item.start();
            }
            self.more += 1;
            self.more_lose_plies |= item.loses_plies();
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty() && self.more == 0
    }
}

/// The text of one game, what parsing it found, and where its events go.
pub(crate) struct GameParse<'a, V: ?Sized> {
    pub text: &'a str,
    pub base: usize,
    pub errors: Kept<RawError>,
    pub warnings: Kept<RawWarning>,
    pub visitor: &'a mut V,
    /// Whether the visitor has asked to stop.
    pub stopped: bool,
    /// Room for the groups the reader reads itself, reused.
    pub scratch: Vec<Group>,
    /// The matching `)` of groups in the region of the last cursor made
    /// (the table its region keeps, once a group is found unclosed).
    pub closing: Closing,
}

impl<'a, V: Visitor + ?Sized> GameParse<'a, V> {
    fn new(text: &'a str, base: usize, visitor: &'a mut V) -> GameParse<'a, V> {
        GameParse {
            text,
            base,
            errors: Kept::new(MAX_ERRORS_PER_GAME),
            warnings: Kept::new(MAX_WARNINGS_PER_GAME),
            visitor,
            stopped: false,
            scratch: Vec::new(),
            closing: std::cell::RefCell::new(None),
        }
    }

    /// Calls the visitor unless it has asked to stop.
    fn emit(&mut self, call: impl FnOnce(&mut V) -> std::ops::ControlFlow<()>) {
        if !self.stopped && call(self.visitor).is_break() {
            self.stopped = true;
        }
    }

    pub(crate) fn cursor(&mut self, start: usize, end: usize, mode: Mode) -> Cursor<'_, V> {
        // Cut at `end`, so that looking at a byte checks one bound.
        let bytes = self
            .text
            .as_bytes()
            .get(..end)
            .unwrap_or(self.text.as_bytes());
        // Each cursor's table of matches is its own (it covers its region).
        self.closing = std::cell::RefCell::new(None);
        Cursor {
            text: self.text,
            bytes,
            pos: start,
            end,
            base: self.base,
            mode,
            region: Region {
                text: self.text,
                bytes,
                end,
                base: self.base,
                mode,
                closing: &self.closing,
            },
            errors: &mut self.errors,
            warnings: &mut self.warnings,
            visitor: &mut *self.visitor,
            stopped: &mut self.stopped,
            last_hole: None,
            scratch: &mut self.scratch,
        }
    }
}

/// A visitor that keeps the last ply with its groups.
#[derive(Default)]
struct LastPly(Option<WrittenPly>);

impl Visitor for LastPly {
    type Output = ();

    fn ply(&mut self, ply: &PlyToken) -> std::ops::ControlFlow<()> {
        self.0 = Some(WrittenPly {
            hole: ply.hole,
            mark: ply.mark,
            groups: Groups::new(),
            span: ply.span,
        });
        std::ops::ControlFlow::Continue(())
    }

    fn group(&mut self, group: &GroupToken<'_>) -> std::ops::ControlFlow<()> {
        if let Some(ply) = &mut self.0 {
            group.read_into(ply.groups.vec_mut());
        }
        std::ops::ControlFlow::Continue(())
    }

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

/// Bytes of a game's text that were not UTF-8: the absolute offsets and
/// values of the first [`MAX_ERRORS_PER_GAME`], and how many more there
/// were.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct BadBytes<'a> {
    pub first: &'a [(usize, u8)],
    pub more: usize,
}

/// Parses the text of one game, which starts at absolute offset `base`
/// on line `first_line`, handing its parts to `visitor`. `bad` holds the
/// bytes that were not UTF-8 (read as `?`).
pub(crate) fn parse_game<V: Visitor + ?Sized>(
    text: &str,
    base: usize,
    first_line: usize,
    bad: BadBytes<'_>,
    visitor: &mut V,
) -> V::Output {
    let mut lines = LineIndex::new(text, base, first_line);
    let mut game = GameParse::new(text, base, visitor);
    game.emit(Visitor::begin_game);
    if !game.stopped {
        game_body(&mut game);
    }
    for &(at, byte) in bad.first {
        game.errors.push(RawError::new(
            ErrorKind::NotUtf8,
            Span::new(at, at + 1),
            "the text is not UTF-8",
            "UTF-8 text",
            format!("byte 0x{byte:02X}"),
        ));
    }
    if !game.errors.is_empty() || bad.more > 0 {
        let kept = std::mem::replace(&mut game.errors, Kept::new(0));
        let more = kept.more + bad.more;
        let mut errors = kept.items;
        if !bad.first.is_empty() {
            errors.sort_by_key(|e| e.span.start);
        }
        let mut located = locate_all(&mut lines, errors.iter().map(|e| e.span.start));
        let mut errors: Vec<ParseError> = errors
            .into_iter()
            .zip(located.by_ref())
            .map(|(e, location)| e.located(location))
            .collect();
        if more > 0 {
            // If one of the errors not kept cost plies, this one says so
            // in their place, so that no replay goes past it.
            let loses_plies = kept.more_lose_plies;
            // Where the first error not kept is: one the parser found, or a
            // byte not UTF-8 after the last one kept.
            let at = [
                (kept.more > 0).then_some(kept.first_more),
                (bad.more > 0).then(|| bad.first.last().map_or(base, |&(last, _)| last + 1)),
            ]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(base);
            errors.push(
                RawError::new(
                    ErrorKind::TooManyErrors { more },
                    Span::new(at, at),
                    format!(
                        "{more} more errors in this game are not listed (at most {MAX_ERRORS_PER_GAME} are kept per game)"
                    ),
                    format!("at most {MAX_ERRORS_PER_GAME} errors per game"),
                    format!("{}", errors.len() + more),
                )
                .losing_plies_if(loses_plies)
                .locate(&mut lines),
            );
        }
        for error in &errors {
            game.emit(|visitor| visitor.error(error));
        }
    }
    if !game.warnings.is_empty() {
        let kept = std::mem::replace(&mut game.warnings, Kept::new(0));
        let located = locate_all(&mut lines, kept.items.iter().map(|w| w.span.start));
        let mut warnings: Vec<Warning> = kept
            .items
            .into_iter()
            .zip(located)
            .map(|(w, location)| Warning {
                location,
                kind: w.kind,
                message: w.message,
                span: w.span,
            })
            .collect();
        if kept.more > 0 {
            let at = kept.first_more;
            warnings.push(Warning {
                location: lines.locate(at),
                kind: WarningKind::TooManyWarnings { more: kept.more },
                message: format!(
                    "{} more warnings in this game are not listed (at most {MAX_WARNINGS_PER_GAME} are kept per game)",
                    kept.more
                ),
                span: Span::new(at, at),
            });
        }
        for warning in &warnings {
            game.emit(|visitor| visitor.warning(warning));
        }
    }
    game.visitor.end_game()
}

/// The locations of absolute `offsets`, in their order, found in one pass
/// over the text whatever that order (they are sorted first).
fn locate_all(
    lines: &mut LineIndex<'_>,
    offsets: impl Iterator<Item = usize>,
) -> std::vec::IntoIter<Location> {
    let mut order: Vec<(usize, usize)> = offsets.enumerate().map(|(i, at)| (at, i)).collect();
    let sorted = order.is_sorted();
    if !sorted {
        order.sort_unstable();
    }
    let mut locations = vec![Location::default(); order.len()];
    for (at, i) in order {
        if let Some(slot) = locations.get_mut(i) {
            *slot = lines.locate(at);
        }
    }
    locations.into_iter()
}

fn game_body<V: Visitor + ?Sized>(game: &mut GameParse<'_, V>) {
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
        // A bracketed note on a line of its own ends the moves too.
        Layout::Inline => lines(text, body_start)
            .find(|(_, line)| {
                split::is_blank(line) || split::is_tag_line(line) && split::is_note(line.as_bytes())
            })
            .map_or(text.len(), |(start, _)| start),
    };
    let prose_start = match layout {
        Layout::Numbered => rows::parse_rows(game, body_start),
        Layout::Inline => {
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
        prose_warnings(game, layout, prose_start + lead, trimmed);
        game.emit(|visitor| visitor.prose(trimmed, Span::new(start, start + trimmed.len())));
    }
}

/// The warnings about a game's prose, `prose` at offset `at` of the game:
/// prose that starts as moves do, which is kept as text and not replayed
/// ([`WarningKind::ProseReadsAsMoves`]), and each bracketed note
/// ([`WarningKind::BracketedNote`]).
fn prose_warnings<V: Visitor + ?Sized>(
    game: &mut GameParse<'_, V>,
    layout: Layout,
    at: usize,
    prose: &str,
) {
    // In numbered rows, a later line that is a row shows that the first
    // line of the prose broke the rows off.
    let rows_follow =
        layout == Layout::Numbered && lines(prose, 0).skip(1).any(|(_, line)| rows::is_row(line));
    if rows_follow || cursor::prose_reads_as_moves(prose.as_bytes()) {
        let line = prose.lines().next().unwrap_or_default().trim_end();
        game.warnings.push(RawWarning {
            kind: WarningKind::ProseReadsAsMoves,
            message: format!(
                "the text after the moves reads as moves ({}); it is kept as text and not replayed",
                super::error::quote(line)
            ),
            span: Span::new(game.base + at, game.base + at + line.len()),
        });
    }
    for (start, line) in lines(prose, 0) {
        if split::is_tag_line(line) && split::is_note(line.as_bytes()) {
            let lead = line.len() - split::trim_start(line).len();
            let note = line.trim();
            let from = game.base + at + start + lead;
            game.warnings.push(RawWarning {
                kind: WarningKind::BracketedNote,
                message: format!(
                    "{} after the moves is no tag (a tag is written `[Name \"value\"]`): read as a note",
                    super::error::quote(note)
                ),
                span: Span::new(from, from + note.len()),
            });
        }
    }
}

/// Whether a comment group with this text, written `(text)`, reads back
/// as that comment: not as labels, another move or a capture annotation,
/// and not as a comment written `(; text)`. (A text such as `2 from 14`
/// reads back as the comment it is, with the error it had when read.)
pub(crate) fn reads_as_comment(text: &str) -> bool {
    if text.starts_with(';') {
        return false;
    }
    let written = format!("1({text})");
    let mut last = LastPly::default();
    let mut game = GameParse::new(&written, 0, &mut last);
    let mut cursor = game.cursor(0, written.len(), Mode::Inline);
    let read = cursor.ply(crate::Player::South, false).is_ok() && cursor.at_end();
    let ply = last.0.unwrap_or_else(|| WrittenPly::new(crate::Hole::MIN));
    read && matches!(
        ply.groups.as_slice(),
        [group] if matches!(&group.kind, GroupKind::Comment(read) if read == text)
    )
}

/// Parses `text` as exactly one ply, such as `12!(2 from 1)`.
pub(crate) fn parse_ply(text: &str) -> Result<WrittenPly, Vec<ParseError>> {
    let mut last = LastPly::default();
    let mut game = GameParse::new(text, 0, &mut last);
    let mut cursor = game.cursor(0, text.len(), Mode::Inline);
    cursor.skip_ws();
    let result = cursor.ply(crate::Player::South, false);
    cursor.skip_ws();
    if result.is_ok() && !cursor.at_end() {
        cursor.error(
            ErrorKind::UnexpectedText,
            "text after the ply",
            "end of input",
        );
    }
    let errors = game.errors.items;
    let result = result.map(|()| last.0.unwrap_or_else(|| WrittenPly::new(crate::Hole::MIN)));
    let mut lines = LineIndex::new(text, 0, 1);
    let errors: Vec<ParseError> = errors.into_iter().map(|e| e.locate(&mut lines)).collect();
    match result {
        Ok(ply) if errors.is_empty() => Ok(ply),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests;
