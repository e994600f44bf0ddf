//! The private notice to the member a case is about, written with the case's public
//! declaration: what was done, why, until when, the Act, and an Appeal button.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::domain::kernel::calendar;
use crate::domain::notify::case::{case_notice, CaseFacts};
use crate::domain::notify::Notice;
use crate::store::moderation::actions::Action;

/// The button under the notice: `/court appeal` for this case, its grounds asked in a form.
pub fn appeal_button(case: i64) -> Button {
    Button::new("Appeal", "court appeal")
        .preset("case", case)
        .style(ButtonStyle::Primary)
}

impl App {
    /// Tells the member `action` is about (when they allow it) that it was declared, in the
    /// transaction that writes the public declaration.
    pub(crate) async fn notice_case(
        &self,
        conn: &mut SqliteConnection,
        action: &Action,
        what: &str,
        reasoning: &str,
    ) -> sqlx::Result<bool> {
        let Some(member) = action.target_id else {
            return Ok(false);
        };
        let tz = self.tz();
        let facts = CaseFacts {
            case: action.id,
            kind: action.kind,
            what,
            reasoning,
            until: action
                .ends_at
                .map(|end| calendar::show_date(calendar::local_date(end, tz))),
            appealable: action.appealable,
        };
        let Some(text) = case_notice(&facts) else {
            return Ok(false);
        };
        let buttons = if action.appealable {
            vec![appeal_button(action.id)]
        } else {
            vec![]
        };
        self.send_notice(conn, member, Notice::Case, &text, &buttons)
            .await
    }
}

impl App {
    /// Whether `caller` may use a case notice's Appeal button for `case`: only the member the
    /// case is about received it, so only they may press it (a direct message's press is
    /// otherwise unproven). Reads only. The refusal names the way anyone may appeal.
    pub async fn check_notice_press(
        &self,
        caller: &crate::app::PersonRef,
        case: Option<i64>,
    ) -> Result<(), String> {
        let refusal = |case: String| {
            format!("Only the member {case} is about may appeal it from this message; anyone may appeal in the server with /court appeal (Terms §III Act 3). Nothing was done.")
        };
        let Some(case) = case else {
            return Err(refusal("the case".into()));
        };
        let mut conn = self.pool().acquire().await.map_err(|e| e.to_string())?;
        let who = caller.find(&mut conn).await.map_err(|e| e.to_string())?;
        let action = crate::store::moderation::actions::by_id(&mut conn, case)
            .await
            .map_err(|e| e.to_string())?;
        match (who, action) {
            (Some(p), Some(a)) if a.target_id == Some(p.id) => Ok(()),
            _ => Err(refusal(format!("case #{case}"))),
        }
    }
}
