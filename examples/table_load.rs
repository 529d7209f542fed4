// Usage: cargo run --release --example table_load -- DIR
//
// Measures how long an endgame table takes to load, beside a search that
// uses it. DIR is a directory of level files, as `bohnenspiel table --beans
// N --output DIR` writes them. Prints, three times in a row (the files in
// the page cache after the first), the time to open the exact table (every
// header read and checked: the table is then in use, its levels read in
// the background) and the time until every level is read (every block's
// checksum verified and every value checked against its board); then the
// same for its 2-bit form (written into DIR first if it is not there),
// which is read in full when opened. For a search to set them beside, the
// engine's depth-16 search from the opening takes about 2 s (README).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bohnenspiel::analysis::{EndgameTable, TableForm, WdlTable};

/// Writes a line on standard output; a closed pipe (`| head`) ends the
/// program quietly, another failure with a message.
fn say(line: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

macro_rules! say {
    ($($line:tt)*) => {
        say(format_args!($($line)*))
    };
}

fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: table_load DIR");
        return ExitCode::from(2);
    };
    let mut table = None;
    for run in 1..=3 {
        let started = Instant::now();
        let opened = EndgameTable::open(&dir).and_then(|opened| {
            let open = started.elapsed().as_secs_f64();
            opened.wait_loaded()?;
            Ok((opened, open))
        });
        match opened {
            Ok((opened, open)) => {
                let seconds = started.elapsed().as_secs_f64();
                say!(
                    "exact, run {run}: {} positions up to {} beans, {:.1} MB, opened in {:.1} ms, read in full in {seconds:.3} s ({:.2} GB/s)",
                    opened.entries(),
                    opened.beans(),
                    opened.entries() as f64 / 1e6,
                    open * 1e3,
                    opened.entries() as f64 / seconds / 1e9
                );
                table = Some(opened);
            }
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(table) = table else {
        return ExitCode::FAILURE;
    };
    let top = table.beans();
    let wdl_there = (0..=top).step_by(2).all(|level| {
        dir.join(EndgameTable::level_file_name(
            table.rules(),
            level,
            TableForm::Wdl,
        ))
        .exists()
    });
    if !wdl_there {
        let started = Instant::now();
        if let Err(error) = table.save(&dir, 0..=top, TableForm::Wdl) {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
        say!(
            "2-bit form written in {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    for run in 1..=3 {
        let started = Instant::now();
        match WdlTable::open(&dir) {
            Ok(opened) => {
                let seconds = started.elapsed().as_secs_f64();
                say!(
                    "2-bit, run {run}: up to {} beans, {:.1} MB, opened in {seconds:.3} s",
                    opened.beans(),
                    opened.bytes() as f64 / 1e6
                );
            }
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        }
    }

    ExitCode::SUCCESS
}
