//! Requests to Discord's REST API that gavel must see fail in full: the outbox's posts and the
//! replies to interactions. With serenity's rate limiter on, requests go through it (it waits
//! out a 429 itself); with it off (a proxy), gavel reads the answer itself, because serenity's
//! error then keeps neither the body's `retry_after` nor the `Retry-After` header.

use std::sync::{Arc, LazyLock};
use std::time::Duration as StdDuration;

use chrono::Duration;
use poise::serenity_prelude as serenity;
use serenity::http::{HttpError, LightMethod, Request, Route};

/// The longest wait between retries, and between retries of a post Discord refuses for good
/// (someone may grant the permission or fix the channel id).
pub const MAX_BACKOFF: Duration = Duration::minutes(10);
/// The first wait after a server error; it doubles with each further server error of the post.
const FIRST_BACKOFF: Duration = Duration::seconds(2);

/// One HTTP client for every request gavel sends itself (connections are pooled).
static CLIENT: LazyLock<reqwest::Client> = LazyLock::new(reqwest::Client::new);

/// Sends requests to Discord and reads the answers.
#[derive(Clone)]
pub struct Rest {
    pub http: Arc<serenity::Http>,
}

impl Rest {
    pub fn new(http: Arc<serenity::Http>) -> Self {
        Self { http }
    }

    /// Sends one request, with a JSON body if given, and reads Discord's answer: its JSON body
    /// (`Null` for 204 No Content), or why it failed.
    pub async fn call(
        &self,
        route: Route<'_>,
        method: LightMethod,
        body: Option<&(impl serde::Serialize + ?Sized)>,
    ) -> Result<serde_json::Value, Failure> {
        let body = body
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| Failure::Refused(e.to_string()))?;
        let request = Request::new(route, method).body(body);
        let response = if self.http.ratelimiter.is_some() {
            match self.http.request(request).await {
                Ok(response) => response,
                Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e))) => {
                    let what = format!(
                        "{} {} (code {})",
                        e.status_code, e.error.message, e.error.code
                    );
                    return Err(Failure::classify(e.status_code.as_u16(), None, what));
                }
                Err(e) => return Err(Failure::Unavailable(e.to_string())),
            }
        } else {
            let built = request
                .build(&CLIENT, self.http.token(), self.http.proxy.as_deref())
                .map_err(|e| Failure::Refused(e.to_string()))?
                .build()
                .map_err(|e| Failure::Refused(e.to_string()))?;
            CLIENT
                .execute(built)
                .await
                .map_err(|e| Failure::Unavailable(e.to_string()))?
        };
        read_answer(response).await
    }
}

/// Reads an answer: its JSON body, or why it failed and when to try again.
async fn read_answer(response: reqwest::Response) -> Result<serde_json::Value, Failure> {
    let status = response.status();
    let header = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok());
    let bytes = response
        .bytes()
        .await
        .map_err(|e| Failure::Unavailable(e.to_string()))?;
    let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
    if status.is_success() {
        return Ok(body);
    }
    // The body's `retry_after` is in fractional seconds; the header rounds it up.
    let retry_after = body["retry_after"].as_f64().or(header);
    let what = match (body["message"].as_str(), body["code"].as_i64()) {
        (Some(message), Some(code)) => format!("{status} {message} (code {code})"),
        (Some(message), None) => format!("{status} {message}"),
        _ => status.to_string(),
    };
    Err(Failure::classify(status.as_u16(), retry_after, what))
}

/// Why a request to Discord failed, which says when to try again.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// 429: Discord says when (`retry_after`, seconds).
    RateLimited {
        retry_after: Option<f64>,
        what: String,
    },
    /// A server error or no answer: it may work in a moment.
    Unavailable(String),
    /// Any other 4xx (403 missing permission, 404 unknown channel): it will not work until
    /// someone acts, so it is reported loudly and tried again only now and then.
    Refused(String),
}

impl Failure {
    pub fn classify(status: u16, retry_after: Option<f64>, what: String) -> Self {
        match status {
            429 => Self::RateLimited { retry_after, what },
            408 | 500..=599 => Self::Unavailable(what),
            _ => Self::Refused(what),
        }
    }

    pub fn is_permanent(&self) -> bool {
        matches!(self, Self::Refused(_))
    }

    /// Whether Discord answered with this JSON error code (`10008` unknown message, `40060`
    /// interaction already acknowledged...).
    pub fn has_code(&self, code: i64) -> bool {
        let what = match self {
            Self::RateLimited { what, .. } | Self::Unavailable(what) | Self::Refused(what) => what,
        };
        what.contains(&format!("(code {code})"))
    }

    /// Whether this failure counts toward the doubling backoff: a server error or no answer
    /// does; a 429 (Discord said how long to wait) and a refusal do not.
    pub fn is_server_error(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }

    /// How long to wait before the next attempt, after `server_errors` earlier server errors of
    /// the same post. A 429 waits exactly its `retry_after` (2 s when Discord gave none), however
    /// many attempts came before; a server error waits 2 s, doubling with each server error
    /// before it, at most 10 minutes; a refusal waits 10 minutes.
    pub fn wait(&self, server_errors: i64) -> Duration {
        match self {
            Self::RateLimited {
                retry_after: Some(s),
                ..
            } if s.is_finite() && *s >= 0.0 => Duration::from_std(StdDuration::from_secs_f64(*s))
                .map_or(MAX_BACKOFF, |d| d.min(MAX_BACKOFF)),
            Self::RateLimited { .. } => FIRST_BACKOFF,
            Self::Unavailable(_) => {
                (FIRST_BACKOFF * (1i32 << server_errors.clamp(0, 9))).min(MAX_BACKOFF)
            }
            Self::Refused(_) => MAX_BACKOFF,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RateLimited { what, .. } => write!(f, "rate limited: {what}"),
            Self::Unavailable(what) => write!(f, "Discord unavailable: {what}"),
            Self::Refused(what) => write!(
                f,
                "refused by Discord, will not succeed until fixed: {what}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks: a 429 waits exactly its `retry_after` (2 s without one) whatever came before; a
    /// server error backs off 2 s doubling with the server errors before it, at most 10
    /// minutes; a refusal (403, 404) waits 10 minutes at once.
    #[test]
    fn each_failure_waits_as_discord_advises() {
        let limited = Failure::classify(429, Some(0.25), "429".into());
        assert_eq!(limited.wait(0), Duration::milliseconds(250));
        assert_eq!(limited.wait(5), Duration::milliseconds(250));
        let blind = Failure::classify(429, None, "429".into());
        assert_eq!(blind.wait(0), Duration::seconds(2));
        assert_eq!(blind.wait(4), Duration::seconds(2));
        let down = Failure::classify(502, None, "502".into());
        assert_eq!(down.wait(0), Duration::seconds(2));
        assert_eq!(down.wait(1), Duration::seconds(4));
        assert_eq!(down.wait(30), MAX_BACKOFF);
        for status in [403, 404, 400] {
            let refused = Failure::classify(status, None, status.to_string());
            assert!(refused.is_permanent(), "{status}");
            assert!(!refused.is_server_error(), "{status}");
            assert_eq!(refused.wait(0), MAX_BACKOFF);
        }
        assert!(!down.is_permanent() && !limited.is_permanent());
        assert!(down.is_server_error() && !limited.is_server_error());
    }

    /// Checks: a post that meets three 429s (`retry_after` 0.6 s) and then two 500s waits
    /// 0.6 + 0.6 + 0.6 + 2 + 4 = 7.8 s in all: the 429s do not advance the doubling meant for
    /// server errors (counting them made the 500s wait 16 s and 32 s, 49.8 s in all).
    #[test]
    fn rate_limits_do_not_lengthen_the_backoff_after_a_server_error() {
        let answers = [
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(500, None, "500".into()),
            Failure::classify(500, None, "500".into()),
        ];
        let mut server_errors = 0;
        let mut waits = Vec::new();
        for failure in &answers {
            waits.push(failure.wait(server_errors));
            server_errors += i64::from(failure.is_server_error());
        }
        let ms: Vec<i64> = waits.iter().map(|w| w.num_milliseconds()).collect();
        assert_eq!(ms, [600, 600, 600, 2000, 4000]);
        assert_eq!(waits.iter().sum::<Duration>(), Duration::milliseconds(7800));
    }
}
