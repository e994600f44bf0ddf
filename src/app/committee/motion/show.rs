//! A motion in words: its opening post, its result with the counts and the sitting body (who
//! sat, why, and how each voted), and `/motion show`.

use chrono_tz::Tz;
use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::App;
use crate::domain::committee::motion::{Kind, Status};
use crate::domain::committee::rules::{Abstentions, VoteRules};
use crate::domain::committee::sitting::SittingBody;
use crate::domain::committee::tally::{self, Choice, Counts};
use crate::domain::kernel::calendar;
use crate::store;
use crate::store::committee::motions::MotionRow;
use crate::store::keys::StoredKey;

use super::super::CommitteeError;

/// "Motion 3 (TMC, rule change to A.7)".
pub(crate) fn title(m: &MotionRow, committee: &str) -> String {
    match m.kind() {
        Kind::Plain => format!("Motion {} ({committee})", m.id),
        Kind::RuleChange => format!(
            "Motion {} ({committee}, a change to house rule {})",
            m.id,
            m.item.as_deref().unwrap_or("?")
        ),
        Kind::Override => format!(
            "Motion {} ({committee}, override of the TD's veto of motion {})",
            m.id,
            m.parent_id.unwrap_or_default()
        ),
        Kind::Dispute => format!("Motion {} ({committee}, a referred dispute)", m.id),
    }
}

/// What the rules need, in words: "binding with 2/3 of the sitting body voting (an abstention
/// is a vote); a simple majority of the votes cast".
pub(crate) fn needs(m: &MotionRow) -> String {
    rules_needs(&m.rules())
}

/// `needs` for any vote's rules.
pub fn rules_needs(r: &VoteRules) -> String {
    match r.abstentions {
        Abstentions::Count => format!(
            "binding with {} of the sitting body voting, an abstention being a vote; {} of the votes cast",
            r.turnout, r.majority
        ),
        Abstentions::Ignore => format!(
            "binding with {} of the sitting body voting Yes or No, an abstention not being a vote; {} of Yes and No",
            r.turnout, r.majority
        ),
        Abstentions::TurnoutOnly => format!(
            "binding with {} of the sitting body voting, abstentions included; {} of Yes and No (the reading this motion closed under)",
            r.turnout, r.majority
        ),
    }
}

/// The post that opens a motion.
pub(crate) fn opening_text(
    m: &MotionRow,
    committee: &str,
    by: &str,
    sitting: &SittingBody,
    tz: Tz,
) -> String {
    let mut text = format!("{} opened by {by}: {}", title(m, committee), m.text);
    if let Some(new_text) = &m.new_text {
        text.push_str(&format!("\nNew text: {new_text}"));
    }
    text.push_str(&format!(
        "\n{sitting}.\nIt is {}. Vote with the buttons or /motion vote motion:{} by {}; it closes then, or once everyone sitting has voted.",
        needs(m),
        m.id,
        calendar::show(m.closes_at, tz)
    ));
    text
}

/// The sitting body with each vote: "ann (member): Yes". Someone who no longer held what
/// seated them at the close says so, and a vote set aside is shown as set aside.
fn roll(
    sitting: &SittingBody,
    votes: &[(i64, String, Choice)],
    aside: &[(i64, Choice, String)],
) -> String {
    let lines: Vec<String> = sitting
        .0
        .iter()
        .map(|s| {
            let vote = match (
                votes.iter().find(|(id, ..)| *id == s.person),
                aside.iter().find(|(id, ..)| *id == s.person),
            ) {
                (Some((_, _, c)), _) => c.to_string(),
                (None, Some((_, c, _))) => format!("{c}, set aside"),
                (None, None) if s.sits => "did not vote".into(),
                (None, None) => "not sitting".into(),
            };
            match &s.left {
                Some(why) => format!("{} ({}; by the close {why}): {vote}", s.name, s.reason),
                None => format!("{} ({}): {vote}", s.name, s.reason),
            }
        })
        .collect();
    lines.join("; ")
}

/// The result of a closed vote, with the counts and the sitting body.
pub(crate) fn result_text(
    m: &MotionRow,
    committee: &str,
    counts: Counts,
    sitting: &SittingBody,
    votes: &[(i64, String, Choice)],
    aside: &[(i64, Choice, String)],
) -> String {
    let outcome = tally::decide(counts, sitting.size(), &m.rules());
    let voted = tally::turnout(counts, &m.rules());
    let head = match outcome {
        tally::Outcome::NotBinding { .. } => format!("{} is {outcome}.", title(m, committee)),
        tally::Outcome::Tied => format!(
            "{} is {outcome} ({counts}; {voted} of {} voted).",
            title(m, committee),
            sitting.size()
        ),
        _ => format!(
            "{} is {outcome}, binding: {counts}; {voted} of {} voted ({}).",
            title(m, committee),
            sitting.size(),
            needs(m)
        ),
    };
    format!(
        "{head}\nSitting body ({}): {}.",
        sitting.size(),
        roll(sitting, votes, aside)
    )
}

/// The answer to `/motion open` and `/motion show`: motion `number`, and its whole record in
/// the words its posts use (the opening and the result are built here for the announcements).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MotionShown {
    pub number: i64,
    pub record: String,
}

impl Committee<'_> {
    /// `/motion show`. Reads only.
    pub async fn show(&self, number: i64) -> Result<MotionShown, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        self.motion_shown(&mut conn, number).await
    }
}

impl App {
    /// A motion's whole record in words.
    pub(crate) async fn motion_shown(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<MotionShown, CommitteeError> {
        let m = store::committee::motions::by_number(conn, number)
            .await?
            .ok_or(CommitteeError::NoSuchMotion(number))?;
        let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
        let sitting = store::committee::motions::seats(conn, number).await?;
        let votes = store::committee::motions::votes(conn, number).await?;
        let aside = store::committee::motions::set_aside_votes(conn, number).await?;
        let mut text = format!("{}: {}", title(&m, &committee.name), m.text);
        if let Some(new_text) = &m.new_text {
            text.push_str(&format!("\nNew text: {new_text}"));
        }
        match m.status() {
            Status::Open => text.push_str(&format!(
                "\nOpen until {}; {} of {} sitting have voted. {sitting}.",
                calendar::show(m.closes_at, self.tz()),
                votes.len(),
                sitting.size()
            )),
            status => {
                let counts = m.counts().unwrap_or_default();
                text.push('\n');
                text.push_str(&result_text(
                    &m,
                    &committee.name,
                    counts,
                    &sitting,
                    &votes,
                    &aside,
                ));
                if let (Some(choice), Status::Adopted | Status::Rejected) = (&m.tie_choice, status)
                {
                    text.push_str(&format!(
                        "\nThe TD broke the tie: {}; the motion is {status}.",
                        choice.key()
                    ));
                }
            }
        }
        if let Some(approval) = m.approval() {
            text.push_str(&format!("\nWith the TD: {approval}."));
            if let Some(reason) = &m.veto_reason {
                text.push_str(&format!(" Reason for the veto: {reason}"));
            }
        }
        Ok(MotionShown {
            number,
            record: text,
        })
    }
}
