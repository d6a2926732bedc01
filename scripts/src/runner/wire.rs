//! The launcher's wire format: a job as length-prefixed fields, an outcome as one line.

use std::ffi::OsString;
use std::io::BufRead;
use std::os::unix::ffi::OsStringExt;
use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Context, Result};

use super::{Exit, Job, Kill, Limits, Outcome};

/// `COUNT\n` then each field as `LEN\n` and its bytes: paths may hold any byte but NUL.
pub(super) fn encode_fields(fields: &[Vec<u8>]) -> Vec<u8> {
    let mut out = format!("{}\n", fields.len()).into_bytes();
    for field in fields {
        out.extend_from_slice(format!("{}\n", field.len()).as_bytes());
        out.extend_from_slice(field);
    }
    out
}

/// One request of [`encode_fields`]; `None` at the end of input.
pub(super) fn decode_fields(input: &mut impl BufRead) -> Result<Option<Vec<OsString>>> {
    let mut line = String::new();
    let number = |line: &str| -> Result<usize> {
        line.trim_end()
            .parse()
            .with_context(|| format!("bad request header {line:?}"))
    };
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let count = number(&line)?;
    let mut fields = Vec::with_capacity(count);
    for _ in 0..count {
        line.clear();
        input.read_line(&mut line)?;
        let mut field = vec![0; number(&line)?];
        input.read_exact(&mut field)?;
        fields.push(OsString::from_vec(field));
    }
    Ok(Some(fields))
}

pub(super) fn job_from(fields: &[OsString]) -> Result<Job<'_>> {
    if fields.len() < 9 {
        bail!("a job has at least 9 fields, got {}", fields.len());
    }
    let number = |arg: &OsString| -> Result<u64> {
        arg.to_string_lossy()
            .parse()
            .with_context(|| format!("bad number {arg:?}"))
    };
    let limits = Limits {
        cpu: Duration::from_micros(number(&fields[0])?),
        wall: Duration::from_micros(number(&fields[1])?),
        memory_kib: number(&fields[2])?,
        stack_kib: number(&fields[3])?,
        output_bytes: number(&fields[4])?,
    };
    Ok(Job {
        program: Path::new(&fields[8]),
        args: &fields[9..],
        stdin: (fields[5] != "-").then(|| Path::new(&fields[5])),
        stdout: Path::new(&fields[6]),
        stderr: Path::new(&fields[7]),
        limits,
    })
}

impl Outcome {
    pub(super) fn encode(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let killed = self.killed.map_or("none", Kill::name);
        let (cpu, wall) = (self.cpu.as_micros(), self.wall.as_micros());
        format!("{cpu} {wall} {} {killed} {kind} {value}", self.peak_kib)
    }

    pub(super) fn decode(report: &str) -> Option<Outcome> {
        let fields: Vec<&str> = report.split(' ').collect();
        let [cpu, wall, peak, killed, kind, value] = fields.as_slice() else {
            return None;
        };
        let value = value.parse().ok()?;
        Some(Outcome {
            cpu: Duration::from_micros(cpu.parse().ok()?),
            wall: Duration::from_micros(wall.parse().ok()?),
            peak_kib: peak.parse().ok()?,
            killed: match *killed {
                "none" => None,
                name => Some(*Kill::ALL.iter().find(|k| k.name() == name)?),
            },
            exit: match *kind {
                "signal" => Exit::Signal(value),
                "code" => Exit::Code(value),
                _ => return None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn reports_round_trip() {
        let outcome = Outcome {
            cpu: Duration::from_micros(1234),
            wall: Duration::from_micros(5678),
            peak_kib: 42,
            exit: Exit::Signal(9),
            killed: Some(Kill::Wall),
        };
        assert_eq!(Outcome::decode(&outcome.encode()), Some(outcome));
        assert_eq!(Outcome::decode("1 2 3 maybe code 0"), None);
    }
}
