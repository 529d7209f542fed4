//! `bohnenspiel split [--every N] --name PATTERN [--force] [FILE…]`: the
//! games of records into files of N games, named by a pattern of tags.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use bohnenspiel::notation::ParsedRecord;

use crate::commands::select::write_verbatim;
use crate::error::{CliError, usage};
use crate::input::for_each_game;
use crate::status::Status;
use crate::stream::plural;

/// The longest a tag's value is kept in a file name, in characters.
const MAX_VALUE_CHARS: usize = 64;

/// What `split` is asked to do.
#[derive(Debug)]
pub struct Request<'a> {
    /// The inputs.
    pub files: &'a [PathBuf],
    /// Games per file, at least 1.
    pub every: u64,
    /// The pattern of the files' names.
    pub pattern: &'a str,
    /// Whether files that exist may be written over.
    pub force: bool,
}

/// Writes the games into their files, then prints a line per file written:
/// `NAME: N games`.
///
/// # Errors
///
/// [`CliError::Usage`] for a pattern that cannot be read, a name that is
/// an input or (without `force`) a file that exists already;
/// [`CliError::OutputFile`] for a file that cannot be written; a failure
/// to write standard output.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let pattern = Pattern::parse(request.pattern)?;
    let inputs: Vec<PathBuf> = request
        .files
        .iter()
        .filter(|path| path.as_path() != Path::new("-"))
        .filter_map(|path| fs::canonicalize(path).ok())
        .collect();
    let mut split = Split {
        pattern,
        request,
        inputs,
        files: Vec::new(),
        by_name: HashMap::new(),
        current: None,
        read: 0,
    };
    let status = for_each_game(request.files, out, |_, name, _, parsed| {
        split.game(name, parsed)?;
        Ok(Status::Success)
    })?;
    split.close()?;
    for file in &split.files {
        writeln!(
            out,
            "{}: {}",
            file.path.display(),
            plural(file.games, "game")
        )?;
    }
    Ok(status)
}

/// The split as it goes.
struct Split<'r> {
    pattern: Pattern,
    request: &'r Request<'r>,
    /// The inputs, as canonical paths, never written.
    inputs: Vec<PathBuf>,
    /// Every file written, in the order it was begun.
    files: Vec<Written>,
    /// The index in `files` of each name.
    by_name: HashMap<PathBuf, usize>,
    /// The file being written: its index in `files`, and its writer.
    current: Option<(usize, BufWriter<File>)>,
    /// Games read so far.
    read: u64,
}

/// A file written.
struct Written {
    path: PathBuf,
    games: usize,
    /// Whether its text so far lacks a blank line at its end.
    needs_break: bool,
}

impl Split<'_> {
    /// Writes one game, read from input `name`, into its file: every
    /// `every` games, the name is made again from the game's tags.
    fn game(&mut self, name: &str, parsed: &ParsedRecord) -> Result<(), CliError> {
        if self.read.is_multiple_of(self.request.every) || self.current.is_none() {
            let number = self.read / self.request.every + 1;
            let path = self.pattern.name(parsed, name, number);
            self.open(path)?;
        }
        self.read += 1;
        let Some((index, writer)) = &mut self.current else {
            return Ok(());
        };
        let file = &mut self.files[*index];
        file.games += 1;
        write_verbatim(writer, &parsed.source, &mut file.needs_break).map_err(|source| {
            CliError::OutputFile {
                name: file.path.display().to_string(),
                source,
            }
        })
    }

    /// Makes `path` the file being written: begun (after the checks), or
    /// appended to if this split began it.
    fn open(&mut self, path: PathBuf) -> Result<(), CliError> {
        if let Some((index, _)) = &self.current
            && self.files[*index].path == path
        {
            return Ok(());
        }
        self.close()?;
        let shown = path.display().to_string();
        let failed = |source| CliError::OutputFile {
            name: shown.clone(),
            source,
        };
        let (index, file) = match self.by_name.get(&path) {
            Some(&index) => (
                index,
                OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .map_err(failed)?,
            ),
            None => {
                if self.is_input(&path) {
                    return Err(usage(format_args!(
                        "`{shown}` is one of the inputs: split does not write over its inputs"
                    )));
                }
                let mut options = OpenOptions::new();
                options.write(true);
                if self.request.force {
                    options.create(true).truncate(true);
                } else {
                    options.create_new(true);
                }
                let file = options.open(&path).map_err(|source| {
                    if source.kind() == std::io::ErrorKind::AlreadyExists {
                        usage(format_args!(
                            "`{shown}` exists already (--force writes over it)"
                        ))
                    } else {
                        failed(source)
                    }
                })?;
                self.files.push(Written {
                    path: path.clone(),
                    games: 0,
                    needs_break: false,
                });
                let index = self.files.len() - 1;
                self.by_name.insert(path, index);
                (index, file)
            }
        };
        self.current = Some((index, BufWriter::new(file)));
        Ok(())
    }

    /// Whether `path` names one of the inputs (compared as canonical
    /// paths, through its folder when it does not exist yet).
    fn is_input(&self, path: &Path) -> bool {
        let canonical = fs::canonicalize(path).ok().or_else(|| {
            let folder = match path.parent() {
                Some(folder) if !folder.as_os_str().is_empty() => folder,
                _ => Path::new("."),
            };
            Some(fs::canonicalize(folder).ok()?.join(path.file_name()?))
        });
        canonical.is_some_and(|canonical| self.inputs.contains(&canonical))
    }

    /// Flushes and closes the file being written.
    fn close(&mut self) -> Result<(), CliError> {
        if let Some((index, mut writer)) = self.current.take() {
            writer.flush().map_err(|source| CliError::OutputFile {
                name: self.files[index].path.display().to_string(),
                source,
            })?;
        }
        Ok(())
    }
}

/// A pattern of file names: text, and `{TAG}`, `{n}` or `{file}` in
/// braces.
#[derive(Debug)]
struct Pattern {
    parts: Vec<Part>,
}

/// One part of a [`Pattern`].
#[derive(Debug)]
enum Part {
    Text(String),
    Tag(String),
    Number,
    File,
}

impl Pattern {
    /// Reads a pattern.
    ///
    /// # Errors
    ///
    /// [`CliError::Usage`] for a brace left open or closed without being
    /// opened, an empty `{}`, or an empty pattern.
    fn parse(text: &str) -> Result<Pattern, CliError> {
        let bad = |message: &str| usage(format_args!("invalid --name `{text}`: {message}"));
        let mut parts = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let open = rest.find('{');
            let close = rest.find('}');
            match (open, close) {
                (None, None) => {
                    parts.push(Part::Text(rest.to_owned()));
                    rest = "";
                }
                (Some(open), Some(close)) if open < close => {
                    if open > 0 {
                        parts.push(Part::Text(rest[..open].to_owned()));
                    }
                    let name = rest[open + 1..close].trim();
                    parts.push(match name {
                        "" => return Err(bad("`{}` names no tag")),
                        "n" => Part::Number,
                        "file" => Part::File,
                        tag if tag.contains('{') => return Err(bad("a `{` is not closed")),
                        tag => Part::Tag(tag.to_owned()),
                    });
                    rest = &rest[close + 1..];
                }
                (Some(_), None) => return Err(bad("a `{` is not closed")),
                (_, Some(_)) => return Err(bad("a `}` is not opened")),
            }
        }
        if parts.is_empty() {
            return Err(bad("the pattern is empty"));
        }
        Ok(Pattern { parts })
    }

    /// The name of file `number` that begins with game `parsed` of input
    /// `input`.
    fn name(&self, parsed: &ParsedRecord, input: &str, number: u64) -> PathBuf {
        let mut name = String::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => name.push_str(text),
                Part::Number => name.push_str(&number.to_string()),
                Part::File => name.push_str(&safe(
                    Path::new(input)
                        .file_stem()
                        .and_then(|stem| stem.to_str())
                        .filter(|_| input != crate::input::STDIN_NAME)
                        .unwrap_or("stdin"),
                )),
                Part::Tag(tag) => {
                    name.push_str(&safe(parsed.record.tag(tag).unwrap_or_default()));
                }
            }
        }
        PathBuf::from(name)
    }
}

/// A tag's value made safe for a file name: letters, digits, `-`, `_`
/// and `.` kept, anything else `_`, never starting with `.` (no `..`, no
/// hidden file), at most [`MAX_VALUE_CHARS`] characters; `unknown` for
/// an empty value.
fn safe(value: &str) -> String {
    let value = value.trim();
    if value.is_empty() {
        return "unknown".to_owned();
    }
    value
        .chars()
        .take(MAX_VALUE_CHARS)
        .enumerate()
        .map(|(i, c)| match c {
            '.' if i == 0 => '_',
            c if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') => c,
            _ => '_',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_are_made_safe_for_file_names() {
        assert_eq!(safe("1962.05.17"), "1962.05.17");
        assert_eq!(safe("../etc/passwd"), "_._etc_passwd");
        assert_eq!(safe(" Berlin Open "), "Berlin_Open");
        assert_eq!(safe(""), "unknown");
        assert_eq!(safe(&"x".repeat(300)).len(), MAX_VALUE_CHARS);
    }

    #[test]
    fn patterns_name_tags_numbers_and_files() {
        let pattern = Pattern::parse("{Event}-{n}.txt").unwrap();
        let parsed = &bohnenspiel::notation::parse_records("[Event \"A b\"]\n\n4,8\n")[0];
        assert_eq!(pattern.name(parsed, "x.txt", 3), PathBuf::from("A_b-3.txt"));
        let pattern = Pattern::parse("{file}-{Date}.txt").unwrap();
        assert_eq!(
            pattern.name(parsed, "games/x.txt", 1),
            PathBuf::from("x-unknown.txt")
        );
        for bad in ["", "{", "}", "{}", "a{b", "{a{b}"] {
            assert!(Pattern::parse(bad).is_err(), "{bad}");
        }
    }
}
