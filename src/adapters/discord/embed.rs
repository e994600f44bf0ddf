//! Cards on Discord: a post's or a reply's card (`look`) as an embed, sent
//! beside the same words as plain content (notifications and screen readers read the content).

use poise::serenity_prelude as serenity;

use super::look::Card;

/// The embed showing `card`.
pub fn embed(card: &Card) -> serenity::CreateEmbed {
    let mut embed = serenity::CreateEmbed::new()
        .colour(card.colour)
        .title(&card.title)
        .footer(serenity::CreateEmbedFooter::new(&card.footer));
    if !card.description.is_empty() {
        embed = embed.description(&card.description);
    }
    for (name, value) in &card.fields {
        embed = embed.field(name, value, false);
    }
    embed
}

/// The embed of an announcement to the outbox channel `channel` (its text as Discord shows it).
pub fn for_post(channel: &str, text: &str) -> serenity::CreateEmbed {
    embed(&super::look::announcement(channel, text))
}

/// The embed of the answer to `/path` (its words as Discord shows them).
pub fn for_reply(path: &str, said: &crate::commands::Said) -> serenity::CreateEmbed {
    let rule = crate::commands::find(path).map_or("", |c| c.rule);
    embed(&super::look::reply(path, rule, said))
}
