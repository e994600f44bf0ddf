//! The one stylesheet: served from the binary, so the CSP allows nothing but the site itself.
//! Colours meet WCAG AA contrast (4.5:1 for text) on their backgrounds; focus is always visible.

use axum::http::header;
use axum::response::IntoResponse;

const CSS: &str = r#"
:root { --ink: #1a1a1a; --muted: #4a4a4a; --paper: #ffffff; --line: #c8c8c8; --link: #0b4f9c;
  --accent: #7a2e00; --band: #f3f1ec; --void: #a4001d; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: var(--paper); line-height: 1.5; }
body { margin: 0; }
a { color: var(--link); }
a:focus-visible, main:focus-visible, input:focus-visible, select:focus-visible,
button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem; }
.skip:focus { left: .5rem; z-index: 10; }
header.site { background: var(--band); border-bottom: 1px solid var(--line);
  padding: .5rem 1rem; }
header.site .club { margin: 0; font-weight: 700; font-size: 1.15rem; }
header.site .club a { color: var(--ink); text-decoration: none; }
nav ul { list-style: none; margin: .25rem 0 0; padding: 0; display: flex; flex-wrap: wrap;
  gap: .25rem 1rem; }
nav a { display: inline-block; padding: .35rem 0; min-height: 24px; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
footer.site { max-width: 60rem; margin: 2rem auto 1rem; padding: 0 1rem; color: var(--muted);
  font-size: .9rem; border-top: 1px solid var(--line); }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.25rem; margin-top: 2rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line);
  vertical-align: top; }
th { background: var(--band); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.none { color: var(--muted); font-style: italic; }
.void { color: var(--void); }
.status { font-weight: 600; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
ol.feed { list-style: none; padding: 0; }
ol.feed li { border-bottom: 1px solid var(--line); padding: .5rem 0; }
ol.feed .meta { color: var(--muted); font-size: .9rem; }
.post { white-space: pre-wrap; overflow-wrap: anywhere; margin: .25rem 0; }
blockquote { margin: .5rem 0; padding: .25rem 1rem; border-left: 4px solid var(--line); }
ins { background: #d8f0d8; color: #0d3d0d; text-decoration: underline; }
del { background: #f6d6d6; color: #5c0000; }
mark { background: #fff0a8; color: var(--ink); }
.pager { margin: 1rem 0; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
form.search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin-bottom: 1rem; }
form.search label { display: block; font-weight: 600; }
input, select, button { font: inherit; padding: .35rem .5rem; min-height: 2.25rem; }
button { background: var(--link); color: #fff; border: 0; border-radius: 3px; }
figure.chart { margin: 1rem 0; }
figure.chart svg { width: 100%; height: auto; max-width: 48rem; }
figure.chart figcaption { color: var(--muted); font-size: .9rem; }
.chart .axis { stroke: var(--muted); }
.chart .line { fill: none; stroke: var(--link); stroke-width: 2; }
.chart .voided { fill: var(--void); }
.chart text { fill: var(--ink); font-size: 12px; }
.open li { margin: .25rem 0; }
@media (max-width: 40rem) { th, td { padding: .25rem; } h1 { font-size: 1.35rem; } }
"#;

/// The site's icon: a gavel's head on the club's band colour, drawn in SVG so it is tiny and
/// sharp at any size. Served at `/favicon.svg` (the pages link it) and at `/favicon.ico`, which
/// browsers and feed readers ask for by habit, so neither logs a 404.
const ICON: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#f3f1ec"/><g transform="rotate(-35 16 16)"><rect x="7" y="8" width="18" height="8" rx="2" fill="#7a2e00"/><rect x="14.5" y="16" width="3" height="12" rx="1.5" fill="#1a1a1a"/></g></svg>"##;

pub async fn icon() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        ICON,
    )
}

pub async fn stylesheet() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        CSS,
    )
}
