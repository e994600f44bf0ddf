//! `/board policy board press [late_orders]` (the GM): the game's policy stated at its outset,
//! D.X.1's press rule and D.VII.3's alternative, stored with the board, announced and followed
//! by the orders and press use cases (D.I.1(b)).

use super::Diplomacy;
use super::{board, require_gm, DiplomacyError, DiplomacyOutcome};
use crate::app::Call;
use crate::domain::diplomacy::policy::{describe, may_state, Policy};
use crate::domain::diplomacy::press::PressRule;
use crate::store;

impl Diplomacy<'_> {
    /// `/board policy board press [late_orders]` (the board's GM).
    pub async fn state_policy(
        &self,
        call: &Call,
        name: &str,
        press: PressRule,
        late_orders: bool,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "state the game's policy").await?;
            let refused = |e: crate::domain::diplomacy::policy::PolicyError| {
                DiplomacyError::Refused(e.to_string())
            };
            may_state(&b.name, b.published_at.is_some() || b.deadline.is_some())
                .map_err(refused)?;
            let policy = Policy { press, late_orders };
            store::diplomacy::boards::set_rules(conn, b.id, policy.press, late_orders).await?;
            let text = format!(
                "{}: the GM states the game's policy at its outset (D.I.1(b)): {}.",
                b.name,
                describe(policy)
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}
