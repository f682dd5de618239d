//! The engine's threads: a fixed number, started as work arrives and kept
//! for the server's life, so that engine work (the searches of `/api/ai`
//! and of the analysis streams) runs on the same few threads however many
//! requests come.
//!
//! Why not tokio's blocking threads: those come and go (up to 512, each
//! idle 10 s before it ends), and every search allocates a 16 MiB
//! transposition table; glibc keeps a freed block in the arena of the
//! thread that used it, so searches spread over many threads held
//! hundreds of MiB under load (benches/README.md, "The web server under
//! load"). On a fixed set of threads each thread's arena serves its next
//! table. Position lookups keep tokio's blocking threads, apart from the
//! engine's.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// A job for an engine thread.
type Job = Box<dyn FnOnce() + Send>;

/// A fixed-size pool of engine threads.
pub struct EnginePool {
    tx: Mutex<mpsc::Sender<Job>>,
    rx: Arc<Mutex<mpsc::Receiver<Job>>>,
    /// Threads started so far, at most `size`.
    started: Mutex<usize>,
    size: usize,
}

impl EnginePool {
    /// A pool of at most `size` threads (at least 1), none started yet.
    pub fn new(size: usize) -> EnginePool {
        let (tx, rx) = mpsc::channel();
        EnginePool {
            tx: Mutex::new(tx),
            rx: Arc::new(Mutex::new(rx)),
            started: Mutex::new(0),
            size: size.max(1),
        }
    }

    /// The most threads the pool runs.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Threads started so far.
    pub fn started(&self) -> usize {
        *self.started.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `work` on one of the pool's threads (starting one while fewer
    /// than the pool's size run): the receiver gives its result, or an
    /// error when no thread could take it (none could be started) or the
    /// work panicked. The caller bounds how many jobs run at once (the
    /// server's semaphores); beyond the pool's size they queue.
    pub fn spawn<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> oneshot::Receiver<T> {
        let (done, answer) = oneshot::channel();
        self.start_thread();
        let job: Job = Box::new(move || {
            let _ = done.send(work());
        });
        // With no thread to take it the job is dropped, and with it the
        // sender: the receiver reports the failure.
        let _ = self.tx.lock().unwrap_or_else(|e| e.into_inner()).send(job);
        answer
    }

    /// Starts one more thread while fewer than `size` run (a thread the
    /// system refuses is not counted; the next job tries again).
    fn start_thread(&self) {
        let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
        if *started >= self.size {
            return;
        }
        let rx = self.rx.clone();
        let name = format!("lapilli-engine-{}", *started);
        let spawned = std::thread::Builder::new().name(name).spawn(move || loop {
            let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
            match job {
                // A job that panics loses its answer, not the thread.
                Ok(job) => drop(catch_unwind(AssertUnwindSafe(job))),
                // The pool is gone: the server stopped.
                Err(_) => break,
            }
        });
        if spawned.is_ok() {
            *started += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EnginePool;
    use std::collections::HashSet;

    #[tokio::test]
    async fn jobs_run_on_at_most_the_pools_threads() {
        let pool = EnginePool::new(2);
        let mut names = HashSet::new();
        for i in 0..20u32 {
            let (name, square) = pool
                .spawn(move || (std::thread::current().name().unwrap_or_default().to_string(), i * i))
                .await
                .unwrap();
            assert_eq!(square, i * i);
            names.insert(name);
        }
        assert_eq!(pool.started(), 2);
        assert!(names.len() <= 2 && names.iter().all(|n| n.starts_with("lapilli-engine-")), "{names:?}");
    }

    #[tokio::test]
    async fn a_job_that_panics_leaves_its_thread_working() {
        let pool = EnginePool::new(1);
        assert!(pool.spawn(|| -> u32 { panic!("a job that fails") }).await.is_err());
        let next = tokio::time::timeout(std::time::Duration::from_secs(5), pool.spawn(|| 7)).await;
        assert_eq!(next.ok().and_then(Result::ok), Some(7));
        assert_eq!(pool.started(), 1);
    }
}
