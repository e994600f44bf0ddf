//! Replaying the score history (placeholder until the benchmark lands).
fn main() {}
