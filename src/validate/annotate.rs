//! Writing the rules' capture annotations into a record.

use crate::notation::{Group, GroupKind, Record, Span, WrittenMove, WrittenPly};

use super::compare;
use super::report::{Line, Report};

/// The record with the rules' capture annotations filled in, for every
/// ply that `report` replayed.
///
/// A correct annotation is kept as written; a wrong one is replaced by the
/// rules' captures in the canonical phrasing (`4 from 10, 2 from 9 and 2
/// from 8`, chain order), keeping a comment after its `;`; a missing one
/// is added as the ply's first group. When the rules capture nothing, a
/// wrong annotation is removed (its comment stays, as a comment). Marks,
/// labels, comments, alternatives and plies that were not replayed are
/// left as they are. `report` must come from [`validate`](super::validate)
/// of this record; new groups have empty spans.
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{Options, annotate, validate};
///
/// let games = parse_records("4,8; 6,12; 6,7 (2 from 12)\n");
/// let report = validate(&games[0], &Options::default());
/// let annotated = annotate(&games[0].record, &report);
/// assert_eq!(annotated.to_string(), "4, 8; 6, 12 (2 from 8); 6, 7\n");
/// ```
#[must_use]
pub fn annotate(record: &Record, report: &Report) -> Record {
    let mut record = record.clone();
    annotate_line(&mut record.movetext.moves, &report.main_line);
    for (variation, entry) in record
        .movetext
        .variations
        .iter_mut()
        .zip(&report.variations)
    {
        if entry.replayed && entry.label == variation.label.as_str() {
            annotate_line(&mut variation.moves, &entry.line);
        }
    }
    record
}

/// Annotates the first ply of each turn of `moves` with the captures of
/// the matching replayed ply.
fn annotate_line(moves: &mut [WrittenMove], line: &Line) {
    let plies = moves.iter_mut().flat_map(|m| {
        std::iter::once(&mut m.south.ply).chain(m.north.as_mut().map(|north| &mut north.ply))
    });
    for (ply, replayed) in plies.zip(&line.plies) {
        annotate_ply(ply, &replayed.captures);
    }
}

/// Makes the ply's annotation name `captures`.
fn annotate_ply(ply: &mut WrittenPly, captures: &crate::Captures) {
    let position = ply
        .groups
        .iter()
        .position(|group| matches!(group.kind, GroupKind::Captures { .. }));
    match (position, compare::canonical(captures)) {
        (Some(at), canonical) => {
            let Some(group) = ply.groups.get_mut(at) else {
                return;
            };
            let Some((annotation, comment)) = group.kind.captures_mut() else {
                return;
            };
            if compare::matches(annotation, captures) {
                return;
            }
            match canonical {
                Some(canonical) => *annotation = canonical,
                None => match comment.take() {
                    Some(comment) => group.kind = GroupKind::Comment(comment),
                    None => {
                        ply.groups.remove(at);
                    }
                },
            }
        }
        (None, Some(canonical)) => ply.groups.insert(
            0,
            Group {
                kind: GroupKind::Captures {
                    annotation: canonical,
                    comment: None,
                },
                span: Span::default(),
            },
        ),
        (None, None) => {}
    }
}
