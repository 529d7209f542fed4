//! Values written into a record as comments (`(%value 38:34)`, `(%eval
//! d12 +4)`, `(%verdict mark confirmed)`, read by
//! [`WrittenValue::of_ply`](crate::validate::WrittenValue::of_ply)): checked as judgements,
//! and written by [`Analysis::write_values`].

use std::collections::HashMap;

use crate::notation::{Group, GroupKind, Location, Record, Span, WrittenPly};
use crate::validate::{WrittenValue, is_value_comment};
use crate::{Player, Rules};

use super::engine::{Engine, EngineConfig};
use super::judgement::{Analysis, Judgement, JudgementKind, PlyValue, Verdict, describe};
use super::review::{self, Assessment, PlyReview};

/// `+4`, `-2`, `+0`.
fn signed(difference: i32) -> String {
    format!("{difference:+}")
}

/// The engine that checks written estimates, made when first needed (and
/// made anew for other rules).
#[derive(Debug, Clone, Default)]
pub(super) struct Estimator {
    engine: Option<Engine>,
}

impl Estimator {
    /// The engine for `rules`.
    fn engine(&mut self, rules: Rules) -> &mut Engine {
        let engine = self
            .engine
            .take()
            .filter(|engine| engine.rules() == rules)
            .unwrap_or_else(|| Engine::new(rules, EngineConfig::default()));
        self.engine.insert(engine)
    }
}

/// Checks the values written after the plies of one line (`plies`, the
/// line's own, with their values), adding a judgement of kind
/// [`JudgementKind::Value`] for each: an exact value against the
/// solver's value after the ply (unanalysed when the solver found none),
/// an engine's estimate against the engine's search again to its depth
/// ([`review::estimate`]). Verdicts and malformed values are not judged
/// (validation reports the malformed ones).
pub(super) fn check_values(
    written: &HashMap<usize, &WrittenPly>,
    plies: &[PlyValue],
    variation: Option<&str>,
    rules: Rules,
    estimator: &mut Estimator,
    judgements: &mut Vec<Judgement>,
) {
    for (k, ply) in plies.iter().enumerate() {
        let Some(written_ply) = written.get(&ply.span.start) else {
            continue;
        };
        for (group, value) in WrittenValue::of_ply(written_ply) {
            let span = written_ply
                .groups
                .get(group)
                .map_or(ply.span, |group| group.span);
            let hole = ply
                .mv
                .map_or_else(|| "-".to_owned(), |mv| mv.hole().to_string());
            let claim = match ply.player {
                Player::South => format!("{}. {hole} ({value})", ply.number),
                Player::North => format!("{}... {hole} ({value})", ply.number),
            };
            let (verdict, reason) = match value {
                WrittenValue::Exact(score) => match ply.after.clone() {
                    Ok(exact) if exact == score => (
                        Verdict::Confirmed,
                        "the exact value after the ply agrees".to_owned(),
                    ),
                    Ok(exact) => (
                        Verdict::Contradicted,
                        format!("the exact value after the ply is {}", describe(exact)),
                    ),
                    Err(error) => (
                        Verdict::Unanalysed,
                        format!("the exact value after the ply was not found ({error})"),
                    ),
                },
                WrittenValue::Estimate { depth, difference } => {
                    let engine = estimator.engine(rules);
                    match review::estimate(engine, plies, k + 1, depth) {
                        Assessment::Missing => (
                            Verdict::Unanalysed,
                            "the engine cannot search the position after the ply".to_owned(),
                        ),
                        found if found.difference() == Some(difference) => (
                            Verdict::Confirmed,
                            format!("the engine's search to depth {depth} agrees"),
                        ),
                        found => (
                            Verdict::Contradicted,
                            format!(
                                "the engine's search to depth {depth} gives {}",
                                found.difference().map_or_else(String::new, signed)
                            ),
                        ),
                    }
                }
                WrittenValue::Verdict { .. } => continue,
            };
            judgements.push(Judgement {
                kind: JudgementKind::Value,
                verdict,
                message: format!("{claim}: {reason}"),
                claim,
                line: Vec::new(),
                span,
                location: Location::default(),
                ply: Some(ply.index),
                move_number: Some(ply.number),
                variation: variation.map(str::to_owned),
            });
        }
    }
}

impl Analysis {
    /// Writes the values of this analysis into `record` (the record it
    /// analysed) as comments, after each replayed ply of every line, in
    /// place of the value comments it had (every comment that starts with
    /// `%`, on any ply, is removed first):
    ///
    /// - `(%value S:N)`, the exact value after the ply, where the analysis
    ///   found it;
    /// - else `(%eval dD ±X)`, the engine's value after it, from
    ///   `reviews` (one review per line of `analysis`, made by a
    ///   [fresh](review::Reviewer::fresh) reviewer whose
    ///   [`depth_after`](review::Reviewer::depth_after) is `depth`; empty
    ///   without an engine);
    /// - then `(%verdict KIND VERDICT)` for each judgement made at the ply
    ///   (its mark, another move named there, an alternative, the ending of
    ///   its move; prose after the moves goes with the main line's last
    ///   ply), except the value judgements themselves. A stipulation, about
    ///   the start, has no ply and is not written.
    ///
    /// Read again, the record's values are confirmed by the same analysis.
    ///
    /// ```
    /// use bohnenspiel::analysis::{Analyser, Limits};
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::Options;
    ///
    /// let games = parse_records("[Setup \"0,0,0,0,0,1/0,0,0,0,0,1 36:34 S\"]\n\n1. 6? 12\n");
    /// let mut analyser = Analyser::new(Options::default(), Limits::nodes(1000));
    /// let analysis = analyser.analyse(&games[0])?;
    /// let mut record = games[0].record.clone();
    /// analysis.write_values(&mut record, &[], 0);
    /// assert_eq!(
    ///     record.movetext.to_string(),
    ///     "1.  6? (%value 36:36) (%verdict mark contradicted)  12 (%value 37:35)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_values(&self, record: &mut Record, reviews: &[Vec<PlyReview>], depth: u32) {
        let analysis = self;
        let mut values: HashMap<usize, Vec<WrittenValue>> = HashMap::new();
        let mut starts = Vec::new();
        for (line, values_of_line) in analysis.lines.iter().enumerate() {
            let review = reviews.get(line);
            for (k, ply) in values_of_line.plies.iter().enumerate() {
                starts.push(ply.span.start);
                let value = match (ply.after.clone(), review.and_then(|review| review.get(k))) {
                    (Ok(score), _) => Some(WrittenValue::Exact(score)),
                    (Err(_), Some(review)) => review
                        .after
                        .difference()
                        .map(|difference| WrittenValue::Estimate { depth, difference }),
                    (Err(_), None) => None,
                };
                values.entry(ply.span.start).or_default().extend(value);
            }
        }
        // Each judgement made at a ply goes with the replayed ply written
        // last before it.
        starts.sort_unstable();
        for judgement in &analysis.judgements {
            if judgement.ply.is_none() || judgement.kind == JudgementKind::Value {
                continue;
            }
            let at = starts.partition_point(|&start| start <= judgement.span.start);
            let Some(&start) = at.checked_sub(1).and_then(|at| starts.get(at)) else {
                continue;
            };
            values
                .entry(start)
                .or_default()
                .push(WrittenValue::Verdict {
                    judgement: judgement.kind.as_str().to_owned(),
                    verdict: judgement.verdict.as_str().to_owned(),
                });
        }
        let moves = record.movetext.moves.iter_mut().chain(
            record
                .movetext
                .variations
                .iter_mut()
                .flat_map(|v| &mut v.moves),
        );
        for m in moves {
            for (_, turn) in m.turns_mut() {
                for alternative in turn.alternatives.iter_mut() {
                    remove_values(alternative);
                }
                remove_values(&mut turn.ply);
                let Some(written) = values.remove(&turn.ply.span.start) else {
                    continue;
                };
                for value in written {
                    turn.ply.groups.push(Group {
                        kind: GroupKind::Comment(value.to_string()),
                        span: Span::default(),
                    });
                }
            }
        }
    }
}

/// Removes the value comments of a ply (left untouched when it has none:
/// the plies of a parsed game share their groups' storage).
fn remove_values(ply: &mut WrittenPly) {
    if ply.groups.iter().any(|group| is_value_comment(&group.kind)) {
        ply.groups.retain(|group| !is_value_comment(&group.kind));
    }
}
