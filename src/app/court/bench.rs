//! `/court panel` and `/court solo`: the Chief Justice seats a panel of three free of conflict,
//! setting a conflict aside (and recording it) only when too few Justices are free (Terms §III
//! Acts 3.3, 3.5, 3.5.1, 3.5.2, 3.7), or hears the appeal alone (Act 3.3). A panel with a
//! member who is no longer a Justice is re-seated the same way.

use crate::app::{App, Call, PersonRef};
use crate::domain::court::{
    check_panel, Appeal, BenchRefusal, Conflict, DiscretionaryPower, Route, SoloGround, WrongStage,
};
use crate::domain::kernel::authority::Power;
use crate::store;

use super::buttons::vote_buttons;
use super::{acting, CourtError, CourtReply};

impl App {
    /// `/court panel appeal:N first:@a second:@b third:@c`.
    pub async fn seat_panel(
        &self,
        call: &Call,
        n: i64,
        chosen: &[PersonRef],
    ) -> Result<CourtReply, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(&actor.offices, "choose the panel", "Terms §III Act 3.7")?;
            let mut row = self.appeal(conn, n).await?;
            let mut ids = Vec::with_capacity(chosen.len());
            for p in chosen {
                let person = p
                    .find(conn)
                    .await?
                    .ok_or_else(|| CourtError::Unknown(p.name.clone()))?;
                ids.push(person.id);
            }
            let by = acting(actor);
            let court = self.court(conn).await?;
            let conflicts = row.filing.conflicts();
            // A panel that lost a Justice is re-seated (Terms §III Act 3.3 needs a majority of
            // three who are Justices); the votes of those who sit again stay cast.
            if matches!(row.lifecycle, Appeal::Hearing(_)) {
                let old = match &row.lifecycle {
                    Appeal::Hearing(h) => h.bench.seats(),
                    _ => vec![],
                };
                let panel = check_panel(&ids, &court, &conflicts)?;
                let set_aside = panel.conflicts_set_aside().to_vec();
                row.lifecycle = row.lifecycle.reseat_panel(&by, panel, &court)?;
                let new: Vec<i64> = ids.iter().copied().filter(|j| !old.contains(j)).collect();
                store::court::appeals::seat(conn, n, &new, now).await?;
                let mut text = format!(
                    "Appeal #{n} is re-seated: a member of its panel is no longer a Justice, so it is heard by a panel of {}; the votes already cast by those who sit again stand (Terms §III Acts 3.3, 3.7).",
                    self.names(conn, &ids).await?
                );
                text.push_str(&self.set_aside_text(conn, set_aside).await?);
                self.record_with(conn, n, &text, &vote_buttons(n)).await?;
                self.persist(conn, &mut row).await?;
                return Ok(CourtReply(text));
            }
            // The stage and route first: a panel is chosen only for a granted panel-route appeal.
            if !matches!(row.lifecycle, Appeal::Granted { .. }) {
                return Err(BenchRefusal::from(WrongStage {
                    stage: row.lifecycle.stage(),
                    wanted: "given a bench",
                })
                .into());
            }
            if row.filing.route == Route::EnBanc {
                return Err(BenchRefusal::EnBancRoute.into());
            }
            let panel = check_panel(&ids, &court, &conflicts)?;
            let set_aside = panel.conflicts_set_aside().to_vec();
            row.lifecycle = row.lifecycle.seat_panel(&by, panel)?;
            store::court::appeals::seat(conn, n, &ids, now).await?;
            let mut text = format!(
                "Appeal #{n} is heard by a panel of {} (Terms §III Acts 3.3, 3.7); two concurring votes decide it.",
                self.names(conn, &ids).await?
            );
            text.push_str(&self.set_aside_text(conn, set_aside).await?);
            self.record_with(conn, n, &text, &vote_buttons(n)).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtReply(text))
        })
        .await
    }

    /// `/court solo appeal:N [power:...]`: the Chief Justice hears it alone, exercising the
    /// discretionary power named, or because no panel of three can be formed (Terms §III Act
    /// 3.3).
    pub async fn sit_solo(
        &self,
        call: &Call,
        n: i64,
        power: Option<&str>,
    ) -> Result<CourtReply, CourtError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(&actor.offices, "hear an appeal solo", "Terms §III Act 3.3")?;
            let power = match power {
                Some(word) => Some(DiscretionaryPower::from_word(word).ok_or_else(|| {
                    CourtError::BadVote(format!(
                        "`{word}` is not a discretionary power of the Chief Justice: {} (Terms §III Act 3.3).",
                        DiscretionaryPower::WORDS.join(", ")
                    ))
                })?),
                None => None,
            };
            let mut row = self.appeal(conn, n).await?;
            let court = self.court(conn).await?;
            let (next, ground) = row.lifecycle.sit_solo(&row.filing, &acting(actor), &court, power)?;
            row.lifecycle = next;
            store::court::appeals::seat(conn, n, &[actor.id], self.now()).await?;
            let why = match ground {
                SoloGround::Power(p) => format!(
                    ", exercising the discretionary power of Terms {} ({}) (Terms §III Act 3.3)",
                    p.act(),
                    p.describe()
                ),
                SoloGround::NoPanel => {
                    ": no panel of three can be formed (Terms §III Acts 3.3, 3.5.1)".to_owned()
                }
            };
            let text = format!(
                "Appeal #{n} is heard by the Chief Justice, {}, alone{why}.",
                actor.name
            );
            self.record_with(conn, n, &text, &vote_buttons(n)).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtReply(text))
        })
        .await
    }

    /// What a seating says of each conflict set aside because too few Justices were free of
    /// conflict (Terms §III Act 3.5.1).
    async fn set_aside_text(
        &self,
        conn: &mut sqlx::SqliteConnection,
        set_aside: Vec<(i64, Conflict)>,
    ) -> sqlx::Result<String> {
        let mut text = String::new();
        for (justice, conflict) in set_aside {
            text.push_str(&format!(
                " {}'s conflict ({}) is set aside: too few Justices are free of conflict (Terms §III Act 3.5.1).",
                self.name(conn, justice).await?,
                conflict.describe()
            ));
        }
        Ok(text)
    }
}
