//! The games of a match, a [`Partie`] to 100 points, read from a stream
//! of records: the games of one input whose `Partie` tags have the same
//! value, in written order.

use std::collections::HashMap;

use bohnenspiel::notation::{KnownTag, ParsedRecord};
use bohnenspiel::validate::{Finding, FindingKind, Report, Severity};
use bohnenspiel::{Partie, Player, Score};

/// Where a game leaves its match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame {
    /// The match's name, the `Partie` tag's value.
    pub name: String,
    /// The games of the match that count so far, this one included when
    /// it counts.
    pub games: usize,
    /// South's points and North's so far (by the sides of the match's
    /// first game).
    pub totals: [u16; 2],
    /// The points needed to win.
    pub target: u16,
    /// The winner of the match, once decided.
    pub winner: Option<Player>,
    /// The game does not fit the match (it comes after the match was
    /// won, or has no final score): a [`FindingKind::Partie`] warning at
    /// its `Partie` tag. It is not added then.
    pub finding: Option<Finding>,
}

impl MatchGame {
    /// `after 2 games: South 72, North 72 (to 100)`, `South wins the
    /// match 146:142 after 4 games`.
    #[must_use]
    pub fn summary(&self) -> String {
        let games = self.games;
        let [south, north] = self.totals;
        let plural = if games == 1 { "" } else { "s" };
        match self.winner {
            Some(winner) => {
                format!("{winner} wins the match {south}:{north} after {games} game{plural}")
            }
            None => format!(
                "after {games} game{plural}: South {south}, North {north} (to {})",
                self.target
            ),
        }
    }
}

/// The matches of a stream of games, by name: the games of one input
/// whose `Partie` tags have the same value, in written order, each a
/// [`Partie`] to 100 points.
///
/// The first game of a match names its players (`South` and `North`
/// tags): a later game whose `South` is the first game's `North` and
/// whose `North` is its `South` was played with sides swapped, and its
/// score counts for each player so. A game's score is its final score as
/// replayed, else its `Result` tag's.
#[derive(Debug, Clone, Default)]
pub struct Matches {
    open: HashMap<String, Match>,
}

/// One match: its state, and its players as its first game names them.
#[derive(Debug, Clone)]
struct Match {
    partie: Partie,
    south: Option<String>,
    north: Option<String>,
}

impl Matches {
    /// Adds the game `parsed` (with `report`, its validation) to its
    /// match: `None` for a game without a `Partie` tag.
    pub fn add(&mut self, parsed: &ParsedRecord, report: &Report) -> Option<MatchGame> {
        let record = &parsed.record;
        let tag = record
            .tags
            .iter()
            .find(|tag| tag.name == KnownTag::Partie.name())?;
        let name = tag.value.clone();
        let south = record.tag(KnownTag::South.name()).map(str::to_owned);
        let north = record.tag(KnownTag::North.name()).map(str::to_owned);
        let entry = self.open.entry(name.clone()).or_insert_with(|| Match {
            partie: Partie::new(),
            south: south.clone(),
            north: north.clone(),
        });
        let swapped = south.is_some()
            && north.is_some()
            && south != north
            && south == entry.north
            && north == entry.south;
        let score = report
            .end
            .map(|end| end.score)
            .or(report.result)
            .map(|score| {
                if swapped {
                    Score::new(score.north, score.south)
                } else {
                    score
                }
            });
        let problem = match score {
            None => Some(format!(
                "this game of the match \"{name}\" has no final score (it is unfinished, without a Result tag): it does not count"
            )),
            Some(score) => match entry.partie.winner() {
                None => {
                    // The match is not won yet, so the game is added.
                    let _ = entry.partie.add_game(score);
                    None
                }
                Some(winner) => Some(format!(
                    "this game comes after the match \"{name}\" was won by {} {}:{} after {} games: it does not count",
                    winner,
                    entry.partie.total(Player::South),
                    entry.partie.total(Player::North),
                    entry.partie.games().len()
                )),
            },
        };
        let finding = problem.map(|message| Finding {
            severity: Severity::Warning,
            kind: FindingKind::Partie,
            message,
            span: tag.span,
            location: parsed.locate(tag.span.start),
            ply: None,
            move_number: None,
            variation: None,
        });
        Some(state(name, &entry.partie, finding))
    }

    /// The matches not won yet, by name.
    #[must_use]
    pub fn undecided(&self) -> Vec<MatchGame> {
        let mut undecided: Vec<MatchGame> = self
            .open
            .iter()
            .filter(|(_, entry)| entry.partie.winner().is_none())
            .map(|(name, entry)| state(name.clone(), &entry.partie, None))
            .collect();
        undecided.sort_by(|a, b| a.name.cmp(&b.name));
        undecided
    }
}

/// Where `partie`, the match `name`, stands.
fn state(name: String, partie: &Partie, finding: Option<Finding>) -> MatchGame {
    MatchGame {
        name,
        games: partie.games().len(),
        totals: [partie.total(Player::South), partie.total(Player::North)],
        target: partie.target(),
        winner: partie.winner(),
        finding,
    }
}

#[cfg(test)]
mod tests {
    use bohnenspiel::notation::parse_records;
    use bohnenspiel::validate::{Options, validate};

    use super::Matches;

    #[test]
    fn the_games_of_a_match_add_up() {
        let text = "[Partie \"Club\"]\n[Result \"60:12\"]\n\n1, 2\n\n[Partie \"Club\"]\n[Result \"50:22\"]\n\n1, 2\n";
        let mut matches = Matches::default();
        let mut summaries = Vec::new();
        for game in parse_records(text) {
            let report = validate(&game, &Options::default());
            let state = matches.add(&game, &report).expect("a game of a match");
            summaries.push(state.summary());
        }
        assert_eq!(
            summaries,
            [
                "after 1 game: South 60, North 12 (to 100)",
                "South wins the match 110:34 after 2 games"
            ]
        );
    }
}
