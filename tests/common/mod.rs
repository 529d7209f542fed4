//! Random legal games printed as records, for the validation tests, and
//! the rule options the analysis tests run under.

#![allow(dead_code)]

use bohnenspiel::notation::{self, Layout, Movetext, Record, Span, Tag, Turn, WrittenPly};
use bohnenspiel::{Captures, EndlessPlay, Game, Hole, Move, Position, Rules, Variant};

/// Every variant with every endless-play rule: the rule options under
/// which analysis is checked.
pub const ALL_RULES: [(Variant, EndlessPlay); 6] = [
    (Variant::Standard, EndlessPlay::OwnSide),
    (Variant::Standard, EndlessPlay::LastMover),
    (Variant::Standard, EndlessPlay::Split),
    (Variant::Hemprich, EndlessPlay::OwnSide),
    (Variant::Hemprich, EndlessPlay::LastMover),
    (Variant::Hemprich, EndlessPlay::Split),
];

/// A ply of a generated game: the move and what the rules capture.
#[derive(Debug, Clone, Copy)]
pub struct Played {
    pub mv: Move,
    pub captures: Captures,
}

/// Plays a standard game from the opening, choosing the `i`-th legal move
/// (modulo their number) for each choice, until the game is over (also
/// automatically, when a position occurs for the third time since the
/// last capture) or the choices run out.
pub fn play(choices: impl IntoIterator<Item = usize>) -> (Vec<Played>, Game) {
    play_from(Position::new(), choices)
}

/// Sparse starts, where many plies pass without a capture and positions
/// come back: the first has one bean on each side, six holes apart.
pub const SPARSE: [&str; 3] = [
    "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S",
    "1,0,0,2,0,0/0,1,0,0,1,1 32:34 S",
    "2,0,1,0,0,0/0,3,0,0,1,1 30:34 N",
];

/// [`play`] from `start`.
pub fn play_from(start: Position, choices: impl IntoIterator<Item = usize>) -> (Vec<Played>, Game) {
    let rules = Rules {
        repetition_ends_at: Some(3),
        ..Rules::default()
    };
    let mut game = Game::new(start, rules);
    let mut plies = Vec::new();
    for choice in choices {
        let moves: Vec<Move> = game.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let Some(&mv) = moves.get(choice % moves.len()) else {
            break;
        };
        let captures = game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        plies.push(Played { mv, captures });
    }
    (plies, game)
}

/// The notated ply with the rules' capture annotation (phrased by the
/// rules engine's `Captures` display and read by the notation parser).
pub fn notated(hole: Hole, captures: &Captures) -> WrittenPly {
    let text = if captures.is_empty() {
        hole.to_string()
    } else {
        format!("{hole} ({captures})")
    };
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A record of the plies, in the given layout, with an `Event` tag and the
/// rules' annotations.
pub fn record(plies: &[WrittenPly], layout: Layout) -> Record {
    let moves = plies
        .chunks(2)
        .zip(1u32..)
        .map(|(pair, number)| notation::WrittenMove {
            number: (layout == Layout::Numbered).then_some((number, Span::default())),
            south: notation::SouthTurn::Written(Turn::single(pair[0].clone())),
            north: pair.get(1).cloned().map(Turn::single),
            ending: None,
            full_stop: false,
            span: Span::default(),
        })
        .collect();
    Record {
        tags: vec![Tag {
            name: "Event".to_owned(),
            value: "generated".to_owned(),
            span: Span::default(),
        }],
        movetext: Movetext {
            layout,
            moves,
            variations: Vec::new(),
        },
        prose: None,
    }
}

/// The text line (from 1) of ply `index` (from 1) in a printed `record`
/// of the given layout: one tag line and a blank line come first.
pub fn line_of(index: usize, layout: Layout) -> usize {
    match layout {
        Layout::Inline => 3,
        Layout::Numbered => 3 + (index - 1) / 2,
    }
}

/// The JSON document of a record text, `{"version":4,"games":[...]}`,
/// compact, every game's full document validated with the default
/// options, without a file name and indexed from 1 (as `bohnenspiel json`
/// writes it, apart from its line breaks and spaces).
#[cfg(feature = "serde")]
pub fn json_string(text: &str) -> String {
    use bohnenspiel::validate::{DocumentForm, Options, validate};
    let mut json = b"{\"version\":4,\"games\":[".to_vec();
    for (index, parsed) in notation::parse_records(text).iter().enumerate() {
        if index > 0 {
            json.push(b',');
        }
        let report = validate(parsed, &Options::default());
        json.extend(game_json(
            parsed,
            DocumentForm::Full(&report),
            None,
            index + 1,
        ));
    }
    json.extend_from_slice(b"]}");
    String::from_utf8(json).unwrap_or_else(|e| panic!("{e}"))
}

/// The document of one game, as a JSON line without its line break.
#[cfg(feature = "serde")]
pub fn game_json(
    parsed: &notation::ParsedRecord,
    form: bohnenspiel::validate::DocumentForm<'_>,
    file: Option<&str>,
    index: usize,
) -> Vec<u8> {
    let mut writer = bohnenspiel::validate::JsonWriter::lines(Vec::new());
    let mut json = writer
        .write(parsed, form, file, index)
        .and_then(|()| writer.finish())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json.pop(), Some(b'\n'));
    json
}

/// The records of a JSON text, read with the default options.
#[cfg(feature = "serde")]
pub fn records_from_json(
    text: &str,
) -> Result<Vec<notation::LosslessRecord>, bohnenspiel::validate::DocumentError> {
    use bohnenspiel::validate::{Options, read_json};
    let mut records = Vec::new();
    read_json(text.as_bytes(), &Options::default(), |record| {
        records.push(record);
        Ok(())
    })?;
    Ok(records)
}
