//! The SVG text of a diagram, written by hand: a fixed layout of circles,
//! rectangles and text, every element named by an `id` or a `class` so
//! that it can be styled or found.

use std::fmt::Write;

use crate::{Action, Captures, Hole, Player, Position};

/// The width of the picture.
const WIDTH: u32 = 730;
/// The height of the picture.
const HEIGHT: u32 = 340;
/// The distance between the centres of two holes of a row.
const PITCH: u32 = 80;
/// The centre of the leftmost hole of a row.
const FIRST_X: u32 = 165;
/// The centres of North's and South's rows.
const NORTH_Y: u32 = 100;
/// See [`NORTH_Y`].
const SOUTH_Y: u32 = 190;
/// The radius of a hole.
const RADIUS: u32 = 32;

/// The stylesheet, inside the picture so that it looks the same wherever
/// it is shown.
const STYLE: &str = "\
.board{fill:#c8965a;stroke:#5a3a1a;stroke-width:3}\
.hole circle,.store rect{fill:#8a5a2b;stroke:#5a3a1a;stroke-width:2}\
.beans{font:bold 26px sans-serif;fill:#fff;text-anchor:middle}\
.number{font:16px sans-serif;fill:#333;text-anchor:middle}\
.name{font:15px sans-serif;fill:#fff;text-anchor:middle}\
.turn,.legend{font:18px sans-serif;fill:#222;text-anchor:middle}\
.sown circle{stroke:#1f5fd0;stroke-width:6}\
.captured circle{fill:#b03020;stroke:#7a1a10}\
.to-move rect{stroke:#e0b000;stroke-width:5}";

/// The diagram of `position` as an SVG document, with the marks of
/// `last`, the ply that led to it (none for `None` or a pass): a ring
/// round the sown hole, the captured holes in red, and a legend saying
/// what they mean. The line under the board says who is to move,
/// or, for a position where the game has ended, the `caption` given
/// (such as `South wins 50:22 (North cannot move)`), and then no store
/// is marked as the mover's.
///
/// The elements carry `id`s: `hole-1` … `hole-12` (each a group with the
/// hole's circle, a `beans` text and a `number` text, and the classes
/// `sown` or `captured` when marked), `store-south` and `store-north`
/// (with a `beans` text; the class `to-move` on the mover's store),
/// `turn` (`South to move`, or the caption) and, when there are marks,
/// `legend`.
///
/// ```
/// use bohnenspiel::diagram::svg;
/// use bohnenspiel::Position;
///
/// let end: Position = "0,0,0,0,0,0/0,0,0,0,0,0 50:22 N".parse()?;
/// let picture = svg(&end, None, Some("South wins 50:22 (North cannot move)"));
/// assert!(picture.contains(">South wins 50:22 (North cannot move)</text>"));
/// assert!(!picture.contains("to move<") && !picture.contains("to-move\""));
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
#[must_use]
pub fn svg(position: &Position, last: Option<Action>, caption: Option<&str>) -> String {
    let marks = &Marks::of(last);
    let mut out = String::with_capacity(4096);
    let turn = position.turn();
    // The mover's store is marked only while the game goes on.
    let (caption, mover) = match caption {
        Some(text) => (escaped(text), None),
        None => (format!("{turn} to move"), Some(turn)),
    };
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\">\n\
         <title>Bohnenspiel position: {}, {caption}</title>\n\
         <style>{STYLE}</style>\n\
         <rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#fffdf6\"/>\n\
         <rect class=\"board\" x=\"20\" y=\"50\" width=\"690\" height=\"190\" rx=\"40\"/>\n",
        position.to_setup()
    );
    // North's row, holes 12 to 7 from left to right; South's, 1 to 6.
    for (column, number) in (7..=12).rev().enumerate() {
        hole(
            &mut out,
            position,
            marks,
            number,
            column,
            NORTH_Y,
            NORTH_Y - 70,
        );
    }
    for (column, number) in (1..=6).enumerate() {
        hole(
            &mut out,
            position,
            marks,
            number,
            column,
            SOUTH_Y,
            SOUTH_Y + 70,
        );
    }
    store(&mut out, position, mover, Player::North, 30);
    store(&mut out, position, mover, Player::South, 620);
    let _ = writeln!(
        out,
        "<text id=\"turn\" class=\"turn\" x=\"{}\" y=\"300\">{caption}</text>",
        WIDTH / 2
    );
    if let Some(text) = legend(marks) {
        let _ = writeln!(
            out,
            "<text id=\"legend\" class=\"legend\" x=\"{}\" y=\"326\">{text}</text>",
            WIDTH / 2
        );
    }
    out.push_str("</svg>\n");
    out
}

/// One hole: its circle, its beans, and its number at `label_y`.
fn hole(
    out: &mut String,
    position: &Position,
    marks: &Marks,
    number: u8,
    column: usize,
    y: u32,
    label_y: u32,
) {
    let Ok(hole) = Hole::new(number) else {
        return;
    };
    let side = match hole.owner() {
        Player::South => "south",
        Player::North => "north",
    };
    let mut class = format!("hole {side}");
    if marks.sown == Some(hole) {
        class.push_str(" sown");
    }
    if marks.is_captured(hole) {
        class.push_str(" captured");
    }
    // At most six columns: the product fits.
    let x = FIRST_X + PITCH * u32::try_from(column).unwrap_or_default();
    let _ = writeln!(
        out,
        "<g id=\"hole-{number}\" class=\"{class}\">\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>\
         <text class=\"beans\" x=\"{x}\" y=\"{}\">{}</text>\
         <text class=\"number\" x=\"{x}\" y=\"{}\">{number}</text></g>",
        y + 9,
        position.beans(hole),
        label_y + 6
    );
}

/// A store, `x` its left edge, marked when it is `mover`'s.
fn store(out: &mut String, position: &Position, mover: Option<Player>, player: Player, x: u32) {
    let id = match player {
        Player::South => "south",
        Player::North => "north",
    };
    let class = if mover == Some(player) {
        "store to-move"
    } else {
        "store"
    };
    let middle = x + 40;
    let _ = writeln!(
        out,
        "<g id=\"store-{id}\" class=\"{class}\">\
         <rect x=\"{x}\" y=\"65\" width=\"80\" height=\"160\" rx=\"36\"/>\
         <text class=\"beans\" x=\"{middle}\" y=\"147\">{}</text>\
         <text class=\"name\" x=\"{middle}\" y=\"200\">{player}</text></g>",
        position.store(player)
    );
}

/// `blue ring: sown from 4; red: captured 2 from 8, 2 from 9`, or nothing
/// without marks.
fn legend(marks: &Marks) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(hole) = marks.sown {
        parts.push(format!("blue ring: sown from {hole}"));
    }
    if !marks.captures.is_empty() {
        let taken: Vec<String> = marks
            .captures
            .iter()
            .map(|capture| format!("{} from {}", capture.beans, capture.hole))
            .collect();
        parts.push(format!("red: captured {}", taken.join(", ")));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// What to mark besides the beans: the hole the last ply was sown from
/// and what it captured.
struct Marks {
    /// The hole sown from, if any.
    sown: Option<Hole>,
    /// What was captured, hole by hole.
    captures: Captures,
}

impl Marks {
    /// The marks of `last`: none for no ply or a pass.
    fn of(last: Option<Action>) -> Marks {
        match last {
            Some(Action::Sow { mv, captures }) => Marks {
                sown: Some(mv.hole()),
                captures,
            },
            Some(Action::Pass) | None => Marks {
                sown: None,
                captures: Captures::NONE,
            },
        }
    }

    /// Whether `hole` was captured from.
    fn is_captured(&self, hole: Hole) -> bool {
        self.captures.iter().any(|capture| capture.hole == hole)
    }
}

/// `text` with the characters XML gives a meaning escaped.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}
