//! Starting scores carried over from a club's earlier records (`gavel scores import FILE`): one
//! member a line, `name,score` or `name,discord_id,score`, read and checked before anything is
//! stored.

/// One member's carried-over score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    pub name: String,
    pub discord_id: Option<u64>,
    pub score: i64,
}

/// The most members one file seeds.
pub const SEEDS_MAX: usize = 10_000;

/// Why a file of starting scores was refused; nothing is stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    #[error("line {line}: {why}. Each line is name,score or name,discord_id,score.")]
    Line { line: usize, why: String },
    #[error("The file names no member: each line is name,score or name,discord_id,score.")]
    Empty,
    #[error("line {line}: {name} is named twice in the file.")]
    Twice { line: usize, name: String },
    #[error("The file names more than {SEEDS_MAX} members.")]
    TooMany,
}

/// Reads the file: blank lines and `#` comments are skipped; a score below `floor` is refused,
/// as no score goes below it (Terms §II Act 2).
pub fn parse(text: &str, floor: i64) -> Result<Vec<Seed>, SeedError> {
    let mut seeds: Vec<Seed> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let bad = |why: String| SeedError::Line { line, why };
        let fields: Vec<&str> = raw.split(',').map(str::trim).collect();
        let (name, id, score) = match fields.as_slice() {
            [name, score] => (*name, None, *score),
            [name, id, score] => (*name, Some(*id), *score),
            _ => return Err(bad(format!("`{raw}` has {} fields", fields.len()))),
        };
        if name.is_empty() || name.chars().any(char::is_whitespace) {
            return Err(bad(format!(
                "`{name}` is not a name (one word, as in the console)"
            )));
        }
        let discord_id = match id.filter(|i| !i.is_empty()) {
            None => None,
            Some(i) => Some(
                i.parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| bad(format!("`{i}` is not a Discord id")))?,
            ),
        };
        let score: i64 = score
            .parse()
            .map_err(|_| bad(format!("`{score}` is not a whole number")))?;
        if !(floor..=1_000_000).contains(&score) {
            return Err(bad(format!(
                "{score} is outside {floor} to 1000000 (no score is below the floor, Terms §II Act 2)"
            )));
        }
        if seeds.iter().any(|s| s.name.eq_ignore_ascii_case(name)) {
            return Err(SeedError::Twice {
                line,
                name: name.to_owned(),
            });
        }
        if seeds.len() == SEEDS_MAX {
            return Err(SeedError::TooMany);
        }
        seeds.push(Seed {
            name: name.to_owned(),
            discord_id,
            score,
        });
    }
    if seeds.is_empty() {
        return Err(SeedError::Empty);
    }
    Ok(seeds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_club_carries_over_its_members_scores_terms_ii_1() {
        let text = "# from the old spreadsheet\nalice,1234\n\nbob, 123456789012345678, 980\n";
        assert_eq!(
            parse(text, 0),
            Ok(vec![
                Seed {
                    name: "alice".into(),
                    discord_id: None,
                    score: 1234
                },
                Seed {
                    name: "bob".into(),
                    discord_id: Some(123_456_789_012_345_678),
                    score: 980
                },
            ])
        );
    }

    #[test]
    fn a_score_below_the_floor_is_refused_terms_ii_2() {
        let refused = parse("alice,-5", 0).unwrap_err();
        assert!(matches!(refused, SeedError::Line { line: 1, .. }));
        assert!(refused.to_string().contains("Terms §II Act 2"), "{refused}");
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number() {
        assert!(matches!(
            parse("alice,100\nbob", 0),
            Err(SeedError::Line { line: 2, .. })
        ));
        assert!(matches!(
            parse("alice,100\nalice,200", 0),
            Err(SeedError::Twice { line: 2, .. })
        ));
        assert!(matches!(
            parse("alice,x,100", 0),
            Err(SeedError::Line { .. })
        ));
        assert_eq!(parse("# nothing\n", 0), Err(SeedError::Empty));
    }
}
