//! The command table: every command gavel offers, declared once. Each declaration (path,
//! description, options with their limits, who may use it, the use case it runs) drives Discord
//! registration and dispatch, the console's parser, `/help` and the book's command tables.

pub mod button;
mod committee;
mod court;
mod court_said;
mod diplomacy;
mod diplomacy_args;
mod diplomacy_check;
mod diplomacy_said;
mod docs;
mod leaderboard;
pub(crate) mod members;
mod members_said;
pub mod menus;
mod moderation;
mod moderation_said;
mod nomic;
mod notify;
pub mod paging;
mod partychess;
mod partychess_said;
mod reports;
pub mod said;
pub mod spec;
mod tournament;

use crate::domain::kernel::authority::Power;
use std::sync::LazyLock;

pub use docs::{help, markdown_tables, usage};
pub use said::{About, Kind, Present, Said};
pub use spec::{
    Args, CommandSpec, FormCheck, FormTitle, Handler, OptionError, OptionKind, OptionSpec, Reply,
    Value,
};

/// A top-level command that groups subcommands (`/mod violation`), with what Discord shows for it.
pub struct Group {
    pub name: &'static str,
    pub description: &'static str,
    /// The heading of its table in the book.
    pub heading: &'static str,
    /// Every command in it is for Moderators (or more): Discord shows it by default only to
    /// administrators and to the roles the server lets see it (the Moderator role), and gavel's
    /// own checks still decide. Read-only
    /// commands (cases, profiles) live outside such groups, so everyone sees them.
    pub moderators_only: bool,
}

/// The groups, in the order help and the book list them. Commands without a group (`/join`)
/// are listed under the heading of the feature file that declares them.
pub const GROUPS: &[Group] = &[
    Group {
        name: "office",
        description: "Offices of the club: who holds them, appointments and dismissals",
        heading: "Members and offices",
        moderators_only: false,
    },
    Group {
        name: "session",
        description: "Club sessions and presence (Terms §0 Acts 5, 6, 9)",
        heading: "Sessions, games and the Leaderboard",
        moderators_only: false,
    },
    Group {
        name: "game",
        description: "Games on the Leaderboard",
        heading: "Sessions, games and the Leaderboard",
        moderators_only: false,
    },
    Group {
        name: "member",
        description: "Membership of the Leaderboard",
        heading: "Sessions, games and the Leaderboard",
        moderators_only: false,
    },
    Group {
        name: "mod",
        description: "Moderators' actions, each a numbered case declared in #discussion",
        heading: "Moderation",
        moderators_only: true,
    },
    Group {
        name: "report",
        description: "Reports of messages to the Moderators, private, and their answers",
        heading: "Reports",
        moderators_only: false,
    },
    Group {
        name: "rule",
        description: "The rulebook: rules and Acts, their versions and notes",
        heading: "Rule changes",
        moderators_only: false,
    },
    Group {
        name: "proposal",
        description: "Proposals, suggestions and drafted changes to the rules",
        heading: "Rule changes",
        moderators_only: false,
    },
    Group {
        name: "procedure",
        description: "The procedure for changing the rules and its parameters",
        heading: "Rule changes",
        moderators_only: false,
    },
    Group {
        name: "turns",
        description: "The players of the game and their allocated days (Nomic 201)",
        heading: "Rule changes",
        moderators_only: false,
    },
    Group {
        name: "court",
        description:
            "The Court of Appeals: appeals, hearings, votes and opinions (Terms §III Act 3)",
        heading: "Court of Appeals",
        moderators_only: false,
    },
    Group {
        name: "order",
        description: "Points of Order: Judges, Judgements and disputes (Nomic 214)",
        heading: "Points of Order",
        moderators_only: false,
    },
    Group {
        name: "tournament",
        description: "Tournaments as the ACWC rules run them: entries, the Director, the Swiss",
        heading: "Tournaments",
        moderators_only: false,
    },
    Group {
        name: "partychess",
        description: "Party Chess: the board, the pieces the rules define, plays and turns",
        heading: "Party Chess",
        moderators_only: false,
    },
    Group {
        name: "team",
        description: "Diplomacy teams: sign-up, captain, players and reserves (house rules B.2)",
        heading: "Diplomacy",
        moderators_only: false,
    },
    Group {
        name: "diplomacy",
        description: "The Diplomacy tournament: rounds, deals, orders, votes, standings",
        heading: "Diplomacy",
        moderators_only: false,
    },
    Group {
        name: "board",
        description: "A Diplomacy board: its deadlines, orders and centre counts (the GM)",
        heading: "Diplomacy",
        moderators_only: false,
    },
    Group {
        name: "match",
        description: "A tournament match: its games and its result",
        heading: "Tournaments",
        moderators_only: false,
    },
    Group {
        name: "committee",
        description: "Committees that vote by their own rules (Diplomacy house rules A.2, A.6)",
        heading: "Committees",
        moderators_only: false,
    },
    Group {
        name: "houserule",
        description: "The Diplomacy house rules as a rulebook the TMC changes (A.7)",
        heading: "Committees",
        moderators_only: false,
    },
    Group {
        name: "motion",
        description: "Committee motions: votes, tie-breaks, the TD's approval or veto (A.6, A.7)",
        heading: "Committees",
        moderators_only: false,
    },
    Group {
        name: "dispute",
        description: "Disputes about a game, for the TD and the TMC (house rules D.I.2)",
        heading: "Disputes and Observers",
        moderators_only: false,
    },
    Group {
        name: "observer",
        description: "Tournament Observers' private reports to the TD (house rules A.9)",
        heading: "Disputes and Observers",
        moderators_only: false,
    },
];

/// A feature's commands under one heading of the book.
pub struct Section {
    pub heading: &'static str,
    pub note: &'static str,
    pub commands: Vec<CommandSpec>,
}

static TABLE: LazyLock<Vec<Section>> = LazyLock::new(|| {
    vec![
        members::section(),
        notify::section(),
        leaderboard::sessions::section(),
        moderation::section(),
        reports::section(),
        menus::section(),
        court::section(),
        nomic::rules::section(),
        nomic::orders::section(),
        tournament::section(),
        committee::section(),
        committee::disputes_section(),
        partychess::section(),
        diplomacy::section(),
        diplomacy_check::section(),
    ]
});

/// The sections of the table, in the order help and the book show them.
pub fn sections() -> &'static [Section] {
    &TABLE
}

/// Every command, in table order.
pub fn all() -> impl Iterator<Item = &'static CommandSpec> {
    sections().iter().flat_map(|s| s.commands.iter())
}

/// The command at `path` ("mod violation"), if there is one.
pub fn find(path: &str) -> Option<&'static CommandSpec> {
    all().find(|c| c.path == path)
}

/// The group a path belongs to, if it is a subcommand.
pub fn group_of(path: &str) -> Option<&'static Group> {
    let (first, _) = path.split_once(' ')?;
    GROUPS.iter().find(|g| g.name == first)
}

/// Runs a command for `caller` with options already checked against its declaration: the one
/// way both adapters invoke a use case, so the audit log names it as the table does.
pub async fn invoke(
    spec: &'static CommandSpec,
    app: &crate::app::App,
    caller: crate::app::PersonRef,
    args: Args,
) -> Reply {
    let call = crate::app::Call::new(caller, spec.path, args.to_json());
    match (spec.run)(app.clone(), call, args).await {
        // A refusal citing a house rule a motion changed says so, and quotes it (A.7).
        Err(text) => Err(app.cite_amended_house_rules(text).await),
        ok => ok,
    }
}

/// Starts a declaration: `command("mod violation", "A fraud violation ...")`.
pub(crate) fn command(path: &'static str, description: &'static str) -> Draft {
    Draft {
        path,
        description,
        options: Vec::new(),
        who: "anyone",
        rule: "",
        power: None,
        before_form: None,
        form_title: None,
        private: false,
        private_with: None,
    }
}

/// The option of every paged command: which page to show.
fn page_option() -> OptionSpec {
    integer(
        paging::PAGE,
        "Which page (the first if left out)",
        1,
        crate::domain::kernel::limits::NUMBER_MAX,
    )
    .optional()
}

/// A declaration still being written; `run` completes it.
pub(crate) struct Draft {
    path: &'static str,
    description: &'static str,
    options: Vec<OptionSpec>,
    who: &'static str,
    rule: &'static str,
    power: Option<Power>,
    before_form: Option<FormCheck>,
    form_title: Option<FormTitle>,
    private: bool,
    private_with: Option<&'static str>,
}

impl Draft {
    /// Every answer goes to the caller alone (see `CommandSpec::private`).
    pub fn private(mut self) -> Self {
        self.private = true;
        self
    }

    /// The power the command needs (the use case checks it; see `CommandSpec::power`).
    pub fn needs(mut self, power: Power) -> Self {
        self.power = Some(power);
        self
    }

    pub fn who(mut self, who: &'static str) -> Self {
        self.who = who;
        self
    }

    pub fn rule(mut self, rule: &'static str) -> Self {
        self.rule = rule;
        self
    }

    /// A check before the form for this command's `in_modal` options opens (see `FormCheck`).
    pub fn before_form(mut self, check: FormCheck) -> Self {
        self.before_form = Some(check);
        self
    }

    /// A check before the form opens that gives the form's title (see `FormTitle`).
    pub fn form_title(mut self, check: FormTitle) -> Self {
        self.form_title = Some(check);
        self
    }

    /// The reply is for the caller alone when this flag is true (see `CommandSpec::private_with`).
    pub fn private_with(mut self, flag: &'static str) -> Self {
        self.private_with = Some(flag);
        self
    }

    pub fn option(mut self, option: OptionSpec) -> Self {
        self.options.push(option);
        self
    }

    /// Completes a listing shown a page at a time: `run` answers one page (the `page`
    /// option, added here, else the first) and how many there are.
    pub fn paged(self, run: paging::PagedHandler) -> CommandSpec {
        self.paged_with(run, None)
    }

    /// Like `paged`, for a listing whose person option `caller` means the caller when left out.
    pub fn paged_for_caller(self, run: paging::PagedHandler, caller: &'static str) -> CommandSpec {
        self.paged_with(run, Some(caller))
    }

    fn paged_with(
        mut self,
        run: paging::PagedHandler,
        caller_default: Option<&'static str>,
    ) -> CommandSpec {
        if !self.options.iter().any(|o| o.name == paging::PAGE) {
            self.options.push(page_option());
        }
        let mut spec = self.run(paging::run_paged);
        spec.pages = Some(paging::Pages {
            run,
            caller_default,
        });
        spec
    }

    pub fn run(self, run: Handler) -> CommandSpec {
        CommandSpec {
            path: self.path,
            description: self.description,
            options: self.options,
            who: self.who,
            rule: self.rule,
            power: self.power,
            run,
            before_form: self.before_form,
            form_title: self.form_title,
            private: self.private,
            private_with: self.private_with,
            pages: None,
        }
    }
}

fn required(name: &'static str, description: &'static str, kind: OptionKind) -> OptionSpec {
    OptionSpec {
        name,
        description,
        kind,
        required: true,
        in_modal: false,
        pick: None,
    }
}

/// A person (required unless `.optional()`).
pub(crate) fn person(name: &'static str, description: &'static str) -> OptionSpec {
    required(name, description, OptionKind::Person)
}

/// Free text of at most `max` characters (required unless `.optional()`).
pub(crate) fn text(name: &'static str, description: &'static str, max: usize) -> OptionSpec {
    required(name, description, OptionKind::Text { max })
}

/// A whole number in `min..=max` (required unless `.optional()`).
pub(crate) fn integer(
    name: &'static str,
    description: &'static str,
    min: i64,
    max: i64,
) -> OptionSpec {
    required(name, description, OptionKind::Integer { min, max })
}

/// One of a few words (required unless `.optional()`).
pub(crate) fn choice(
    name: &'static str,
    description: &'static str,
    words: &'static [&'static str],
) -> OptionSpec {
    required(name, description, OptionKind::Choice(words))
}

/// A date, YYYY-MM-DD (required unless `.optional()`).
pub(crate) fn date(name: &'static str, description: &'static str) -> OptionSpec {
    required(name, description, OptionKind::Date)
}

/// A date and time, YYYY-MM-DD HH:MM, on the clock the description names (required unless
/// `.optional()`).
pub(crate) fn date_time(name: &'static str, description: &'static str) -> OptionSpec {
    required(name, description, OptionKind::DateTime)
}

/// true or false, false when left out.
pub(crate) fn flag(name: &'static str, description: &'static str) -> OptionSpec {
    required(name, description, OptionKind::Flag).optional()
}

impl OptionSpec {
    pub(crate) fn optional(mut self) -> Self {
        self.required = false;
        self
    }

    /// The same option, offering choices from `pick` while it is typed (Discord's autocomplete).
    pub(crate) fn picks(mut self, pick: crate::app::choices::Pick) -> Self {
        self.pick = Some(pick);
        self
    }

    /// The same option with another description (a shared option said for one command).
    pub(crate) fn described(mut self, description: &'static str) -> Self {
        self.description = description;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moderators_only_group_holds_no_command_for_everyone() {
        for group in GROUPS.iter().filter(|g| g.moderators_only) {
            for command in all().filter(|c| group_of(c.path).is_some_and(|g| g.name == group.name))
            {
                assert!(
                    command.power.is_some() || command.who == "nobody",
                    "/{} is in /{} but is for everyone",
                    command.path,
                    group.name
                );
            }
        }
    }

    #[test]
    fn every_path_is_declared_once() {
        let mut paths: Vec<&str> = all().map(|c| c.path).collect();
        let count = paths.len();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), count);
    }

    #[test]
    fn a_subcommand_belongs_to_a_declared_group_and_a_group_is_never_a_command() {
        for command in all() {
            match command.path.split_once(' ') {
                Some(_) => assert!(group_of(command.path).is_some(), "/{}", command.path),
                None => assert!(
                    GROUPS.iter().all(|g| g.name != command.path),
                    "/{} is both a command and a group",
                    command.path
                ),
            }
            assert!(command.path.split(' ').count() <= 2, "/{}", command.path);
        }
    }

    #[test]
    fn required_options_come_before_optional_ones_as_discord_demands() {
        for command in all() {
            let first_optional = command.options.iter().position(|o| !o.required);
            if let Some(at) = first_optional {
                assert!(
                    command.options[at..].iter().all(|o| !o.required),
                    "/{}",
                    command.path
                );
            }
        }
    }

    #[test]
    fn descriptions_fit_discords_hundred_characters() {
        let texts = all()
            .flat_map(|c| {
                std::iter::once(c.description).chain(c.options.iter().map(|o| o.description))
            })
            .chain(GROUPS.iter().map(|g| g.description));
        for text in texts {
            let len = text.chars().count();
            assert!((1..=100).contains(&len), "{text:?} has {len} characters");
        }
    }

    #[test]
    fn a_missing_option_an_unknown_one_and_a_repeated_one_are_refused_in_that_order() {
        let spec = find("mod declare").expect("declared");
        let unknown = || ("colour".to_owned(), Value::Text("blue".into()));
        let case = || ("case".to_owned(), Value::Integer(1));
        assert_eq!(
            Args::build(spec, [unknown(), case()]).unwrap_err(),
            OptionError::Missing("reasoning")
        );
        let reasoning = || ("reasoning".to_owned(), Value::Text("because it was".into()));
        assert_eq!(
            Args::build(spec, [case(), reasoning(), unknown()])
                .unwrap_err()
                .to_string(),
            "/mod declare has no option `colour`."
        );
        assert_eq!(
            Args::build(spec, [case(), case(), reasoning()]).unwrap_err(),
            OptionError::Twice("case")
        );
        let args = Args::build(spec, [case(), reasoning()]).expect("valid");
        assert_eq!(args.integer("case"), Ok(1));
        assert_eq!(
            args.to_json(),
            serde_json::json!({"case": 1, "reasoning": "because it was"})
        );
    }

    #[test]
    fn the_console_reads_values_by_the_options_kind() {
        let spec = find("mod deduct").expect("declared");
        let option = |name| {
            spec.options
                .iter()
                .find(|o| o.name == name)
                .expect("option")
        };
        assert_eq!(option("points").parse_text("20"), Ok(Value::Integer(20)));
        assert_eq!(
            option("points").parse_text("0").unwrap_err().to_string(),
            "The option `points` takes a whole number from 1 to 1000."
        );
        assert_eq!(
            option("points").parse_text("lots").unwrap_err().to_string(),
            "`lots` is not a whole number (option `points`)."
        );
        assert_eq!(option("later").parse_text("yes"), Ok(Value::Flag(true)));
        assert!(option("member").parse_text("@two words").is_err());
        assert_eq!(option("taken").usage(), "[taken:YYYY-MM-DD]");
    }
}
