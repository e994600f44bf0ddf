//! What the chat platform allows: Discord's limits on a message, a component's `custom_id`, a
//! button's label, the buttons on a post and the choices it offers while a member types. They are
//! Discord's numbers, not the club's rules, so they live here, beside the clock at the bottom of
//! the layers, where the domain's button and choice values, the app's autocomplete and the
//! adapters all read them. How Discord shows a moment (`<t:…>`) is the Discord adapter's
//! (`adapters/discord/timestamps.rs`).

/// The most characters in one Discord message.
pub const MESSAGE_MAX: usize = 2000;
/// The most characters in a component's `custom_id`.
pub const CUSTOM_ID_MAX: usize = 100;
/// The most characters on a button's label.
pub const BUTTON_LABEL_MAX: usize = 80;
/// Buttons in one action row.
pub const BUTTONS_PER_ROW: usize = 5;
/// Buttons on one message (five rows of five).
pub const BUTTONS_PER_MESSAGE: usize = 25;
/// The most choices Discord shows while a member types an option.
pub const CHOICES_MAX: usize = 25;
/// The most characters in a choice's label.
pub const CHOICE_LABEL_MAX: usize = 100;
