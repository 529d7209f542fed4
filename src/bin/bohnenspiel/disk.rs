//! Disk space: what is free for files in a directory.

use std::path::Path;

/// The bytes free for an unprivileged user on the file system of `dir`
/// (`statvfs`); `None` where it cannot be read.
#[cfg(unix)]
pub fn available(dir: &Path) -> Option<u64> {
    let stats = rustix::fs::statvfs(dir).ok()?;
    stats.f_bavail.checked_mul(stats.f_frsize)
}

/// The bytes free on the file system of `dir`: not known on this system.
#[cfg(not(unix))]
pub fn available(_dir: &Path) -> Option<u64> {
    None
}
