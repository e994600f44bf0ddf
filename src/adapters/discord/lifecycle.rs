//! Shutdown: stop taking interactions, finish those in flight and the post being sent, then
//! let the gateway close, so a restart never cuts a command or a post in half.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{watch, Notify, OwnedRwLockReadGuard, RwLock};
use tokio::task::JoinHandle;

/// How long shutdown waits for interactions in flight (Discord gives a reply 15 minutes at
/// most, but a command that takes this long is stuck).
const GRACE: Duration = Duration::from_secs(30);

/// The bot's running state, shared by the commands, the background tasks and the shutdown.
#[derive(Debug)]
pub struct Lifecycle {
    /// Every interaction being handled holds it for reading; shutdown takes it for writing, so
    /// it waits for them, and leaves `true` behind, so later interactions are turned away.
    gate: Arc<RwLock<bool>>,
    stopping: watch::Sender<bool>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
    /// Wakes the replier when a reply Discord did not take is kept.
    replies: Arc<Notify>,
    /// Set once Discord has answered (READY): until then start-up says it is still trying.
    connected: std::sync::atomic::AtomicBool,
}

/// Held while an interaction is handled.
pub type InFlight = OwnedRwLockReadGuard<bool>;

/// Where the serenity client keeps the lifecycle, for the commands to find it.
pub struct LifecycleKey;

impl serenity::prelude::TypeMapKey for LifecycleKey {
    type Value = Arc<Lifecycle>;
}

impl Default for Lifecycle {
    fn default() -> Self {
        Self {
            gate: Arc::default(),
            stopping: watch::channel(false).0,
            tasks: Mutex::default(),
            replies: Arc::default(),
            connected: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

impl Lifecycle {
    /// Enters an interaction: `None` once shutdown has begun.
    pub async fn enter(&self) -> Option<InFlight> {
        let guard = self.gate.clone().read_owned().await;
        (!*guard).then_some(guard)
    }

    /// The lifecycle of the client `ctx` belongs to.
    pub async fn of(ctx: &serenity::Context) -> Arc<Self> {
        ctx.data
            .read()
            .await
            .get::<LifecycleKey>()
            .cloned()
            .expect("the client carries its lifecycle")
    }

    /// Wakes the replier: a reply was kept.
    /// Discord has answered: the gateway is ready.
    pub fn mark_connected(&self) {
        self.connected
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether Discord has answered since start-up.
    pub fn is_connected(&self) -> bool {
        self.connected.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn wake_replies(&self) {
        self.replies.notify_one();
    }

    /// What the replier waits on between its passes.
    pub fn replies_waker(&self) -> Arc<Notify> {
        self.replies.clone()
    }

    /// Tells background tasks to stop after their current step.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Keeps a background task, so shutdown waits for it.
    pub fn keep(&self, task: JoinHandle<()>) {
        self.tasks.lock().expect("tasks lock").push(task);
    }

    /// Turns new interactions away, waits for those in flight, then stops the background tasks
    /// (the poster finishes the post it is sending) and waits for them.
    pub async fn shut_down(&self) {
        match tokio::time::timeout(GRACE, self.gate.write()).await {
            Ok(mut closed) => *closed = true,
            Err(_) => {
                tracing::error!("interactions still running after {GRACE:?}; stopping anyway")
            }
        }
        self.stopping.send_replace(true);
        let tasks = std::mem::take(&mut *self.tasks.lock().expect("tasks lock"));
        for task in tasks {
            if let Err(e) = task.await {
                tracing::error!(error = ?e, "a background task ended badly");
            }
        }
    }
}
