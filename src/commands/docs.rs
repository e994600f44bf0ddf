//! What the table says about itself: `/help` and the book's command tables.

use super::{sections, CommandSpec};

/// How a command is typed: `/mod declare case:N reasoning:"..."`.
pub fn usage(command: &CommandSpec) -> String {
    let mut line = format!("/{}", command.path);
    for option in &command.options {
        line.push(' ');
        line.push_str(&option.usage());
    }
    line
}

/// The `/help` text: every command with its options, by section.
pub fn help() -> String {
    let mut lines = vec![
        "Commands (options are name:value, people are @name, [brackets] are optional):".to_owned(),
    ];
    for section in sections() {
        lines.push(String::new());
        lines.push(format!("{}:", section.heading));
        for command in &section.commands {
            lines.push(format!("{}  ({})", usage(command), command.who));
        }
    }
    lines.push(String::new());
    lines.push("On Discord, right-click a member or a message, Apps:".to_owned());
    for menu in super::menus::MENUS {
        lines.push(format!(
            "{} (on a {}): /{}  ({})",
            menu.name,
            target_word(menu.target),
            menu.runs,
            menu.who
        ));
    }
    lines.join("\n")
}

/// The book's command tables of the sections with these headings, one per section in table
/// order: each chapter holds its own sections' tables (a test keeps the book equal to this).
pub fn markdown_tables(headings: &[&str]) -> String {
    let mut out = String::new();
    for section in sections().iter().filter(|s| headings.contains(&s.heading)) {
        out.push_str(&format!("**{}**", section.heading));
        if !section.note.is_empty() {
            out.push_str(&format!(" ({})", section.note));
        }
        out.push_str("\n\n| command | who | rule |\n|---|---|---|\n");
        for command in &section.commands {
            out.push_str(&format!(
                "| `{}` | {} | {} |\n",
                usage(command).replace('|', "\\|"),
                command.who,
                command.rule
            ));
        }
        if section.heading == "Context menus" {
            out.push_str("\n| menu entry | on | runs | who |\n|---|---|---|---|\n");
            for menu in super::menus::MENUS {
                out.push_str(&format!(
                    "| {} | a {} | `/{}` | {} |\n",
                    menu.name,
                    target_word(menu.target),
                    menu.runs,
                    menu.who
                ));
            }
        }
        out.push('\n');
    }
    out.trim_end().to_owned() + "\n"
}

fn target_word(target: super::menus::Target) -> &'static str {
    match target {
        super::menus::Target::Member => "member",
        super::menus::Target::Message => "message",
    }
}
