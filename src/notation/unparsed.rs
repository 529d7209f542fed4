//! Printing a game that has errors without losing text: what parsed in
//! canonical form, what did not verbatim in its place.

use std::fmt;

use super::{Layout, Movetext, ParsedRecord, Record, Span, WrittenMove};

/// What a game's text is made of, in text order.
#[derive(Clone, Copy)]
enum Part {
    Tag(usize),
    Move(Span),
    Header(usize),
    /// The whole gap, and the gap without white space and separators at
    /// its ends.
    Gap(Span, Span),
}

/// Where text the parser skipped stands: among the tags, in the main
/// line's movetext, or in a variation's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Within {
    /// Before the movetext, on a line of its own among the tag lines.
    Tags,
    /// In the main line's movetext.
    Moves,
    /// In the rows of a variation (an index into
    /// [`Movetext::variations`]), after its header line.
    Variation(usize),
}

/// How skipped text is joined to the part before it, or the part after it
/// to the skipped text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Joint {
    /// `; ` (inline).
    Semicolon,
    /// `, ` (inline: after South's ply, where North's could not be read).
    Comma,
    /// One space (inline: inside a move).
    Space,
    /// On the row before it, after two spaces (numbered rows).
    Row,
    /// On a line of its own (the first part of the movetext joins
    /// nothing).
    Line,
}

impl Joint {
    /// What stands between two parts of inline movetext so joined.
    const fn inline(self) -> &'static str {
        match self {
            Joint::Semicolon => "; ",
            Joint::Comma => ", ",
            Joint::Space => " ",
            Joint::Row => "  ",
            Joint::Line => "\n",
        }
    }
}

/// A piece of text that the parser skipped after an error, verbatim, and
/// where it stands among the parts of the tree: within the tags, the main
/// line or a variation, after `after` of its tags or moves
/// ([`WrittenMove`]s), joined to what comes before it by `joined` and to
/// the move after it by `next`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Skipped {
    /// The text, without white space at its ends, nor the `;` or `,`
    /// that its joints print (inline movetext).
    pub(crate) text: String,
    /// The part of the record it stands in.
    pub(crate) within: Within,
    /// How many tags ([`Within::Tags`]) or moves (else) of that part come
    /// before it.
    pub(crate) after: usize,
    /// How it is joined to what comes before it.
    pub(crate) joined: Joint,
    /// How a move right after it is joined to it (inline), else
    /// [`Joint::Line`].
    pub(crate) next: Joint,
    /// Where it was written ([`Span::default`] when not read from text).
    pub(crate) span: Span,
}

/// A record as `bohnenspiel fmt` prints it, with nothing lost: the tree
/// ([`LosslessRecord::record`]), the text its parse skipped, each piece in
/// its place among the tree's parts, and, for a game that prints
/// unchanged, its text ([`ParsedRecord::verbatim`]). Its `Display` is
/// [`ParsedRecord::print_keeping_unparsed`] of the game it was made of;
/// [`read_json`](crate::validate::read_json) reads it
/// back from a JSON document.
///
/// ```
/// use bohnenspiel::notation::{LosslessRecord, parse_records};
///
/// let games = parse_records("4,8;  6,13; 6,7\n");
/// let lossless = LosslessRecord::from(&games[0]);
/// assert!(lossless.has_unparsed_text());
/// assert_eq!(lossless.to_string(), "4, 8; 6, 13; 6, 7\n");
/// assert_eq!(lossless.record().to_string(), "4, 8; 6; 6, 7\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LosslessRecord {
    /// What parsed.
    pub(crate) record: Record,
    /// The text the parse skipped, in text order.
    pub(crate) skipped: Vec<Skipped>,
    /// The game's text, when it is printed unchanged.
    pub(crate) verbatim: Option<String>,
}

impl LosslessRecord {
    /// What parsed: the record without the text that did not parse.
    #[must_use]
    pub const fn record(&self) -> &Record {
        &self.record
    }

    /// What parsed, as [`LosslessRecord::record`], by value.
    #[must_use]
    pub fn into_record(self) -> Record {
        self.record
    }

    /// Whether it holds text that did not parse (skipped text, or the
    /// game's text printed unchanged): whether it prints other than its
    /// [`LosslessRecord::record`].
    #[must_use]
    pub fn has_unparsed_text(&self) -> bool {
        !self.skipped.is_empty() || self.verbatim.is_some()
    }
}

impl From<Record> for LosslessRecord {
    fn from(record: Record) -> LosslessRecord {
        LosslessRecord {
            record,
            skipped: Vec::new(),
            verbatim: None,
        }
    }
}

impl From<&ParsedRecord> for LosslessRecord {
    fn from(parsed: &ParsedRecord) -> LosslessRecord {
        let (skipped, verbatim) = match parsed.skipped() {
            Some(skipped) => (skipped, None),
            None => (Vec::new(), Some(parsed.verbatim())),
        };
        LosslessRecord {
            record: parsed.record.clone(),
            skipped,
            verbatim,
        }
    }
}

impl fmt::Display for LosslessRecord {
    /// The verbatim text if there is one, else the record with the skipped
    /// text in place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.verbatim {
            Some(text) => {
                let text = text.trim_end();
                if text.is_empty() {
                    Ok(())
                } else {
                    writeln!(f, "{text}")
                }
            }
            None if self.skipped.is_empty() => write!(f, "{}", self.record),
            None => f.write_str(&print_with_skipped(&self.record, &self.skipped)),
        }
    }
}

/// A part of the movetext as printed.
enum Item<'r> {
    Move(&'r WrittenMove),
    Header(usize),
    Skipped(&'r Skipped),
}

/// Prints `record` with the `skipped` text in its place: the tag lines and
/// the skipped text among them, each on a line of its own, a blank line
/// (when something follows, and only if each line of that head is a tag
/// line, so that the print reads back as one game), the movetext (what parsed in canonical form, each piece of skipped text
/// joined as its [`Joint`]s say; in numbered rows, each run of rows
/// between two pieces is laid out on its own), then the prose. Pieces
/// whose `after` is past the end of their part stand at its end, pieces
/// in a variation that does not exist at the end of the movetext.
///
/// Linear in the size of the record and the pieces (they are sorted).
#[must_use]
pub(crate) fn print_with_skipped(record: &Record, skipped: &[Skipped]) -> String {
    let movetext = &record.movetext;
    // The pieces in printing order: by part, then by place in the part
    // (the same place keeps the given order), so that printing is linear.
    let rank = |within: Within| match within {
        Within::Tags => 0,
        Within::Moves => 1,
        Within::Variation(i) => i.saturating_add(2),
    };
    let mut pieces: Vec<&Skipped> = skipped.iter().collect();
    pieces.sort_by_key(|piece| (rank(piece.within), piece.after));
    let mut pieces = pieces.into_iter().peekable();
    let mut out = String::new();
    let mut head = false;
    for k in 0..=record.tags.len() {
        let tag = record.tags.get(k);
        while let Some(piece) =
            pieces.next_if(|p| p.within == Within::Tags && (p.after <= k || tag.is_none()))
        {
            out.push_str(&piece.text);
            out.push('\n');
            head = true;
        }
        if let Some(tag) = tag {
            out.push_str(&tag.to_string());
            out.push('\n');
            head = true;
        }
    }
    // The blank line after the head, unless a line of it is no tag line
    // (skipped text such as `)`): movetext after a blank line would then
    // start a new game when read back.
    let head_end = out.len();
    let head_is_tags = out.lines().all(|line| line.trim_start().starts_with('['));
    let mut items: Vec<Item<'_>> = Vec::new();
    let lines = std::iter::once((Within::Moves, None, &movetext.moves)).chain(
        movetext
            .variations
            .iter()
            .enumerate()
            .map(|(i, v)| (Within::Variation(i), Some(i), &v.moves)),
    );
    for (within, header, moves) in lines {
        if let Some(i) = header {
            items.push(Item::Header(i));
        }
        for k in 0..=moves.len() {
            let m = moves.get(k);
            while let Some(piece) =
                pieces.next_if(|p| p.within == within && (p.after <= k || m.is_none()))
            {
                items.push(Item::Skipped(piece));
            }
            if let Some(m) = m {
                items.push(Item::Move(m));
            }
        }
    }
    // Pieces in a variation that does not exist stand at the end.
    items.extend(pieces.map(Item::Skipped));
    let mut lines: Vec<String> = Vec::new();
    match movetext.layout {
        Layout::Inline => {
            let mut line = String::new();
            let mut previous: Option<&Item<'_>> = None;
            for item in &items {
                let text = match item {
                    Item::Move(m) => m.to_string(),
                    Item::Skipped(piece) => piece.text.clone(),
                    Item::Header(_) => continue,
                };
                if let Some(before) = previous {
                    line.push_str(match (before, item) {
                        (_, Item::Skipped(piece)) => piece.joined.inline(),
                        (Item::Skipped(piece), _) => piece.next.inline(),
                        _ => "; ",
                    });
                }
                line.push_str(&text);
                previous = Some(item);
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
            for item in &items {
                match item {
                    Item::Move(m) => run.push((*m).clone()),
                    // On the line of the row before it.
                    Item::Skipped(piece) if piece.joined == Joint::Row && !run.is_empty() => {
                        flush(&mut run, &mut lines);
                        if let Some(line) = lines.last_mut() {
                            line.truncate(line.trim_end().len());
                            line.push_str("  ");
                            line.push_str(&piece.text);
                        }
                    }
                    Item::Header(i) => {
                        flush(&mut run, &mut lines);
                        lines.push(format!("({})", movetext.variations[*i].label.as_str()));
                    }
                    Item::Skipped(piece) => {
                        flush(&mut run, &mut lines);
                        lines.push(piece.text.clone());
                    }
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
    // Only between the head and what follows it.
    if head && head_is_tags && (out.len() > head_end || record.prose.is_some()) {
        out.insert(head_end, '\n');
    }
    if let Some(prose) = &record.prose {
        // A blank line unless the prose would then start a new game.
        if !prose.follows_movetext() {
            out.push('\n');
        }
        out.push_str(&prose.text);
        out.push('\n');
    }
    out
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
        self.gaps().into_iter().map(|(_, gap)| gap).collect()
    }

    /// The parts of the text that no part of the tree covers and that are
    /// more than white space and separators: each whole, from the end of
    /// the part before it to the start of the part after it, and without
    /// white space and separators at its ends ([`ParsedRecord::unparsed`]).
    fn gaps(&self) -> Vec<(Span, Span)> {
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
                gaps.push((Span::new(from, span.start), gap));
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

    /// The text the parser skipped ([`ParsedRecord::unparsed`]), each
    /// piece placed among the parts the tree kept, so that a
    /// [`LosslessRecord`] of the tree and these pieces prints the game as
    /// [`ParsedRecord::print_keeping_unparsed`] does: empty for a game
    /// without errors; `None` when the game prints verbatim (an error lies
    /// inside a part the tree kept, or the parts do not stand in the order
    /// the canonical form prints them).
    pub(crate) fn skipped(&self) -> Option<Vec<Skipped>> {
        if self.errors.is_empty() {
            return Some(Vec::new());
        }
        let gaps = self.gaps();
        let inside_gap = |offset: usize| {
            gaps.iter()
                .any(|(_, gap)| gap.start <= offset && offset <= gap.end)
        };
        if !self.errors.iter().all(|error| inside_gap(error.span.start)) {
            return None;
        }
        let record = &self.record;
        let movetext = &record.movetext;
        let inline = movetext.layout == Layout::Inline;
        if inline && !movetext.variations.is_empty() {
            return None;
        }
        let mut parts: Vec<(usize, Part)> = Vec::new();
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
                .map(|m| (move_span(m).start, Part::Move(move_span(m)))),
        );
        for (i, variation) in movetext.variations.iter().enumerate() {
            parts.push((variation.span.start, Part::Header(i)));
            parts.extend(
                variation
                    .moves
                    .iter()
                    .map(|m| (move_span(m).start, Part::Move(move_span(m)))),
            );
        }
        parts.extend(
            gaps.iter()
                .map(|&(whole, gap)| (gap.start, Part::Gap(whole, gap))),
        );
        parts.sort_by_key(|&(start, _)| start);
        // The movetext starts at its first move or header, or at the first
        // skipped text that is not a broken tag line.
        let movetext_start = parts
            .iter()
            .find(|(_, part)| match part {
                Part::Move(_) | Part::Header(_) => true,
                Part::Gap(_, gap) => !self.text_of(*gap).starts_with('['),
                Part::Tag(_) => false,
            })
            .map_or(usize::MAX, |&(start, _)| start);
        let line_length = |within: Within| match within {
            Within::Tags => record.tags.len(),
            Within::Moves => movetext.moves.len(),
            Within::Variation(i) => movetext.variations.get(i).map_or(0, |v| v.moves.len()),
        };
        let mut skipped: Vec<Skipped> = Vec::new();
        let mut within = Within::Tags;
        let mut after = 0;
        // The previous part of the movetext: its end, and whether it is a
        // move.
        let mut previous: Option<(usize, bool)> = None;
        for (k, &(start, part)) in parts.iter().enumerate() {
            let head = start < movetext_start;
            if !head && within == Within::Tags {
                if after != record.tags.len() {
                    return None;
                }
                within = Within::Moves;
                after = 0;
            }
            match part {
                Part::Tag(i) => {
                    if !head || i != after {
                        return None;
                    }
                    after += 1;
                }
                Part::Gap(whole, gap) if head => {
                    let gap = self.kept(whole, gap, false, false);
                    skipped.push(Skipped {
                        text: self.text_of(gap).to_owned(),
                        within,
                        after,
                        joined: Joint::Line,
                        next: Joint::Line,
                        span: gap,
                    });
                }
                Part::Header(i) => {
                    let expected = match within {
                        Within::Moves => 0,
                        Within::Variation(v) => v + 1,
                        Within::Tags => usize::MAX,
                    };
                    if i != expected || after != line_length(within) {
                        return None;
                    }
                    within = Within::Variation(i);
                    after = 0;
                    previous = None;
                }
                Part::Move(span) => {
                    if after >= line_length(within) {
                        return None;
                    }
                    if inline
                        && let Some((end, true)) = previous
                        && self.joint_between(end, span.start) != Joint::Semicolon
                    {
                        return None;
                    }
                    after += 1;
                    previous = Some((span.end, true));
                }
                Part::Gap(whole, gap) => {
                    let gap = self.kept(
                        whole,
                        gap,
                        inline && previous.is_some(),
                        inline && parts.get(k + 1).is_some(),
                    );
                    let joined = match previous {
                        None => Joint::Line,
                        Some((end, _)) if inline => self.joint_between(end, gap.start),
                        Some((end, true)) if !self.text_of_raw(end, gap.start).contains('\n') => {
                            Joint::Row
                        }
                        Some(_) => Joint::Line,
                    };
                    let next = match parts.get(k + 1) {
                        Some(&(next, _)) if inline => self.joint_between(gap.end, next),
                        _ => Joint::Line,
                    };
                    skipped.push(Skipped {
                        text: self.text_of(gap).to_owned(),
                        within,
                        after,
                        joined,
                        next,
                        span: gap,
                    });
                    previous = Some((gap.end, false));
                }
            }
        }
        let complete = match within {
            Within::Tags => movetext.moves.is_empty() && movetext.variations.is_empty(),
            Within::Moves => movetext.variations.is_empty(),
            Within::Variation(v) => v + 1 == movetext.variations.len(),
        };
        (complete && after == line_length(within)).then_some(skipped)
    }

    /// The game as `bohnenspiel fmt` prints it: without errors, the
    /// canonical form ([`Record`]'s `Display`); with errors, what parsed
    /// in canonical form and the text the parser skipped
    /// ([`ParsedRecord::unparsed`]) verbatim in its place, so that no text
    /// is lost. When an error
    /// lies inside a part the tree kept (so that the canonical form would
    /// drop text), the game's text is printed unchanged
    /// ([`ParsedRecord::verbatim`]).
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
        match self.skipped() {
            Some(skipped) => print_with_skipped(&self.record, &skipped),
            None => self.verbatim(),
        }
    }

    /// The part of a `whole` gap that is printed verbatim: `gap` widened
    /// over the separators at its ends that no joint prints back. Only in
    /// inline movetext does a joint print a separator: one `;` or `,`
    /// between the gap and the part before it (`joins_before`) or after it
    /// (`joins_after`), as [`ParsedRecord::joint_between`] reads it.
    /// Every other separator (a `.` ending a sentence, a second `;`, one
    /// at the end of the movetext or in numbered rows) is kept in the
    /// text, so that printing loses none.
    fn kept(&self, whole: Span, gap: Span, joins_before: bool, joins_after: bool) -> Span {
        let is_joint = |c: char| matches!(c, ';' | ',');
        let before = self.text_of_raw(whole.start, gap.start);
        let lead = before.trim_start();
        let lead = match lead.strip_prefix(is_joint) {
            Some(rest) if joins_before => rest.trim_start(),
            _ => lead,
        };
        let after = self.text_of_raw(gap.end, whole.end);
        let tail = after.trim_end();
        let tail = match tail.strip_suffix(is_joint) {
            Some(rest) if joins_after => rest.trim_end(),
            _ => tail,
        };
        Span::new(gap.start - lead.len(), gap.end + tail.len())
    }

    /// The text between two absolute offsets.
    fn text_of_raw(&self, from: usize, to: usize) -> &str {
        let relative = |offset: usize| offset.saturating_sub(self.offset).min(self.source.len());
        self.source
            .get(relative(from)..relative(to.max(from)))
            .unwrap_or_default()
    }

    fn text_of(&self, span: Span) -> &str {
        self.text_of_raw(span.start, span.end)
    }

    /// How the text between two parts of inline movetext joins them.
    fn joint_between(&self, from: usize, to: usize) -> Joint {
        let between = self.text_of_raw(from, to);
        if between.contains(';') {
            Joint::Semicolon
        } else if between.contains(',') {
            Joint::Comma
        } else {
            Joint::Space
        }
    }

    /// The game's text as read, ending with one line break (empty for a
    /// game of white space only): what [`ParsedRecord::print_keeping_unparsed`]
    /// prints when the canonical form would lose text.
    #[must_use]
    pub fn verbatim(&self) -> String {
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
        m.row_span()
            .map_or(m.span.start, |number| number.start.min(m.span.start)),
        m.span.end,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_records;

    #[test]
    fn skipped_text_is_placed_among_the_parts() {
        let games = parse_records("4,13; 6,12\n");
        let skipped = games[0].skipped().unwrap_or_default();
        assert_eq!(skipped[0].text, "13");
        // After the first move (South's 4), joined to it by `, `.
        assert_eq!((skipped[0].within, skipped[0].after), (Within::Moves, 1));
        assert_eq!(
            (skipped[0].joined, skipped[0].next),
            (Joint::Comma, Joint::Semicolon)
        );
        let games = parse_records("1. 4 8\n3. Then came a long study.\n");
        let skipped = games[0].skipped().unwrap_or_default();
        assert_eq!(skipped.len(), 1);
        assert_eq!(skipped[0].text, "3. Then came a long study.");
    }
}
