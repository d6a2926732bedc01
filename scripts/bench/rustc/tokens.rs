//! The per-token benchmark with the library: a count `n`, then `n` integers, each written back
//! on a line of its own. `tokens u32|u64 next|vec`: read one at a time with `Scanner::read`, or
//! all at once with `read_vec`.
use ojlib::io::{InputError, Put, Scanner, Token, Writer};

fn echo<T: Token + Put>(one_at_a_time: bool) -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let n: usize = input.read()?;
    if one_at_a_time {
        for _ in 0..n {
            out.line(input.read::<T>()?);
        }
    } else {
        for value in input.read_vec::<T>(n)? {
            out.line(value);
        }
    }
    Ok(())
}

fn main() -> Result<(), InputError> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match (
        args.first().map(String::as_str),
        args.get(1).map(String::as_str),
    ) {
        (Some("u32"), Some(how)) => echo::<u32>(how == "next"),
        (Some("u64"), Some(how)) => echo::<u64>(how == "next"),
        _ => {
            eprintln!("usage: tokens u32|u64 next|vec");
            std::process::exit(2);
        }
    }
}
