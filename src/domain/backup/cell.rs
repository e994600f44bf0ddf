//! One SQLite value with its storage class kept exactly, and its JSON form in the complete
//! export: integer and real as JSON numbers (a real always with a point or an exponent), text
//! as a string, null as null, a blob as `{"blob": "<base64>"}`.

use base64::Engine;
use serde_json::{json, Value};

/// A value as SQLite stores it.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// Why a JSON value is not a cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    #[error("a number that is neither a 64-bit integer nor a real")]
    Number,
    #[error("a blob that is not base64 ({0})")]
    Base64(String),
    #[error("a real written as {0:?}, which is not a real")]
    Real(String),
    #[error(
        "a value that is not null, a number, a string, {{\"blob\": ...}} or {{\"real\": ...}}"
    )]
    Shape,
}

const BASE64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

impl Cell {
    /// The cell's JSON form.
    pub fn to_json(&self) -> Value {
        match self {
            Cell::Null => Value::Null,
            Cell::Integer(i) => json!(i),
            // JSON has no infinity (SQLite keeps no NaN: it stores NULL instead).
            Cell::Real(r) if !r.is_finite() => json!({ "real": r.to_string() }),
            Cell::Real(r) => json!(r),
            Cell::Text(t) => json!(t),
            Cell::Blob(b) => json!({ "blob": BASE64.encode(b) }),
        }
    }

    /// Reads a cell back from its JSON form.
    pub fn from_json(value: &Value) -> Result<Cell, CellError> {
        match value {
            Value::Null => Ok(Cell::Null),
            Value::Number(n) if n.is_f64() => n.as_f64().map(Cell::Real).ok_or(CellError::Number),
            Value::Number(n) => n.as_i64().map(Cell::Integer).ok_or(CellError::Number),
            Value::String(s) => Ok(Cell::Text(s.clone())),
            Value::Object(map) if map.len() == 1 => match map.iter().next() {
                Some((k, Value::String(s))) if k == "blob" => BASE64
                    .decode(s)
                    .map(Cell::Blob)
                    .map_err(|e| CellError::Base64(e.to_string())),
                Some((k, Value::String(s))) if k == "real" => match s.parse::<f64>() {
                    Ok(r) if !r.is_finite() => Ok(Cell::Real(r)),
                    _ => Err(CellError::Real(s.clone())),
                },
                _ => Err(CellError::Shape),
            },
            _ => Err(CellError::Shape),
        }
    }

    /// SQLite's name for the cell's storage class, as `typeof()` gives it.
    pub fn storage_class(&self) -> &'static str {
        match self {
            Cell::Null => "null",
            Cell::Integer(_) => "integer",
            Cell::Real(_) => "real",
            Cell::Text(_) => "text",
            Cell::Blob(_) => "blob",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(cell: Cell) -> Cell {
        let text = serde_json::to_string(&cell.to_json()).unwrap();
        Cell::from_json(&serde_json::from_str(&text).unwrap()).unwrap()
    }

    #[test]
    fn every_storage_class_survives_the_round_trip_through_json_text() {
        for cell in [
            Cell::Null,
            Cell::Integer(0),
            Cell::Integer(i64::MIN),
            Cell::Integer(i64::MAX),
            Cell::Real(1.0),
            Cell::Real(-0.1),
            Cell::Real(0.1 + 0.2),
            Cell::Real(1e300),
            Cell::Real(5e-324),
            Cell::Real(f64::INFINITY),
            Cell::Real(f64::NEG_INFINITY),
            Cell::Text(String::new()),
            Cell::Text("12".into()),
            Cell::Text("é \"quoted\" \u{1F600}".into()),
            Cell::Blob(vec![]),
            Cell::Blob(vec![0, 255, 10, 13]),
        ] {
            assert_eq!(round_trip(cell.clone()), cell, "{}", cell.storage_class());
        }
    }

    #[test]
    fn a_whole_real_stays_a_real_and_an_integer_stays_an_integer() {
        assert_eq!(Cell::Real(2.0).to_json().to_string(), "2.0");
        assert_eq!(Cell::Integer(2).to_json().to_string(), "2");
        assert_eq!(round_trip(Cell::Real(2.0)), Cell::Real(2.0));
    }

    #[test]
    fn text_that_looks_like_a_number_stays_text() {
        assert_eq!(round_trip(Cell::Text("42".into())), Cell::Text("42".into()));
    }

    #[test]
    fn a_value_of_another_shape_is_refused() {
        for bad in [
            json!(true),
            json!([1]),
            json!({ "blob": 1 }),
            json!({ "text": "x" }),
            json!({ "real": "1.5" }),
            json!(18446744073709551615u64),
        ] {
            assert!(Cell::from_json(&bad).is_err(), "{bad}");
        }
        assert!(matches!(
            Cell::from_json(&json!({ "blob": "not base64!" })),
            Err(CellError::Base64(_))
        ));
    }
}
