//! Printing records that have errors without losing text: what parsed in
//! canonical form, what did not verbatim in its place.

use bohnenspiel::notation::parse_records;

/// The letters and digits of a text, in order: the canonical form changes
/// spaces and separators, never these (for the texts below).
fn words(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).collect()
}

fn printed(text: &str) -> String {
    parse_records(text)
        .iter()
        .map(|game| game.print_keeping_unparsed())
        .filter(|game| !game.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn invalid_fixtures() -> Vec<(String, String)> {
    let mut names: Vec<_> = std::fs::read_dir("fixtures/invalid")
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            Some((path.display().to_string(), text))
        })
        .collect()
}

#[test]
fn no_letter_or_digit_of_a_broken_record_is_lost_and_printing_is_stable() {
    let mut cases = invalid_fixtures();
    for text in [
        "4,13; 6,12; 5,7\n",
        "4,8; 6 12; 6,7\n",
        "[Date \"1962\"]\n[Broken\n\n4,8; 6,x (2 from 8); 5,7\n\nSouth wins.\n",
        "1. 4 8\n2. 6 13\n3. 5 7\n(A)\n2. 6 x\n3. 1 7\n",
    ] {
        cases.push((text.to_owned(), text.to_owned()));
    }
    for (name, text) in cases {
        let once = printed(&text);
        assert_eq!(words(&once), words(&text), "{name}:\n{once}");
        assert_eq!(
            printed(&once),
            once,
            "{name}: printing the print changes it"
        );
    }
}

#[test]
fn what_parsed_is_canonical_and_what_did_not_stays_in_its_place() {
    assert_eq!(printed("4,8;  6,13; 6,7\n"), "4, 8; 6, 13; 6, 7\n");
    assert_eq!(printed("4,8; 6 12; 6,7\n"), "4, 8; 6 12; 6, 7\n");
    assert_eq!(
        printed("[Date \"1962\"]\n[Broken\n\n4,8; 6,x\n\nSouth wins.\n"),
        "[Date \"1962\"]\n[Broken\n\n4, 8; 6, x\n\nSouth wins.\n"
    );
    assert_eq!(
        printed("1. 4 8\n2. 6 13\n3. 5  7\n"),
        "1.  4   8\n2.  6  13\n3.  5   7\n"
    );
    // South's ply before an unreadable North ply is kept, canonical; the
    // text skipped stays in its move (inline) or on its row's line.
    assert_eq!(printed("4,x; 6,12\n"), "4, x; 6, 12\n");
    assert_eq!(printed("1. 4 x\n2. 6 12\n"), "1.  4  x\n2.  6  12\n");
    // A record without errors prints in canonical form.
    assert_eq!(printed("4,8; 6,12\n"), "4, 8; 6, 12\n");
}

#[test]
fn separators_that_belong_to_the_skipped_text_are_kept() {
    for (text, expected) in [
        // A sentence read as a row keeps its full stop; so does a move
        // that does not parse at the end of the movetext, and its `;`.
        (
            "1. 4 8\n3. Then came a long study.\n",
            "1.  4   8\n3. Then came a long study.\n",
        ),
        (
            "1. 4 8\n2. 5 9\n3. Then South resigned.\n",
            "1.  4   8\n2.  5   9\n3. Then South resigned.\n",
        ),
        ("4,8; 6,13.\n", "4, 8; 6, 13.\n"),
        ("4,8; 6,13;\n", "4, 8; 6, 13;\n"),
        ("4,8; 6 zz.\n", "4, 8; 6 zz.\n"),
        ("[A \"1\"].\n\n4,8\n", "[A \"1\"].\n\n4, 8\n"),
        // The one `;` or `,` between the skipped text and a move beside
        // it is the joint, printed anew.
        ("4,13;  6,12\n", "4, 13; 6, 12\n"),
    ] {
        assert_eq!(printed(text), expected, "{text:?}");
    }
}

#[test]
fn prose_that_starts_as_movetext_prints_as_one_record() {
    for (text, expected) in [
        // Without errors: the prose follows the movetext's full stop, on
        // the next line (after a blank line it would be a second game).
        (
            "4,8; 6,7.\n1. Then South resigned.\n",
            "4, 8; 6, 7.\n1. Then South resigned.\n",
        ),
        (
            "1. 4 8\n4 beans were left.\n",
            "1.  4   8\n4 beans were left.\n",
        ),
        (
            "4,8; 6,7 and South resigns.\n2 beans\n\nwere left.\n",
            "4, 8; 6, 7 and South resigns.\n2 beans\n\nwere left.\n",
        ),
        // With errors: the same, after the text that did not parse.
        (
            "1. 4 8 and\n1.5 beans were left.\n",
            "1.  4   8  and\n1.5 beans were left.\n",
        ),
        // Prose with blank lines inside keeps them.
        (
            "1. 4 8\n2. 5 9\nThen South\n\nresigned.\n",
            "1.  4   8\n2.  5   9\n\nThen South\n\nresigned.\n",
        ),
    ] {
        let once = printed(text);
        assert_eq!(once, expected, "{text:?}");
        let games = parse_records(&once);
        assert_eq!(games.len(), 1, "{once:?}");
        assert_eq!(printed(&once), once, "{text:?}");
        let original = parse_records(text);
        assert_eq!(
            games[0].record.without_spans().prose,
            original[0].record.without_spans().prose,
            "{text:?}"
        );
        assert!(original[0].record.prose_is_printable() || !original[0].is_ok());
    }
    // Prose that would start as movetext after movetext that does not end
    // before it cannot be printed as prose.
    let record: bohnenspiel::notation::Record = "4,8; 6,7.\n4 beans\n".parse().unwrap_or_default();
    let mut open = record.clone();
    if let Some(last) = open.movetext.moves.last_mut() {
        last.full_stop = false;
    }
    assert!(record.prose_is_printable());
    assert!(!open.prose_is_printable());
}
