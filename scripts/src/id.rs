//! Problem ids, validated once where they enter: an id names `problems/<ID>/`,
//! `testdata/<ID>/` and `bundled/<ID>.rs`, so it must not be able to name anything else.

use std::ffi::OsStr;
use std::fmt;

use anyhow::{bail, Result};

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProblemId(String);

impl ProblemId {
    /// ASCII letters, digits, `_` and `-`, not starting with `-`: no `/`, no `..`.
    pub fn parse(text: &str) -> Result<ProblemId> {
        let valid = !text.is_empty()
            && !text.starts_with('-')
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !valid {
            bail!(
                "`{}` is not a problem id: an id is the name of a directory under problems/ \
                 (ASCII letters, digits, `_` and `-`)",
                text.escape_debug()
            );
        }
        Ok(ProblemId(text.to_string()))
    }

    pub fn parse_os(text: &OsStr) -> Result<ProblemId> {
        ProblemId::parse(&text.to_string_lossy())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ProblemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl std::ops::Deref for ProblemId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_not_ids() {
        for good in ["p1247", "hdu2176", "cf-1000a", "missing_mod"] {
            assert_eq!(ProblemId::parse(good).unwrap().as_str(), good);
        }
        for bad in [
            "", "..", "../p1247", "a/b", "/abs", "-x", "a b", "ü", "a\nb",
        ] {
            assert!(ProblemId::parse(bad).is_err(), "{bad:?}");
        }
    }
}
