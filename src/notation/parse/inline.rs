//! Inline movetext: `4,8; 6,12 (2 from hole 8); …; 2 (2 from 3).`

use crate::notation::error::ErrorKind;
use crate::notation::{Ending, Move};

use super::cursor::{Cursor, Failed};

/// Parses moves until the region ends, a `.` or an ending; returns them.
/// On an error, skips to the next `;` and goes on.
pub(crate) fn parse_inline(cursor: &mut Cursor<'_>) -> Vec<Move> {
    // About ten bytes per move in published games.
    let mut moves = Vec::with_capacity((cursor.end.saturating_sub(cursor.pos) / 10).min(1024));
    loop {
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
        match inline_move(cursor, &mut moves) {
            Ok(true) => break,
            Ok(false) => {}
            Err(Failed) => recover(cursor),
        }
    }
    moves
}

/// Skips past the next `;`, or to the end of the region.
fn recover(cursor: &mut Cursor<'_>) {
    let rest = cursor.bytes.get(cursor.pos..cursor.end).unwrap_or_default();
    match rest.iter().position(|&b| b == b';') {
        Some(i) => cursor.pos += i + 1,
        None => cursor.pos = cursor.end,
    }
}

/// Parses one move onto `moves`; returns whether the movetext stops
/// after it. (Pushing in place saves copying the move around.)
fn inline_move(cursor: &mut Cursor<'_>, moves: &mut Vec<Move>) -> Result<bool, Failed> {
    let start = cursor.pos;
    let south = cursor.turn()?;
    cursor.skip_ws();
    let north = if cursor.peek() == Some(b',') {
        cursor.pos += 1;
        cursor.skip_ws();
        Some(cursor.turn()?)
    } else {
        None
    };
    let mut end = cursor.pos;
    cursor.skip_ws();
    let mut m = Move {
        number: None,
        south,
        north,
        ending: None,
        full_stop: false,
        span: cursor.span(start, end),
    };
    let stop = if cursor.at_word("and") {
        cursor.pos += 3;
        m.ending = Some(ending(cursor));
        end = cursor.pos;
        true
    } else {
        match cursor.peek() {
            None => true,
            Some(b';') => {
                cursor.pos += 1;
                false
            }
            Some(b'.') => {
                cursor.pos += 1;
                m.full_stop = true;
                end = cursor.pos;
                true
            }
            Some(_) => {
                return Err(cursor.error(
                    ErrorKind::UnexpectedText,
                    "unexpected text after a move",
                    "`,`, `;`, `.`, `(`, `or`, `and` or a mark",
                ));
            }
        }
    };
    m.span = cursor.span(start, end);
    moves.push(m);
    Ok(stop)
}

/// The ending text after `and`, up to the end of the line.
pub(crate) fn ending(cursor: &mut Cursor<'_>) -> Ending {
    let rest = cursor.bytes.get(cursor.pos..cursor.end).unwrap_or_default();
    let line_end = cursor.pos + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let raw = cursor.text.get(cursor.pos..line_end).unwrap_or_default();
    let lead = raw.len() - raw.trim_start().len();
    let text = raw.trim();
    let start = cursor.pos + lead;
    cursor.pos = line_end;
    Ending {
        text: text.to_owned(),
        span: cursor.span(start, start + text.len()),
    }
}
