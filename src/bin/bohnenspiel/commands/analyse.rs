//! `bohnenspiel analyse [--format human|json] [--nodes N] [--engine
//! DEPTH] [--write] [--variant V] [--endless E] [FILE…]`: the value of
//! every ply, and a verdict on every judgement of each record; or, with
//! `--write`, the records with their values written in.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig};
use bohnenspiel::analysis::review::{Assessment, PlyReview, Reviewer};
use bohnenspiel::analysis::{
    Analyser, Analysis, AnalysisError, Judgement, JudgementKind, LineValues, PlyValue, Verdict,
};
use bohnenspiel::notation::ParsedRecord;
use bohnenspiel::validate::{Options, Severity};
use bohnenspiel::{Player, Position, Score};
use serde::Serialize;

use crate::cli::{Format, PositionSource};
use crate::commands::position::{DefaultPly, resolve};
use crate::commands::validate::FindingLine;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::error::{CliError, usage};
use crate::input::{EachGame, for_each_parsed};
use crate::status::Status;
use crate::stream::{self, plural, write_json};

/// The nodes each value may take unless `--nodes` says otherwise.
pub const DEFAULT_NODES: u64 = 1_000_000;

/// What the command prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// The analysis, in this format.
    Report(Format),
    /// `--write`: each record with its values and verdicts written in
    /// ([`Analysis::write_values`]).
    Write,
}

/// Analyses every game and prints what it finds as it is done.
///
/// In the human format: each judgement as `FILE:LINE:COL: VERDICT:
/// MESSAGE` with its source line, then the value before and after each
/// ply of each line, then a summary line per game. In the JSON format: a
/// [`JudgementLine`] per judgement, a [`PlyLine`] per ply, a [`GameLine`]
/// per game, and a [`TotalsLine`] at the end. With [`Output::Write`]:
/// each record in canonical form with its values written in, separated
/// by blank lines (a record that cannot be analysed unchanged, and why on
/// standard error). Either way the run ends with the totals line on
/// standard error.
///
/// # Errors
///
/// A failure to write.
pub fn run(
    out: &mut impl Write,
    files: &[PathBuf],
    options: Options,
    nodes: Option<u64>,
    output: Output,
    review: Option<(u32, u8)>,
    at: Option<&PositionSource>,
) -> Result<Status, CliError> {
    let limits = Limits::nodes(nodes.unwrap_or(DEFAULT_NODES));
    let reviewer = review.map(|(depth, loss)| {
        let reviewer = Reviewer::new(
            Engine::new(options.rules, EngineConfig::default()),
            Limits::depth(depth.max(1)),
            loss,
        );
        // Written estimates must be the same when searched again.
        if output == Output::Write {
            reviewer.fresh()
        } else {
            reviewer
        }
    });
    let format = match output {
        Output::Report(format) => format,
        Output::Write => Format::Human,
    };
    let mut command = Analyse {
        out,
        diagnostics: Diagnostics::for_stdout(),
        format,
        write: output == Output::Write,
        written: 0,
        reviewer,
        analyser: Analyser::new(options, limits),
        totals: Totals::default(),
        from: None,
    };
    let status = match at {
        None => for_each_parsed(files, &mut command)?,
        Some(source) => {
            let resolved = resolve(command.out, source, &options, DefaultPly::Start)?;
            let Some((name, mut parsed)) = resolved.parsed else {
                return Err(usage(format_args!("--ply needs a record file")));
            };
            let ply = source.ply.unwrap_or_default();
            command.from = Some(FromPly {
                ply,
                label: source.line.as_deref().map(str::to_ascii_uppercase),
                plies: resolved
                    .line
                    .iter()
                    .map(|&(index, start)| (start, index))
                    .collect(),
                position: resolved.position,
            });
            command.game(&name, source.game, &mut parsed)?
        }
    };
    let Analyse { out, totals, .. } = command;
    stream::finish(out, format, &totals.line(), &totals)?;
    Ok(status)
}

/// The analyse command as it goes.
struct Analyse<'w, W> {
    out: &'w mut W,
    diagnostics: Diagnostics,
    format: Format,
    /// `--write`: records with their values, instead of the analysis.
    write: bool,
    /// The records written so far.
    written: usize,
    /// `--engine`: the review of every ply.
    reviewer: Option<Reviewer>,
    analyser: Analyser,
    totals: Totals,
    /// `--ply`: the line and ply the analysis starts from.
    from: Option<FromPly>,
}

/// One line of a game from a ply on, as `--ply` (and `--line`) choose it.
struct FromPly {
    /// The ply it starts after.
    ply: usize,
    /// The variation's label, `None` for the main line.
    label: Option<String>,
    /// The replayed plies of the line from the start of the game, by where
    /// they are written, with their numbers.
    plies: HashMap<usize, usize>,
    /// The position after the ply.
    position: Position,
}

impl FromPly {
    /// `the main line`, `line B`.
    fn line_name(&self) -> String {
        match &self.label {
            Some(label) => format!("line {label}"),
            None => "the main line".to_owned(),
        }
    }

    /// The analysis of the chosen line from the ply on: its plies after
    /// it (one line), the judgements made at them, and the position after
    /// the ply as the start with its value.
    fn apply(&self, mut analysis: Analysis) -> Analysis {
        let mut kept: Vec<(Option<String>, PlyValue)> = Vec::new();
        let mut start_value = analysis.start_value;
        for line in &analysis.lines {
            for ply in &line.plies {
                match self.plies.get(&ply.span.start) {
                    Some(&index) if index > self.ply => {
                        kept.push((line.variation.clone(), ply.clone()));
                    }
                    Some(&index) if index == self.ply => start_value = ply.after.clone(),
                    _ => {}
                }
            }
        }
        kept.sort_by_key(|(_, ply)| ply.index);
        if let Some((_, first)) = kept.first() {
            start_value = first.before.clone();
        }
        let places: HashSet<(Option<&str>, usize)> = kept
            .iter()
            .map(|(variation, ply)| (variation.as_deref(), ply.index))
            .collect();
        analysis.judgements.retain(|judgement| {
            judgement
                .ply
                .is_some_and(|ply| places.contains(&(judgement.variation.as_deref(), ply)))
        });
        analysis.start = self.position;
        analysis.start_value = start_value;
        analysis.lines = vec![LineValues {
            variation: self.label.clone(),
            plies: kept.into_iter().map(|(_, ply)| ply).collect(),
        }];
        analysis
    }
}

impl<W: Write> EachGame<ParsedRecord> for Analyse<'_, W> {
    fn game(
        &mut self,
        name: &str,
        game: usize,
        parsed: &mut ParsedRecord,
    ) -> Result<Status, CliError> {
        self.totals.games += 1;
        match self.analyser.analyse(parsed) {
            Ok(analysis) => {
                let analysis = match &self.from {
                    Some(from) => from.apply(analysis),
                    None => analysis,
                };
                // The engine reviews under the rules the record is
                // analysed by (its `Rules` tag's, else the options').
                if let Some(reviewer) = self.reviewer.as_mut() {
                    reviewer.set_rules(analysis.rules);
                }
                self.totals.count(&analysis);
                match self.format {
                    _ if self.write => self.write_record(parsed, &analysis)?,
                    Format::Human => self.human(name, game, parsed, &analysis)?,
                    Format::Json => self.json(name, game, &analysis)?,
                }
                Ok(if analysis.is_contradicted() {
                    Status::Findings
                } else {
                    Status::Success
                })
            }
            Err(error) => {
                self.totals.not_analysed += 1;
                self.not_analysed(name, game, parsed, &error)?;
                Ok(Status::Failure)
            }
        }
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

impl<W: Write> Analyse<'_, W> {
    /// The record with its values and verdicts written in.
    fn write_record(
        &mut self,
        parsed: &mut ParsedRecord,
        analysis: &Analysis,
    ) -> Result<(), CliError> {
        let reviews: Vec<_> = match self.reviewer.as_mut() {
            Some(reviewer) => analysis
                .lines
                .iter()
                .map(|line| reviewer.review(line))
                .collect(),
            None => Vec::new(),
        };
        let depth = self
            .reviewer
            .as_ref()
            .and_then(Reviewer::depth_after)
            .unwrap_or_default();
        // Written in place: the record as read is not needed again.
        analysis.write_values(&mut parsed.record, &reviews, depth);
        self.print_record(parsed)
    }

    /// A record as written, after a blank line unless it is the first.
    fn print_record(&mut self, parsed: &ParsedRecord) -> Result<(), CliError> {
        if self.written > 0 {
            writeln!(self.out)?;
        }
        self.written += 1;
        self.out
            .write_all(parsed.print_keeping_unparsed().as_bytes())?;
        Ok(())
    }

    /// The human form of one game's analysis.
    fn human(
        &mut self,
        name: &str,
        game: usize,
        parsed: &ParsedRecord,
        analysis: &Analysis,
    ) -> Result<(), CliError> {
        for judgement in &analysis.judgements {
            let text = self.diagnostics.render_labelled(
                name,
                parsed,
                diagnostic(judgement),
                Some(judgement.verdict.as_str()),
            );
            self.out.write_all(text.as_bytes())?;
        }
        match &self.from {
            Some(from) => writeln!(
                self.out,
                "{name}: game {game}: {} after ply {}: {}, value {}",
                from.line_name(),
                from.ply,
                analysis.start,
                value_text(&analysis.start_value)
            )?,
            None => writeln!(
                self.out,
                "{name}: game {game}: start {}, value {}",
                analysis.start,
                value_text(&analysis.start_value)
            )?,
        }
        for line in &analysis.lines {
            match &line.variation {
                None => writeln!(self.out, "  main line:")?,
                Some(label) => writeln!(self.out, "  variation ({label}):")?,
            }
            let review = self.reviewer.as_mut().map(|reviewer| reviewer.review(line));
            for (index, ply) in line.plies.iter().enumerate() {
                match review.as_ref().and_then(|review| review.get(index)) {
                    Some(reviewed) => writeln!(
                        self.out,
                        "    {:<9} {} -> {}{}",
                        ply_label(ply),
                        reviewed.before,
                        reviewed.after,
                        loss_text(reviewed)
                    )?,
                    None => writeln!(
                        self.out,
                        "    {:<9} {} -> {}",
                        ply_label(ply),
                        value_text(&ply.before),
                        value_text(&ply.after)
                    )?,
                }
            }
        }
        writeln!(self.out, "{name}: game {game}: {}", summary(analysis))?;
        Ok(())
    }

    /// The JSON form of one game's analysis.
    fn json(&mut self, name: &str, game: usize, analysis: &Analysis) -> Result<(), CliError> {
        for judgement in &analysis.judgements {
            write_json(self.out, &JudgementLine::new(name, game, judgement))?;
        }
        for line in &analysis.lines {
            let review = self.reviewer.as_mut().map(|reviewer| reviewer.review(line));
            for (index, ply) in line.plies.iter().enumerate() {
                let mut document = PlyLine::new(name, game, line.variation.as_deref(), ply);
                document.review = review
                    .as_ref()
                    .and_then(|review| review.get(index))
                    .map(ReviewDocument::from);
                write_json(self.out, &document)?;
            }
        }
        write_json(self.out, &GameLine::new(name, game, analysis))?;
        Ok(())
    }

    /// A record that cannot be analysed: its validation errors as
    /// `validate` shows them, then why.
    fn not_analysed(
        &mut self,
        name: &str,
        game: usize,
        parsed: &ParsedRecord,
        error: &AnalysisError,
    ) -> Result<(), CliError> {
        let errors = match error {
            AnalysisError::Invalid { errors } => errors.as_slice(),
            _ => &[],
        };
        let message = match error {
            AnalysisError::UnknownStart { .. } => {
                "the Setup tag says the start position is unknown (\"?\"): a record needs a start position to be analysed".to_owned()
            }
            AnalysisError::Invalid { errors } => format!(
                "validation finds {} error{}: a record is analysed only when it validates",
                errors.len(),
                if errors.len() == 1 { "" } else { "s" }
            ),
            _ => error.to_string(),
        };
        if self.write {
            // The record unchanged; why on standard error.
            self.print_record(parsed)?;
            self.out.flush()?;
            let diagnostics = Diagnostics::for_stderr();
            let mut text = String::new();
            for finding in errors {
                text.push_str(&diagnostics.render(name, parsed, finding.into()));
            }
            let mut stderr = std::io::stderr().lock();
            stderr.write_all(text.as_bytes())?;
            writeln!(stderr, "{name}: game {game}: not analysed: {message}")?;
            return Ok(());
        }
        match self.format {
            Format::Human => {
                for finding in errors {
                    let text = self.diagnostics.render(name, parsed, finding.into());
                    self.out.write_all(text.as_bytes())?;
                }
                writeln!(self.out, "{name}: game {game}: not analysed: {message}")?;
            }
            Format::Json => {
                for finding in errors {
                    write_json(self.out, &FindingLine::new(name, game, finding))?;
                }
                write_json(
                    self.out,
                    &NotAnalysedLine {
                        kind: "not-analysed",
                        file: name,
                        game,
                        message,
                    },
                )?;
            }
        }
        Ok(())
    }
}

/// A judgement as the renderer shows it: contradicted in the colour of
/// an error, unanalysed of a warning, confirmed of a note.
fn diagnostic(judgement: &Judgement) -> Diagnostic<'_> {
    Diagnostic {
        severity: match judgement.verdict {
            Verdict::Confirmed => Severity::Note,
            Verdict::Unanalysed => Severity::Warning,
            Verdict::Contradicted => Severity::Error,
        },
        message: &judgement.message,
        span: judgement.span,
        location: judgement.location,
    }
}

/// `3. 6`, `2... 11`, `4... -`.
fn ply_label(ply: &PlyValue) -> String {
    let hole = ply
        .mv
        .map_or_else(|| "-".to_owned(), |mv| mv.hole().to_string());
    match ply.player {
        Player::South => format!("{}. {hole}", ply.number),
        Player::North => format!("{}... {hole}", ply.number),
    }
}

/// `draw 36:36`, `North wins 34:38` ([`Score::in_words`]), or
/// `unanalysed`.
fn value_text(value: &Result<Score, AnalysisError>) -> String {
    match value {
        Ok(score) => score.in_words().to_string(),
        Err(_) => "unanalysed".to_owned(),
    }
}

/// `  <- loses 6 in the difference`, `  <- changes the result (loses 4
/// in the difference)` for a ply that loses value; nothing otherwise.
fn loss_text(review: &PlyReview) -> String {
    if !review.loses_value {
        return String::new();
    }
    let loss = review.loss.unwrap_or_default();
    if review.changes_result {
        format!("  <- changes the result (loses {loss} in the difference)")
    } else {
        format!("  <- loses {loss} in the difference")
    }
}

/// `1 ply`, `2 plies`.
fn plies_text(n: usize) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// `18 judgements: 17 confirmed, 1 contradicted, 0 unanalysed; 55 plies,
/// 0 unanalysed`.
fn summary(analysis: &Analysis) -> String {
    let plies: usize = analysis.lines.iter().map(|line| line.plies.len()).sum();
    format!(
        "{}: {} confirmed, {} contradicted, {} unanalysed; {}, {} unanalysed",
        plural(analysis.judgements.len(), "judgement"),
        analysis.count(Verdict::Confirmed),
        analysis.count(Verdict::Contradicted),
        analysis.count(Verdict::Unanalysed),
        plies_text(plies),
        analysis.unanalysed_plies(),
    )
}

/// A score as JSON: `{"south": S, "north": N}`.
#[derive(Debug, Serialize)]
pub struct ScoreDocument {
    /// South's beans.
    pub south: u8,
    /// North's beans.
    pub north: u8,
}

/// A value as JSON: the score, or `null` when it is unanalysed.
fn score_document(value: &Result<Score, AnalysisError>) -> Option<ScoreDocument> {
    value.as_ref().ok().map(|score| ScoreDocument {
        south: score.south,
        north: score.north,
    })
}

/// One judgement in the JSON format: `"type": "judgement"`, where it is
/// (as a finding of `validate`), its kind, verdict, claim, message and
/// the line that shows a contradiction.
#[derive(Debug, Serialize)]
pub struct JudgementLine<'a> {
    /// Always `judgement`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// Line from 1.
    pub line: usize,
    /// Column from 1, in characters.
    pub column: usize,
    /// The ply, or `null` for the stipulation.
    pub ply: Option<usize>,
    /// The move number, or `null`.
    #[serde(rename = "move")]
    pub move_number: Option<u32>,
    /// The variation, or `null` for the main line.
    pub variation: Option<&'a str>,
    /// The kind of judgement, such as `mark` or `other-move`.
    pub judgement: JudgementKind,
    /// `confirmed`, `contradicted` or `unanalysed`.
    pub verdict: Verdict,
    /// The judgement as the record states it, such as `3. 6!!`.
    pub claim: &'a str,
    /// The message, as the human format prints it.
    pub message: &'a str,
    /// The line (hole numbers) that shows a contradiction; empty if none.
    pub moves: Vec<u8>,
}

impl<'a> JudgementLine<'a> {
    /// The line of `judgement` in game `game` of `file`.
    pub fn new(file: &'a str, game: usize, judgement: &'a Judgement) -> JudgementLine<'a> {
        JudgementLine {
            kind: "judgement",
            file,
            game,
            line: judgement.location.line,
            column: judgement.location.column,
            ply: judgement.ply,
            move_number: judgement.move_number,
            variation: judgement.variation.as_deref(),
            judgement: judgement.kind,
            verdict: judgement.verdict,
            claim: &judgement.claim,
            message: &judgement.message,
            moves: judgement.line.iter().map(|mv| mv.hole().number()).collect(),
        }
    }
}

/// One ply in the JSON format: `"type": "ply"`, where it is, who played
/// what, and its values before and after it (`null` when unanalysed, with
/// the reason in `unanalysed`).
#[derive(Debug, Serialize)]
pub struct PlyLine<'a> {
    /// Always `ply`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// The variation, or `null` for the main line.
    pub variation: Option<&'a str>,
    /// The ply number along its line, from 1.
    pub ply: usize,
    /// The move number.
    #[serde(rename = "move")]
    pub move_number: u32,
    /// `south` or `north`.
    pub player: Player,
    /// The hole sown from, or `null` for a written pass.
    pub hole: Option<u8>,
    /// Line from 1.
    pub line: usize,
    /// Column from 1, in characters.
    pub column: usize,
    /// The position before the ply, as a setup string.
    pub position: String,
    /// The value before the ply, or `null`.
    pub before: Option<ScoreDocument>,
    /// The value after the ply, or `null`.
    pub after: Option<ScoreDocument>,
    /// Why a value is missing, or `null`.
    pub unanalysed: Option<String>,
    /// With `--engine`: the ply's review (left out without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<ReviewDocument>,
}

/// A reviewed value as JSON: `{"kind": "exact", "south": S, "north": N}`,
/// `{"kind": "engine", "difference": D, "depth": D}` (South's final beans
/// minus North's) or `{"kind": "none"}`.
#[derive(Debug, Serialize)]
pub struct AssessmentDocument {
    /// `exact`, `engine` or `none`.
    pub kind: &'static str,
    /// South's final beans, when exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<u8>,
    /// North's final beans, when exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<u8>,
    /// South's final beans minus North's, as the engine estimates it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<i32>,
    /// The engine's depth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

impl From<Assessment> for AssessmentDocument {
    fn from(assessment: Assessment) -> AssessmentDocument {
        let empty = AssessmentDocument {
            kind: "none",
            south: None,
            north: None,
            difference: None,
            depth: None,
        };
        match assessment {
            Assessment::Exact(score) => AssessmentDocument {
                kind: "exact",
                south: Some(score.south),
                north: Some(score.north),
                ..empty
            },
            Assessment::Estimate { difference, depth } => AssessmentDocument {
                kind: "engine",
                difference: Some(difference),
                depth: Some(depth),
                ..empty
            },
            Assessment::Missing => empty,
        }
    }
}

/// A ply's review as JSON: its values before and after, the beans its
/// player lost, and whether it loses value.
#[derive(Debug, Serialize)]
pub struct ReviewDocument {
    /// The value before the ply.
    pub before: AssessmentDocument,
    /// The value after it.
    pub after: AssessmentDocument,
    /// What the final difference from its player's view fell by
    /// (negative: rose), or `null`.
    pub loss: Option<i32>,
    /// Whether it changed the result for its player.
    pub changes_result: bool,
    /// Whether it loses value (changes the result, or its loss is more
    /// than `--loss`).
    pub loses_value: bool,
}

impl From<&PlyReview> for ReviewDocument {
    fn from(review: &PlyReview) -> ReviewDocument {
        ReviewDocument {
            before: review.before.into(),
            after: review.after.into(),
            loss: review.loss,
            changes_result: review.changes_result,
            loses_value: review.loses_value,
        }
    }
}

impl<'a> PlyLine<'a> {
    /// The line of `ply` of `variation` in game `game` of `file`.
    pub fn new(
        file: &'a str,
        game: usize,
        variation: Option<&'a str>,
        ply: &PlyValue,
    ) -> PlyLine<'a> {
        PlyLine {
            kind: "ply",
            file,
            game,
            variation,
            ply: ply.index,
            move_number: ply.number,
            player: ply.player,
            hole: ply.mv.map(|mv| mv.hole().number()),
            line: ply.location.line,
            column: ply.location.column,
            position: ply.position_before.to_string(),
            before: score_document(&ply.before),
            after: score_document(&ply.after),
            unanalysed: ply
                .before
                .as_ref()
                .err()
                .or(ply.after.as_ref().err())
                .map(ToString::to_string),
            review: None,
        }
    }
}

/// One game in the JSON format, after its judgements and plies:
/// `"type": "game"`, its start and value, and its counts.
#[derive(Debug, Serialize)]
pub struct GameLine<'a> {
    /// Always `game`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// The start position, as a setup string.
    pub start: String,
    /// Its value, or `null` when unanalysed.
    pub value: Option<ScoreDocument>,
    /// The number of judgements.
    pub judgements: usize,
    /// Those confirmed.
    pub confirmed: usize,
    /// Those contradicted.
    pub contradicted: usize,
    /// Those unanalysed.
    pub unanalysed: usize,
    /// The plies of all lines.
    pub plies: usize,
    /// The plies with a value not found.
    pub unanalysed_plies: usize,
    /// The summary, as the human format prints it.
    pub summary: String,
}

impl<'a> GameLine<'a> {
    /// The line of game `game` of `file`.
    pub fn new(file: &'a str, game: usize, analysis: &Analysis) -> GameLine<'a> {
        GameLine {
            kind: "game",
            file,
            game,
            start: analysis.start.to_string(),
            value: score_document(&analysis.start_value),
            judgements: analysis.judgements.len(),
            confirmed: analysis.count(Verdict::Confirmed),
            contradicted: analysis.count(Verdict::Contradicted),
            unanalysed: analysis.count(Verdict::Unanalysed),
            plies: analysis.lines.iter().map(|line| line.plies.len()).sum(),
            unanalysed_plies: analysis.unanalysed_plies(),
            summary: summary(analysis),
        }
    }
}

/// A game that cannot be analysed, in the JSON format (after its
/// validation errors, as `finding` objects): `"type": "not-analysed"`.
#[derive(Debug, Serialize)]
pub struct NotAnalysedLine<'a> {
    /// Always `not-analysed`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// Why, as the human format prints it.
    pub message: String,
}

/// What a run counted.
#[derive(Debug, Default)]
struct Totals {
    games: usize,
    not_analysed: usize,
    confirmed: usize,
    contradicted: usize,
    unanalysed: usize,
    plies: usize,
    unanalysed_plies: usize,
    unreadable: usize,
}

impl Totals {
    fn count(&mut self, analysis: &Analysis) {
        self.confirmed += analysis.count(Verdict::Confirmed);
        self.contradicted += analysis.count(Verdict::Contradicted);
        self.unanalysed += analysis.count(Verdict::Unanalysed);
        self.plies += analysis.lines.iter().map(|l| l.plies.len()).sum::<usize>();
        self.unanalysed_plies += analysis.unanalysed_plies();
    }

    fn line(&self) -> TotalsLine {
        TotalsLine {
            kind: "totals",
            games: self.games,
            analysed: self.games - self.not_analysed,
            not_analysed: self.not_analysed,
            judgements: self.confirmed + self.contradicted + self.unanalysed,
            confirmed: self.confirmed,
            contradicted: self.contradicted,
            unanalysed: self.unanalysed,
            plies: self.plies,
            unanalysed_plies: self.unanalysed_plies,
            unreadable_inputs: self.unreadable,
        }
    }
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "totals: {}: {} analysed, {} not analysed; {}: {} confirmed, {} contradicted, {} unanalysed; {}, {} unanalysed; {} not read",
            plural(self.games, "game"),
            self.games - self.not_analysed,
            self.not_analysed,
            plural(
                self.confirmed + self.contradicted + self.unanalysed,
                "judgement"
            ),
            self.confirmed,
            self.contradicted,
            self.unanalysed,
            plies_text(self.plies),
            self.unanalysed_plies,
            plural(self.unreadable, "input"),
        )
    }
}

/// The totals in the JSON format: `"type": "totals"`, then the counts.
#[derive(Debug, Serialize)]
pub struct TotalsLine {
    /// Always `totals`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Games read.
    pub games: usize,
    /// Games analysed.
    pub analysed: usize,
    /// Games that could not be analysed.
    pub not_analysed: usize,
    /// Judgements in all games.
    pub judgements: usize,
    /// Those confirmed.
    pub confirmed: usize,
    /// Those contradicted.
    pub contradicted: usize,
    /// Those unanalysed.
    pub unanalysed: usize,
    /// Plies of all lines of all games.
    pub plies: usize,
    /// Those with a value not found.
    pub unanalysed_plies: usize,
    /// Inputs that could not be read (or not to the end).
    pub unreadable_inputs: usize,
}
