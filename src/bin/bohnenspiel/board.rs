//! The board as a text diagram.
//!
//! ```text
//!       12 11 10  9  8  7
//!      +--+--+--+--+--+--+
//!      | 6| 6| 6| 6| 6| 6|  North
//!    0 +--+--+--+--+--+--+ 0
//!      | 6| 6| 6| 6| 6| 6|  South
//!      +--+--+--+--+--+--+
//!        1  2  3  4  5  6
//! ```
//!
//! North's row is on top, read from hole 12 to hole 7 (the holes go round
//! counter-clockwise), South's row below from 1 to 6; each player's store
//! is on their right: North's on the left, South's on the right.
//!
//! After a ply, a line of marks beside the hole numbers shows the hole it
//! was sown from (`*`) and the holes it captured from (`x`):
//!
//! ```text
//!        x
//!       12 11 10  9  8  7
//!      …
//!        1  2  3  4  5  6
//!              *
//! ```

use std::fmt::Write;

use bohnenspiel::{Action, Captures, Hole, Player, Position};

/// The diagram of a position with the marks of `last`, the ply that led
/// to it (none for `None` or a pass), each line ending with a line break.
pub fn diagram(position: &Position, last: Option<Action>) -> String {
    let (sown, captures) = match last {
        Some(Action::Sow { mv, captures }) => (Some(mv.hole()), captures),
        Some(Action::Pass) | None => (None, Captures::NONE),
    };
    let board = position.board();
    let stores = position.stores();
    let row = |holes: &mut dyn Iterator<Item = usize>| {
        let mut line = String::from("     |");
        for hole in holes {
            let beans = board.get(hole - 1).copied().unwrap_or_default();
            let _ = write!(line, "{beans:>2}|");
        }
        line
    };
    let rule = "+--+--+--+--+--+--+";
    // `*` under (South) or over (North) the sown hole, `x` at a captured
    // one; the line only when it marks something.
    let mark_line = |holes: &mut dyn Iterator<Item = u8>| {
        let mut line = String::from("     ");
        for number in holes {
            let hole = Hole::new(number).ok();
            let mark = if hole.is_some_and(|hole| captures.iter().any(|c| c.hole == hole)) {
                'x'
            } else if hole.is_some() && sown == hole {
                '*'
            } else {
                ' '
            };
            let _ = write!(line, "  {mark}");
        }
        let line = line.trim_end().to_owned();
        (line.len() > 5).then_some(line)
    };
    let mut out = String::new();
    if let Some(line) = mark_line(&mut (7..=12).rev()) {
        let _ = writeln!(out, "{line}");
    }
    out.push_str("      12 11 10  9  8  7\n");
    let _ = writeln!(out, "     {rule}");
    let _ = writeln!(out, "{}  North", row(&mut (7..=12).rev()));
    let _ = writeln!(
        out,
        "{:>4} {rule} {}",
        stores.of(Player::North),
        stores.of(Player::South)
    );
    let _ = writeln!(out, "{}  South", row(&mut (1..=6)));
    let _ = writeln!(out, "     {rule}");
    out.push_str("       1  2  3  4  5  6\n");
    if let Some(line) = mark_line(&mut (1..=6)) {
        let _ = writeln!(out, "{line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening() {
        let opening = Position::new();
        assert_eq!(
            diagram(&opening, None),
            "      12 11 10  9  8  7\n     +--+--+--+--+--+--+\n     | 6| 6| 6| 6| 6| 6|  North\n   0 +--+--+--+--+--+--+ 0\n     | 6| 6| 6| 6| 6| 6|  South\n     +--+--+--+--+--+--+\n       1  2  3  4  5  6\n"
        );
    }

    #[test]
    fn holes_and_stores_in_their_places() -> Result<(), Box<dyn std::error::Error>> {
        let position: Position = "1,2,3,4,5,6/7,8,9,10,11,0 0:6 N".parse()?;
        let text = diagram(&position, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.get(2), Some(&"     | 0|11|10| 9| 8| 7|  North"));
        assert_eq!(lines.get(3), Some(&"   6 +--+--+--+--+--+--+ 0"));
        assert_eq!(lines.get(4), Some(&"     | 1| 2| 3| 4| 5| 6|  South"));
        Ok(())
    }

    #[test]
    fn the_sown_and_the_captured_holes_are_marked() -> Result<(), Box<dyn std::error::Error>> {
        // Rüger's opening: 4,8; 6,12 (2 from 8); 6,7; then 3 takes 2 from 12.
        let mut position = Position::new();
        for hole in [4, 8, 6, 12, 6, 7] {
            position.play(bohnenspiel::Move::from_number(hole)?)?;
        }
        let mv = bohnenspiel::Move::from_number(3)?;
        let captures = position.play(mv)?;
        let text = diagram(&position, Some(Action::Sow { mv, captures }));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.first(), Some(&"       x"), "x over hole 12");
        assert_eq!(lines.get(1), Some(&"      12 11 10  9  8  7"));
        assert_eq!(lines.get(7), Some(&"       1  2  3  4  5  6"));
        assert_eq!(lines.get(8), Some(&"             *"), "* under hole 3");
        assert_eq!(lines.len(), 9);
        Ok(())
    }
}
