//! References between rules, the words "Rule 202" in a rule's text, kept in step when a rule
//! is renumbered (Nomic 110).

/// Changes every reference to rule `old` in `text` into a reference to rule `new` (Nomic 110).
///
/// A reference is "Rule" or "Rules" (any case) followed by a number, or a list of numbers joined
/// by commas, "and" or "or". Ranges such as "Rules 101-118" and words such as "rule-change" are
/// left alone.
pub fn renumber_references(text: &str, old: u32, new: u32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let at_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if !(at_word && bytes.len() >= i + 4 && bytes[i..i + 4].eq_ignore_ascii_case(b"rule")) {
            i += 1;
            continue;
        }
        let mut j = i + 4;
        if j < bytes.len() && bytes[j].eq_ignore_ascii_case(&b's') {
            j += 1;
        }
        let gap = j;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\n' | b'\t') {
            j += 1;
        }
        if j == gap {
            i += 1;
            continue;
        }
        loop {
            let start = j;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j == start || (j < bytes.len() && bytes[j].is_ascii_alphabetic()) {
                break;
            }
            let rest = &text[j..];
            let dash = ["-", "–"].into_iter().find(|d| {
                rest.starts_with(d) && rest[d.len()..].starts_with(|c: char| c.is_ascii_digit())
            });
            if let Some(dash) = dash {
                // A range names a set of rules, not one; skip past its end.
                j += dash.len();
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
            } else if text[start..j].parse::<u32>() == Ok(old) {
                out.push_str(&text[copied..start]);
                out.push_str(&new.to_string());
                copied = j;
            }
            let rest = &text[j..];
            let separator = [", and ", ", or ", ", ", " and ", " or ", ","]
                .into_iter()
                .find(|s| {
                    rest.starts_with(s) && rest[s.len()..].starts_with(|c: char| c.is_ascii_digit())
                });
            match separator {
                Some(s) => j += s.len(),
                None => break,
            }
        }
        i = j.max(i + 1);
    }
    out.push_str(&text[copied..]);
    out
}
