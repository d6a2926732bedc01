//! `--command CMD`: any program (`./a.out`, `python3 sol.py`, a C++ brute force) judged on a
//! problem's suite in place of its solution, through the same runner, limits and verdicts.
//!
//! No shell runs: CMD is split into words here (quotes and backslashes as a shell reads them)
//! and its first word is the program the runner starts and measures. Under `sh -c CMD` the
//! runner would time and measure the shell, and a shell that forks rather than execs would
//! leave the program's memory out of the figures.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

/// A command split into its program (resolved to a path) and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserCommand {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// As the user wrote it, for the report.
    pub text: String,
}

/// Words a shell would act on, which this command passes on as plain arguments instead.
const SHELL_WORDS: [&str; 10] = ["|", "||", "&&", ";", "<", ">", ">>", "2>", "&", "2>&1"];

impl UserCommand {
    /// `text` split into words; the first is found as a shell finds it: a word with a `/` is
    /// a path (relative to `cwd`), any other is looked up on `path` (`$PATH`).
    pub fn parse(text: &str, cwd: &Path, path: Option<&std::ffi::OsStr>) -> Result<UserCommand> {
        let words = split_words(text)?;
        let Some((first, rest)) = words.split_first() else {
            bail!("--command \"{text}\" names no program");
        };
        if let Some(word) = words.iter().find(|w| SHELL_WORDS.contains(&w.as_str())) {
            bail!(
                "--command runs no shell, so `{word}` in \"{text}\" would reach the program as \
                 an argument: put the pipeline or redirection in a script and give the script"
            );
        }
        let program = if first.contains('/') {
            let program = cwd.join(first);
            if !program.is_file() {
                bail!(
                    "--command: {} is not a file (from \"{text}\")",
                    program.display()
                );
            }
            program
        } else {
            path.into_iter()
                .flat_map(std::env::split_paths)
                .map(|dir| dir.join(first))
                .find(|candidate| is_executable(candidate))
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "--command: `{first}` is not found on PATH (write ./{first} for a \
                         program in this directory)"
                    )
                })?
        };
        Ok(UserCommand {
            program,
            args: rest.iter().map(OsString::from).collect(),
            text: text.to_string(),
        })
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Words split at unquoted whitespace; `'…'` keeps everything, `"…"` keeps everything but
/// `\"` and `\\`, a backslash outside quotes keeps the next character.
fn split_words(text: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                words.extend(word.take());
            }
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => bail!("--command \"{text}\": a ' is not closed"),
                    }
                }
            }
            '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => bail!("--command \"{text}\": a \" is not closed"),
                        },
                        Some(c) => word.push(c),
                        None => bail!("--command \"{text}\": a \" is not closed"),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => bail!("--command \"{text}\": it ends with a lone \\"),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_a_shell_splits_them() {
        let split = |text: &str| split_words(text).unwrap();
        assert_eq!(split("python3 sol.py"), ["python3", "sol.py"]);
        assert_eq!(split("  ./a.out   -x  "), ["./a.out", "-x"]);
        assert_eq!(
            split("'my prog' \"a \\\"b\\\"\" c\\ d"),
            ["my prog", "a \"b\"", "c d"]
        );
        assert_eq!(split("x '' y"), ["x", "", "y"]);
        assert!(split_words("a 'b").is_err());
        assert!(split_words("a \"b").is_err());
        assert!(split_words("a \\").is_err());
    }

    #[test]
    fn the_program_is_found_as_a_shell_finds_it() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let tool = bin.join("tool");
        std::fs::write(&tool, "#!/bin/sh\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = std::env::join_paths([&bin]).unwrap();
        let found = UserCommand::parse("tool -v 'a b'", dir.path(), Some(&path)).unwrap();
        assert_eq!(found.program, tool);
        assert_eq!(found.args, ["-v", "a b"]);
        let relative = UserCommand::parse("bin/tool", dir.path(), None).unwrap();
        assert_eq!(relative.program, dir.path().join("bin/tool"));
        let error = |text: &str| {
            format!(
                "{:#}",
                UserCommand::parse(text, dir.path(), Some(&path)).unwrap_err()
            )
        };
        assert!(error("nosuch").contains("`nosuch` is not found on PATH"));
        assert!(error("./nosuch").contains("nosuch is not a file"));
        assert!(error("   ").contains("names no program"));
        assert!(error("tool < in.txt").contains("runs no shell, so `<`"));
        assert!(error("tool | sort").contains("`|`"));
    }
}
