//! Printing a game that has errors without losing text: what parsed in
//! canonical form, what did not verbatim in its place.

use super::{Layout, Movetext, ParsedRecord, Span, WrittenMove};

/// What a game's text is made of, in text order.
enum Part<'r> {
    Tag(usize),
    Move(&'r WrittenMove),
    Header(usize),
    Gap(Span),
}

impl ParsedRecord {
    /// The parts of the game's text that no part of its tree covers and
    /// that are more than white space and separators (`;`, `,`, `.`): the
    /// text the parser skipped after an error, in text order.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    ///
    /// let games = parse_records("4,13; 6,12\n");
    /// let gaps: Vec<&str> = games[0]
    ///     .unparsed()
    ///     .into_iter()
    ///     .map(|span| &games[0].source[span.start..span.end])
    ///     .collect();
    /// // South's 4 is kept; North's 13 is skipped.
    /// assert_eq!(gaps, ["13"]);
    /// ```
    #[must_use]
    pub fn unparsed(&self) -> Vec<Span> {
        let mut covered: Vec<Span> = Vec::new();
        let record = &self.record;
        covered.extend(record.tags.iter().map(|tag| tag.span));
        let moves = |moves: &[WrittenMove], covered: &mut Vec<Span>| {
            covered.extend(moves.iter().map(move_span));
        };
        moves(&record.movetext.moves, &mut covered);
        for variation in &record.movetext.variations {
            covered.push(variation.span);
            moves(&variation.moves, &mut covered);
        }
        covered.extend(record.prose.iter().map(|prose| prose.span));
        covered.sort_by_key(|span| span.start);
        let end = self.offset + self.source.len();
        let mut gaps = Vec::new();
        let mut from = self.offset;
        for span in covered
            .iter()
            .copied()
            .chain(std::iter::once(Span::new(end, end)))
        {
            if span.start > from
                && let Some(gap) = self.trimmed(Span::new(from, span.start))
            {
                gaps.push(gap);
            }
            from = from.max(span.end);
        }
        gaps
    }

    /// `span` without white space and separators at its ends, if anything
    /// is left.
    fn trimmed(&self, span: Span) -> Option<Span> {
        let relative = |offset: usize| offset.saturating_sub(self.offset).min(self.source.len());
        let text = self.source.get(relative(span.start)..relative(span.end))?;
        let is_separator = |c: char| c.is_whitespace() || matches!(c, ';' | ',' | '.');
        let start = text.len() - text.trim_start_matches(is_separator).len();
        let kept = text.trim_matches(is_separator);
        (!kept.is_empty()).then(|| Span::new(span.start + start, span.start + start + kept.len()))
    }

    /// The game as `bohnenspiel fmt` prints it: without errors, the
    /// canonical form ([`Record`](super::Record)'s `Display`); with errors,
    /// what parsed in canonical form and the text the parser skipped
    /// ([`ParsedRecord::unparsed`]) verbatim in its place, so that no text
    /// is lost. When an error lies inside a part the tree kept (so that
    /// the canonical form would drop text), the game's text is printed
    /// unchanged.
    ///
    /// ```
    /// use bohnenspiel::notation::parse_records;
    ///
    /// let games = parse_records("[Date \"1962\"]\n\n4,8;  6,13; 6,7\n");
    /// assert_eq!(games[0].print_keeping_unparsed(), "[Date \"1962\"]\n\n4, 8; 6, 13; 6, 7\n");
    /// ```
    #[must_use]
    pub fn print_keeping_unparsed(&self) -> String {
        if self.errors.is_empty() {
            return self.record.to_string();
        }
        let gaps = self.unparsed();
        let inside_gap = |offset: usize| {
            gaps.iter()
                .any(|gap| gap.start <= offset && offset <= gap.end)
        };
        if !self.errors.iter().all(|error| inside_gap(error.span.start)) {
            return self.verbatim();
        }
        let record = &self.record;
        let movetext = &record.movetext;
        let mut parts: Vec<(usize, Part<'_>)> = Vec::new();
        parts.extend(
            record
                .tags
                .iter()
                .enumerate()
                .map(|(i, tag)| (tag.span.start, Part::Tag(i))),
        );
        parts.extend(
            movetext
                .moves
                .iter()
                .map(|m| (move_span(m).start, Part::Move(m))),
        );
        for (i, variation) in movetext.variations.iter().enumerate() {
            parts.push((variation.span.start, Part::Header(i)));
            parts.extend(
                variation
                    .moves
                    .iter()
                    .map(|m| (move_span(m).start, Part::Move(m))),
            );
        }
        parts.extend(gaps.iter().map(|&gap| (gap.start, Part::Gap(gap))));
        parts.sort_by_key(|&(start, _)| start);
        let relative = |offset: usize| offset.saturating_sub(self.offset).min(self.source.len());
        let text_of = |span: Span| {
            self.source
                .get(relative(span.start)..relative(span.end))
                .unwrap_or_default()
        };
        // The movetext starts at its first move or header, or at the first
        // skipped text that is not a broken tag line.
        let movetext_start = parts
            .iter()
            .find(|(_, part)| match part {
                Part::Move(_) | Part::Header(_) => true,
                Part::Gap(gap) => !text_of(*gap).starts_with('['),
                Part::Tag(_) => false,
            })
            .map_or(usize::MAX, |&(start, _)| start);
        let mut out = String::new();
        let mut head = false;
        for (start, part) in &parts {
            if *start >= movetext_start {
                break;
            }
            match part {
                Part::Tag(i) => out.push_str(&record.tags[*i].to_string()),
                Part::Gap(gap) => out.push_str(text_of(*gap)),
                Part::Move(_) | Part::Header(_) => {}
            }
            out.push('\n');
            head = true;
        }
        if head {
            out.push('\n');
        }
        let body = parts.iter().filter(|(start, _)| *start >= movetext_start);
        let mut lines: Vec<String> = Vec::new();
        match movetext.layout {
            Layout::Inline => {
                // Items are joined by `; ` where the text has a `;` between
                // them, by `, ` where it has a `,` (North's ply that could
                // not be read, after South's), else by a space (text
                // skipped inside a move stays in that move).
                let mut line = String::new();
                let mut last_end: Option<usize> = None;
                for (_, part) in body {
                    let (span, text) = match part {
                        Part::Move(m) => (move_span(m), m.to_string()),
                        Part::Gap(gap) => (*gap, text_of(*gap).to_owned()),
                        Part::Tag(_) | Part::Header(_) => continue,
                    };
                    if let Some(end) = last_end {
                        let between = text_of(Span::new(end, span.start.max(end)));
                        line.push_str(if between.contains(';') {
                            "; "
                        } else if between.contains(',') {
                            ", "
                        } else {
                            " "
                        });
                    }
                    line.push_str(&text);
                    last_end = Some(span.end);
                }
                lines.push(line);
            }
            Layout::Numbered => {
                let mut run: Vec<WrittenMove> = Vec::new();
                let flush = |run: &mut Vec<WrittenMove>, lines: &mut Vec<String>| {
                    if !run.is_empty() {
                        let chunk = Movetext {
                            layout: Layout::Numbered,
                            moves: std::mem::take(run),
                            variations: Vec::new(),
                        };
                        lines.push(chunk.to_string());
                    }
                };
                // Where the last move of `run` ends.
                let mut last_end = None;
                for (_, part) in body {
                    match part {
                        Part::Move(m) => {
                            run.push((*m).clone());
                            last_end = Some(move_span(m).end);
                        }
                        // Text skipped on a row's line after its plies (a
                        // North ply that could not be read) stays on that
                        // line.
                        Part::Gap(gap)
                            if last_end.is_some_and(|end| {
                                !text_of(Span::new(end, gap.start.max(end))).contains('\n')
                            }) =>
                        {
                            flush(&mut run, &mut lines);
                            last_end = None;
                            if let Some(line) = lines.last_mut() {
                                line.truncate(line.trim_end().len());
                                line.push_str("  ");
                                line.push_str(text_of(*gap));
                            }
                        }
                        Part::Header(i) => {
                            last_end = None;
                            flush(&mut run, &mut lines);
                            lines.push(format!("({})", movetext.variations[*i].label.as_str()));
                        }
                        Part::Gap(gap) => {
                            last_end = None;
                            flush(&mut run, &mut lines);
                            lines.push(text_of(*gap).to_owned());
                        }
                        Part::Tag(_) => {}
                    }
                }
                flush(&mut run, &mut lines);
            }
        }
        let movetext_text = lines.join("\n");
        if !movetext_text.is_empty() {
            out.push_str(&movetext_text);
            out.push('\n');
        }
        if let Some(prose) = &record.prose {
            out.push('\n');
            out.push_str(&prose.text);
            out.push('\n');
        }
        out
    }

    /// The game's text as read, ending with one line break.
    fn verbatim(&self) -> String {
        let text = self.source.trim();
        if text.is_empty() {
            return String::new();
        }
        let mut text = self.source.trim_end().to_owned();
        text.push('\n');
        text
    }
}

/// A move's whole span: from its row number, if written, to its end.
fn move_span(m: &WrittenMove) -> Span {
    Span::new(
        m.number_span
            .map_or(m.span.start, |number| number.start.min(m.span.start)),
        m.span.end,
    )
}
