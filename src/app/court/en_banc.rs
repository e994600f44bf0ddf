//! `/court en-banc`: a party asks for a judgement to be heard by the whole Court, and the Chief
//! Justice accepts or refuses (Terms §III Acts 3.9, 3.9.1); every Justice sits and conflicts do
//! not apply (Act 3.5.3). The whole Court's judgement is final (Act 3.9.2).

use crate::app::Call;
use crate::domain::court::{decision_reaches, en_banc_reaches, Unreached};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::text::Reason;
use crate::store;

use super::buttons::vote_buttons;
use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court en-banc appeal:N grounds:"..."` by a party.
    pub async fn request_en_banc(
        &self,
        call: &Call,
        n: i64,
        grounds: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let grounds = Reason::parse(grounds)?;
            let mut row = self.appeal(conn, n).await?;
            row.lifecycle = row.lifecycle.request_en_banc(&row.filing, actor.id, self.now())?;
            en_banc_reaches(&row.filing, self.unreached_now(conn, &row).await?)?;
            let text = format!(
                "Appeal #{n}: {} asks for the judgement to be heard by the whole Court en banc: {}. The Chief Justice accepts or refuses with /court en-banc-decide (Terms §III Acts 3.9, 3.9.1).",
                actor.name,
                grounds.as_str()
            );
            self.record(conn, n, &text).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
        })
        .await
    }

    /// `/court en-banc-decide appeal:N accept:true|false reason:"..."` by the Chief Justice.
    pub async fn decide_en_banc(
        &self,
        call: &Call,
        n: i64,
        accept: bool,
        reason: Option<&str>,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "accept or refuse an en banc hearing",
                "Terms §III Act 3.9.1",
            )?;
            let mut row = self.appeal(conn, n).await?;
            let by = acting(actor);
            let mut buttons = Vec::new();
            let text = if accept {
                let court = self.justices(conn).await?;
                row.lifecycle = row.lifecycle.accept_en_banc(&by, &court)?;
                en_banc_reaches(&row.filing, self.unreached_now(conn, &row).await?)?;
                let seats: Vec<i64> = court.iter().map(|j| j.id).collect();
                store::court::appeals::seat(conn, n, &seats, now).await?;
                self.notice_seated(conn, n, &seats).await?;
                buttons.extend(vote_buttons(n));
                format!(
                    "Appeal #{n} is heard en banc: the Chief Justice accepts, and every Justice sits ({}); conflicts do not apply, a majority of the whole Court decides, and its judgement is final (Terms §III Acts 3.5.3, 3.9, 3.9.2).",
                    self.names(conn, &seats).await?
                )
            } else {
                let reason = Reason::parse(reason.unwrap_or_default())?;
                row.lifecycle = row.lifecycle.refuse_en_banc(&by, reason.clone(), now)?;
                format!(
                    "Appeal #{n}: the Chief Justice refuses an en banc hearing: {}. The judgement stands (Terms §III Act 3.9.1).",
                    reason.as_str()
                )
            };
            self.record_with(conn, n, &text, &buttons).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
        })
        .await
    }
}

impl super::Court<'_> {
    /// Why no decision could reach the appeal's case now, if it is void (Terms §III Act 2.4.2).
    async fn unreached_now(
        &self,
        conn: &mut sqlx::SqliteConnection,
        row: &store::court::appeals::AppealRow,
    ) -> Result<Option<Unreached>, CourtError> {
        let Some(case) = row.case_id else {
            return Ok(None);
        };
        let action = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(CourtError::NoCase(case))?;
        Ok(decision_reaches(action.status).err())
    }
}
