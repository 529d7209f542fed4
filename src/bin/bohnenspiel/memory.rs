//! Memory: what the system has available, and sizes in words.

use std::fmt;

/// The memory the system has available for a new allocation, in bytes:
/// `MemAvailable` of `/proc/meminfo` (Linux); `None` where it cannot be
/// read.
pub fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_meminfo(&text)
}

/// `MemAvailable:  123456 kB` of a `/proc/meminfo` text, in bytes.
fn parse_meminfo(text: &str) -> Option<u64> {
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kilobytes: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kilobytes.checked_mul(1024)
}

/// The most memory a command may use: `--memory MB` if given, else what
/// the system has available (`None` when neither is known).
pub fn budget(megabytes: Option<u64>) -> Option<u64> {
    megabytes.map_or_else(available, |mb| Some(mb.saturating_mul(1_000_000)))
}

/// A number of bytes in decimal units, `1.5 GB`, `340 kB`, `12 bytes`.
#[derive(Debug, Clone, Copy)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [(u64, &str); 4] = [
            (1_000_000_000_000, "TB"),
            (1_000_000_000, "GB"),
            (1_000_000, "MB"),
            (1_000, "kB"),
        ];
        for (size, unit) in UNITS {
            if self.0 >= size {
                let value = self.0 as f64 / size as f64;
                return if value < 10.0 {
                    write!(f, "{value:.1} {unit}")
                } else {
                    write!(f, "{value:.0} {unit}")
                };
            }
        }
        write!(f, "{} bytes", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_gives_the_available_bytes() {
        let text = "MemTotal:       24684372 kB\nMemFree:        10822536 kB\nMemAvailable:   22358656 kB\n";
        assert_eq!(parse_meminfo(text), Some(22_358_656 * 1024));
        assert_eq!(parse_meminfo("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: lots\n"), None);
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(Bytes(12).to_string(), "12 bytes");
        assert_eq!(Bytes(27_672).to_string(), "28 kB");
        assert_eq!(Bytes(1_500_000_000).to_string(), "1.5 GB");
        assert_eq!(Bytes(253_000_000).to_string(), "253 MB");
    }
}
