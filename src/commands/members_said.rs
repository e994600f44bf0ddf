//! The words of the club's own answers: `/office` and `/notify`, each outcome said once here.

use chrono::Utc;

use crate::app::notify::NotifyChoices;
use crate::app::offices::{OfficeChanged, OfficeList};
use crate::commands::said::{displayed_as_said, Kind, Present, Said};
use crate::domain::kernel::calendar;

displayed_as_said!(OfficeChanged, OfficeList, NotifyChoices);

impl Present for OfficeChanged {
    fn present(&self) -> Said {
        let what = self.office.with_article();
        let of = self
            .game
            .as_deref()
            .map(|g| format!(" of {g}"))
            .unwrap_or_default();
        let text = if self.appointed {
            format!("{} is now {what}{of}.", self.name)
        } else {
            format!("{} is no longer {what}{of}.", self.name)
        };
        Said::about_kind(Kind::Club, text)
    }
}

impl Present for OfficeList {
    fn present(&self) -> Said {
        let lines: Vec<String> = self
            .offices
            .iter()
            .map(|(office, holders)| {
                let who = if holders.is_empty() {
                    "none".to_owned()
                } else {
                    let names: Vec<String> = holders
                        .iter()
                        .map(|h| match &h.game {
                            Some(game) => format!("{} ({game})", h.name),
                            None => h.name.clone(),
                        })
                        .collect();
                    names.join(", ")
                };
                format!("{office}: {who}")
            })
            .collect();
        let mut text = lines.join("\n");
        if !self.unobserved.is_empty() {
            text.push_str(&format!(
                "\nGames without a Tournament Observer (the TD makes sure each game has one, house rules A.9): {}.",
                self.unobserved.join(", ")
            ));
        }
        Said::about_kind(Kind::Club, text)
    }
}

impl Present for NotifyChoices {
    fn present(&self) -> Said {
        let mut text = String::new();
        if let Some((kind, on)) = self.changed {
            let state = if on { "on" } else { "off" };
            text.push_str(&format!(
                "Direct messages about {} are now {state}.\n",
                kind.describe()
            ));
        }
        if let Some(when) = &self.was_refused {
            text.push_str(&format!(
                "Nothing has reached you since {}: Discord refused gavel's direct message to you (your privacy settings do not accept direct messages from members of this server). Allow them (the server's menu, Privacy Settings, Direct Messages); gavel tries again from now on.\n",
                calendar::show(when.with_timezone(&Utc), when.timezone())
            ));
        }
        text.push_str("gavel writes to you privately about:\n");
        for (kind, on, chosen) in &self.choices {
            let state = if *on { "on " } else { "off" };
            let default = if *chosen { "" } else { " (as by default)" };
            text.push_str(&format!(
                "{state} {}: {}{default}\n",
                kind.key(),
                kind.describe()
            ));
        }
        text.push_str(
            "Change one with /notify kind:KIND set:on or set:off. Public posts are unchanged.",
        );
        Said::about_kind(Kind::Club, text)
    }
}
