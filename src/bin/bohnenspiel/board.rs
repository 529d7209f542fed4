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

use std::fmt::Write;

use bohnenspiel::{Player, Position};

/// The diagram of a position, each line ending with a line break.
pub fn diagram(position: &Position) -> String {
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
    let mut out = String::new();
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening() {
        let opening = Position::new();
        assert_eq!(
            diagram(&opening),
            "      12 11 10  9  8  7\n     +--+--+--+--+--+--+\n     | 6| 6| 6| 6| 6| 6|  North\n   0 +--+--+--+--+--+--+ 0\n     | 6| 6| 6| 6| 6| 6|  South\n     +--+--+--+--+--+--+\n       1  2  3  4  5  6\n"
        );
    }

    #[test]
    fn holes_and_stores_in_their_places() -> Result<(), Box<dyn std::error::Error>> {
        let position: Position = "1,2,3,4,5,6/7,8,9,10,11,0 0:6 N".parse()?;
        let text = diagram(&position);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.get(2), Some(&"     | 0|11|10| 9| 8| 7|  North"));
        assert_eq!(lines.get(3), Some(&"   6 +--+--+--+--+--+--+ 0"));
        assert_eq!(lines.get(4), Some(&"     | 1| 2| 3| 4| 5| 6|  South"));
        Ok(())
    }
}
