//! Checking game records against the rules: replay, findings and reports.

mod finding;

pub use finding::{Finding, FindingKind, Severity};
