//! Variations: row numbering, branch points and the lines they replace.

use crate::notation::{GroupKind, Layout, LineRef, Movetext, Variation};

use super::replay::{At, Context, NumberedMove, numbered};
use super::{FindingKind, Severity};

/// Reports labels that name no variation, in either layout, and checks
/// the row numbers of numbered movetext: each row is the previous one
/// plus 1, and a variation's first row lies within its parent line (from
/// the parent's first row to one past its last). Also reports variations
/// no line refers to.
pub(crate) fn check_rows(ctx: &mut Context<'_>, movetext: &Movetext) {
    check_references(ctx, movetext);
    if movetext.layout != Layout::Numbered {
        return;
    }
    check_sequence(ctx, &numbered(&movetext.moves), None);
    for variation in &movetext.variations {
        let label = variation.label.as_str();
        let own = numbered(&variation.moves);
        check_sequence(ctx, &own, Some(label));
        let Some((parent, _)) = movetext.parent_of(label) else {
            ctx.push(
                Severity::Warning,
                FindingKind::UnresolvedLabel,
                format!("no line refers to variation ({label}), so it cannot be replayed"),
                variation.span,
                At {
                    variation: Some(label),
                    ..At::RECORD
                },
            );
            continue;
        };
        let parent_moves = match parent {
            LineRef::Main => &movetext.moves,
            LineRef::Variation(parent) => match movetext.variation(parent.as_str()) {
                Some(parent) => &parent.moves,
                None => continue,
            },
        };
        let parent_rows = numbered(parent_moves);
        let (Some(&(first, first_move)), Some(&(low, _)), Some(&(high, _))) =
            (own.first(), parent_rows.first(), parent_rows.last())
        else {
            continue;
        };
        if first < low || first > high.saturating_add(1) {
            let parent_name = match parent {
                LineRef::Main => "the main line".to_owned(),
                LineRef::Variation(label) => format!("variation ({})", label.as_str()),
            };
            ctx.push(
                Severity::Error,
                FindingKind::RowOutOfSequence,
                format!(
                    "variation ({label}) starts at row {first}, but {parent_name} has rows {low} to {high}"
                ),
                first_move.number_span.unwrap_or(first_move.span),
                At {
                    ply: None,
                    move_number: Some(first),
                    variation: Some(label),
                },
            );
        }
    }
}

/// Reports labels that name no variation.
fn check_references(ctx: &mut Context<'_>, movetext: &Movetext) {
    let lines = std::iter::once((None, &movetext.moves)).chain(
        movetext
            .variations
            .iter()
            .map(|v| (Some(v.label.as_str()), &v.moves)),
    );
    for (line, moves) in lines {
        for m in moves {
            let plies = std::iter::once(&m.south)
                .chain(m.north.as_ref())
                .flat_map(|turn| turn.plies());
            let groups = plies.flat_map(|ply| ply.groups.iter());
            for group in groups {
                let GroupKind::Labels(labels) = &group.kind else {
                    continue;
                };
                for label in labels {
                    if movetext.variation(label.as_str()).is_none() {
                        ctx.push(
                            Severity::Warning,
                            FindingKind::UnresolvedLabel,
                            format!("the record has no variation ({})", label.as_str()),
                            group.span,
                            At {
                                ply: None,
                                move_number: m.number,
                                variation: line,
                            },
                        );
                    }
                }
            }
        }
    }
}

/// Each row must be the previous one plus 1.
fn check_sequence(ctx: &mut Context<'_>, rows: &[NumberedMove<'_>], variation: Option<&str>) {
    for pair in rows.windows(2) {
        if let [(previous, _), (number, m)] = *pair
            && Some(number) != previous.checked_add(1)
        {
            ctx.push(
                Severity::Error,
                FindingKind::RowOutOfSequence,
                format!(
                    "row {number} follows row {previous}: expected row {}",
                    previous.saturating_add(1)
                ),
                m.number_span.unwrap_or(m.span),
                At {
                    ply: None,
                    move_number: Some(number),
                    variation,
                },
            );
        }
    }
}

/// The whole line of a variation from the start of the game: its parent's
/// line (recursively) up to but not including the variation's first row
/// number, then its own rows. Also returns how many moves come from the
/// parent. `None` if the variation has no parent, no rows, or its parents
/// form a cycle.
pub(crate) fn full_line<'r>(
    movetext: &'r Movetext,
    variation: &'r Variation,
) -> Option<(Vec<NumberedMove<'r>>, usize)> {
    full_line_at_depth(movetext, variation, movetext.variations.len())
}

fn full_line_at_depth<'r>(
    movetext: &'r Movetext,
    variation: &'r Variation,
    depth: usize,
) -> Option<(Vec<NumberedMove<'r>>, usize)> {
    let branch = variation.branch_number()?;
    let (parent, _) = movetext.parent_of(variation.label.as_str())?;
    let parent_line = match parent {
        LineRef::Main => numbered(&movetext.moves),
        LineRef::Variation(label) => {
            let parent = movetext.variation(label.as_str())?;
            full_line_at_depth(movetext, parent, depth.checked_sub(1)?)?.0
        }
    };
    let mut line: Vec<NumberedMove<'r>> = parent_line
        .into_iter()
        .take_while(|&(number, _)| number < branch)
        .collect();
    let prefix = line.len();
    line.extend(numbered(&variation.moves));
    Some((line, prefix))
}
