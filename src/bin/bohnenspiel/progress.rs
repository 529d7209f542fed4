//! The progress line on standard error, `12,345 games read (3s)` while a
//! command reads its inputs, or `building level 20 (1m 12s)` while
//! `table` builds one, redrawn at most four times a second by `indicatif`,
//! and erased when it is done.
//!
//! It is drawn only when standard error is a terminal and standard output
//! is not (`bohnenspiel validate big.txt > report.txt`): with both on the
//! terminal the output itself shows the progress, and with standard error
//! redirected nobody watches it. Whatever else goes to standard error
//! (diagnostics, input errors) is written through [`suspend`], which takes
//! the line away while it is written.

use std::io::{self, IsTerminal};
use std::sync::OnceLock;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The progress line of this run.
static BAR: OnceLock<ProgressBar> = OnceLock::new();

/// The progress line, hidden unless it is wanted (see the module's
/// documentation).
fn bar() -> &'static ProgressBar {
    BAR.get_or_init(|| {
        if io::stderr().is_terminal() && !io::stdout().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
            bar.set_style(
                ProgressStyle::with_template("{human_pos} games read ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        } else {
            ProgressBar::hidden()
        }
    })
}

/// Counts one game read.
pub fn game() {
    bar().inc(1);
}

/// Shows `what` (`building level 20`) and the time since it began, in
/// place of the games read.
pub fn step(what: String) {
    let bar = bar();
    bar.set_style(
        ProgressStyle::with_template("{msg} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message(what);
    bar.reset_elapsed();
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
}

/// Runs `write` (which writes to standard error) with the progress line
/// taken away, and draws it again afterwards.
pub fn suspend<T>(write: impl FnOnce() -> T) -> T {
    bar().suspend(write)
}

/// Erases the progress line at the end of the run.
pub fn finish() {
    bar().finish_and_clear();
}
