// Usage: cargo run --release --example strength -- [--ms MS] [--openings N] [--ply-cap P] [--nps DEPTH] [OPPONENT ...]
//
// With --nps DEPTH, first searches the opening and the mid-game position of
// Rüger's game after ply 26 to DEPTH plies on a new engine and prints the
// nodes, the time and the nodes per second of each (deterministic node
// counts; the time is the machine's).
// The engine's strength, in matches played inside the crate: each of the
// 36 two-ply openings (or the first N of them) twice, colours swapped, the
// engine at MS milliseconds per move (default 100), under the standard
// rules, games ending by the rules, at the third occurrence of a position
// since the last capture (each side taking the beans on its own side) or
// at P plies (default 400). OPPONENT is any of (default: random greedy ab7):
//
//   random       a uniformly random legal move (seeded per game)
//   greedy       the move that captures most now (the first in hole order
//                among equals)
//   ab7          the common AI of other Bohnenspiel programs, written here
//                from its description: alpha-beta to depth 7 with the
//                difference of the stores as evaluation, no other knowledge
//   store-eval   the engine itself with the store difference as evaluation
//   no-tt        the engine without its transposition table
//   no-ordering  the engine without captures/killers/history ordering
//   no-exact     the engine without the exact attempt at the root
//
// For each opponent prints wins, draws and losses of the engine, its score,
// the Elo difference with a 95% interval, forfeits (illegal or missing
// moves) and the average nodes per second of the engine.
//
// One run (100 ms per move, 72 games per opponent, shared 2-core machine
// at load 4 to 10; no illegal or missing move, no game at the ply cap;
// Elo intervals 95%):
//
//   opponent      wins, draws, losses  score   Elo difference
//   random        72, 0, 0             100%    +inf
//   greedy        72, 0, 0             100%    +inf
//   ab7           71, 0, 1             98.6%   +741 [+548, +inf]
//   store-eval    53, 7, 12            78.5%   +225 [+145, +334]
//   no-tt         40, 10, 22           62.5%   +89 [+15, +171]
//   no-ordering   43, 12, 17           68.1%   +131 [+59, +217]
//   no-exact      35, 12, 25           56.9%   +49 [-24, +126]
//
// The exact attempt runs on boards of at most 20 beans. `--nps 16`: from
// the opening, depth 16 in 12,121,662 nodes, 1.95 s (6.2 M nodes/s);
// Rüger's position after ply 26 (`4,3,4,3,2,0/3,3,19,0,5,0 12:14 S`, which
// the solver does not solve within its default budget), depth 16 in
// 219,934 nodes, 0.04 s.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bohnenspiel::analysis::Limits;
use bohnenspiel::analysis::engine::{Engine, EngineConfig, Weights};
use bohnenspiel::{Game, Move, Player, Position, Rules};

/// The matches of the `duel` command: its games and their tally.
#[path = "../src/bin/bohnenspiel/matches.rs"]
mod matches;
use matches::{Match, MatchEnd, Tally};

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The move that captures most now; the first in hole order among equals.
fn greedy(position: &Position) -> Option<Move> {
    let mover = position.turn();
    let mut best: Option<(Move, u8)> = None;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let gain = child.store(mover) - position.store(mover);
        if best.is_none_or(|(_, most)| gain > most) {
            best = Some((mv, gain));
        }
    }
    best.map(|(mv, _)| mv)
}

/// Plain alpha-beta (negamax) to `depth` with the store difference from
/// the mover's view; a finished game scores its final difference.
fn alpha_beta(position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mover = position.turn();
    if let Some(score) = position.final_score() {
        return i32::from(score.of(mover)) - i32::from(score.of(!mover));
    }
    if depth == 0 {
        return i32::from(position.store(mover)) - i32::from(position.store(!mover));
    }
    let mut best = i32::MIN + 1;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let value = -alpha_beta(&child, depth - 1, -beta, -alpha);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The root of [`alpha_beta`]: the first move in hole order among the best.
fn ab_move(position: &Position, depth: u32) -> Option<Move> {
    let mut best: Option<(Move, i32)> = None;
    let mut alpha = i32::MIN + 1;
    for mv in position.legal_moves() {
        let mut child = *position;
        child.play_unchecked(mv);
        let value = -alpha_beta(&child, depth - 1, i32::MIN + 1, -alpha);
        if best.is_none_or(|(_, most)| value > most) {
            best = Some((mv, value));
            alpha = alpha.max(value);
        }
    }
    best.map(|(mv, _)| mv)
}

/// The engine's choice in `game`, counting its nodes and time.
struct EnginePlayer {
    engine: Engine,
    limits: Limits,
    nodes: u64,
    time: Duration,
}

impl EnginePlayer {
    fn new(config: EngineConfig, ms: u64) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(Rules::default(), config),
            limits: Limits::time(Duration::from_millis(ms)),
            nodes: 0,
            time: Duration::ZERO,
        }
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let stop = AtomicBool::new(false);
        let line = game.history();
        let result = self
            .engine
            .search(game.position(), &line, &self.limits, &stop, |_| {})
            .ok()?;
        self.nodes += result.nodes;
        self.time += result.elapsed;
        result.best
    }
}

fn opponent_config(name: &str) -> Option<EngineConfig> {
    let mut config = EngineConfig::default();
    match name {
        "store-eval" => config.evaluation = Weights::ZERO,
        "no-tt" => config.transposition_table = false,
        "no-ordering" => config.move_ordering = false,
        "no-exact" => config.exact = false,
        _ => return None,
    }
    Some(config)
}

fn main() -> ExitCode {
    let mut ms = 100;
    let mut openings = 36;
    let mut ply_cap = 400;
    let mut opponents = Vec::new();
    let mut nps_depth = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |what: &str| -> Option<u64> {
            let value = args.next().and_then(|v| v.parse().ok());
            if value.is_none() {
                eprintln!("error: {what} needs a number");
            }
            value
        };
        match arg.as_str() {
            "--ms" => match number("--ms") {
                Some(v) => ms = v,
                None => return ExitCode::FAILURE,
            },
            "--openings" => match number("--openings") {
                Some(v) => openings = v as usize,
                None => return ExitCode::FAILURE,
            },
            "--nps" => match number("--nps") {
                Some(v) => nps_depth = Some(v as u32),
                None => return ExitCode::FAILURE,
            },
            "--ply-cap" => match number("--ply-cap") {
                Some(v) => ply_cap = v as usize,
                None => return ExitCode::FAILURE,
            },
            "random" | "greedy" | "ab7" | "store-eval" | "no-tt" | "no-ordering" | "no-exact" => {
                opponents.push(arg)
            }
            other => {
                eprintln!("error: unknown argument {other:?}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let Some(depth) = nps_depth {
        for text in [
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S",
            "4,3,4,3,2,0/3,3,19,0,5,0 12:14 S",
        ] {
            let Ok(position) = text.parse::<Position>() else {
                return ExitCode::FAILURE;
            };
            let mut engine = Engine::new(Rules::default(), EngineConfig::default());
            let stop = AtomicBool::new(false);
            let Ok(result) = engine.search(&position, &[], &Limits::depth(depth), &stop, |_| {})
            else {
                return ExitCode::FAILURE;
            };
            let info = &result;
            println!(
                "{text}: depth {}, value {}, best {}, {} nodes in {:.2} s, {:.2} M nodes/s",
                info.depth,
                info.value,
                result.best.map_or("-".to_owned(), |mv| mv.to_string()),
                info.nodes,
                info.elapsed.as_secs_f64(),
                info.nps as f64 / 1e6
            );
        }
        if opponents.is_empty() {
            return ExitCode::SUCCESS;
        }
    }
    if opponents.is_empty() {
        opponents = vec!["random".into(), "greedy".into(), "ab7".into()];
    }
    let all = Match::two_ply_openings();
    let openings = &all[..openings.min(all.len())];
    println!(
        "engine at {ms} ms per move, {} openings x 2 colours, ply cap {ply_cap}",
        openings.len()
    );
    for name in &opponents {
        let started = Instant::now();
        let matched = Match {
            rules: Rules::default(),
            ply_cap,
        };
        let mut tally = Tally::default();
        let mut forfeits = Vec::new();
        let mut caps = 0;
        let mut engine = EnginePlayer::new(EngineConfig::default(), ms);
        let mut other_engine = opponent_config(name).map(|config| EnginePlayer::new(config, ms));
        let mut rng = 0x5eed_u64;
        for (index, opening) in openings.iter().enumerate() {
            for engine_side in Player::ALL {
                engine.engine.new_game();
                if let Some(other) = other_engine.as_mut() {
                    other.engine.new_game();
                }
                rng ^= (index as u64 + 1) * 0x9E37_79B9;
                let mut other = |game: &Game| -> Option<Move> {
                    let position = game.position();
                    match name.as_str() {
                        "random" => {
                            let moves = position.legal_moves();
                            let k = next(&mut rng) % moves.len().max(1) as u64;
                            moves.into_iter().nth(k as usize)
                        }
                        "greedy" => greedy(position),
                        "ab7" => ab_move(position, 7),
                        _ => other_engine.as_mut().and_then(|e| e.choose(game)),
                    }
                };
                let played = match engine_side {
                    Player::South => matched.play(opening, |g: &Game| engine.choose(g), &mut other),
                    Player::North => matched.play(opening, &mut other, |g: &Game| engine.choose(g)),
                };
                let end = match played {
                    Ok((_, end)) => end,
                    Err(error) => {
                        eprintln!("error: opening {index}: {error}");
                        return ExitCode::FAILURE;
                    }
                };
                match end {
                    MatchEnd::Forfeit { player, mv } => forfeits.push(format!(
                        "opening {index}: {} forfeited ({})",
                        if player == engine_side {
                            "the engine"
                        } else {
                            name.as_str()
                        },
                        mv.map_or("no move".to_owned(), |mv| format!("illegal {mv}"))
                    )),
                    MatchEnd::PlyCap { .. } => caps += 1,
                    MatchEnd::Rules(_) => {}
                }
                tally.add(end.points(engine_side));
            }
        }
        let nps = engine.nodes as f64 / engine.time.as_secs_f64().max(1e-9);
        println!(
            "vs {name:<11} {tally}; forfeits {}, ply caps {caps}; engine {:.2} M nodes/s; {:.0} s",
            forfeits.len(),
            nps / 1e6,
            started.elapsed().as_secs_f64()
        );
        for forfeit in forfeits {
            println!("    {forfeit}");
        }
    }
    ExitCode::SUCCESS
}
