//! The Party Board drawn: as a 20×20 text diagram for a code block and as an SVG image, with
//! columns a–t and rows 1–20, row 1 at the bottom (Rule 1230.1 §1). Each piece shows its
//! character and its Swinger's seat.

use std::fmt::Write;

use super::board::{Square, SIZE};
use super::kind::Kind;
use super::position::Position;

/// The board as text: three characters a square (`R2 ` is seat 2's Rook, `.  ` is empty), row
/// 20 at the top; below it, each HarfyBlob's Hn (Rule 1230.14), which a square has no room for.
pub fn text(pos: &Position) -> String {
    let mut out = String::new();
    for row in (0..SIZE).rev() {
        let _ = write!(out, "{:>2} ", row + 1);
        for col in 0..SIZE {
            match pos.at(Square { col, row }) {
                Some(p) => {
                    let _ = write!(out, "{}{:<2}", p.kind.letter(), p.owner);
                }
                None => out.push_str(".  "),
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for col in 0..SIZE {
        let _ = write!(out, "{}  ", char::from(b'a' + col));
    }
    out.truncate(out.trim_end().len());
    let hns = harfyblobs(pos);
    if !hns.is_empty() {
        let _ = write!(out, "\nHn (Rule 1230.14): {}", hns.join(", "));
    }
    out
}

/// Each HarfyBlob on the board with its Hn, by square: `H2 e5 Hn 3`.
fn harfyblobs(pos: &Position) -> Vec<String> {
    let mut on: Vec<_> = pos
        .on_board()
        .filter(|p| p.kind == Kind::HarfyBlob)
        .filter_map(|p| p.at.map(|at| (at, p.owner, p.hn)))
        .collect();
    on.sort_by_key(|(at, _, _)| (at.row, at.col));
    on.iter()
        .map(|(at, owner, hn)| format!("H{owner} {at} Hn {hn}"))
        .collect()
}

/// The colours of the seats, in order (seat 1 first), for the image.
const COLOURS: [&str; 10] = [
    "#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000", "#2e4053",
    "#b03a2e", "#5d6d7e",
];

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The board as an SVG image: a checkered board with the coordinates around it, each piece a
/// disc in its Swinger's colour with its character and seat.
pub fn svg(pos: &Position) -> String {
    const CELL: u32 = 28;
    const MARGIN: u32 = 24;
    let size = u32::from(SIZE) * CELL + 2 * MARGIN;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\" font-family=\"monospace\">\n<rect width=\"{size}\" height=\"{size}\" fill=\"#ffffff\"/>\n"
    );
    for row in 0..SIZE {
        for col in 0..SIZE {
            let x = MARGIN + u32::from(col) * CELL;
            let y = MARGIN + u32::from(SIZE - 1 - row) * CELL;
            let fill = if (row + col) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            );
            if let Some(p) = pos.at(Square { col, row }) {
                let colour = COLOURS[(p.owner as usize).saturating_sub(1) % COLOURS.len()];
                let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                let _ = writeln!(
                    s,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{colour}\"><title>{}, Swinger {}</title></circle><text x=\"{cx}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#ffffff\">{}<tspan font-size=\"8\">{}</tspan></text>",
                    CELL / 2 - 2,
                    escape(&p.named()),
                    p.owner,
                    cy + 5,
                    escape(&p.kind.letter().to_string()),
                    p.owner
                );
                if p.kind == Kind::HarfyBlob {
                    // Its Hn, its own (Rule 1230.14), small in the square's top corner.
                    let _ = writeln!(
                        s,
                        "<text x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"end\" fill=\"#000000\">Hn{}</text>",
                        x + CELL - 1,
                        y + 7,
                        p.hn
                    );
                }
            }
        }
    }
    for i in 0..SIZE {
        let x = MARGIN + u32::from(i) * CELL + CELL / 2;
        let y = MARGIN + u32::from(SIZE - 1 - i) * CELL + CELL / 2 + 4;
        let letter = char::from(b'a' + i);
        let _ = writeln!(
            s,
            "<text x=\"{x}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{letter}</text><text x=\"{x}\" y=\"14\" font-size=\"11\" text-anchor=\"middle\">{letter}</text>",
            size - 8
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{y}\" font-size=\"11\" text-anchor=\"middle\">{}</text><text x=\"{}\" y=\"{y}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            MARGIN / 2,
            i + 1,
            size - MARGIN / 2,
            i + 1
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::partychess::kind::Kind;

    #[test]
    fn the_diagram_has_row_20_at_the_top_and_row_1_at_the_bottom_1230_1_1() {
        let mut pos = Position::new();
        pos.put(Kind::Rook, 2, Square::parse("a1").unwrap());
        pos.put(Kind::King, 1, Square::parse("t20").unwrap());
        let t = text(&pos);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 21);
        assert!(lines[0].starts_with("20 ") && lines[0].ends_with("K1"));
        assert!(lines[19].starts_with(" 1 R2"));
        assert!(lines[20].trim_start().starts_with("a  b"));
        assert!(lines[20].ends_with('t'));
    }

    #[test]
    fn a_harfyblobs_hn_is_shown_on_the_board_1230_14() {
        let mut pos = Position::new();
        let h = pos.put(Kind::HarfyBlob, 2, Square::parse("e5").unwrap());
        pos.set_hn(h, 3);
        let t = text(&pos);
        assert!(t.ends_with("Hn (Rule 1230.14): H2 e5 Hn 3"), "{t}");
        assert!(svg(&pos).contains(">Hn3</text>"));
        assert!(svg(&pos).contains("<title>HarfyBlob (Hn 3), Swinger 2</title>"));
    }

    #[test]
    fn the_image_is_an_svg_with_every_coordinate() {
        let mut pos = Position::new();
        pos.put(Kind::BouncyBall, 1, Square::parse("e5").unwrap());
        let s = svg(&pos);
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert!(s.contains(">!<tspan"));
        assert!(s.contains(">t</text>") && s.contains(">20</text>"));
    }
}
