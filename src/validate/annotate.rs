//! Writing the rules' capture annotations into a record.

use crate::notation::{Group, GroupKind, Record, Span, WrittenMove, WrittenPly};

use super::compare;
use super::report::{Line, Report};

impl Report {
    /// Writes the rules' capture annotations into `record`, for every ply
    /// that this report replayed.
    ///
    /// Every capture annotation of a ply is considered. The first is kept as
    /// written if it is correct, and replaced by the rules' captures in the
    /// canonical phrasing (`4 from 10, 2 from 9 and 2 from 8`, chain order)
    /// if not, keeping a comment after its `;`; a missing one is added as the
    /// ply's first group. Any other capture annotation of the ply is removed,
    /// and so is the first when the rules capture nothing; a comment after a
    /// removed annotation's `;` stays in its place, as a comment group (which
    /// prints as `(; comment)` when its text alone would read as a label, a
    /// move or an annotation). Each alternative of a replayed ply (`8 or 9`)
    /// is annotated the same way with its own captures, played from the
    /// position before the turn as [`validate`](super::validate) checks it; an
    /// alternative that cannot be played there is left as written. Marks,
    /// labels, comments and plies that were not replayed are left as they are,
    /// so that the record printed validates with no capture finding. The
    /// report must come from [`validate`](super::validate) of this record; new groups
    /// have empty spans.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    /// use bohnenspiel::validate::{Options, validate};
    ///
    /// let mut games = parse_records("4,8; 6,12; 6,7 (2 from 12)\n");
    /// let report = validate(&games[0], &Options::default());
    /// report.annotate(&mut games[0].record);
    /// assert_eq!(games[0].record.to_string(), "4, 8; 6, 12 (2 from 8); 6, 7\n");
    ///
    /// let mut games = parse_records("4 (2 from 3) (2 from 12), 8; 6 (2 from 3; A), 12\n");
    /// let report = validate(&games[0], &Options::default());
    /// report.annotate(&mut games[0].record);
    /// assert_eq!(games[0].record.to_string(), "4, 8; 6 (; A), 12 (2 from 8)\n");
    ///
    /// let mut games = parse_records("4, 8; 6, 12 or 9 (2 from 3)\n");
    /// let report = validate(&games[0], &Options::default());
    /// report.annotate(&mut games[0].record);
    /// assert_eq!(games[0].record.to_string(), "4, 8; 6, 12 (2 from 8) or 9\n");
    /// ```
    pub fn annotate(&self, record: &mut Record) {
        annotate_line(&mut record.movetext.moves, &self.main_line);
        for (variation, entry) in record.movetext.variations.iter_mut().zip(&self.variations) {
            if entry.replayed && entry.label == variation.label {
                annotate_line(&mut variation.moves, &entry.line);
            }
        }
    }
}

/// Annotates each turn of `moves` with the captures of the matching
/// replayed ply: its first ply with the ply's captures, and each
/// alternative that can be played with the alternative's captures (as
/// [`validate`](super::validate) plays it, from the position before the
/// turn).
fn annotate_line(moves: &mut [WrittenMove], line: &Line) {
    let turns = moves
        .iter_mut()
        .flat_map(|m| m.turns_mut().map(|(_, turn)| turn));
    for (turn, replayed) in turns.zip(&line.plies) {
        annotate_ply(&mut turn.ply, &replayed.captures);
        for (alternative, captures) in turn.alternatives.iter_mut().zip(&replayed.alternatives) {
            if let Some(captures) = captures {
                annotate_ply(alternative, captures);
            }
        }
    }
}

/// Makes the ply's annotation name `captures`: its first capture
/// annotation, kept if right, else replaced by the canonical phrasing, or
/// added as its first group; every other capture annotation of the ply is
/// removed, since [`validate`](super::validate) warns of a second right
/// annotation (and reports a wrong one as an error). A
/// comment after a removed annotation's `;` stays in its place, as a
/// comment group.
fn annotate_ply(ply: &mut WrittenPly, captures: &crate::Captures) {
    let mut canonical = compare::canonical(captures);
    if is_annotated(ply, captures, canonical.is_some()) {
        // Nothing to change: the groups are left as they are, untouched
        // (the plies of a parsed game share one vector of groups, and
        // changing a ply's gives it a vector of its own).
        return;
    }
    let mut seen = false;
    let mut k = 0;
    while let Some(group) = ply.groups.get_mut(k) {
        let Some((annotation, comment)) = group.kind.captures_mut() else {
            k += 1;
            continue;
        };
        let first = !seen;
        seen = true;
        if first && compare::matches(annotation, captures) {
            k += 1;
            continue;
        }
        match canonical.take().filter(|_| first) {
            Some(right) => *annotation = right,
            None => match comment.take() {
                Some(comment) => group.kind = GroupKind::Comment(comment.into()),
                None => {
                    ply.groups.remove(k);
                    continue;
                }
            },
        }
        k += 1;
    }
    if let Some(canonical) = canonical.filter(|_| !seen) {
        ply.groups.insert(
            0,
            Group {
                kind: GroupKind::Captures {
                    annotation: canonical,
                    comment: None,
                },
                span: Span::default(),
            },
        );
    }
}

/// Whether the ply's capture annotations already say what
/// [`annotate_ply`] would make them say: none when the rules capture
/// nothing (`needed` is false), else exactly one, which matches
/// `captures`.
fn is_annotated(ply: &WrittenPly, captures: &crate::Captures, needed: bool) -> bool {
    let mut annotations = ply.groups.iter().filter_map(|group| match &group.kind {
        GroupKind::Captures { annotation, .. } => Some(annotation),
        _ => None,
    });
    match (annotations.next(), needed) {
        (None, needed) => !needed,
        (Some(first), true) => annotations.next().is_none() && compare::matches(first, captures),
        (Some(_), false) => false,
    }
}
