//! The hostile shapes of issue 12 at small sizes: each gives its expected
//! findings and nothing panics. Their speed and memory at large sizes are
//! measured by `examples/hostile.rs`, not here.

use bohnenspiel::notation::{NORTH_COLUMN_LIMIT, Record, parse_records};

/// Parses `text` as one game without errors, prints it and reads it back.
fn print_and_read_back(text: &str) -> String {
    let games = parse_records(text);
    assert_eq!(games.len(), 1);
    assert!(games[0].errors.is_empty(), "{:?}", games[0].errors);
    let printed = games[0].record.to_string();
    let again: Record = printed
        .parse()
        .unwrap_or_else(|e| panic!("{e}\n{printed:.200}"));
    assert_eq!(again.without_spans(), games[0].record.without_spans());
    printed
}

#[test]
fn a_south_turn_wider_than_a_format_width_prints() {
    let text = format!("1. 4 ({}) 8\n", "x".repeat(65_532));
    let printed = print_and_read_back(&text);
    assert_eq!(printed, format!("1.  4 ({})   8\n", "x".repeat(65_532)));
}

#[test]
fn one_wide_row_does_not_pad_every_other_row() {
    let mut text = format!("1. 4 ({}) 8\n", "c".repeat(10_000));
    for n in 2..=10_000 {
        text.push_str(&format!("{n}. 4 8\n"));
    }
    let printed = print_and_read_back(&text);
    assert!(printed.len() < text.len() + 10_000 * 8, "{}", printed.len());
    // The short rows keep their own column.
    assert!(
        printed.contains("\n    2.  4   8\n"),
        "{:.300}",
        &printed[10_000..]
    );
    // A South turn of exactly the limit still moves the column; one more
    // character does not.
    for (comment, second_row) in [
        (NORTH_COLUMN_LIMIT - 4, NORTH_COLUMN_LIMIT + 8),
        (NORTH_COLUMN_LIMIT - 3, 9),
    ] {
        let wide = format!("1. 4 ({}) 8\n", "c".repeat(comment));
        let printed = print_and_read_back(&format!("{wide}2. 4 8\n"));
        assert_eq!(
            printed.lines().nth(1).map(str::len),
            Some(second_row),
            "{printed}"
        );
    }
}
