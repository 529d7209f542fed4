// Usage: cargo run --features cli --example plies -- FILE
// (needs no feature; `--features cli` shares the build of the README's
// commands)
//
// Prints every ply of every game in a record file, with its mark and its
// parenthesised groups, then the errors and warnings with their places.

use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use bohnenspiel::notation::{GroupKind, RecordReader, Turn, WrittenMove};

fn print_turn(line: &str, number: usize, side: &str, turn: &Turn) {
    for (i, ply) in turn.plies().enumerate() {
        let alternative = if i > 0 { " (alternative)" } else { "" };
        let mark = ply.mark.map_or(String::new(), |m| m.to_string());
        let hole = ply.hole.map_or("pass".to_owned(), |hole| hole.to_string());
        println!("{line} {number}. {side}: {hole}{mark}{alternative}");
        for group in ply.groups() {
            match &group.kind {
                GroupKind::Captures {
                    annotation,
                    comment,
                } => {
                    let captures: Vec<String> = annotation
                        .captures()
                        .map(|(hole, beans)| format!("{beans} from {hole}"))
                        .collect();
                    println!("      captures: {}", captures.join(", "));
                    if let Some(comment) = comment {
                        println!("      comment: {comment}");
                    }
                }
                GroupKind::Labels(labels) => {
                    let labels: Vec<&str> = labels.iter().map(|l| l.as_str()).collect();
                    println!("      see variation {}", labels.join(", "));
                }
                GroupKind::OtherMove(other) => println!("      other move: {other}"),
                GroupKind::Comment(text) => println!("      comment: {text}"),
            }
        }
    }
}

fn print_moves(line: &str, moves: &[WrittenMove]) {
    for (index, m) in moves.iter().enumerate() {
        let number = m.number.map_or(index + 1, |(n, _)| n as usize);
        if let Some(south) = m.south.turn() {
            print_turn(line, number, "South", south);
        }
        if let Some(north) = &m.north {
            print_turn(line, number, "North", north);
        }
        if let Some(ending) = &m.ending {
            println!("      ending: {}", ending.text);
        }
    }
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: cargo run --features cli --example plies -- FILE");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut failed = false;
    for (index, game) in RecordReader::new(BufReader::new(file)).enumerate() {
        let game = match game {
            Ok(game) => game,
            Err(error) => {
                eprintln!("{path}: {error}");
                return ExitCode::FAILURE;
            }
        };
        println!("game {} (line {})", index + 1, game.first_line);
        for tag in &game.record.tags {
            println!("  {} = {}", tag.name, tag.value);
        }
        print_moves("  main", &game.record.movetext.moves);
        for variation in &game.record.movetext.variations {
            print_moves(
                &format!("  ({})", variation.label.as_str()),
                &variation.moves,
            );
        }
        if let Some(prose) = &game.record.prose {
            println!("  prose: {}", prose.text);
        }
        for warning in &game.warnings {
            eprintln!("{path}:{warning}");
        }
        for error in &game.errors {
            eprintln!("{path}:{error}");
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
