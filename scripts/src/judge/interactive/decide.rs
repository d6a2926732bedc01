//! The verdict of an interactive run, decided in the order of Kattis problemtools:
//!
//! 1. the run stood still (nobody used CPU time or moved a byte for [`Limits::idle`]) and
//!    both were killed: IDLE, saying what each side was doing;
//! 2. the interactor ended first (exited, or closed its output) with WA or PE: that verdict
//!    (a solution that then fails on the closed input is not blamed for it);
//! 3. the solution's own verdict from how it ended: TLE (its CPU time alone), MLE, OLE, RE
//!    (decided by [`super::super::execute::decide`], as for a batch problem); except a death
//!    by SIGPIPE after the interactor had exited;
//! 4. the interactor's verdict from its exit code: testlib's 0 AC, 1 WA, 2 PE, 3 FAIL and
//!    Kattis' 42 AC, 43 WA; any other code, a signal or a kill is FAIL: the jury is broken,
//!    not the solution.

use crate::judge::verdict::{format_kib, format_time, Verdict};
use crate::runner::pair::{PairOutcome, Side, Stall, Waiting};
use crate::runner::{signal_name, Exit, Kill, Limits, Outcome};

/// The interactor's verdict from how it ended, with the reason.
pub fn jury_verdict(interactor: &Outcome, limits: &Limits) -> (Verdict, String) {
    let broken = ": the jury is broken, not the solution";
    match (interactor.killed, interactor.exit) {
        (Some(Kill::Cpu), _) => (
            Verdict::CheckerFailure,
            format!(
                "the interactor used more than its CPU limit of {}{broken}",
                format_time(limits.cpu)
            ),
        ),
        (Some(Kill::Memory), _) => (
            Verdict::CheckerFailure,
            format!(
                "the interactor used more than its memory limit of {}{broken}",
                format_kib(limits.memory_kib)
            ),
        ),
        (Some(Kill::Idle), _) => (
            Verdict::CheckerFailure,
            format!("the interactor stood still and was killed{broken}"),
        ),
        (Some(Kill::Wall), _) => (
            Verdict::Unjudged,
            "the interactor was killed at the wall-clock safety net: the machine is too busy \
             to judge; judge it again"
                .to_string(),
        ),
        (None, Exit::Code(0)) => (
            Verdict::Accepted,
            "the interactor accepted (exit code 0)".into(),
        ),
        (None, Exit::Code(42)) => (
            Verdict::Accepted,
            "the interactor accepted (exit code 42, Kattis)".into(),
        ),
        (None, Exit::Code(1)) => (
            Verdict::WrongAnswer,
            "the interactor said wrong answer (exit code 1)".into(),
        ),
        (None, Exit::Code(43)) => (
            Verdict::WrongAnswer,
            "the interactor said wrong answer (exit code 43, Kattis)".into(),
        ),
        (None, Exit::Code(2)) => (
            Verdict::PresentationError,
            "the interactor said presentation error (exit code 2)".into(),
        ),
        (None, Exit::Code(3)) => (
            Verdict::CheckerFailure,
            format!("the interactor reported FAIL (exit code 3){broken} or the test is bad"),
        ),
        (None, Exit::Code(code)) => (
            Verdict::CheckerFailure,
            format!(
                "the interactor exited with code {code}, which is no verdict (0 or 42 AC, \
                 1 or 43 WA, 2 PE, 3 FAIL){broken}"
            ),
        ),
        (None, Exit::Signal(signal)) => (
            Verdict::CheckerFailure,
            format!(
                "the interactor was killed by signal {signal} ({}){broken}",
                signal_name(signal)
            ),
        ),
    }
}

/// The verdict of one interactive run and its evidence (one or two lines; the caller adds
/// the stderr tails and the transcript). `solution` is how the solution's run failed by
/// itself, as `execute::decide` found it.
pub fn decide(
    pair: &PairOutcome,
    solution: Option<(Verdict, String)>,
    solution_limits: &Limits,
    interactor_limits: &Limits,
) -> (Verdict, String) {
    // Both killed as they waited: the interactor did not end first, whatever it did on
    // seeing the solution go.
    if let Some(stall) = pair
        .stall
        .as_ref()
        .filter(|_| pair.solution.killed == Some(Kill::Idle))
    {
        return (Verdict::Idle, stalled(stall, pair, solution_limits));
    }
    let jury = jury_verdict(&pair.interactor, interactor_limits);
    let jury_first = pair.first_exit == Side::Interactor;
    if jury_first && matches!(jury.0, Verdict::WrongAnswer | Verdict::PresentationError) {
        return (jury.0, format!("{}, before the solution ended", jury.1));
    }
    let broken_pipe = pair.solution.exit == Exit::Signal(libc::SIGPIPE);
    if !(jury_first && broken_pipe) {
        if let Some(found) = solution {
            return found;
        }
    }
    jury
}

fn stalled(stall: &Stall, pair: &PairOutcome, limits: &Limits) -> String {
    let mut text = format!(
        "nothing moved for {} (no CPU time used, no byte written) and both were killed: the \
         solution {}, the interactor {}",
        format_time(limits.idle()),
        stall.solution.describe(),
        stall.interactor.describe()
    );
    if stall.solution == Waiting::ToRead && stall.interactor == Waiting::ToRead {
        text.push_str(&format!(
            ": each waited for the other. Did the solution flush its last line? ({} bytes \
             reached the interactor)",
            pair.solution_bytes
        ));
    }
    text.push_str(&format!(
        " (solution CPU time {}, limit {})",
        format_time(pair.solution.cpu),
        format_time(limits.cpu)
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::verdict::{self, Traces};
    use std::time::Duration;

    const LIMITS: Limits = Limits {
        cpu: Duration::from_millis(1000),
        wall: Duration::from_millis(30000),
        memory_kib: 1000,
        stack_kib: 500,
        output_bytes: 100,
    };

    fn ended(exit: Exit, killed: Option<Kill>, cpu_ms: u64, peak_kib: u64) -> Outcome {
        Outcome {
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms + 3),
            peak_kib,
            exit,
            killed,
        }
    }

    fn pair(solution: Outcome, interactor: Outcome, first: Side) -> PairOutcome {
        PairOutcome {
            solution,
            interactor,
            first_exit: first,
            solution_bytes: 10,
            interactor_bytes: 10,
            stall: None,
        }
    }

    fn judged(pair: &PairOutcome) -> (Verdict, String) {
        let traces = Traces {
            stdout_bytes: pair.solution_bytes,
            stderr_bytes: 0,
            stderr: "",
        };
        let solution = verdict::from_outcome(&pair.solution, &LIMITS, &traces);
        decide(pair, solution, &LIMITS, &LIMITS)
    }

    fn verdict_of(pair: &PairOutcome) -> Verdict {
        judged(pair).0
    }

    const OK: Exit = Exit::Code(0);

    #[test]
    fn exit_codes_of_testlib_and_kattis() {
        for (code, expected) in [
            (0, Verdict::Accepted),
            (42, Verdict::Accepted),
            (1, Verdict::WrongAnswer),
            (43, Verdict::WrongAnswer),
            (2, Verdict::PresentationError),
            (3, Verdict::CheckerFailure),
            (4, Verdict::CheckerFailure),
            (7, Verdict::CheckerFailure),
            (101, Verdict::CheckerFailure),
        ] {
            let p = pair(
                ended(OK, None, 1, 1),
                ended(Exit::Code(code), None, 1, 1),
                Side::Solution,
            );
            assert_eq!(verdict_of(&p), expected, "exit code {code}");
        }
        let signalled = ended(Exit::Signal(libc::SIGSEGV), None, 1, 1);
        let p = pair(ended(OK, None, 1, 1), signalled, Side::Interactor);
        assert_eq!(verdict_of(&p), Verdict::CheckerFailure);
    }

    #[test]
    fn the_interactor_first_with_wa_wins_over_the_solution_crash() {
        let crashed = ended(Exit::Code(101), None, 1, 1);
        let wa = ended(Exit::Code(1), None, 1, 1);
        let p = pair(crashed, wa, Side::Interactor);
        assert_eq!(verdict_of(&p), Verdict::WrongAnswer);
        // The solution first: its RE is the verdict.
        let p = pair(crashed, wa, Side::Solution);
        assert_eq!(verdict_of(&p), Verdict::RuntimeError);
        // The interactor first but accepting: the solution's crash still counts.
        let p = pair(crashed, ended(OK, None, 1, 1), Side::Interactor);
        assert_eq!(verdict_of(&p), Verdict::RuntimeError);
    }

    #[test]
    fn the_solutions_limits_come_before_the_jurys_verdict() {
        let tle = ended(Exit::Signal(9), Some(Kill::Cpu), 1005, 1);
        let mle = ended(Exit::Signal(9), Some(Kill::Memory), 5, 5000);
        for (solution, expected) in [(tle, Verdict::TimeLimit), (mle, Verdict::MemoryLimit)] {
            for jury in [OK, Exit::Code(1), Exit::Code(3)] {
                let p = pair(solution, ended(jury, None, 1, 1), Side::Solution);
                assert_eq!(verdict_of(&p), expected, "{jury:?}");
            }
        }
    }

    #[test]
    fn a_slow_jury_is_not_the_solutions_time() {
        let p = pair(
            ended(OK, None, 3, 1),
            ended(OK, None, 5000, 1),
            Side::Interactor,
        );
        assert_eq!(verdict_of(&p), Verdict::Accepted);
    }

    #[test]
    fn sigpipe_after_the_jury_has_exited_is_not_re() {
        let piped = ended(Exit::Signal(libc::SIGPIPE), None, 1, 1);
        let p = pair(piped, ended(OK, None, 1, 1), Side::Interactor);
        assert_eq!(verdict_of(&p), Verdict::Accepted);
        let p = pair(piped, ended(OK, None, 1, 1), Side::Solution);
        assert_eq!(verdict_of(&p), Verdict::RuntimeError);
    }

    #[test]
    fn a_stall_is_idle_naming_who_waited_to_read() {
        let mut p = pair(
            ended(Exit::Signal(9), Some(Kill::Idle), 2, 1),
            ended(Exit::Signal(9), Some(Kill::Idle), 2, 1),
            Side::Solution,
        );
        p.stall = Some(Stall {
            solution: Waiting::ToRead,
            interactor: Waiting::ToRead,
            at: Duration::from_secs(2),
        });
        let (verdict, text) = judged(&p);
        assert_eq!(verdict, Verdict::Idle);
        assert!(
            text.contains("the solution waited to read its input"),
            "{text}"
        );
        assert!(
            text.contains("the interactor waited to read its input"),
            "{text}"
        );
        assert!(text.contains("flush"), "{text}");
        p.stall.as_mut().unwrap().interactor = Waiting::Elsewhere("hrtimer_nanosleep".into());
        let (_, text) = judged(&p);
        assert!(text.contains("blocked in hrtimer_nanosleep"), "{text}");
        assert!(!text.contains("flush"), "{text}");
    }

    #[test]
    fn a_jury_that_stood_still_after_the_solution_is_fail() {
        let p = pair(
            ended(OK, None, 1, 1),
            ended(Exit::Signal(9), Some(Kill::Idle), 1, 1),
            Side::Solution,
        );
        assert_eq!(verdict_of(&p), Verdict::CheckerFailure);
    }
}
