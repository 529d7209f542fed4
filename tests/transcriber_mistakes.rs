//! One transcriber's mistake at a time, in generated valid records.
//!
//! A legal game is printed as a record (inline or in numbered rows, with
//! tags and the rules' capture annotations), and one mistake of the kind
//! people make when copying a score is applied at a random place: a
//! separator dropped, doubled or changed (`;` to `.` or `,`), a word of a
//! capture annotation in another letter case, a row number glued to its
//! ply, a misspelled tag name, a stray character, the record cut short.
//!
//! The rule under test is the reader's: lenient where the meaning is
//! certain, reported where it is not, silent never. For every mutant,
//! either the verdict is the original's (the same findings by kind) and
//! every ply is replayed as before, or some finding of severity warning or
//! error lies at the mistake. A mistake whose meaning is certain (the
//! letter case of an annotation word, a glued row number) must leave the
//! verdict and the plies unchanged.
//!
//! "At the mistake" means: the finding starts within the move the mistake
//! is in, that is from just after the `;` or line break before the
//! mistake to the `;` or line break after it (both included), or at most
//! [`SLACK`] bytes after that. A finding that only says the record stops
//! early (`unfinished-game`) counts for a record cut short, and for no
//! other mistake: it says where the moves end, not what went wrong. For a
//! record cut short, the move before the cut counts as well, since the
//! last ply replayed is where the record is said to stop; and a record
//! cut where the game it holds is over by the rules (at a repeated
//! position, which a claim ends) is a finished record in its own right.
//!
//! A line break beside another makes a blank line, which splits the game
//! in two: the first part stops early (`unfinished-game`, which counts
//! here as for a record cut short) and the second is a game of its own
//! from the opening, whose first row, in numbered movetext, is numbered
//! as in the middle of a game (`row-out-of-sequence`).

mod common;

use bohnenspiel::notation::{Layout, Span, Tag, WrittenPly, parse_records};
use bohnenspiel::validate::{FindingKind, Options, Report, Severity, validate};
use proptest::prelude::*;
use proptest::sample::Index;

/// How far past the move of the mistake a finding may start and still
/// count as reporting it (a finding at the start of the next move, say
/// where a dropped `;` runs two moves together).
const SLACK: usize = 2;

/// Whether a misspelled tag name (`[Evnet "…"]`) is among the mistakes:
/// the validation of tags reports a name within a small edit distance of
/// a known one (`tag-name`).
const CHECK_MISSPELLED_TAGS: bool = true;

/// The mistakes a transcriber makes.
#[derive(Debug, Clone, Copy)]
enum Mistake {
    DropSeparator,
    DoubleSeparator,
    SemicolonToFullStop,
    SemicolonToComma,
    AnnotationWordCase,
    GlueRowNumber,
    MisspellTagName,
    StrayCharacter(char),
    Cut,
}

fn mistake() -> impl Strategy<Value = Mistake> {
    let stray = proptest::sample::select(vec![
        'x', '.', ',', ';', '(', ')', '!', '?', '-', '1', ' ', '\n',
    ]);
    prop_oneof![
        1 => Just(Mistake::DropSeparator),
        1 => Just(Mistake::DoubleSeparator),
        1 => Just(Mistake::SemicolonToFullStop),
        1 => Just(Mistake::SemicolonToComma),
        1 => Just(Mistake::AnnotationWordCase),
        1 => Just(Mistake::GlueRowNumber),
        1 => Just(Mistake::MisspellTagName),
        4 => stray.prop_map(Mistake::StrayCharacter),
        1 => Just(Mistake::Cut),
    ]
}

/// A mutant: its text, where in it the mistake is, and whether its
/// meaning is certain (the verdict must then stay as it was).
struct Mutant {
    text: String,
    span: Span,
    certain: bool,
    /// Whether the mistake splits the game in two (a blank line).
    splits: bool,
}

/// Where the movetext starts: after the tag lines and the blank line.
fn movetext_start(text: &str) -> usize {
    text.find("\n\n").map_or(0, |i| i + 2)
}

/// The offsets of the bytes of `text` from `from` on that `pick` accepts.
fn positions(text: &str, from: usize, pick: impl Fn(&[u8], usize) -> bool) -> Vec<usize> {
    let bytes = text.as_bytes();
    (from..bytes.len()).filter(|&i| pick(bytes, i)).collect()
}

/// Whether byte `i` is inside parentheses.
fn in_group(bytes: &[u8], i: usize) -> bool {
    let before = &bytes[..i];
    let open = before.iter().rposition(|&b| b == b'(');
    let close = before.iter().rposition(|&b| b == b')');
    match (open, close) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The offsets of the separators of the movetext: `;` and `,` between
/// plies and moves, the `.` after a row number, and the first byte of the
/// white space between South's ply and North's in a row.
fn separators(text: &str, layout: Layout) -> Vec<usize> {
    let start = movetext_start(text);
    positions(text, start, |bytes, i| {
        if in_group(bytes, i) {
            return false;
        }
        match (layout, bytes[i]) {
            (Layout::Inline, b';' | b',') => true,
            (Layout::Numbered, b'.') => i > 0 && bytes[i - 1].is_ascii_digit(),
            (Layout::Numbered, b' ') => {
                i > 0 && (bytes[i - 1].is_ascii_digit() || bytes[i - 1] == b')')
            }
            _ => false,
        }
    })
}

/// The separator starting at `at`: one byte, or a run of spaces.
fn separator_len(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    if bytes[at] == b' ' {
        bytes[at..].iter().take_while(|&&b| b == b' ').count()
    } else {
        1
    }
}

/// Applies `mistake` at the place `at` picks among those it applies to;
/// `None` where it applies nowhere in `text`.
fn apply(text: &str, layout: Layout, mistake: Mistake, at: Index) -> Option<Mutant> {
    let mut out = text.to_owned();
    let start = movetext_start(text);
    let one = |i: usize| Span::new(i, i + 1);
    let mutant = match mistake {
        Mistake::DropSeparator => {
            let places = separators(text, layout);
            let i = *places.get(at.index(places.len().max(1)))?;
            out.replace_range(i..i + separator_len(text, i), "");
            Mutant {
                text: out,
                span: Span::new(i, i),
                certain: false,
                splits: false,
            }
        }
        Mistake::DoubleSeparator => {
            let places = separators(text, layout);
            let i = *places.get(at.index(places.len().max(1)))?;
            let separator = text[i..=i].to_owned();
            out.insert_str(i, &separator);
            Mutant {
                text: out,
                span: Span::new(i, i + 2),
                certain: false,
                splits: false,
            }
        }
        Mistake::SemicolonToFullStop | Mistake::SemicolonToComma => {
            let places = positions(text, start, |bytes, i| bytes[i] == b';');
            let i = *places.get(at.index(places.len().max(1)))?;
            let by = if matches!(mistake, Mistake::SemicolonToFullStop) {
                "."
            } else {
                ","
            };
            out.replace_range(i..=i, by);
            Mutant {
                text: out,
                span: one(i),
                certain: false,
                splits: false,
            }
        }
        Mistake::AnnotationWordCase => {
            let words = ["from", "each", "hole", "and", "plus"];
            let places = positions(text, start, |bytes, i| {
                in_group(bytes, i)
                    && (i == 0 || !bytes[i - 1].is_ascii_alphabetic())
                    && words.iter().any(|w| bytes[i..].starts_with(w.as_bytes()))
            });
            let i = *places.get(at.index(places.len().max(1)))?;
            let len = text[i..].find(|c: char| !c.is_ascii_alphabetic())?;
            let word = &text[i..i + len];
            let changed = if at.index(2) == 0 {
                word.to_ascii_uppercase()
            } else {
                let mut chars = word.chars();
                let first = chars.next()?.to_ascii_uppercase();
                std::iter::once(first).chain(chars).collect()
            };
            out.replace_range(i..i + len, &changed);
            Mutant {
                text: out,
                span: Span::new(i, i + len),
                certain: true,
                splits: false,
            }
        }
        Mistake::GlueRowNumber => {
            if layout != Layout::Numbered {
                return None;
            }
            let places = positions(text, start, |bytes, i| {
                bytes[i] == b'.'
                    && i > 0
                    && bytes[i - 1].is_ascii_digit()
                    && bytes.get(i + 1) == Some(&b' ')
            });
            let i = *places.get(at.index(places.len().max(1)))?;
            out.replace_range(i + 1..i + 1 + separator_len(text, i + 1), "");
            Mutant {
                text: out,
                span: Span::new(i, i + 1),
                certain: true,
                splits: false,
            }
        }
        Mistake::MisspellTagName => {
            if !CHECK_MISSPELLED_TAGS {
                return None;
            }
            let places = positions(text, 0, |bytes, i| {
                i < start
                    && bytes[i] == b'['
                    && bytes.get(i + 3).is_some_and(u8::is_ascii_alphabetic)
            });
            let i = *places.get(at.index(places.len().max(1)))?;
            // Two letters of the name swapped: `Event` to `Evnet`.
            let (a, b) = (text.as_bytes()[i + 2], text.as_bytes()[i + 3]);
            if a == b {
                return None;
            }
            out.replace_range(
                i + 2..i + 4,
                &String::from_utf8(vec![b, a]).unwrap_or_default(),
            );
            Mutant {
                text: out,
                span: Span::new(i, i + 4),
                certain: false,
                splits: false,
            }
        }
        Mistake::StrayCharacter(c) => {
            let i = start + at.index(text.len() - start + 1);
            let bytes = text.as_bytes();
            let line_start = bytes[..i]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            let line_end = bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n);
            let blank = |part: &[u8]| part.iter().all(u8::is_ascii_whitespace);
            let splits = c == '\n' && (blank(&bytes[line_start..i]) || blank(&bytes[i..line_end]));
            out.insert(i, c);
            Mutant {
                text: out,
                span: one(i),
                certain: false,
                splits,
            }
        }
        Mistake::Cut => {
            let i = at.index(text.len());
            out.truncate(i);
            // The mistake is where the text now ends: in its last ply
            // (after which the plies are missing), not in the separators
            // or white space left after it.
            let last = out
                .bytes()
                .rposition(|b| !b.is_ascii_whitespace() && !matches!(b, b';' | b',' | b'.'))
                .unwrap_or(0);
            Mutant {
                text: out,
                span: Span::new(last, i.max(last)),
                certain: false,
                splits: false,
            }
        }
    };
    Some(mutant)
}

/// The move a span lies in: from just after the `;` or line break before
/// it to the `;` or line break after it, both included (see the module
/// docs).
fn move_around(text: &str, span: Span) -> (usize, usize) {
    let bytes = text.as_bytes();
    let start = span.start.min(bytes.len());
    let end = span.end.clamp(start, bytes.len());
    let from = bytes[..start]
        .iter()
        .rposition(|&b| b == b';' || b == b'\n')
        .map_or(0, |i| i);
    let to = bytes[end..]
        .iter()
        .position(|&b| b == b';' || b == b'\n')
        .map_or(bytes.len(), |i| end + i + 1);
    (from, to)
}

/// Every game of `text` validated.
fn reports(text: &str) -> Vec<Report> {
    parse_records(text)
        .iter()
        .map(|game| validate(game, &Options::default()))
        .collect()
}

/// The findings of a report by kind and severity, sorted.
fn verdict(report: &Report) -> Vec<(FindingKind, Severity)> {
    let mut kinds: Vec<_> = report
        .findings
        .iter()
        .map(|f| (f.kind, f.severity))
        .collect();
    kinds.sort_by_key(|(kind, severity)| format!("{kind} {severity:?}"));
    kinds
}

/// The plies of the main line as replayed: hole and what they captured.
fn plies(report: &Report) -> Vec<String> {
    report
        .main_line
        .plies
        .iter()
        .map(|p| format!("{:?} {}", p.mv, p.captures))
        .collect()
}

/// A record of a generated game, with an `Event` and a `Date` tag.
fn record_text(choices: Vec<usize>, layout: Layout) -> String {
    let (played, _) = common::play(choices);
    let written: Vec<WrittenPly> = played
        .iter()
        .map(|p| common::notated(p.mv.hole(), &p.captures))
        .collect();
    let mut record = common::record(&written, layout);
    record.tags.push(Tag {
        name: "Date".to_owned(),
        value: "1962".to_owned(),
        span: Span::default(),
    });
    record.to_string()
}

/// Checks one mutant of `text` against the rule; `Err` says what is
/// wrong.
fn check(text: &str, layout: Layout, mistake: Mistake, at: Index) -> Result<(), String> {
    let Some(mutant) = apply(text, layout, mistake, at) else {
        return Ok(());
    };
    let original = reports(text);
    let [original] = original.as_slice() else {
        return Err(format!("the original is not one game:\n{text}"));
    };
    let mutated = reports(&mutant.text);
    let unchanged = match mutated.as_slice() {
        [report] => verdict(report) == verdict(original) && plies(report) == plies(original),
        _ => false,
    };
    if unchanged {
        return Ok(());
    }
    let describe = || {
        let findings: Vec<String> = mutated
            .iter()
            .flat_map(|r| &r.findings)
            .map(|f| format!("{} {} {}: {}", f.span.start, f.severity, f.kind, f.message))
            .collect();
        format!(
            "{mistake:?} at {:?} changed the verdict\n--- original\n{text}--- mutant\n{}--- findings\n{}",
            mutant.span,
            mutant.text,
            findings.join("\n")
        )
    };
    if matches!(mistake, Mistake::Cut)
        && let [report] = mutated.as_slice()
        && report.end.is_some()
    {
        // Cut where the game is over by the rules (a position repeated, a
        // claim ends the game): a finished record in its own right.
        return Ok(());
    }
    if mutant.certain {
        return Err(format!("a mistake of certain meaning: {}", describe()));
    }
    // A blank line cuts the game's first part short.
    let cut = matches!(mistake, Mistake::Cut) || mutant.splits;
    let (mut from, to) = move_around(&mutant.text, mutant.span);
    if cut {
        // The move before counts too: the last ply replayed is where the
        // record is reported to stop.
        from = move_around(&mutant.text, Span::new(from.saturating_sub(1), from)).0;
    }
    let reported = mutated.iter().flat_map(|r| &r.findings).any(|f| {
        f.severity != Severity::Note
            && (f.kind != FindingKind::UnfinishedGame || cut)
            && (from..=to + SLACK).contains(&f.span.start)
    });
    if reported {
        Ok(())
    } else {
        Err(format!("nothing reported at {from}..{to}: {}", describe()))
    }
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Inline), Just(Layout::Numbered)]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2048,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every mistake is read as what it certainly means, or reported
    /// where it is.
    #[test]
    fn every_mistake_is_read_or_reported(
        choices in prop::collection::vec(any::<usize>(), 1..80),
        layout in layout(),
        mistake in mistake(),
        at in any::<Index>(),
    ) {
        let text = record_text(choices, layout);
        if let Err(message) = check(&text, layout, mistake, at) {
            prop_assert!(false, "{}", message);
        }
    }
}
