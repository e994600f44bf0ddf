//! Numbers written as words in a rule's text ("seven", "twenty-one"), for the readers that
//! take a rule's numbers from its words (the house rules, the Party Chess suite).

const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

const TENS: [(&str, u32); 8] = [
    ("twenty", 20),
    ("thirty", 30),
    ("forty", 40),
    ("fifty", 50),
    ("sixty", 60),
    ("seventy", 70),
    ("eighty", 80),
    ("ninety", 90),
];

/// The number a lower-case word names, from "zero" to "ninety-nine".
pub fn value(word: &str) -> Option<u32> {
    if let Some(i) = UNITS.iter().position(|u| *u == word) {
        return Some(i as u32);
    }
    let tens = |w: &str| TENS.iter().find(|(t, _)| *t == w).map(|(_, n)| *n);
    match word.split_once('-') {
        Some((t, u)) => Some(tens(t)? + value(u).filter(|n| (1..10).contains(n))?),
        None => tens(word),
    }
}

#[cfg(test)]
mod tests {
    use super::value;

    #[test]
    fn words_name_their_numbers() {
        assert_eq!(value("seven"), Some(7));
        assert_eq!(value("thirty"), Some(30));
        assert_eq!(value("twenty-one"), Some(21));
        assert_eq!(value("twenty-twelve"), None);
        assert_eq!(value("fortnight"), None);
    }
}
