//! Teams and game seats: the small API the Diplomacy offices' eligibility reads (house rules
//! A.4, A.8, A.10) and the tournament's own commands extend.
//!
//! - A team has a unique name; people belong to it as `player`, `captain`, `gm` (non-playing)
//!   or `reserve` (A.1). Leaving ends a membership; history is kept.
//! - A game is named by text ("R1 Board 3"); `game_seats` says who plays in it. GMs and
//!   Observers of a game are offices (`office_terms.game`), not seats.
//! - Reads: `teams_of` (a person's current teams), `team_mates` (everyone sharing a team),
//!   `members_of`, `plays_anywhere`, `players_of`. Writes: `create`, `join`, `leave`, `seat`,
//!   `unseat`.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::states::TeamRole;

/// Creates a team; returns its id.
pub async fn create(
    conn: &mut SqliteConnection,
    name: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar("INSERT INTO teams (name, created_at) VALUES (?, ?) RETURNING id")
        .bind(name)
        .bind(now)
        .fetch_one(conn)
        .await?;
    Ok(id)
}

/// A team's id by name.
pub async fn find(conn: &mut SqliteConnection, name: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM teams WHERE name = ?")
        .bind(name)
        .fetch_optional(conn)
        .await
}

/// Adds someone to a team in a role.
pub async fn join(
    conn: &mut SqliteConnection,
    team: i64,
    person: i64,
    role: TeamRole,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO team_members (team_id, person_id, role, joined_at) VALUES (?, ?, ?, ?)",
    )
    .bind(team)
    .bind(person)
    .bind(role)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends someone's membership of a team.
pub async fn leave(
    conn: &mut SqliteConnection,
    team: i64,
    person: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE team_members SET left_at = ? WHERE team_id = ? AND person_id = ? AND left_at IS NULL")
        .bind(now)
        .bind(team)
        .bind(person)
        .execute(conn)
        .await?;
    Ok(())
}

/// Who belongs to a team now (ids).
pub async fn members_of(conn: &mut SqliteConnection, team: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT person_id FROM team_members WHERE team_id = ? AND left_at IS NULL ORDER BY id",
    )
    .bind(team)
    .fetch_all(conn)
    .await
}

/// The names of the teams someone belongs to now.
pub async fn teams_of(conn: &mut SqliteConnection, person: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT t.name FROM team_members m JOIN teams t ON t.id = m.team_id
         WHERE m.person_id = ? AND m.left_at IS NULL ORDER BY t.name",
    )
    .bind(person)
    .fetch_all(conn)
    .await
}

/// Everyone who shares a team with `person` now (not `person`): (id, name).
pub async fn team_mates(
    conn: &mut SqliteConnection,
    person: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT DISTINCT p.id, COALESCE(p.display_name, p.name) FROM team_members mine
         JOIN team_members theirs ON theirs.team_id = mine.team_id AND theirs.left_at IS NULL
         JOIN people p ON p.id = theirs.person_id
         WHERE mine.person_id = ?1 AND mine.left_at IS NULL AND theirs.person_id <> ?1
         ORDER BY p.id",
    )
    .bind(person)
    .fetch_all(conn)
    .await
}

/// Seats someone to play in a game.
pub async fn seat(
    conn: &mut SqliteConnection,
    game: &str,
    person: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO game_seats (game, person_id, seated_at) VALUES (?, ?, ?)")
        .bind(game)
        .bind(person)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends someone's seat in a game.
pub async fn unseat(
    conn: &mut SqliteConnection,
    game: &str,
    person: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE game_seats SET left_at = ? WHERE game = ? AND person_id = ? AND left_at IS NULL",
    )
    .bind(now)
    .bind(game)
    .bind(person)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether someone plays in any game now.
pub async fn plays_anywhere(conn: &mut SqliteConnection, person: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_seats WHERE person_id = ? AND left_at IS NULL)",
    )
    .bind(person)
    .fetch_one(conn)
    .await
}

/// Who plays in a game now: (id, name).
pub async fn players_of(
    conn: &mut SqliteConnection,
    game: &str,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT p.id, COALESCE(p.display_name, p.name) FROM game_seats s JOIN people p ON p.id = s.person_id
         WHERE s.game = ? AND s.left_at IS NULL ORDER BY s.seated_at, s.id",
    )
    .bind(game)
    .fetch_all(conn)
    .await
}

/// Every team membership and seat ever recorded, for the export:
/// (team, person, role, joined, left).
pub async fn memberships(
    conn: &mut SqliteConnection,
) -> sqlx::Result<
    Vec<(
        String,
        String,
        TeamRole,
        DateTime<Utc>,
        Option<DateTime<Utc>>,
    )>,
> {
    sqlx::query_as(
        "SELECT t.name, COALESCE(p.display_name, p.name), m.role, m.joined_at, m.left_at
         FROM team_members m JOIN teams t ON t.id = m.team_id JOIN people p ON p.id = m.person_id
         ORDER BY m.id",
    )
    .fetch_all(conn)
    .await
}

/// Every game seat ever recorded, for the export: (game, person, seated, left).
pub async fn seats(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(String, String, DateTime<Utc>, Option<DateTime<Utc>>)>> {
    sqlx::query_as(
        "SELECT s.game, COALESCE(p.display_name, p.name), s.seated_at, s.left_at
         FROM game_seats s JOIN people p ON p.id = s.person_id ORDER BY s.id",
    )
    .fetch_all(conn)
    .await
}

/// The games in play with no Tournament Observer, in the order they were dealt: the TD "will
/// ... make sure that each game has a Tournament Observer" (house rules A.9).
pub async fn games_without_observer(conn: &mut SqliteConnection) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT b.name FROM dip_boards b WHERE b.status = ? AND NOT EXISTS (
             SELECT 1 FROM office_terms t
             WHERE t.office = ? AND t.game = b.name AND t.ended_at IS NULL)
         ORDER BY b.id",
    )
    .bind(crate::domain::diplomacy::states::BoardStatus::Playing)
    .bind(crate::domain::kernel::office::Office::Observer.key())
    .fetch_all(conn)
    .await
}
