//! Numbered rows and variations: `1.  2 (A)    9 (2 from 12)`.

use crate::Player;
use crate::notation::error::ErrorKind;
use crate::notation::visit::{MoveEnd, Skip, Visitor};
use crate::notation::{Label, Span};
use std::ops::ControlFlow;

use super::cursor::{Cursor, Failed, Mode, common_head, stray_separator};
use super::inline::ending;
use super::split::trim_start;
use super::{GameParse, lines};

/// Whether a line is a numbered row: digits, `.` (or `...` or `…`,
/// [`joined_elision`]), white space, text.
pub(crate) fn is_row(line: &str) -> bool {
    let trimmed = trim_start(line).as_bytes();
    let digits = trimmed.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(rest) = trimmed.get(digits..) else {
        return false;
    };
    let dot = match joined_elision(rest) {
        Some(len) => len,
        None if rest.first() == Some(&b'.') => 1,
        None => return false,
    };
    digits > 0
        && (rest.get(dot).is_some_and(|b| *b == b' ' || *b == b'\t')
            && rest.iter().skip(dot).any(|b| !b.is_ascii_whitespace())
            || dot == 1 && glued_ply(rest.get(dot..).unwrap_or_default()))
}

/// Whether `after_dot`, the text right after a row number's `.`, is a
/// ply glued to the number (`1.4 8`, `2.6 12 (2 from 8)`, `20.5`): a hole
/// and an optional mark, then the end of the line, a group, or white
/// space before a ply, a pass or a group. Such a row means the same as
/// with the space; text such as `1.5 beans` is no row.
fn glued_ply(after_dot: &[u8]) -> bool {
    let Some((_, _, mut after)) = common_head(after_dot, 0) else {
        return false;
    };
    match after_dot.get(after) {
        None | Some(b'(' | b'\r' | b'\n') => true,
        Some(b' ' | b'\t') => {
            while matches!(after_dot.get(after), Some(b' ' | b'\t')) {
                after += 1;
            }
            after_dot
                .get(after)
                .is_none_or(|b| b.is_ascii_digit() || matches!(b, b'(' | b'-' | b'\r' | b'\n'))
        }
        _ => false,
    }
}

/// The length of the `...` or `…` that `after_digits`, the text right
/// after a row number, starts with when it is followed by a space or a
/// tab: `2... 10` is the row `2. ... 10`, South's turn left out, as
/// chess readers write North's turn (and as `analyse` prints it).
pub(crate) fn joined_elision(after_digits: &[u8]) -> Option<usize> {
    let len = if after_digits.starts_with(b"...") {
        3
    } else if after_digits.starts_with("\u{2026}".as_bytes()) {
        "\u{2026}".len()
    } else {
        return None;
    };
    after_digits
        .get(len)
        .is_some_and(|b| *b == b' ' || *b == b'\t')
        .then_some(len)
}

/// The label of a variation header line such as `(A)`.
pub(crate) fn header(line: &str) -> Option<Label> {
    let inner = trim_start(line)
        .strip_prefix('(')?
        .trim_end()
        .strip_suffix(')')?;
    Label::new(inner)
}

/// Parses rows and variation headers from `from` on, handing them to the
/// visitor; returns where the movetext ends (the start of the first line
/// that is neither, or of the first blank line).
pub(crate) fn parse_rows<V: Visitor + ?Sized>(game: &mut GameParse<'_, V>, from: usize) -> usize {
    let text = game.text;
    // Whether the rows of the current variation are skipped.
    let mut skip = false;
    for (start, line) in lines(text, from) {
        if game.stopped {
            return text.len();
        }
        let end = start + line.len();
        if let Some(label) = header(line) {
            let lead = line.len() - line.trim_start().len();
            let span = Span::new(
                game.base + start + lead,
                game.base + start + line.trim_end().len(),
            );
            match game.visitor.begin_variation(label, span) {
                ControlFlow::Continue(Skip(skipped)) => skip = skipped,
                ControlFlow::Break(()) => game.stopped = true,
            }
            continue;
        }
        if !is_row(line) {
            return start;
        }
        if skip {
            continue;
        }
        let mut cursor = game.cursor(start, end, Mode::Row);
        if row(&mut cursor).is_err() {
            cursor.emit(Visitor::abandon_move);
        }
    }
    text.len()
}

/// The row number whose digits start at `from` (saturating at `u32::MAX`),
/// and the offset after its digits.
pub(crate) fn row_number(bytes: &[u8], from: usize) -> (u32, usize) {
    let digits = bytes
        .get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| b.is_ascii_digit());
    let mut end = from;
    let mut number: u32 = 0;
    for &d in digits {
        number = number
            .saturating_mul(10)
            .saturating_add(u32::from(d - b'0'));
        end += 1;
    }
    (number, end)
}

fn row<V: Visitor + ?Sized>(cursor: &mut Cursor<'_, V>) -> Result<(), Failed> {
    cursor.skip_ws();
    let number_start = cursor.pos;
    let (number, after) = row_number(cursor.bytes, number_start);
    cursor.pos = after;
    // `is_row` checked the `.` after the number, or the `...` that
    // leaves South's turn out (`2... 10`), which the number's span leaves
    // to the elision.
    let joined = joined_elision(cursor.bytes.get(after..).unwrap_or_default()).is_some();
    if !joined {
        cursor.pos += 1;
    }
    let number_span = cursor.span(number_start, cursor.pos);
    cursor.skip_ws();
    let start = cursor.pos;
    cursor.emit(|visitor| visitor.begin_move(Some((number, number_span))));
    // `1. ... 8` (or `1... 8`): South's turn left out, North's must
    // follow.
    let elided = cursor.elision();
    if elided {
        cursor.skip_ws();
        cursor.turn(Player::North)?;
    } else {
        cursor.turn(Player::South)?;
    }
    let mut written_ending = None;
    let mut full_stop = false;
    let mut end = cursor.pos;
    cursor.skip_ws();
    let mut north_allowed = !elided;
    loop {
        if cursor.at_word("and") {
            cursor.pos += 3;
            written_ending = ending(cursor);
            if written_ending.is_some() {
                end = cursor.pos;
            }
            break;
        }
        match cursor.peek() {
            None => break,
            Some(b'.') if north_allowed && stray_separator(cursor.bytes, cursor.pos) => {
                // North's ply follows on the row: the `.` stands between
                // the plies by mistake.
                cursor.error(
                    ErrorKind::StraySeparator,
                    "a `.` between South's ply and North's in a row: read as the space between them",
                    "white space before North's ply",
                );
                cursor.pos += 1;
                cursor.skip_ws();
            }
            Some(b'.') => {
                cursor.pos += 1;
                full_stop = true;
                end = cursor.pos;
                cursor.skip_ws();
                if !cursor.at_end() {
                    // The row's plies are kept.
                    cursor.error(
                        ErrorKind::UnexpectedText,
                        "text after the full stop of a row",
                        "end of line",
                    );
                }
                break;
            }
            Some(_) if north_allowed => {
                north_allowed = false;
                if cursor.turn(Player::North).is_err() {
                    // The error (which says that it loses plies) covers
                    // North's turn only: the row ends with the plies read
                    // before it, and the rest of the line is lost.
                    break;
                }
                end = cursor.pos;
                cursor.skip_ws();
            }
            Some(_) => {
                // The row's plies are kept; the rest of the line is lost,
                // and may have held a ply.
                cursor.losing_error(
                    ErrorKind::UnexpectedText,
                    "unexpected text after North's ply",
                    "end of line, `.`, `(`, `or` or `and`",
                );
                break;
            }
        }
    }
    let move_end = MoveEnd {
        ending: written_ending.as_ref(),
        full_stop,
        span: cursor.span(start, end),
    };
    cursor.emit(|visitor| visitor.end_move(&move_end));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_headers_after_unicode_white_space() {
        assert!(is_row("\u{b}1. 5  11"));
        assert!(is_row("\u{a0}12. 5"));
        assert!(is_row("1.5"));
        assert!(is_row("1.4 8"));
        assert!(is_row("2.6 12 (2 from 8)"));
        assert!(is_row("3.6!(2 from 8) 7"));
        assert!(!is_row("1.5 beans are left"));
        assert!(!is_row("1.55 8"));
        assert!(!is_row("1.x 8"));
        assert!(is_row("2... 10"));
        assert!(is_row(" 2\u{2026}\t10"));
        assert!(!is_row("2...10"));
        assert!(!is_row("2.... 10"));
        assert!(!is_row("2...  "));
        assert!(!is_row("... 10"));
        assert_eq!(
            header("\u{a0}(A) ").map(|l| l.to_string()),
            Some("A".to_owned())
        );
        assert_eq!(
            header(" (D)\r").map(|l| l.to_string()),
            Some("D".to_owned())
        );
        assert_eq!(header("(ABCDEFGH)"), None);
        assert_eq!(header("(B/C)"), None);
        assert_eq!(header("(a)"), None);
    }
}
