//! Listings in pages over the command table: a paged command's use case answers one page and
//! how many there are; its page buttons carry the command, the options that chose the list and
//! the page, so a press after a restart shows the page the record holds then. A press is read
//! with the same checks as typed options, and runs as the member who pressed.

use super::spec::{Args, BoxFuture, CommandSpec, OptionKind, Reply, Value};
pub use super::spec::{Paged, PagedHandler, Pages};
use crate::app::{App, Call, PersonRef};
use crate::domain::kernel::button::{ButtonError, Component, Invocation};
use crate::domain::kernel::limits::DATE_TIME_FORMAT;

/// The option every paged command takes.
pub const PAGE: &str = "page";
/// The preset naming who asked for a private list: only they may turn its pages.
const ASKER: &str = "by";

/// The `run` of every paged command: its page's words (the console, and a button that is not a
/// page button).
pub fn run_paged(app: App, call: Call, args: Args) -> BoxFuture<Reply> {
    Box::pin(async move {
        let pages = super::find(call.command.name)
            .and_then(|spec| spec.pages)
            .expect("run_paged is the run of paged commands only");
        (pages.run)(app, call, args)
            .await
            .map(|page| super::Said::words(page.text))
    })
}

/// Runs a paged command for `caller`: the page, and how many there are.
pub async fn invoke_paged(
    spec: &'static CommandSpec,
    app: &App,
    caller: PersonRef,
    args: Args,
) -> Result<Paged, String> {
    let pages = spec.pages.expect("a paged command");
    let call = Call::new(caller, spec.path, args.to_json());
    (pages.run)(app.clone(), call, args).await
}

/// What a page button of this listing carries besides its page: the options that chose the
/// list (a person by their Discord id), the caller for an option that defaults to them, and,
/// for a private list, who asked.
pub fn page_invocation(
    spec: &'static CommandSpec,
    args: &Args,
    asker: u64,
    private: bool,
) -> Invocation {
    let mut invocation = Invocation::new(spec.path);
    let caller_default = spec.pages.and_then(|p| p.caller_default);
    for option in spec.options.iter().filter(|o| o.name != PAGE) {
        let value = match args.value(option.name) {
            Some(Value::Person(p)) => p.discord_id.map(|id| id.to_string()),
            Some(Value::Text(t)) => Some(t.clone()),
            Some(Value::Integer(i)) => Some(i.to_string()),
            Some(Value::Flag(b)) => Some(b.to_string()),
            Some(Value::Date(d)) => Some(d.format("%Y-%m-%d").to_string()),
            Some(Value::DateTime(t)) => Some(t.format(DATE_TIME_FORMAT).to_string()),
            None if caller_default == Some(option.name) => Some(asker.to_string()),
            None => None,
        };
        if let Some(value) = value {
            invocation.presets.push((option.name.to_owned(), value));
        }
    }
    if private {
        invocation
            .presets
            .push((ASKER.to_owned(), asker.to_string()));
    }
    invocation
}

/// The `custom_id` of the button showing `page` of the listing `base` carries.
pub fn page_button_id(base: &Invocation, page: usize) -> Result<String, ButtonError> {
    let mut turned = base.clone();
    turned.presets.push((PAGE.to_owned(), page.to_string()));
    turned.custom_id(Component::Page)
}

/// Reads a page button pressed by `presser` (a Discord user): the paged command and its
/// options, checked as typed ones are; refused when it is not a page of a paged command, when
/// a value is not one the option takes, or when the list was another member's private one.
pub fn read_press(custom_id: &str, presser: u64) -> Result<(&'static CommandSpec, Args), String> {
    let not_ours = || "This is not one of gavel's page buttons.".to_owned();
    let invocation = match Invocation::from_custom_id(custom_id) {
        Ok((Component::Page, invocation)) => invocation,
        _ => return Err(not_ours()),
    };
    let spec = super::find(&invocation.path)
        .filter(|s| s.pages.is_some())
        .ok_or_else(not_ours)?;
    let mut values = Vec::new();
    for (name, text) in &invocation.presets {
        if name == ASKER {
            if text.parse::<u64>().ok() != Some(presser) {
                return Err(format!(
                    "Only the member who asked may turn the pages of this list; /{} shows it \
                     to you.",
                    spec.path
                ));
            }
            continue;
        }
        let option = spec
            .options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| format!("/{} has no option `{name}`.", spec.path))?;
        let value = match option.kind {
            // A person by their Discord id alone: the listing finds them in the record (it
            // never creates or renames anyone).
            OptionKind::Person => {
                let id = text
                    .parse::<u64>()
                    .map_err(|_| format!("`{text}` is not a member (option `{name}`)."))?;
                Value::Person(PersonRef::configured("that member", Some(id)))
            }
            OptionKind::Integer { .. } | OptionKind::Choice(_) | OptionKind::Flag => {
                option.parse_text(text).map_err(|e| e.to_string())?
            }
            OptionKind::Text { .. } | OptionKind::Date | OptionKind::DateTime => {
                return Err(format!(
                    "A page button cannot carry `{name}`; use /{} instead.",
                    spec.path
                ))
            }
        };
        values.push((name.clone(), value));
    }
    let args = Args::build(spec, values).map_err(|e| e.to_string())?;
    Ok((spec, args))
}

/// One page of a reply whose first line heads rows that are few by nature (the rules in force,
/// the open appeals, the active Points, the commands): the rows are cut to the page, the
/// heading kept on each, and the page line added under a list of several pages.
pub fn page_of_lines(
    text: &str,
    listing: &crate::domain::kernel::pages::Listing,
    page: Option<i64>,
) -> Result<Paged, String> {
    let mut lines = text.lines();
    let heading = lines.next().unwrap_or_default();
    let rows: Vec<&str> = lines.collect();
    let (shown, window) = listing.page_of(&rows, page).map_err(|e| e.to_string())?;
    let mut out = vec![heading];
    out.extend(shown);
    let page_line = listing.page_line(&window);
    out.extend(page_line.as_deref());
    Ok(Paged::new(out.join("\n"), &window))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kernel::pages::Listing;

    fn spec(path: &str) -> &'static CommandSpec {
        super::super::find(path).expect("declared")
    }

    #[test]
    fn a_history_asked_without_a_member_carries_the_asker_so_any_presser_sees_the_same() {
        let history = spec("history");
        let args = Args::build(history, []).expect("no options");
        let base = page_invocation(history, &args, 501, false);
        let id = page_button_id(&base, 2).expect("fits");
        assert_eq!(id, "p/history?member=501&page=2");
        let (read, args) = read_press(&id, 777).expect("anyone may turn a public list");
        assert_eq!(read.path, "history");
        assert_eq!(
            args.opt_person("member").and_then(|p| p.discord_id),
            Some(501)
        );
        assert_eq!(args.opt_integer(PAGE), Some(2));
    }

    #[test]
    fn only_the_asker_turns_the_pages_of_a_private_list() {
        let help = spec("help");
        let args = Args::build(help, []).expect("no options");
        let id = page_button_id(&page_invocation(help, &args, 501, true), 2).expect("fits");
        assert!(read_press(&id, 501).is_ok());
        let refusal = read_press(&id, 502).map(|_| ()).unwrap_err();
        assert!(
            refusal.starts_with("Only the member who asked"),
            "{refusal}"
        );
    }

    #[test]
    fn a_page_button_runs_only_a_listing_with_values_its_options_take() {
        for (forged, why) in [
            (
                "p/mod ban?member=501&page=2",
                "not one of gavel's page buttons",
            ),
            ("b/help?page=2", "not one of gavel's page buttons"),
            ("p/help?page=two", "is not a whole number"),
            ("p/help?page=0", "takes a whole number from 1"),
            ("p/cases?member=bob&page=1", "is not a member"),
            ("p/help?page=1&colour=red", "has no option `colour`"),
        ] {
            let refusal = read_press(forged, 501).map(|_| ()).unwrap_err();
            assert!(refusal.contains(why), "{forged}: {refusal}");
        }
    }

    #[test]
    fn a_page_of_lines_keeps_its_heading_and_says_where_the_reader_is() {
        let text = "Heading:\na\nb\nc";
        let listing = Listing::new("/x", "The list", 2);
        let page = page_of_lines(text, &listing, Some(2)).expect("page 2");
        assert_eq!(page.text, "Heading:\nc\nPage 2 of 2.");
        assert_eq!((page.page, page.pages), (2, 2));
        let one = page_of_lines("Nothing yet.", &listing, None).expect("one page");
        assert_eq!(one.text, "Nothing yet.");
    }
}
