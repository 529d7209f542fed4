//! The canonical printer behind every `Display` of the tree.

use std::fmt::{self, Write};

use super::{
    CaptureAnnotation, Group, GroupKind, Layout, Movetext, Phrase, PhraseForm, Record, Tag, Turn,
    WrittenMove, WrittenPly,
};

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{} \"", self.name)?;
        for c in self.value.chars() {
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
            }
            f.write_char(c)?;
        }
        f.write_str("\"]")
    }
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.beans)?;
        if self.form == PhraseForm::EachFrom {
            f.write_str(" each")?;
        }
        f.write_str(" from ")?;
        if self.hole_word {
            f.write_str(if self.holes.rest.is_empty() {
                "hole "
            } else {
                "holes "
            })?;
        }
        write!(f, "{}", self.holes.first)?;
        for (joiner, hole) in &self.holes.rest {
            write!(f, "{}{hole}", joiner.as_str())?;
        }
        if self.form == PhraseForm::FromEach {
            f.write_str(" each")?;
        }
        Ok(())
    }
}

impl fmt::Display for CaptureAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        for (joiner, phrase) in &self.rest {
            write!(f, "{}{phrase}", joiner.as_str())?;
        }
        Ok(())
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        match &self.kind {
            GroupKind::Captures {
                annotation,
                comment,
            } => {
                write!(f, "{annotation}")?;
                if let Some(comment) = comment {
                    write!(f, "; {comment}")?;
                }
            }
            GroupKind::Labels(labels) => {
                for (i, label) in labels.iter().enumerate() {
                    if i > 0 {
                        f.write_char('/')?;
                    }
                    f.write_str(label.as_str())?;
                }
            }
            GroupKind::OtherMove(ply) => write!(f, "{ply}")?,
            GroupKind::Comment(text) => f.write_str(text)?,
        }
        f.write_char(')')
    }
}

impl fmt::Display for WrittenPly {
    /// `hole`, `mark`, then each group after one space: `12! (2 from 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hole)?;
        if let Some(mark) = self.mark {
            f.write_str(mark.as_str())?;
        }
        for group in &self.groups {
            write!(f, " {group}")?;
        }
        Ok(())
    }
}

fn write_turn(out: &mut impl Write, turn: &Turn, layout: Layout) -> fmt::Result {
    write!(out, "{}", turn.ply)?;
    let count = turn.alternatives.len();
    for (i, ply) in turn.alternatives.iter().enumerate() {
        let separator = if layout == Layout::Numbered && i + 1 < count {
            ", "
        } else {
            " or "
        };
        write!(out, "{separator}{ply}")?;
    }
    Ok(())
}

impl fmt::Display for Turn {
    /// Alternatives as in inline movetext: `8 or 9 or 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_turn(f, self, Layout::Inline)
    }
}

fn write_tail(out: &mut impl Write, m: &WrittenMove) -> fmt::Result {
    if let Some(ending) = &m.ending {
        write!(out, " and {}", ending.text)?;
    }
    if m.full_stop {
        out.write_char('.')?;
    }
    Ok(())
}

impl fmt::Display for WrittenMove {
    /// The inline form, `6, 12 (2 from hole 8)`, with its ending and full
    /// stop but without the `;` that separates it from the next move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_turn(f, &self.south, Layout::Inline)?;
        if let Some(north) = &self.north {
            f.write_str(", ")?;
            write_turn(f, north, Layout::Inline)?;
        }
        write_tail(f, self)
    }
}

fn row_text(m: &WrittenMove) -> Result<(String, String), fmt::Error> {
    let mut south = String::new();
    write_turn(&mut south, &m.south, Layout::Numbered)?;
    let mut north = String::new();
    if let Some(turn) = &m.north {
        write_turn(&mut north, turn, Layout::Numbered)?;
    }
    Ok((south, north))
}

impl fmt::Display for Movetext {
    /// Inline: moves joined by `; ` on one line. Numbered: one row per
    /// move, `N.  south  north`, the number right-aligned and North's hole
    /// numbers right-aligned in one column, then each variation as a line
    /// `(A)` and its rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.layout {
            Layout::Inline => {
                for (i, m) in self.moves.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
            Layout::Numbered => write_rows(f, self),
        }
    }
}

fn write_rows(f: &mut fmt::Formatter<'_>, movetext: &Movetext) -> fmt::Result {
    let all = || {
        movetext
            .moves
            .iter()
            .chain(movetext.variations.iter().flat_map(|v| v.moves.iter()))
    };
    let number_width = all()
        .map(|m| m.number.unwrap_or(0).to_string().len())
        .max()
        .unwrap_or(1);
    let mut south_width = 0;
    for m in all().filter(|m| m.north.is_some()) {
        south_width = south_width.max(row_text(m)?.0.chars().count());
    }
    let mut lines: Vec<String> = Vec::new();
    let row = |m: &WrittenMove| -> Result<String, fmt::Error> {
        let (south, north) = row_text(m)?;
        let number = m.number.unwrap_or(0);
        let mut line = format!("{number:>number_width$}.  ");
        if m.north.is_some() {
            // Right-align one-digit holes under two-digit ones, as published.
            let pad = match &m.north {
                Some(turn) if turn.ply.hole.number() < 10 => " ",
                _ => "",
            };
            write!(line, "{south:<south_width$}  {pad}{north}")?;
        } else {
            line.push_str(&south);
        }
        write_tail(&mut line, m)?;
        Ok(line)
    };
    for m in &movetext.moves {
        lines.push(row(m)?);
    }
    for variation in &movetext.variations {
        lines.push(format!("({})", variation.label.as_str()));
        for m in &variation.moves {
            lines.push(row(m)?);
        }
    }
    f.write_str(&lines.join("\n"))
}

impl fmt::Display for Record {
    /// Tags one per line, a blank line, the movetext, and the prose after
    /// a blank line; ends with a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tag in &self.tags {
            writeln!(f, "{tag}")?;
        }
        if !self.tags.is_empty() {
            f.write_char('\n')?;
        }
        writeln!(f, "{}", self.movetext)?;
        if let Some(prose) = &self.prose {
            writeln!(f, "\n{}", prose.text)?;
        }
        Ok(())
    }
}

/// Prints several records as one file: each record's canonical form,
/// separated by blank lines.
#[must_use]
pub fn print_records(records: &[Record]) -> String {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&record.to_string());
    }
    out
}
