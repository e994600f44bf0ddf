//! The `gavel` command: run the bot, the console, an export, a config check, migrations, and
//! the proof (`check`) and rebuilding (`rebuild`) of the scores materialised from the history.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use gavel::adapters::console::{self, Console};
use gavel::app::App;
use gavel::clock::SystemClock;
use gavel::config::Config;

#[derive(Parser)]
#[command(
    name = "gavel",
    version,
    about = "A Discord bot that runs a club's constitution"
)]
struct Cli {
    /// The configuration file (built-in defaults when it does not exist)
    #[arg(
        long,
        env = "GAVEL_CONFIG",
        default_value = "config.toml",
        global = true
    )]
    config: PathBuf,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the Discord bot (the token comes from DISCORD_TOKEN), and the portal beside it when
    /// portal.listen is set
    Run,
    /// Serve the public portal alone (no Discord token needed): the club's record on the web,
    /// read-only
    Portal {
        /// Listen here instead of portal.listen (default 127.0.0.1:8080)
        #[arg(long)]
        listen: Option<std::net::SocketAddr>,
    },
    /// Run commands as text: a REPL, or a script from --script or standard input
    Console {
        /// Read commands from this file
        #[arg(long)]
        script: Option<PathBuf>,
        /// Use a fresh database in memory instead of database.path
        #[arg(long)]
        memory: bool,
        /// Compare the output with the script's expected lines; exit 1 on a difference
        #[arg(long, requires = "script")]
        check: bool,
    },
    /// Print the whole state as JSON
    Export,
    /// Check the configuration and say what is wrong with it
    CheckConfig,
    /// Run the database migrations and exit
    Migrate,
    /// Show the outbox backlog: how many posts wait, and the oldest with its last error
    Status,
    /// Check the whole record: the stored scores equal a fold of the history, and every
    /// invariant of the ladder, the Court, Nomic and the deadline jobs holds
    Check,
    /// Rebuild the stored scores and checkpoints from the score history
    Rebuild,
    /// The rulebook
    Rules {
        #[command(subcommand)]
        command: RulesCmd,
    },
}

#[derive(Subcommand)]
enum RulesCmd {
    /// Load a rule set as the rulebook in force: the Nomic JSON format (a `.json` file) or the
    /// Markdown format the README describes
    Import {
        /// The rule set
        file: PathBuf,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "gavel=info,warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match run(cli).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gavel: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let config = Config::load(&cli.config)?;
    match cli.command {
        Cmd::CheckConfig => {
            println!(
                "{}: the configuration is valid (club {:?}, time zone {}, database {}).",
                cli.config.display(),
                config.club.name,
                config.club.timezone,
                config.database.path
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Migrate => {
            let pool = gavel::store::open(&config.database.path).await?;
            gavel::store::migrate(&pool).await?;
            println!("The database at {} is up to date.", config.database.path);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Export => {
            let app = App::open(config, Arc::new(SystemClock)).await?;
            let doc = gavel::app::export::export(&app).await?;
            println!("{}", serde_json::to_string_pretty(&doc)?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Status => {
            let app = App::open(config, Arc::new(SystemClock)).await?;
            println!("{}", gavel::app::status::status(&app).await?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Check => {
            let app = App::open(config, Arc::new(SystemClock)).await?;
            let problems = app.check_record().await?;
            if problems.is_empty() {
                println!(
                    "The scores and checkpoints equal a full fold of the history, and every invariant of the record holds."
                );
                return Ok(ExitCode::SUCCESS);
            }
            println!("The record breaks these invariants:");
            for p in &problems {
                println!("- {p}");
            }
            println!("Where only the stored scores differ, `gavel rebuild` derives them again from the history.");
            Ok(ExitCode::FAILURE)
        }
        Cmd::Rebuild => {
            let app = App::open(config, Arc::new(SystemClock)).await?;
            let started = std::time::Instant::now();
            app.rebuild_standings().await?;
            println!(
                "The scores and checkpoints were rebuilt from the history in {:.1} s.",
                started.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Rules {
            command: RulesCmd::Import { file },
        } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let json = file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            let app = App::open(config, Arc::new(SystemClock)).await?;
            match app
                .import_rules(&file.display().to_string(), &text, json)
                .await
            {
                Ok(done) => {
                    println!("{done}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("gavel: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        Cmd::Run => {
            let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
            if token.trim().is_empty() {
                anyhow::bail!(
                    "no Discord token: set DISCORD_TOKEN in the environment or in a .env file \
                     beside the config (DISCORD_TOKEN=...). The README's Discord set-up says \
                     where to find it."
                );
            }
            if config.chief_justice.discord_id.is_none() {
                anyhow::bail!(
                    "chief_justice.discord_id is not set: on Discord the Chief Justice is known \
                     only by their user id (right-click them with developer mode on, Copy ID)."
                );
            }
            let portal = match config.portal.address() {
                Some(addr) => Some(start_portal(&config, addr).await?),
                None => None,
            };
            let app = App::open(config, Arc::new(SystemClock)).await?;
            let ran = gavel::adapters::discord::run(app, token.trim()).await;
            if let Some((stop, serving)) = portal {
                let _ = stop.send(true);
                serving.await??;
            }
            ran?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Portal { listen } => {
            let addr = listen
                .or(config.portal.address())
                .unwrap_or(([127, 0, 0, 1], 8080).into());
            let (stop, serving) = start_portal(&config, addr).await?;
            shutdown_signal().await;
            let _ = stop.send(true);
            serving.await??;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Console {
            script,
            memory,
            check,
        } => {
            let mut config = config;
            if memory {
                config.database.path = gavel::store::IN_MEMORY.into();
            }
            let mut session = Console::new(config);
            if let Some(path) = script {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
                let printed = console::run_script(&mut session, &text).await?;
                if check {
                    return Ok(report_check(&text, &printed));
                }
                print!("{printed}");
                return Ok(ExitCode::SUCCESS);
            }
            if std::io::stdin().is_terminal() {
                repl(&mut session).await?;
            } else {
                let mut text = String::new();
                for line in std::io::stdin().lock().lines() {
                    text.push_str(&line?);
                    text.push('\n');
                }
                print!("{}", console::run_script(&mut session, &text).await?);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Brings the database up to date, then serves the portal at `addr` on its own read-only
/// connections until told to stop.
async fn start_portal(
    config: &Config,
    addr: std::net::SocketAddr,
) -> anyhow::Result<(
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<anyhow::Result<()>>,
)> {
    use gavel::adapters::portal;
    let pool = gavel::store::open(&config.database.path).await?;
    gavel::store::migrate(&pool).await?;
    pool.close().await;
    let reader = portal::Portal::open(config).await?;
    let listener = portal::bind(addr).await?;
    println!("The portal is at http://{}/", listener.local_addr()?);
    let (stop, mut stopped) = tokio::sync::watch::channel(false);
    let serving = tokio::spawn(portal::serve(listener, reader, async move {
        let _ = stopped.changed().await;
    }));
    Ok((stop, serving))
}

/// SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Prints the first difference between a transcript and what it printed.
fn report_check(expected: &str, printed: &str) -> ExitCode {
    if expected.trim_end() == printed.trim_end() {
        println!("The transcript matches.");
        return ExitCode::SUCCESS;
    }
    let (e, p): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), printed.lines().collect());
    let at = e
        .iter()
        .zip(&p)
        .position(|(a, b)| a != b)
        .unwrap_or(e.len().min(p.len()));
    println!("The transcript differs at line {}:", at + 1);
    println!("  expected: {}", e.get(at).unwrap_or(&"(end of file)"));
    println!("  printed:  {}", p.get(at).unwrap_or(&"(end of output)"));
    ExitCode::FAILURE
}

async fn repl(session: &mut Console) -> anyhow::Result<()> {
    println!("gavel console: write `name: /command option:value`, `@ +1d` to move the clock, /help for commands, Ctrl-D to leave.");
    let stdin = std::io::stdin();
    loop {
        print!("> ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            println!();
            return Ok(());
        }
        let line = line.trim_end();
        if line.trim() == "/help" {
            println!("Write `yourname: /help`.");
            continue;
        }
        for output in session.execute(line).await? {
            for l in output.render() {
                println!("{l}");
            }
        }
    }
}
