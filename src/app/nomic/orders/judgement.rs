//! `/order judgement`: the Judge of a Point pronounces, in the voting channel (Nomic 214).

use crate::domain::kernel::button::{Button, ButtonStyle};
use crate::store;

use super::{OrderError, OrderOutcome};

/// The buttons under a Judgement: any other player may dispute it, and after a dispute agree or
/// disagree (Nomic 214). The commands decide whether a press counts, so a press out of turn or a
/// second one is refused and counts nothing.
pub fn opinion_buttons(number: i64) -> [Button; 3] {
    [
        Button::new("Dispute", "order dispute")
            .preset("point", number)
            .style(ButtonStyle::Danger),
        Button::new("Agree", "order agree")
            .preset("point", number)
            .style(ButtonStyle::Success),
        Button::new("Disagree", "order disagree")
            .preset("point", number)
            .style(ButtonStyle::Secondary),
    ]
}
use crate::app::{App, Call, PersonRef};
use crate::domain::nomic::order::{ProposalRuling, Ruling};

/// What `/order judgement` states of its effect, as typed (Nomic 214).
#[derive(Debug, Clone, Default)]
pub struct RulingInput {
    /// `takes_effect` or `void`: the effect on the Point's proposal.
    pub effect: Option<String>,
    /// The rule the proposal changes, as judged.
    pub rule: Option<i64>,
    /// The proposer's award (Nomic 203), as judged.
    pub award: Option<i64>,
    /// The winner of a tie for the win.
    pub winner: Option<PersonRef>,
}

impl App {
    /// The check before `/order judgement`'s form opens on Discord: only the Point's Judge, in
    /// time, is asked for the text (Nomic 214); anyone else is refused before typing it.
    pub async fn may_judge(&self, call: &Call, number: i64) -> Result<(), OrderError> {
        self.check_before_form(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let mut stored = self.point(conn, number).await?;
            // A window already closed counts as its job would have made it (nothing is stored).
            stored.point.run_deadlines(&game, now);
            stored.point.may_judge(&game, actor.id, now)?;
            Ok(())
        })
        .await
    }

    /// `/order judgement point text [effect] [rule] [award] [winner]`: the Judgement, and its
    /// stated effect, checked against what the Point concerns and carried out when invoked.
    pub async fn give_judgement(
        &self,
        call: &Call,
        number: i64,
        text: &str,
        input: &RulingInput,
    ) -> Result<OrderOutcome, OrderError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let game = self.nomic_game(conn).await?;
            let mut stored = self.point(conn, number).await?;
            // A window that has already closed is applied first, as its job would have.
            let late = stored.point.run_deadlines(&game, now);
            let mut said = self.announce_all(conn, &stored, &late).await?;
            stored.point.may_judge(&game, actor.id, now)?;
            let ruling = self.ruling_of(conn, input).await?;
            let about = match stored.proposal {
                Some(n) => self.proposal_for_order(conn, n).await?,
                None => None,
            };
            let tie = store::nomic::turns::tie(conn).await?;
            ruling.check(about.as_ref(), tie.as_deref())?;
            let judged = stored.point.rule_on(&game, actor.id, text, ruling, now)?;
            self.keep_point(conn, number, &stored.point).await?;
            let effect = match self.describe_ruling(conn, stored.proposal, &ruling).await? {
                Some(effect) => {
                    format!("\nIts stated effect, in force once it is invoked: {effect}.")
                }
                None => String::new(),
            };
            let post = format!(
                "Judgement on Point of Order #{number} by {}: \"{}\"{effect}\n{}",
                actor.name,
                text.trim(),
                self.tell(conn, number, &judged).await?
            );
            store::outbox::enqueue_with_buttons(
                conn,
                store::outbox::VOTING,
                &post,
                &opinion_buttons(number),
                now,
            )
            .await?;
            said.push(post);
            Ok(OrderOutcome::Announced { number, said })
        })
        .await
    }

    /// The ruling typed with a Judgement, its winner resolved to a person.
    async fn ruling_of(
        &self,
        conn: &mut sqlx::SqliteConnection,
        input: &RulingInput,
    ) -> Result<Ruling, OrderError> {
        let winner = match &input.winner {
            Some(person) => Some(person.resolve(conn, self.now()).await?.id),
            None => None,
        };
        Ok(Ruling {
            proposal: match input.effect.as_deref().map(str::trim) {
                Some("takes_effect") => Some(ProposalRuling::TakesEffect),
                Some("void") => Some(ProposalRuling::Void),
                Some(other) => return Err(OrderError::NotAnEffect(other.to_owned())),
                None => None,
            },
            rule: input.rule.and_then(|n| u32::try_from(n).ok()),
            award: input.award,
            winner,
        })
    }

    /// A Judgement's stated effect in words, for its post and `/order show`; none when it
    /// states none.
    pub(super) async fn describe_ruling(
        &self,
        conn: &mut sqlx::SqliteConnection,
        proposal: Option<i64>,
        ruling: &Ruling,
    ) -> sqlx::Result<Option<String>> {
        let mut parts = Vec::new();
        let name = proposal.map_or_else(|| "the proposal".to_owned(), |n| format!("Proposal {n}"));
        match ruling.proposal {
            Some(ProposalRuling::Void) => parts.push(format!("{name} is void")),
            Some(ProposalRuling::TakesEffect) => parts.push(format!("{name} takes effect")),
            None => {}
        }
        if let Some(rule) = ruling.rule {
            parts.push(format!("{name} changes Rule {rule}"));
        }
        if let Some(award) = ruling.award {
            parts.push(format!("its proposer's award is {award} (Nomic 203)"));
        }
        if let Some(winner) = ruling.winner {
            parts.push(format!(
                "{} wins (Nomic 210)",
                self.player_name(conn, winner).await?
            ));
        }
        Ok((!parts.is_empty()).then(|| parts.join("; ")))
    }
}
