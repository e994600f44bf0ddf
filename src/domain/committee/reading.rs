//! Reading the house rules' words for the values gavel enforces (house rules A.7: the TMC
//! changes them): sentences and clauses, numbers written in digits or in words, fractions
//! ("2/3's", "three quarters"), and whether a clause forbids or permits. The readers in
//! `bound` are built from these; each answers only what a text states plainly, and nothing
//! when it does not.

/// A word of a text, with numbers and fractions read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Word(String),
    Num(u32),
    Frac(u32, u32),
}

impl Tok {
    /// Whether this is one of `words`.
    pub fn is(&self, words: &[&str]) -> bool {
        matches!(self, Tok::Word(w) if words.contains(&w.as_str()))
    }
}

/// Whether a clause forbids or permits what it speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mood {
    Forbids,
    Permits,
}

/// A clause: its words, and its mood (its own, else the one before it in the sentence).
#[derive(Debug, Clone)]
pub struct Clause {
    pub toks: Vec<Tok>,
    pub mood: Option<Mood>,
}

/// A sentence: its words whole, and its clauses.
#[derive(Debug, Clone)]
pub struct Sentence {
    pub toks: Vec<Tok>,
    pub clauses: Vec<Clause>,
}

impl Sentence {
    pub fn has(&self, words: &[&str]) -> bool {
        self.toks.iter().any(|t| t.is(words))
    }
}

impl Clause {
    pub fn has(&self, words: &[&str]) -> bool {
        self.toks.iter().any(|t| t.is(words))
    }
}

/// Words that forbid ("may not", "nor", "no one").
const NEGATIONS: &[&str] = &[
    "not",
    "nor",
    "never",
    "cannot",
    "no",
    "neither",
    "can't",
    "mustn't",
    "shouldn't",
    "mayn't",
];
/// Words that permit.
const PERMISSIONS: &[&str] = &["may", "can", "allowed", "permitted", "free"];
/// Phrases with "not" that forbid nothing.
const NOT_FORBIDDING: &[&str] = &[
    "do not have to",
    "does not have to",
    "need not",
    "not necessarily",
    "not only",
];

fn number_word(w: &str) -> Option<u32> {
    crate::domain::kernel::number_words::value(w)
}

fn denominator(w: &str) -> Option<u32> {
    match w {
        "half" | "halves" => Some(2),
        "third" | "thirds" => Some(3),
        "quarter" | "quarters" | "fourth" | "fourths" => Some(4),
        "fifth" | "fifths" => Some(5),
        _ => None,
    }
}

/// "2/3", "2/3's", "2/3rds": a fraction in digits.
fn digit_fraction(w: &str) -> Option<(u32, u32)> {
    let (a, b) = w.split_once('/')?;
    let digits: String = b.chars().take_while(char::is_ascii_digit).collect();
    Some((a.parse().ok()?, digits.parse().ok()?)).filter(|(a, b)| *a > 0 && a <= b)
}

/// The words of a piece of text, numbers and fractions read.
pub fn tokens(text: &str) -> Vec<Tok> {
    let lower = text.to_lowercase().replace(['’', '‘'], "'");
    // "3-8" is a range; "team-mate" is one word; other hyphens part words.
    let mut cleaned = String::with_capacity(lower.len());
    let chars: Vec<char> = lower.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        match c {
            '-' if before.is_some_and(|b| b.is_ascii_digit())
                && after.is_some_and(|a| a.is_ascii_digit()) =>
            {
                cleaned.push_str(" to ")
            }
            c if c.is_alphanumeric() || *c == '/' || *c == '\'' => cleaned.push(*c),
            _ => cleaned.push(' '),
        }
    }
    let cleaned = cleaned.replace("team mate", "teammate");
    let mut raw: Vec<Tok> = Vec::new();
    for w in cleaned.split_whitespace() {
        let w = w.trim_matches('\'');
        let w = w.strip_suffix("'s").unwrap_or(w);
        if w.is_empty() {
            continue;
        }
        if let Some((a, b)) = digit_fraction(w) {
            raw.push(Tok::Frac(a, b));
        } else if let Ok(n) = w.parse::<u32>() {
            raw.push(Tok::Num(n));
        } else if let Some(n) = number_word(w) {
            // "twenty four" is 24.
            match raw.last_mut() {
                Some(Tok::Num(t)) if *t >= 20 && *t % 10 == 0 && n < 10 => *t += n,
                _ => raw.push(Tok::Num(n)),
            }
        } else if let Some(den) = denominator(w) {
            // "two thirds", "a half", "one quarter".
            match raw.last() {
                Some(Tok::Num(n)) if *n > 0 && *n <= den => {
                    let n = *n;
                    raw.pop();
                    raw.push(Tok::Frac(n, den));
                }
                Some(Tok::Word(a)) if a == "a" => {
                    raw.pop();
                    raw.push(Tok::Frac(1, den));
                }
                _ if den == 2 => raw.push(Tok::Frac(1, 2)),
                _ => raw.push(Tok::Word(w.to_owned())),
            }
        } else {
            raw.push(Tok::Word(w.to_owned()));
        }
    }
    raw
}

/// The sentences of a text: split at ". ", "; ", "! ", "? " and at line ends.
fn split_sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let ends = match c {
            '.' | ';' | '!' | '?' => chars.get(i + 1).is_none_or(|n| n.is_whitespace()),
            '\n' => true,
            _ => false,
        };
        if ends {
            if !current.trim().is_empty() {
                out.push(current.trim().to_owned());
            }
            current.clear();
        } else {
            current.push(*c);
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_owned());
    }
    out
}

/// The clauses of a sentence: split at commas, parentheses and "but".
fn split_clauses(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in sentence.split([',', '(', ')', ':']) {
        let mut current: Vec<&str> = Vec::new();
        for word in part.split_whitespace() {
            if word.eq_ignore_ascii_case("but") && !current.is_empty() {
                out.push(current.join(" "));
                current.clear();
            }
            current.push(word);
        }
        if !current.is_empty() {
            out.push(current.join(" "));
        }
    }
    out
}

fn mood_of(clause: &str) -> Option<Mood> {
    let mut lower = clause.to_lowercase();
    for phrase in NOT_FORBIDDING {
        lower = lower.replace(phrase, " ");
    }
    let toks = tokens(&lower);
    if toks.iter().any(|t| t.is(NEGATIONS)) {
        Some(Mood::Forbids)
    } else if toks.iter().any(|t| t.is(PERMISSIONS)) {
        Some(Mood::Permits)
    } else {
        None
    }
}

/// A text read into sentences and clauses.
pub fn read(text: &str) -> Vec<Sentence> {
    split_sentences(text)
        .into_iter()
        .map(|s| {
            let mut last = None;
            let clauses = split_clauses(&s)
                .into_iter()
                .map(|c| {
                    let mood = mood_of(&c).or(last);
                    last = mood;
                    Clause {
                        toks: tokens(&c),
                        mood,
                    }
                })
                .collect();
            Sentence {
                toks: tokens(&s),
                clauses,
            }
        })
        .collect()
}

/// The one value of a set, if it has exactly one.
pub fn only<T: PartialEq + Clone>(found: &[T]) -> Option<T> {
    let first = found.first()?;
    found.iter().all(|f| f == first).then(|| first.clone())
}

/// Whether the text forbids (`Some(true)`) or permits (`Some(false)`) what a clause naming
/// one of `subject` speaks of, in sentences naming one of `topic` (any, if empty). A text that
/// does both, neither, or says "only" of it states nothing plainly: `None`.
pub fn bar(text: &str, subject: &[&str], topic: &[&str]) -> Option<bool> {
    let mut found = Vec::new();
    for s in read(text) {
        if !topic.is_empty() && !s.has(topic) {
            continue;
        }
        let speaks = s.clauses.iter().any(|c| c.has(subject));
        if speaks && s.has(&["only"]) {
            return None;
        }
        for c in s.clauses.iter().filter(|c| c.has(subject)) {
            match c.mood {
                Some(Mood::Forbids) => found.push(true),
                Some(Mood::Permits) => found.push(false),
                None => return None,
            }
        }
    }
    only(&found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fractions_and_ranges_are_read_in_digits_or_words() {
        assert_eq!(
            tokens("between 5 and eight, 3-8, twenty-four, 2/3's, two thirds, a half"),
            vec![
                Tok::Word("between".into()),
                Tok::Num(5),
                Tok::Word("and".into()),
                Tok::Num(8),
                Tok::Num(3),
                Tok::Word("to".into()),
                Tok::Num(8),
                Tok::Num(24),
                Tok::Frac(2, 3),
                Tok::Frac(2, 3),
                Tok::Frac(1, 2),
            ]
        );
    }

    #[test]
    fn a_clause_forbids_permits_or_takes_the_mood_before_it() {
        let s =
            &read("Observers may be, but do not have to be, players, captains or TMC members.")[0];
        assert!(s.clauses.iter().all(|c| c.mood == Some(Mood::Permits)));
        assert_eq!(
            bar(
                "Assistant TD's or TMC-members may not serve as Observers.",
                &["tmc"],
                &[]
            ),
            Some(true)
        );
        assert_eq!(
            bar(
                "Observers may be players, captains or TMC members.",
                &["tmc"],
                &["observers"]
            ),
            Some(false)
        );
        assert_eq!(bar("Only players may observe.", &["players"], &[]), None);
        assert_eq!(bar("Nothing about them.", &["tmc"], &[]), None);
    }
}
