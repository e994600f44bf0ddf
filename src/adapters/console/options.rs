//! Reading a console command's options: required, optional, people, numbers, flags.

use crate::store::people::PersonRef;

/// The options of one command line, consumed as the command reads them.
pub struct Options {
    items: Vec<(String, String)>,
}

impl Options {
    pub fn new(items: Vec<(String, String)>) -> Self {
        Self { items }
    }

    /// Takes an option's value, if given.
    pub fn optional(&mut self, name: &str) -> Option<String> {
        let at = self.items.iter().position(|(n, _)| n == name)?;
        Some(self.items.remove(at).1)
    }

    /// Takes an option that must be given.
    pub fn required(&mut self, name: &str) -> Result<String, String> {
        self.optional(name)
            .ok_or_else(|| format!("The option `{name}` is required."))
    }

    /// A person, written `@name` (or plain `name`).
    pub fn person(&mut self, name: &str) -> Result<Option<PersonRef>, String> {
        match self.optional(name) {
            None => Ok(None),
            Some(value) => {
                let who = value.strip_prefix('@').unwrap_or(&value);
                if who.is_empty() || who.contains(char::is_whitespace) {
                    return Err(format!("`{value}` is not a person; write @name."));
                }
                Ok(Some(PersonRef::console(who)))
            }
        }
    }

    pub fn required_person(&mut self, name: &str) -> Result<PersonRef, String> {
        self.person(name)?
            .ok_or_else(|| format!("The option `{name}` is required."))
    }

    /// A whole number.
    pub fn integer(&mut self, name: &str) -> Result<Option<i64>, String> {
        self.optional(name)
            .map(|v| {
                v.parse::<i64>()
                    .map_err(|_| format!("`{v}` is not a whole number (option `{name}`)."))
            })
            .transpose()
    }

    pub fn required_integer(&mut self, name: &str) -> Result<i64, String> {
        self.integer(name)?
            .ok_or_else(|| format!("The option `{name}` is required."))
    }

    /// true/false (also yes/no, on/off).
    pub fn flag(&mut self, name: &str) -> Result<Option<bool>, String> {
        self.optional(name)
            .map(|v| match v.to_lowercase().as_str() {
                "true" | "yes" | "on" => Ok(true),
                "false" | "no" | "off" => Ok(false),
                _ => Err(format!("`{v}` is not true or false (option `{name}`).")),
            })
            .transpose()
    }

    /// Refuses options the command did not read.
    pub fn finish(self, command: &str) -> Result<(), String> {
        match self.items.first() {
            None => Ok(()),
            Some((name, _)) => Err(format!("/{command} has no option `{name}`.")),
        }
    }
}
