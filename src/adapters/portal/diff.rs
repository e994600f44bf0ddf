//! A word-level difference between two versions of a text, for a rule's history: the words
//! removed and the words added, in order. Longest common subsequence over the words after the
//! common head and tail are set aside, bounded so a hostile pair of texts cannot take long.

use maud::{html, Markup};

/// One run of words of a difference.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "op", content = "text", rename_all = "lowercase")]
pub enum Piece {
    Same(String),
    Removed(String),
    Added(String),
}

/// The largest middle part (in words, each side) compared word by word; a larger one is shown
/// as all removed and all added.
const MOST: usize = 2000;

/// The difference from `old` to `new`, word by word (whitespace kept with the word before it).
pub fn words(old: &str, new: &str) -> Vec<Piece> {
    let a = split(old);
    let b = split(new);
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out = Vec::new();
    push(&mut out, Piece::Same(a[..head].concat()));
    if am.len() > MOST || bm.len() > MOST {
        push(&mut out, Piece::Removed(am.concat()));
        push(&mut out, Piece::Added(bm.concat()));
    } else {
        lcs(am, bm, &mut out);
    }
    push(&mut out, Piece::Same(a[a.len() - tail..].concat()));
    out
}

fn split(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            in_space = true;
        } else if in_space {
            out.push(&text[start..i]);
            start = i;
            in_space = false;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

fn lcs(a: &[&str], b: &[&str], out: &mut Vec<Piece>) {
    let (n, m) = (a.len(), b.len());
    // table[i][j]: the longest common run of a[i..] and b[j..].
    let mut table = vec![0u16; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[at(i, j)] = if a[i] == b[j] {
                table[at(i + 1, j + 1)] + 1
            } else {
                table[at(i + 1, j)].max(table[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            push(out, Piece::Same(a[i].to_owned()));
            i += 1;
            j += 1;
        } else if i < n && (j == m || table[at(i + 1, j)] >= table[at(i, j + 1)]) {
            // On a tie the removed words come first, as a reader expects: old, then new.
            push(out, Piece::Removed(a[i].to_owned()));
            i += 1;
        } else {
            push(out, Piece::Added(b[j].to_owned()));
            j += 1;
        }
    }
}

/// Appends a piece, joining it to the last one of the same kind.
fn push(out: &mut Vec<Piece>, piece: Piece) {
    let text_of = |p: &Piece| match p {
        Piece::Same(t) | Piece::Removed(t) | Piece::Added(t) => t.is_empty(),
    };
    if text_of(&piece) {
        return;
    }
    match (out.last_mut(), piece) {
        (Some(Piece::Same(t)), Piece::Same(more))
        | (Some(Piece::Removed(t)), Piece::Removed(more))
        | (Some(Piece::Added(t)), Piece::Added(more)) => t.push_str(&more),
        (_, piece) => out.push(piece),
    }
}

/// The difference as marked-up text: `del` for removed words, `ins` for added ones.
pub fn render(pieces: &[Piece]) -> Markup {
    html! {
        p class="post" {
            @for piece in pieces {
                @match piece {
                    Piece::Same(t) => (t),
                    Piece::Removed(t) => del { span class="sr" { "[removed: " } (t) span class="sr" { "]" } },
                    Piece::Added(t) => ins { span class="sr" { "[added: " } (t) span class="sr" { "]" } },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_word_is_removed_and_added() {
        let d = words("Each player has one vote.", "Each player has two votes.");
        assert_eq!(
            d,
            vec![
                Piece::Same("Each player has ".into()),
                Piece::Removed("one vote.".into()),
                Piece::Added("two votes.".into()),
            ]
        );
    }

    #[test]
    fn added_words_in_the_middle_keep_the_rest() {
        let d = words("a b c d", "a b x c d");
        assert_eq!(
            d,
            vec![
                Piece::Same("a b ".into()),
                Piece::Added("x ".into()),
                Piece::Same("c d".into()),
            ]
        );
        assert_eq!(words("same", "same"), vec![Piece::Same("same".into())]);
        assert_eq!(words("", "new"), vec![Piece::Added("new".into())]);
    }

    #[test]
    fn a_huge_change_is_shown_whole_without_comparing() {
        let old = "a ".repeat(5000);
        let new = "b ".repeat(5000);
        let d = words(&old, &new);
        assert_eq!(d.len(), 2);
    }
}
