//! The book in `docs/` holds together: every chapter is listed in `docs/src/SUMMARY.md`, and
//! every link between chapters, and from the README into the book, reaches a file that exists
//! and a heading it has, with anchors made as mdBook makes them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

fn at_root(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The anchor mdBook gives a heading's rendered text: letters lowercased, whitespace made `-`,
/// every character but letters, digits, `-` and `_` dropped.
fn anchor(rendered: &str) -> String {
    rendered
        .trim()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// A heading's text as mdBook renders it before making its anchor: code spans, emphasis and
/// tags lose their marks, a link keeps its text.
fn rendered(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    text.push_str(rest);
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            '`' | '*' => {}
            _ if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
}

/// The lines of a Markdown file that are not inside a fenced code block.
fn outside_fences(markdown: &str) -> Vec<&str> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        match fence {
            Some(marks) if trimmed.starts_with(marks) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") => fence = Some("```"),
            None if trimmed.starts_with("~~~") => fence = Some("~~~"),
            None => lines.push(line),
        }
    }
    lines
}

/// The anchors of a page's headings, in mdBook's way: a heading whose anchor came before gets
/// `-1`, `-2` and so on.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut anchors = BTreeSet::new();
    for line in outside_fences(markdown) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with([' ', '\t']) {
            continue;
        }
        let text = line[hashes..].trim().trim_end_matches('#').trim();
        let id = anchor(&rendered(text));
        let count = seen.entry(id.clone()).or_insert(0);
        anchors.insert(match *count {
            0 => id,
            n => format!("{id}-{n}"),
        });
        *count += 1;
    }
    anchors
}

/// The targets of a page's inline links (`[text](target)`), leaving out code.
fn link_targets(markdown: &str) -> Vec<String> {
    let prose = outside_fences(markdown).join("\n");
    // Code spans may run over a line break; a run of backticks closes at a run as long.
    let mut text = String::new();
    let mut rest = prose.as_str();
    while let Some(open) = rest.find('`') {
        text.push_str(&rest[..open]);
        let run = rest[open..].chars().take_while(|&c| c == '`').count();
        let marks = "`".repeat(run);
        let after = &rest[open + run..];
        match after.find(&marks) {
            Some(close) => rest = &after[close + run..],
            None => {
                rest = after;
                break;
            }
        }
    }
    text.push_str(rest);
    let mut targets = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_owned());
        rest = &after[end..];
    }
    targets
}

/// `base` joined with a relative `target`, with `.` and `..` worked out.
fn resolve(base: &Path, target: &str) -> PathBuf {
    let mut path = PathBuf::new();
    for component in base.join(target).components() {
        match component {
            Component::ParentDir => {
                path.pop();
            }
            Component::CurDir => {}
            other => path.push(other),
        }
    }
    path
}

/// The broken links of `pages` (path → Markdown): a relative link to a `.md` file that is not
/// among the pages, to an anchor its target does not have, or to another file that does not
/// exist (`exists` says). Links to other sites are left alone.
fn broken_links(pages: &BTreeMap<PathBuf, String>, exists: impl Fn(&Path) -> bool) -> Vec<String> {
    let mut broken = Vec::new();
    for (page, markdown) in pages {
        let dir = page.parent().unwrap_or(Path::new(""));
        for target in link_targets(markdown) {
            if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                resolve(dir, file)
            };
            let where_ = format!("{}: ({target})", page.display());
            let Some(linked) = pages.get(&path) else {
                if path.extension().is_some_and(|e| e == "md") || !exists(&path) {
                    broken.push(format!("{where_}: no such file"));
                }
                continue;
            };
            if let Some(fragment) = fragment {
                if !anchors(linked).contains(fragment) {
                    broken.push(format!("{where_}: no heading with this anchor"));
                }
            }
        }
    }
    broken
}

/// Every `.md` file under `dir`, by its path from the repository root.
fn markdown_files(dir: &Path, found: &mut BTreeMap<PathBuf, String>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).expect("chapter");
            let relative = path.strip_prefix(at_root("")).expect("under the root");
            found.insert(relative.to_path_buf(), text);
        }
    }
}

/// Checks: no chapter, nor the README, links to a chapter that does not exist or to a heading
/// its chapter does not have.
#[test]
fn the_book_has_no_broken_links() {
    let mut pages = BTreeMap::new();
    markdown_files(&at_root("docs/src"), &mut pages);
    let readme = std::fs::read_to_string(at_root("README.md")).expect("README");
    assert!(
        link_targets(&readme).iter().any(|t| t.starts_with("docs/")),
        "the README links into the book"
    );
    pages.insert(PathBuf::from("README.md"), readme);
    let broken = broken_links(&pages, |path| at_root("").join(path).exists());
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Checks: every chapter under `docs/src` is listed in `SUMMARY.md`, so mdBook builds it, and
/// the summary lists nothing twice.
#[test]
fn every_chapter_is_in_the_summary() {
    let mut pages = BTreeMap::new();
    markdown_files(&at_root("docs/src"), &mut pages);
    let summary_path = PathBuf::from("docs/src/SUMMARY.md");
    let summary = pages.get(&summary_path).expect("docs/src/SUMMARY.md");
    let listed: Vec<PathBuf> = link_targets(summary)
        .iter()
        .map(|target| resolve(Path::new("docs/src"), target))
        .collect();
    let unique: BTreeSet<&PathBuf> = listed.iter().collect();
    assert_eq!(
        unique.len(),
        listed.len(),
        "SUMMARY.md lists a chapter twice"
    );
    let missing: Vec<_> = pages
        .keys()
        .filter(|page| **page != summary_path && !unique.contains(page))
        .collect();
    assert!(missing.is_empty(), "not in SUMMARY.md: {missing:?}");
}

/// Checks: anchors are made as mdBook makes them, repeated headings numbered.
#[test]
fn anchors_are_mdbooks() {
    assert_eq!(
        anchor(&rendered("The `gavel` command")),
        "the-gavel-command"
    );
    assert_eq!(
        anchor(&rendered("How gavel reads the Terms §IV")),
        "how-gavel-reads-the-terms-iv"
    );
    assert_eq!(
        anchor(&rendered("Points of Order (Nomic 214)")),
        "points-of-order-nomic-214"
    );
    assert_eq!(
        anchor(&rendered("The rulebook's *file* formats")),
        "the-rulebooks-file-formats"
    );
    assert_eq!(
        anchor(&rendered("See [the Court](court.md)")),
        "see-the-court"
    );
    let page = "# Title\n\n## Notes\n\n```\n## Not a heading\n```\n\n## Notes\n\n### Notes\n";
    let found: Vec<String> = anchors(page).into_iter().collect();
    assert_eq!(found, ["notes", "notes-1", "notes-2", "title"]);
}

/// Checks: the link check finds a missing chapter, a missing anchor (in another chapter and in
/// the same one) and a missing file, and passes good links, links in code and other sites.
#[test]
fn the_link_check_finds_broken_links() {
    let pages: BTreeMap<PathBuf, String> = [
        (
            "docs/src/a.md",
            "# A\n\n## Kept\n\n[b](b.md) [b's heading](b.md#the-heading) [here](#kept) \
             [site](https://example.org/x.md) `[code](gone.md)`\n\n```\n[fenced](gone.md)\n```\n\
             [gone](gone.md) [no anchor](b.md#nowhere) [not here](#nowhere) [file](../../x.txt)\n",
        ),
        ("docs/src/b.md", "# B\n\n## The heading\n"),
        (
            "README.md",
            "[into the book](docs/src/b.md#b) [wrong](docs/src/a.md#b)\n",
        ),
    ]
    .into_iter()
    .map(|(path, text)| (PathBuf::from(path), text.to_owned()))
    .collect();
    let broken = broken_links(&pages, |_| false);
    assert_eq!(
        broken,
        [
            "README.md: (docs/src/a.md#b): no heading with this anchor",
            "docs/src/a.md: (gone.md): no such file",
            "docs/src/a.md: (b.md#nowhere): no heading with this anchor",
            "docs/src/a.md: (#nowhere): no heading with this anchor",
            "docs/src/a.md: (../../x.txt): no such file",
        ]
    );
}
