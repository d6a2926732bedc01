//! Blue-Red Hackenbush on strings and trees: edges drawn from the ground up, each Blue
//! (Left's) or Red (Right's); a player cuts one edge of their own colour, and every edge no
//! longer connected to the ground falls away; whoever cannot move loses.
//!
//! Theorem (Winning Ways ch. 2, On Numbers and Games ch. 3): every position is a number.
//! An edge of colour `c` carrying a tree of value `x` on its top end is worth, for Blue,
//! `(x + n) / 2^(n - 1)` with `n` the least positive integer such that `x + n > 1`, and for
//! Red the negative of that with `-x` (Blue's rule with the colours swapped). Trees on one
//! vertex add. So a string (a stalk) is worth, read from the ground: ±1 for each edge of the
//! first run of one colour, then ±1/2, ±1/4, … for each edge after it (+ Blue, - Red).
//! Who wins a sum: Left (Blue) if the total is positive, Right if negative, else the second
//! player. Checked against [`crate::games::partizan::Partizan`] over every small tree.

use crate::games::partizan::{Dyadic, Side};

/// The value of an edge of `colour` (Blue is [`Side::Left`]) with a tree worth `x` on top.
///
/// # Panics
/// If the value is finer than `1/2^MAX_EXPONENT` (a stalk of over 120 edges above an edge of
/// the other colour).
pub fn edge_under(colour: Side, x: Dyadic) -> Dyadic {
    match colour {
        Side::Left => internal_blue_under(x),
        Side::Right => -internal_blue_under(-x),
    }
}

fn internal_blue_under(x: Dyadic) -> Dyadic {
    // The least n >= 1 with x + n > 1, i.e. n > 1 - x: floor(1 - x) + 1 = 2 - ceil(x).
    let n = (2 - x.ceil()).max(1);
    let exponent = (n - 1).min(i128::from(u32::MAX)) as u32;
    (x + Dyadic::integer(n)).shr(exponent)
}

/// The value of a string of edges, `colours[0]` on the ground. O(len).
///
/// ```
/// use ojlib::games::{blue_red::string_value, partizan::{Dyadic, Side::{Left as B, Right as R}}};
/// assert_eq!(string_value(&[B, B, R]), Dyadic::new(3, 1)); // 2 - 1/2
/// assert_eq!(string_value(&[B, R, B]), Dyadic::new(3, 2)); // 1 - 1/2 + 1/4
/// assert_eq!(string_value(&[R, R]), Dyadic::integer(-2));
/// ```
///
/// # Panics
/// As [`edge_under`]: when more than 120 edges follow the first change of colour.
pub fn string_value(colours: &[Side]) -> Dyadic {
    colours
        .iter()
        .rev()
        .fold(Dyadic::ZERO, |x, &c| edge_under(c, x))
}

/// Why edges are not a tree on the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The root is not one of the vertices.
    NoSuchRoot { root: usize, vertices: usize },
    /// An edge names a vertex that does not exist.
    NoSuchVertex { edge: usize, vertex: usize },
    /// The edges connected to the root have a cycle through this vertex.
    Cycle { vertex: usize },
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TreeError::NoSuchRoot { root, vertices } => {
                write!(
                    f,
                    "root {root} of a tree on {vertices} vertices (0..{vertices})"
                )
            }
            TreeError::NoSuchVertex { edge, vertex } => {
                write!(
                    f,
                    "edge {edge} names vertex {vertex}, not a vertex of the tree"
                )
            }
            TreeError::Cycle { vertex } => write!(f, "the edges have a cycle through {vertex}"),
        }
    }
}

/// The value of the tree on vertices `0..vertices` with these coloured edges, standing on the
/// ground at `root`. Edges not connected to the root have already fallen and are ignored.
/// O(vertices + edges), iterative.
///
/// # Panics
/// As [`edge_under`].
pub fn tree_value(
    vertices: usize,
    edges: &[(usize, usize, Side)],
    root: usize,
) -> Result<Dyadic, TreeError> {
    if root >= vertices {
        return Err(TreeError::NoSuchRoot { root, vertices });
    }
    let mut adjacent = vec![Vec::new(); vertices];
    for (i, &(u, v, colour)) in edges.iter().enumerate() {
        if let Some(&vertex) = [u, v].iter().find(|&&w| w >= vertices) {
            return Err(TreeError::NoSuchVertex { edge: i, vertex });
        }
        adjacent[u].push((v, i, colour));
        adjacent[v].push((u, i, colour));
    }
    // Breadth-first from the root; `up[v]` is the edge from `v` towards the ground.
    let mut up: Vec<Option<(usize, usize, Side)>> = vec![None; vertices];
    let mut seen = vec![false; vertices];
    let mut order = vec![root];
    seen[root] = true;
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        let came_by = up[u].map(|(_, edge, _)| edge);
        for &(v, edge, colour) in &adjacent[u] {
            if Some(edge) == came_by {
                continue;
            }
            if seen[v] {
                return Err(TreeError::Cycle { vertex: v });
            }
            seen[v] = true;
            up[v] = Some((u, edge, colour));
            order.push(v);
        }
        i += 1;
    }
    // Leaves first: each vertex hands its subtree, under its edge, to its parent.
    let mut value = vec![Dyadic::ZERO; vertices];
    for &v in order.iter().skip(1).rev() {
        let (parent, _, colour) = up[v].expect("every vertex but the root has an edge down");
        value[parent] = value[parent] + edge_under(colour, value[v]);
    }
    Ok(value[root])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::partizan::{Class, Partizan};

    /// The game searched from its rules: a position is the set of edges still standing; each
    /// player cuts an edge of their colour.
    fn searched(edges: &[(usize, usize, Side)], root: usize) -> (Option<Dyadic>, Class) {
        let grounded = |standing: u32| -> u32 {
            let mut reached = 1u64 << root;
            let mut kept = 0u32;
            loop {
                let before = kept;
                for (i, &(u, v, _)) in edges.iter().enumerate() {
                    let touches = reached >> u & 1 == 1 || reached >> v & 1 == 1;
                    if standing >> i & 1 == 1 && touches {
                        kept |= 1 << i;
                        reached |= 1 << u | 1 << v;
                    }
                }
                if kept == before {
                    return kept;
                }
            }
        };
        let cuts = |side: Side| {
            move |&standing: &u32| -> Vec<u32> {
                (0..edges.len())
                    .filter(|&i| standing >> i & 1 == 1 && edges[i].2 == side)
                    .map(|i| grounded(standing & !(1 << i)))
                    .collect()
            }
        };
        let mut game = Partizan::new(cuts(Side::Left), cuts(Side::Right));
        let start = grounded((1u32 << edges.len()) - 1);
        (game.value(&start), game.class(&start))
    }

    /// Every tree on up to 6 vertices (as parent arrays `parent[v] < v`, rooted at 0), in
    /// every colouring.
    #[test]
    fn matches_the_search_on_every_coloured_tree_up_to_6_vertices() {
        let mut checked = 0;
        for vertices in 1..=6usize {
            let mut parent = vec![0usize; vertices];
            loop {
                for colouring in 0..1u32 << (vertices - 1) {
                    let edges: Vec<(usize, usize, Side)> = (1..vertices)
                        .map(|v| {
                            let c = if colouring >> (v - 1) & 1 == 0 {
                                Side::Left
                            } else {
                                Side::Right
                            };
                            (parent[v], v, c)
                        })
                        .collect();
                    let (value, class) = searched(&edges, 0);
                    let expected = value.expect("Blue-Red Hackenbush positions are numbers");
                    let closed = tree_value(vertices, &edges, 0).unwrap();
                    assert_eq!(closed, expected, "{edges:?}");
                    assert_eq!(Class::of_number(closed), class, "{edges:?}");
                    checked += 1;
                }
                let mut v = vertices;
                while v > 1 {
                    v -= 1;
                    if parent[v] + 1 < v {
                        parent[v] += 1;
                        break;
                    }
                    parent[v] = 0;
                }
                if v <= 1 {
                    break;
                }
            }
        }
        assert!(checked > 4_000, "{checked}");
    }

    #[test]
    fn strings_match_the_search_and_the_rule_of_halves() {
        for len in 0..=10 {
            for colouring in 0..1u32 << len {
                let colours: Vec<Side> = (0..len)
                    .map(|i| {
                        if colouring >> i & 1 == 0 {
                            Side::Left
                        } else {
                            Side::Right
                        }
                    })
                    .collect();
                let edges: Vec<(usize, usize, Side)> = (0..len)
                    .map(|i| (i as usize, i as usize + 1, colours[i as usize]))
                    .collect();
                let value = string_value(&colours);
                if len <= 9 {
                    assert_eq!(Some(value), searched(&edges, 0).0, "{colours:?}");
                }
                // The rule of halves, from its statement.
                let sign = |c: Side| if c == Side::Left { 1 } else { -1 };
                let run = colours.iter().take_while(|&&c| c == colours[0]).count();
                let mut expected =
                    Dyadic::integer(run as i128 * colours.first().map_or(0, |&c| sign(c)));
                for (k, &c) in colours.iter().enumerate().skip(run) {
                    expected = expected + Dyadic::new(sign(c), (k - run + 1) as u32);
                }
                assert_eq!(value, expected, "{colours:?}");
            }
        }
    }

    #[test]
    fn bad_trees_are_named() {
        let b = Side::Left;
        assert_eq!(
            tree_value(3, &[(0, 1, b)], 3),
            Err(TreeError::NoSuchRoot {
                root: 3,
                vertices: 3
            })
        );
        assert_eq!(
            tree_value(3, &[(0, 1, b), (1, 5, b)], 0),
            Err(TreeError::NoSuchVertex { edge: 1, vertex: 5 })
        );
        assert_eq!(
            tree_value(3, &[(0, 1, b), (1, 2, b), (2, 0, b)], 0),
            Err(TreeError::Cycle { vertex: 2 })
        );
        // A fallen piece is ignored, even with a cycle of its own.
        let fallen = [(0, 1, b), (2, 3, b), (3, 4, b), (4, 2, b)];
        assert_eq!(tree_value(5, &fallen, 0), Ok(Dyadic::integer(1)));
        assert_eq!(
            TreeError::NoSuchRoot {
                root: 9,
                vertices: 3
            }
            .to_string(),
            "root 9 of a tree on 3 vertices (0..3)"
        );
    }

    #[test]
    fn a_long_blue_path_is_its_length_and_needs_no_deep_stack() {
        let n = 1_000_000;
        let edges: Vec<(usize, usize, Side)> = (1..n).map(|v| (v - 1, v, Side::Left)).collect();
        assert_eq!(tree_value(n, &edges, 0), Ok(Dyadic::integer(n as i128 - 1)));
        assert_eq!(
            tree_value(n, &edges, n / 2),
            Ok(Dyadic::integer(n as i128 - 1))
        );
    }
}
