//! Scratch directories: one per run, removed when dropped; kept ones pruned to the last few.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result};

/// A directory of its own for one invocation's files (program output, inputs), removed when
/// dropped: two runs at once never share a file.
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    pub fn new(parent: &Path) -> Result<Scratch> {
        let (path, first) = unique_dir(parent);
        if first {
            remove_abandoned(parent);
        }
        create_dir(&path)?;
        Ok(Scratch { path })
    }

    /// A directory of this run's own under `parent` that outlives the process: the evidence
    /// a report points to (a failed case's output). Those of the last [`KEPT_RUNS`] ended
    /// runs stay; older ones are superseded and removed here.
    pub fn kept(parent: &Path) -> Result<PathBuf> {
        remove_superseded(parent, KEPT_RUNS);
        let (path, _) = unique_dir(parent);
        create_dir(&path)?;
        Ok(path)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

/// `parent/run-PID-N-NANOS`, unique across processes and within one; whether it is this
/// process's first.
fn unique_dir(parent: &Path) -> (PathBuf, bool) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!("run-{}-{n}-{nanos}", std::process::id());
    (parent.join(name), n == 0)
}

fn create_dir(path: &Path) -> Result<()> {
    std::fs::create_dir_all(path).with_context(|| format!("cannot create {}", path.display()))
}

/// How many ended runs' kept directories stay under one parent.
pub const KEPT_RUNS: usize = 8;

/// Removes the scratch directories of runs whose process is gone (killed before it could
/// clean up).
fn remove_abandoned(parent: &Path) {
    remove_superseded(parent, 0);
}

/// Removes the `run-PID-…` directories under `parent` whose process is gone, all but the
/// newest `keep` of them.
fn remove_superseded(parent: &Path, keep: usize) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let mut ended: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let pid = name
                .to_str()
                .and_then(|n| n.strip_prefix("run-"))
                .and_then(|rest| rest.split('-').next())
                .and_then(|pid| pid.parse::<u32>().ok());
            pid.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
        })
        .map(|entry| {
            let made = entry.metadata().and_then(|m| m.modified());
            (made.unwrap_or(std::time::UNIX_EPOCH), entry.path())
        })
        .collect();
    ended.sort_by_key(|(made, _)| std::cmp::Reverse(*made));
    for (_, path) in ended.iter().skip(keep) {
        let _ = std::fs::remove_dir_all(path);
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    #[test]
    fn abandoned_scratch_directories_are_removed() {
        let parent = std::env::temp_dir().join(format!("ojgames-abandoned-{}", std::process::id()));
        // No process has id 4194305 (above Linux's pid_max limit).
        let dead = parent.join("run-4194305-0-1");
        let alive = parent.join(format!("run-{}-99-1", std::process::id()));
        for dir in [&dead, &alive] {
            std::fs::create_dir_all(dir).unwrap();
        }
        remove_abandoned(&parent);
        assert!(!dead.exists());
        assert!(alive.exists());
        let _ = std::fs::remove_dir_all(parent);
    }

    #[test]
    fn kept_directories_of_ended_runs_are_removed_past_the_last_few() {
        let parent = std::env::temp_dir().join(format!("ojgames-kept-{}", std::process::id()));
        let ended: Vec<PathBuf> = (0..KEPT_RUNS + 3)
            .map(|i| parent.join(format!("run-4194305-{i}-1")))
            .collect();
        for dir in &ended {
            std::fs::create_dir_all(dir).unwrap();
            std::thread::sleep(Duration::from_millis(5));
        }
        let mine = Scratch::kept(&parent).unwrap();
        let left: Vec<&PathBuf> = ended.iter().filter(|dir| dir.exists()).collect();
        assert_eq!(left, ended[3..].iter().collect::<Vec<_>>());
        assert!(mine.exists(), "it outlives its process");
        let _ = std::fs::remove_dir_all(parent);
    }

    #[test]
    fn scratch_directories_are_distinct_and_removed() {
        let parent = std::env::temp_dir().join(format!("ojgames-scratch-{}", std::process::id()));
        let (a, b) = (
            Scratch::new(&parent).unwrap(),
            Scratch::new(&parent).unwrap(),
        );
        assert_ne!(a.path(), b.path());
        let kept = a.path().to_path_buf();
        drop(a);
        assert!(!kept.exists());
        drop(b);
        let _ = std::fs::remove_dir_all(parent);
    }
}
