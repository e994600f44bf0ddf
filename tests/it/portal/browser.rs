//! Accessibility in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`) driven over chromedriver loads each main page of a portal served on
//! 127.0.0.1, runs axe-core (installed by `.ci/run` with npm, read from a file) for WCAG 2.2
//! A and AA, and saves a screenshot of each at a phone's and a desktop's width under
//! `target/portal-screenshots/`. Without Chromium or chromedriver on a developer's machine the
//! test says so and skips; in CI (`CI` set) their absence fails it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};

use super::{Club, PAGES};

/// The pinned axe-core `.ci/run` installs.
const AXE: &str = ".ci/npm/node_modules/axe-core/axe.min.js";

/// The widths screenshots are taken at: a phone's and a desktop's.
const WIDTHS: &[(&str, u32, u32)] = &[("phone", 390, 844), ("desktop", 1280, 900)];

fn find(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p)).filter(|p| p.exists());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// What the test needs, or why it cannot run.
fn tools() -> Result<(PathBuf, PathBuf, PathBuf), String> {
    let chromium = find("GAVEL_CHROMIUM", &["chromium", "chromium-browser"])
        .ok_or("Chromium is not installed (apt-get install chromium)")?;
    let driver = find("GAVEL_CHROMEDRIVER", &["chromedriver"])
        .ok_or("chromedriver is not installed (apt-get install chromium-driver)")?;
    let axe = std::env::var_os("GAVEL_AXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(AXE));
    if !axe.is_file() {
        return Err(format!(
            "axe-core is not at {} (.ci/run installs it with npm)",
            axe.display()
        ));
    }
    Ok((chromium, driver, axe))
}

/// chromedriver on a free local port, stopped when dropped.
struct Driver(Child, u16);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn start_driver(driver: &Path) -> Driver {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver(child, port);
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return driver;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not listen on port {port}");
}

async fn browser(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.1))
        .await
        .expect("a Chromium session")
}

fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let dir = target.join("portal-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshots folder");
    dir
}

fn file_name(path: &str) -> String {
    let name: String = path
        .trim_start_matches('/')
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    if name.is_empty() {
        "home".into()
    } else {
        name
    }
}

/// Checks: every main page has no axe-core violation of WCAG 2.2 A or AA (landmarks, headings,
/// labels, contrast, keyboard), and renders at a phone's and a desktop's width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_main_page_passes_axe_in_headless_chromium() {
    let (chromium, driver, axe) = match tools() {
        Ok(t) => t,
        Err(why) if std::env::var_os("CI").is_none() => {
            eprintln!("skipping the browser test: {why}");
            return;
        }
        Err(why) => panic!("CI must run the browser test: {why}"),
    };
    let axe = std::fs::read_to_string(&axe).expect("axe-core");
    let club = Club::new(true, |_| {}).await;
    let driver = start_driver(&driver).await;
    let profile = tempfile::tempdir().expect("a new profile");
    let client = browser(&driver, &chromium, profile.path()).await;
    let shots = screenshots();
    let mut failures = Vec::new();
    for path in PAGES {
        let url = club.url(path);
        client
            .set_window_size(1280, 900)
            .await
            .expect("window size");
        client.goto(&url).await.expect("the page loads");
        // The skip link is the first thing the keyboard reaches, and it leads to the content.
        let first = client
            .execute(
                "document.body.focus(); const a = document.querySelector('a'); \
                 return [a.className, a.getAttribute('href')];",
                vec![],
            )
            .await
            .expect("script runs");
        assert_eq!(first, serde_json::json!(["skip", "#main"]), "{path}");
        // axe at each width: a table that fits a desktop scrolls on a phone, and a region
        // that scrolls must be reachable by keyboard.
        for (name, width, height) in WIDTHS {
            client
                .set_window_size(*width, *height)
                .await
                .expect("window size");
            client.goto(&url).await.expect("the page loads");
            let found = client
                .execute(
                    &format!(
                        "{axe}\nreturn axe.run(document, {{ runOnly: {{ type: 'tag', values: \
                         ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }} }})\
                         .then(r => r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + \
                         v.nodes.map(n => n.target.join(' ')).join(', ')));"
                    ),
                    vec![],
                )
                .await
                .expect("axe runs");
            for v in found.as_array().into_iter().flatten() {
                failures.push(format!(
                    "{path} ({name}): {}",
                    v.as_str().unwrap_or_default()
                ));
            }
            let png = client.screenshot().await.expect("a screenshot");
            std::fs::write(shots.join(format!("{}-{name}.png", file_name(path))), png)
                .expect("the screenshot is saved");
        }
    }
    client.close().await.expect("the session ends");
    assert!(failures.is_empty(), "axe-core found: {failures:#?}");
}
