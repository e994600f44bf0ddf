//! The players of a Nomic game: their allocated days (Nomic 201), teams (Nomic 214), forfeits
//! (Nomic 115) and points, and the day the game began (Nomic 204).
//!
//! [`load`] gives the domain's [`Turns`]; [`players`] the rows behind it, with names.

use chrono::{DateTime, NaiveDate, Utc, Weekday};
use sqlx::SqliteConnection;

use crate::domain::nomic::{PlayerId, Turns};

/// One player as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// The allocated day; `None` once a forfeited player's day was given to someone else.
    pub day: Option<Weekday>,
    pub team: Option<u32>,
    pub points: i64,
    pub forfeited_at: Option<DateTime<Utc>>,
    pub discord_id: Option<i64>,
}

impl Player {
    pub fn is_playing(&self) -> bool {
        self.forfeited_at.is_none()
    }
}

type Row = (
    i64,
    String,
    Option<i64>,
    Option<i64>,
    i64,
    Option<DateTime<Utc>>,
    Option<i64>,
);

const PLAYERS: &str =
    "SELECT p.person_id, COALESCE(x.display_name, x.name), p.day, p.team, p.points, p.forfeited_at, x.discord_id
     FROM players p JOIN people x ON x.id = p.person_id";

fn player(row: Row) -> Player {
    let (id, name, day, team, points, forfeited_at, discord_id) = row;
    Player {
        id,
        name,
        day: day.and_then(weekday),
        team: team.and_then(|t| u32::try_from(t).ok()),
        points,
        forfeited_at,
        discord_id,
    }
}

fn weekday(n: i64) -> Option<Weekday> {
    u8::try_from(n).ok().and_then(|n| Weekday::try_from(n).ok())
}

fn day_number(day: Weekday) -> i64 {
    i64::from(day.num_days_from_monday())
}

/// Every player, those with a day first in the order of days (Monday first), then by name. A
/// game has a handful of players (one a weekday), so this is a small read.
pub async fn players(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Player>> {
    let rows: Vec<Row> =
        sqlx::query_as(&format!("{PLAYERS} ORDER BY p.day IS NULL, p.day, x.name"))
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(player).collect())
}

/// One player, if `id` is (or was) in the game.
pub async fn player_of(conn: &mut SqliteConnection, id: PlayerId) -> sqlx::Result<Option<Player>> {
    let row: Option<Row> = sqlx::query_as(&format!("{PLAYERS} WHERE p.person_id = ?"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(player))
}

/// The game's players as the domain needs them: allocated days, teams and forfeits. `None`
/// before anyone has been allocated a day.
pub async fn load(conn: &mut SqliteConnection) -> sqlx::Result<Option<Turns>> {
    let all = players(conn).await?;
    Ok(turns_of(&all))
}

/// The domain's [`Turns`] of stored players (those who still hold a day).
pub fn turns_of(all: &[Player]) -> Option<Turns> {
    let with_days: Vec<&Player> = all.iter().filter(|p| p.day.is_some()).collect();
    let days = with_days.iter().filter_map(|p| p.day.map(|d| (p.id, d)));
    // The store's constraints keep one day per player and one player per weekday, so the only
    // refusal here is "nobody yet".
    let turns = Turns::new(days).ok()?;
    let mut turns = turns.with_teams(with_days.iter().filter_map(|p| p.team.map(|t| (p.id, t))));
    for p in with_days.iter().filter(|p| !p.is_playing()) {
        // A forfeit of a player in the game cannot fail.
        let _ = turns.forfeit(p.id);
    }
    Some(turns)
}

/// Gives `id` the allocated day `day`, making them a player with `initial_points` if they
/// were not (Nomic 201). A forfeited player holding that day loses it (their day fell vacant,
/// Nomic 115).
pub async fn set_day(
    conn: &mut SqliteConnection,
    id: PlayerId,
    day: Weekday,
    initial_points: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE players SET day = NULL WHERE day = ? AND forfeited_at IS NOT NULL")
        .bind(day_number(day))
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO players (person_id, day, points, joined_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (person_id) DO UPDATE SET day = excluded.day",
    )
    .bind(id)
    .bind(day_number(day))
    .bind(initial_points)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Puts a player in team `team`, or in none.
pub async fn set_team(
    conn: &mut SqliteConnection,
    id: PlayerId,
    team: Option<u32>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE players SET team = ? WHERE person_id = ?")
        .bind(team.map(i64::from))
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a player's forfeit (Nomic 115).
pub async fn forfeit(
    conn: &mut SqliteConnection,
    id: PlayerId,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE players SET forfeited_at = ? WHERE person_id = ?")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets a player's points total.
pub async fn set_points(conn: &mut SqliteConnection, id: PlayerId, total: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE players SET points = ? WHERE person_id = ?")
        .bind(total)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The club day the game began: the day the first player was allocated a day (Nomic 204
/// counts circuits of turns from it).
pub async fn started_on(conn: &mut SqliteConnection) -> sqlx::Result<Option<NaiveDate>> {
    sqlx::query_scalar("SELECT started_on FROM nomic_game WHERE id = 1")
        .fetch_optional(conn)
        .await
}

/// Records the day the game began, once.
pub async fn start(conn: &mut SqliteConnection, on: NaiveDate) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO nomic_game (id, started_on) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
    )
    .bind(on)
    .execute(conn)
    .await?;
    Ok(())
}

/// The winner, if the game has one (Nomic 210).
pub async fn winner(conn: &mut SqliteConnection) -> sqlx::Result<Option<i64>> {
    let w: Option<Option<i64>> =
        sqlx::query_scalar("SELECT winner_id FROM nomic_game WHERE id = 1")
            .fetch_optional(conn)
            .await?;
    Ok(w.flatten())
}

/// Records the winner (Nomic 210).
pub async fn set_winner(
    conn: &mut SqliteConnection,
    id: PlayerId,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE nomic_game SET winner_id = ?, won_at = ? WHERE id = 1 AND winner_id IS NULL",
    )
    .bind(id)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// When rule 204's switch to a simple majority was announced, if it was (Nomic 204).
pub async fn switched_at(conn: &mut SqliteConnection) -> sqlx::Result<Option<DateTime<Utc>>> {
    let at: Option<Option<DateTime<Utc>>> =
        sqlx::query_scalar("SELECT switched_at FROM nomic_game WHERE id = 1")
            .fetch_optional(conn)
            .await?;
    Ok(at.flatten())
}

/// Records that rule 204's switch was announced.
pub async fn mark_switched(conn: &mut SqliteConnection, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("UPDATE nomic_game SET switched_at = ? WHERE id = 1")
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records that several players reached the winning total at once, for a Judge (Nomic 210,
/// 214); only the first such tie of a game is kept.
pub async fn set_tie(conn: &mut SqliteConnection, tied: &[PlayerId]) -> sqlx::Result<()> {
    let ids: Vec<String> = tied.iter().map(i64::to_string).collect();
    sqlx::query("UPDATE nomic_game SET tied_ids = ? WHERE id = 1 AND tied_ids IS NULL")
        .bind(ids.join(","))
        .execute(conn)
        .await?;
    Ok(())
}

/// The players tied for the win, if a tie awaits a Judge (Nomic 210, 214).
pub async fn tie(conn: &mut SqliteConnection) -> sqlx::Result<Option<Vec<PlayerId>>> {
    let ids: Option<Option<String>> =
        sqlx::query_scalar("SELECT tied_ids FROM nomic_game WHERE id = 1")
            .fetch_optional(conn)
            .await?;
    Ok(ids
        .flatten()
        .map(|ids| ids.split(',').filter_map(|id| id.parse().ok()).collect()))
}

/// Records the winner a Judgement on Point `point` decided (Nomic 210, 214, 215).
pub async fn set_winner_by_point(
    conn: &mut SqliteConnection,
    id: PlayerId,
    point: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE nomic_game SET winner_id = ?, won_at = ?, won_by_point = ? WHERE id = 1 AND winner_id IS NULL",
    )
    .bind(id)
    .bind(at)
    .bind(point)
    .execute(conn)
    .await?;
    Ok(())
}

/// The game's own row, as the export shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub started_on: NaiveDate,
    pub switched_at: Option<DateTime<Utc>>,
    pub winner_id: Option<PlayerId>,
    pub won_at: Option<DateTime<Utc>>,
    pub won_by_point: Option<i64>,
    pub tied_ids: Option<String>,
}

/// The game's row, if a game has begun.
pub async fn game(conn: &mut SqliteConnection) -> sqlx::Result<Option<GameRow>> {
    sqlx::query_as(
        "SELECT started_on, switched_at, winner_id, won_at, won_by_point, tied_ids FROM nomic_game WHERE id = 1",
    )
    .fetch_optional(conn)
    .await
}
