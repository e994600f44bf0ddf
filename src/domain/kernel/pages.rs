//! Long lists in pages: which rows a page holds (an offset and a limit for the store), the
//! refusal of a page that does not exist, and the line that says where the reader is.

use std::fmt;

/// The page a listing shows, and the rows the store reads for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// Counted from 1.
    pub page: usize,
    /// At least 1: an empty list is one empty page.
    pub pages: usize,
    /// Rows before this page.
    pub offset: i64,
    /// Rows on a page.
    pub limit: i64,
}

/// A page asked for that the list does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PageError {
    #[error("Pages are counted from 1; there is no page {page}. Try {usage} page:1.")]
    BeforeTheFirst { page: i64, usage: String },
    #[error("{what} has {pages} page(s); there is no page {page}. Try {usage} page:{pages}.")]
    PastTheLast {
        what: String,
        page: i64,
        pages: usize,
        usage: String,
    },
}

/// What a listing is, for its refusals and its page line: "/cases member:@bob", "The list".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The command that shows it, with the options that chose it (`/cases member:@bob`).
    pub usage: String,
    /// What it is, for a refusal: "The Leaderboard", "The list of cases".
    pub what: String,
    /// Rows on a page.
    pub size: usize,
}

impl Listing {
    pub fn new(usage: impl Into<String>, what: impl Into<String>, size: usize) -> Self {
        assert!(size > 0, "a page holds at least one row");
        Self {
            usage: usage.into(),
            what: what.into(),
            size,
        }
    }

    /// The window of page `requested` (the first when none is asked for) of `total` rows.
    pub fn window(&self, requested: Option<i64>, total: usize) -> Result<Window, PageError> {
        let pages = total.div_ceil(self.size).max(1);
        let page = match requested {
            None => 1,
            Some(n) if n < 1 => {
                return Err(PageError::BeforeTheFirst {
                    page: n,
                    usage: self.usage.clone(),
                })
            }
            Some(n) if n as u64 > pages as u64 => {
                return Err(PageError::PastTheLast {
                    what: self.what.clone(),
                    page: n,
                    pages,
                    usage: self.usage.clone(),
                })
            }
            Some(n) => n as usize,
        };
        Ok(Window {
            page,
            pages,
            offset: ((page - 1) * self.size) as i64,
            limit: self.size as i64,
        })
    }

    /// The line under a page of several: where the reader is and how to type the next. None
    /// for a list of one page, which reads as it always has.
    pub fn page_line(&self, window: &Window) -> Option<String> {
        if window.pages <= 1 {
            return None;
        }
        let next = if window.page < window.pages {
            format!(": {} page:{} for the next", self.usage, window.page + 1)
        } else {
            String::new()
        };
        Some(format!("Page {} of {}{next}.", window.page, window.pages))
    }

    /// One page of rows already in memory (a list that is small by nature: the rules in
    /// force, the commands of /help), with its page line.
    pub fn page_of<T: Clone>(
        &self,
        rows: &[T],
        requested: Option<i64>,
    ) -> Result<(Vec<T>, Window), PageError> {
        let window = self.window(requested, rows.len())?;
        let start = (window.offset as usize).min(rows.len());
        let end = (start + self.size).min(rows.len());
        Ok((rows[start..end].to_vec(), window))
    }
}

/// "page 2 of 7", as the page buttons show it.
pub struct PageOf(pub usize, pub usize);

impl fmt::Display for PageOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "page {} of {}", self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases() -> Listing {
        Listing::new("/cases", "The list of cases", 10)
    }

    #[test]
    fn a_page_is_read_with_an_offset_and_a_limit() {
        let w = cases().window(Some(3), 25).expect("page 3 exists");
        assert_eq!(
            w,
            Window {
                page: 3,
                pages: 3,
                offset: 20,
                limit: 10
            }
        );
        assert_eq!(cases().window(None, 0).expect("one empty page").pages, 1);
    }

    #[test]
    fn page_zero_is_refused_as_issue_28_asks() {
        assert_eq!(
            cases().window(Some(0), 25).unwrap_err().to_string(),
            "Pages are counted from 1; there is no page 0. Try /cases page:1."
        );
    }

    #[test]
    fn a_page_past_the_last_is_refused_with_the_number_of_pages() {
        assert_eq!(
            cases().window(Some(2), 7).unwrap_err().to_string(),
            "The list of cases has 1 page(s); there is no page 2. Try /cases page:1."
        );
    }

    #[test]
    fn the_page_line_says_where_the_reader_is_and_how_to_type_the_next() {
        let listing = cases();
        let w = listing.window(Some(1), 25).expect("page");
        assert_eq!(
            listing.page_line(&w).as_deref(),
            Some("Page 1 of 3: /cases page:2 for the next.")
        );
        let last = listing.window(Some(3), 25).expect("page");
        assert_eq!(listing.page_line(&last).as_deref(), Some("Page 3 of 3."));
        let one = listing.window(None, 4).expect("page");
        assert_eq!(listing.page_line(&one), None);
        assert_eq!(PageOf(2, 7).to_string(), "page 2 of 7");
    }

    #[test]
    fn rows_in_memory_are_cut_to_the_page() {
        let rows: Vec<u32> = (1..=23).collect();
        let (page, w) = cases().page_of(&rows, Some(3)).expect("page 3");
        assert_eq!(page, vec![21, 22, 23]);
        assert_eq!(w.pages, 3);
    }
}
