//! Analysing a record: its replay (by validation), the value of every
//! ply, and a verdict for every judgement.

use std::collections::HashMap;

use crate::notation::{
    GroupKind, Label, LineIndex, Location, Mark, ParsedRecord, Span, Variation, WrittenMove,
    WrittenPly,
};
use crate::validate::{
    Finding, FindingKind, Options, ReplayedPly, Report, Severity, Start, validate,
};
use crate::{Move, Player, Position, Score};

use super::judgement::{
    Analysis, Judgement, JudgementKind, LineValues, PlyValue, Verdict, describe,
};
use super::lines::{LineData, Lines};
use super::phrases::{self, OutcomeClaim};
use super::written::{self, Estimator};
use super::{AnalysisError, Limits, Solution, Solver};

/// Analyses records: replays each as [`validate`] does, gives every ply
/// of every line with a known start (main line and variations) its value
/// before and after it, and checks every judgement the record makes
/// against the exact values. See the [module docs](super) for the
/// judgements and the phrases understood.
///
/// Each value is one call of a [`Solver`] within the budget; a value not
/// found within it leaves its plies and judgements unanalysed. The
/// solver's memo is kept from one record to the next.
///
/// ```
/// use bohnenspiel::analysis::{Analyser, Limits, Verdict};
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::Options;
///
/// let text = std::fs::read_to_string("fixtures/shotayev-gentlemen.txt")?;
/// let games = parse_records(&text);
/// let mut analyser = Analyser::new(Options::default(), Limits::nodes(1_000_000));
/// let analysis = analyser.analyse(&games[0])?;
/// let stipulation = &analysis.judgements[0];
/// assert_eq!(stipulation.claim, "South to move and draw");
/// assert_eq!(stipulation.verdict, Verdict::Confirmed);
/// assert_eq!(analysis.count(Verdict::Unanalysed), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Analyser {
    options: Options,
    limits: Limits,
    solver: Solver,
    /// The engine that checks the engine's values written in a record.
    estimator: Estimator,
}

impl Analyser {
    /// An analyser replaying records under `options` (a record's `Rules`
    /// tag wins, as in validation) and solving each value within
    /// `limits`.
    #[must_use]
    pub fn new(options: Options, limits: Limits) -> Analyser {
        let options = Options {
            keep_plies: true,
            ..options
        };
        Analyser {
            options,
            limits,
            solver: Solver::new(options.rules).with_limits(limits),
            estimator: Estimator::default(),
        }
    }

    /// The budget of each value.
    #[must_use]
    pub const fn limits(&self) -> Limits {
        self.limits
    }

    /// Analyses a record from its own start: its `Setup` tag's position,
    /// or the opening when it has none.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::UnknownStart`] for `[Setup "?"]`;
    /// [`AnalysisError::Invalid`] when validation finds an error (an
    /// invalid `Setup` tag among them).
    pub fn analyse(&mut self, parsed: &ParsedRecord) -> Result<Analysis, AnalysisError> {
        let report = validate(parsed, &self.options);
        if report.start == Start::Unknown {
            let location = report
                .findings
                .iter()
                .find(|finding| finding.kind == FindingKind::SyntaxOnly)
                .map(|finding| finding.location)
                .unwrap_or_default();
            return Err(AnalysisError::UnknownStart { location });
        }
        self.finish(parsed, report)
    }

    /// Analyses a record from `start`, whatever its `Setup` tag says (as
    /// [`validate`] replays it with [`Options::start`]): for trying candidate start
    /// positions of a record whose start was lost. A start on which the
    /// record does not replay is an [`AnalysisError::Invalid`].
    ///
    /// ```
    /// use bohnenspiel::analysis::{Analyser, Limits};
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::Options;
    ///
    /// // "5? loses" is right from this start: North then wins 38:34.
    /// let games = parse_records("[Setup \"?\"]\n\n1.  5?  9 (2 from 12)\n");
    /// let mut analyser = Analyser::new(Options::default(), Limits::nodes(100_000));
    /// let start = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
    /// assert!(!analyser.analyse_from(&games[0], start)?.is_contradicted());
    /// // Where 5 is the only move, it keeps the value: contradicted.
    /// let other = "0,0,0,0,2,0/0,0,3,0,0,1 34:32 S".parse()?;
    /// assert!(analyser.analyse_from(&games[0], other)?.is_contradicted());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`AnalysisError::Invalid`] when validation from `start` finds an
    /// error.
    pub fn analyse_from(
        &mut self,
        parsed: &ParsedRecord,
        start: Position,
    ) -> Result<Analysis, AnalysisError> {
        let options = Options {
            start: Some(start),
            ..self.options
        };
        let report = validate(parsed, &options);
        self.finish(parsed, report)
    }

    /// Values and verdicts for a validated record.
    fn finish(&mut self, parsed: &ParsedRecord, report: Report) -> Result<Analysis, AnalysisError> {
        let errors: Vec<Finding> = report
            .findings
            .iter()
            .filter(|finding| finding.severity == Severity::Error)
            .cloned()
            .collect();
        let Some(start) = report.start.position().filter(|_| errors.is_empty()) else {
            return Err(AnalysisError::Invalid { errors });
        };
        if self.solver.rules() != report.rules {
            self.solver = Solver::new(report.rules).with_limits(self.limits);
        }
        let all_lines = Lines::new(start, &report);
        let mut work = Work {
            parsed,
            lines: &all_lines,
            history: Vec::new(),
            variations: parsed
                .record
                .movetext
                .variations
                .iter()
                .map(|variation| (variation.label, variation))
                .collect(),
            solver: &mut self.solver,
            text_lines: parsed.line_index(),
            judgements: Vec::new(),
            alternatives: parsed
                .record
                .all_moves()
                .flat_map(|m| m.turns().map(|(_, turn)| turn))
                .filter(|turn| !turn.alternatives.is_empty())
                .map(|turn| (turn.ply.span.start, turn.alternatives.to_vec()))
                .collect(),
            written: parsed
                .record
                .all_moves()
                .flat_map(|m| m.turns().map(|(_, turn)| (turn.ply.span.start, &turn.ply)))
                .collect(),
        };
        let start_value = work.solver.value(&start, &[]);
        work.stipulations(start);
        let mut lines = Vec::with_capacity(report.variations.len() + 1);
        for i in 0..=report.variations.len() {
            let Some(data) = work.lines.data(i) else {
                continue;
            };
            let variation = match i.checked_sub(1) {
                None => None,
                Some(v) => match report.variations.get(v) {
                    Some(entry) => Some(entry.label),
                    None => continue,
                },
            };
            let mut line = LineWork {
                id: i,
                data,
                values: HashMap::new(),
                solutions: HashMap::new(),
            };
            let name = variation.map(|label| label.as_str().to_owned());
            let plies = work.line_values(&mut line, name.as_deref());
            work.line_judgements(&mut line, variation, name.as_deref());
            written::check_values(
                &work.written,
                &plies,
                name.as_deref(),
                report.rules,
                &mut self.estimator,
                &mut work.judgements,
            );
            if i == 0 {
                work.prose(&mut line);
            }
            lines.push(LineValues {
                variation: name,
                plies,
            });
        }
        let mut judgements = work.judgements;
        judgements.sort_by_key(|judgement| judgement.span.start);
        // Located in text order, so that locating stays linear.
        let mut text_lines = parsed.line_index();
        for judgement in &mut judgements {
            judgement.location = text_lines.locate(judgement.span.start);
        }
        Ok(Analysis {
            rules: report.rules,
            report,
            start,
            start_value,
            lines,
            judgements,
        })
    }
}

/// One line being analysed: its positions, and the values and solutions
/// found for them.
struct LineWork<'l, 'r> {
    /// Which line of [`Lines`] (0: the main line).
    id: usize,
    /// Its positions.
    data: &'l LineData<'r>,
    /// Values found, by position index.
    values: HashMap<usize, Result<Score, AnalysisError>>,
    /// Solutions found, by position index.
    solutions: HashMap<usize, Result<Solution, AnalysisError>>,
}

/// The state of one analysis.
struct Work<'a> {
    parsed: &'a ParsedRecord,
    /// The positions of every line.
    lines: &'a Lines<'a>,
    /// Room for the history of the position being solved.
    history: Vec<Position>,
    /// The record's variations by label (the first of a label).
    variations: HashMap<Label, &'a Variation>,
    solver: &'a mut Solver,
    /// Locates plies for judgements.
    text_lines: LineIndex<'a>,
    judgements: Vec<Judgement>,
    /// The alternatives of each turn that has some, by where its first
    /// ply is written: found once, so that each ply's lookup is quick.
    alternatives: HashMap<usize, Vec<WrittenPly>>,
    /// The first ply of each turn, by where it is written
    /// ([`ReplayedPly::span`]).
    written: HashMap<usize, &'a WrittenPly>,
}

/// `3. 6!!` for South, `2... 10?` for North.
fn numbered(number: u32, player: Player, text: &str) -> String {
    match player {
        Player::South => format!("{number}. {text}"),
        Player::North => format!("{number}... {text}"),
    }
}

/// A written ply as text: `6!!`, `10?`, `-`.
fn ply_text(ply: &WrittenPly) -> String {
    let hole = ply
        .hole
        .map_or_else(|| "-".to_owned(), |hole| hole.to_string());
    match ply.mark {
        Some(mark) => format!("{hole}{mark}"),
        None => hole,
    }
}

/// ` (line: 2 9 3 11)`, or nothing for an empty line.
fn line_text(line: &[Move]) -> String {
    if line.is_empty() {
        return String::new();
    }
    let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
    format!(" (line: {})", moves.join(" "))
}

/// Whether a mark is a judgement of value: `?`, `??`, `!`, `!!` (not
/// `!?`, `?!`).
const fn judges(mark: Mark) -> bool {
    matches!(
        mark,
        Mark::Mistake | Mark::Blunder | Mark::Good | Mark::Brilliant
    )
}

/// Where the parts of a judgement are written.
struct JudgementPlace<'v> {
    span: Span,
    ply: Option<usize>,
    move_number: Option<u32>,
    variation: Option<&'v str>,
}

impl Work<'_> {
    /// Records a judgement.
    fn push(
        &mut self,
        kind: JudgementKind,
        claim: String,
        verdict: (Verdict, String, Vec<Move>),
        place: &JudgementPlace<'_>,
    ) {
        let (verdict, reason, line) = verdict;
        self.judgements.push(Judgement {
            kind,
            verdict,
            message: format!("{claim}: {reason}"),
            claim,
            line,
            span: place.span,
            location: Location::default(),
            ply: place.ply,
            move_number: place.move_number,
            variation: place.variation.map(str::to_owned),
        });
    }

    /// The span of `range` of `text`, where `text` is written inside
    /// `outer` (found in the source); `outer` itself when it is not.
    fn inner_span(&self, outer: Span, text: &str, range: std::ops::Range<usize>) -> Span {
        let parsed = self.parsed;
        let from = outer.start.saturating_sub(parsed.offset);
        let to = outer.end.saturating_sub(parsed.offset);
        match parsed
            .source
            .get(from..to)
            .and_then(|written| written.find(text))
        {
            Some(at) => Span::new(outer.start + at + range.start, outer.start + at + range.end),
            None => outer,
        }
    }

    /// The value of position `at` of `line`.
    fn value(&mut self, line: &mut LineWork<'_, '_>, at: usize) -> Result<Score, AnalysisError> {
        if let Some(value) = line.values.get(&at) {
            return value.clone();
        }
        let value = match line.solutions.get(&at) {
            Some(solution) => solution.as_ref().map(|s| s.value).map_err(Clone::clone),
            None => match self.lines.history(line.id, at, &mut self.history) {
                Ok(()) => self.solver.value(&line.data.positions[at], &self.history),
                Err(error) => Err(error),
            },
        };
        line.values.insert(at, value.clone());
        value
    }

    /// The solution of position `at` of `line`: its value, every move's
    /// and a best line.
    fn solution(
        &mut self,
        line: &mut LineWork<'_, '_>,
        at: usize,
    ) -> Result<Solution, AnalysisError> {
        if let Some(solution) = line.solutions.get(&at) {
            return solution.clone();
        }
        let solution = match self.lines.history(line.id, at, &mut self.history) {
            Ok(()) => self.solver.solve(&line.data.positions[at], &self.history),
            Err(error) => Err(error),
        };
        line.solutions.insert(at, solution.clone());
        solution
    }

    /// The solution of the position after `mv` is played in position
    /// `at` of `line` (with the history that follows), and that position.
    fn solution_after(
        &mut self,
        line: &LineWork<'_, '_>,
        at: usize,
        mv: Move,
    ) -> Option<(Position, Result<Solution, AnalysisError>)> {
        let before = line.data.positions[at];
        let mut after = before;
        after.play(mv).ok()?;
        self.history.clear();
        if after.stores() == before.stores() {
            if let Err(error) = self.lines.history(line.id, at, &mut self.history) {
                return Some((after, Err(error)));
            }
            self.history.push(before);
        }
        Some((after, self.solver.solve(&after, &self.history)))
    }

    /// The judgements of the start position: stipulations in the tags.
    fn stipulations(&mut self, start: Position) {
        let tags = &self.parsed.record.tags;
        let mut found = Vec::new();
        for (tag, claim, range) in phrases::stated_stipulations(tags) {
            let text = tag.value.get(range.clone()).unwrap_or_default().to_owned();
            let span = self.inner_span(tag.span, &text, 0..text.len());
            found.push((claim, text, span));
        }
        for (claim, text, span) in found {
            let verdict = self.stipulation_verdict(start, claim);
            let place = JudgementPlace {
                span,
                ply: None,
                move_number: None,
                variation: None,
            };
            self.push(JudgementKind::Stipulation, text, verdict, &place);
        }
    }

    fn stipulation_verdict(
        &mut self,
        start: Position,
        claim: OutcomeClaim,
    ) -> (Verdict, String, Vec<Move>) {
        if start.turn() != claim.player {
            return (
                Verdict::Contradicted,
                format!("{} is to move in the start position", start.turn()),
                Vec::new(),
            );
        }
        match self.solver.solve(&start, &[]) {
            Ok(solution) => outcome_verdict(claim, &solution),
            Err(error) => unanalysed(error),
        }
    }

    /// The value of every own ply of a line.
    fn line_values(
        &mut self,
        line: &mut LineWork<'_, '_>,
        _variation: Option<&str>,
    ) -> Vec<PlyValue> {
        let own = line.data.own.clone();
        let mut plies = Vec::with_capacity(own.len());
        for (ply, before, after) in own {
            let before_value = self.value(line, before);
            let after_value = self.value(line, after);
            plies.push(PlyValue {
                index: ply.index,
                number: ply.number,
                player: ply.player,
                mv: ply.mv,
                span: ply.span,
                location: self.text_lines.locate(ply.span.start),
                position_before: line.data.positions[before],
                position_after: line.data.positions[after],
                before: before_value,
                after: after_value,
            });
        }
        plies
    }

    /// The judgements of a line's own plies and moves.
    fn line_judgements(
        &mut self,
        line: &mut LineWork<'_, '_>,
        label: Option<Label>,
        variation: Option<&str>,
    ) {
        let own = line.data.own.clone();
        for &(ply, before, after) in &own {
            let place = JudgementPlace {
                span: ply.span,
                ply: Some(ply.index),
                move_number: Some(ply.number),
                variation,
            };
            self.ply_judgements(line, ply, before, after, &place);
        }
        // Endings, on the last ply of their move.
        let moves: &[WrittenMove] = match label {
            None => &self.parsed.record.movetext.moves,
            Some(label) => match self.variations.get(&label) {
                Some(v) => &v.moves,
                None => &[],
            },
        };
        // The own plies by where they are written, for the endings.
        let by_place: HashMap<usize, (&ReplayedPly, usize)> = own
            .iter()
            .map(|&(ply, _, after)| (ply.span.start, (ply, after)))
            .collect();
        for m in moves {
            let Some(ending) = &m.ending else { continue };
            let Some((_, last)) = m.turns().last() else {
                continue;
            };
            let Some(&(ply, after)) = by_place.get(&last.ply.span.start) else {
                continue;
            };
            let Some((claim, range)) = phrases::outcome_claim(&ending.text) else {
                continue;
            };
            let span = self.inner_span(ending.span, &ending.text, range);
            let text = format!(
                "after {}: {}",
                numbered(
                    ply.number,
                    ply.player,
                    &self
                        .written
                        .get(&ply.span.start)
                        .map_or_else(String::new, |written| ply_text(written))
                ),
                claim.describe()
            );
            let verdict = match self.solution(line, after) {
                Ok(solution) => outcome_verdict(claim, &solution),
                Err(error) => unanalysed(error),
            };
            let place = JudgementPlace {
                span,
                ply: Some(ply.index),
                move_number: Some(ply.number),
                variation,
            };
            self.push(JudgementKind::Ending, text, verdict, &place);
        }
    }

    /// Prose after the moves, judged at the end of the main line.
    fn prose(&mut self, line: &mut LineWork<'_, '_>) {
        let Some(prose) = &self.parsed.record.prose else {
            return;
        };
        let end = line.data.positions.len() - 1;
        for (claim, range) in phrases::prose_claims(&prose.text) {
            let span = self.inner_span(prose.span, &prose.text, range);
            let text = format!("at the end of the main line: {}", claim.describe());
            let verdict = match self.solution(line, end) {
                Ok(solution) => outcome_verdict(claim, &solution),
                Err(error) => unanalysed(error),
            };
            let place = JudgementPlace {
                span,
                ply: line.data.own.last().map(|(ply, ..)| ply.index),
                move_number: line.data.own.last().map(|(ply, ..)| ply.number),
                variation: None,
            };
            self.push(JudgementKind::Prose, text, verdict, &place);
        }
    }

    /// The judgements written with one ply: its mark, its alternatives
    /// (and theirs), remarks naming other moves, `wins the remaining
    /// beans`.
    fn ply_judgements(
        &mut self,
        line: &mut LineWork<'_, '_>,
        ply: &ReplayedPly,
        before: usize,
        after: usize,
        place: &JudgementPlace<'_>,
    ) {
        let Some(&written) = self.written.get(&ply.span.start) else {
            return;
        };
        let mover = ply.player;
        let number = ply.number;
        // A mark on the ply.
        if let (Some(mark), Some(mv)) = (written.mark, ply.mv)
            && judges(mark)
        {
            let claim = numbered(number, mover, &ply_text(written));
            let verdict = self.mark_verdict(line, before, mv, mark, mover);
            self.push(JudgementKind::Mark, claim, verdict, place);
        }
        // Alternatives, in the turn as written: found through the
        // record, since the replay keeps the first ply of a turn.
        let alternatives = self.alternatives_of(written);
        if let Some(first) = ply.mv {
            for alternative in alternatives {
                let Some(hole) = alternative.hole else {
                    continue;
                };
                let mv = Move::new(hole);
                let alt_place = JudgementPlace {
                    span: alternative.span,
                    ..*place
                };
                let claim = format!(
                    "{} (as good as {first})",
                    numbered(number, mover, &ply_text(&alternative))
                );
                let verdict = self.alternative_verdict(line, before, first, mv, mover);
                self.push(JudgementKind::Alternative, claim, verdict, &alt_place);
                if let Some(mark) = alternative.mark.filter(|&mark| judges(mark)) {
                    let claim = numbered(number, mover, &ply_text(&alternative));
                    let verdict = self.mark_verdict(line, before, mv, mark, mover);
                    self.push(JudgementKind::Mark, claim, verdict, &alt_place);
                }
            }
        }
        let played = ply_text(&WrittenPly {
            mark: None,
            ..written.clone()
        });
        for group in &written.groups {
            match &group.kind {
                GroupKind::OtherMove(other) => {
                    let (Some(hole), Some(mark)) = (other.hole, other.mark) else {
                        continue;
                    };
                    if !judges(mark) {
                        continue;
                    }
                    let other_place = JudgementPlace {
                        span: other.span,
                        ..*place
                    };
                    let claim = format!(
                        "{} (instead of {played})",
                        numbered(number, mover, &ply_text(other))
                    );
                    let verdict = self.mark_verdict(line, before, Move::new(hole), mark, mover);
                    self.push(JudgementKind::OtherMove, claim, verdict, &other_place);
                }
                GroupKind::Comment(text) => {
                    self.remark(line, ply, before, after, text, group.span, place, &played);
                }
                GroupKind::Captures {
                    comment: Some(text),
                    ..
                } => {
                    self.remark(line, ply, before, after, text, group.span, place, &played);
                }
                _ => {}
            }
        }
    }

    /// The alternatives written with `ply` in its turn: the turn whose
    /// first ply is written at `ply`'s span.
    fn alternatives_of(&self, ply: &WrittenPly) -> Vec<WrittenPly> {
        self.alternatives
            .get(&ply.span.start)
            .cloned()
            .unwrap_or_default()
    }

    /// The judgements of a comment on a ply: a remark naming another
    /// move, or `wins the remaining beans`.
    #[allow(clippy::too_many_arguments)]
    fn remark(
        &mut self,
        line: &mut LineWork<'_, '_>,
        ply: &ReplayedPly,
        before: usize,
        after: usize,
        text: &str,
        group: Span,
        place: &JudgementPlace<'_>,
        played: &str,
    ) {
        let mover = ply.player;
        let number = ply.number;
        if let Some(range) = phrases::remaining_beans(text) {
            let span = self.inner_span(group, text, range);
            let claim = format!(
                "{} wins the remaining beans",
                numbered(number, mover, played)
            );
            let start = line.data.positions[before];
            let all = start.stores().of(mover) + start.beans_on_board();
            let verdict = match self.solution(line, after) {
                Ok(solution) if solution.value.of(mover) == all => (
                    Verdict::Confirmed,
                    format!(
                        "{mover} ends with {all}, all {} beans left on the board before it: {}",
                        start.beans_on_board(),
                        describe(solution.value)
                    ),
                    Vec::new(),
                ),
                Ok(solution) => (
                    Verdict::Contradicted,
                    format!(
                        "the value after it is {}, where all {} beans left on the board would give {mover} {all}{}",
                        describe(solution.value),
                        start.beans_on_board(),
                        line_text(&solution.line)
                    ),
                    solution.line,
                ),
                Err(error) => unanalysed(error),
            };
            self.push(
                JudgementKind::RemainingBeans,
                claim,
                verdict,
                &JudgementPlace { span, ..*place },
            );
            return;
        }
        let Some(remark) = phrases::other_move_remark(text) else {
            return;
        };
        let other = Move::new(remark.hole);
        let other_text = format!("{}{}", remark.hole, remark.mark);
        // The move as judged: `N?`.
        let span = self.inner_span(group, text, remark.at.clone());
        let claim = format!(
            "{} (instead of {played})",
            numbered(number, mover, &other_text)
        );
        let verdict = self.mark_verdict(line, before, other, remark.mark, mover);
        self.push(
            JudgementKind::OtherMove,
            claim,
            verdict,
            &JudgementPlace { span, ..*place },
        );
        if let Some((result, beans, range)) = remark.outcome {
            let span = self.inner_span(group, text, range);
            let claim = OutcomeClaim {
                player: mover,
                result,
                beans,
            };
            let text = format!(
                "after {} (instead of {played}): {}",
                numbered(number, mover, &remark.hole.to_string()),
                claim.describe()
            );
            let verdict = match self.solution_after(line, before, other) {
                Some((_, Ok(solution))) => outcome_verdict_after(claim, &[other], &solution),
                Some((_, Err(error))) => unanalysed(error),
                None => (
                    Verdict::Contradicted,
                    format!("{other} cannot be played there"),
                    Vec::new(),
                ),
            };
            self.push(
                JudgementKind::OtherMoveOutcome,
                text,
                verdict,
                &JudgementPlace { span, ..*place },
            );
        }
        if let Some((reply, mark, range)) = remark.because {
            let span = self.inner_span(group, text, range);
            let reply_number = if mover == Player::North {
                number + 1
            } else {
                number
            };
            let claim = format!(
                "{} (after {})",
                numbered(reply_number, !mover, &format!("{reply}{mark}")),
                numbered(number, mover, &other_text)
            );
            let verdict = match self.solution_after(line, before, other) {
                Some((_, Ok(solution))) => {
                    let (verdict, reason, shown) =
                        mark_verdict_in(&solution, Move::new(reply), mark, !mover);
                    (verdict, format!("{reason}{}", line_text(&shown)), shown)
                }
                Some((_, Err(error))) => unanalysed(error),
                None => (
                    Verdict::Contradicted,
                    format!("{other} cannot be played there"),
                    Vec::new(),
                ),
            };
            self.push(
                JudgementKind::Refutation,
                claim,
                verdict,
                &JudgementPlace { span, ..*place },
            );
        }
    }

    /// The verdict on `mark` for `mv` played by `mover` in position `at`
    /// of `line`.
    fn mark_verdict(
        &mut self,
        line: &mut LineWork<'_, '_>,
        at: usize,
        mv: Move,
        mark: Mark,
        mover: Player,
    ) -> (Verdict, String, Vec<Move>) {
        match self.solution(line, at) {
            Ok(solution) => {
                let (verdict, reason, shown) = mark_verdict_in(&solution, mv, mark, mover);
                // A `?` that keeps the value, and a `!` or `!!` that loses
                // it, are shown by the line after the marked move; a `!!`
                // that is not the only one by the line after another move
                // that keeps the value.
                let loses = move_value(&solution.moves, mv)
                    .is_some_and(|value| value.of(mover) < solution.value.of(mover));
                let shown_move = match mark {
                    Mark::Mistake | Mark::Blunder => Some(mv),
                    Mark::Good | Mark::Brilliant if loses => Some(mv),
                    Mark::Brilliant if shown.is_empty() => solution
                        .moves
                        .iter()
                        .find(|&&(other, value)| {
                            other != mv && value.of(mover) == solution.value.of(mover)
                        })
                        .map(|&(other, _)| other),
                    _ => None,
                };
                if verdict == Verdict::Contradicted
                    && let Some(shown_move) = shown_move
                    && let Some((_, Ok(after))) = self.solution_after(line, at, shown_move)
                {
                    let shown: Vec<Move> = std::iter::once(shown_move).chain(after.line).collect();
                    return (verdict, format!("{reason}{}", line_text(&shown)), shown);
                }
                (verdict, format!("{reason}{}", line_text(&shown)), shown)
            }
            Err(error) => unanalysed(error),
        }
    }

    /// The verdict on an alternative `alternative` written beside `first`
    /// in position `at` of `line`: as good as `first` for `mover`.
    fn alternative_verdict(
        &mut self,
        line: &mut LineWork<'_, '_>,
        at: usize,
        first: Move,
        alternative: Move,
        mover: Player,
    ) -> (Verdict, String, Vec<Move>) {
        let solution = match self.solution(line, at) {
            Ok(solution) => solution,
            Err(error) => return unanalysed(error),
        };
        let value_of = |mv: Move| move_value(&solution.moves, mv);
        match (value_of(first), value_of(alternative)) {
            (Some(a), Some(b)) if a.of(mover) == b.of(mover) => (
                Verdict::Confirmed,
                format!("both give {}", describe(a)),
                Vec::new(),
            ),
            (Some(a), Some(b)) => (
                Verdict::Contradicted,
                format!(
                    "{alternative} gives {}, but {first} gives {}",
                    describe(b),
                    describe(a)
                ),
                Vec::new(),
            ),
            _ => (
                Verdict::Contradicted,
                format!("{alternative} cannot be played there"),
                Vec::new(),
            ),
        }
    }
}

/// The value of `mv` among `moves`.
fn move_value(moves: &[(Move, Score)], mv: Move) -> Option<Score> {
    moves
        .iter()
        .find(|&&(other, _)| other == mv)
        .map(|&(_, value)| value)
}

/// The verdict for a value not found.
fn unanalysed(error: AnalysisError) -> (Verdict, String, Vec<Move>) {
    (Verdict::Unanalysed, error.to_string(), Vec::new())
}

/// The verdict on an outcome claimed where `solution` is the position's.
fn outcome_verdict(claim: OutcomeClaim, solution: &Solution) -> (Verdict, String, Vec<Move>) {
    outcome_verdict_after(claim, &[], solution)
}

/// [`outcome_verdict`] where the position is reached from the one
/// judged by `moves`, which a line that shows a contradiction starts
/// with.
fn outcome_verdict_after(
    claim: OutcomeClaim,
    moves: &[Move],
    solution: &Solution,
) -> (Verdict, String, Vec<Move>) {
    let value = solution.value;
    if claim.holds(value) {
        (
            Verdict::Confirmed,
            format!("the value there is {}", describe(value)),
            Vec::new(),
        )
    } else {
        let shown: Vec<Move> = moves.iter().chain(&solution.line).copied().collect();
        (
            Verdict::Contradicted,
            format!(
                "the value there is {}{}",
                describe(value),
                line_text(&shown)
            ),
            shown,
        )
    }
}

/// The verdict on `mark` for `mv` played by `mover` in the position of
/// `solution`; the reason without the line that shows a contradiction
/// (for a `!` or `!!` that loses value, the line starts with `mv`: the
/// caller may go on with the best line after it).
fn mark_verdict_in(
    solution: &Solution,
    mv: Move,
    mark: Mark,
    mover: Player,
) -> (Verdict, String, Vec<Move>) {
    let best = solution.value;
    let Some(value) = move_value(&solution.moves, mv) else {
        return (
            Verdict::Contradicted,
            format!("{mv} cannot be played there"),
            Vec::new(),
        );
    };
    let own = |score: Score| score.of(mover);
    let keepers: Vec<Move> = solution
        .moves
        .iter()
        .filter(|&&(_, value)| own(value) == own(best))
        .map(|&(mv, _)| mv)
        .collect();
    let keeper = keepers.first().copied();
    let loses = own(value) < own(best);
    let lost = || match keeper {
        Some(keeper) => format!(
            "it loses value: {} after it, where {keeper} keeps {}",
            describe(value),
            describe(best)
        ),
        None => format!("it loses value: {} after it", describe(value)),
    };
    match mark {
        Mark::Mistake | Mark::Blunder => {
            if loses {
                (Verdict::Confirmed, lost(), Vec::new())
            } else {
                (
                    Verdict::Contradicted,
                    format!("it does not lose value: it keeps {}", describe(best)),
                    Vec::new(),
                )
            }
        }
        Mark::Good | Mark::Brilliant if loses => (Verdict::Contradicted, lost(), vec![mv]),
        Mark::Brilliant => {
            let others: Vec<Move> = keepers.iter().copied().filter(|&k| k != mv).collect();
            if others.is_empty() {
                let rest: Vec<String> = solution
                    .moves
                    .iter()
                    .filter(|&&(other, _)| other != mv)
                    .map(|&(other, value)| format!("{other} gives {}", describe(value)))
                    .collect();
                let reason = if rest.is_empty() {
                    format!("the only legal move; it keeps {}", describe(best))
                } else {
                    format!(
                        "the only move that keeps {} ({})",
                        describe(best),
                        rest.join(", ")
                    )
                };
                (Verdict::Confirmed, reason, Vec::new())
            } else {
                let others: Vec<String> = others.iter().map(ToString::to_string).collect();
                (
                    Verdict::Contradicted,
                    format!(
                        "not the only move that keeps {}: {} keep{} it too",
                        describe(best),
                        others.join(" and "),
                        if others.len() == 1 { "s" } else { "" }
                    ),
                    Vec::new(),
                )
            }
        }
        _ => (
            Verdict::Confirmed,
            format!("it keeps {}", describe(best)),
            Vec::new(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::phrases::ClaimedResult;
    use super::*;
    use crate::notation::parse_records;

    #[test]
    fn a_claimed_result_is_one_of_three() {
        let claim = OutcomeClaim {
            player: Player::North,
            result: ClaimedResult::Win,
            beans: None,
        };
        assert!(claim.holds(Score::new(30, 42)));
        assert!(!claim.holds(Score::new(36, 36)));
        let games = parse_records("4, 8\n");
        let mut analyser = Analyser::new(Options::default(), Limits::nodes(10));
        let analysis = analyser.analyse(&games[0]);
        assert!(analysis.is_ok_and(|analysis| analysis.unanalysed_plies() == 2));
    }
}
