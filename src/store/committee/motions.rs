//! Motions: their rules as opened, sitting bodies, votes, closes, tie-breaks and the TD's
//! approval or veto of a rule change.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::committee::approval::Approval;
use crate::domain::committee::motion::{Kind, Status};
use crate::domain::committee::rules::VoteRules;
use crate::domain::committee::sitting::{Reason, Seat, SittingBody};
use crate::domain::committee::tally::{Choice, Counts};

/// A motion as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MotionRow {
    pub id: i64,
    pub committee_id: i64,
    pub kind: Kind,
    pub text: String,
    pub item: Option<String>,
    pub new_text: Option<String>,
    pub parent_id: Option<i64>,
    pub status: Status,
    pub opened_by: i64,
    pub opened_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    pub closed_at: Option<DateTime<Utc>>,
    pub turnout: String,
    pub majority: String,
    pub tie_break: String,
    pub abstentions: String,
    pub yes: Option<i64>,
    pub no: Option<i64>,
    pub abstain: Option<i64>,
    pub sitting_size: i64,
    pub tie_broken_by: Option<i64>,
    pub tie_choice: Option<Choice>,
    pub approval: Option<Approval>,
    pub approval_due: Option<DateTime<Utc>>,
    pub approval_by: Option<i64>,
    pub approval_at: Option<DateTime<Utc>>,
    pub veto_reason: Option<String>,
    pub post_id: Option<i64>,
}

impl MotionRow {
    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn approval(&self) -> Option<Approval> {
        self.approval
    }

    /// The rules it was opened under.
    pub fn rules(&self) -> VoteRules {
        VoteRules {
            turnout: self.turnout.parse().expect("stored by the domain"),
            majority: self.majority.parse().expect("stored by the domain"),
            tie_break: self.tie_break.parse().expect("stored by the domain"),
            abstentions: self.abstentions.parse().expect("stored by the domain"),
        }
    }

    /// The count at the close, if it closed.
    pub fn counts(&self) -> Option<Counts> {
        Some(Counts {
            yes: self.yes? as u32,
            no: self.no? as u32,
            abstain: self.abstain? as u32,
        })
    }
}

/// What a new motion is.
pub struct NewMotion<'a> {
    pub committee: i64,
    pub kind: Kind,
    pub text: &'a str,
    pub item: Option<&'a str>,
    pub new_text: Option<&'a str>,
    pub parent: Option<i64>,
    pub by: i64,
    pub closes_at: DateTime<Utc>,
    pub rules: VoteRules,
    pub sitting: &'a SittingBody,
}

/// Opens a motion with its sitting body; returns its number.
pub async fn open(
    conn: &mut SqliteConnection,
    m: &NewMotion<'_>,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO motions (committee_id, kind, text, item, new_text, parent_id, status, opened_by,
             opened_at, closes_at, turnout, majority, tie_break, abstentions, sitting_size)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(m.committee)
    .bind(m.kind)
    .bind(m.text)
    .bind(m.item)
    .bind(m.new_text)
    .bind(m.parent)
    .bind(Status::Open)
    .bind(m.by)
    .bind(now)
    .bind(m.closes_at)
    .bind(m.rules.turnout.to_string())
    .bind(m.rules.majority.key())
    .bind(m.rules.tie_break.key())
    .bind(m.rules.abstentions.key())
    .bind(m.sitting.size())
    .fetch_one(&mut *conn)
    .await?;
    for seat in &m.sitting.0 {
        sqlx::query(
            "INSERT INTO motion_seats (motion_id, person_id, reason, sits) VALUES (?, ?, ?, ?)",
        )
        .bind(id)
        .bind(seat.person)
        .bind(seat.reason.key())
        .bind(seat.sits)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

pub async fn set_post(conn: &mut SqliteConnection, motion: i64, post: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE motions SET post_id = ? WHERE id = ?")
        .bind(post)
        .bind(motion)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn by_number(
    conn: &mut SqliteConnection,
    number: i64,
) -> sqlx::Result<Option<MotionRow>> {
    sqlx::query_as("SELECT * FROM motions WHERE id = ?")
        .bind(number)
        .fetch_optional(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<MotionRow>> {
    sqlx::query_as("SELECT * FROM motions ORDER BY id")
        .fetch_all(conn)
        .await
}

/// The override opened on a vetoed rule change, if any.
pub async fn override_of(
    conn: &mut SqliteConnection,
    parent: i64,
) -> sqlx::Result<Option<MotionRow>> {
    sqlx::query_as(
        "SELECT * FROM motions WHERE parent_id = ? AND kind = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(parent)
    .bind(Kind::Override)
    .fetch_optional(conn)
    .await
}

/// The sitting body a motion was opened with.
pub async fn seats(conn: &mut SqliteConnection, motion: i64) -> sqlx::Result<SittingBody> {
    let rows: Vec<(i64, String, String, bool, Option<String>)> = sqlx::query_as(
        "SELECT s.person_id, COALESCE(p.display_name, p.name), s.reason, s.sits, s.left_why
         FROM motion_seats s
         JOIN people p ON p.id = s.person_id WHERE s.motion_id = ? ORDER BY s.sits DESC, s.rowid",
    )
    .bind(motion)
    .fetch_all(conn)
    .await?;
    Ok(SittingBody(
        rows.into_iter()
            .map(|(person, name, reason, sits, left)| Seat {
                person,
                name,
                reason: Reason::from_key(&reason).expect("stored by the domain"),
                sits,
                left,
            })
            .collect(),
    ))
}

/// Casts or changes a vote (the domain has said the motion is open and the voter sits).
pub async fn vote(
    conn: &mut SqliteConnection,
    motion: i64,
    person: i64,
    choice: Choice,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO motion_votes (motion_id, person_id, choice, cast_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (motion_id, person_id) DO UPDATE SET choice = excluded.choice, cast_at = excluded.cast_at",
    )
    .bind(motion)
    .bind(person)
    .bind(choice)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The votes that count: (person id, name, choice), in the order they were cast. A vote set
/// aside at the close is not among them.
pub async fn votes(
    conn: &mut SqliteConnection,
    motion: i64,
) -> sqlx::Result<Vec<(i64, String, Choice)>> {
    sqlx::query_as(
        "SELECT v.person_id, COALESCE(p.display_name, p.name), v.choice FROM motion_votes v
         JOIN people p ON p.id = v.person_id WHERE v.motion_id = ? AND v.set_aside IS NULL
         ORDER BY v.cast_at, v.person_id",
    )
    .bind(motion)
    .fetch_all(conn)
    .await
}

/// The votes set aside at the close: (person id, choice, why).
pub async fn set_aside_votes(
    conn: &mut SqliteConnection,
    motion: i64,
) -> sqlx::Result<Vec<(i64, Choice, String)>> {
    sqlx::query_as(
        "SELECT person_id, choice, set_aside FROM motion_votes
         WHERE motion_id = ? AND set_aside IS NOT NULL ORDER BY cast_at, person_id",
    )
    .bind(motion)
    .fetch_all(conn)
    .await
}

/// Sets aside the vote of someone who may no longer decide the motion (A.6, A.8): it stays on
/// the record, marked with why, and no longer counts.
pub async fn set_aside_vote(
    conn: &mut SqliteConnection,
    motion: i64,
    person: i64,
    why: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE motion_votes SET set_aside = ? WHERE motion_id = ? AND person_id = ?")
        .bind(why)
        .bind(motion)
        .bind(person)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records, at the close, why a seat's holder no longer held what seated them.
pub async fn seat_left(
    conn: &mut SqliteConnection,
    motion: i64,
    person: i64,
    why: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE motion_seats SET left_why = ? WHERE motion_id = ? AND person_id = ?")
        .bind(why)
        .bind(motion)
        .bind(person)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records the close: the status it left and the count.
pub async fn close(
    conn: &mut SqliteConnection,
    motion: i64,
    status: Status,
    counts: Counts,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE motions SET status = ?, yes = ?, no = ?, abstain = ?, closed_at = ? WHERE id = ?",
    )
    .bind(status)
    .bind(counts.yes)
    .bind(counts.no)
    .bind(counts.abstain)
    .bind(now)
    .bind(motion)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records the TD's tie-break.
pub async fn break_tie(
    conn: &mut SqliteConnection,
    motion: i64,
    status: Status,
    by: i64,
    choice: Choice,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE motions SET status = ?, tie_broken_by = ?, tie_choice = ? WHERE id = ?")
        .bind(status)
        .bind(by)
        .bind(choice)
        .bind(motion)
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts an adopted rule change before the TD until `due`.
pub async fn await_approval(
    conn: &mut SqliteConnection,
    motion: i64,
    due: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE motions SET approval = ?, approval_due = ? WHERE id = ?")
        .bind(Approval::Pending)
        .bind(due)
        .bind(motion)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records where a rule change stands with the TD (who, when, and a veto's reason).
pub async fn set_approval(
    conn: &mut SqliteConnection,
    motion: i64,
    approval: Approval,
    by: Option<i64>,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE motions SET approval = ?, approval_by = COALESCE(?, approval_by),
             approval_at = COALESCE(approval_at, ?), veto_reason = COALESCE(?, veto_reason) WHERE id = ?",
    )
    .bind(approval)
    .bind(by)
    .bind(now)
    .bind(reason)
    .bind(motion)
    .execute(conn)
    .await?;
    Ok(())
}
