//! Who may see what gavel keeps: every table, every outbox channel and every audit entry kind is
//! classed here, once, beside the schema. The public export, the portal, its search and its
//! feed read through these classes, so a table, channel or command that is not classed here is
//! private until it is (the tests below fail on a table nobody classed).

use super::audit::AuditEntry;
use super::outbox;

/// Who may see a table's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// The public record: the export, the portal, search and the feed may show it.
    Public,
    /// Public row by row once a rule unseals it; until then only its writer and the officer
    /// the rule names see it.
    Sealed { until: &'static str },
    /// For one office alone, through that office's commands, and the operator's complete
    /// export; never public.
    Officers {
        office: &'static str,
        rule: &'static str,
    },
    /// Kept only as long as a rule needs it, and shown to nobody, officers included.
    Secret { rule: &'static str },
    /// gavel's own working (queues, jobs, replies, indexes): the operator's alone.
    Operations,
}

use Class::{Officers, Operations, Public, Sealed, Secret};

/// Every table of the schema and its class.
pub const TABLES: &[(&str, Class)] = &[
    ("actions", Sealed { until: "its declaration is posted (Terms §III Act 2.4)" }),
    ("appeal_parties", Public),
    ("appeal_seats", Public),
    ("appeal_steps", Public),
    ("appeals", Public),
    ("audit_log", Sealed { until: "each entry as its command is classed (`audit_view`)" }),
    ("club_sessions", Public),
    ("committee_changes", Public),
    ("committees", Public),
    ("dip_ballots", Secret { rule: "HR D.IX.2: only a vote's result is ever published; ballots go once it is decided" }),
    ("dip_boards", Public),
    ("dip_centres", Public),
    ("dip_checks", Officers { office: "the board's GM", rule: "gavel's check of the GM's adjudication" }),
    ("dip_consents", Public),
    ("dip_extensions", Public),
    ("dip_grouped_teams", Public),
    ("dip_groupings", Public),
    ("dip_handovers", Public),
    ("dip_holidays", Public),
    ("dip_individuals", Public),
    ("dip_nmrs", Public),
    ("dip_orders", Sealed { until: "the turn's adjudication publishes them (HR D.VIII)" }),
    ("dip_pool_replies", Public),
    ("dip_positions", Public),
    ("dip_press", Sealed { until: "the turn's adjudication publishes it (HR D.X.1)" }),
    ("dip_press_counts", Secret { rule: "HR D.X.2: press authorship is never revealed; the count lives only while its turn's flood limit needs it" }),
    ("dip_proposals", Public),
    ("dip_rounds", Public),
    ("dip_signups", Public),
    ("dip_unavailable", Public),
    ("dip_units", Public),
    ("dip_vetoes", Public),
    ("discord_registrations", Operations),
    ("disputes", Sealed { until: "the TD resolves or refers it (HR A.12, D.I.2)" }),
    ("dm_refusals", Operations),
    ("game_seats", Public),
    ("games", Public),
    ("house_rule_versions", Public),
    ("house_settings", Public),
    ("house_waits", Public),
    ("interaction_replies", Operations),
    ("jobs", Operations),
    ("leave_requests", Public),
    ("memberships", Public),
    ("motion_seats", Public),
    ("motion_votes", Public),
    ("motions", Public),
    ("nomic_game", Public),
    ("notify_choices", Operations),
    ("observer_reports", Officers { office: "the TD", rule: "HR A.9" }),
    ("office_terms", Public),
    ("order_judgeships", Public),
    ("order_opinions", Public),
    ("outbox", Sealed { until: "it is delivered to a public channel (`public_channel`)" }),
    ("outbox_buttons", Operations),
    ("outbox_undeliverable", Operations),
    ("parameter_waits", Public),
    ("partychess_games", Public),
    ("partychess_ledger", Public),
    ("partychess_plays", Public),
    ("partychess_rules", Public),
    ("partychess_swingers", Public),
    ("people", Public),
    ("players", Public),
    ("points_changes", Public),
    ("points_of_order", Public),
    ("presence", Public),
    ("procedure_parameters", Public),
    ("proposals", Public),
    ("record_revision", Operations),
    ("rematches", Public),
    ("reports", Officers { office: "the Moderators", rule: "members' reports of messages" }),
    ("role_syncs", Operations),
    ("rule_changes", Public),
    ("rulebook_versions", Public),
    ("score_checkpoints", Operations),
    ("score_events", Public),
    ("score_fold", Operations),
    ("score_steps", Operations),
    ("search_index", Operations),
    ("search_index_config", Operations),
    ("search_index_content", Operations),
    ("search_index_data", Operations),
    ("search_index_docsize", Operations),
    ("search_index_idx", Operations),
    ("session_moves", Public),
    ("standings", Public),
    ("team_members", Public),
    ("teams", Public),
    ("tournament_bids", Sealed { until: "both finalists have bid, or the Director settles it (ACWC Final)" }),
    ("tournament_claims", Public),
    ("tournament_corrections", Public),
    ("tournament_entrants", Public),
    ("tournament_games", Public),
    ("tournament_matches", Public),
    ("tournament_offers", Public),
    ("tournament_pairings", Public),
    ("tournament_reports", Officers { office: "the Director", rule: "ACWC Reporting cheats" }),
    ("tournament_results", Public),
    ("tournament_rulings", Public),
    ("tournaments", Public),
    ("votes", Public),
];

/// A table's class; a table not listed is treated as the operator's alone.
pub fn table(name: &str) -> Class {
    TABLES
        .iter()
        .find(|(t, _)| *t == name)
        .map_or(Operations, |(_, class)| *class)
}

/// Whether a post in `channel` is public once delivered: never an officer's channel (the TD's
/// reports, the Moderators', the mod log) nor a direct message to a member.
pub fn public_channel(channel: &str) -> bool {
    !outbox::PRIVATE.contains(&channel) && !channel.starts_with("dm:")
}

/// The SQL condition that `column` (an outbox channel) is public, as `public_channel` says:
/// for queries that page by key and so must filter in the database.
pub fn public_channel_sql(column: &str) -> String {
    let private: Vec<String> = outbox::PRIVATE.iter().map(|c| format!("'{c}'")).collect();
    format!(
        "{column} NOT IN ({}) AND {column} NOT LIKE 'dm:%'",
        private.join(", ")
    )
}

/// What the public record keeps of an audit entry, by its command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditView {
    /// The entry as it was written.
    Whole,
    /// That the command was run, by whom and when, and its outcome; not its options nor what
    /// it said, which stand as `said`.
    Redacted { said: &'static str },
    /// Nothing at all, not even that an entry exists: a secret ballot, sealed orders or bids,
    /// an accusation, a report or a dispute the rules keep private.
    Withheld,
}

/// The commands whose audit entries the public may not read whole.
pub const AUDIT: &[(&str, AuditView)] = &[
    // Members' reports go to the Moderators alone, and so do their answers (an action taken
    // on one is public through its own case).
    ("report file", AuditView::Withheld),
    ("report act", AuditView::Withheld),
    ("report dismiss", AuditView::Withheld),
    // An accusation of cheating is never public (ACWC Reporting cheats).
    ("tournament report", AuditView::Withheld),
    ("tournament reports", AuditView::Withheld),
    // A sealed bid, and even its timing, until both are in (ACWC Final).
    ("match bid", AuditView::Withheld),
    // Secret ballots: not their count nor their times (HR D.IX.2).
    ("diplomacy vote", AuditView::Withheld),
    // Orders are sealed until the adjudication publishes them; who has sent orders is too.
    ("diplomacy orders", AuditView::Withheld),
    // Press is published by the GM's adjudication; its sending (and so its author) is not.
    ("press", AuditView::Withheld),
    // Disputes go to the TD alone until resolved or referred (HR A.12, D.I.2).
    ("dispute raise", AuditView::Withheld),
    // An Observer's report is for the TD alone (HR A.9): that it was made, not what it said.
    (
        "observer report",
        AuditView::Redacted {
            said: "(private: sent to the TD)",
        },
    ),
];

/// The public view of an audit entry's command.
pub fn audit_view(command: &str) -> AuditView {
    AUDIT
        .iter()
        .find(|(c, _)| *c == command)
        .map_or(AuditView::Whole, |(_, view)| *view)
}

/// The audit log as the public may read it, in order.
pub fn public_audit(entries: Vec<AuditEntry>) -> Vec<AuditEntry> {
    entries
        .into_iter()
        .filter_map(|mut e| {
            match audit_view(&e.command) {
                AuditView::Withheld => return None,
                AuditView::Whole => {}
                AuditView::Redacted { said } => {
                    e.arguments = "{}".to_owned();
                    e.detail = said.to_owned();
                }
            }
            Some(e)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks: every table the migrations make is classed, and nothing classed is missing
    /// from the schema, so a new table cannot reach the public record unclassed.
    #[tokio::test]
    async fn every_table_of_the_schema_is_classed() {
        let pool = crate::store::open(crate::store::IN_MEMORY).await.unwrap();
        crate::store::migrate(&pool).await.unwrap();
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table'
               AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%' ORDER BY name",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        let classed: Vec<String> = TABLES.iter().map(|(t, _)| (*t).to_owned()).collect();
        let unclassed: Vec<&String> = tables.iter().filter(|t| !classed.contains(t)).collect();
        assert!(unclassed.is_empty(), "tables nobody classed: {unclassed:?}");
        let gone: Vec<&String> = classed.iter().filter(|t| !tables.contains(t)).collect();
        assert!(gone.is_empty(), "classed tables the schema lacks: {gone:?}");
    }

    /// Checks: the search index's trigger leaves out every private channel, as the portal does.
    #[tokio::test]
    async fn the_search_trigger_leaves_out_every_private_channel() {
        let pool = crate::store::open(crate::store::IN_MEMORY).await.unwrap();
        crate::store::migrate(&pool).await.unwrap();
        let sql: String = sqlx::query_scalar(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'search_post'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        for channel in outbox::PRIVATE {
            assert!(sql.contains(&format!("'{channel}'")), "{channel}: {sql}");
        }
        assert!(sql.contains("'dm:%'"), "{sql}");
        assert!(!public_channel("td-reports") && !public_channel("dm:7"));
        assert!(public_channel("discussion") && public_channel("voting"));
    }

    /// Checks: every command classed here is a command gavel has, so a renamed command cannot
    /// slip out of its class unnoticed.
    #[test]
    fn every_classed_command_exists() {
        for (command, _) in AUDIT {
            assert!(crate::commands::find(command).is_some(), "{command}");
        }
    }

    /// Checks: a withheld entry leaves no trace, a redacted one keeps only that it was made.
    #[test]
    fn the_public_audit_withholds_and_redacts() {
        let entry = |id: i64, command: &str| AuditEntry {
            id,
            at: chrono::Utc::now(),
            actor_name: "a voter".into(),
            actor_discord_id: Some(42),
            command: command.into(),
            arguments: r#"{"text":"MARKER"}"#.into(),
            outcome: crate::store::audit::Outcome::Done,
            detail: "MARKER".into(),
        };
        let shown = public_audit(vec![
            entry(1, "join"),
            entry(2, "diplomacy vote"),
            entry(3, "observer report"),
        ]);
        assert_eq!(shown.len(), 2);
        assert_eq!(shown[0].command, "join");
        assert_eq!(shown[1].detail, "(private: sent to the TD)");
        let text = serde_json::to_string(&shown[1]).unwrap();
        assert!(!text.contains("MARKER"), "{text}");
    }
}
