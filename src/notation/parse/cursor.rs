//! A byte cursor over one region of a game, and the ply grammar:
//! hole, mark, parenthesised groups, alternatives.

use crate::Hole;
use crate::Player;
use crate::notation::annotation::{
    NotAnnotation, read_annotation, read_closed_annotation, read_loose_annotation,
};
use crate::notation::error::{ErrorKind, RawError, quote};
use crate::notation::mark::mark;
use crate::notation::visit::{GroupToken, PlyToken, Visitor};
use crate::notation::{
    Group, GroupKind, Groups, Label, MAX_GROUPS_PER_PLY, Mark, Span, WarningKind, WrittenPly,
};
use nom::character::complete::digit1;
use nom::combinator::{all_consuming, map_opt, opt, verify};
use nom::{IResult, Parser};
use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{Kept, RawWarning, describe};

/// Whether white space may include line breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Inline movetext: line breaks are white space.
    Inline,
    /// A numbered row: the region is one line.
    Row,
}

/// The groups of one ply read past the first [`MAX_GROUPS_PER_PLY`]:
/// from the first one's `(` to the end of the last, and how many.
#[derive(Debug, Clone, Copy)]
struct Dropped {
    start: usize,
    end: usize,
    count: usize,
}

/// The failure of a grammar rule; the error is already recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Failed;

/// Every `(` from the first unclosed group of a region on, with its
/// matching `)` if any, found in one pass (inline movetext), so that
/// unclosed groups cost linear time.
pub(crate) type Closing = RefCell<Option<Vec<(usize, Option<usize>)>>>;

/// A cursor over `text[..end]` of one game, whose first byte is at
/// absolute offset `base`.
pub(crate) struct Cursor<'a, V: ?Sized> {
    pub text: &'a str,
    /// The bytes of `text[..end]`.
    pub bytes: &'a [u8],
    pub pos: usize,
    pub end: usize,
    pub base: usize,
    pub mode: Mode,
    pub errors: &'a mut Kept<RawError>,
    pub warnings: &'a mut Kept<RawWarning>,
    /// The same region, as groups are read from it (made once, not for
    /// each group).
    pub region: Region<'a>,
    /// Where the events go.
    pub visitor: &'a mut V,
    /// Whether the visitor has asked to stop.
    pub stopped: &'a mut bool,
    /// The hole of the last ply read (`None` for a pass).
    pub last_hole: Option<Hole>,
    /// Room for the groups the reader reads itself (those no visitor
    /// read), reused from group to group.
    pub scratch: &'a mut Vec<Group>,
}

impl<V: Visitor + ?Sized> Cursor<'_, V> {
    /// Calls the visitor unless it has asked to stop.
    pub(crate) fn emit(&mut self, call: impl FnOnce(&mut V) -> ControlFlow<()>) {
        if !*self.stopped && call(self.visitor).is_break() {
            *self.stopped = true;
        }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        // `bytes` ends at `end`.
        self.bytes.get(self.pos).copied()
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    /// Skips spaces, tabs and carriage returns, and line breaks inline.
    pub(crate) fn skip_ws(&mut self) {
        self.pos = skip_ws(self.bytes, self.pos, self.mode);
    }

    /// Whether `word` followed by white space or the end of the text
    /// starts at the cursor.
    pub(crate) fn at_word(&self, word: &str) -> bool {
        let after = self.pos + word.len();
        after <= self.end
            && self.bytes.get(self.pos..after) == Some(word.as_bytes())
            && (after == self.end || self.bytes.get(after).is_some_and(u8::is_ascii_whitespace))
    }

    /// Reads `...` or `…` standing for South's left-out turn (followed
    /// by white space, `,` or the end), and tells the visitor; whether it
    /// was there.
    pub(crate) fn elision(&mut self) -> bool {
        // Most moves start with a hole number.
        if !matches!(self.peek(), Some(b'.' | 0xE2)) {
            return false;
        }
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let len = if rest.starts_with(b"...") {
            3
        } else if rest.starts_with("\u{2026}".as_bytes()) {
            "\u{2026}".len()
        } else {
            return false;
        };
        if !rest
            .get(len)
            .is_none_or(|b| b.is_ascii_whitespace() || *b == b',')
        {
            return false;
        }
        let span = self.span(self.pos, self.pos + len);
        self.pos += len;
        self.emit(|visitor| visitor.elide_south(span));
        true
    }

    /// What the cursor is looking at, for an error message.
    pub(crate) fn found(&self) -> String {
        if self.at_end() {
            match self.mode {
                Mode::Inline => "end of movetext".to_owned(),
                Mode::Row => "end of line".to_owned(),
            }
        } else {
            describe(self.text.get(..self.end).unwrap_or_default(), self.pos)
        }
    }

    /// Records an error at the cursor.
    pub(crate) fn error(
        &mut self,
        kind: ErrorKind,
        message: impl Into<String>,
        expected: impl Into<String>,
    ) -> Failed {
        let error = self.error_here(kind, message, expected);
        self.errors.push(error);
        Failed
    }

    /// An error at the cursor.
    fn error_here(
        &self,
        kind: ErrorKind,
        message: impl Into<String>,
        expected: impl Into<String>,
    ) -> RawError {
        let end = if self.at_end() {
            self.pos
        } else {
            self.char_end(self.pos)
        };
        let found = self.found();
        let span = self.span(self.pos, end);
        RawError::new(kind, span, message, expected, found)
    }

    /// Records an error at the cursor that cost plies (see
    /// [`ParseError::loses_plies`](crate::notation::ParseError::loses_plies)).
    pub(crate) fn losing_error(
        &mut self,
        kind: ErrorKind,
        message: impl Into<String>,
        expected: impl Into<String>,
    ) -> Failed {
        let error = self.error_here(kind, message, expected).losing_plies();
        self.errors.push(error);
        Failed
    }

    fn char_end(&self, at: usize) -> usize {
        let mut end = at + 1;
        while end < self.end && !self.text.is_char_boundary(end) {
            end += 1;
        }
        end.min(self.end)
    }

    /// A turn: a ply, then alternatives after `or` (and after `,` in a
    /// row).
    #[inline(always)]
    pub(crate) fn turn(&mut self, player: Player) -> Result<(), Failed> {
        self.ply(player, false)?;
        // Fast exit: only white space, `o`, or `,` in a row can lead to
        // another ply.
        match self.peek() {
            Some(b' ' | b'\t' | b'\r' | b'\n' | b'o') => {}
            Some(b',') if self.mode == Mode::Row => {}
            _ => return Ok(()),
        }
        self.alternatives(player)
    }

    /// The alternatives of a turn of `player`, after its first ply.
    #[inline(never)]
    fn alternatives(&mut self, player: Player) -> Result<(), Failed> {
        loop {
            let save = self.pos;
            self.skip_ws();
            if self.mode == Mode::Row && self.peek() == Some(b',') {
                if player == Player::South && self.comma_between_turns() {
                    return Ok(());
                }
                self.pos += 1;
            } else if self.at_word("or") {
                self.pos += 2;
            } else {
                self.pos = save;
                return Ok(());
            }
            self.skip_ws();
            self.ply(player, true)?;
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n' | b'o') => {}
                Some(b',') if self.mode == Mode::Row => {}
                _ => return Ok(()),
            }
        }
    }

    /// At a `,` after South's ply in a numbered row: whether the ply after
    /// it is from North's row while the one before is from South's, so
    /// that the comma stands between South's turn and North's rather than
    /// between alternatives (`1. 4, 8`). Then the comma is skipped with a
    /// warning ([`WarningKind::CommaBetweenTurns`]), and North's turn
    /// follows.
    fn comma_between_turns(&mut self) -> bool {
        let comma = self.pos;
        let next = skip_ws(self.bytes, comma + 1, self.mode);
        let before = self.last_hole;
        let after = common_head(self.bytes, next).map(|(hole, _, _)| hole);
        let (Some(before), Some(after)) = (before, after) else {
            return false;
        };
        if before.owner() != Player::South || after.owner() != Player::North {
            return false;
        }
        self.warnings.push(RawWarning {
            kind: WarningKind::CommaBetweenTurns,
            message: format!(
                "a `,` between South's ply {} and North's ply {} in a numbered row: read as the two plies (in a row, `,` joins alternatives of one player, and South's turn and North's are separated by white space)",
                before.number(),
                after.number()
            ),
            span: self.span(comma, comma + 1),
        });
        self.pos = next;
        true
    }

    /// A ply of `player` (an alternative to the turn's first if
    /// `alternative`): hole, mark, groups. The visitor is handed the ply
    /// once its hole and mark are read, then each group in turn. The
    /// groups after the first [`MAX_GROUPS_PER_PLY`] are not handed over:
    /// they are read one after another, so that their errors are reported
    /// and the text after them is found, and dropped, with one error that
    /// counts them.
    #[inline(always)]
    pub(crate) fn ply(&mut self, player: Player, alternative: bool) -> Result<(), Failed> {
        let start = self.pos;
        let (hole, mark) = match common_head(self.bytes, start) {
            Some((hole, mark, after)) => {
                self.pos = after;
                (Some(hole), mark)
            }
            None => (self.hole_or_pass()?, self.mark()?),
        };
        self.last_hole = hole;
        if !*self.stopped {
            let token = PlyToken {
                player,
                alternative,
                hole,
                mark,
                span: self.span(start, self.pos),
            };
            if self.visitor.ply(&token).is_break() {
                *self.stopped = true;
            }
        }
        // Fast exit: only white space or parentheses can follow here.
        if !matches!(
            self.peek(),
            Some(b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')')
        ) {
            return Ok(());
        }
        self.groups();
        Ok(())
    }

    /// The groups after a ply's head, and unmatched `)` among them
    /// (inlined into [`Cursor::ply`], as it is into its callers: a call
    /// for each ply or group costs more than the larger frame).
    #[inline(always)]
    fn groups(&mut self) {
        let mut used = 0;
        let mut dropped = None;
        loop {
            let save = self.pos;
            self.skip_ws();
            match self.peek() {
                Some(b'(') if used < MAX_GROUPS_PER_PLY => {
                    self.group(true);
                    used += 1;
                }
                Some(b'(') => {
                    let open = self.pos;
                    self.group(false);
                    let run = dropped.get_or_insert(Dropped {
                        start: open,
                        end: open,
                        count: 0,
                    });
                    run.end = self.pos;
                    run.count += 1;
                }
                Some(b')') => {
                    self.warnings.push(RawWarning {
                        kind: WarningKind::UnmatchedParenthesis,
                        message: "unmatched `)` ignored".to_owned(),
                        span: self.span(self.pos, self.pos + 1),
                    });
                    self.pos += 1;
                }
                _ => {
                    self.pos = save;
                    break;
                }
            }
            // Only white space or parentheses can follow a group.
            if !matches!(
                self.peek(),
                Some(b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')')
            ) {
                break;
            }
        }
        if let Some(dropped) = dropped {
            self.errors.push(RawError::new(
                ErrorKind::TooManyGroups,
                self.span(dropped.start, dropped.end),
                format!(
                    "too many groups after one ply: the first {MAX_GROUPS_PER_PLY} are kept, the rest are not"
                ),
                format!("at most {MAX_GROUPS_PER_PLY} groups after a ply"),
                format!("{} more", dropped.count),
            ));
        }
    }

    /// A hole number, or `-`: a pass (`None`).
    fn hole_or_pass(&mut self) -> Result<Option<Hole>, Failed> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
            return Ok(None);
        }
        self.hole().map(Some)
    }

    fn hole(&mut self) -> Result<Hole, Failed> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            value = value.saturating_mul(10).saturating_add(u64::from(d - b'0'));
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.losing_error(
                ErrorKind::ExpectedHole,
                "a hole number is missing",
                "a hole number from 1 to 12",
            ));
        }
        match u8::try_from(value).ok().and_then(|n| Hole::new(n).ok()) {
            Some(hole) => Ok(hole),
            None => {
                let found = quote(self.text.get(start..self.pos).unwrap_or_default());
                let span = self.span(start, self.pos);
                self.errors
                    .push(RawError::hole_out_of_range(span, found).losing_plies());
                Err(Failed)
            }
        }
    }

    /// The mark after a hole; an unknown one (`!!!`) is an error that
    /// leaves the ply readable, without a mark.
    fn mark(&mut self) -> Result<Option<Mark>, Failed> {
        let start = self.pos;
        while matches!(self.peek(), Some(b'!' | b'?')) {
            self.pos += 1;
        }
        if self.pos == start {
            return Ok(None);
        }
        let written = self.bytes.get(start..self.pos).unwrap_or_default();
        match Mark::from_bytes(written) {
            Some(mark) => Ok(Some(mark)),
            None => {
                let found = quote(self.text.get(start..self.pos).unwrap_or_default());
                let span = self.span(start, self.pos);
                self.errors.push(RawError::new(
                    ErrorKind::UnknownMark,
                    span,
                    "unknown mark",
                    "one of `!`, `?`, `!!`, `??`, `!?`, `?!`",
                    found,
                ));
                Ok(None)
            }
        }
    }

    /// A parenthesised group; the cursor is at its `(`. Handed to the
    /// visitor if `handed`; the reader reads it itself unless the visitor
    /// found it free of findings, and goes on after it.
    fn group(&mut self, handed: bool) {
        let open = self.pos;
        let region = &self.region;
        let mut settled = None;
        if handed && !*self.stopped {
            let token = GroupToken::new(region, open);
            if self.visitor.group(&token).is_break() {
                *self.stopped = true;
            }
            settled = token.settled();
        }
        self.pos = match settled {
            Some(after) => after,
            None => {
                let mut findings = Reported {
                    errors: &mut *self.errors,
                    warnings: &mut *self.warnings,
                };
                region.read_group(open, self.scratch, 0, &mut findings)
            }
        };
    }
}

/// Where findings about a group go.
pub(crate) trait Findings {
    fn error(&mut self, error: RawError);
    fn warning(&mut self, warning: RawWarning);
}

/// Findings recorded with the game's.
pub(crate) struct Reported<'k> {
    pub errors: &'k mut Kept<RawError>,
    pub warnings: &'k mut Kept<RawWarning>,
}

impl Findings for Reported<'_> {
    fn error(&mut self, error: RawError) {
        self.errors.push(error);
    }

    fn warning(&mut self, warning: RawWarning) {
        self.warnings.push(warning);
    }
}

/// Findings only noted: whether there was one (a visitor's reading of a
/// group, which the reader then reads again to report them).
#[derive(Debug, Default)]
pub(crate) struct Noted(pub bool);

impl Findings for Noted {
    fn error(&mut self, _: RawError) {
        self.0 = true;
    }

    fn warning(&mut self, _: RawWarning) {
        self.0 = true;
    }
}

/// Where a group ends: the offset of its `)` (`None` for an unclosed
/// group), and of the end of its span (after the `)`, or where an
/// unclosed group is taken to end).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Extent {
    pub close: Option<usize>,
    pub end: usize,
}

/// The region of a game a cursor reads, as groups are read from it: by
/// the reader, and by a visitor through a [`GroupToken`].
pub(crate) struct Region<'a> {
    pub text: &'a str,
    /// The bytes of `text[..end]`.
    pub bytes: &'a [u8],
    pub end: usize,
    pub base: usize,
    pub mode: Mode,
    pub closing: &'a Closing,
}

impl Region<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    /// Where the group whose `(` is at `open` ends.
    pub(crate) fn extent(&self, open: usize) -> Extent {
        let close = match self.flat_close(open) {
            Some(close) => Some(close),
            None => self.match_closing(open),
        };
        match close {
            Some(close) => Extent {
                close: Some(close),
                end: close + 1,
            },
            None => Extent {
                close: None,
                end: self.unclosed_end(open).0,
            },
        }
    }

    /// The `)` of a group without parentheses inside, the commonest kind
    /// (the first `)` after `open`, with no `(` before it).
    #[inline]
    fn flat_close(&self, open: usize) -> Option<usize> {
        let inside = self.bytes.get(open + 1..)?;
        let i = memchr::memchr2(b'(', b')', inside)?;
        (inside.get(i) == Some(&b')')).then_some(open + 1 + i)
    }

    /// The `)` matching the `(` at `open`, if any.
    fn match_closing(&self, open: usize) -> Option<usize> {
        if self.mode == Mode::Row {
            return self.scan_closing(open);
        }
        // Groups are read one after another, so scans from their `(`
        // cover disjoint text; after the first unclosed group, whose scan
        // ran to the end, a table of all matches, built in one pass,
        // answers instead, so that reading stays linear.
        let Ok(mut closing) = self.closing.try_borrow_mut() else {
            return self.scan_closing(open);
        };
        match &*closing {
            None => match self.scan_closing(open) {
                Some(close) => Some(close),
                None => {
                    *closing = Some(match_parentheses(self.bytes, open, self.end));
                    None
                }
            },
            Some(table) => table
                .binary_search_by_key(&open, |&(at, _)| at)
                .ok()
                .and_then(|i| table.get(i))
                .and_then(|&(_, close)| close),
        }
    }

    /// The `)` matching the `(` at `open`, scanning forward to the end of
    /// the region.
    fn scan_closing(&self, open: usize) -> Option<usize> {
        let region = self.bytes.get(open..self.end)?;
        let mut depth = 0usize;
        for (i, &b) in region.iter().enumerate() {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(open + i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Where a group whose `(` at `open` is never closed is taken to end:
    /// where the next move begins (inline, at the next `;`) or at the end
    /// of the line, whichever comes first, not into trailing white space;
    /// with what was found there, for the error.
    fn unclosed_end(&self, open: usize) -> (usize, &'static str) {
        let rest = self.bytes.get(open + 1..self.end).unwrap_or_default();
        let stop = match self.mode {
            Mode::Inline => memchr::memchr2(b';', b'\n', rest),
            Mode::Row => memchr::memchr(b'\n', rest),
        };
        let mut close = open + 1 + stop.unwrap_or(rest.len());
        // Not into a line break's `\r`, nor into trailing white space.
        while close > open + 1
            && self
                .bytes
                .get(close - 1)
                .is_some_and(u8::is_ascii_whitespace)
        {
            close -= 1;
        }
        let found = match stop.and_then(|i| rest.get(i)) {
            Some(b';') => "`;`",
            Some(_) => "end of line",
            None => match self.mode {
                Mode::Inline => "end of movetext",
                Mode::Row => "end of line",
            },
        };
        (close, found)
    }

    /// Reads the group whose `(` is at `open` into `groups[index]` (at
    /// most one past the last; a capture annotation is written in place,
    /// into the room of the one the slot held before), telling `findings`
    /// what it finds; the offset after the group.
    pub(crate) fn read_group<F: Findings>(
        &self,
        open: usize,
        groups: &mut Vec<Group>,
        index: usize,
        findings: &mut F,
    ) -> usize {
        // The commonest group: a capture annotation closed by its `)`,
        // with no comment, which has nothing to report.
        if let Some(after) = read_closed_group(self.bytes, open, self.base, groups, index) {
            return after;
        }
        self.read_other_group(open, groups, index, findings)
    }

    /// [`Region::read_group`] for a group that is not a capture
    /// annotation alone.
    fn read_other_group<F: Findings>(
        &self,
        open: usize,
        groups: &mut Vec<Group>,
        index: usize,
        findings: &mut F,
    ) -> usize {
        let extent = self.extent(open);
        let Some(close) = extent.close else {
            self.unclosed_group(open, groups, index, findings);
            return extent.end;
        };
        let content = self.text.get(open + 1..close).unwrap_or_default();
        let span = self.span(open, close + 1);
        self.classify(groups, index, span, content, open + 1, findings);
        extent.end
    }

    /// Reads a group whose `(` at `open` is never closed, taken to end
    /// as [`Region::unclosed_end`] says, as any group. The ply is kept;
    /// the error says that plies may have been swallowed unless the group
    /// reads as a capture annotation (with nothing after it) or as labels.
    fn unclosed_group<F: Findings>(
        &self,
        open: usize,
        groups: &mut Vec<Group>,
        index: usize,
        findings: &mut F,
    ) {
        let (close, found) = self.unclosed_end(open);
        let content = self.text.get(open + 1..close).unwrap_or_default();
        let span = self.span(open, close);
        self.classify(groups, index, span, content, open + 1, findings);
        let kept = groups.get(index).is_some_and(|group| match &group.kind {
            GroupKind::Captures { comment, .. } => comment.is_none(),
            GroupKind::Labels(_) => true,
            _ => false,
        });
        let mut error = RawError::new(
            ErrorKind::UnclosedParenthesis,
            self.span(open, open + 1),
            "unclosed parenthesis",
            "`)`",
            found,
        );
        if !kept {
            error = error.losing_plies();
        }
        findings.error(error);
    }

    /// Reads what the text of a group is into `groups[index]` (the group
    /// spans `span`); `start` is the text's offset in the game. A capture
    /// annotation is written in place, into the room of the one the slot
    /// held before.
    fn classify<F: Findings>(
        &self,
        groups: &mut Vec<Group>,
        index: usize,
        span: Span,
        content: &str,
        start: usize,
        findings: &mut F,
    ) {
        let semicolon = memchr::memchr(b';', content.as_bytes());
        if semicolon == Some(0) {
            // `(; text)`: a comment, written so because its text alone
            // would read as something else (see `Group`'s `Display`).
            let text = content.get(1..).unwrap_or_default();
            let text = text.strip_prefix(' ').unwrap_or(text);
            if let Some(group) = annotation_slot(groups, index, span) {
                group.kind = GroupKind::Comment(text.to_owned());
            }
            return;
        }
        // `;` is ASCII, so both sides are whole characters.
        let (head, after) = match semicolon {
            Some(i) => (content.get(..i).unwrap_or(content), content.get(i + 1..)),
            None => (content, None),
        };
        let head_span = self.span(start, start + head.len());
        let Some(group) = annotation_slot(groups, index, span) else {
            return;
        };
        let Some((annotation, comment)) = group.kind.captures_mut() else {
            return;
        };
        let not_annotation = match read_annotation(head, head_span, annotation) {
            Ok(()) => {
                *comment = after.map(|text| text.trim().into());
                return;
            }
            Err(not) => not,
        };
        if let NotAnnotation::Hole(number, at) = not_annotation {
            let span = at.shifted(head_span.start);
            findings.error(RawError::hole_out_of_range(span, format!("`{number}`")));
        }
        let kind = if let Some(labels) = labels(content) {
            GroupKind::Labels(labels)
        } else if let Some(ply) = other_move(content, self.span(start, start + content.len())) {
            GroupKind::OtherMove(Box::new(ply))
        } else if not_annotation == NotAnnotation::Shape
            && let Some(annotation) = read_loose_annotation(head, head_span)
        {
            // Reads like a capture annotation: its claim is read (and so
            // checked), with a warning that quotes what was written.
            findings.warning(RawWarning {
                kind: WarningKind::LooseCaptureAnnotation,
                message: format!(
                    "{} is not written as a capture annotation; read as the annotation ({annotation})",
                    quote(head.trim())
                ),
                span,
            });
            GroupKind::Captures {
                annotation,
                comment: after.map(|text| text.trim().into()),
            }
        } else {
            if not_annotation == NotAnnotation::Shape && reads_like_claim(head) {
                // A claim that cannot be read even loosely: kept as the
                // comment it may be, and said so, since nothing checks it.
                findings.warning(RawWarning {
                    kind: WarningKind::LooseCaptureAnnotation,
                    message: format!(
                        "{} reads like a capture annotation but cannot be read as one (`2 from 8`, `4 from 5 and 6 each`); kept as a comment, so its claim is not checked",
                        quote(head.trim())
                    ),
                    span,
                });
            }
            GroupKind::Comment(content.to_owned())
        };
        if let Some(group) = groups.get_mut(index) {
            group.kind = kind;
        }
    }
}

/// The commonest group, a capture annotation closed by its `)` with no
/// comment, read from its `(` at `open` into `groups[index]` (at
/// most one past the last, made a capture annotation and overwritten in
/// place, so that its room is reused); the offset after its `)`. `None`
/// for any other group, with the slot (pushed if it was one past the
/// last) left half written. `base` is the absolute offset of `bytes`.
#[inline(always)]
fn read_closed_group(
    bytes: &[u8],
    open: usize,
    base: usize,
    groups: &mut Vec<Group>,
    index: usize,
) -> Option<usize> {
    let inside = bytes.get(open + 1..)?;
    if index == groups.len() {
        // A new slot: pushed blank, made where it goes, and read in place
        // (no copy of the annotation).
        push_group(groups, || Group {
            kind: GroupKind::blank_captures(),
            span: Span::default(),
        });
        let Some(Group {
            kind: GroupKind::Captures { annotation, .. },
            span,
        }) = groups.last_mut()
        else {
            return None;
        };
        let len = read_closed_annotation(inside, annotation)?;
        let close = open + 1 + len;
        annotation.span = Span::new(base + open + 1, base + close);
        *span = Span::new(base + open, base + close + 1);
        return Some(close + 1);
    }
    let group = annotation_slot(groups, index, Span::default())?;
    let (annotation, comment) = group.kind.captures_mut()?;
    let len = read_closed_annotation(inside, annotation)?;
    let close = open + 1 + len;
    annotation.span = Span::new(base + open + 1, base + close);
    *comment = None;
    group.span = Span::new(base + open, base + close + 1);
    Some(close + 1)
}

/// `groups[index]` (at most one past the last), made a capture annotation
/// to be overwritten, with its span set.
#[inline]
fn annotation_slot(groups: &mut Vec<Group>, index: usize, span: Span) -> Option<&mut Group> {
    if index == groups.len() {
        push_group(groups, || Group {
            kind: GroupKind::blank_captures(),
            span,
        });
        // Just made a capture annotation with its span.
        return groups.last_mut();
    }
    let group = groups.get_mut(index)?;
    if !matches!(group.kind, GroupKind::Captures { .. }) {
        group.kind = GroupKind::blank_captures();
    }
    group.span = span;
    Some(group)
}

/// Pushes the group `make` makes onto `groups`, made where it goes (room
/// is made first), not aside and copied.
#[inline(always)]
fn push_group(groups: &mut Vec<Group>, make: impl FnOnce() -> Group) {
    if groups.capacity() == 0 {
        // Room for this group only: most plies have one. Later groups
        // grow the room by doubling, so that a ply with many stays
        // linear.
        groups.reserve_exact(1);
    }
    groups.extend(std::iter::once_with(make));
}

/// The offset of the first byte from `at` on that is not white space in
/// `mode`: spaces, tabs and carriage returns, and line breaks inline.
#[inline]
pub(crate) fn skip_ws(bytes: &[u8], mut at: usize, mode: Mode) -> usize {
    while let Some(&b) = bytes.get(at) {
        match b {
            b' ' | b'\t' | b'\r' => at += 1,
            b'\n' if mode == Mode::Inline => at += 1,
            _ => break,
        }
    }
    at
}

/// The commonest start of a ply at `at`: a hole of one or two digits in
/// range and an optional mark of one or two characters, followed by
/// neither a digit nor `!` or `?`; with the offset after it. `None` for
/// anything else, which [`Cursor::hole`] and [`Cursor::mark`] then read
/// (and report).
#[inline(always)]
pub(crate) fn common_head(bytes: &[u8], at: usize) -> Option<(Hole, Option<Mark>, usize)> {
    let digit = |i: usize| {
        bytes
            .get(i)
            .map(|b| b.wrapping_sub(b'0'))
            .filter(|d| *d <= 9)
    };
    let first = digit(at)?;
    let (number, mut after) = match digit(at + 1) {
        Some(second) => (first * 10 + second, at + 2),
        None => (first, at + 1),
    };
    if digit(after).is_some() {
        return None;
    }
    let hole = Hole::new(number).ok()?;
    let is_mark = |i: usize| matches!(bytes.get(i), Some(b'!' | b'?'));
    if !is_mark(after) {
        return Some((hole, None, after));
    }
    let mark_start = after;
    after += if is_mark(after + 1) { 2 } else { 1 };
    if is_mark(after) {
        return None;
    }
    let mark = Mark::from_bytes(bytes.get(mark_start..after)?)?;
    Some((hole, Some(mark), after))
}

/// Whether the text at `at` reads as moves: a ply's head (a hole and an
/// optional mark, [`common_head`]) followed, after spaces or tabs, by `,`,
/// `;`, `(`, another ply's head or the end of the line. Text that would end the movetext (after
/// a `.`, an ending's `and`, or in the prose) and reads so was probably
/// meant as moves; `4 beans are left.` does not read so.
pub(crate) fn reads_as_moves(bytes: &[u8], at: usize) -> bool {
    let Some((_, _, mut after)) = common_head(bytes, at) else {
        return false;
    };
    let head_end = after;
    while matches!(bytes.get(after), Some(b' ' | b'\t')) {
        after += 1;
    }
    match bytes.get(after) {
        None | Some(b',' | b';' | b'(' | b'\r' | b'\n') => true,
        // Two plies side by side, as in a row without its number's `.`:
        // `5  4  8`.
        Some(_) => after > head_end && common_head(bytes, after).is_some(),
    }
}

/// Whether prose, `bytes` from its first visible character on, starts as
/// moves do: as [`reads_as_moves`] says, or as a row whose number or
/// separators are mistyped (`2..  6  11`, `.  6  11` after a movetext
/// that a doubled `.` ended): digits, then one to three bytes other than
/// digits and white space (`.`, `..`, `.(`, `.x`), then a ply that reads as moves; all this also after one or
/// two stray characters (`x2.  4  7`).
pub(crate) fn prose_reads_as_moves(bytes: &[u8]) -> bool {
    // Also after one or two stray characters (`x2.  4  7`, `1)2.  3  10`).
    let starts = (0..bytes.len().min(8))
        .filter(|&i| bytes.get(i).is_some_and(|b| !(0x80..0xC0).contains(b)))
        .take(3);
    starts.into_iter().any(|i| {
        let visible = bytes.get(i..).unwrap_or_default().trim_ascii_start();
        !visible.is_empty() && starts_as_moves(visible)
    })
}

/// [`prose_reads_as_moves`] from the first byte of `bytes`.
fn starts_as_moves(bytes: &[u8]) -> bool {
    if reads_as_moves(bytes, 0) {
        return true;
    }
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let marks = bytes
        .get(digits..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| !b.is_ascii_whitespace() && !b.is_ascii_digit())
        .count();
    if !(1..=3).contains(&marks) {
        return false;
    }
    // The ply may stand on the next line (`5.` then `6 (2 from 4)`).
    let mut at = digits + marks;
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    reads_as_moves(bytes, at)
}

/// Whether the text of a group reads like a capture claim: the word
/// `from` (in any letter case) and a number among its words.
fn reads_like_claim(text: &str) -> bool {
    let mut words = text.split(|c: char| !c.is_ascii_alphanumeric());
    let (mut from, mut number) = (false, false);
    for word in &mut words {
        from |= word.eq_ignore_ascii_case("from");
        number |= !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
        if from && number {
            return true;
        }
    }
    false
}

/// Whether the separator at `at` (a `.` that would end the movetext, or
/// a second `,` in a move) is followed on its line, after spaces or tabs,
/// by `,`, `;` or text that reads as moves ([`reads_as_moves`]): then it
/// stands between plies by mistake ([`ErrorKind::StraySeparator`]) and is
/// read as the separator that belongs there. Inline moves and numbered
/// rows ask this one question.
pub(crate) fn stray_separator(bytes: &[u8], at: usize) -> bool {
    let mut next = at + 1;
    while matches!(bytes.get(next), Some(b' ' | b'\t')) {
        next += 1;
    }
    matches!(bytes.get(next), Some(b',' | b';')) || reads_as_moves(bytes, next)
}

/// Variation labels: labels ([`Label::new`]) joined by `/`, and nothing
/// else; held in a vector of exactly their number, so that a group of
/// many costs about its text.
fn labels(content: &str) -> Option<Vec<Label>> {
    if !content.split('/').all(Label::is_valid) {
        return None;
    }
    let count = 1 + memchr::memchr_iter(b'/', content.as_bytes()).count();
    let mut labels = Vec::with_capacity(count);
    labels.extend(content.split('/').filter_map(Label::new));
    Some(labels)
}

/// Every `(` of `bytes[from..end]` with its matching `)`, if any, in
/// order: one pass with a stack. A `)` with nothing open is skipped.
fn match_parentheses(bytes: &[u8], from: usize, end: usize) -> Vec<(usize, Option<usize>)> {
    let mut table = Vec::new();
    let mut open = Vec::new();
    for (i, &b) in bytes.get(from..end).unwrap_or_default().iter().enumerate() {
        match b {
            b'(' => {
                open.push(table.len());
                table.push((from + i, None));
            }
            b')' => {
                if let Some(entry) = open.pop().and_then(|index| table.get_mut(index)) {
                    entry.1 = Some(from + i);
                }
            }
            _ => {}
        }
    }
    table
}

/// `4?` as a remark on another move: a hole of one or two digits and an
/// optional mark, nothing else.
fn other_move(content: &str, span: Span) -> Option<WrittenPly> {
    let hole = map_opt(verify(digit1, |d: &str| d.len() <= 2), |d: &str| {
        d.parse::<Hole>().ok()
    });
    let parsed: IResult<&str, (Hole, Option<Mark>)> =
        all_consuming((hole, opt(mark))).parse(content);
    let (_, (hole, mark)) = parsed.ok()?;
    Some(WrittenPly {
        hole: Some(hole),
        mark,
        groups: Groups::new(),
        span,
    })
}
