//! The subcommands, one module each.

pub mod analyse;
pub mod annotate;
pub mod diagram;
pub mod duel;
pub mod engine;
pub mod fmt;
pub mod json;
pub mod perft;
pub mod play;
pub mod position;
pub mod reconstruct;
pub mod select;
pub mod show;
pub mod solve;
pub mod split;
pub mod table;
pub mod validate;

use std::io::{self, BufWriter, StdoutLock, Write};

use bohnenspiel::notation::ParsedRecord;
use bohnenspiel::validate::{FindingKind, Options, Report, Severity};

use clap::CommandFactory;

use crate::cli::{Cli, Command, From, PositionSource, RulesArgs};
use crate::commands::position::DefaultPly;
use crate::diagnostics::Diagnostics;
use crate::error::CliError;
use crate::error::usage;
use crate::progress;
use crate::status::Status;

/// Runs a subcommand.
///
/// # Errors
///
/// A usage error or a failure to write the output.
pub fn run(command: Command) -> Result<Status, CliError> {
    // The engine writes standard output from its search thread too, so
    // this thread must not hold it locked.
    if let Command::Engine {
        rules,
        hash,
        table,
        memory,
    } = command
    {
        return engine::run(&engine::Settings {
            rules: rules.chosen(),
            hash,
            tables: table,
            memory,
        });
    }
    let mut out = stdout();
    let status = match command {
        Command::Validate {
            strict,
            quiet,
            format,
            rules,
            files,
        } => validate::run(
            &mut out,
            &files,
            rules.apply(Options {
                strict,
                ..Options::default()
            }),
            quiet,
            format,
        )?,
        Command::Analyse {
            format,
            nodes,
            engine,
            loss,
            write,
            ply,
            line,
            game,
            rules,
            files,
        } => {
            let at = if ply.is_some() || line.is_some() || game.is_some() {
                let [file] = files.as_slice() else {
                    return Err(usage(format_args!(
                        "--ply, --line and --game analyse one game of one FILE"
                    )));
                };
                Some(PositionSource {
                    file: Some(file.clone()),
                    game: game.unwrap_or(1),
                    line,
                    ply: Some(ply.unwrap_or(0)),
                    before: false,
                    position: None,
                })
            } else {
                None
            };
            analyse::run(
                &mut out,
                &files,
                rules.apply(Options::default()),
                nodes,
                if write {
                    analyse::Output::Write
                } else {
                    analyse::Output::Report(format.into())
                },
                engine.map(|depth| (depth, loss)),
                at.as_ref(),
            )?
        }
        Command::Json {
            strict,
            lines,
            lean,
            rules,
            files,
        } => json::run(
            &mut out,
            &files,
            rules.apply(Options {
                strict,
                ..Options::default()
            }),
            lines,
            lean,
        )?,
        Command::Select {
            select,
            rules,
            files,
        } => select::run(
            &mut out,
            &files,
            &select,
            rules.apply(Options {
                strict: select.strict,
                ..Options::default()
            }),
        )?,
        Command::Split {
            every,
            name,
            force,
            files,
        } => split::run(
            &mut out,
            &split::Request {
                files: &files,
                every,
                pattern: &name,
                force,
            },
        )?,
        Command::Fmt { from, rules, files } => match from {
            From::Notation if rules.variant.is_some() || rules.endless.is_some() => {
                return Err(usage(format_args!(
                    "--variant and --endless are read only with --from json (fmt reads notation without replaying it)"
                )));
            }
            From::Notation => fmt::run(&mut out, &files)?,
            From::Json => fmt::run_json(&mut out, &files, &rules.apply(Options::default()))?,
        },
        Command::Annotate { rules, files } => {
            annotate::run(&mut out, &files, rules.apply(Options::default()))?
        }
        Command::Show { line, rules, files } => show::run(
            &mut out,
            &files,
            line.as_deref(),
            rules.apply(Options::default()),
        )?,
        Command::Solve {
            at,
            rules,
            nodes,
            time,
            table,
            format,
        } => {
            let table = table
                .as_deref()
                .map(|path| table::read(path).map(|table| (path, table)))
                .transpose()?;
            let options = RulesArgs {
                variant: rules.variant,
                endless: rules.endless,
            }
            .apply(Options::default());
            let resolved = position::resolve(&mut out, &at, &options, DefaultPly::End)?;
            let solved = solve::run(
                &mut out,
                &solve::Request {
                    position: &resolved.position,
                    rules: resolved.rules,
                    nodes,
                    time,
                    format,
                },
                table,
            )?;
            solved.max(resolved.status)
        }
        Command::Match {
            engine_a,
            engine_b,
            output,
            random,
            seed,
            movetime,
            depth,
            nodes,
            timeout,
            ply_cap,
            rules,
        } => {
            out.flush()?;
            let limits = bohnenspiel::analysis::Limits {
                depth,
                nodes,
                time: movetime
                    .or((depth.is_none() && nodes.is_none()).then_some(100))
                    .map(std::time::Duration::from_millis),
            };
            duel::run(
                &mut out,
                &duel::Request {
                    engines: [&engine_a, &engine_b],
                    rules: rules.chosen(),
                    random,
                    seed,
                    limits,
                    timeout: timeout.map(std::time::Duration::from_millis),
                    ply_cap,
                    output: &output,
                },
            )?
        }
        Command::Play {
            side,
            movetime,
            output,
            rules,
        } => play::run(
            &mut out,
            &play::Request {
                side: match side {
                    crate::cli::SideArg::South => bohnenspiel::Player::South,
                    crate::cli::SideArg::North => bohnenspiel::Player::North,
                },
                movetime: std::time::Duration::from_millis(movetime),
                rules: rules.chosen(),
                output: output.as_deref(),
            },
        )?,
        // Handled before standard output is locked.
        Command::Engine { .. } => Status::Success,
        Command::Table {
            beans,
            rules,
            output,
            memory,
            threads,
            wdl,
        } => table::run(
            &mut out,
            &table::Request {
                beans,
                rules: rules.chosen(),
                output: &output,
                memory,
                threads,
                wdl,
            },
        )?,
        Command::Reconstruct {
            file,
            game,
            beans,
            nodes,
            max_boards,
            strict,
            rules,
        } => reconstruct::run(
            &mut out,
            &reconstruct::Request {
                file: &file,
                game,
                beans,
                nodes,
                max_boards,
                options: rules.apply(Options {
                    strict,
                    keep_plies: false,
                    ..Options::default()
                }),
            },
        )?,
        Command::Position { at, rules } => {
            position::run(&mut out, &at, &rules.apply(Options::default()))?
        }
        Command::Perft { depth, position } => perft::run(&mut out, depth, position.as_deref())?,
        Command::Diagram { at, rules, .. }
            if at.position.is_some() && (rules.variant.is_some() || rules.endless.is_some()) =>
        {
            return Err(usage(format_args!(
                "--variant and --endless are read only with a record (a --position is drawn as it is, without replaying)"
            )));
        }
        Command::Diagram { at, rules, output } => diagram::run(
            &mut out,
            &diagram::Request {
                source: &at,
                options: rules.apply(Options::default()),
                output: output.as_deref(),
            },
        )?,
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "bohnenspiel", &mut out);
            Status::Success
        }
        Command::Help { command } => help(&mut out, command.as_deref())?,
    };
    out.flush()?;
    Ok(status)
}

/// `bohnenspiel help [COMMAND]`: the long help of the command or of one
/// subcommand, as `--help` prints it.
///
/// # Errors
///
/// [`CliError::Usage`] for an unknown subcommand; a failure to write.
fn help(out: &mut impl Write, name: Option<&str>) -> Result<Status, CliError> {
    let mut command = Cli::command();
    command.build();
    let help = match name {
        None => command.render_long_help(),
        Some(name) => match command.find_subcommand_mut(name) {
            Some(sub) => sub.render_long_help(),
            None => {
                return Err(usage(format_args!(
                    "no such command `{name}` (see `bohnenspiel --help`)"
                )));
            }
        },
    };
    // Coloured as `--help` is, by `--color` and the environment.
    if crate::diagnostics::colored(io::IsTerminal::is_terminal(&io::stdout())) {
        write!(out, "{}", help.ansi())?;
    } else {
        write!(out, "{help}")?;
    }
    Ok(Status::Success)
}

/// Standard output, buffered.
fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Prints a report's errors to standard error, as `validate` shows them:
/// `annotate`, `show` and `diagram` print their output on standard out and
/// only the errors beside it, and the `rules-conflict` warning (a Rules
/// tag that overrides `--variant` or `--endless`), once `out` is flushed
/// (so that both come out in order).
///
/// # Errors
///
/// A failure to write to standard error.
pub fn print_errors(
    out: &mut impl Write,
    diagnostics: &Diagnostics,
    name: &str,
    parsed: &ParsedRecord,
    report: &Report,
) -> io::Result<()> {
    let mut errors = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error || f.kind == FindingKind::RulesConflict)
        .peekable();
    if errors.peek().is_none() {
        return Ok(());
    }
    out.flush()?;
    progress::suspend(|| {
        let mut stderr = io::stderr().lock();
        for finding in errors {
            stderr.write_all(diagnostics.render(name, parsed, finding.into()).as_bytes())?;
        }
        Ok(())
    })
}
