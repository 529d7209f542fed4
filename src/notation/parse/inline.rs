//! Inline movetext: `4,8; 6,12 (2 from hole 8); …; 2 (2 from 3).`

use crate::Hole;
use crate::Player;
use crate::notation::error::ErrorKind;
use crate::notation::visit::{MoveEnd, Sink, Source};
use crate::notation::{Groups, Mark, Prose, Span, WrittenPly};
use std::ops::ControlFlow;

use super::RawWarning;
use super::cursor::{
    Cursor, Failed, GroupRoom, LastPly, common_head, plain_group, reads_as_moves, stray_separator,
};
use crate::notation::WarningKind;
use crate::notation::error::quote;

/// Parses moves until the region ends, a `.` or an ending, handing them
/// to the visitor. On an error, skips to the next `;` and goes on.
pub(crate) fn parse_inline<V: Sink + ?Sized>(cursor: &mut Cursor<'_, V>) {
    loop {
        if *cursor.stopped {
            break;
        }
        cursor.skip_ws();
        let Some(b) = cursor.peek() else { break };
        if b == b';' {
            cursor.error(
                ErrorKind::EmptyMove,
                "a move without plies",
                "a hole number from 1 to 12",
            );
            cursor.pos += 1;
            continue;
        }
        if let Some(stop) = plain_move(cursor) {
            if stop {
                break;
            }
            continue;
        }
        cursor.emit(|visitor| visitor.begin_move(None));
        match inline_move(cursor) {
            Ok(true) => break,
            Ok(false) => {}
            Err(Failed) => {
                cursor.emit(Sink::abandon_move);
                recover(cursor);
            }
        }
    }
}

/// Skips past the next `;`, or to the end of the region.
fn recover<V: Sink + ?Sized>(cursor: &mut Cursor<'_, V>) {
    let rest = cursor.bytes.get(cursor.pos..cursor.end).unwrap_or_default();
    match rest.iter().position(|&b| b == b';') {
        Some(i) => cursor.pos += i + 1,
        None => cursor.pos = cursor.end,
    }
}

/// The fast path for the most common move, `4,8;`, `6!, 12 (2 from 8).`,
/// `5 (2 from 9), 12;`: two plies of a hole, an optional mark and at most
/// one group each, a capture annotation (no comment) right after
/// the ply or after one space ([`plain_group`]). Returns `None`
/// (consuming nothing) for anything else, which the general path then
/// parses.
fn plain_move<V: Sink + ?Sized>(cursor: &mut Cursor<'_, V>) -> Option<bool> {
    // `bytes` ends at the region's end.
    let bytes = cursor.bytes;
    let base = cursor.base;
    let start = cursor.pos;
    let LastPly {
        pair_grouped: [south_room, north_room],
        ..
    } = &mut *cursor.last;
    // The groups go straight to the end of the sink's vector of the
    // game's groups if it keeps one (the tree builder), else into the
    // parser's reused plies.
    let game = if *cursor.stopped {
        None
    } else {
        cursor.visitor.group_room()
    };
    let (read, ranges) = match game {
        Some(groups) => {
            let before = groups.len();
            let read = read_plain_move(bytes, base, start, [&mut GroupRoom::Game(&mut *groups)]);
            let ranges = read.as_ref().and_then(|read| {
                let mid = before + usize::from(read.south.grouped);
                let pending = |from: usize, to: usize| {
                    if to > from {
                        Groups::pending(from, to)
                    } else {
                        Some(Groups::new())
                    }
                };
                Some((pending(before, mid)?, pending(mid, groups.len())?))
            });
            if ranges.is_none() {
                groups.truncate(before);
                return None;
            }
            (read?, ranges)
        }
        None => {
            let mut rooms = [GroupRoom::Ply(south_room), GroupRoom::Ply(north_room)];
            (read_plain_move(bytes, base, start, rooms.each_mut())?, None)
        }
    };
    let end = MoveEnd {
        ending: None,
        full_stop: read.full_stop,
        span: Span::new(base + start, base + read.span_end),
    };
    let source = Source {
        text: cursor.text,
        base,
    };
    let stop = match ranges {
        // The plies hold their ranges of the sink's groups.
        Some((south_groups, north_groups)) => {
            let mut south = read.south.ply(south_groups);
            let mut north = read.north.ply(north_groups);
            cursor
                .visitor
                .plain_move(&mut south, &mut north, &end, source)
        }
        None => {
            // A sink leaves a ply without groups in place of one it takes.
            let LastPly {
                pair_bare: [south_bare, north_bare],
                pair_grouped: [south_room, north_room],
                ..
            } = &mut *cursor.last;
            debug_assert!(south_bare.groups.is_empty() && north_bare.groups.is_empty());
            let south = place(south_room, south_bare, &read.south);
            let north = place(north_room, north_bare, &read.north);
            if *cursor.stopped {
                ControlFlow::Continue(())
            } else {
                cursor.visitor.plain_move(south, north, &end, source)
            }
        }
    };
    if stop.is_break() {
        *cursor.stopped = true;
    }
    cursor.pos = read.next;
    Some(read.stop)
}

/// A ply read by the fast path: its hole, mark and span, and whether a
/// group was read for it.
struct FastPly {
    hole: Hole,
    mark: Option<Mark>,
    span: Span,
    grouped: bool,
}

impl FastPly {
    /// The ply, holding `groups`.
    fn ply(&self, groups: Groups) -> WrittenPly {
        WrittenPly {
            hole: Some(self.hole),
            mark: self.mark,
            groups,
            span: self.span,
        }
    }
}

/// A move read by the fast path.
struct FastMove {
    south: FastPly,
    north: FastPly,
    /// Whether the movetext stops after the move, and whether at a `.`.
    stop: bool,
    full_stop: bool,
    /// Where the move's span ends, and where the next move starts.
    span_end: usize,
    next: usize,
}

/// The text of [`plain_move`] from `start` on, its groups read into
/// `rooms` (South's, then North's; one room for both if only one is
/// given); `None` for anything else.
#[inline(always)]
fn read_plain_move<const N: usize>(
    bytes: &[u8],
    base: usize,
    start: usize,
    mut rooms: [&mut GroupRoom<'_>; N],
) -> Option<FastMove> {
    let (south_hole, south_mark, south_head) = common_head(bytes, start)?;
    let (south_grouped, south_end) = plain_group(bytes, south_head, base, rooms.first_mut()?)?;
    if bytes.get(south_end) != Some(&b',') {
        return None;
    }
    let mut north_start = south_end + 1;
    while bytes.get(north_start) == Some(&b' ') {
        north_start += 1;
    }
    let (north_hole, north_mark, north_head) = common_head(bytes, north_start)?;
    let (north_grouped, after) = plain_group(bytes, north_head, base, rooms.last_mut()?)?;
    let (stop, full_stop, next) = match bytes.get(after) {
        None => (true, false, after),
        Some(b';') => (false, false, after + 1),
        Some(b'.') if !stray_separator(bytes, after) => (true, true, after + 1),
        // A stray `.` (the general path reports it), an alternative, a
        // mark or anything else.
        _ => return None,
    };
    Some(FastMove {
        south: FastPly {
            hole: south_hole,
            mark: south_mark,
            span: Span::new(base + start, base + south_head),
            grouped: south_grouped,
        },
        north: FastPly {
            hole: north_hole,
            mark: north_mark,
            span: Span::new(base + north_start, base + north_head),
            grouped: north_grouped,
        },
        stop,
        full_stop,
        span_end: if full_stop { next } else { after },
        next,
    })
}

/// Writes the hole, mark and span of a ply read by the fast path into its
/// room: the room for a ply with a group, which already holds the group,
/// or the bare room.
fn place<'r>(
    room: &'r mut WrittenPly,
    bare: &'r mut WrittenPly,
    read: &FastPly,
) -> &'r mut WrittenPly {
    let ply = if read.grouped { room } else { bare };
    ply.hole = Some(read.hole);
    ply.mark = read.mark;
    ply.span = read.span;
    ply
}

/// Parses one move (after `begin_move`) and ends it; returns whether the
/// movetext stops after it.
fn inline_move<V: Sink + ?Sized>(cursor: &mut Cursor<'_, V>) -> Result<bool, Failed> {
    let start = cursor.pos;
    // `..., 8`: South's turn left out, North's must follow.
    let elided = cursor.elision();
    if elided {
        cursor.skip_ws();
        if cursor.peek() != Some(b',') {
            return Err(cursor.losing_error(
                ErrorKind::UnexpectedText,
                "`...` leaves out South's turn, so North's must follow",
                "`,` and North's ply",
            ));
        }
    } else {
        cursor.turn(Player::South)?;
    }
    let mut north_read = elided;
    let south_end = cursor.pos;
    cursor.skip_ws();
    let comma = match cursor.peek() {
        Some(b',') => true,
        Some(b'.') if !elided && stray_separator(cursor.bytes, cursor.pos) => {
            // `6.7;` or `6., 7;`: North's ply follows on the line.
            cursor.error(
                ErrorKind::StraySeparator,
                "a `.` between South's ply and North's (the move goes on after it on its line): read as `,`",
                "`,` between South's ply and North's",
            );
            cursor.pos += 1;
            cursor.skip_ws();
            if cursor.peek() != Some(b',') {
                // The `.` stands for the `,`, skipped below.
                cursor.pos -= 1;
            }
            true
        }
        _ => false,
    };
    if comma {
        cursor.pos += 1;
        cursor.skip_ws();
        north_read = true;
        if elided {
            cursor.turn(Player::North)?;
        } else if cursor.turn(Player::North).is_err() {
            // The error (which says that it loses plies) covers North's
            // turn only: the move ends with the plies read before it, and
            // what follows up to the next `;` is lost.
            let move_end = MoveEnd {
                ending: None,
                full_stop: false,
                span: cursor.span(start, south_end),
            };
            cursor.emit(|visitor| visitor.end_move(&move_end));
            recover(cursor);
            return Ok(cursor.at_end());
        }
    }
    let mut end = cursor.pos;
    cursor.skip_ws();
    let mut written_ending = None;
    let mut full_stop = false;
    let stop = if cursor.at_word("and") {
        cursor.pos += 3;
        written_ending = ending(cursor);
        if written_ending.is_some() {
            end = cursor.pos;
        }
        true
    } else {
        match cursor.peek() {
            None => true,
            Some(b';') => {
                cursor.pos += 1;
                false
            }
            Some(separator @ (b'.' | b','))
                if stray_separator(cursor.bytes, cursor.pos)
                    && (separator == b'.' || north_read) =>
            {
                // Moves follow on the line: the separator is read as the
                // `;` it stands for, and no ply is lost.
                let message = if separator == b'.' {
                    "a `.` between moves (the moves go on after it on its line): read as `;`"
                } else {
                    "a second `,` in one move (a move holds South's ply and North's): read as the `;` before the next move"
                };
                cursor.error(ErrorKind::StraySeparator, message, "`;` between moves");
                cursor.pos += 1;
                cursor.skip_ws();
                // `6,7.; 3,9`: the `;` the separator stood beside.
                if cursor.peek() == Some(b';') {
                    cursor.pos += 1;
                }
                false
            }
            Some(b'.') => {
                cursor.pos += 1;
                full_stop = true;
                end = cursor.pos;
                true
            }
            Some(_) => {
                // The move's plies are kept; what follows them up to the
                // next `;` is lost, and may have been a ply.
                let expected = if north_read {
                    "`;` before the next move, `.` at the end, `(`, `or` or `and`"
                } else {
                    "`,`, `;`, `.`, `(`, `or`, `and` or a mark"
                };
                cursor.losing_error(
                    ErrorKind::UnexpectedText,
                    "unexpected text after a move",
                    expected,
                );
                recover(cursor);
                cursor.at_end()
            }
        }
    };
    let move_end = MoveEnd {
        ending: written_ending.as_ref(),
        full_stop,
        span: cursor.span(start, end),
    };
    cursor.emit(|visitor| visitor.end_move(&move_end));
    Ok(stop)
}

/// The ending text after `and`, up to the end of the line.
///
/// An `and` with nothing after it on its line is an error that keeps
/// every ply: there is no ending, and the `and` is text the parser
/// skipped (so that printing the game keeps it verbatim).
pub(crate) fn ending<V: Sink + ?Sized>(cursor: &mut Cursor<'_, V>) -> Option<Prose> {
    let rest = cursor.bytes.get(cursor.pos..cursor.end).unwrap_or_default();
    let line_end = cursor.pos + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let raw = cursor.text.get(cursor.pos..line_end).unwrap_or_default();
    let lead = raw.len() - raw.trim_start().len();
    let text = raw.trim();
    let start = cursor.pos + lead;
    if text.is_empty() {
        cursor.pos = line_end;
        cursor.error(
            ErrorKind::UnexpectedText,
            "`and` stands without an ending",
            "the ending's words after `and` on its line (`and South loses.`)",
        );
        return None;
    }
    cursor.pos = line_end;
    if reads_as_moves(text.as_bytes(), 0) {
        cursor.warnings.push(RawWarning {
            kind: WarningKind::ProseReadsAsMoves,
            message: format!(
                "the ending after `and` reads as moves ({}); it is kept as text and not replayed",
                quote(text)
            ),
            span: cursor.span(start, start + text.len()),
        });
    }
    Some(Prose {
        text: text.to_owned(),
        span: cursor.span(start, start + text.len()),
    })
}
