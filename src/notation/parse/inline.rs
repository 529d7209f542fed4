//! Inline movetext: `4,8; 6,12 (2 from hole 8); …; 2 (2 from 3).`

use crate::Player;
use crate::notation::Prose;
use crate::notation::error::ErrorKind;
use crate::notation::visit::{MoveEnd, Visitor};

use super::RawWarning;
use super::cursor::{Cursor, Failed, reads_as_moves, stray_separator};
use crate::notation::WarningKind;
use crate::notation::error::quote;

/// Parses moves until the region ends, a `.` or an ending, handing them
/// to the visitor. On an error, skips to the next `;` and goes on.
pub(crate) fn parse_inline<V: Visitor + ?Sized>(cursor: &mut Cursor<'_, V>) {
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
        cursor.emit(|visitor| visitor.begin_move(None));
        match inline_move(cursor) {
            Ok(true) => break,
            Ok(false) => {}
            Err(Failed) => {
                cursor.emit(Visitor::abandon_move);
                recover(cursor);
            }
        }
    }
}

/// Skips past the next `;`, or to the end of the region.
fn recover<V: Visitor + ?Sized>(cursor: &mut Cursor<'_, V>) {
    let rest = cursor.bytes.get(cursor.pos..cursor.end).unwrap_or_default();
    match rest.iter().position(|&b| b == b';') {
        Some(i) => cursor.pos += i + 1,
        None => cursor.pos = cursor.end,
    }
}

/// Parses one move (after `begin_move`) and ends it; returns whether the
/// movetext stops after it.
fn inline_move<V: Visitor + ?Sized>(cursor: &mut Cursor<'_, V>) -> Result<bool, Failed> {
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
    let stop = match cursor.peek() {
        // The commonest first: `;` before the next move.
        Some(b';') => {
            cursor.pos += 1;
            false
        }
        Some(b'a') if cursor.at_word("and") => {
            cursor.pos += 3;
            written_ending = ending(cursor);
            if written_ending.is_some() {
                end = cursor.pos;
            }
            true
        }
        _ => match cursor.peek() {
            None => true,
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
        },
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
pub(crate) fn ending<V: Visitor + ?Sized>(cursor: &mut Cursor<'_, V>) -> Option<Prose> {
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
