//! Listings in pages over the command table: a paged command's use case answers one page and
//! how many there are; its page buttons carry the command, the options that chose the list and
//! the page, so a press after a restart shows the page the record holds then. A press is read
//! with the same checks as typed options, and runs as the member who pressed.

use super::spec::{Args, BoxFuture, CommandSpec, OptionKind, Reply, Value};
pub use super::spec::{Paged, PagedHandler, Pages};
use crate::app::{App, Call, PersonRef};
use crate::domain::kernel::button::{ButtonError, Component, Invocation};

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
        (pages.run)(app, call, args).await.map(|page| page.text)
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
            OptionKind::Text { .. } | OptionKind::Date => {
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
