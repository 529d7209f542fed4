//! `bohnenspiel validate [--strict] [--quiet] [--format human|json]
//! [--variant V] [--endless E] [FILE…]`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::Player;
use bohnenspiel::notation::ParsedRecord;
use bohnenspiel::validate::{Finding, Options, Report, Severity, Validated};
use serde::Serialize;

use crate::cli::Format;
use crate::diagnostics::{Diagnostics, Source};
use crate::error::CliError;
use crate::input::{EachGame, for_each_validated};
use crate::status::Status;
use crate::stream::{self, plural, write_json};

mod partie;

use partie::{MatchGame, Matches};

/// Validates every game and prints what it finds as it is done.
///
/// In the human format: each finding with its source line, then a summary
/// line per game. In the JSON format: a [`FindingLine`] per finding, then
/// a [`GameLine`] per game, an [`InputErrorLine`] per input that cannot be
/// read, and a [`Totals`] object at the end, one object per line. With
/// `quiet`, in either format, only the errors and warnings are printed
/// (no notes, no summary or [`GameLine`]: nothing for a clean game), and
/// the totals. Either way the run
/// ends with the [`Totals`] line on standard error.
///
/// # Errors
///
/// A failure to write.
pub fn run(
    out: &mut impl Write,
    files: &[PathBuf],
    options: Options,
    quiet: bool,
    format: Format,
) -> Result<Status, CliError> {
    let options = Options {
        keep_plies: false,
        ..options
    };
    let mut command = Validate {
        out,
        diagnostics: Diagnostics::for_stdout(),
        quiet,
        format,
        totals: Totals::default(),
        matches: Matches::default(),
        input: String::new(),
    };
    let status = for_each_validated(files, options, &mut command)?;
    command.undecided_matches()?;
    let Validate { out, totals, .. } = command;
    stream::finish(out, format, &totals.line(), &totals)?;
    Ok(status)
}

/// The validate command as it goes: where it writes, how, and what it
/// has counted.
struct Validate<'w, W> {
    out: &'w mut W,
    diagnostics: Diagnostics,
    quiet: bool,
    format: Format,
    totals: Totals,
    /// The matches (`Partie` tags) of the input being read.
    matches: Matches,
    /// The input being read.
    input: String,
}

impl<W: Write> EachGame<Validated> for Validate<'_, W> {
    fn game(
        &mut self,
        name: &str,
        game: usize,
        validated: &mut Validated,
    ) -> Result<Status, CliError> {
        if self.input != name {
            self.undecided_matches()?;
            name.clone_into(&mut self.input);
        }
        let report = &validated.report;
        self.totals.count(report);
        match self.format {
            Format::Human => human(
                self.out,
                &self.diagnostics,
                self.quiet,
                name,
                game,
                validated,
            )?,
            Format::Json => {
                for finding in &report.findings {
                    if self.quiet && finding.severity == Severity::Note {
                        continue;
                    }
                    write_json(self.out, &FindingLine::new(name, game, finding))?;
                }
                if !self.quiet {
                    write_json(self.out, &game_line(name, game, report))?;
                }
            }
        }
        // A game of a match has its `Partie` tag in its tree (the
        // validator builds one for every such game).
        if let Some(parsed) = &validated.parsed
            && let Some(state) = self.matches.add(parsed, report)
        {
            self.match_game(name, Some(game), parsed, &state)?;
        }
        Ok(status_of(report))
    }

    fn unreadable(&mut self, error: &CliError) -> Result<(), CliError> {
        self.totals.unreadable += 1;
        stream::unreadable(self.out, self.format, error)
    }

    fn flush(&mut self) -> Result<(), CliError> {
        self.out.flush()?;
        Ok(())
    }
}

impl<W: Write> Validate<'_, W> {
    /// Where a game (`None`: the end of the input) leaves its match: its
    /// finding, if it does not fit, then the match's totals or result.
    fn match_game(
        &mut self,
        name: &str,
        game: Option<usize>,
        parsed: &ParsedRecord,
        state: &MatchGame,
    ) -> Result<(), CliError> {
        if let Some(finding) = &state.finding {
            *self
                .totals
                .warnings
                .entry(finding.kind.as_str())
                .or_default() += 1;
            match self.format {
                Format::Human => {
                    let text = self.diagnostics.render(name, parsed, finding.into());
                    self.out.write_all(text.as_bytes())?;
                }
                Format::Json => {
                    write_json(
                        self.out,
                        &FindingLine::new(name, game.unwrap_or_default(), finding),
                    )?;
                }
            }
        }
        self.match_line(name, game, state)
    }

    /// The line of a match's totals or result.
    fn match_line(
        &mut self,
        name: &str,
        game: Option<usize>,
        state: &MatchGame,
    ) -> Result<(), CliError> {
        if self.quiet {
            return Ok(());
        }
        let undecided = if game.is_none() { "not decided " } else { "" };
        let summary = format!("{undecided}{}", state.summary());
        match self.format {
            Format::Human => match game {
                Some(game) => writeln!(
                    self.out,
                    "{name}: game {game}: Partie \"{}\": {summary}",
                    state.name
                )?,
                None => writeln!(self.out, "{name}: Partie \"{}\": {summary}", state.name)?,
            },
            Format::Json => write_json(
                self.out,
                &PartieLine {
                    kind: "partie",
                    file: name,
                    game,
                    partie: &state.name,
                    games: state.games,
                    south: state.totals[0],
                    north: state.totals[1],
                    target: state.target,
                    winner: state.winner,
                    summary,
                },
            )?,
        }
        Ok(())
    }

    /// Ends the matches of the input read so far: each one not won gets
    /// a line saying so.
    fn undecided_matches(&mut self) -> Result<(), CliError> {
        let matches = std::mem::take(&mut self.matches);
        let name = std::mem::take(&mut self.input);
        for state in matches.undecided() {
            self.match_line(&name, None, &state)?;
        }
        Ok(())
    }
}

/// A match's totals after a game of it (or, `game` null, at the end of
/// its input when it is not decided), in the JSON format: `"type":
/// "partie"`.
#[derive(Debug, Serialize)]
pub struct PartieLine<'a> {
    /// Always `partie`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1; `null` at the end of the
    /// input.
    pub game: Option<usize>,
    /// The match's name, its `Partie` tag.
    pub partie: &'a str,
    /// The games of the match that count so far.
    pub games: usize,
    /// South's points so far (the sides of the match's first game).
    pub south: u16,
    /// North's points so far.
    pub north: u16,
    /// The points needed to win.
    pub target: u16,
    /// The winner of the match, or `null`.
    pub winner: Option<Player>,
    /// The summary, as the human format prints it.
    pub summary: String,
}

/// [`Status::Findings`] when a finding is an error.
pub fn status_of(report: &Report) -> Status {
    if report.has_errors() {
        Status::Findings
    } else {
        Status::Success
    }
}

/// Prints the findings of one game, then its summary line:
/// `FILE: game N: valid; South wins 50:22 (North cannot move)`. With
/// `quiet`, only its errors and warnings.
fn human(
    out: &mut impl Write,
    diagnostics: &Diagnostics,
    quiet: bool,
    name: &str,
    game: usize,
    validated: &Validated,
) -> Result<(), CliError> {
    let report = &validated.report;
    // A game with findings comes parsed or with its text.
    let source: Option<Source<'_>> = match (&validated.parsed, &validated.text) {
        (Some(parsed), _) => Some(parsed.into()),
        (None, Some(text)) => Some(text.into()),
        (None, None) => None,
    };
    if let Some(source) = source {
        for finding in &report.findings {
            if quiet && finding.severity == Severity::Note {
                continue;
            }
            out.write_all(diagnostics.render(name, source, finding.into()).as_bytes())?;
        }
    }
    if !quiet {
        writeln!(out, "{name}: game {game}: {}", verdict(report))?;
    }
    Ok(())
}

/// `valid`, `valid (1 warning)` or `invalid (2 errors, 1 warning)`, then
/// `; ` and the report's summary.
fn verdict(report: &Report) -> String {
    let errors = report.error_count();
    let warnings = report.warning_count();
    let mut counts = Vec::new();
    if errors > 0 {
        counts.push(plural(errors, "error"));
    }
    if warnings > 0 {
        counts.push(plural(warnings, "warning"));
    }
    let mut text = String::from(if errors > 0 { "invalid" } else { "valid" });
    if !counts.is_empty() {
        text.push_str(&format!(" ({})", counts.join(", ")));
    }
    text.push_str("; ");
    text.push_str(&report.summary());
    text
}

/// A game's verdict in one word: `valid` (no error, no warning),
/// `valid-with-warnings` or `invalid` (an error).
fn verdict_word(report: &Report) -> &'static str {
    if report.error_count() > 0 {
        "invalid"
    } else if report.warning_count() > 0 {
        "valid-with-warnings"
    } else {
        "valid"
    }
}

/// One finding in the JSON format: `"type": "finding"`, the file and game
/// it is in, then the finding as the JSON document has it (where, and
/// what).
#[derive(Debug, Serialize)]
pub struct FindingLine<'a> {
    /// Always `finding`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// Line, column, ply, move, variation, severity, kind and message.
    #[serde(flatten)]
    pub finding: &'a Finding,
}

impl<'a> FindingLine<'a> {
    /// The line of `finding` in game `game` of `file`.
    pub fn new(file: &'a str, game: usize, finding: &'a Finding) -> FindingLine<'a> {
        FindingLine {
            kind: "finding",
            file,
            game,
            finding,
        }
    }
}

/// One game in the JSON format, after its findings: `"type": "game"`,
/// where it is, its verdict, its result (`south`, `north`, `winner`,
/// `reason` as in the JSON document), the summary the human format
/// prints, and its counts of findings.
#[derive(Debug, Serialize)]
pub struct GameLine<'a, R> {
    /// Always `game`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// `valid`, `valid-with-warnings` or `invalid`.
    pub verdict: &'static str,
    /// The score and how the game ended ([`Report::json_result`]).
    #[serde(flatten)]
    pub result: R,
    /// The summary, as the human format prints it.
    pub summary: String,
    /// The number of errors.
    pub errors: usize,
    /// The number of warnings.
    pub warnings: usize,
    /// The number of notes.
    pub notes: usize,
}

/// The line of game `game` of `file`.
pub fn game_line<'a>(file: &'a str, game: usize, report: &Report) -> GameLine<'a, impl Serialize> {
    GameLine {
        kind: "game",
        file,
        game,
        verdict: verdict_word(report),
        result: report.json_result(),
        summary: report.summary(),
        errors: report.error_count(),
        warnings: report.warning_count(),
        notes: report.note_count(),
    }
}

/// What a run counted: games by verdict, errors and warnings by kind, and
/// the inputs that could not be read. Printed on standard error as
/// `totals: 3 games: 1 valid, 1 with warnings, 1 invalid; 2 errors
/// (1 capture-mismatch, 1 wrong-player), 1 warning (1 unannotated-capture);
/// 0 inputs not read`.
#[derive(Debug, Default)]
pub struct Totals {
    games: usize,
    valid: usize,
    with_warnings: usize,
    invalid: usize,
    errors: BTreeMap<&'static str, usize>,
    warnings: BTreeMap<&'static str, usize>,
    unreadable: usize,
}

impl Totals {
    /// Counts one game.
    fn count(&mut self, report: &Report) {
        self.games += 1;
        match verdict_word(report) {
            "invalid" => self.invalid += 1,
            "valid-with-warnings" => self.with_warnings += 1,
            _ => self.valid += 1,
        }
        for finding in &report.findings {
            let by_kind = match finding.severity {
                Severity::Error => &mut self.errors,
                Severity::Warning => &mut self.warnings,
                Severity::Note => continue,
            };
            *by_kind.entry(finding.kind.as_str()).or_default() += 1;
        }
    }

    /// The totals as the JSON format's last object.
    fn line(&self) -> TotalsLine<'_> {
        TotalsLine {
            kind: "totals",
            games: self.games,
            valid: self.valid,
            with_warnings: self.with_warnings,
            invalid: self.invalid,
            errors: self.errors.values().sum(),
            warnings: self.warnings.values().sum(),
            errors_by_kind: &self.errors,
            warnings_by_kind: &self.warnings,
            unreadable_inputs: self.unreadable,
        }
    }
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let by_kind = |word: &str, counts: &BTreeMap<&'static str, usize>| {
            let mut text = plural(counts.values().sum(), word);
            if !counts.is_empty() {
                let kinds: Vec<String> = counts
                    .iter()
                    .map(|(kind, n)| format!("{n} {kind}"))
                    .collect();
                let _ = write!(text, " ({})", kinds.join(", "));
            }
            text
        };
        write!(
            f,
            "totals: {}: {} valid, {} with warnings, {} invalid; {}, {}; {} not read",
            plural(self.games, "game"),
            self.valid,
            self.with_warnings,
            self.invalid,
            by_kind("error", &self.errors),
            by_kind("warning", &self.warnings),
            plural(self.unreadable, "input"),
        )
    }
}

/// The totals in the JSON format: `"type": "totals"`, then the counts.
#[derive(Debug, Serialize)]
pub struct TotalsLine<'a> {
    /// Always `totals`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Games read.
    pub games: usize,
    /// Games without errors or warnings.
    pub valid: usize,
    /// Games with warnings but no errors.
    pub with_warnings: usize,
    /// Games with errors.
    pub invalid: usize,
    /// Errors in all games.
    pub errors: usize,
    /// Warnings in all games.
    pub warnings: usize,
    /// Errors by kind, such as `{"capture-mismatch": 2}`.
    pub errors_by_kind: &'a BTreeMap<&'static str, usize>,
    /// Warnings by kind.
    pub warnings_by_kind: &'a BTreeMap<&'static str, usize>,
    /// Inputs that could not be read (or not to the end).
    pub unreadable_inputs: usize,
}
