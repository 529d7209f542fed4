//! Replaying the written plies of a line into a [`Game`].

use std::collections::BinaryHeap;

use crate::notation::{self, GroupKind, Label, LineIndex, Location, ParsedRecord, Span, Turn};
use crate::{
    Action, Captures, EndReason, Game, GameEnd, Hole, Move, PlayError, Player, Position, Rules,
    Variant,
};

use super::compare;
use super::report::{Line, ReplayedPly, Stop, StopReason, outcome_text};
use super::{Finding, FindingKind, Options, Severity};

/// A move of a line with its move number.
pub(crate) type NumberedMove<'r> = (u32, &'r notation::WrittenMove);

/// The moves of a list with their numbers: the row number when written,
/// else the place in the list from 1.
pub(crate) fn numbered(moves: &[notation::WrittenMove]) -> Vec<NumberedMove<'_>> {
    moves
        .iter()
        .zip(1u32..)
        .map(|(m, place)| (m.row_number().unwrap_or(place), m))
        .collect()
}

/// The written turns of some moves in order: move number, the column
/// (South's or North's turn as written) and the turn.
pub(crate) fn turns<'r, 'm>(
    moves: &'m [NumberedMove<'r>],
) -> impl Iterator<Item = (u32, Player, &'r Turn)> + 'm {
    moves
        .iter()
        .flat_map(|&(number, m)| m.turns().map(move |(side, turn)| (number, side, turn)))
}

/// The state of one validation: the record, the options and the findings
/// so far.
pub(crate) struct Context<'a> {
    pub parsed: &'a ParsedRecord,
    pub options: &'a Options,
    /// Where parse errors lost plies, by line: nothing written after
    /// such an error in its line is replayed.
    lost: Lost,
    /// Whether the record is a problem solution ([`is_problem`]), where
    /// lines may stop before the game is over: found when a line first
    /// stops early (most records never ask).
    problem: Option<bool>,
    /// The findings kept: at most [`MAX_FINDINGS_PER_GAME`], the first
    /// by [`Key`], the one of the last first out.
    kept: BinaryHeap<KeptFinding>,
    /// The findings past [`MAX_FINDINGS_PER_GAME`], counted, not kept.
    omitted: Omitted,
    /// The group of the findings recorded now: 0 for the record and its
    /// main line, `i + 1` for variation `i`'s replay.
    pub group: usize,
    /// How many findings were recorded so far.
    recorded: u64,
    /// The rules the record is replayed under.
    pub rules: Rules,
    lines: LineIndex<'a>,
}

/// Where parse errors lost plies ([`ParseError::loses_plies`]), for each
/// line of the record: the text of the main line runs up to the first
/// variation's header, and each variation's from its header to the next.
/// Only such an error stops a replay, and only in its own line: an error
/// in a tag, a group or prose, or in another line, leaves the plies
/// readable.
///
/// [`ParseError::loses_plies`]: crate::notation::ParseError::loses_plies
#[derive(Debug, Default)]
struct Lost {
    /// Where the text of each variation starts, in written order.
    starts: Vec<usize>,
    /// The first error that lost plies in each line's text: the main
    /// line's, then each variation's.
    first: Vec<Option<usize>>,
}

impl Lost {
    fn new(parsed: &ParsedRecord) -> Lost {
        if !parsed.errors.iter().any(|e| e.loses_plies) {
            // Nothing to keep per line (a record of many variations and
            // no such error costs nothing here).
            return Lost::default();
        }
        let starts: Vec<usize> = parsed
            .record
            .movetext
            .variations
            .iter()
            .map(|v| v.span.start)
            .collect();
        let mut first: Vec<Option<usize>> = vec![None; starts.len() + 1];
        for error in parsed.errors.iter().filter(|e| e.loses_plies) {
            let at = error.span.start;
            let line = starts.partition_point(|&start| start <= at);
            if let Some(slot) = first.get_mut(line) {
                *slot = Some(slot.map_or(at, |earlier: usize| earlier.min(at)));
            }
        }
        Lost { starts, first }
    }

    /// The error that lost plies before offset `at`, in the line whose
    /// text holds `at`.
    fn before(&self, at: usize) -> Option<usize> {
        let line = self.starts.partition_point(|&start| start <= at);
        self.first
            .get(line)
            .copied()
            .flatten()
            .filter(|&error| error <= at)
    }

    /// The error that lost plies in line `line` (0 for the main line,
    /// `i + 1` for variation `i`).
    fn in_line(&self, line: usize) -> Option<usize> {
        self.first.get(line).copied().flatten()
    }
}

/// Which plies of a line were checked, before a syntax error that lost
/// plies: for the note that says so.
fn checked_plies(first: usize, last: usize) -> String {
    match last.checked_sub(first) {
        None => "no ply of the line is checked".to_owned(),
        Some(0) => format!("only ply {first} is checked"),
        Some(1) => format!("only plies {first} and {last} are checked"),
        Some(_) => format!("only plies {first} to {last} are checked"),
    }
}

/// Whether the record says it is a problem solution, whose lines may
/// stop before the game is over: it has a `Setup` tag (a problem starts
/// from its diagram), or its tags state a stipulation (`South to move and
/// draw`, in a `Stipulation` tag or in its `Event` or `Title`). What the
/// movetext holds (variations, prose) does not decide it: a game from the
/// opening with variations that stops early is unfinished.
pub(crate) fn is_problem(record: &notation::Record) -> bool {
    record.known_tag(notation::KnownTag::Setup).is_some()
        || crate::analysis::stated_stipulations(&record.tags)
            .next()
            .is_some()
}

/// The rules a record is replayed under: `rules`, with a repetition
/// ended only by a claim. A record is a game played by people, where a
/// repeated position ends nothing unless a player claims it; a record
/// that stops at one was ended by that claim.
pub(crate) fn claims_only(rules: Rules) -> Rules {
    Rules {
        repetition_ends_at: None,
        ..rules
    }
}

/// The note for a game that `end`ed by a claim of repetition after ply
/// `index` (where the record stops), if it did.
pub(crate) fn repetition_message(index: usize, end: GameEnd, rules: Rules) -> Option<String> {
    let EndReason::Repetition { earlier_ply, .. } = end.reason else {
        return None;
    };
    let earlier = if earlier_ply == 0 {
        "the start position".to_owned()
    } else {
        format!("the position after ply {earlier_ply}")
    };
    Some(format!(
        "the record stops at ply {index}, whose position repeats {earlier}: a claim of repetition ended the game, and endless play ({}) scores it {}",
        rules.endless_play,
        outcome_text(end.score)
    ))
}

/// The order of findings: the order they would be recorded in if the
/// record, then its main line, then each variation in written order
/// were replayed one after the other, whatever order they are replayed
/// in: a finding's group ([`Context::group`]), then when it was
/// recorded. The findings kept are the first [`MAX_FINDINGS_PER_GAME`]
/// in this order.
type Key = (usize, u64);

/// A finding kept, with its key; `located` is false while its location
/// is still to be found (they are found at the end, in text order).
#[derive(Debug)]
struct KeptFinding {
    key: Key,
    located: bool,
    finding: Finding,
}

impl PartialEq for KeptFinding {
    fn eq(&self, other: &KeptFinding) -> bool {
        self.key == other.key
    }
}

impl Eq for KeptFinding {}

impl PartialOrd for KeptFinding {
    fn partial_cmp(&self, other: &KeptFinding) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for KeptFinding {
    fn cmp(&self, other: &KeptFinding) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// Where a finding is, in replay terms.
#[derive(Clone, Copy)]
pub(crate) struct ReplayPlace {
    pub ply: Option<usize>,
    pub move_number: Option<u32>,
    pub variation: Option<Label>,
}

impl ReplayPlace {
    /// A finding about the whole record.
    pub(crate) const RECORD: ReplayPlace = ReplayPlace {
        ply: None,
        move_number: None,
        variation: None,
    };
}

impl<'a> Context<'a> {
    pub(crate) fn new(parsed: &'a ParsedRecord, options: &'a Options) -> Context<'a> {
        Context {
            parsed,
            options,
            lost: Lost::new(parsed),
            problem: None,
            kept: BinaryHeap::new(),
            omitted: Omitted::default(),
            group: 0,
            recorded: 0,
            rules: claims_only(options.rules),
            lines: parsed.line_index(),
        }
    }

    /// Records a finding.
    pub(crate) fn push(
        &mut self,
        severity: Severity,
        kind: FindingKind,
        message: String,
        span: Span,
        at: ReplayPlace,
    ) {
        let finding = Finding {
            severity,
            kind,
            message,
            span,
            location: Location::default(),
            ply: at.ply,
            move_number: at.move_number,
            variation: at.variation,
        };
        self.record(finding, false);
    }

    /// Records a finding that is already located.
    pub(crate) fn keep(&mut self, finding: Finding) {
        self.record(finding, true);
    }

    /// Counts `n` findings of `severity` at `span` that are not kept (the
    /// parse errors or warnings the parser counted past its own limit).
    pub(crate) fn omit(&mut self, severity: Severity, n: usize, span: Span, location: Location) {
        let key = (self.group, self.recorded);
        self.recorded += 1;
        self.omitted.add(key, severity, n, span, Some(location));
    }

    /// Keeps a finding if it is among the first [`MAX_FINDINGS_PER_GAME`]
    /// by [`Key`] so far, and counts the one that is not.
    fn record(&mut self, finding: Finding, located: bool) {
        let key = (self.group, self.recorded);
        self.recorded += 1;
        let kept = KeptFinding {
            key,
            located,
            finding,
        };
        let dropped = if self.kept.len() < MAX_FINDINGS_PER_GAME {
            self.kept.push(kept);
            return;
        } else if self.kept.peek().is_some_and(|last| last.key > key) {
            let last = self.kept.pop();
            self.kept.push(kept);
            last
        } else {
            Some(kept)
        };
        if let Some(dropped) = dropped {
            let location = dropped.located.then_some(dropped.finding.location);
            self.omitted.count(
                dropped.key,
                dropped.finding.severity,
                dropped.finding.span,
                location,
            );
        }
    }

    /// The findings, in the order of their places, ending with a finding
    /// that counts those not kept, if any.
    pub(crate) fn into_findings(mut self) -> Vec<Finding> {
        let mut kept = std::mem::take(&mut self.kept).into_vec();
        kept.sort_unstable_by_key(|k| (k.finding.span.start, k.key));
        let mut findings: Vec<Finding> = kept
            .into_iter()
            .map(|mut k| {
                if !k.located {
                    k.finding.location = self.lines.locate(k.finding.span.start);
                }
                k.finding
            })
            .collect();
        if let Some((_, span, location)) = self.omitted.first {
            let location = location.unwrap_or_else(|| self.lines.locate(span.start));
            let n = self.omitted.findings;
            let errors = self.omitted.errors;
            let what = match (n, errors) {
                (1, 1) => "1 more finding in this game (an error) is not listed".to_owned(),
                (1, _) => "1 more finding in this game is not listed".to_owned(),
                (n, 1) => {
                    format!("{n} more findings in this game (1 of them an error) are not listed")
                }
                (n, errors) => format!(
                    "{n} more findings in this game ({errors} of them errors) are not listed"
                ),
            };
            findings.push(Finding {
                severity: self.omitted.worst,
                kind: FindingKind::FindingsOmitted,
                message: format!("{what}: at most {MAX_FINDINGS_PER_GAME} are kept per game"),
                span,
                location,
                ply: None,
                move_number: None,
                variation: None,
            });
        }
        findings
    }
}

/// The most findings [`validate`](super::validate) keeps for one game.
/// Past them, findings are counted, and the report ends with one finding
/// ([`FindingKind::FindingsOmitted`]) that says how many more there were,
/// as serious as the most serious of them, so that whether a record has
/// an error does not depend on the limit.
pub(crate) const MAX_FINDINGS_PER_GAME: usize = 100;

/// Findings counted but not kept.
#[derive(Debug)]
pub(crate) struct Omitted {
    findings: usize,
    errors: usize,
    worst: Severity,
    /// The place of the first by [`Key`], and its location if known.
    first: Option<(Key, Span, Option<Location>)>,
}

impl Default for Omitted {
    fn default() -> Omitted {
        Omitted {
            findings: 0,
            errors: 0,
            worst: Severity::Note,
            first: None,
        }
    }
}

impl Omitted {
    fn count(&mut self, key: Key, severity: Severity, span: Span, location: Option<Location>) {
        self.add(key, severity, 1, span, location);
    }

    /// Counts `n` findings of `severity`, the first of them at `span`.
    fn add(
        &mut self,
        key: Key,
        severity: Severity,
        n: usize,
        span: Span,
        location: Option<Location>,
    ) {
        if n == 0 {
            return;
        }
        self.findings += n;
        if severity == Severity::Error {
            self.errors += n;
        }
        self.worst = self.worst.max(severity);
        if self.first.is_none_or(|(first, _, _)| key < first) {
            self.first = Some((key, span, location));
        }
    }
}

/// The replay of one line in progress ([`Context::begin_line`]): where it
/// is, so that it can be taken up again after the lines that branch from
/// it are replayed.
pub(crate) struct LineReplay {
    /// The line: 0 for the main line, `i + 1` for variation `i`.
    line_number: usize,
    variation: Option<Label>,
    /// The plies in the game's history before the line's first.
    first_index: usize,
    /// Whether the game's last ply is a forced pass that the record has
    /// not written yet.
    pub open: bool,
    /// The plies the line has written, and how many of them were met.
    total: usize,
    met: usize,
    /// The last ply replayed: its span, and its move number in
    /// `last_number` (its ply number is the line's [`Line::last_index`];
    /// kept apart so that the replay of a line takes 80 bytes).
    last: Option<Span>,
    last_number: u32,
    /// Whether the replay stopped before the line's last ply.
    pub stopped: bool,
}

impl LineReplay {
    /// The line: 0 for the main line, `i + 1` for variation `i`.
    pub(crate) const fn line_number(&self) -> usize {
        self.line_number
    }
}

impl<'a> Context<'a> {
    /// Begins the replay of `moves` on `game`, whose history holds
    /// `first_index` plies of the line already (the last of them a forced
    /// pass that the record has not written when `open`). `line` is the
    /// line the moves are written in: 0 for the main line, `i + 1` for
    /// variation `i`. [`Context::replay_move`] then replays each move
    /// in turn, recording every ply and finding in `line`, and
    /// [`Context::end_line`] ends the line.
    pub(crate) fn begin_line(
        &self,
        game: &mut Game,
        moves: &[notation::WrittenMove],
        (first_index, open): (usize, bool),
        (line_number, variation): (usize, Option<Label>),
        line: &mut Line,
    ) -> LineReplay {
        let total: usize = moves.iter().map(|m| m.turns().count()).sum();
        game.reserve(total);
        if self.options.keep_plies {
            line.plies.reserve_exact(total);
        }
        line.last_index = first_index;
        LineReplay {
            line_number,
            variation,
            first_index,
            open,
            total,
            met: 0,
            last: None,
            last_number: 0,
            stopped: false,
        }
    }

    /// Replays move `m`, numbered `number`, of the line `replay` replays
    /// into `line`; sets [`LineReplay::stopped`] if a ply cannot be
    /// replayed.
    pub(crate) fn replay_move(
        &mut self,
        game: &mut Game,
        replay: &mut LineReplay,
        line: &mut Line,
        (number, m): NumberedMove<'_>,
    ) {
        let variation = replay.variation;
        let first_index = replay.first_index;
        let total = replay.total;
        for (_, turn) in m.turns() {
            // Plies are counted as the game counts them: a pass
            // forced in the Hemprich variant, written or not, is one
            // (a written one is the pass the game made already).
            let ply = &turn.ply;
            let index = game.plies().len() + usize::from(!(ply.is_pass() && replay.open));
            replay.met += 1;
            let k = replay.met;
            let at = ReplayPlace {
                ply: Some(index),
                move_number: Some(number),
                variation,
            };
            if let Some(error_at) = self.lost.before(ply.span.start) {
                let location = self.lines.locate(error_at);
                let remaining = total - k + 1;
                let (plies, are) = if remaining == 1 {
                    ("ply", "is")
                } else {
                    ("plies", "are")
                };
                self.push(
                    Severity::Note,
                    FindingKind::ReplayStopped,
                    format!(
                        "the syntax error at {location} loses plies: {}; the {remaining} {plies} written after it {are} not replayed",
                        checked_plies(first_index + 1, index - 1)
                    ),
                    ply.span,
                    ReplayPlace {
                        ply: None,
                        move_number: None,
                        variation,
                    },
                );
                line.stop = Some(Box::new(Stop {
                    ply: index,
                    move_number: number,
                    reason: StopReason::SyntaxError(location),
                }));
                replay.stopped = true;
                return;
            }
            let before = *game.position();
            let player = game
                .plies()
                .last()
                .filter(|_| ply.is_pass())
                .map_or(before.turn(), |pass| pass.player);
            // The rules' answer stays where the move wrote it, and the
            // captures are borrowed from it: a copy made right after the
            // move waits for the move's last stores.
            let played = play_hole(game, ply.hole);
            match written_outcome(game, ply.hole, &played, &mut replay.open) {
                Err(refused) => {
                    let reason = match refused {
                        Refused::Illegal(error) => {
                            self.illegal(error, index, number, ply.span, at, game);
                            StopReason::Illegal(error)
                        }
                        Refused::Pass => {
                            self.illegal_pass(index, number, ply.span, at, game);
                            StopReason::IllegalPass
                        }
                    };
                    let remaining = total - k;
                    if remaining > 0 {
                        let plies = if remaining == 1 { "ply" } else { "plies" };
                        self.push(
                            Severity::Note,
                            FindingKind::ReplayStopped,
                            format!("the {remaining} {plies} after ply {index} cannot be replayed"),
                            ply.span,
                            at,
                        );
                    }
                    line.stop = Some(Box::new(Stop {
                        ply: index,
                        move_number: number,
                        reason,
                    }));
                    replay.stopped = true;
                    return;
                }
                Ok(captures) => {
                    let alternatives = if ply.groups.is_empty() && turn.alternatives.is_empty() {
                        // A bare ply, most of them: no annotation, value or
                        // other move to check, only captures it leaves
                        // unannotated.
                        if !captures.is_empty() {
                            self.unannotated(ply, captures, at);
                        }
                        Vec::new()
                    } else {
                        self.check_annotation(ply, captures, None, at);
                        self.check_values(ply, at);
                        for alternative in &turn.alternatives {
                            self.check_values(alternative, at);
                        }
                        self.check_others(before, turn, at)
                    };
                    replay.last = Some(ply.span);
                    replay.last_number = number;
                    line.last_index = index;
                    if self.options.keep_plies {
                        line.plies.push(ReplayedPly {
                            number,
                            index,
                            player,
                            span: ply.span,
                            mv: ply.hole.map(Move::new),
                            captures: *captures,
                            alternatives,
                            after: *game.position(),
                        });
                    }
                }
            }
        }
    }

    /// Ends the line `replay` replayed into `line`, whose last written
    /// move is numbered `last_number` (0 for none): a syntax error that
    /// lost plies after its last, a claim of repetition where it stops, its
    /// end and last position, or the note that it is unfinished.
    pub(crate) fn end_line(
        &mut self,
        game: &mut Game,
        replay: LineReplay,
        line: &mut Line,
        last_number: u32,
    ) {
        let variation = replay.variation;
        if line.stop.is_none()
            && let Some(error_at) = self.lost.in_line(replay.line_number)
        {
            // The error lost plies after the last one written: the line
            // is cut short by it, not unfinished.
            let location = self.lines.locate(error_at);
            self.push(
                Severity::Note,
                FindingKind::ReplayStopped,
                format!(
                    "the syntax error at {location} loses plies: {}, and any written after it are not replayed",
                    checked_plies(replay.first_index + 1, line.last_index)
                ),
                Span::new(error_at, error_at),
                ReplayPlace {
                    ply: None,
                    move_number: None,
                    variation,
                },
            );
            line.stop = Some(Box::new(Stop {
                ply: line.last_index + 1,
                move_number: last_number,
                reason: StopReason::SyntaxError(location),
            }));
        }
        // A record that stops at a repeated position was ended there by
        // a claim.
        // The place of the last ply replayed, as it was recorded.
        let last = replay.last.map(|span| {
            let at = ReplayPlace {
                ply: Some(line.last_index),
                move_number: Some(replay.last_number),
                variation,
            };
            (span, at)
        });
        if line.stop.is_none()
            && let Some((span, at)) = last
            && let Some(end) = game.claim_repetition()
        {
            self.note_repetition(line.last_index, end, span, at);
        }
        line.end = game.end().map(Box::new);
        line.position = Some(*game.position());
        if line.stop.is_none()
            && line.end.is_none()
            && let Some((span, at)) = last
        {
            let stores = game.position().stores();
            let plies = line.last_index;
            let problem = *self
                .problem
                .get_or_insert_with(|| is_problem(&self.parsed.record));
            let (severity, why) = if problem {
                (Severity::Note, " (a problem solution may stop early)")
            } else {
                (Severity::Warning, "")
            };
            self.push(
                severity,
                FindingKind::UnfinishedGame,
                format!(
                    "the line stops after ply {plies} before the game is over: {stores} in the stores{why}"
                ),
                span,
                at,
            );
        }
    }

    /// Notes that the game ended by a claim of repetition after ply
    /// `index`, if it did.
    pub(crate) fn note_repetition(
        &mut self,
        index: usize,
        end: GameEnd,
        span: Span,
        at: ReplayPlace,
    ) {
        if let Some(message) = repetition_message(index, end, self.rules) {
            self.push(Severity::Note, FindingKind::Repetition, message, span, at);
        }
    }

    /// Reports a written pass that the rules do not force.
    fn illegal_pass(
        &mut self,
        index: usize,
        number: u32,
        span: Span,
        at: ReplayPlace,
        game: &Game,
    ) {
        let message = match (self.rules.variant, game.end()) {
            (Variant::Standard, _) => format!(
                "illegal ply {index} at move {number}: a pass is written, but under the standard rules a player never passes (only the Hemprich variant has passes)"
            ),
            (Variant::Hemprich, Some(end)) => format!(
                "ply {index} at move {number}: a pass is written after the end of the game: {end}"
            ),
            (Variant::Hemprich, None) => format!(
                "illegal ply {index} at move {number}: a pass is written, but {} can move (a player passes only without beans)",
                game.position().turn()
            ),
        };
        self.push(Severity::Error, FindingKind::IllegalPass, message, span, at);
    }

    /// Reports an illegal ply.
    fn illegal(
        &mut self,
        error: PlayError,
        index: usize,
        number: u32,
        span: Span,
        at: ReplayPlace,
        game: &Game,
    ) {
        let (kind, message) = match error {
            PlayError::GameOver { .. } => (
                FindingKind::MoveAfterEnd,
                match game.end() {
                    Some(end) => format!(
                        "ply {index} at move {number} comes after the end of the game: {end}"
                    ),
                    None => format!("ply {index} at move {number}: {error}"),
                },
            ),
            PlayError::NotYourHole { .. } => (
                FindingKind::WrongPlayer,
                format!("illegal ply {index} at move {number}: {error}"),
            ),
            PlayError::EmptyHole { .. } => (
                FindingKind::EmptyHole,
                format!("illegal ply {index} at move {number}: {error}"),
            ),
        };
        self.push(Severity::Error, kind, message, span, at);
    }

    /// Compares every capture annotation of the ply with the rules'
    /// captures; `alternative` names an alternative ply in the messages.
    /// Each annotation that differs is an error at its place; a ply with
    /// more than one annotation, all right, has a warning at the second.
    fn check_annotation(
        &mut self,
        ply: &notation::WrittenPly,
        captures: &crate::Captures,
        alternative: Option<&str>,
        at: ReplayPlace,
    ) {
        let prefix = alternative.unwrap_or_default();
        // One plain loop over the groups: most annotated plies have one
        // group, and iterator adapters cost more than the comparison.
        let mut count = 0usize;
        let mut second = None;
        let mut wrong = false;
        for group in ply.groups.iter() {
            let GroupKind::Captures { annotation, .. } = &group.kind else {
                continue;
            };
            count += 1;
            if count == 2 {
                second = Some(annotation);
            }
            if !compare::matches(annotation, captures) {
                wrong = true;
                self.push(
                    Severity::Error,
                    FindingKind::CaptureMismatch,
                    format!(
                        "{prefix}{}",
                        compare::mismatch_message(annotation, captures)
                    ),
                    annotation.span,
                    at,
                );
            }
        }
        if count == 0 {
            if !captures.is_empty() && alternative.is_none() {
                self.unannotated(ply, captures, at);
            }
        } else if let Some(second) = second.filter(|_| !wrong) {
            self.push(
                Severity::Warning,
                FindingKind::DuplicateAnnotation,
                format!("{prefix}{}", compare::duplicate_message(captures)),
                second.span,
                at,
            );
        }
    }

    /// Reports the captures of a ply that no annotation states: a
    /// warning, or an error when validating strictly.
    #[cold]
    fn unannotated(
        &mut self,
        ply: &notation::WrittenPly,
        captures: &crate::Captures,
        at: ReplayPlace,
    ) {
        let severity = if self.options.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.push(
            severity,
            FindingKind::UnannotatedCapture,
            compare::unannotated_message(captures),
            ply.span,
            at,
        );
    }

    /// Reads the values written as comments on the ply (see
    /// [`WrittenValue::of_ply`](super::WrittenValue::of_ply)): one that cannot be read is a
    /// malformed-value warning, and an exact value whose counts do not add
    /// up to the beans in the game a value-total warning, each at its
    /// group.
    fn check_values(&mut self, ply: &notation::WrittenPly, at: ReplayPlace) {
        for (k, value) in super::values::value_comments(ply) {
            let span = ply.groups.get(k).map_or(ply.span, |group| group.span);
            match value {
                Err(error) => self.push(
                    Severity::Warning,
                    FindingKind::MalformedValue,
                    error.to_string(),
                    span,
                    at,
                ),
                Ok(super::WrittenValue::Exact(score))
                    if score.total() != u16::from(crate::TOTAL_BEANS) =>
                {
                    self.push(
                        Severity::Warning,
                        FindingKind::ValueTotal,
                        format!(
                            "the value {}:{} gives {} beans, but the game has {}",
                            score.south,
                            score.north,
                            score.total(),
                            crate::TOTAL_BEANS
                        ),
                        span,
                        at,
                    );
                }
                Ok(_) => {}
            }
        }
    }

    /// Checks the alternatives of a turn and the other moves named in its
    /// remarks (`(4?)`) in the position before the turn: each must be
    /// legal, and an annotated alternative must capture what it says.
    /// Returns the rules' captures of each alternative, in written order
    /// (`None` for one that cannot be played).
    fn check_others(
        &mut self,
        before: Position,
        turn: &Turn,
        at: ReplayPlace,
    ) -> Vec<Option<crate::Captures>> {
        let mut alternatives = Vec::with_capacity(turn.alternatives.len());
        for alternative in &turn.alternatives {
            alternatives.push(self.check_other(before, alternative, "alternative", at));
        }
        for group in turn.ply.groups.iter() {
            if let GroupKind::OtherMove(other) = &group.kind {
                self.check_other(before, other, "other move", at);
            }
        }
        alternatives
    }

    /// Checks one alternative or other move (`what`) in the position
    /// `before` the turn, and returns its captures if it can be played.
    fn check_other(
        &mut self,
        before: Position,
        other: &notation::WrittenPly,
        what: &str,
        at: ReplayPlace,
    ) -> Option<crate::Captures> {
        match other.to_move(&before) {
            Ok(Some(mv)) => {
                let mut position = before;
                let captures = position.play_unchecked(mv);
                let prefix = format!("{what} {mv}: ");
                self.check_annotation(other, &captures, Some(&prefix), at);
                Some(captures)
            }
            Ok(None) => {
                // A pass written as an alternative: a pass is never a
                // choice.
                self.push(
                    Severity::Error,
                    FindingKind::IllegalPass,
                    format!("illegal {what} -: a pass is forced, never a choice"),
                    other.span,
                    at,
                );
                None
            }
            Err(error) => {
                let kind = match error {
                    PlayError::GameOver { .. } => FindingKind::MoveAfterEnd,
                    PlayError::NotYourHole { .. } => FindingKind::WrongPlayer,
                    PlayError::EmptyHole { .. } => FindingKind::EmptyHole,
                };
                self.push(
                    Severity::Error,
                    kind,
                    format!("illegal {what} {}: {error}", error.mv()),
                    other.span,
                    at,
                );
                None
            }
        }
    }
}

/// Why a written ply could not be played.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Refused {
    /// The move is illegal.
    Illegal(PlayError),
    /// A pass (`-`) is written where the rules force none.
    Pass,
}

/// Whether the last ply of `game` is a pass (which the Hemprich variant
/// makes by itself whenever one is forced).
pub(crate) fn ends_with_pass(game: &Game) -> bool {
    game.plies()
        .last()
        .is_some_and(|ply| ply.action == Action::Pass)
}

/// Plays a written ply on `game` ([`play_hole`], [`written_outcome`]):
/// the move (`None` for a pass) and its captures.
pub(crate) fn play_written(
    game: &mut Game,
    hole: Option<Hole>,
    open: &mut bool,
) -> Result<(Option<Move>, Captures), Refused> {
    let played = play_hole(game, hole);
    let captures = *written_outcome(game, hole, &played, open)?;
    Ok((hole.map(Move::new), captures))
}

/// The rules' answer to a written ply: for a hole, the move from it
/// played on `game`; for a written pass (`None`), no captures, and the
/// game as it is (the pass is the one the game forced already, which
/// [`written_outcome`] checks).
#[inline]
pub(crate) fn play_hole(game: &mut Game, hole: Option<Hole>) -> Result<Captures, PlayError> {
    match hole {
        Some(hole) => game.play(Move::new(hole)),
        None => Ok(Captures::NONE),
    }
}

/// What a written ply from `hole` comes to, given `played`, the rules'
/// answer to it ([`play_hole`]): its captures, borrowed from `played`
/// (each copy made right after the move waits for the move's last
/// stores), or why it is refused. `open` says whether the game's last
/// ply is a forced pass that the record has not written yet, and is kept
/// up to date: a written pass takes it, and a move may leave one.
#[inline]
pub(crate) fn written_outcome<'p>(
    game: &Game,
    hole: Option<Hole>,
    played: &'p Result<Captures, PlayError>,
    open: &mut bool,
) -> Result<&'p Captures, Refused> {
    match (hole, played) {
        (_, Err(error)) => Err(Refused::Illegal(*error)),
        (Some(_), Ok(captures)) => {
            *open = ends_with_pass(game);
            Ok(captures)
        }
        (None, Ok(captures)) if *open => {
            *open = false;
            Ok(captures)
        }
        (None, Ok(_)) => Err(Refused::Pass),
    }
}
