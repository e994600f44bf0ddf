//! What a context menu needs before its form opens: the member clicked (or a message's author)
//! known to gavel's record, so the form can carry them by Discord id alone, and the caller's
//! power checked, so a refusal comes before anything is typed.

use crate::app::{App, PersonRef};
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::store;

impl App {
    /// Records `who` (named by Discord's own member data) if gavel has not met them, in a
    /// transaction of its own.
    pub async fn meet(&self, who: &PersonRef) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        who.resolve(&mut tx, self.now()).await?;
        tx.commit().await
    }

    /// Whether `caller` holds `power` (the use case checks it again when it runs).
    pub async fn may_use(
        &self,
        caller: &PersonRef,
        power: Power,
        act: &'static str,
    ) -> Result<(), String> {
        let mut conn = self.pool().acquire().await.map_err(|e| e.to_string())?;
        let offices = match caller.find(&mut conn).await.map_err(|e| e.to_string())? {
            Some(p) => store::offices::offices_of(&mut conn, p.id)
                .await
                .map_err(|e| e.to_string())?,
            None => Default::default(),
        };
        power
            .require(&offices, act, "Terms §III Act 2")
            .map_err(|e: Unauthorised| e.to_string())
    }
}
