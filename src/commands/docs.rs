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
        out.push('\n');
    }
    out.trim_end().to_owned() + "\n"
}
