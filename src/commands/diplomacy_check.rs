//! The Diplomacy adjudication check (issue 27, D.III-D.VI): /board units records the units at
//! the start of a turn, /board check compares the GM's adjudication with gavel's, privately;
//! and its correction (D.VIII.1): /board correct, the TD's, mends a season's counts.

use crate::commands::diplomacy_args::{centres, season, turn};
use crate::commands::said::answer;
use crate::commands::{command, flag, text, Section};
use crate::domain::diplomacy::{NAME_MAX, ORDERS_MAX};
use crate::domain::kernel::authority::Power;

pub(super) fn section() -> Section {
    Section {
        heading: "Diplomacy: the adjudication check",
        note: "the GM's adjudication checked against the orders with the diplomacy crate; the GM still publishes",
        commands: vec![
            command(
                "board correct",
                "Correct a season's counts the board has reached, re-deriving its end and score (the TD)",
            )
            .option(text(
                "board",
                "The board's name, such as \"R1 Board 3\"",
                NAME_MAX,
            ))
            .option(text("season", "The season, such as F1905", 20))
            .option(text(
                "counts",
                "Each power's centres: \"A=5 E=4 F=6 G=7 I=4 R=4 T=4\"",
                60,
            ))
            .needs(Power::Director)
            .who("the TD, with whose consent a GM's error is corrected")
            .rule("D.VIII.1, C.1-C.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().correct_centres(
                            &call,
                            &a.text("board")?,
                            season(&a.text("season")?),
                            centres(&a.text("counts")?),
                        )
                        .await,
                    )
                })
            }),
            command(
                "board units",
                "Record the units at the start of a turn (the GM)",
            )
            .option(text(
                "board",
                "The board's name, such as \"R1 Board 3\"",
                NAME_MAX,
            ))
            .option(text("season", "The turn, such as S1902 or F1903M", 8))
            .option(text(
                "units",
                "\"standard\", or each power's units: \"France: A Par, F Bre; Germany: A Ber\"",
                ORDERS_MAX,
            ))
            .who("the board's GM")
            .rule("D.III-D.VI")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().record_units(
                            &call,
                            &a.text("board")?,
                            turn(&a.text("season")?)?,
                            &a.text("units")?,
                        )
                        .await,
                    )
                })
            }),
            command(
                "board check",
                "Check your adjudication against the orders, privately (the GM)",
            )
            .option(text(
                "board",
                "The board's name, such as \"R1 Board 3\"",
                NAME_MAX,
            ))
            .option(text(
                "results",
                "Each unit's result: \"A Par - Bur; F Bre held; A Mun dislodged\"",
                ORDERS_MAX,
            ))
            .option(flag(
                "merged",
                "Merge the versions unit by unit (D.III.3's alternative)",
            ))
            .private()
            .who("the board's GM")
            .rule("D.III-D.VI")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().check_adjudication(
                            &call,
                            &a.text("board")?,
                            &a.text("results")?,
                            a.flag("merged"),
                        )
                        .await,
                    )
                })
            }),
        ],
    }
}
