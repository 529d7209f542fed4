//! Human-readable diagnostics in the manner of rustc: a
//! `FILE:LINE:COL: SEVERITY: MESSAGE` header, then the source lines with a
//! caret under the place, drawn by `annotate-snippets` (rustc's renderer).

use std::io::{self, IsTerminal};
use std::ops::Range;
use std::sync::OnceLock;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use anstyle::{AnsiColor, Style};
use bohnenspiel::notation::{Location, ParsedRecord, Span, Warning};
use bohnenspiel::validate::{Finding, Severity};

use crate::cli::ColorChoice;

/// The `--color` of this run, set once at the start.
static COLOR: OnceLock<ColorChoice> = OnceLock::new();

/// Sets the `--color` choice for every renderer made afterwards.
pub fn set_color(choice: ColorChoice) {
    let _ = COLOR.set(choice);
}

/// Whether output to a stream (a terminal or not) is coloured: as
/// `--color` says; under `auto`, not when `NO_COLOR` is set (and not
/// empty), else when `CLICOLOR_FORCE` is set (and not `0`), else on a
/// terminal.
pub fn colored(terminal: bool) -> bool {
    match COLOR.get().copied().unwrap_or(ColorChoice::Auto) {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let forced = anstyle_query::clicolor_force()
                && std::env::var_os("CLICOLOR_FORCE").is_some_and(|value| value != "0");
            !anstyle_query::no_color() && (forced || terminal)
        }
    }
}

/// One thing to show: how serious, what, and where.
#[derive(Debug, Clone, Copy)]
pub struct Diagnostic<'a> {
    /// How serious it is.
    pub severity: Severity,
    /// The message, one line.
    pub message: &'a str,
    /// The text concerned (absolute byte offsets).
    pub span: Span,
    /// Where the span starts.
    pub location: Location,
}

impl<'a> From<&'a Finding> for Diagnostic<'a> {
    fn from(finding: &'a Finding) -> Diagnostic<'a> {
        Diagnostic {
            severity: finding.severity,
            message: &finding.message,
            span: finding.span,
            location: finding.location,
        }
    }
}

impl<'a> From<&'a Warning> for Diagnostic<'a> {
    fn from(warning: &'a Warning) -> Diagnostic<'a> {
        Diagnostic {
            severity: Severity::Warning,
            message: &warning.message,
            span: warning.span,
            location: warning.location,
        }
    }
}

/// Renders diagnostics, in colour or not.
pub struct Diagnostics {
    renderer: Renderer,
    styled: bool,
}

impl Diagnostics {
    /// A renderer for a stream, which is a terminal or not: coloured as
    /// [`colored`] says.
    pub fn new(terminal: bool) -> Diagnostics {
        let terminal = colored(terminal);
        Diagnostics {
            renderer: if terminal {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            styled: terminal,
        }
    }

    /// A renderer for standard output.
    pub fn for_stdout() -> Diagnostics {
        Diagnostics::new(io::stdout().is_terminal())
    }

    /// A renderer for standard error.
    pub fn for_stderr() -> Diagnostics {
        Diagnostics::new(io::stderr().is_terminal())
    }

    /// The diagnostic as text, ending with a line break: the header line
    /// `FILE:LINE:COL: SEVERITY: MESSAGE`, then the lines of the game's
    /// `source` that the span covers with the span underlined, cut to a
    /// window around it (see [`excerpt`]).
    pub fn render<'a>(
        &self,
        file: &str,
        source: impl Into<Source<'a>>,
        diagnostic: Diagnostic<'_>,
    ) -> String {
        self.render_labelled(file, source, diagnostic, None)
    }

    /// [`Diagnostics::render`], with `label` shown before the message
    /// instead of the severity's name when given (`confirmed`,
    /// `contradicted`, `unanalysed` for a judgement of `analyse`); the
    /// severity still chooses the colour and the excerpt's level.
    pub fn render_labelled<'a>(
        &self,
        file: &str,
        source: impl Into<Source<'a>>,
        diagnostic: Diagnostic<'_>,
        label: Option<&str>,
    ) -> String {
        let Diagnostic {
            severity,
            message,
            span,
            location,
        } = diagnostic;
        let mut out = String::new();
        let header = format!("{file}:{}:{}:", location.line, location.column);
        let level = label.unwrap_or(severity.as_str());
        if self.styled {
            let bold = Style::new().bold();
            let colour = Style::new().bold().fg_color(Some(
                match severity {
                    Severity::Error => AnsiColor::BrightRed,
                    Severity::Warning => AnsiColor::BrightYellow,
                    Severity::Note => AnsiColor::BrightGreen,
                }
                .into(),
            ));
            out.push_str(&format!(
                "{bold}{header}{bold:#} {colour}{level}:{colour:#} {bold}{message}{bold:#}\n"
            ));
        } else if let Some(label) = label {
            out.push_str(&format!("{header} {label}: {message}\n"));
        } else {
            // As a finding's `in_file` prints it.
            out.push_str(&format!("{header} {severity}: {message}\n"));
        }
        let (text, first_line, range) = excerpt(source.into(), span, location);
        let group = Group::with_level(match severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Note => Level::NOTE,
        })
        .element(
            Snippet::source(text.as_str())
                .line_start(first_line)
                .fold(true)
                .annotation(AnnotationKind::Primary.span(range)),
        );
        out.push_str(&self.renderer.render(&[group]));
        out.push('\n');
        out
    }
}

/// A game's text and its place in the input, borrowed for rendering.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The game's text.
    pub text: &'a str,
    /// Absolute byte offset of its first byte.
    pub offset: usize,
    /// Line number (from 1) of its first line.
    pub first_line: usize,
}

impl<'a> From<&'a ParsedRecord> for Source<'a> {
    fn from(parsed: &'a ParsedRecord) -> Source<'a> {
        Source {
            text: &parsed.source,
            offset: parsed.offset,
            first_line: parsed.first_line,
        }
    }
}

impl<'a> From<&'a (String, Location)> for Source<'a> {
    /// A game's text and where it starts, as
    /// [`Validated::text`](bohnenspiel::validate::Validated::text) holds them.
    fn from((text, start): &'a (String, Location)) -> Source<'a> {
        Source {
            text,
            offset: start.offset,
            first_line: start.line,
        }
    }
}

/// The most bytes of the text before a span, and after it, that an
/// excerpt shows on the span's lines.
const CONTEXT: usize = 60;

/// The most bytes of a span itself that an excerpt shows.
const SPAN_SHOWN: usize = 160;

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The smallest char boundary of `text` at or after `at`.
fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The excerpt of the game's source shown under a diagnostic: the lines
/// that `span` covers, cut to a window of [`CONTEXT`] bytes either side of
/// the span and at most [`SPAN_SHOWN`] bytes of the span itself (a cut is
/// marked `…`), so that the renderer is never handed a whole long line;
/// with the number of its first line (the `location`'s, which the
/// library found with its line index) and the span relative to it.
fn excerpt(game: Source<'_>, span: Span, location: Location) -> (String, usize, Range<usize>) {
    let source = game.text;
    let bytes = source.as_bytes();
    let start = floor_boundary(source, span.start.saturating_sub(game.offset));
    let end = floor_boundary(source, span.end.saturating_sub(game.offset)).max(start);
    let shown_end = floor_boundary(source, end.min(start + SPAN_SHOWN));
    // Back to the line start, or `CONTEXT` bytes.
    let from = start.saturating_sub(CONTEXT);
    let window_start = match memchr::memrchr(b'\n', bytes.get(from..start).unwrap_or_default()) {
        Some(i) => from + i + 1,
        None => ceil_boundary(source, from),
    };
    // On to the end of the line holding the span's last character shown,
    // or `CONTEXT` bytes past it.
    let last = if shown_end > start {
        shown_end - 1
    } else {
        shown_end
    };
    let to = (last + CONTEXT).min(source.len());
    let window_end = match memchr::memchr(b'\n', bytes.get(last..to).unwrap_or_default()) {
        Some(i) => last + i,
        None => floor_boundary(source, to),
    };
    let cut_left = window_start > 0 && bytes.get(window_start - 1) != Some(&b'\n');
    let cut_right = window_end < source.len() && bytes.get(window_end) != Some(&b'\n');
    let body = source
        .get(window_start..window_end)
        .unwrap_or_default()
        .trim_end_matches('\r');
    let mut text = String::with_capacity(body.len() + 6);
    if cut_left {
        text.push('…');
    }
    let shift = text.len();
    text.push_str(body);
    if cut_right {
        text.push('…');
    }
    let range_end = (shown_end - window_start).min(body.len()) + shift;
    let range_start = (start - window_start).min(body.len()) + shift;
    (
        text,
        location.line.max(game.first_line),
        range_start..range_end,
    )
}
