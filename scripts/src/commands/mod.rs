//! One module per subcommand, each owning its arguments (a struct with `USAGE` and `parse`)
//! and its `run`. To add a command: a file here, a variant of [`crate::cli::Command`], a line
//! in [`crate::cli::USAGE`], and an arm in each of `cli::parse` and `cli::dispatch`.

pub mod args;
pub mod bundle;
pub mod fill;
pub mod judge;
pub mod new;
pub mod run;
pub mod stress;
pub mod table;
