//! Roles that follow offices: which of the roles gavel manages a member should hold, from the
//! offices they hold and whether they are banned, and what to add and remove to get there.
//! gavel never touches a role it does not manage.

use std::collections::BTreeSet;

/// The key of the role held for the length of a ban (Terms §II Act 9).
pub const BANNED: &str = "banned";

/// The roles to add and to remove.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    pub add: Vec<u64>,
    pub remove: Vec<u64>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.add.is_empty() && self.remove.is_empty()
    }
}

/// The managed roles a member should hold: the role of each office they hold, and the banned
/// role while banned. `managed` is (office key or `banned`, role id).
pub fn wanted(managed: &[(&str, u64)], offices: &[&str], banned: bool) -> BTreeSet<u64> {
    managed
        .iter()
        .filter(|(key, _)| {
            if *key == BANNED {
                banned
            } else {
                offices.contains(key)
            }
        })
        .map(|(_, role)| *role)
        .collect()
}

/// What to change so a member holding `has` holds exactly the `wanted` managed roles; roles
/// outside `managed` are left as they are.
pub fn changes(managed: &[(&str, u64)], wanted: &BTreeSet<u64>, has: &[u64]) -> Changes {
    let ours: BTreeSet<u64> = managed.iter().map(|(_, r)| *r).collect();
    let has: BTreeSet<u64> = has.iter().copied().collect();
    Changes {
        add: wanted.difference(&has).copied().collect(),
        remove: has
            .intersection(&ours)
            .filter(|r| !wanted.contains(r))
            .copied()
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANAGED: &[(&str, u64)] = &[("moderator", 11), ("justice", 12), (BANNED, 13)];

    #[test]
    fn a_new_moderator_is_given_the_moderators_role_terms_iii_2() {
        let want = wanted(MANAGED, &["moderator"], false);
        assert_eq!(
            changes(MANAGED, &want, &[99]),
            Changes {
                add: vec![11],
                remove: vec![]
            }
        );
    }

    #[test]
    fn a_dismissed_justice_loses_the_role_but_keeps_roles_gavel_does_not_manage() {
        let want = wanted(MANAGED, &[], false);
        assert_eq!(
            changes(MANAGED, &want, &[12, 99]),
            Changes {
                add: vec![],
                remove: vec![12]
            }
        );
    }

    #[test]
    fn the_banned_role_is_held_for_the_length_of_a_ban_terms_ii_9() {
        assert!(wanted(MANAGED, &[], true).contains(&13));
        let after = wanted(MANAGED, &[], false);
        assert_eq!(changes(MANAGED, &after, &[13]).remove, vec![13]);
    }

    #[test]
    fn two_offices_sharing_a_role_keep_it_while_either_is_held() {
        let shared: &[(&str, u64)] = &[("chief_justice", 20), ("justice", 20)];
        let want = wanted(shared, &["chief_justice"], false);
        assert!(changes(shared, &want, &[20]).is_empty());
    }

    #[test]
    fn an_office_with_no_role_configured_changes_nothing() {
        let want = wanted(MANAGED, &["staff"], false);
        assert!(changes(MANAGED, &want, &[]).is_empty());
    }
}
