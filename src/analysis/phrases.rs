//! The phrases of a record that state a judgement, read from its text:
//! outcomes (`South loses.`), stipulations (`South to move and draw`),
//! remarks naming another move (`but not 10?, loses`) and `wins the
//! remaining beans`. The [module docs](super) list them.

use std::ops::Range;

use crate::notation::Mark;
use crate::{Hole, Player, Score, TOTAL_BEANS};

/// A result a record claims for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ClaimedResult {
    /// The player wins: gets more than half of the beans.
    Win,
    /// A draw: 36:36.
    Draw,
    /// The player loses: gets fewer than half of the beans.
    Loss,
}

/// What a record says about how the game ends under best play: `South
/// loses`, `North draws`, `South wins with 38:34 points`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct OutcomeClaim {
    /// The player named.
    pub(crate) player: Player,
    /// The result claimed for that player.
    pub(crate) result: ClaimedResult,
    /// The score, when one is written, as the named player's beans and
    /// the other player's (`38:34` in `South wins with 38:34` is 38 for
    /// South; in `North wins with 38:34`, 38 for North: the larger count
    /// is the winner's, whatever the order).
    pub(crate) beans: Option<(u8, u8)>,
}

impl OutcomeClaim {
    /// Whether the claim holds for a final score (shown at
    /// [`StatedEnd::agrees`](super::reconstruction::StatedEnd::agrees)).
    #[must_use]
    pub(crate) fn holds(&self, value: Score) -> bool {
        let own = value.of(self.player);
        let other = value.of(!self.player);
        let result = match own.cmp(&other) {
            std::cmp::Ordering::Greater => ClaimedResult::Win,
            std::cmp::Ordering::Equal => ClaimedResult::Draw,
            std::cmp::Ordering::Less => ClaimedResult::Loss,
        };
        result == self.result && self.beans.is_none_or(|beans| beans == (own, other))
    }

    /// The claim in words: `South loses`, `North wins with 38:34`.
    #[must_use]
    pub(crate) fn describe(&self) -> String {
        let verb = match self.result {
            ClaimedResult::Win => "wins",
            ClaimedResult::Draw => "draws",
            ClaimedResult::Loss => "loses",
        };
        match self.beans {
            Some((own, other)) => format!("{} {verb} with {own}:{other}", self.player),
            None => format!("{} {verb}", self.player),
        }
    }
}

/// What a remark naming another move says, as in `but not 10?, loses`
/// or `but not 7? because of 6!`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct OtherMoveRemark {
    /// The other move's hole.
    pub hole: Hole,
    /// Its mark: as written, or `?` when none is (`but not 10`).
    pub mark: Mark,
    /// Where `N?` is written, in the remark's text.
    pub at: Range<usize>,
    /// `loses`, `draws`, `wins` (for the player who would play the other
    /// move), with where it is written.
    pub outcome: Option<SaidOutcome>,
    /// `because of M!`: the reply that refutes the other move, its mark
    /// (`!` when none is written), and where it is written.
    pub because: Option<(Hole, Mark, Range<usize>)>,
}

/// An outcome said in a remark: the result, the score if written, and
/// where it is written.
pub(crate) type SaidOutcome = (ClaimedResult, Option<(u8, u8)>, Range<usize>);

/// A small reader over words of a text, keeping byte offsets.
struct Words<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words { text, at: 0 }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Skips spaces and `,`.
    fn skip_separators(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        self.at += rest.len() - trimmed.len();
    }

    /// Takes the next word (ASCII letters) if it equals `word`, ignoring
    /// case.
    fn word(&mut self, word: &str) -> bool {
        self.skip_space();
        let rest = self.rest();
        let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        match rest.get(..len) {
            Some(found) if len > 0 && found.eq_ignore_ascii_case(word) => {
                self.at += len;
                true
            }
            _ => false,
        }
    }

    /// Takes the next word if it is one of `words`, and returns its index.
    fn one_of(&mut self, words: &[&str]) -> Option<usize> {
        let saved = self.at;
        for (i, word) in words.iter().enumerate() {
            if self.word(word) {
                return Some(i);
            }
            self.at = saved;
        }
        None
    }

    /// `South` or `North`.
    fn player(&mut self) -> Option<Player> {
        match self.one_of(&["South", "North"])? {
            0 => Some(Player::South),
            _ => Some(Player::North),
        }
    }

    /// A number of at most three digits.
    fn number(&mut self) -> Option<u8> {
        self.skip_space();
        let rest = self.rest();
        let len = rest.bytes().take_while(u8::is_ascii_digit).count();
        if len == 0 || len > 3 {
            return None;
        }
        let value = rest.get(..len)?.parse::<u8>().ok()?;
        self.at += len;
        Some(value)
    }

    /// A hole number (1–12) with an optional mark right after it, and
    /// where both are written.
    fn hole_and_mark(&mut self) -> Option<(Hole, Option<Mark>, Range<usize>)> {
        let saved = self.at;
        self.skip_space();
        let start = self.at;
        let Some(hole) = self.number().and_then(|n| Hole::new(n).ok()) else {
            self.at = saved;
            return None;
        };
        let rest = self.rest();
        let len = rest.bytes().take_while(|&b| b == b'!' || b == b'?').count();
        let mark = match rest.get(..len) {
            Some("") | None => None,
            Some(text) => match Mark::new(text) {
                Some(mark) => Some(mark),
                None => {
                    self.at = saved;
                    return None;
                }
            },
        };
        self.at += len;
        // A hole number is a word of its own.
        if self.rest().starts_with(|c: char| c.is_alphanumeric()) {
            self.at = saved;
            return None;
        }
        Some((hole, mark, start..self.at))
    }

    /// `A:B`, the counts of a score.
    fn score(&mut self) -> Option<(u8, u8)> {
        let saved = self.at;
        let first = self.number();
        let colon = self.rest().starts_with(':');
        if let (Some(first), true) = (first, colon) {
            self.at += 1;
            if let Some(second) = self.number() {
                return Some((first, second));
            }
        }
        self.at = saved;
        None
    }

    /// `with A:B [points|beans]`, as the named player's beans and the
    /// other's (the larger is the winner's).
    fn with_score(&mut self, result: ClaimedResult) -> Option<(u8, u8)> {
        let saved = self.at;
        let _ = self.word("with");
        let Some((a, b)) = self.score() else {
            self.at = saved;
            return None;
        };
        let after = self.at;
        if self.one_of(&["points", "beans"]).is_none() {
            self.at = after;
        }
        let (high, low) = (a.max(b), a.min(b));
        Some(match result {
            ClaimedResult::Win | ClaimedResult::Draw => (high, low),
            ClaimedResult::Loss => (low, high),
        })
    }

    /// Whether the text ends here or a sentence or clause does: the end,
    /// or `.`, `!`, `,`, `;`, `)`.
    fn at_clause_end(&mut self) -> bool {
        self.skip_space();
        self.rest().is_empty() || self.rest().starts_with(['.', '!', ',', ';', ')'])
    }
}

/// The outcome claimed at the start of `text`: `South loses`, `North
/// draws!`, `South wins with 38:34 points.` (a sentence of its own; what
/// follows the sentence is not read). Returns the claim and where it is
/// written in `text`.
pub(crate) fn outcome_claim(text: &str) -> Option<(OutcomeClaim, Range<usize>)> {
    let mut words = Words::new(text);
    words.skip_space();
    let start = words.at;
    let player = words.player()?;
    let result = match words.one_of(&["wins", "draws", "loses"])? {
        0 => ClaimedResult::Win,
        1 => ClaimedResult::Draw,
        _ => ClaimedResult::Loss,
    };
    let beans = words.with_score(result);
    let end = words.at;
    if !words.at_clause_end() {
        return None;
    }
    let claim = OutcomeClaim {
        player,
        result,
        beans,
    };
    valid_beans(&claim).then_some((claim, start..end))
}

/// Whether the beans of a claim, if any, are a possible final score of
/// the claimed result.
fn valid_beans(claim: &OutcomeClaim) -> bool {
    claim.beans.is_none_or(|(own, other)| {
        u16::from(own) + u16::from(other) == u16::from(TOTAL_BEANS)
            && match claim.result {
                ClaimedResult::Win => own > other,
                ClaimedResult::Draw => own == other,
                ClaimedResult::Loss => own < other,
            }
    })
}

/// The outcome claims that start a sentence of prose (sentences end with
/// `.`, `!` or a line break), with where each is written.
pub(crate) fn prose_claims(text: &str) -> Vec<(OutcomeClaim, Range<usize>)> {
    let mut claims = Vec::new();
    let mut start = 0;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), '.')))
    {
        if matches!(c, '.' | '!' | '\n') {
            let sentence = text.get(start..i).unwrap_or_default();
            if let Some((claim, range)) = outcome_claim(sentence) {
                claims.push((claim, start + range.start..start + range.end));
            }
            start = i + c.len_utf8();
        }
    }
    claims
}

/// The stipulations a record's tags state, each with its tag and where
/// in the tag's value it is written: a `Stipulation` tag that is the
/// phrase, or the phrase anywhere in an `Event` or `Title` tag. Every
/// layer that asks whether a record states a stipulation asks this.
pub(crate) fn stated_stipulations(
    tags: &[crate::notation::Tag],
) -> impl Iterator<Item = (&crate::notation::Tag, OutcomeClaim, Range<usize>)> {
    tags.iter().filter_map(|tag| {
        let whole = tag.name == "Stipulation";
        if !(whole || tag.name == "Event" || tag.name == "Title") {
            return None;
        }
        stipulation(&tag.value, whole).map(|(claim, range)| (tag, claim, range))
    })
}

/// The stipulation of a problem, `South to move and draw` (also `win`,
/// `lose`, with an optional `with A:B`), found anywhere in `text` (as in
/// an `Event` tag `Problem 1: The Gentlemen (South to move and draw)`),
/// or, with `whole`, making up the whole text (a `Stipulation` tag; a
/// final `.` or `!` is allowed). Returns the claim for the player named
/// and where it is written.
pub(crate) fn stipulation(text: &str, whole: bool) -> Option<(OutcomeClaim, Range<usize>)> {
    let starts: Vec<usize> = if whole {
        vec![0]
    } else {
        text.char_indices()
            .filter(|&(i, _)| {
                text.get(i..).is_some_and(|rest| {
                    starts_with_ignore_case(rest, "south") || starts_with_ignore_case(rest, "north")
                }) && (i == 0 || !text[..i].ends_with(|c: char| c.is_alphanumeric()))
            })
            .map(|(i, _)| i)
            .collect()
    };
    starts.into_iter().find_map(|offset| {
        let mut words = Words::new(text.get(offset..)?);
        words.skip_space();
        let start = words.at;
        let player = words.player()?;
        if !(words.word("to") && words.word("move") && words.word("and")) {
            return None;
        }
        let result = match words.one_of(&["win", "draw", "lose"])? {
            0 => ClaimedResult::Win,
            1 => ClaimedResult::Draw,
            _ => ClaimedResult::Loss,
        };
        let beans = words.with_score(result);
        let end = words.at;
        let ends = if whole {
            words.skip_space();
            matches!(words.rest().trim_end(), "" | "." | "!")
        } else {
            words.at_clause_end()
        };
        let claim = OutcomeClaim {
            player,
            result,
            beans,
        };
        (ends && valid_beans(&claim)).then_some((claim, offset + start..offset + end))
    })
}

/// Whether `text` starts with `prefix`, ignoring ASCII case.
fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

/// A remark naming another move: `but not N?`, `not N?`, with `, loses`
/// (`draws`, `wins`, with an optional score) and `because of M!` after
/// it, in any order. A text that does not start so is no such remark;
/// words after it that are none of these are not read.
pub(crate) fn other_move_remark(text: &str) -> Option<OtherMoveRemark> {
    let mut words = Words::new(text);
    let saved = words.at;
    if !words.word("but") {
        words.at = saved;
    }
    if !words.word("not") {
        return None;
    }
    let (hole, mark, at) = words.hole_and_mark()?;
    let mut remark = OtherMoveRemark {
        hole,
        mark: mark.unwrap_or(Mark::Mistake),
        at,
        outcome: None,
        because: None,
    };
    loop {
        words.skip_separators();
        let start = words.at;
        if remark.outcome.is_none()
            && let Some(i) = words.one_of(&["loses", "draws", "wins"])
        {
            let result = [ClaimedResult::Loss, ClaimedResult::Draw, ClaimedResult::Win][i];
            let beans = words.with_score(result);
            remark.outcome = Some((result, beans, start..words.at));
            continue;
        }
        words.at = start;
        if remark.because.is_none()
            && words.word("because")
            && words.word("of")
            && let Some((reply, mark, at)) = words.hole_and_mark()
        {
            remark.because = Some((reply, mark.unwrap_or(Mark::Good), at));
            continue;
        }
        break;
    }
    Some(remark)
}

/// Whether a remark says that the ply wins the beans left on the board:
/// `wins the remaining beans` (also `takes`, `gets`, `captures`; `all
/// the remaining beans`; the player's name first; `beads`, the
/// published misprint, for `beans`), the whole remark.
pub(crate) fn remaining_beans(text: &str) -> Option<Range<usize>> {
    let mut words = Words::new(text);
    words.skip_space();
    let start = words.at;
    let saved = words.at;
    if words.player().is_none() {
        words.at = saved;
    }
    words.one_of(&["wins", "takes", "gets", "captures"])?;
    let saved = words.at;
    if !words.word("all") {
        words.at = saved;
    }
    if !(words.word("the") && words.word("remaining")) {
        return None;
    }
    words.one_of(&["beans", "beads"])?;
    let end = words.at;
    words.skip_space();
    matches!(words.rest().trim_end(), "" | "." | "!").then_some(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(n: u8) -> Hole {
        Hole::new(n).unwrap_or_else(|_| unreachable!("a hole number"))
    }

    #[test]
    fn outcomes_are_read_from_the_start_of_a_sentence() {
        let loses = outcome_claim("South loses. Greed ruins gentlemen.");
        assert_eq!(
            loses,
            Some((
                OutcomeClaim {
                    player: Player::South,
                    result: ClaimedResult::Loss,
                    beans: None
                },
                0..11
            ))
        );
        let wins = outcome_claim("South wins with 38:34 points.").map(|(claim, _)| claim);
        assert_eq!(wins.and_then(|claim| claim.beans), Some((38, 34)));
        let north = outcome_claim("North wins 34:38").map(|(claim, _)| claim);
        assert_eq!(north.and_then(|claim| claim.beans), Some((38, 34)));
        assert!(outcome_claim("North draws!").is_some());
        assert_eq!(outcome_claim("South loses quickly"), None);
        assert_eq!(outcome_claim("Greed ruins gentlemen."), None);
        // Not a final score.
        assert_eq!(outcome_claim("South wins with 40:40"), None);
        // The larger count is the winner's, in either order.
        let either = outcome_claim("South wins with 30:42").map(|(claim, _)| claim);
        assert_eq!(either.and_then(|claim| claim.beans), Some((42, 30)));
        assert_eq!(outcome_claim("South loses with 30:40"), None);
    }

    #[test]
    fn prose_claims_start_sentences() {
        let text = "A fine game.\nNorth wins with 50:22 points. Well played!";
        let claims = prose_claims(text);
        assert_eq!(claims.len(), 1);
        assert_eq!(
            text.get(claims[0].1.clone()),
            Some("North wins with 50:22 points")
        );
    }

    #[test]
    fn stipulations_in_titles_and_tags() {
        let title = "Problem 1: The Gentlemen (South to move and draw)";
        let (claim, range) = stipulation(title, false).unwrap_or_else(|| unreachable!("found"));
        assert_eq!(claim.result, ClaimedResult::Draw);
        assert_eq!(title.get(range), Some("South to move and draw"));
        assert!(stipulation("North to move and win.", true).is_some());
        assert!(stipulation("North to move and win, or not", true).is_none());
        assert!(stipulation("Southern to move and win", false).is_none());
        assert!(stipulation("The Gentlemen", false).is_none());
    }

    #[test]
    fn remarks_naming_other_moves() {
        let remark =
            other_move_remark("but not 10?, loses").unwrap_or_else(|| unreachable!("read"));
        assert_eq!((remark.hole, remark.mark), (hole(10), Mark::Mistake));
        assert_eq!(
            remark.outcome.map(|(result, ..)| result),
            Some(ClaimedResult::Loss)
        );
        assert_eq!(remark.because, None);
        let remark =
            other_move_remark("but not 7? because of 6!").unwrap_or_else(|| unreachable!("read"));
        assert_eq!(
            remark.because.map(|(h, m, _)| (h, m)),
            Some((hole(6), Mark::Good))
        );
        let remark = other_move_remark("not 3").unwrap_or_else(|| unreachable!("read"));
        assert_eq!(remark.mark, Mark::Mistake);
        assert_eq!(other_move_remark("but not now"), None);
        assert_eq!(other_move_remark("wins the remaining beans"), None);
        assert_eq!(other_move_remark("but not 13?"), None);
    }

    #[test]
    fn the_remaining_beans() {
        assert_eq!(remaining_beans("wins the remaining beans"), Some(0..24));
        assert!(remaining_beans("wins the remaining beads").is_some());
        assert!(remaining_beans("North takes all the remaining beans.").is_some());
        assert!(remaining_beans("wins the remaining beans later").is_none());
        assert!(remaining_beans("but not 10?").is_none());
    }
}
