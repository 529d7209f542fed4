//! Numbered rows and variations: `1.  2 (A)    9 (2 from 12)`.

use crate::notation::error::ErrorKind;
use crate::notation::{Label, Move, Movetext, Span, Variation};

use super::cursor::{Cursor, Failed, Mode};
use super::inline::ending;
use super::{Game, lines};

/// Whether a line is a numbered row: digits, `.`, white space, text.
pub(crate) fn is_row(line: &str) -> bool {
    let trimmed = line.trim_start().as_bytes();
    let digits = trimmed.iter().take_while(|b| b.is_ascii_digit()).count();
    let Some(rest) = trimmed.get(digits..) else {
        return false;
    };
    digits > 0
        && rest.first() == Some(&b'.')
        && rest.get(1).is_some_and(|b| *b == b' ' || *b == b'\t')
        && rest.iter().skip(1).any(|b| !b.is_ascii_whitespace())
}

/// The label of a variation header line such as `(A)`.
fn header(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix('(')?.strip_suffix(')')?;
    Label::is_valid(inner).then_some(inner)
}

/// Parses rows and variation headers from `from` on; returns the
/// movetext and where it ends (the start of the first line that is
/// neither, or of the first blank line).
pub(crate) fn parse_rows(game: &mut Game<'_>, from: usize) -> (Movetext, usize) {
    let mut movetext = Movetext {
        layout: crate::notation::Layout::Numbered,
        ..Movetext::default()
    };
    let text = game.text;
    for (start, line) in lines(text, from) {
        let end = start + line.len();
        if let Some(label) = header(line) {
            let lead = line.len() - line.trim_start().len();
            movetext.variations.push(Variation {
                label: Label(label.to_owned()),
                moves: Vec::new(),
                span: Span::new(
                    game.base + start + lead,
                    game.base + start + line.trim_end().len(),
                ),
            });
            continue;
        }
        if !is_row(line) {
            return (movetext, start);
        }
        let mut cursor = game.cursor(start, end, Mode::Row);
        if let Ok(m) = row(&mut cursor) {
            match movetext.variations.last_mut() {
                Some(variation) => variation.moves.push(m),
                None => movetext.moves.push(m),
            }
        }
    }
    (movetext, text.len())
}

fn row(cursor: &mut Cursor<'_>) -> Result<Move, Failed> {
    cursor.skip_ws();
    let mut number: u32 = 0;
    while let Some(d) = cursor.peek().filter(u8::is_ascii_digit) {
        number = number
            .saturating_mul(10)
            .saturating_add(u32::from(d - b'0'));
        cursor.pos += 1;
    }
    // `is_row` checked the `.` after the number.
    cursor.pos += 1;
    cursor.skip_ws();
    let start = cursor.pos;
    let south = cursor.turn()?;
    let mut m = Move {
        number: Some(number),
        south,
        north: None,
        ending: None,
        full_stop: false,
        span: Span::default(),
    };
    let mut end = cursor.pos;
    cursor.skip_ws();
    let mut north_allowed = true;
    loop {
        if cursor.at_word("and") {
            cursor.pos += 3;
            m.ending = Some(ending(cursor));
            end = cursor.pos;
            break;
        }
        match cursor.peek() {
            None => break,
            Some(b'.') => {
                cursor.pos += 1;
                m.full_stop = true;
                end = cursor.pos;
                cursor.skip_ws();
                if !cursor.at_end() {
                    return Err(cursor.error(
                        ErrorKind::UnexpectedText,
                        "text after the full stop of a row",
                        "end of line",
                    ));
                }
                break;
            }
            Some(_) if north_allowed => {
                north_allowed = false;
                m.north = Some(cursor.turn()?);
                end = cursor.pos;
                cursor.skip_ws();
            }
            Some(_) => {
                return Err(cursor.error(
                    ErrorKind::UnexpectedText,
                    "unexpected text after North's ply",
                    "end of line, `.`, `(`, `or` or `and`",
                ));
            }
        }
    }
    m.span = cursor.span(start, end);
    Ok(m)
}
