//! The conditions of `select`: read from the command line (every mistake
//! a one-line usage error), and checked against a game.

use std::str::FromStr;

use bohnenspiel::notation::Record;
use bohnenspiel::validate::{Report, Start};
use bohnenspiel::{EndReason, Hole, Position};
use regex::Regex;

use super::MainLine;
use crate::cli::{Ended, SelectArgs, VerdictArg};
use crate::error::{CliError, usage};

/// What the conditions look at in one game.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// Its validation report.
    pub report: &'a Report,
    /// Its tags, when the conditions need them.
    pub tags: Tags<'a>,
    /// Its main line's plies, when the conditions need them.
    pub line: MainLine<'a>,
}

/// A game's tags, from its tree or as the validator kept them.
#[derive(Debug, Clone, Copy)]
pub enum Tags<'a> {
    /// Not at hand.
    None,
    /// In the game's tree.
    Tree(&'a Record),
    /// As the validator kept them.
    Kept(&'a [(String, String)]),
}

impl<'a> Tags<'a> {
    /// The value of the first tag named `name`.
    fn get(self, name: &str) -> Option<&'a str> {
        match self {
            Tags::None => None,
            Tags::Tree(record) => record.tag(name),
            Tags::Kept(tags) => tags
                .iter()
                .find(|(tag, _)| tag == name)
                .map(|(_, value)| value.as_str()),
        }
    }
}

/// Every condition given; a game is selected when all hold.
#[derive(Debug)]
pub struct Conditions {
    tags: Vec<TagCondition>,
    date: Option<Bounds<Date>>,
    result: Option<ResultCondition>,
    reaches: Option<Position>,
    opening: Option<Vec<Hole>>,
    plies: Option<Bounds<usize>>,
    ended: Option<Ended>,
    verdict: Option<VerdictArg>,
    /// The tags the conditions name, each with whether a game has it.
    names: Vec<(String, bool)>,
}

/// `--tag NAME=VALUE` or `--tag NAME~PATTERN`.
#[derive(Debug)]
struct TagCondition {
    name: String,
    test: TagTest,
}

/// What a tag's value must be.
#[derive(Debug)]
enum TagTest {
    Equal(String),
    Pattern(Regex),
}

/// `--result`.
#[derive(Debug, Clone, Copy)]
enum ResultCondition {
    /// South wins, North wins, or a draw (`None`).
    Winner(Option<bohnenspiel::Player>),
    /// This final score.
    Score(u8, u8),
    /// South's beans in this range.
    South(Bounds<u8>),
}

/// A range with both ends included; an end left out is open.
#[derive(Debug, Clone, Copy)]
struct Bounds<T> {
    low: Option<T>,
    high: Option<T>,
}

/// A date, known in its first `len` parts (year, month, day).
#[derive(Debug, Clone, Copy)]
struct Date {
    parts: [u16; 3],
    len: usize,
}

impl Conditions {
    /// The conditions of `args`.
    ///
    /// # Errors
    ///
    /// [`CliError::Usage`] for a condition that cannot be read.
    pub fn new(args: &SelectArgs) -> Result<Conditions, CliError> {
        let tags = args
            .tag
            .iter()
            .map(|text| TagCondition::parse(text))
            .collect::<Result<Vec<_>, _>>()?;
        let date = args
            .date
            .as_deref()
            .map(|text| {
                Bounds::parse(text, |one| {
                    Date::parse(one).ok_or_else(|| {
                        format!("`{one}` is not a date (YEAR, YEAR.MM or YEAR.MM.DD)")
                    })
                })
                .map_err(|message| usage(format_args!("invalid --date `{text}`: {message}")))
            })
            .transpose()?;
        let result = args
            .result
            .as_deref()
            .map(ResultCondition::parse)
            .transpose()?;
        let reaches = args
            .reaches
            .as_deref()
            .map(|text| {
                Position::from_str(text).map_err(|error| {
                    usage(format_args!(
                        "invalid --reaches `{text}`: no game can reach it: {error}"
                    ))
                })
            })
            .transpose()?;
        let opening = args.opening.as_deref().map(opening).transpose()?;
        let plies = args
            .plies
            .as_deref()
            .map(|text| {
                Bounds::parse(text, |one| {
                    one.parse::<usize>()
                        .map_err(|_| format!("`{one}` is not a number of plies"))
                })
                .map_err(|message| usage(format_args!("invalid --plies `{text}`: {message}")))
            })
            .transpose()?;
        let mut names: Vec<(String, bool)> = Vec::new();
        let named = tags
            .iter()
            .map(|tag| tag.name.as_str())
            .chain(date.is_some().then_some("Date"));
        for name in named {
            if !names.iter().any(|(known, _)| known == name) {
                names.push((name.to_owned(), false));
            }
        }
        Ok(Conditions {
            tags,
            date,
            result,
            reaches,
            opening,
            plies,
            ended: args.ended,
            verdict: args.verdict,
            names,
        })
    }

    /// Whether a game's tags are needed.
    pub fn needs_tags(&self) -> bool {
        !self.names.is_empty()
    }

    /// Whether a game's plies are needed.
    pub fn needs_plies(&self) -> bool {
        self.reaches.is_some() || self.opening.is_some()
    }

    /// The first tag the conditions name that no game had.
    pub fn unseen_tag(&self) -> Option<&str> {
        self.names
            .iter()
            .find(|(_, seen)| !seen)
            .map(|(name, _)| name.as_str())
    }

    /// Whether every condition holds for `game`; notes which of the tags
    /// named it has.
    pub fn hold(&mut self, game: &Candidate<'_>) -> bool {
        for (name, seen) in &mut self.names {
            *seen = *seen || game.tags.get(name).is_some();
        }
        let report = game.report;
        self.verdict.is_none_or(|wanted| verdict(report, wanted))
            && self.ended.is_none_or(|wanted| ended(report, wanted))
            && self
                .plies
                .is_none_or(|plies| plies.contains(report.main_line.last_index))
            && self.result.is_none_or(|wanted| wanted.holds(report))
            && self.tags.iter().all(|tag| tag.holds(game.tags))
            && self.date.is_none_or(|range| {
                game.tags
                    .get("Date")
                    .and_then(Date::parse)
                    .is_some_and(|date| range.contains_date(date))
            })
            && self
                .opening
                .as_deref()
                .is_none_or(|holes| opens_with(game.line, holes))
            && self.reaches.is_none_or(|position| {
                report.start == Start::Position(position) || game.line.reaches(&position)
            })
    }
}

impl TagCondition {
    /// Reads `NAME=VALUE` or `NAME~PATTERN`.
    fn parse(text: &str) -> Result<TagCondition, CliError> {
        let bad = |message: &str| usage(format_args!("invalid --tag `{text}`: {message}"));
        let Some(at) = text.find(['=', '~']) else {
            return Err(bad("expected NAME=VALUE or NAME~PATTERN"));
        };
        let (name, rest) = text.split_at(at);
        let name = name.trim();
        if name.is_empty() {
            return Err(bad("the tag's name is missing"));
        }
        let value = &rest[1..];
        let test = if rest.starts_with('=') {
            TagTest::Equal(value.to_owned())
        } else {
            TagTest::Pattern(compile(value).map_err(|message| {
                usage(format_args!(
                    "invalid --tag `{text}`: the pattern does not compile: {message}"
                ))
            })?)
        };
        Ok(TagCondition {
            name: name.to_owned(),
            test,
        })
    }

    /// Whether the game has the tag with a value that passes the test.
    fn holds(&self, tags: Tags<'_>) -> bool {
        let Some(value) = tags.get(&self.name) else {
            return false;
        };
        match &self.test {
            TagTest::Equal(wanted) => value == wanted,
            TagTest::Pattern(pattern) => pattern.is_match(value),
        }
    }
}

impl ResultCondition {
    /// Reads `south`, `north`, `draw`, `S:N` or a range of South's beans.
    fn parse(text: &str) -> Result<ResultCondition, CliError> {
        let bad = |message: String| usage(format_args!("invalid --result `{text}`: {message}"));
        let beans = |one: &str| match one.trim().parse::<u8>() {
            Ok(n) if n <= 72 => Ok(n),
            _ => Err(format!("`{one}` is not a number of beans (0 to 72)")),
        };
        match text.trim().to_ascii_lowercase().as_str() {
            "south" => return Ok(ResultCondition::Winner(Some(bohnenspiel::Player::South))),
            "north" => return Ok(ResultCondition::Winner(Some(bohnenspiel::Player::North))),
            "draw" => return Ok(ResultCondition::Winner(None)),
            _ => {}
        }
        if let Some((south, north)) = text.split_once(':') {
            let (south, north) = (beans(south).map_err(bad)?, beans(north).map_err(bad)?);
            if u16::from(south) + u16::from(north) != 72 {
                return Err(bad(format!(
                    "no game ends {south}:{north} (a final score adds up to 72)"
                )));
            }
            return Ok(ResultCondition::Score(south, north));
        }
        Bounds::parse(text, beans)
            .map(ResultCondition::South)
            .map_err(|message| {
                bad(format!(
                    "{message}; expected south, north, draw, S:N or a range of South's beans"
                ))
            })
    }

    /// Whether the game's result (its final score, else its `Result`
    /// tag's) is this one; a game without either has none.
    fn holds(self, report: &Report) -> bool {
        let Some(score) = report.final_score().or(report.result) else {
            return false;
        };
        match self {
            ResultCondition::Winner(winner) => {
                let won = match score.south.cmp(&score.north) {
                    std::cmp::Ordering::Greater => Some(bohnenspiel::Player::South),
                    std::cmp::Ordering::Less => Some(bohnenspiel::Player::North),
                    std::cmp::Ordering::Equal => None,
                };
                won == winner
            }
            ResultCondition::Score(south, north) => (score.south, score.north) == (south, north),
            ResultCondition::South(range) => range.contains(score.south),
        }
    }
}

impl<T: Copy + PartialOrd> Bounds<T> {
    /// Reads `A..B`, `A..`, `..B` or `A` (`A..A`), each end with `one`.
    fn parse(text: &str, one: impl Fn(&str) -> Result<T, String>) -> Result<Bounds<T>, String> {
        let end = |part: &str| {
            let part = part.trim();
            (!part.is_empty()).then(|| one(part)).transpose()
        };
        let bounds = match text.split_once("..") {
            Some((low, high)) => Bounds {
                low: end(low)?,
                high: end(high)?,
            },
            None => {
                let value = end(text)?;
                Bounds {
                    low: value,
                    high: value,
                }
            }
        };
        if bounds.low.is_none() && bounds.high.is_none() {
            return Err("expected A..B, A.., ..B or one value".to_owned());
        }
        Ok(bounds)
    }

    /// Whether `value` lies in the range.
    fn contains(self, value: T) -> bool {
        self.low.is_none_or(|low| low <= value) && self.high.is_none_or(|high| value <= high)
    }
}

impl Bounds<Date> {
    /// Whether `date` lies in the range, compared in the parts both it
    /// and each end know.
    fn contains_date(self, date: Date) -> bool {
        self.low
            .is_none_or(|low| low.common(date) <= date.common(low))
            && self
                .high
                .is_none_or(|high| date.common(high) <= high.common(date))
    }
}

impl PartialEq for Date {
    fn eq(&self, other: &Date) -> bool {
        self.parts[..self.len] == other.parts[..other.len]
    }
}

impl PartialOrd for Date {
    fn partial_cmp(&self, other: &Date) -> Option<std::cmp::Ordering> {
        self.parts[..self.len].partial_cmp(&other.parts[..other.len])
    }
}

impl Date {
    /// Reads `YEAR`, `YEAR.MM` or `YEAR.MM.DD` (`-` or `/` between too);
    /// the parts after the first that is not a number (`1962.??.??`) are
    /// unknown. `None` without a year, or with a month or day out of
    /// range.
    fn parse(text: &str) -> Option<Date> {
        let mut date = Date {
            parts: [0; 3],
            len: 0,
        };
        for (i, part) in text.trim().split(['.', '-', '/']).enumerate() {
            let slot = date.parts.get_mut(i)?;
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                break;
            }
            let value: u16 = part.parse().ok()?;
            let in_range = match i {
                1 => (1..=12).contains(&value),
                2 => (1..=31).contains(&value),
                _ => true,
            };
            if !in_range {
                return None;
            }
            *slot = value;
            date.len = i + 1;
        }
        (date.len > 0).then_some(date)
    }

    /// This date cut to the parts `other` knows too.
    fn common(self, other: Date) -> Date {
        Date {
            parts: self.parts,
            len: self.len.min(other.len),
        }
    }
}

/// Reads `--opening`: hole numbers apart by spaces or commas.
fn opening(text: &str) -> Result<Vec<Hole>, CliError> {
    let holes = text
        .split([' ', ',', ';', '\t'])
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<Hole>().map_err(|error| (part, error)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|(part, error)| {
            usage(format_args!(
                "invalid --opening `{text}`: `{part}`: {error}"
            ))
        })?;
    if holes.is_empty() {
        return Err(usage(format_args!(
            "invalid --opening `{text}`: expected hole numbers, such as `4 8 3`"
        )));
    }
    Ok(holes)
}

/// Whether the main line's first moves are `holes`.
fn opens_with(line: MainLine<'_>, holes: &[Hole]) -> bool {
    let mut matched = 0;
    let mut differs = false;
    line.for_each_move(|hole| {
        if matched < holes.len() && !differs {
            if holes[matched] == hole {
                matched += 1;
            } else {
                differs = true;
            }
        }
    });
    !differs && matched == holes.len()
}

/// Whether the game's main line ended as `ended` says.
fn ended(report: &Report, ended: Ended) -> bool {
    match (ended, report.end) {
        (Ended::Unfinished, end) => end.is_none(),
        (Ended::Repetition, Some(end)) => matches!(end.reason, EndReason::Repetition { .. }),
        (Ended::Rule, Some(end)) => !matches!(end.reason, EndReason::Repetition { .. }),
        (_, None) => false,
    }
}

/// Whether the report's verdict is `verdict`.
fn verdict(report: &Report, verdict: VerdictArg) -> bool {
    match verdict {
        VerdictArg::Invalid => report.error_count() > 0,
        VerdictArg::Warnings => report.error_count() == 0 && report.warning_count() > 0,
        VerdictArg::Valid => report.error_count() == 0 && report.warning_count() == 0,
    }
}

/// Compiles a `--tag NAME~PATTERN`, bounded in size (the `regex` crate
/// matches in time linear in the value).
///
/// # Errors
///
/// The one-line message of a pattern that does not compile.
fn compile(pattern: &str) -> Result<Regex, String> {
    regex::RegexBuilder::new(pattern)
        .size_limit(1 << 20)
        .build()
        .map_err(|error| {
            // A syntax error's text shows the pattern with a caret over
            // several lines; its last line says what is wrong.
            let text = error.to_string();
            text.lines()
                .rev()
                .find(|line| !line.trim().is_empty())
                .unwrap_or_default()
                .trim()
                .trim_start_matches("error: ")
                .to_owned()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_compare_in_the_parts_both_know() {
        let range = Bounds::parse("1962.05..1962.06", |one| {
            Date::parse(one).ok_or(String::new())
        })
        .unwrap();
        let date = |text| Date::parse(text).unwrap();
        assert!(range.contains_date(date("1962.05.17")));
        assert!(range.contains_date(date("1962.06.30")));
        assert!(!range.contains_date(date("1962.07.01")));
        assert!(!range.contains_date(date("1962.04.30")));
        assert!(range.contains_date(date("1962.??.??")));
        assert!(!range.contains_date(date("1963")));
        assert!(Date::parse("??").is_none());
        assert!(Date::parse("1962.13").is_none());
    }

    #[test]
    fn ranges_have_open_ends() {
        let number = |one: &str| one.parse::<usize>().map_err(|_| String::new());
        let range = Bounds::parse("10..", number).unwrap();
        assert!(range.contains(10) && range.contains(1000) && !range.contains(9));
        let range = Bounds::parse("..10", number).unwrap();
        assert!(range.contains(0) && range.contains(10) && !range.contains(11));
        let one = Bounds::parse("7", number).unwrap();
        assert!(one.contains(7) && !one.contains(6) && !one.contains(8));
        assert!(Bounds::parse("..", number).is_err());
        assert!(Bounds::parse("x..3", number).is_err());
    }
}
