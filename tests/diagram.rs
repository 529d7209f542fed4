//! The SVG diagrams, read back as XML: every hole's number and beans,
//! both stores, who is to move, and the marks of the last ply.

#![cfg(feature = "svg")]

use bohnenspiel::diagram::svg;
use bohnenspiel::{Action, Hole, Move, Player, Position};

/// The text of the element with class `class` inside the element `id`.
fn text_in(document: &roxmltree::Document<'_>, id: &str, class: &str) -> Option<String> {
    let group = document
        .descendants()
        .find(|node| node.attribute("id") == Some(id))?;
    group
        .descendants()
        .find(|node| node.attribute("class") == Some(class))
        .and_then(|node| node.text())
        .map(str::to_owned)
}

/// The classes of the element `id`.
fn classes(document: &roxmltree::Document<'_>, id: &str) -> Vec<String> {
    document
        .descendants()
        .find(|node| node.attribute("id") == Some(id))
        .and_then(|node| node.attribute("class"))
        .map(|class| class.split(' ').map(str::to_owned).collect())
        .unwrap_or_default()
}

#[test]
fn the_gentlemen_start_position_is_drawn_hole_by_hole() -> Result<(), Box<dyn std::error::Error>> {
    let position: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
    let text = svg(&position, None, None);
    let document = roxmltree::Document::parse(&text)?;
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for number in 1..=12 {
        let hole = Hole::new(number)?;
        let id = format!("hole-{number}");
        assert_eq!(text_in(&document, &id, "number"), Some(number.to_string()));
        assert_eq!(
            text_in(&document, &id, "beans"),
            Some(position.beans(hole).to_string()),
            "{id}"
        );
        let side = if number <= 6 { "south" } else { "north" };
        assert_eq!(classes(&document, &id), ["hole", side], "{id}: no marks");
    }
    assert_eq!(
        text_in(&document, "store-south", "beans").as_deref(),
        Some("34")
    );
    assert_eq!(
        text_in(&document, "store-north", "beans").as_deref(),
        Some("30")
    );
    assert!(classes(&document, "store-south").contains(&"to-move".to_owned()));
    assert!(!classes(&document, "store-north").contains(&"to-move".to_owned()));
    let turn = document
        .descendants()
        .find(|node| node.attribute("id") == Some("turn"))
        .and_then(|node| node.text());
    assert_eq!(turn, Some("South to move"));
    assert!(
        !document
            .descendants()
            .any(|node| node.attribute("id") == Some("legend")),
        "no legend without marks"
    );
    Ok(())
}

/// North's row is drawn from 12 to 7, left to right, above South's.
#[test]
fn the_rows_are_in_the_order_of_play() -> Result<(), Box<dyn std::error::Error>> {
    let text = svg(&Position::new(), None, None);
    let document = roxmltree::Document::parse(&text)?;
    let centre = |number: u8| -> Option<(f64, f64)> {
        let circle = document
            .descendants()
            .find(|node| node.attribute("id") == Some(&format!("hole-{number}")))?
            .children()
            .find(|node| node.has_tag_name("circle"))?;
        Some((
            circle.attribute("cx")?.parse().ok()?,
            circle.attribute("cy")?.parse().ok()?,
        ))
    };
    let centres: Vec<(f64, f64)> = (1..=12).filter_map(centre).collect();
    assert_eq!(centres.len(), 12);
    for pair in centres[..6].windows(2) {
        assert!(pair[0].0 < pair[1].0, "South left to right: {pair:?}");
    }
    for pair in centres[6..].windows(2) {
        assert!(pair[0].0 > pair[1].0, "North right to left: {pair:?}");
    }
    assert!(centres[6].1 < centres[0].1, "North above South");
    assert_eq!(centres[0].0, centres[11].0, "hole 1 under hole 12");
    Ok(())
}

#[test]
fn the_last_ply_is_marked() -> Result<(), Box<dyn std::error::Error>> {
    // Rüger's opening up to 3 (2 from 12).
    let mut position = Position::new();
    for hole in [4, 8, 6, 12, 6, 7] {
        position.play(Move::from_number(hole)?)?;
    }
    let mv = Move::from_number(3)?;
    let captures = position.play(mv)?;
    assert_eq!(position.turn(), Player::North);
    let text = svg(&position, Some(Action::Sow { mv, captures }), None);
    let document = roxmltree::Document::parse(&text)?;
    assert_eq!(classes(&document, "hole-3"), ["hole", "south", "sown"]);
    assert_eq!(classes(&document, "hole-12"), ["hole", "north", "captured"]);
    assert_eq!(text_in(&document, "hole-12", "beans").as_deref(), Some("0"));
    let marked: Vec<&str> = document
        .descendants()
        .filter(|node| {
            node.attribute("class")
                .is_some_and(|class| class.contains("sown") || class.contains("captured"))
        })
        .filter_map(|node| node.attribute("id"))
        .collect();
    assert_eq!(marked, ["hole-12", "hole-3"]);
    let legend = document
        .descendants()
        .find(|node| node.attribute("id") == Some("legend"))
        .and_then(|node| node.text());
    assert_eq!(
        legend,
        Some("blue ring: sown from 3; red: captured 2 from 12")
    );
    assert!(classes(&document, "store-north").contains(&"to-move".to_owned()));
    Ok(())
}

/// Standard base64 with padding (RFC 4648), for the check below.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * k)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn base64_is_the_standard_one() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
}

/// The crate's documentation shows the start of "The Gentlemen" as an
/// image of the SVG inlined as a `data:` URL (so that it needs no file
/// hosted anywhere): the inlined picture is what `diagram::svg` draws.
#[test]
fn the_picture_in_the_crate_docs_is_the_current_diagram() -> Result<(), Box<dyn std::error::Error>>
{
    let position: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
    let inlined = include_str!("../fixtures/shotayev-gentlemen-start.svg.base64");
    assert_eq!(
        inlined.trim_end(),
        base64(svg(&position, None, None).as_bytes()),
        "regenerate with: bohnenspiel diagram fixtures/shotayev-gentlemen.txt | base64 -w0 > fixtures/shotayev-gentlemen-start.svg.base64"
    );
    Ok(())
}
