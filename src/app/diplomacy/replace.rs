//! `/board replace` (the board's GM or the TD): a permanent replacement takes a position, within
//! B.9's three games a round and the committees' eligibility (A.4, A.8); a position held
//! under a 1901 NMR is released, so the results may follow (D.VII.6b, B.8).

use super::{board, parse_power, power_of, require_gm, DiplomacyError, DiplomacyReply};
use crate::app::{App, Call, PersonRef};
use crate::domain::committee::eligibility::may_play;
use crate::domain::diplomacy::replacement::check_load;
use crate::store;

impl App {
    /// `/board replace board power member`.
    pub async fn replace_dip_player(
        &self,
        call: &Call,
        name: &str,
        power: &str,
        member: &PersonRef,
    ) -> Result<DiplomacyReply, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "replace a player").await?;
            if b.status == "finished" {
                return Err(DiplomacyError::Finished(
                    b.name,
                    "no more replacements".into(),
                ));
            }
            let power = parse_power(power)?;
            let position = store::diplomacy::boards::positions(conn, b.id)
                .await?
                .into_iter()
                .find(|p| power_of(&p.power) == power)
                .ok_or_else(|| {
                    DiplomacyError::Refused(format!("No one holds {power} on {}.", b.name))
                })?;
            let person = member.resolve(conn, self.now()).await?;
            let offices = store::offices::offices_of(conn, person.id).await?;
            may_play(&person.name, &offices)?;
            let held = store::diplomacy::boards::held_in_round(conn, person.id, b.round).await?;
            check_load(&person.name, held as u32, held as u32, true)
                .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            store::diplomacy::boards::replace_holder(conn, position.id, person.id).await?;
            store::committee::teams::unseat(conn, &b.name, position.person_id, self.now()).await?;
            store::committee::teams::seat(conn, &b.name, person.id, self.now()).await?;
            let released = b.results_held;
            if released {
                store::diplomacy::boards::set_held(conn, b.id, false).await?;
            }
            let text = format!(
                "{}: {} replaces {} as {power}, permanently (B.7, B.8){}.",
                b.name,
                person.name,
                position.person_name,
                if released {
                    "; the results of 1901 may now be published (D.VII.6b)"
                } else {
                    ""
                }
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyReply(text))
        })
        .await
    }
}
