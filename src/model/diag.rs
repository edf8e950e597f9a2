//! Diagnostics for the person fixing an article: file and line first, what is wrong with the
//! name in backticks, then one concrete fix.
//!
//! Every stage collects its content problems as `Diagnostic`s instead of stopping at the
//! first; the build reports them together and fails only after all are known.
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// What shiori assumed (`release 1.31 inferred from the title`): shown by `check`, never fatal.
    Note,
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Path relative to the site root, e.g. `content/k8s-1-32.md`.
    pub path: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    pub message: String,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(path: impl AsRef<Path>, line: Option<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: path.as_ref().to_path_buf(),
            line,
            message: message.into(),
            help: None,
        }
    }

    pub fn warning(
        path: impl AsRef<Path>,
        line: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(path, line, message)
        }
    }

    pub fn note(path: impl AsRef<Path>, line: Option<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Note,
            ..Diagnostic::error(path, line, message)
        }
    }

    pub fn is_note(&self) -> bool {
        self.severity == Severity::Note
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {kind}: {}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

/// All problems of one build, in a stable order (file, line).
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| !d.is_error())
    }

    pub fn sort(&mut self) {
        self.0
            .sort_by(|a, b| (&a.path, a.line, &a.message).cmp(&(&b.path, b.line, &b.message)));
        self.0.dedup();
    }

    /// What a failed build reports: its errors first, then its warnings, each by file and
    /// line; notes (what shiori assumed, `shiori check` shows them) would bury the one error
    /// the writer has to fix.
    pub fn for_a_failure(mut self) -> Diagnostics {
        self.sort();
        self.0.retain(|d| !d.is_note());
        self.0.sort_by_key(|d| !d.is_error());
        self
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Line (1-based) of a byte offset in `text`, for one offset; ask a [`LineIndex`] for many.
pub fn line_of(text: &str, offset: usize) -> usize {
    LineIndex::new(text).line(offset)
}

/// Lines of byte offsets in one text, by binary search over its line starts: articles, the
/// glossary and the registry ask for a line per block or entry, and counting newlines from the
/// top each time was quadratic. The one line rule of every diagnostic and block.
pub struct LineIndex(Vec<usize>);

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex(
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 1-based line of byte `offset`: one more than the newlines before it (an offset past
    /// the end is on the last line).
    pub fn line(&self, offset: usize) -> usize {
        self.0.partition_point(|&s| s <= offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_count_the_newlines_before_an_offset() {
        let text = "a\n\nbc\nd";
        let lines = LineIndex::new(text);
        // a=1, the empty line=2, bc=3, d=4; a newline belongs to the line it ends.
        let expected = [1, 1, 2, 3, 3, 3, 4, 4];
        for (offset, want) in expected.into_iter().enumerate() {
            assert_eq!(lines.line(offset), want, "offset {offset}");
            assert_eq!(line_of(text, offset), want, "offset {offset}");
        }
        assert_eq!(lines.line(100), 4);
        assert_eq!(LineIndex::new("").line(0), 1);
    }
}
