//! The shared library of the judge solutions: fast, checked I/O and the game-theory results the
//! problems rest on. Standard library only and Rust 1.70, because `oj bundle` pastes it into
//! judges that have no crates.
//!
//! - [`io`]: a streaming [`io::Scanner`] and a buffered [`io::Writer`].
//! - [`games`]: one module per game, each with its rule and theorem, checked against the
//!   brute-force Sprague–Grundy search in [`games::sg`].
//! - [`jury`]: the interactor of an interactive problem (testlib's calling convention and exit
//!   codes) and an opponent that plays the games perfectly or at random.
//! - [`isqrt`]: the exact integer square root that Wythoff's game needs.
//! - [`rng`]: a seeded generator for test data, stress tests and benchmarks.

pub mod games;
pub mod io;
pub mod isqrt;
pub mod jury;
pub mod rng;
