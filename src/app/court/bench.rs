//! `/court panel` and `/court solo`: the Chief Justice seats a panel of three free of conflict,
//! setting a conflict aside (and recording it) only when too few Justices are free (Terms §III
//! Acts 3.3, 3.5, 3.5.1, 3.5.2, 3.7), or hears the appeal alone (Act 3.3). A panel with a
//! member who is no longer a Justice is re-seated the same way.

use crate::app::{Call, PersonRef};
use crate::domain::court::{
    check_panel, Appeal, Bench, BenchRefusal, Conflict, DiscretionaryPower, Route, SoloGround,
    WrongStage,
};
use crate::domain::kernel::authority::Power;
use crate::store;

use super::buttons::vote_buttons;
use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court panel appeal:N first:@a second:@b third:@c`.
    pub async fn seat_panel(
        &self,
        call: &Call,
        n: i64,
        chosen: &[PersonRef],
    ) -> Result<CourtOutcome, CourtError> {
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
            let court = self.justices(conn).await?;
            let conflicts = row.filing.conflicts();
            // A panel that lost a Justice is re-seated (Terms §III Act 3.3 needs a majority of
            // three who are Justices); the votes of those who sit again stay cast.
            if matches!(row.lifecycle, Appeal::Hearing(_)) {
                let (old, solo) = match &row.lifecycle {
                    Appeal::Hearing(h) => (h.bench.seats(), matches!(h.bench, Bench::Solo(_))),
                    _ => (vec![], false),
                };
                let panel = check_panel(&ids, &court, &conflicts)?;
                let set_aside = panel.conflicts_set_aside().to_vec();
                row.lifecycle = row.lifecycle.reseat_panel(&by, panel, &court, now)?;
                let new: Vec<i64> = ids.iter().copied().filter(|j| !old.contains(j)).collect();
                store::court::appeals::seat(conn, n, &new, now).await?;
                self.notice_seated(conn, n, &new).await?;
                let why = if solo {
                    "the Justice who heard it alone is no longer the Chief Justice"
                } else {
                    "a member of its panel is no longer a Justice"
                };
                let mut text = format!(
                    "Appeal #{n} is re-seated: {why}, so it is heard by a panel of {}; the votes already cast by those who sit again stand (Terms §III Acts 3.3, 3.7).",
                    self.names(conn, &ids).await?
                );
                text.push_str(&self.set_aside_text(conn, set_aside).await?);
                self.record_with(conn, n, &text, &vote_buttons(n)).await?;
                self.persist(conn, &mut row).await?;
                return Ok(CourtOutcome::Stepped { appeal: n, announced: text });
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
            self.notice_seated(conn, n, &ids).await?;
            let mut text = format!(
                "Appeal #{n} is heard by a panel of {} (Terms §III Acts 3.3, 3.7); two concurring votes decide it.",
                self.names(conn, &ids).await?
            );
            text.push_str(&self.set_aside_text(conn, set_aside).await?);
            self.record_with(conn, n, &text, &vote_buttons(n)).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
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
        power: Option<DiscretionaryPower>,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "hear an appeal solo",
                "Terms §III Act 3.3",
            )?;
            let mut row = self.appeal(conn, n).await?;
            let court = self.justices(conn).await?;
            let reseat = matches!(row.lifecycle, Appeal::Hearing(_));
            let (next, ground) =
                row.lifecycle
                    .sit_solo(&row.filing, &acting(actor), &court, power)?;
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
                "Appeal #{n} is {}heard by the Chief Justice, {}, alone{why}.",
                if reseat {
                    "re-seated, since its bench can no longer decide as seated: it is "
                } else {
                    ""
                },
                actor.name
            );
            self.record_with(conn, n, &text, &vote_buttons(n)).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped {
                appeal: n,
                announced: text,
            })
        })
        .await
    }

    /// `/court reseat appeal:N`: the whole Court that lost a Justice while it heard the appeal
    /// is seated again as it now stands (Terms §III Acts 3.5.3, 3.9); the votes of those who
    /// still sit stand, and the new bench's majority may decide at once.
    pub async fn reseat_whole_court(
        &self,
        call: &Call,
        n: i64,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "seat the whole Court again",
                "Terms §III Acts 3.7, 3.9",
            )?;
            let mut row = self.appeal(conn, n).await?;
            let court = self.justices(conn).await?;
            let before = row.lifecycle.clone();
            let old = match &before {
                Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => h.bench.seats(),
                _ => vec![],
            };
            row.lifecycle = before.reseat_whole_court(&acting(actor), &court, now)?;
            let seats: Vec<i64> = court.iter().map(|j| j.id).collect();
            let new: Vec<i64> = seats.iter().copied().filter(|j| !old.contains(j)).collect();
            store::court::appeals::seat(conn, n, &new, now).await?;
            self.notice_seated(conn, n, &new).await?;
            let gone: Vec<i64> = old.iter().copied().filter(|j| !seats.contains(j)).collect();
            let text = format!(
                "Appeal #{n} is re-seated: {} {}, so the whole Court as it now stands hears it ({}); the votes already cast by those who sit again stand, and a majority of the whole Court decides (Terms §III Acts 3.5.3, 3.9).",
                self.names(conn, &gone).await?,
                if gone.len() == 1 { "is no longer a Justice" } else { "are no longer Justices" },
                self.names(conn, &seats).await?
            );
            let decided = match (&before, &row.lifecycle) {
                (Appeal::Hearing(_), Appeal::Final { judgement, .. }) => {
                    Some((judgement.clone(), None))
                }
                (Appeal::EnBanc { panel, .. }, Appeal::Final { judgement, .. }) => {
                    Some((judgement.clone(), Some(panel.clone())))
                }
                _ => None,
            };
            let mut reply = text.clone();
            match decided {
                Some((judgement, panel)) => {
                    self.record(conn, n, &text).await?;
                    reply.push('\n');
                    reply.push_str(&self.judged(conn, &mut row, &judgement, panel.as_ref()).await?);
                }
                None => self.record_with(conn, n, &text, &vote_buttons(n)).await?,
            }
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: reply })
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
