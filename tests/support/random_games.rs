//! Random legal games as a record file, for the large-input test and the
//! end-to-end benchmark (`examples/random_games.rs`).

use std::io::{self, Write};

use bohnenspiel::notation::Record;
use bohnenspiel::notation::{Span, Tag};
use bohnenspiel::{Game, Position, Rules};

/// A small deterministic generator (xorshift64*), so the files are the
/// same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        usize::try_from(x >> 33).unwrap_or_default() % n.max(1)
    }
}

/// One random game played to its end, or to the first repetition of a
/// position (which, where a record stops, ends the game by a claim).
fn random_game(rng: &mut Rng) -> Game {
    let rules = Rules {
        repetition_ends_at: Some(2),
        ..Rules::default()
    };
    let mut game = Game::new(Position::new(), rules);
    while !game.is_over() {
        let moves: Vec<_> = game.legal_moves().collect();
        let Some(&mv) = moves.get(rng.below(moves.len())) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// Writes `count` random games, each with an `Event` tag and every
/// capture annotated as the rules capture it (the library's
/// `Record::from(&Game)`), separated by blank lines.
///
/// # Errors
///
/// A failure to write.
pub fn write_games(out: &mut impl Write, count: usize, seed: u64) -> io::Result<()> {
    let mut rng = Rng(seed | 1);
    for n in 1..=count {
        let mut record = Record::from(&random_game(&mut rng));
        record.tags.insert(
            0,
            Tag {
                name: "Event".to_owned(),
                value: format!("Random game {n}"),
                span: Span::default(),
            },
        );
        if n > 1 {
            writeln!(out)?;
        }
        write!(out, "{record}")?;
    }
    Ok(())
}
