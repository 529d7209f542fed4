//! Human-readable diagnostics in the manner of rustc: a
//! `FILE:LINE:COL: SEVERITY: MESSAGE` header, then the source lines with a
//! caret under the place, drawn by `annotate-snippets` (rustc's renderer).

use std::io::{self, IsTerminal};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use anstyle::{AnsiColor, Style};
use bohnenspiel::notation::{GameText, Location, ParsedRecord, Span, Warning};
use bohnenspiel::validate::{Finding, Severity};

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
    /// A renderer for the given stream: coloured when it is a terminal,
    /// unless `NO_COLOR` is set (to anything but the empty string).
    pub fn new(terminal: bool) -> Diagnostics {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        let terminal = terminal && !no_color;
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
    /// `source` that the span covers with the span underlined.
    pub fn render<'a>(
        &self,
        file: &str,
        source: impl Into<Source<'a>>,
        diagnostic: Diagnostic<'_>,
    ) -> String {
        let Diagnostic {
            severity,
            message,
            span,
            location,
        } = diagnostic;
        let mut out = String::new();
        let header = format!("{file}:{}:{}:", location.line, location.column);
        let level = severity.as_str();
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
        } else {
            out.push_str(&format!("{header} {level}: {message}\n"));
        }
        let (text, first_line, range) = excerpt(source.into(), span);
        let group = Group::with_level(match severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Note => Level::NOTE,
        })
        .element(
            Snippet::source(text)
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

impl<'a> From<&'a GameText> for Source<'a> {
    fn from(game: &'a GameText) -> Source<'a> {
        Source {
            text: &game.text,
            offset: game.offset,
            first_line: game.first_line,
        }
    }
}

/// The lines of the game's source that `span` covers: their text (without
/// the last line break), the number of the first, and the span relative
/// to the text.
fn excerpt(game: Source<'_>, span: Span) -> (&str, usize, std::ops::Range<usize>) {
    let source = game.text;
    let clamp = |offset: usize| {
        let mut at = offset.saturating_sub(game.offset).min(source.len());
        while !source.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = clamp(span.start);
    let end = clamp(span.end).max(start);
    let before = source.get(..start).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let first_line = game.first_line + before.matches('\n').count();
    // The lines up to the one holding the span's last character.
    let last = if end > start { end - 1 } else { end };
    let line_end = source
        .as_bytes()
        .get(last..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(source.len(), |i| last + i);
    let text = source
        .get(line_start..line_end)
        .unwrap_or_default()
        .trim_end_matches('\r');
    let range_end = (end - line_start).min(text.len());
    let range_start = (start - line_start).min(range_end);
    (text, first_line, range_start..range_end)
}
