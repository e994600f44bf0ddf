//! The shape of the code: arrows only downward between layers (adapters → commands → app →
//! config → jobs → store → domain, with the clock and the platform's limits at the bottom beside domain), no modules that
//! import each other, directly or round a circle of any length, and no source file over 600
//! lines. See the book's architecture
//! chapter.
//!
//! A module and its own submodules are one unit of the tree: a folder's `mod.rs` declaring its
//! files and re-exporting from them is not an import. Imports are read from `crate::` and
//! `super::` paths in each file's code before its
//! `#[cfg(test)]` block: tests may reach across layers (a unit test of the app may check its
//! buttons against the command table), the code they test may not.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a source file may have, tests included.
const MAX_LINES: usize = 600;

/// Layers from the bottom up; a module may import from its own layer or one below.
const LAYERS: &[(&str, u8)] = &[
    ("clock", 0),
    ("platform", 0),
    ("domain", 1),
    ("store", 2),
    ("jobs", 3),
    ("config", 4),
    ("app", 5),
    ("commands", 6),
    ("adapters", 7),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/app/court/mod.rs` → `app::court`; `src/lib.rs` → `` (the crate root).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file before its tests, without comment lines.
fn code_of(text: &str) -> String {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path that follows `crate::` in `code`, with `use` groups expanded:
/// `crate::store::{self, games::Game}` gives `store` and `store::games::Game`.
fn crate_paths(code: &str) -> Vec<String> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("crate::") {
        let start = at + found;
        at = start + "crate::".len();
        let before = start.checked_sub(1).map(|i| bytes[i]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
            continue;
        }
        let (paths, end) = path_tree(code, at, String::new());
        out.extend(paths);
        at = end;
    }
    out
}

/// Reads a path (or a `{...}` group of paths) at `at`, prefixed by `prefix`.
fn path_tree(code: &str, mut at: usize, prefix: String) -> (Vec<String>, usize) {
    let bytes = code.as_bytes();
    let mut path = prefix;
    loop {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at < bytes.len() && bytes[at] == b'{' {
            let mut all = Vec::new();
            at += 1;
            loop {
                while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b',') {
                    at += 1;
                }
                if at >= bytes.len() || bytes[at] == b'}' {
                    return (all, at + 1);
                }
                let (inner, end) = path_tree(code, at, path.clone());
                all.extend(inner);
                at = end;
                // Skip `as Name` and anything else up to the item's end.
                while at < bytes.len() && bytes[at] != b',' && bytes[at] != b'}' {
                    at += 1;
                }
            }
        }
        let begin = at;
        while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
            at += 1;
        }
        let segment = &code[begin..at];
        if !segment.is_empty() && segment != "self" {
            if !path.is_empty() {
                path.push_str("::");
            }
            path.push_str(segment);
        }
        if code[at..].starts_with("::") {
            at += 2;
        } else {
            return (vec![path], at);
        }
    }
}

/// The module a path names: its longest prefix that is a module of the crate.
fn resolve<'a>(modules: &'a BTreeSet<String>, path: &str) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .find_map(|n| modules.get(&parts[..n].join("::")))
}

/// Which modules each module imports (itself and the crate root left out).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
        let text = std::fs::read_to_string(file).expect("source");
        // `super::x` is the parent's `x`; `super::*` in a file's own code is rare and left out.
        let code = code_of(&text).replace("super::", &format!("crate::{parent}::"));
        let code = code.replace("crate::::", "crate::");
        let targets: BTreeSet<String> = crate_paths(&code)
            .iter()
            .filter_map(|p| resolve(&modules, p))
            .filter(|m| **m != module && !m.is_empty())
            .cloned()
            .collect();
        edges.insert(module, targets);
    }
    edges
}

fn layer(module: &str) -> Option<u8> {
    let top = module.split("::").next()?;
    LAYERS.iter().find(|(name, _)| *name == top).map(|l| l.1)
}

/// Checks: every import points down the layers or stays within one.
#[test]
fn imports_point_only_down_the_layers() {
    let mut upward = Vec::new();
    for (from, targets) in imports() {
        for to in targets {
            if let (Some(a), Some(b)) = (layer(&from), layer(&to)) {
                if b > a {
                    upward.push(format!("{from} → {to}"));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point up the layers (adapters → commands → app → config → jobs → store → \
         domain): {upward:#?}"
    );
}

/// Every circle of imports, of any length: the strongly connected components of the import
/// graph that hold more than one module (Tarjan's algorithm), each sorted, in order.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(walk: &mut Walk<'a>, module: &'a str) {
        let number = walk.index.len();
        walk.index.insert(module, number);
        walk.low.insert(module, number);
        walk.stack.push(module);
        walk.on_stack.insert(module);
        let edges = walk.edges;
        for to in edges.get(module).into_iter().flatten() {
            let to = to.as_str();
            let reach = if !walk.index.contains_key(to) {
                visit(walk, to);
                walk.low[to]
            } else if walk.on_stack.contains(to) {
                walk.index[to]
            } else {
                continue;
            };
            let low = walk.low[module].min(reach);
            walk.low.insert(module, low);
        }
        if walk.low[module] == walk.index[module] {
            let mut component = Vec::new();
            loop {
                let member = walk.stack.pop().expect("on the stack");
                walk.on_stack.remove(member);
                component.push(member.to_owned());
                if member == module {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                walk.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for module in edges.keys() {
        if !walk.index.contains_key(module.as_str()) {
            visit(&mut walk, module);
        }
    }
    walk.found.sort();
    walk.found
}

/// Checks: no modules import each other, directly or round a circle of any length.
#[test]
fn no_modules_import_each_other_round_a_circle() {
    let found = circles(&imports());
    assert!(
        found.is_empty(),
        "modules that import each other, directly or round a circle: {found:#?}"
    );
}

/// Checks: the circle finder finds a circle of three and of two, and nothing in a line.
#[test]
fn the_circle_finder_finds_circles_of_any_length() {
    let graph = |pairs: &[(&str, &str)]| {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            edges
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
        }
        edges
    };
    assert_eq!(
        circles(&graph(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        [["a", "b", "c"]]
    );
    assert_eq!(
        circles(&graph(&[("x", "y"), ("y", "x"), ("p", "q")])),
        [["x", "y"]]
    );
    assert!(circles(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
}

/// Checks: no source file, tests included, is over 600 lines.
#[test]
fn no_source_file_is_over_600_lines() {
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).expect("source").lines().count();
            (lines > MAX_LINES).then(|| {
                let name = f.strip_prefix(root()).unwrap_or(f);
                format!("{} ({lines} lines)", name.display())
            })
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:#?}");
}

/// Checks: the reader of imports finds what it should, so the checks above can fail.
#[test]
fn the_import_reader_expands_groups_and_skips_tests() {
    let code = code_of(
        "use crate::store::{self, games::{Game, NewGame as G}, people};\n\
         // use crate::adapters::x;\n\
         fn f() { crate::domain::kernel::calendar::week_start(x); }\n\
         #[cfg(test)]\nmod tests { use crate::commands::button; }\n",
    );
    let mut paths = crate_paths(&code);
    paths.sort();
    assert_eq!(
        paths,
        [
            "domain::kernel::calendar::week_start",
            "store",
            "store::games::Game",
            "store::games::NewGame",
            "store::people",
        ]
    );
    let modules: BTreeSet<String> = ["store", "store::games", "domain", "domain::kernel"]
        .map(String::from)
        .into();
    assert_eq!(
        resolve(&modules, "store::games::Game").map(String::as_str),
        Some("store::games")
    );
    assert_eq!(layer("adapters::discord"), Some(7));
    assert!(layer("store::games") < layer("app::court"));
}
