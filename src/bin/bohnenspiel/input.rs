//! Where records come from: the files named on the command line or
//! standard input, read one game at a time.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};

use bohnenspiel::notation::{ErrorKind, ParsedRecord, RecordReader};
use bohnenspiel::validate::{Options, Validated, Validator};

use crate::error::{CliError, InputProblem, usage};
use crate::progress;
use crate::status::Status;

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// One input: its name for messages and its bytes.
pub struct Input {
    /// The path as given on the command line, or `<stdin>`.
    pub name: String,
    reader: Box<dyn BufRead>,
}

impl Input {
    /// Opens a path; `-` is standard input.
    ///
    /// # Errors
    ///
    /// [`CliError::Input`] for a directory or a file that cannot be
    /// opened.
    pub fn open(path: &Path) -> Result<Input, CliError> {
        if path == Path::new("-") {
            return Ok(Input::stdin());
        }
        let name = path.display().to_string();
        if path.is_dir() {
            return Err(CliError::Input {
                name,
                problem: InputProblem::Directory,
            });
        }
        match File::open(path) {
            Ok(file) => Ok(Input {
                name,
                reader: Box::new(BufReader::with_capacity(1 << 16, file)),
            }),
            Err(source) => Err(CliError::Input {
                name,
                problem: InputProblem::Io(source),
            }),
        }
    }

    /// Standard input. When it is a terminal, a hint on standard error
    /// says that records are awaited and how to end them.
    pub fn stdin() -> Input {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            // The hint is best effort: a failure to show it is ignored.
            let _ = writeln!(
                io::stderr().lock(),
                "bohnenspiel: reading records from the terminal; end with Ctrl-D (Ctrl-Z, Enter on Windows)"
            );
        }
        Input {
            name: STDIN_NAME.to_owned(),
            reader: Box::new(stdin.lock()),
        }
    }

    /// The input's buffered reader, to read it in pieces.
    #[must_use]
    pub fn into_reader(self) -> Box<dyn BufRead> {
        self.reader
    }

    /// The games of this input, one at a time. A read error or a game with
    /// bytes that are not UTF-8 ends the input with an error.
    pub fn games(self) -> Games<RecordReader<Box<dyn BufRead>>> {
        Games {
            name: self.name,
            games: RecordReader::new(self.reader),
            done: false,
        }
    }

    /// The games of this input, each validated under `options`; errors as
    /// for [`Input::games`].
    pub fn validated(self, options: Options) -> Games<Validator<Box<dyn BufRead>>> {
        Games {
            name: self.name,
            games: Validator::new(RecordReader::new(self.reader), options),
            done: false,
        }
    }
}

/// A game as read from an input: its parse, if it has one.
pub trait ReadGame {
    /// The game parsed into a tree, if it was.
    fn parsed(&self) -> Option<&ParsedRecord>;
}

impl ReadGame for ParsedRecord {
    fn parsed(&self) -> Option<&ParsedRecord> {
        Some(self)
    }
}

impl ReadGame for Validated {
    fn parsed(&self) -> Option<&ParsedRecord> {
        self.parsed.as_ref()
    }
}

/// The games of one input; see [`Input::games`] and [`Input::validated`].
pub struct Games<I> {
    name: String,
    games: I,
    done: bool,
}

impl<T: ReadGame, I: Iterator<Item = io::Result<T>>> Iterator for Games<I> {
    type Item = Result<T, CliError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.games.next()? {
            Ok(game) => match game
                .parsed()
                .and_then(|parsed| parsed.errors.iter().find(|e| e.kind == ErrorKind::NotUtf8))
            {
                Some(bad) => Err(CliError::Input {
                    name: self.name.clone(),
                    problem: InputProblem::NotUtf8 {
                        line: bad.location.line,
                        column: bad.location.column,
                    },
                }),
                None => Ok(game),
            },
            Err(source) => Err(CliError::Input {
                name: self.name.clone(),
                problem: InputProblem::Io(source),
            }),
        };
        self.done = item.is_err();
        Some(item)
    }
}

/// What a command does with the games of its inputs.
pub trait EachGame<T> {
    /// Handles game `index` (from 1) of input `name`, and returns its
    /// status.
    ///
    /// # Errors
    ///
    /// An error (such as a failure to write) stops the run.
    fn game(&mut self, name: &str, index: usize, game: &mut T) -> Result<Status, CliError>;

    /// Reports an input that could not be opened or read to the end:
    /// by default on standard error, once the output written so far is
    /// flushed, so that both come out in the order things happened.
    ///
    /// # Errors
    ///
    /// A failure to write stops the run.
    fn unreadable(&mut self, error: &CliError) -> Result<(), CliError> {
        self.flush()?;
        report(error)
    }

    /// Flushes the command's output, before anything is written to
    /// standard error.
    ///
    /// # Errors
    ///
    /// A failure to write.
    fn flush(&mut self) -> Result<(), CliError>;
}

/// A command that writes to an output and handles each game with a
/// closure, as [`for_each_game`] runs it.
struct Each<'w, W, F>(&'w mut W, F);

impl<T, W: Write, F: FnMut(&mut W, &str, usize, &mut T) -> Result<Status, CliError>> EachGame<T>
    for Each<'_, W, F>
{
    fn game(&mut self, name: &str, index: usize, game: &mut T) -> Result<Status, CliError> {
        (self.1)(self.0, name, index, game)
    }

    fn flush(&mut self) -> Result<(), CliError> {
        self.0.flush()?;
        Ok(())
    }
}

/// Runs `each` on every game of every input in turn, with the output
/// `out`: the files, or standard input when there are none. An input that cannot be opened or
/// read is handed to [`EachGame::unreadable`] and the next one is read;
/// the status is then at least [`Status::Failure`].
///
/// # Errors
///
/// [`CliError::Usage`] when `-` is named more than once (standard input
/// can only be read once); an error returned by `each` (such as a
/// failure to write) stops the run.
pub fn for_each_game<W: Write>(
    files: &[PathBuf],
    out: &mut W,
    each: impl FnMut(&mut W, &str, usize, &mut ParsedRecord) -> Result<Status, CliError>,
) -> Result<Status, CliError> {
    for_each(files, Input::games, &mut Each(out, each))
}

/// Hands every game of every input, parsed, to `each`, as
/// [`for_each_game`] does (`each` reports unreadable inputs its own way).
///
/// # Errors
///
/// As for [`for_each_game`].
pub fn for_each_parsed(
    files: &[PathBuf],
    each: &mut impl EachGame<ParsedRecord>,
) -> Result<Status, CliError> {
    for_each(files, Input::games, each)
}

/// Hands every game of every input, validated under `options`, to
/// `each`, as [`for_each_game`] does.
///
/// # Errors
///
/// As for [`for_each_game`].
pub fn for_each_validated(
    files: &[PathBuf],
    options: Options,
    each: &mut impl EachGame<Validated>,
) -> Result<Status, CliError> {
    for_each(files, |input| input.validated(options), each)
}

/// Checks that standard input is named at most once.
///
/// # Errors
///
/// [`CliError::Usage`] when `-` comes twice.
pub fn check_files(files: &[PathBuf]) -> Result<(), CliError> {
    if files
        .iter()
        .filter(|path| path.as_path() == Path::new("-"))
        .count()
        > 1
    {
        return Err(usage(format_args!(
            "`-` (standard input) is named more than once; it can be read only once"
        )));
    }
    Ok(())
}

/// Opens every input in turn, reads its games with `games`, and hands
/// every game to `each`.
fn for_each<T: ReadGame, I: Iterator<Item = io::Result<T>>, E: EachGame<T>>(
    files: &[PathBuf],
    games: impl Fn(Input) -> Games<I>,
    each: &mut E,
) -> Result<Status, CliError> {
    for_each_with_source(files, games, each, |each, name, index, game, _| {
        each.game(name, index, game)
    })
}

/// Hands every game of every input, validated under `options`, to
/// `handle` with the [`Validator`] that read it (for the game's text,
/// [`Validator::reader`], its plies, [`Validator::last_plies`], and with
/// `keep_tags` its tags, [`Validator::last_tags`]); unreadable inputs go
/// to `each` as in [`for_each_game`].
///
/// # Errors
///
/// As for [`for_each_game`].
pub fn for_each_validated_with<E: EachGame<Validated>>(
    files: &[PathBuf],
    options: Options,
    keep_tags: bool,
    each: &mut E,
    handle: impl FnMut(
        &mut E,
        &str,
        usize,
        &mut Validated,
        &Validator<Box<dyn BufRead>>,
    ) -> Result<Status, CliError>,
) -> Result<Status, CliError> {
    for_each_with_source(
        files,
        |input| {
            let mut games = input.validated(options);
            if keep_tags {
                games.games = games.games.keep_tags();
            }
            games
        },
        each,
        handle,
    )
}

/// Opens every input in turn, reads its games with `games`, and hands
/// every game, with what read it, to `handle`; unreadable inputs to
/// `each`.
fn for_each_with_source<T: ReadGame, I: Iterator<Item = io::Result<T>>, E: EachGame<T>>(
    files: &[PathBuf],
    games: impl Fn(Input) -> Games<I>,
    each: &mut E,
    mut handle: impl FnMut(&mut E, &str, usize, &mut T, &I) -> Result<Status, CliError>,
) -> Result<Status, CliError> {
    check_files(files)?;
    let mut status = Status::Success;
    let stdin = [PathBuf::from("-")];
    let paths = if files.is_empty() { &stdin[..] } else { files };
    for path in paths {
        let input = match Input::open(path) {
            Ok(input) => input,
            Err(error) => {
                each.unreadable(&error)?;
                status = status.max(Status::Failure);
                continue;
            }
        };
        let name = input.name.clone();
        let mut games = games(input);
        let mut index = 0;
        while let Some(game) = games.next() {
            index += 1;
            match game {
                Ok(mut game) => {
                    let game_status = handle(each, &name, index, &mut game, &games.games)?;
                    status = status.max(game_status);
                    progress::game();
                }
                Err(error) => {
                    each.unreadable(&error)?;
                    status = status.max(Status::Failure);
                }
            }
        }
    }
    progress::finish();
    Ok(status)
}

/// Prints an input's error to standard error.
fn report(error: &CliError) -> Result<(), CliError> {
    progress::suspend(|| writeln!(io::stderr().lock(), "{error}"))?;
    Ok(())
}
