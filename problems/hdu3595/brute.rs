//! Brute force for hdu3595: the whole sum of games searched directly from its rules (every
//! unfinished game moves on every turn; who cannot move loses), with Euclid's game's move
//! function. Not the Every-SG step theorem.
use ojlib::games::{euclid, sg::Grundy};
use ojlib::io::{InputError, Scanner, Writer};

type Games = Vec<(u64, u64)>;

/// The unfinished games, each as (larger, smaller), sorted: the sum does not depend on order.
fn canonical(games: impl IntoIterator<Item = (u64, u64)>) -> Games {
    let mut games: Games = games
        .into_iter()
        .filter(|&(a, b)| a.min(b) > 0)
        .map(|(a, b)| (a.max(b), a.min(b)))
        .collect();
    games.sort_unstable();
    games
}

/// One move in every unfinished game: the product of their moves. None when all are over.
fn moves(games: &Games) -> Vec<Games> {
    if games.is_empty() {
        return Vec::new();
    }
    let mut partial: Vec<Games> = vec![Vec::new()];
    for game in games {
        let options = euclid::moves(game);
        partial = partial
            .iter()
            .flat_map(|p| {
                options.iter().map(move |&o| {
                    let mut q = p.clone();
                    q.push(o);
                    q
                })
            })
            .collect();
    }
    partial.into_iter().map(canonical).collect()
}

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut grundy = Grundy::new(moves);
    while let Some(n) = input.next::<usize>()? {
        let mut games = Vec::new();
        for _ in 0..n {
            games.push((input.read::<u64>()?, input.read::<u64>()?));
        }
        let mm_wins = !grundy.is_losing(&canonical(games));
        out.line(if mm_wins { "MM" } else { "GG" });
    }
    Ok(())
}
