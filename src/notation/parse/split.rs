//! Where one game of a file ends and the next begins.
//!
//! A game is its tag lines, its movetext and its prose. A line starts a new
//! game when the current game already has a body (a line that is neither
//! blank nor a tag line) and the line is either a tag line, or, right
//! after a blank line, a line whose first visible character is a digit.

/// Splits a text into games, one line at a time.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Splitter {
    has_body: bool,
    previous_blank: bool,
}

/// The line without its leading white space, as [`str::trim_start`]
/// gives it: ASCII white space is skipped byte by byte, and only a line
/// going on with something else than a visible ASCII character (say
/// U+00A0, or a vertical tab) needs the full Unicode trim.
pub(crate) fn trim_start(line: &str) -> &str {
    match line.bytes().position(|b| !b.is_ascii_whitespace()) {
        Some(i) if line.as_bytes().get(i).is_some_and(u8::is_ascii_graphic) => {
            line.get(i..).unwrap_or_default()
        }
        Some(_) => line.trim_start(),
        None => "",
    }
}

/// Whether the line is a tag line (its first visible character is `[`).
pub(crate) fn is_tag_line(line: &str) -> bool {
    trim_start(line).starts_with('[')
}

/// Whether `line`, a line whose first visible character is `[`, is a
/// bracketed note rather than a tag line: it holds no `"`, so no tag
/// value (`[The rest of the score is illegible.]`). After a game's body
/// such a line is part of the game, read as a note in its prose with a
/// warning; before the body it is read as a tag line (and reported as a
/// malformed one).
pub(crate) fn is_note(line: &[u8]) -> bool {
    memchr::memchr(b'"', line).is_none()
}

/// Whether the line holds only white space.
pub(crate) fn is_blank(line: &str) -> bool {
    line.bytes().all(|b| b.is_ascii_whitespace())
}

/// Whether `visible`, a line without its leading white space, starts
/// with a written pass as movetext does: `-` followed, after spaces, by
/// the end of the line, `,`, `;`, `.`, `(`, a mark, or the word `or` or
/// `and` (`-, 9;`, `- (forced)`, `- or 5`, `- and South wins`). A line
/// such as `- a remark` starts prose, not movetext.
pub(crate) fn starts_with_pass(visible: &[u8]) -> bool {
    let Some(rest) = visible.strip_prefix(b"-") else {
        return false;
    };
    let start = rest
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(rest.len());
    let rest = rest.get(start..).unwrap_or_default();
    let word = |word: &[u8]| {
        start > 0
            && rest
                .strip_prefix(word)
                .is_some_and(|after| after.first().is_none_or(|b| b.is_ascii_whitespace()))
    };
    matches!(
        rest.first(),
        None | Some(b'\r' | b'\n' | b',' | b';' | b'.' | b'(' | b'!' | b'?')
    ) || word(b"or")
        || word(b"and")
}

/// Whether `visible`, a line without its leading white space, starts as
/// movetext does: with a digit or a written pass ([`starts_with_pass`]).
/// Such a line right after a blank line starts a new game.
pub(crate) fn starts_as_movetext(visible: &[u8]) -> bool {
    visible.first().is_some_and(u8::is_ascii_digit) || starts_with_pass(visible)
}

/// `bytes` without its leading ASCII white space.
fn trim_ascii_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes.get(start..).unwrap_or_default()
}

impl Splitter {
    /// Feeds the next line (with or without its line break), as raw
    /// bytes; returns whether it starts a new game. The splitter then
    /// counts the line as part of that new game.
    pub(crate) fn starts_new_game(&mut self, bytes: &[u8]) -> bool {
        // One look at the first byte that is not ASCII white space; only a
        // line with something else there than a visible ASCII character
        // (say U+00A0, or a vertical tab) needs the full Unicode trim.
        // Bytes that are not UTF-8 are neither white space nor `[` nor a
        // digit, however they are read.
        let (blank, first) = match bytes.iter().position(|b| !b.is_ascii_whitespace()) {
            None => (true, None),
            Some(i) => match bytes.get(i) {
                Some(&b) if b.is_ascii_graphic() => (false, Some(b)),
                _ => {
                    let line = String::from_utf8_lossy(bytes);
                    (is_blank(&line), line.trim_start().bytes().next())
                }
            },
        };
        // After the body, a bracketed line without a tag value is a note
        // of this game, not a tag starting the next.
        let tag = first == Some(b'[') && !(self.has_body && is_note(bytes));
        let movetext = first.is_some_and(|b| b.is_ascii_digit())
            || (first == Some(b'-') && starts_with_pass(trim_ascii_start(bytes)));
        let new_game = self.has_body && (tag || (self.previous_blank && movetext));
        if new_game {
            self.has_body = false;
        }
        if !blank && !tag {
            self.has_body = true;
        }
        self.previous_blank = blank;
        new_game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(lines: &[&str]) -> Vec<bool> {
        let mut splitter = Splitter::default();
        lines
            .iter()
            .map(|l| splitter.starts_new_game(l.as_bytes()))
            .collect()
    }

    #[test]
    fn trim_start_is_the_unicode_trim() {
        for line in [
            "",
            "   ",
            "  1. 5  11",
            "\t(A)",
            "\u{b}1. 5  11",
            "\u{a0}\u{2003} (B) ",
            " \u{e9}t\u{e9}",
            "\r\n",
        ] {
            assert_eq!(trim_start(line), line.trim_start(), "{line:?}");
        }
    }

    #[test]
    fn tags_after_a_body_start_a_game() {
        assert_eq!(
            starts(&[
                "[A \"1\"]",
                "[B \"2\"]",
                "",
                "4,8",
                "",
                "Prose.",
                "[A \"3\"]"
            ]),
            [false, false, false, false, false, false, true]
        );
    }

    #[test]
    fn digits_after_a_blank_line_start_a_game() {
        assert_eq!(
            starts(&["4,8;", "6,7", "", "Prose", "1 more", "", " 3,9"]),
            [false, false, false, false, false, false, true]
        );
    }

    #[test]
    fn unicode_white_space_before_a_tag_or_digit_counts() {
        assert_eq!(
            starts(&["4,8", "", "\u{a0}3,9", "\u{b}[A \"1\"]", "\u{b}"]),
            [false, false, true, true, false]
        );
    }
}
