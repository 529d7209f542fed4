//! Comparing a capture annotation with what the rules capture.

use crate::notation::{CaptureAnnotation, Phrase};
use crate::{Capture, Captures, Hole};

/// Beans by hole index, 0 meaning nothing; `conflict` when the same hole
/// is named twice with different counts or with 0 beans.
#[derive(Default, PartialEq, Eq)]
struct BeanSet {
    beans: [u8; 12],
    conflict: bool,
}

impl BeanSet {
    fn add(&mut self, index: usize, beans: u8) {
        match self.beans.get_mut(index) {
            Some(slot) if beans != 0 && (*slot == 0 || *slot == beans) => *slot = beans,
            _ => self.conflict = true,
        }
    }
}

/// The beans `annotation` names, by hole index (0 for a hole it does not
/// name), as [`matches`] compares them: `None` when it names a hole twice
/// with different counts, or with 0 beans, which no capture matches.
#[must_use]
pub(crate) fn annotated_beans(annotation: &CaptureAnnotation) -> Option<[u8; 12]> {
    let mut written = BeanSet::default();
    for (hole, beans) in annotation.captures() {
        written.add(hole.index(), beans);
    }
    (!written.conflict).then_some(written.beans)
}

/// Whether `annotation` names exactly the captures of `captures`, as a set
/// of (hole, beans), whatever the phrasing or order.
#[must_use]
pub(crate) fn matches(annotation: &CaptureAnnotation, captures: &Captures) -> bool {
    in_chain_order(annotation, captures) || as_sets(annotation, captures)
}

/// Whether `annotation` names the captures of `captures` one by one in
/// chain order, each hole once and with beans: the usual case, decided
/// without building sets. `false` when it does not, or names a hole twice
/// (then only [`as_sets`] can tell).
fn in_chain_order(annotation: &CaptureAnnotation, captures: &Captures) -> bool {
    let mut rules = captures.iter();
    let mut seen = 0u16;
    // Each written (hole, beans) against the next capture; the fields are
    // walked directly, which costs less than flattening them with
    // `CaptureAnnotation::captures`.
    let mut next_is = |hole: Hole, beans: u8| {
        let bit = 1u16 << (hole.index() % 16);
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
            && beans != 0
            && rules
                .next()
                .is_some_and(|capture| capture.hole == hole && capture.beans == beans)
    };
    let mut phrase_is = |phrase: &Phrase| {
        next_is(phrase.holes.first, phrase.beans)
            && phrase
                .holes
                .rest
                .iter()
                .all(|&(_, hole)| next_is(hole, phrase.beans))
    };
    phrase_is(&annotation.first)
        && annotation.rest.iter().all(|(_, phrase)| phrase_is(phrase))
        && rules.next().is_none()
}

/// [`matches`] by comparing sets of (hole, beans).
fn as_sets(annotation: &CaptureAnnotation, captures: &Captures) -> bool {
    let Some(written) = annotated_beans(annotation) else {
        return false;
    };
    let mut rules = BeanSet::default();
    for capture in captures {
        rules.add(capture.hole.index(), capture.beans);
    }
    !rules.conflict && written == rules.beans
}

/// The message for an annotation that differs from the rules' captures:
/// `annotated 2 from 7, but the rules capture 4 from 7 and 2 from 6`.
#[must_use]
pub(crate) fn mismatch_message(annotation: &CaptureAnnotation, captures: &Captures) -> String {
    if captures.is_empty() {
        format!("annotated {annotation}, but the rules capture nothing")
    } else {
        format!("annotated {annotation}, but the rules capture {captures}")
    }
}

/// The message for a second capture annotation of a ply, as right as
/// the first.
pub(crate) fn duplicate_message(captures: &Captures) -> String {
    format!("captures annotated twice: the ply's first annotation already names {captures}")
}

/// The message for a capture the record does not annotate.
#[must_use]
pub(crate) fn unannotated_message(captures: &Captures) -> String {
    format!("the rules capture {captures} here, but the record does not annotate it")
}

/// The canonical annotation of `captures`: `4 from 10, 2 from 9 and 2
/// from 8`, one `from` phrase per hole in chain order. `None` for no
/// capture.
#[must_use]
pub(crate) fn canonical(captures: &Captures) -> Option<CaptureAnnotation> {
    use crate::notation::{HoleList, Joiner, Phrase, PhraseForm, Span};
    let phrase = |capture: &Capture| Phrase {
        beans: capture.beans,
        holes: HoleList::one(capture.hole),
        form: PhraseForm::From,
        hole_word: false,
    };
    let (first, rest) = captures.as_slice().split_first()?;
    let count = rest.len();
    Some(CaptureAnnotation {
        first: phrase(first),
        rest: rest
            .iter()
            .enumerate()
            .map(|(i, capture)| {
                let joiner = if i + 1 == count {
                    Joiner::And
                } else {
                    Joiner::Comma
                };
                (joiner, phrase(capture))
            })
            .collect(),
        span: Span::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Hole;
    use crate::notation::WrittenPly;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    fn annotation(text: &str) -> Result<CaptureAnnotation, Box<dyn std::error::Error>> {
        let ply: WrittenPly = text.parse()?;
        Ok(ply.capture_annotation().cloned().ok_or("no annotation")?)
    }

    fn captures(list: &[(u8, u8)]) -> Result<Captures, Box<dyn std::error::Error>> {
        let list = list
            .iter()
            .map(|&(hole, beans)| {
                Ok(Capture {
                    hole: Hole::new(hole)?,
                    beans,
                })
            })
            .collect::<Result<Vec<_>, crate::RulesError>>()?;
        Ok(Captures::from_slice(&list).ok_or("too many")?)
    }

    #[test]
    fn sets_not_phrasing() -> TestResult {
        let rules = captures(&[(10, 4), (9, 2), (8, 2), (7, 2)])?;
        assert!(matches(
            &annotation("3 (4 from 10, 2 from 9, 8, 7 each)")?,
            &rules
        ));
        assert!(matches(
            &annotation("3 (2 from 7, 8 and 9 each plus 4 from 10)")?,
            &rules
        ));
        assert!(!matches(
            &annotation("3 (4 from 10, 2 from 9, 8 each)")?,
            &rules
        ));
        let canonical = canonical(&rules).ok_or("no annotation")?;
        assert!(matches(&canonical, &rules));
        assert_eq!(
            canonical.to_string(),
            "4 from 10, 2 from 9, 2 from 8 and 2 from 7"
        );
        assert!(canonical_is_none());
        Ok(())
    }

    #[test]
    fn chain_order_is_a_shortcut_that_leaves_the_rest_to_sets() -> TestResult {
        let rules = captures(&[(10, 4), (9, 2), (8, 2)])?;
        let in_order = annotation("3 (4 from 10 and 2 from 9, 8 each)")?;
        assert!(in_chain_order(&in_order, &rules));
        assert!(matches(&in_order, &rules));
        let reordered = annotation("3 (2 from 8, 9 each and 4 from 10)")?;
        assert!(!in_chain_order(&reordered, &rules));
        assert!(matches(&reordered, &rules));
        let short = annotation("3 (4 from 10 and 2 from 9)")?;
        assert!(!in_chain_order(&short, &rules));
        assert!(!matches(&short, &rules));
        // The same hole twice is left to the sets, whatever the counts.
        let twice = captures(&[(3, 2), (3, 2)])?;
        let written = annotation("1 (2 from 3 and 2 from 3)")?;
        assert!(!in_chain_order(&written, &twice));
        assert_eq!(matches(&written, &twice), as_sets(&written, &twice));
        Ok(())
    }

    fn canonical_is_none() -> bool {
        canonical(&Captures::NONE).is_none()
    }

    #[test]
    fn messages() -> TestResult {
        let rules = captures(&[(7, 4), (6, 2)])?;
        let written = annotation("1 (2 from 7)")?;
        assert!(!matches(&written, &rules));
        assert_eq!(
            mismatch_message(&written, &rules),
            "annotated 2 from 7, but the rules capture 4 from 7 and 2 from 6"
        );
        assert_eq!(
            mismatch_message(&written, &Captures::NONE),
            "annotated 2 from 7, but the rules capture nothing"
        );
        assert!(matches(
            &annotation("1 (4 from 7 and 2 from 6 plus 4 from 7)")?,
            &rules
        ));
        assert!(!matches(
            &annotation("1 (4 from 7 and 2 from 6 plus 2 from 7)")?,
            &rules
        ));
        Ok(())
    }
}
