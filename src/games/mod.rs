//! One module per game. Each states its rule and the theorem it implements, in exact integer
//! arithmetic for every `u64`, and its tests check the closed form against the brute-force
//! search of [`sg`] over every small state.

pub mod anti_nim;
pub mod anti_sg;
pub mod bash;
pub mod blue_red;
pub mod corner;
pub mod cut_cake;
pub mod euclid;
pub mod every_sg;
pub mod every_sg_steps;
pub mod fibonacci;
pub mod hackenbush;
pub mod hill;
pub mod kayles;
pub mod lasker;
pub mod loopy;
pub mod misere_bash;
pub mod multi_sg;
pub mod multiplication;
pub mod nim;
pub mod nim_k;
pub mod northcott;
pub mod octal;
pub mod octal_play;
pub mod pair_split;
pub mod partizan;
pub mod period;
pub mod sg;
pub mod split_three;
pub mod spread;
pub mod staircase;
pub mod subtraction;
pub mod treblecross;
pub mod wythoff;
