//! The README reads the same on the registry page, on a code host and in
//! rustdoc: no rustdoc-only link brackets and no hidden doctest lines,
//! which the first two would show as written.

#[test]
fn the_readme_has_no_rustdoc_only_syntax() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let mut in_code = false;
    let mut rust = false;
    for (number, line) in readme.lines().enumerate() {
        let number = number + 1;
        if let Some(fence) = line.strip_prefix("```") {
            if in_code {
                in_code = false;
            } else {
                in_code = true;
                rust = fence.is_empty() || fence.starts_with("rust");
            }
            continue;
        }
        if in_code {
            let hidden = line == "#" || line.starts_with("# ") || line.starts_with("#[");
            assert!(
                !(rust && hidden),
                "README.md:{number}: a hidden doctest line: {line}"
            );
            continue;
        }
        // `[`Name`]` not followed by `(` is a link only rustdoc resolves.
        let mut rest = line;
        while let Some(at) = rest.find("[`") {
            let after = &rest[at + 2..];
            let Some(end) = after.find("`]") else { break };
            let next = after[end + 2..].chars().next();
            assert!(
                matches!(next, Some('(' | '[')),
                "README.md:{number}: a link only rustdoc resolves: {line}"
            );
            rest = &after[end + 2..];
        }
    }
}
