//! What kind of file a path names, decided without opening it (opening a FIFO blocks until
//! someone writes to it), and reading a file only when it is a regular one. Judge, run, fill
//! and stress all ask here, so a directory, a FIFO, a broken symlink or an unreadable file
//! gets the same one message naming the path wherever it turns up.

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Writes `content` to `path` through a file of its own beside it (`NAME.partial-PID`),
/// renamed into place: a process reading `path` meanwhile finds the old file or the new one,
/// never half of one. The partial file goes when the rename fails.
pub fn write_atomically(path: &Path, content: impl AsRef<[u8]>) -> io::Result<()> {
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    let written = fs::write(&partial, content).and_then(|()| fs::rename(&partial, path));
    if written.is_err() {
        let _ = fs::remove_file(&partial);
    }
    written
}

/// What a path names.
#[derive(Debug)]
pub enum Kind {
    Regular,
    Missing,
    Directory,
    Fifo,
    Socket,
    Device,
    /// A symlink whose target does not exist (the target, as the link says it).
    BrokenSymlink(PathBuf),
    /// A file this process may not read, or that cannot be looked at (the reason).
    Unreadable(io::Error),
}

impl Kind {
    /// The kind of `path`, following symlinks; never opens it.
    pub fn of(path: &Path) -> Kind {
        match fs::metadata(path) {
            Ok(meta) => {
                let kind = meta.file_type();
                if kind.is_dir() {
                    Kind::Directory
                } else if kind.is_fifo() {
                    Kind::Fifo
                } else if kind.is_socket() {
                    Kind::Socket
                } else if kind.is_char_device() || kind.is_block_device() {
                    Kind::Device
                } else if let Err(err) = readable(path) {
                    Kind::Unreadable(err)
                } else {
                    Kind::Regular
                }
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound => match fs::read_link(path) {
                Ok(target) => Kind::BrokenSymlink(target),
                Err(_) => Kind::Missing,
            },
            Err(err) => Kind::Unreadable(err),
        }
    }

    /// `a FIFO`, `a broken symlink (to /nonexistent)`.
    fn noun(&self) -> String {
        match self {
            Kind::Regular => "a regular file".to_string(),
            Kind::Missing => "missing".to_string(),
            Kind::Directory => "a directory".to_string(),
            Kind::Fifo => "a FIFO".to_string(),
            Kind::Socket => "a socket".to_string(),
            Kind::Device => "a device".to_string(),
            Kind::BrokenSymlink(target) => {
                format!("a broken symlink (to {})", target.display())
            }
            Kind::Unreadable(err) => format!("unreadable ({err})"),
        }
    }
}

/// `access(2)` with `R_OK`: the permission bits (and ACLs) allow this process to read it.
fn readable(path: &Path) -> io::Result<()> {
    let mut bytes = path.as_os_str().as_bytes().to_vec();
    bytes.push(0);
    let name = std::ffi::CStr::from_bytes_with_nul(&bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL byte in the path"))?;
    // SAFETY: a NUL-terminated string that lives across the call.
    if unsafe { libc::access(name.as_ptr(), libc::R_OK) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// A path that is not the regular file it should be: the one message for it.
#[derive(Debug)]
pub struct NotAFile {
    /// As shown to the user (relative to the workspace root).
    pub shown: String,
    pub kind: Kind,
}

impl fmt::Display for NotAFile {
    /// `testdata/a/1.out is a FIFO, not a regular file`, `testdata/a/1.out is missing`,
    /// `testdata/a/1.out is unreadable (Permission denied (os error 13))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Missing | Kind::Unreadable(_) => {
                write!(f, "{} is {}", self.shown, self.kind.noun())
            }
            kind => write!(f, "{} is {}, not a regular file", self.shown, kind.noun()),
        }
    }
}

impl std::error::Error for NotAFile {}

/// `Ok` when `path` is a regular file this process can read; else why not.
pub fn check_regular(path: &Path, shown: impl Into<String>) -> Result<(), NotAFile> {
    match Kind::of(path) {
        Kind::Regular => Ok(()),
        kind => Err(NotAFile {
            shown: shown.into(),
            kind,
        }),
    }
}

/// The bytes of `path` when it is a regular file; else why not (`Kind::Missing` when there
/// is nothing there). Opened without blocking and checked on the open file, so a FIFO cannot
/// hang the reader, and a plain file costs no more than a plain read.
pub fn read_regular(path: &Path, shown: &str) -> Result<Vec<u8>, NotAFile> {
    let not_a_file = |kind: Kind| NotAFile {
        shown: shown.to_string(),
        kind,
    };
    let mut file = match fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
    {
        Ok(file) => file,
        // Missing, a broken symlink, or no permission: the kind says which.
        Err(err) => {
            return Err(not_a_file(match Kind::of(path) {
                Kind::Regular => Kind::Unreadable(err),
                kind => kind,
            }))
        }
    };
    let meta = file
        .metadata()
        .map_err(|err| not_a_file(Kind::Unreadable(err)))?;
    if !meta.file_type().is_file() {
        return Err(not_a_file(Kind::of(path)));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes)
        .map_err(|err| not_a_file(Kind::Unreadable(err)))?;
    Ok(bytes)
}

/// The length of a file, or an error naming it.
pub fn file_len(path: &Path) -> anyhow::Result<u64> {
    use anyhow::Context;
    Ok(fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len())
}

/// The last `limit` bytes of a file.
pub fn read_tail(path: &Path, limit: u64) -> anyhow::Result<Vec<u8>> {
    use anyhow::Context;
    use std::io::Seek;
    let mut file =
        fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let len = file.metadata()?.len();
    file.seek(io::SeekFrom::Start(len.saturating_sub(limit)))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// One line per file: its path, size and modification time (`-` when it is missing). What a
/// cache kept under it depends on: a change of any of them makes another stamp.
pub fn stamp<P: AsRef<Path>>(files: &[P]) -> String {
    let mut stamp = String::new();
    for file in files {
        let file = file.as_ref();
        let seen = fs::metadata(file).ok().map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {modified}", m.len())
        });
        let seen = seen.as_deref().unwrap_or("-");
        stamp.push_str(&format!("{} {seen}\n", file.display()));
    }
    stamp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_named_without_opening_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        fs::write(path("file"), "1\n").unwrap();
        fs::create_dir(path("dir")).unwrap();
        let fifo = std::ffi::CString::new(path("fifo").as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        std::os::unix::fs::symlink("/nonexistent", path("dangling")).unwrap();
        let message = |name: &str| match check_regular(&path(name), name) {
            Ok(()) => "ok".to_string(),
            Err(err) => err.to_string(),
        };
        assert_eq!(message("file"), "ok");
        assert_eq!(message("dir"), "dir is a directory, not a regular file");
        assert_eq!(message("fifo"), "fifo is a FIFO, not a regular file");
        assert_eq!(
            message("dangling"),
            "dangling is a broken symlink (to /nonexistent), not a regular file"
        );
        assert_eq!(message("none"), "none is missing");
        assert_eq!(read_regular(&path("file"), "file").unwrap(), b"1\n");
        let err = read_regular(&path("fifo"), "fifo").unwrap_err();
        assert_eq!(err.to_string(), "fifo is a FIFO, not a regular file");
        let err = read_regular(&path("dangling"), "dangling").unwrap_err();
        assert!(matches!(err.kind, Kind::BrokenSymlink(_)), "{err}");
        let err = read_regular(&path("none"), "none").unwrap_err();
        assert!(matches!(err.kind, Kind::Missing), "{err}");
    }
}
