//! The offices outside the Diplomacy house rules, by the same eligibility functions their
//! appointments call: a tournament's Director and match arbiter have not entered it (ACWC
//! Organization, Match negotiations), and the Chess-Umpire is an active player (Rule 1230.2
//! §1.B).

use sqlx::SqliteConnection;

use super::Breaches;
use crate::app::App;
use crate::domain::tournament::offices;
use crate::store;

pub(super) async fn check(
    app: &App,
    conn: &mut SqliteConnection,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    for t in store::tournament::tournaments::all(conn).await? {
        for (person, may) in [
            (t.director_id, offices::may_direct as fn(&_) -> _),
            (t.arbiter_id, offices::may_arbitrate),
        ] {
            let Some(person) = person else { continue };
            let name = store::people::by_id(conn, person).await?.name;
            let standing = crate::app::tournament::standing(conn, &t, person, &name).await?;
            if let Err(e) = may(&standing) {
                breaches.push(e.to_string());
            }
        }
    }
    if let Some(g) = store::partychess::games::current(conn).await? {
        if let Some(umpire) = g.umpire_id {
            let name = store::people::by_id(conn, umpire).await?.name;
            if let Err(e) = app
                .partychess()
                .umpire_eligibility(conn, umpire, &name)
                .await?
            {
                breaches.push(e.to_string());
            }
        }
    }
    Ok(())
}
