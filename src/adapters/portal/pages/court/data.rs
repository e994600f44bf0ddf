//! The Court's docket and one appeal, read for the portal.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::adapters::portal::record::{self, Who};
use crate::adapters::portal::words;
use crate::domain::court::{Appeal, Bench, GrantedBy, Hearing, Judgement, Opinion, Stage};
use crate::store::court::appeals::{self, AppealRow};

pub const PAGE: i64 = 50;

#[derive(Debug, Serialize)]
pub struct Docket {
    pub appeals: Vec<DocketRow>,
    pub next_before: Option<i64>,
}

#[derive(Debug, Serialize)]
pub struct DocketRow {
    pub number: i64,
    pub appellant: Who,
    pub against: Against,
    pub filed_at: DateTime<Utc>,
    #[serde(serialize_with = "crate::adapters::portal::words::key")]
    pub stage: Stage,
    pub on_the_docket: bool,
    pub next_deadline: Option<DateTime<Utc>>,
}

/// What an appeal is against. A case is linked only once declared (an undeclared one is not
/// public).
#[derive(Debug, Serialize)]
pub struct Against {
    pub case: Option<i64>,
    pub case_declared: bool,
    pub deduction: bool,
    pub matter: Option<String>,
}

async fn against(conn: &mut SqliteConnection, row: &AppealRow) -> sqlx::Result<Against> {
    let case_declared = match row.case_id {
        Some(case) => sqlx::query_scalar::<_, bool>(
            "SELECT declared_at IS NOT NULL FROM actions WHERE id = ?",
        )
        .bind(case)
        .fetch_optional(&mut *conn)
        .await?
        .unwrap_or(false),
        None => false,
    };
    Ok(Against {
        case: row.case_id,
        case_declared,
        deduction: row.deduction_id.is_some(),
        matter: row.matter.clone(),
    })
}

async fn docket_row(conn: &mut SqliteConnection, row: &AppealRow) -> sqlx::Result<DocketRow> {
    Ok(DocketRow {
        number: row.id,
        appellant: record::who(&mut *conn, row.appellant_id).await?,
        against: against(&mut *conn, row).await?,
        filed_at: row.filed_at,
        stage: row.lifecycle.stage_kind(),
        on_the_docket: row.active,
        next_deadline: row.next_deadline,
    })
}

/// A page of the docket, newest first.
pub async fn docket(conn: &mut SqliteConnection, before: Option<i64>) -> sqlx::Result<Docket> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM appeals WHERE id < ? ORDER BY id DESC LIMIT ?")
            .bind(before.unwrap_or(i64::MAX))
            .bind(PAGE)
            .fetch_all(&mut *conn)
            .await?;
    let mut out = Vec::with_capacity(ids.len());
    for id in &ids {
        if let Some(row) = appeals::by_id(&mut *conn, *id).await? {
            out.push(docket_row(&mut *conn, &row).await?);
        }
    }
    let next_before = (ids.len() as i64 == PAGE)
        .then(|| ids.last().copied())
        .flatten();
    Ok(Docket {
        appeals: out,
        next_before,
    })
}

#[derive(Debug, Serialize)]
pub struct AppealDetail {
    #[serde(flatten)]
    pub row: DocketRow,
    pub grounds: String,
    pub granted_by: Vec<Who>,
    pub refused: Option<Refusal>,
    /// The bench hearing it now, and the votes cast so far.
    pub hearing: Option<Round>,
    /// The panel's (or the Chief Justice's) judgement, and the whole Court's when reheard.
    pub judgements: Vec<Decided>,
    pub opinions: Vec<OpinionOut>,
    pub effects: Vec<String>,
    pub redecide_due_at: Option<DateTime<Utc>>,
    pub redecided_at: Option<DateTime<Utc>>,
    pub history: Vec<Moment>,
}

#[derive(Debug, Serialize)]
pub struct Refusal {
    pub by: Who,
    pub at: DateTime<Utc>,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct Round {
    pub bench: &'static str,
    pub justices: Vec<Who>,
    pub votes: Vec<VoteOut>,
}

#[derive(Debug, Serialize)]
pub struct VoteOut {
    pub justice: Who,
    pub vote: String,
    pub reasons: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
pub struct Decided {
    #[serde(flatten)]
    pub round: Round,
    pub decision: String,
    pub by_majority: bool,
    pub decided_at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
pub struct OpinionOut {
    pub en_banc: bool,
    pub due_at: DateTime<Utc>,
    pub by: Option<Who>,
    pub published_at: Option<DateTime<Utc>>,
    pub text: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Moment {
    pub at: DateTime<Utc>,
    pub text: String,
}

fn bench_name(bench: &Bench) -> &'static str {
    match bench {
        Bench::Panel(_) => "a panel of three",
        Bench::Solo(_) => "the Chief Justice alone",
        Bench::EnBanc(_) => "the whole Court, en banc",
    }
}

async fn round(
    conn: &mut SqliteConnection,
    bench: &Bench,
    ballots: &[crate::domain::court::Ballot],
) -> sqlx::Result<Round> {
    let mut votes = Vec::with_capacity(ballots.len());
    for b in ballots {
        votes.push(VoteOut {
            justice: record::who(&mut *conn, b.justice).await?,
            vote: words::vote(&b.vote),
            reasons: b.reasons.as_str().to_owned(),
            at: b.at,
        });
    }
    Ok(Round {
        bench: bench_name(bench),
        justices: record::whos(&mut *conn, &bench.seats()).await?,
        votes,
    })
}

async fn decided(conn: &mut SqliteConnection, j: &Judgement) -> sqlx::Result<Decided> {
    Ok(Decided {
        round: round(&mut *conn, &j.bench, &j.ballots).await?,
        decision: words::decision(&j.decision),
        by_majority: j.by_majority,
        decided_at: j.decided_at,
    })
}

/// One appeal, whole.
pub async fn appeal(conn: &mut SqliteConnection, n: i64) -> sqlx::Result<Option<AppealDetail>> {
    let Some(row) = appeals::by_id(&mut *conn, n).await? else {
        return Ok(None);
    };
    let granted: Vec<i64> = match &row.lifecycle {
        Appeal::AwaitingGrant { grants, .. } | Appeal::Refused { grants, .. } => {
            grants.iter().map(|g| g.justice).collect()
        }
        Appeal::Granted { by, .. } => match by {
            GrantedBy::ChiefJustice(id) => vec![*id],
            GrantedBy::TwoJustices(two) => two.to_vec(),
        },
        _ => appeals::granted_by(&mut *conn, row.id).await?,
    };
    let refused = match &row.lifecycle {
        Appeal::Refused { by, at, reason, .. } => Some(Refusal {
            by: record::who(&mut *conn, *by).await?,
            at: *at,
            reason: reason.as_str().to_owned(),
        }),
        _ => None,
    };
    let hearing: Option<&Hearing> = match &row.lifecycle {
        Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => Some(h),
        _ => None,
    };
    let hearing = match hearing {
        Some(h) => Some(round(&mut *conn, &h.bench, &h.ballots).await?),
        None => None,
    };
    let mut judgements = Vec::new();
    match &row.lifecycle {
        Appeal::Decided { judgement, .. } => judgements.push(decided(&mut *conn, judgement).await?),
        Appeal::EnBanc { panel, .. } => judgements.push(decided(&mut *conn, panel).await?),
        Appeal::Final { panel, judgement } => {
            if let Some(p) = panel {
                judgements.push(decided(&mut *conn, p).await?);
            }
            judgements.push(decided(&mut *conn, judgement).await?);
        }
        _ => {}
    }
    let mut opinions = Vec::with_capacity(row.opinions.len());
    for o in &row.opinions {
        let (by, published_at) = match o.opinion {
            Opinion::Published { by, at, .. } => {
                (Some(record::who(&mut *conn, by).await?), Some(at))
            }
            Opinion::Due { .. } => (None, None),
        };
        opinions.push(OpinionOut {
            en_banc: o.en_banc,
            due_at: o.opinion.due_at(),
            by,
            published_at,
            // Only a published opinion is public.
            text: published_at.and(o.text.clone()),
        });
    }
    let mut effects = Vec::with_capacity(row.effects.len());
    for e in &row.effects {
        effects.push(record::public_text(&mut *conn, e).await?);
    }
    let mut history = Vec::new();
    for (at, text) in appeals::steps(&mut *conn, row.id).await? {
        history.push(Moment {
            at,
            text: record::public_text(&mut *conn, &text).await?,
        });
    }
    Ok(Some(AppealDetail {
        row: docket_row(&mut *conn, &row).await?,
        grounds: row.grounds.clone(),
        granted_by: record::whos(&mut *conn, &granted).await?,
        refused,
        hearing,
        judgements,
        opinions,
        effects,
        redecide_due_at: row.redecide_due_at,
        redecided_at: row.redecided_at,
        history,
    }))
}
