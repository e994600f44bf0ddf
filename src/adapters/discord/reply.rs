//! Replies: results as messages, refusals as ephemeral replies, and no pings from typed text.

use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::Error;
use crate::app::App;
use crate::app::PersonRef;
use crate::platform::MESSAGE_MAX;

/// A Discord user, known by their id and named as the server shows them: their server
/// nickname, else their display name.
pub fn person(user: &serenity::User, nick: Option<&str>) -> PersonRef {
    let name = nick.unwrap_or_else(|| user.display_name());
    PersonRef::discord(name, user.id.get())
}

/// Lets the record follow the names Discord gives the people an interaction names (a failure
/// is logged: the command still runs, with the name the record has).
pub async fn see(app: &App, people: Vec<crate::app::PersonRef>) {
    for who in people {
        if let Err(e) = app.seen(&who).await {
            tracing::error!(error = ?e, "cannot record a member's new name");
        }
    }
}

/// Splits text into messages Discord accepts (2000 characters each), at line breaks where it
/// can, so nothing is cut off: a long history or declaration arrives as several messages.
pub fn split(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let mut line = line.to_owned();
        // A single line longer than a message is cut into message-sized pieces.
        while line.chars().count() > MESSAGE_MAX {
            let cut: String = line.chars().take(MESSAGE_MAX).collect();
            line = line.chars().skip(MESSAGE_MAX).collect();
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
            }
            parts.push(cut);
        }
        let needed =
            current.chars().count() + line.chars().count() + usize::from(!current.is_empty());
        if needed > MESSAGE_MAX && !current.is_empty() {
            parts.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(&line);
    }
    if !current.is_empty() || parts.is_empty() {
        parts.push(current);
    }
    parts
}

/// Mentions allowed in gavel's messages: none, so typed text never pings anyone.
pub fn no_pings() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
}

/// Unexpected errors: logged with their cause; the member sees a short message. gavel's own
/// commands answer every outcome themselves (`answer`), so a command error here is one gavel
/// cannot place: it does not know whether the command took effect, and says so.
pub async fn on_error(error: poise::FrameworkError<'_, App, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
            let _ = ctx
                .send(
                    CreateReply::default()
                        .content(
                            "Something went wrong on our side, and gavel cannot tell whether your \
                             command took effect: check (with /profile, /cases or /history) \
                             before trying again.",
                        )
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::UnknownInteraction {
            interaction,
            framework,
            ..
        } => {
            // A command removed or renamed since the member's client loaded the list: answer,
            // or Discord shows "The application did not respond".
            let path = command_path(interaction);
            let club = framework.user_data.config().discord.guild_id;
            let place = super::gate::Place::of(interaction.guild_id, club);
            let user = interaction.user.id;
            let text = match super::gate::admit(place, None, user, &format!("/{path}")) {
                Err(refusal) => refusal,
                Ok(()) => {
                    tracing::warn!(command = %path, "an interaction for a command gavel does not have");
                    format!(
                        "gavel no longer has /{path}; its commands are being refreshed: try \
                         again in a moment, or see /help."
                    )
                }
            };
            let reply = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(text)
                    .ephemeral(true)
                    .allowed_mentions(no_pings()),
            );
            if let Err(e) = interaction
                .create_response(framework.serenity_context, reply)
                .await
            {
                tracing::error!(error = ?e, "cannot answer an unknown interaction");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = ?e, "error while handling an error");
            }
        }
    }
}

/// The command as the member typed it: its name, then its group and subcommand if any.
fn command_path(interaction: &serenity::CommandInteraction) -> String {
    let mut path = interaction.data.name.clone();
    let mut options = &interaction.data.options;
    while let Some(option) = options.first() {
        match &option.value {
            serenity::CommandDataOptionValue::SubCommand(inner)
            | serenity::CommandDataOptionValue::SubCommandGroup(inner) => {
                path.push(' ');
                path.push_str(&option.name);
                options = inner;
            }
            _ => break,
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_split_at_lines_and_nothing_is_lost() {
        let line = "x".repeat(900);
        let text = [line.as_str(); 5].join("\n");
        let parts = split(&text);
        assert_eq!(parts.len(), 3);
        assert!(parts.iter().all(|p| p.chars().count() <= MESSAGE_MAX));
        assert_eq!(parts.join("\n"), text);
    }

    #[test]
    fn an_overlong_line_is_cut_into_pieces() {
        let text = "y".repeat(4500);
        let parts = split(&text);
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            vec![2000, 2000, 500]
        );
    }

    fn user(global_name: Option<&str>) -> serenity::User {
        serde_json::from_value(serde_json::json!({
            "id": "42", "username": "bob_1999", "global_name": global_name,
            "discriminator": "0", "avatar": null
        }))
        .expect("a user")
    }

    #[test]
    fn a_person_is_their_id_named_by_nickname_then_display_name_then_username() {
        let named = person(&user(Some("Bob")), Some("Captain Bob"));
        assert_eq!(
            (named.name.as_str(), named.discord_id),
            ("Captain Bob", Some(42))
        );
        assert_eq!(person(&user(Some("Bob")), None).name, "Bob");
        assert_eq!(person(&user(None), None).name, "bob_1999");
    }

    #[test]
    fn short_text_is_one_message() {
        assert_eq!(split("hello"), vec!["hello".to_owned()]);
    }
}
