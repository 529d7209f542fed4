//! The streaming [`Validator`], and the quick check ([`Quick`]) that lets
//! it validate a clean game without building its tree. A property test
//! (`tests/validate_stream.rs`) checks that both paths give the same
//! [`Report`].
//!
//! The quick check exists because it is measured to be needed: most games
//! of a large file are clean, and for them parsing each into a tree and
//! replaying it with [`validate`] costs more than twice as much as
//! replaying the plies as they are read. On 100,000 random games (49.7 MB,
//! `cargo run --release --features cli --example random_games -- 100000`),
//! `bohnenspiel validate --quiet` takes 2.92 billion instructions under
//! callgrind with the quick check and 7.59 billion (2.6 times as many)
//! with every game validated in full without keeping plies; of those,
//! the tree takes 2.5 billion to build and 0.3 billion to drop, and
//! [`validate`] 4.5 billion, against 1.5 billion for the quick check's
//! replay. Wall clock, paired runs on a loaded 2-core machine: 0.77 s
//! against 1.59 s (medians of five). `examples/validate_bench.rs` measures
//! both paths side by side (phases `v` and `f`).

use std::io::{self, BufRead};
use std::ops::ControlFlow;

use crate::notation::{
    GroupKind, GroupToken, KnownTag, Label, MoveEnd, ParseError, ParsedRecord, PlyToken,
    RecordReader, Skip, Span, StartTag, TagName, TagNames, Visitor, Warning, result_value,
    rules_value, setup_value,
};
use crate::notation::{LineIndex, Location};
use crate::{Captures, Game, GameEnd, Hole, Position, Rules, Score};

use super::replay::{claims_only, ends_with_pass, play_written, repetition_message};
use super::report::Line;
use super::{
    Finding, FindingKind, Options, Report, Severity, Start, compare, rules_conflict, validate,
};

/// A game validated by a [`Validator`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validated {
    /// What validation found.
    pub report: Report,
    /// The game parsed into a tree, when it was: a game the quick check
    /// handed to the full validation (every game with an error or a
    /// warning is), and every game when [`Options::keep_plies`] is on.
    /// `None` for a game checked without a tree.
    pub parsed: Option<ParsedRecord>,
    /// The game's text and where it starts (its offset and first line,
    /// at column 1), as [`RecordReader::last_game_text`] gives them, for a
    /// game checked without a tree whose report still has findings (the
    /// note that the game ended by a claim of repetition), so that they
    /// can be shown with their source lines. `None` otherwise: a game
    /// with findings has either this or [`Validated::parsed`].
    pub text: Option<(String, Location)>,
    /// The length of the game's text in bytes.
    pub len: usize,
}

/// Validates the games a [`RecordReader`] reads, one at a time.
///
/// Most records in a large file are sound. Each game is first checked by
/// a quick check, a [`Visitor`] that replays its plies as the parser
/// reads them. A capture annotation written as
/// [`Captures`](crate::Captures) prints the rules' captures (as programs
/// write records) is compared as text, without being read
/// ([`GroupToken::is_print_of`]). (A ply with more than one capture
/// annotation always has a finding, and is checked in full.) A game
/// with nothing to report (no parse error or warning, every ply legal,
/// every capture annotated as the rules make it, the game over and its
/// `Result` tag right) is then done without a tree. At anything else (a
/// finding, or a part such as a variation, an alternative, a remark or an
/// ending in prose that only the full validation checks), the game is
/// parsed again into a tree and [`validate`]d. A game that stops at a
/// repeated position (ended by a claim) gets its note either way; without
/// a tree, it comes with its text ([`Validated::text`]) so that the note
/// can be shown with its source line. A clean game that passes through a
/// repeated position and goes on needs no tree and has no note.
///
/// With [`Options::keep_plies`] on, every game is parsed into a tree and
/// [`validate`]d, and the reports hold every ply. Off, a clean game costs
/// little more than parsing it, and its report is what [`validate`] gives
/// with the same options.
///
/// ```
/// use bohnenspiel::notation::RecordReader;
/// use bohnenspiel::validate::{FindingKind, Options, Validator};
///
/// let text = std::fs::read_to_string("fixtures/rueger-1962.txt")?
///     + "\n3,9; 5,7 (4 from 3)\n";
/// let options = Options { keep_plies: false, ..Options::default() };
/// let mut games = Validator::new(RecordReader::new(text.as_bytes()), options);
///
/// let first = games.next().unwrap()?;
/// assert!(first.parsed.is_none(), "clean: checked without a tree");
/// assert_eq!(first.report.summary(), "South wins 50:22 (North cannot move)");
///
/// let second = games.next().unwrap()?;
/// assert!(second.parsed.is_some(), "findings: parsed and validated in full");
/// let kinds: Vec<_> = second.report.findings.iter().map(|f| f.kind).collect();
/// assert_eq!(kinds, [FindingKind::UnfinishedGame, FindingKind::CaptureMismatch]);
/// assert!(games.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Validator<R> {
    reader: RecordReader<R>,
    options: Options,
    quick: Quick,
    /// Whether the game last yielded was checked without a tree, its
    /// main line still in `quick`'s game.
    last_quick: bool,
}

impl<R: BufRead> Validator<R> {
    /// A validator of the games `reader` reads, under `options`.
    pub fn new(reader: RecordReader<R>, options: Options) -> Validator<R> {
        Validator {
            reader,
            options,
            quick: Quick::new(options),
            last_quick: false,
        }
    }

    /// The reader the games come from: its
    /// [`last_game_text`](RecordReader::last_game_text) is the text of the
    /// game last validated, byte for byte as written (for a game without
    /// bytes that are not UTF-8), and its
    /// [`parse_last_game`](RecordReader::parse_last_game) parses that game
    /// into a tree when one is needed after all.
    #[must_use]
    pub const fn reader(&self) -> &RecordReader<R> {
        &self.reader
    }

    /// Keeps the tags of every game checked without a tree, for
    /// [`Validator::last_tags`] (a game validated in full has them in its
    /// tree).
    #[must_use]
    pub fn keep_tags(mut self) -> Validator<R> {
        self.quick.keep_tags = true;
        self
    }

    /// The tags (name and value, in order) of the game last validated,
    /// when it was checked without a tree and [`Validator::keep_tags`]
    /// was asked for; `None` otherwise.
    ///
    /// ```
    /// use bohnenspiel::notation::RecordReader;
    /// use bohnenspiel::validate::{Options, Validator};
    ///
    /// let text = std::fs::read_to_string("fixtures/rueger-1962.txt")?;
    /// let options = Options { keep_plies: false, ..Options::default() };
    /// let mut games = Validator::new(RecordReader::new(text.as_bytes()), options).keep_tags();
    /// games.next().unwrap()?;
    /// let tags = games.last_tags().expect("a clean game, checked without a tree");
    /// assert_eq!(tags[1], ("Date".to_owned(), "1962".to_owned()));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn last_tags(&self) -> Option<&[(String, String)]> {
        (self.last_quick && self.quick.keep_tags).then_some(self.quick.tags.as_slice())
    }

    /// Every ply of the main line of the game last validated, as the
    /// replay played it (forced passes included, each with the position
    /// after it), when that game was checked without a tree
    /// ([`Validated::parsed`] is `None`); `None` otherwise (the report of
    /// a game validated in full keeps its plies only with
    /// [`Options::keep_plies`] on).
    ///
    /// ```
    /// use bohnenspiel::notation::RecordReader;
    /// use bohnenspiel::validate::{Options, Validator};
    ///
    /// let text = std::fs::read_to_string("fixtures/rueger-1962.txt")?;
    /// let options = Options { keep_plies: false, ..Options::default() };
    /// let mut games = Validator::new(RecordReader::new(text.as_bytes()), options);
    /// let game = games.next().unwrap()?;
    /// let plies = games.last_plies().expect("a clean game, checked without a tree");
    /// assert_eq!(plies.len(), game.report.main_line.last_index);
    /// assert_eq!(Some(plies[plies.len() - 1].position), game.report.main_line.position);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn last_plies(&self) -> Option<&[crate::Ply]> {
        self.last_quick.then(|| self.quick.game.plies())
    }

    /// The options the games are validated under.
    #[must_use]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// Validates a game parsed into a tree, in full.
    fn in_full(&self, parsed: ParsedRecord) -> Validated {
        Validated {
            report: validate(&parsed, &self.options),
            len: parsed.source.len(),
            parsed: Some(parsed),
            text: None,
        }
    }
}

impl<R: BufRead> Iterator for Validator<R> {
    type Item = io::Result<Validated>;

    fn next(&mut self) -> Option<io::Result<Validated>> {
        self.last_quick = false;
        if self.options.keep_plies || self.options.start.is_some() {
            let parsed = self.reader.next()?;
            return Some(parsed.map(|parsed| self.in_full(parsed)));
        }
        match self.reader.visit_game(&mut self.quick)? {
            Err(error) => Some(Err(error)),
            Ok(Some(clean)) => {
                let (text, start) = self.reader.last_game_text()?;
                let report = clean.report(text, start);
                let len = text.len();
                self.last_quick = true;
                // A note is shown with its source line: keep the text.
                let text = (!report.findings.is_empty()).then(|| (text.to_owned(), start));
                Some(Ok(Validated {
                    report,
                    parsed: None,
                    text,
                    len,
                }))
            }
            Ok(None) => {
                let parsed = self.reader.parse_last_game()?;
                Some(Ok(self.in_full(parsed)))
            }
        }
    }
}

/// What the quick check knows of a clean game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Clean {
    start: Position,
    end: GameEnd,
    position: Position,
    last_index: usize,
    /// The last ply, when the game ended by a claim of repetition after
    /// it (which is noted): its span and move number.
    repetition: Option<(Span, u32)>,
    /// The rules the game was replayed under.
    rules: Rules,
    /// The `Result` tag's score, if it gives one.
    result: Option<Score>,
}

impl Clean {
    /// The report [`validate`] gives for the game, without its plies;
    /// `text` is the game's text, which starts at `start`.
    fn report(self, text: &str, start: Location) -> Report {
        let findings = self
            .repetition
            .and_then(|(span, move_number)| {
                Some(Finding {
                    severity: Severity::Note,
                    kind: FindingKind::Repetition,
                    message: repetition_message(self.last_index, self.end, self.rules)?,
                    span,
                    location: LineIndex::new(text, start.offset, start.line).locate(span.start),
                    ply: Some(self.last_index),
                    move_number: Some(move_number),
                    variation: None,
                })
            })
            .into_iter()
            .collect();
        let line = Line {
            plies: Vec::new(),
            last_index: self.last_index,
            end: Some(Box::new(self.end)),
            stop: None,
            position: Some(self.position),
        };
        Report {
            findings,
            start: Start::Position(self.start),
            main_line: line,
            variations: Vec::new(),
            end: Some(self.end),
            rules: self.rules,
            result: self.result,
        }
    }
}

/// The quick check: replays a game's plies as they are parsed, and gives
/// up (its output is `None`) at anything [`validate`] would report, or
/// would check with more than the plies of the main line.
#[derive(Debug)]
pub(crate) struct Quick {
    options: Options,
    game: Game,
    /// Whether the check gave up on the game.
    gave_up: bool,
    /// The `Setup` tag's position, once the tag is seen.
    setup: Option<Position>,
    /// The `Result` tag's score, if one is written (and not `*` or `?`).
    result: Option<Score>,
    /// The known tags seen (only the first of each name counts).
    tag_names: TagNames,
    /// The last row number, in numbered movetext.
    row: Option<u32>,
    /// The moves begun, and the number of the current one (its row
    /// number, or its place from 1).
    moves: u32,
    move_number: u32,
    /// The plies played (written passes included).
    plies: usize,
    /// The number of the last ply played, as the game counts plies
    /// (forced passes before it included).
    last_written: usize,
    /// Whether the game's last ply is a forced pass that the record has
    /// not written (see [`play_written`]).
    open_pass: bool,
    /// The rules the game is replayed under: the options', or the `Rules`
    /// tag's.
    rules: Rules,
    /// The last ply after which the position had occurred before since
    /// the last capture: its number, span and move number.
    repetition: Option<(usize, Span, u32)>,
    /// The rules' captures of the last ply played, and whether a group
    /// after it annotated them (no captures need none).
    captures: Captures,
    annotated: bool,
    /// Whether to keep the tags, and those of the game.
    keep_tags: bool,
    tags: Vec<(String, String)>,
}

impl Quick {
    pub(crate) fn new(options: Options) -> Quick {
        Quick {
            options,
            game: Game::new(Position::new(), claims_only(options.rules)),
            rules: claims_only(options.rules),
            gave_up: false,
            setup: None,
            result: None,
            tag_names: TagNames::default(),
            row: None,
            moves: 0,
            move_number: 0,
            plies: 0,
            last_written: 0,
            open_pass: false,
            repetition: None,
            captures: Captures::NONE,
            annotated: true,
            keep_tags: false,
            tags: Vec::new(),
        }
    }

    /// Gives up on the game: the full validation takes over.
    fn give_up(&mut self) -> ControlFlow<()> {
        self.gave_up = true;
        ControlFlow::Break(())
    }

    /// Goes on when `ok`, else gives up.
    fn go_on_if(&mut self, ok: bool) -> ControlFlow<()> {
        if ok {
            ControlFlow::Continue(())
        } else {
            self.give_up()
        }
    }

    /// Plays one written ply; whether it has nothing to report so far
    /// (its groups follow).
    #[inline(always)]
    fn play(&mut self, token: &PlyToken) -> bool {
        if token.alternative || !self.annotated {
            return false;
        }
        let Some(captures) = self.replay(token.hole, token.span) else {
            return false;
        };
        self.annotated = captures.is_empty();
        self.captures = captures;
        true
    }

    /// Whether a group after the last ply, not written as its captures
    /// print, has nothing to report: a comment, or the one capture
    /// annotation of the ply, which the rules' captures match.
    #[inline(never)]
    fn other_group(&mut self, group: &GroupToken<'_>) -> bool {
        match group.kind() {
            // Every capture annotation is compared; a second one has a
            // finding either way, which the full check gives.
            GroupKind::Captures { annotation, .. } => {
                if self.annotated && !self.captures.is_empty()
                    || !compare::matches(&annotation, &self.captures)
                {
                    return false;
                }
                self.annotated = true;
                true
            }
            // A value written as a comment is read by the full check.
            GroupKind::Comment(text) => !text.trim_start().starts_with('%'),
            // Labels name variations, which the full check resolves;
            // another move is checked in the position before.
            GroupKind::Labels(_) | GroupKind::OtherMove(_) => false,
        }
    }

    /// Plays a ply from `hole` (a written pass for `None`), written at
    /// `span`; the rules' captures, or `None` if the ply is illegal.
    fn replay(&mut self, hole: Option<Hole>, span: Span) -> Option<Captures> {
        if self.plies == 0 {
            let start = self.setup.unwrap_or_default();
            self.game.restart(start, self.rules);
            self.open_pass = ends_with_pass(&self.game);
        }
        // Counted as the full replay counts: a written pass is the pass
        // the game made already.
        let index = self.game.plies().len() + usize::from(!(hole.is_none() && self.open_pass));
        let (_, captures) = play_written(&mut self.game, hole, &mut self.open_pass).ok()?;
        self.plies += 1;
        self.last_written = index;
        // A record that stops at a repeated position ends by a claim,
        // with a note, which the report gets from `Clean`.
        if self.game.is_repeated() {
            self.note_recurrence(span);
        }
        Some(captures)
    }

    /// Remembers that the position after the last ply, written at `span`,
    /// occurred before since the last capture.
    #[cold]
    #[inline(never)]
    fn note_recurrence(&mut self, span: Span) {
        self.repetition = Some((self.last_index(), span, self.move_number));
    }

    /// Counts a move that begins, with its row number in numbered
    /// movetext; whether its number is in sequence.
    fn count_move(&mut self, number: Option<u32>) -> bool {
        self.moves = self.moves.saturating_add(1);
        self.move_number = number.unwrap_or(self.moves);
        let Some(number) = number else {
            return true;
        };
        // A first row other than 1 is judged by the full check, which
        // knows whether the game has a start of its own.
        let in_sequence = match self.row {
            None => number == 1,
            Some(previous) => previous.checked_add(1) == Some(number),
        };
        self.row = Some(number);
        in_sequence
    }

    /// Forgets the moves and plies read: the movetext starts again.
    fn forget_moves(&mut self) {
        self.row = None;
        self.moves = 0;
        self.move_number = 0;
        self.plies = 0;
        self.last_written = 0;
        self.repetition = None;
        self.captures = Captures::NONE;
        self.annotated = true;
    }

    /// The number of the last ply played, as the game counts plies: in
    /// the Hemprich variant, the forced passes before it included (the
    /// passes after it, unless written, are left out).
    fn last_index(&self) -> usize {
        self.last_written
    }

    /// The clean game, if the check did not give up and the game is over
    /// (or stops at a repeated position, which ends it by a claim) with
    /// its `Result` tag right.
    fn clean(&mut self) -> Option<Clean> {
        if self.gave_up || self.plies == 0 || !self.annotated {
            return None;
        }
        let repetition = self
            .repetition
            .filter(|&(ply, _, _)| ply == self.last_index())
            .map(|(_, span, move_number)| (span, move_number));
        let (end, repetition) = match self.game.end() {
            Some(end) => (end, None),
            None if repetition.is_some() => (self.game.claim_repetition()?, repetition),
            None => return None,
        };
        if self.result.is_some_and(|written| written != end.score) {
            return None;
        }
        Some(Clean {
            start: *self.game.start(),
            end,
            position: *self.game.position(),
            last_index: self.last_index(),
            repetition,
            rules: self.rules,
            result: self.result,
        })
    }
}

impl Visitor for Quick {
    type Output = Option<Clean>;

    fn begin_game(&mut self) -> ControlFlow<()> {
        self.gave_up = false;
        self.setup = None;
        self.result = None;
        self.tag_names = TagNames::default();
        self.tags.clear();
        self.rules = claims_only(self.options.rules);
        self.forget_moves();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &str, value: &str, _: Span) -> ControlFlow<()> {
        if self.keep_tags {
            self.tags.push((name.to_owned(), value.to_owned()));
        }
        // Tags are read as `validate` reads them (the first of each known
        // name counts); a misspelled or repeated name has a finding.
        let ok = match self.tag_names.read(name) {
            TagName::Custom => true,
            TagName::Misspelled(_) | TagName::Again(_) => false,
            TagName::Known(KnownTag::Setup) => match setup_value(value) {
                Ok(StartTag::Position(position)) => {
                    self.setup = Some(position);
                    true
                }
                Ok(StartTag::Unknown) | Err(_) => false,
            },
            // A tag that names no rules, or contradicts the options, has
            // a finding.
            TagName::Known(KnownTag::Rules) => match rules_value(value) {
                Ok(rules) if rules_conflict(rules, &self.options).is_none() => {
                    self.rules = claims_only(rules);
                    true
                }
                _ => false,
            },
            TagName::Known(KnownTag::Result) => match result_value(value) {
                Ok(result) => {
                    self.result = result;
                    true
                }
                Err(_) => false,
            },
            // A game of a match is reported with its tags, which only
            // the tree keeps.
            TagName::Known(KnownTag::Partie) => false,
            TagName::Known(_) => true,
        };
        self.go_on_if(ok)
    }

    fn begin_variation(&mut self, _: Label, _: Span) -> ControlFlow<(), Skip> {
        self.give_up()?;
        ControlFlow::Continue(Skip(false))
    }

    fn begin_move(&mut self, number: Option<(u32, Span)>) -> ControlFlow<()> {
        let ok = self.count_move(number.map(|(number, _)| number));
        self.go_on_if(ok)
    }

    fn ply(&mut self, ply: &PlyToken) -> ControlFlow<()> {
        let ok = self.play(ply);
        self.go_on_if(ok)
    }

    #[inline]
    fn group(&mut self, group: &GroupToken<'_>) -> ControlFlow<()> {
        // Written as the rules' captures print, the commonest case, the
        // group need not be read.
        if !self.annotated && group.is_print_of(&self.captures) {
            self.annotated = true;
            return ControlFlow::Continue(());
        }
        let ok = self.other_group(group);
        self.go_on_if(ok)
    }

    fn end_move(&mut self, end: &MoveEnd<'_>) -> ControlFlow<()> {
        // A move ended by prose (a claim, such as `and South wins`) is
        // left to the full validation, as is a ply whose captures no
        // group annotated.
        self.go_on_if(end.ending.is_none() && self.annotated)
    }

    /// Left to the full validation.
    fn elide_south(&mut self, _: Span) -> ControlFlow<()> {
        self.give_up()
    }

    fn abandon_move(&mut self) -> ControlFlow<()> {
        self.give_up()
    }

    fn prose(&mut self, _: &str, _: Span) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn error(&mut self, _: &ParseError) -> ControlFlow<()> {
        self.give_up()
    }

    fn warning(&mut self, _: &Warning) -> ControlFlow<()> {
        self.give_up()
    }

    fn end_game(&mut self) -> Option<Clean> {
        self.clean()
    }
}
