//! `/tournament fetch`: an account's facts from Lichess's public API (`[tournament]
//! lichess_url`), with a polite client: one request at a time, a pause between them, a timeout,
//! gavel's name in the User-Agent, and a 429 answered by waiting rather than retrying at once.
//! The answers go to `domain::tournament::lichess`; the facts are then recorded as the Director
//! would type them. No transaction is held while Lichess answers.

use std::time::Duration;

use super::{parameters, FactsRecorded, TournamentError};
use crate::app::Call;
use crate::domain::tournament::lichess::{self, Facts};

/// The variant the ACWC plays.
const VARIANT: &str = "Antichess";
/// Lichess asks API users for one request at a time; gavel also pauses between them.
const PAUSE: Duration = Duration::from_millis(500);
const TIMEOUT: Duration = Duration::from_secs(10);

impl super::Tournament<'_> {
    /// Fetches one answer; `Err` says what went wrong in the Director's words.
    async fn lichess_get(
        client: &reqwest::Client,
        url: &str,
        accept: &str,
    ) -> Result<String, TournamentError> {
        let failed = |why: String| TournamentError::Lichess(why);
        let response = client
            .get(url)
            .header("Accept", accept)
            .send()
            .await
            .map_err(|e| failed(format!("Lichess did not answer ({e})")))?;
        match response.status().as_u16() {
            200 => {}
            404 => return Err(failed("Lichess has no such account".into())),
            429 => {
                return Err(failed(
                    "Lichess asks gavel to slow down; try again in a minute".into(),
                ))
            }
            code => return Err(failed(format!("Lichess answered {code}"))),
        }
        tokio::time::sleep(PAUSE).await;
        response
            .text()
            .await
            .map_err(|e| failed(format!("Lichess's answer was cut short ({e})")))
    }

    /// The account's facts as Lichess shows them for the tournament's dates.
    async fn lichess_facts(
        &self,
        base: &str,
        account: &str,
        id: i64,
    ) -> Result<Facts, TournamentError> {
        let mut conn = self.pool().acquire().await?;
        let t = self.load(&mut conn, id).await?;
        drop(conn);
        let params = parameters(&t);
        let Some(date) = params.games_before else {
            return Err(TournamentError::NoRequirements(id));
        };
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .user_agent(concat!(
                "gavel/",
                env!("CARGO_PKG_VERSION"),
                " (tournament eligibility)"
            ))
            .build()
            .map_err(|e| TournamentError::Lichess(e.to_string()))?;
        let base = base.trim_end_matches('/');
        let name = urlencoding(account);
        let user = Self::lichess_get(
            &client,
            &format!("{base}/api/user/{name}"),
            "application/json",
        )
        .await?;
        let history = Self::lichess_get(
            &client,
            &format!("{base}/api/user/{name}/rating-history"),
            "application/json",
        )
        .await?;
        let games = Self::lichess_get(
            &client,
            &format!(
                "{base}/api/games/user/{name}?until={}&perfType=antichess&rated=true&max={}&moves=false",
                date.timestamp_millis(),
                params.min_rated_games.max(1)
            ),
            "application/x-ndjson",
        )
        .await?;
        lichess::facts(&user, &history, lichess::count_games(&games), VARIANT, date)
            .map_err(|e| TournamentError::Lichess(e.to_string()))
    }

    /// `/tournament fetch`: the Director has gavel read an account's facts from Lichess and
    /// record them, as `/tournament facts` would.
    pub async fn fetch_facts(
        &self,
        call: &Call,
        id: i64,
        account: &str,
    ) -> Result<FactsRecorded, TournamentError> {
        let Some(base) = self.config().tournament.lichess_url.clone() else {
            return Err(TournamentError::NoLichess);
        };
        // The Director's office and the account are checked before anyone asks Lichess.
        self.check_before_form(call, async |conn, actor| {
            let t = self
                .directed(conn, id, actor, "fetch an account's facts")
                .await?;
            if t.stage != crate::domain::tournament::stages::Stage::Entries {
                return Err(TournamentError::FactsFrozen(id));
            }
            self.entrant(conn, id, account).await.map(drop)
        })
        .await?;
        let facts = self.lichess_facts(&base, account.trim(), id).await?;
        // A mark Lichess shows is recorded, undated, so that the eligibility rule holds the
        // account back until the Director records when it was made.
        self.record_facts_seen(
            call,
            id,
            account,
            facts.created.date_naive(),
            facts.rated_games,
            facts.rating,
            facts.peak,
            None,
            Some(facts.marked),
        )
        .await
    }
}

/// An account name in a URL path: Lichess names are letters, digits, `_` and `-`; anything
/// else is escaped.
fn urlencoding(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'-' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
