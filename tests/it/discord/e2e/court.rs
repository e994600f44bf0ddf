//! The Court on Discord: an appeal granted, voted on and its opinion written through buttons
//! and forms.

use axum::http::Method;

use super::{assert_no_pings, ephemeral_reply, public_reply, Bot, CJ_ID, MODAL};
use crate::discord::fake::{Arg, Recorded, SlashCommand, User, CHANNEL_ID};

/// Checks (Terms §III Acts 3.3, 3.6, 3.10): a filed appeal is posted with a Grant button; a
/// member without office pressing it is refused privately; j1's press records the first grant,
/// j1's second press is refused privately, j2's press grants the hearing (two Justices). The
/// panel's post carries Uphold, Overturn and Remand; a press by a Justice on the bench opens a
/// form for the reasons (custom_id carrying the appeal and the decision), and the submitted form
/// casts the vote; the same Justice's second press is refused at once, privately, without a
/// form, and so is the Chief Justice's, who does not sit on this panel. The second concurring vote decides;
/// the post making the opinion due has Write the opinion, refused at once to the Chief Justice
/// (not in the majority), which opens for j1 a form whose text is published whole. Each Justice's vote is counted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_appeal_is_granted_and_voted_on_with_buttons_and_forms() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let bob = User::new(821, "bob");
    let alice = User::new(822, "alice");
    let j1 = User::new(831, "j1");
    let j2 = User::new(832, "j2");
    let j3 = User::new(833, "j3");
    for justice in [&j1, &j2, &j3] {
        let appointed = bot
            .run(
                SlashCommand::new(&cj, "office appoint")
                    .user("member", justice)
                    .choice("office", "justice"),
            )
            .await;
        assert!(
            public_reply(&appointed).ends_with("is now a Justice."),
            "{appointed}"
        );
    }
    for member in [&bob, &alice] {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    let filed = bot
        .run(
            SlashCommand::new(&bob, "court appeal")
                .arg("matter", Arg::Text("the standings omit my game".into()))
                .arg("grounds", Arg::Text("the game was played".into())),
        )
        .await;
    assert!(
        public_reply(&filed).starts_with("Appeal #1 filed by bob"),
        "{filed}"
    );
    let filing = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the filed appeal with its Grant button",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Appeal #1 filed by bob"))
            },
        )
        .await;
    assert_no_pings(&filing.body);
    let grant = "b/court grant?appeal=1";
    assert_eq!(
        filing.body["components"][0]["components"][0]["custom_id"], grant,
        "{}",
        filing.body
    );
    let press = async |who: &User, post: &Recorded, custom_id: &str| {
        let id = bot.fake.press(who, post, custom_id);
        bot.fake.wait_for_callback(id).await
    };
    let by_a_member = press(&alice, &filing, grant).await;
    assert_eq!(
        ephemeral_reply(&by_a_member),
        "Only a Justice or the Chief Justice may grant a hearing (Terms §III Act 3.6)."
    );
    let first = press(&j1, &filing, grant).await;
    assert!(
        public_reply(&first).starts_with("Appeal #1: j1 grants a hearing"),
        "{first}"
    );
    let again = press(&j1, &filing, grant).await;
    assert!(
        ephemeral_reply(&again).starts_with("Your grant is already recorded"),
        "{again}"
    );
    let granted = press(&j2, &filing, grant).await;
    assert_eq!(
        public_reply(&granted),
        "Appeal #1: a hearing is granted by two Justices, j1, j2 (Terms §III Act 3.6)."
    );

    let seated = bot
        .run(
            SlashCommand::new(&cj, "court panel")
                .arg("appeal", Arg::Integer(1))
                .user("first", &j1)
                .user("second", &j2)
                .user("third", &j3),
        )
        .await;
    assert!(
        public_reply(&seated).starts_with("Appeal #1 is heard by a panel of j1, j2, j3"),
        "{seated}"
    );
    let bench = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the panel's post with its vote buttons",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Appeal #1 is heard by a panel"))
            },
        )
        .await;
    let labels: Vec<&str> = bench.body["components"][0]["components"]
        .as_array()
        .expect("a row of buttons")
        .iter()
        .map(|b| b["label"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["Uphold", "Overturn", "Remand"]);
    let uphold = "b/court vote?appeal=1&decision=uphold";
    assert_eq!(
        bench.body["components"][0]["components"][0]["custom_id"],
        uphold
    );

    let vote = async |who: &User, reasons: &str| {
        let asked = press(who, &bench, uphold).await;
        assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
        let form = asked["data"]["custom_id"]
            .as_str()
            .expect("custom_id")
            .to_owned();
        assert_eq!(form, "f/court vote?appeal=1&decision=uphold");
        let id = bot.fake.submit_form(who, &form, &[("reasons", reasons)]);
        bot.fake.wait_for_callback(id).await
    };
    let voted = vote(&j1, "the standings are right").await;
    assert_eq!(
        public_reply(&voted),
        "Appeal #1: j1 votes to uphold. Reasons: the standings are right"
    );
    let twice = press(&j1, &bench, uphold).await;
    assert_eq!(
        ephemeral_reply(&twice),
        "Each Justice votes once; your vote is already recorded (Terms §III Act 3.3)."
    );
    let off_the_bench = press(&cj, &bench, uphold).await;
    assert_eq!(
        ephemeral_reply(&off_the_bench),
        "Only the Justices sitting on this appeal vote on it (Terms §III Act 3.3, 3.7)."
    );
    let decided = vote(&j2, "the game was never registered").await;
    assert!(
        public_reply(&decided).contains("is upheld by j1, j2"),
        "{decided}"
    );
    let ballots: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM audit_log WHERE command = 'court vote' AND outcome = 'done'",
    )
    .fetch_one(bot.app.pool())
    .await
    .expect("audit");
    assert_eq!(ballots, 2, "each Justice's vote counted once");

    let due = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the opinion made due, with its button",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("majority opinion is due"))
            },
        )
        .await;
    let write = "b/court opinion?appeal=1";
    assert_eq!(
        due.body["components"][0]["components"][0]["custom_id"],
        write
    );
    let outside_the_majority = press(&cj, &due, write).await;
    assert_eq!(
        ephemeral_reply(&outside_the_majority),
        "The Court's opinion is the majority's: its author must be a Justice in the majority \
         (Terms §III Act 3.10)."
    );
    let asked = press(&j1, &due, write).await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    let opinion = "The standings follow the games registered.\n\nNo game was registered.";
    let id = bot
        .fake
        .submit_form(&j1, "f/court opinion?appeal=1", &[("text", opinion)]);
    let published = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        public_reply(&published),
        "Appeal #1: the opinion is published in #discussion."
    );
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the opinion, whole",
            |r| {
                r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(opinion))
            },
        )
        .await;
    bot.assert_no_refused_requests();
}
