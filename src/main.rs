//! The `gavel` command: run the bot, the console, an export, a restore, a config check,
//! migrations, and the proof (`check`) and rebuilding (`rebuild`) of the scores materialised
//! from the history.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use gavel::adapters::console::{self, Console};
use gavel::app::App;
use gavel::clock::{Clock, SystemClock};
use gavel::config::Config;

#[derive(Parser)]
#[command(
    name = "gavel",
    version,
    about = "A Discord bot that runs a club's constitution"
)]
struct Cli {
    /// The configuration file; it must exist when named. Without it, `config.toml` in the
    /// working folder if there is one, else the built-in defaults
    #[arg(long, env = "GAVEL_CONFIG", global = true)]
    config: Option<PathBuf>,
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
        /// The database is a copy to rehearse on: `@` lines move the clock and the console
        /// delivers its posts (on the club's own database neither happens)
        #[arg(long, conflicts_with = "memory")]
        rehearse: bool,
        /// Compare the output with the script's expected lines; exit 1 on a difference
        #[arg(long, requires = "script")]
        check: bool,
    },
    /// Print the whole state as JSON: the public record, or with --complete every table of the
    /// database, which `gavel restore` reads back
    Export {
        /// Every table of the database, private rows included (as private as the database):
        /// the file `gavel restore` reads
        #[arg(long)]
        complete: bool,
        /// Write to this file instead of standard output (a complete export is made readable by
        /// its owner alone)
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Make a new database from a complete export (`gavel export --complete`): into
    /// database.path, which must be new or empty; `gavel check` runs after
    Restore {
        /// The complete export
        file: PathBuf,
    },
    /// Check the configuration and say what is wrong with it, including the keys `gavel run`
    /// needs
    CheckConfig {
        /// Check only what the console needs, not the Discord keys
        #[arg(long)]
        console_only: bool,
    },
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
    /// The Leaderboard's scores
    Scores {
        #[command(subcommand)]
        command: ScoresCmd,
    },
}

#[derive(Subcommand)]
enum ScoresCmd {
    /// Seed an existing club's members with the scores of its earlier records: one line each,
    /// name,score or name,discord_id,score; recorded in the audit log, no case to appeal
    Import {
        /// The scores
        file: PathBuf,
    },
}

#[derive(Subcommand)]
enum RulesCmd {
    /// Load a rule set as the rulebook in force: the Nomic JSON format (a `.json` file) or the
    /// Markdown format the README describes
    Import {
        /// The rule set
        file: PathBuf,
        /// Replace the rulebook even though proposals have been made under it (recorded and
        /// announced)
        #[arg(long)]
        force: bool,
        /// The file is a tournament's house rules in plain text (sections A to D with numbered
        /// items), which committees change by vote; it sits beside the rulebook in force
        #[arg(long)]
        house: bool,
    },
}

/// The configuration file read when none is named.
const DEFAULT_CONFIG: &str = "config.toml";

#[tokio::main]
async fn main() -> ExitCode {
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "gavel=info,warn".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal: a log file or a service's journal gets plain text.
        .with_ansi(std::io::stderr().is_terminal())
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
    // A file named on purpose must exist; without one, `config.toml` if it is there, else the
    // built-in defaults.
    let config = match &cli.config {
        Some(path) => Config::load_named(path)?,
        None => Config::load(Path::new(DEFAULT_CONFIG))?,
    };
    let config_path = cli.config.clone().unwrap_or_else(|| DEFAULT_CONFIG.into());
    match cli.command {
        Cmd::CheckConfig { console_only } => {
            println!(
                "{}: the configuration is valid (club {:?}, time zone {}, database {}).",
                config_path.display(),
                config.club.name,
                config.club.timezone,
                config.database.path
            );
            let missing = config.missing_for_discord();
            if console_only || missing.is_empty() {
                return Ok(ExitCode::SUCCESS);
            }
            println!("`gavel run` would refuse to start: these keys are not set:");
            for key in &missing {
                println!("- {key}");
            }
            println!(
                "(`gavel check-config --console-only` checks a club that uses only the console.)"
            );
            Ok(ExitCode::FAILURE)
        }
        Cmd::Migrate => {
            say_database(&config);
            let pool = gavel::store::open(&config.database.path).await?;
            gavel::store::migrate(&pool).await?;
            println!("The database at {} is up to date.", config.database.path);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Export { complete, out } => {
            let text = if complete {
                say_database(&config);
                gavel::app::backup::complete_export(&config, &SystemClock).await?
            } else {
                let app = open_to_read(config).await?;
                let doc = gavel::app::export::export(&app).await?;
                format!("{}\n", serde_json::to_string_pretty(&doc)?)
            };
            match out {
                Some(path) => write_export(&path, &text, complete)?,
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Restore { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            say_database(&config);
            let name = file.display().to_string();
            match gavel::app::backup::restore(config, Arc::new(SystemClock), &name, &text).await {
                Ok(done) => {
                    println!("{done}");
                    Ok(if done.problems.is_empty() {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::FAILURE
                    })
                }
                Err(e) => {
                    eprintln!("gavel: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        Cmd::Status => {
            let app = open_to_read(config).await?;
            println!("{}", gavel::app::status::status(&app).await?);
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Check => {
            let app = open_to_read(config).await?;
            let problems = app.check_record().await?;
            let notes = app.check_notes().await?;
            if problems.is_empty() {
                println!(
                    "The scores and checkpoints equal a full fold of the history, and every invariant of the record holds."
                );
                if !notes.is_empty() {
                    println!("Duties still to do, which break no invariant:");
                    for n in &notes {
                        println!("- {n}");
                    }
                }
                return Ok(ExitCode::SUCCESS);
            }
            println!("The record breaks these invariants:");
            for p in &problems {
                println!("- {p}");
            }
            for n in &notes {
                println!("Also still to do: {n}.");
            }
            println!("Where only the stored scores differ, `gavel rebuild` derives them again from the history.");
            Ok(ExitCode::FAILURE)
        }
        Cmd::Rebuild => {
            let app = open(config).await?;
            let started = std::time::Instant::now();
            app.leaderboard().rebuild_standings().await?;
            println!(
                "The scores and checkpoints were rebuilt from the history in {:.1} s.",
                started.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Scores {
            command: ScoresCmd::Import { file },
        } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let app = open(config).await?;
            match app
                .leaderboard()
                .import_scores(&file.display().to_string(), &text)
                .await
            {
                Ok(done) => {
                    println!("{done}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("gavel: The scores were not imported: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        Cmd::Rules {
            command: RulesCmd::Import { file, force, house },
        } => {
            let size = std::fs::metadata(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?
                .len();
            // A file too large is refused before it is read.
            if let Err(e) = gavel::domain::nomic::rulebook::check_size(size) {
                eprintln!("gavel: The rule set could not be imported: {e}");
                return Ok(ExitCode::FAILURE);
            }
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            if house {
                let app = open(config).await?;
                return match app
                    .committee()
                    .import_house_rules(&file.display().to_string(), &text)
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
                };
            }
            let json = file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            let app = open(config).await?;
            if !json && gavel::domain::partychess::suite::is_party_chess(&text) {
                // The Party Chess Rule Suite is a suite of its own beside the rulebook.
                return match app
                    .partychess()
                    .import_suite(&file.display().to_string(), &text)
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
                };
            }
            match app
                .nomic()
                .import_rules(&file.display().to_string(), &text, json, force)
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
            let missing = config.missing_for_discord();
            if !missing.is_empty() {
                anyhow::bail!(
                    "these keys are not set, and the bot needs them:\n- {}",
                    missing.join("\n- ")
                );
            }
            gavel::adapters::discord::club_server(&config)?;
            let portal = match config.portal.address() {
                Some(addr) => Some(start_portal(&config, addr).await?),
                None => None,
            };
            let app = open(config).await?;
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
            say_database(&config);
            // The portal alone only reads: it neither makes nor migrates the database.
            gavel::store::open_to_read(&config.database.path)
                .await?
                .close()
                .await;
            let (stop, serving) = serve_portal(&config, addr).await?;
            shutdown_signal().await;
            let _ = stop.send(true);
            serving.await??;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Console {
            script,
            memory,
            rehearse,
            check,
        } => {
            let mut config = config;
            if memory {
                config.database.path = gavel::store::IN_MEMORY.into();
            } else {
                say_database(&config);
            }
            let mut session = if rehearse {
                Console::rehearsal(config)
            } else {
                Console::new(config)
            };
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
                // A person at the keyboard rehearses from now; a script from its own `@` lines.
                let mut session = session.starting_at(SystemClock.now());
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

/// A portal being served: tell it to stop, then await it.
type PortalHandle = (
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<anyhow::Result<()>>,
);

/// The portal beside the bot (`gavel run`): brings the database up to date, as the bot does,
/// then serves it.
async fn start_portal(config: &Config, addr: std::net::SocketAddr) -> anyhow::Result<PortalHandle> {
    let pool = gavel::store::open(&config.database.path).await?;
    gavel::store::migrate(&pool).await?;
    pool.close().await;
    serve_portal(config, addr).await
}

/// Serves the portal at `addr` on its own read-only connections until told to stop.
async fn serve_portal(config: &Config, addr: std::net::SocketAddr) -> anyhow::Result<PortalHandle> {
    use gavel::adapters::portal;
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
/// Says once, on standard error, which database file a command opens (in full).
fn say_database(config: &Config) {
    let path = Path::new(&config.database.path);
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    eprintln!("gavel: the club's database is {}", full.display());
}

/// Writes an export to `path`; a complete one is created readable by its owner alone, as the
/// database should be.
fn write_export(path: &Path, text: &str, private: bool) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    if private {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let _ = private;
    let mut f = options
        .open(path)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    Ok(())
}

/// Opens the club's database to read it only, saying which it is: nothing is migrated,
/// scheduled or recorded (`App::open_to_read`).
async fn open_to_read(config: Config) -> anyhow::Result<App> {
    say_database(&config);
    App::open_to_read(config, Arc::new(SystemClock)).await
}

/// Opens the club's database, saying which it is.
async fn open(config: Config) -> anyhow::Result<App> {
    say_database(&config);
    App::open(config, Arc::new(SystemClock)).await
}

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
    println!("gavel console: write `name: /command option:value`; `/help` lists the commands, `@` shows the clock, `@ +1d` moves it (in a rehearsal), `quit` or Ctrl-D leaves.");
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
        match line.trim() {
            "quit" | "exit" => return Ok(()),
            "/help" | "help" => {
                println!("{}", gavel::commands::help());
                continue;
            }
            "@" => {
                println!("{}", session.clock_shown());
                continue;
            }
            _ => {}
        }
        for output in session.execute(line).await? {
            for l in output.render() {
                println!("{l}");
            }
        }
    }
}
