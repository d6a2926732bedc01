//! HDU 1524 A Chess Game: test cases to the end of input, each a directed acyclic graph of `N`
//! positions (`N` lines `X t1 … tX`: the positions a chessman may move to from 0, 1, …) and
//! queries `M p1 … pM` (chessmen on those positions, several may share one) until `M = 0`; a
//! move takes one chessman along one edge; whoever cannot move loses. `WIN` if the first
//! player wins, else `LOSE`: the xor of the positions' Grundy values (`sg::graph_values`).
use ojlib::games::sg::{self, GraphError};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut case = 0;
    while let Some(n) = input.next::<usize>()? {
        case += 1;
        let mut edges = Vec::new(); // not with_capacity(n): n may be far beyond the input
        for _ in 0..n {
            let x = input.read::<usize>()?;
            let targets = input.read_vec::<usize>(x)?;
            if let Some(to) = targets.iter().find(|&&to| to >= n) {
                let from = edges.len();
                let why = format!(
                    "case {case}: position {from} leads to {to}, but there are {n} positions"
                );
                return Err(input.invalid(&why));
            }
            edges.push(targets);
        }
        let values = sg::graph_values(&edges).map_err(|error| match error {
            GraphError::NoSuchVertex { from, to } => input.invalid(&format!(
                "case {case}: position {from} leads to {to}, but there are {n} positions"
            )),
            GraphError::Cycle { vertex } => input.invalid(&format!(
                "case {case}: the graph has a cycle reachable from position {vertex}"
            )),
        })?;
        loop {
            let m = input.read::<usize>()?;
            if m == 0 {
                break;
            }
            let mut sum = 0;
            for _ in 0..m {
                let p = input.read::<usize>()?;
                let value = values.get(p).ok_or_else(|| {
                    let why = format!(
                        "case {case}: a chessman on position {p}, but there are {n} positions"
                    );
                    input.invalid(&why)
                })?;
                sum ^= value;
            }
            out.line(if sum == 0 { "LOSE" } else { "WIN" });
        }
    }
    Ok(())
}
