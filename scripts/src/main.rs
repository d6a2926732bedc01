//! `ojgames`: see the library's docs.

fn main() -> std::process::ExitCode {
    ojgames::main(std::env::args_os().skip(1).collect())
}
