//! Green Hackenbush on trees: a tree drawn from the ground up; a move cuts one edge, and every
//! edge no longer connected to the ground falls away; whoever cuts the last edge wins.
//!
//! Theorem (the colon principle, Winning Ways ch. 7): branches meeting at a vertex may be
//! replaced by one stalk of length the xor of their values, so a rooted tree has the value
//! `xor over the root's children c of (value(c) + 1)`: the tree is a Nim pile of that size,
//! and trees standing on the ground side by side are a sum (xor).

/// The Green Hackenbush value of the tree on vertices `0..vertices` with these (undirected)
/// edges, standing on the ground at `root`. Edges not connected to the root are ignored (they
/// have already fallen). O(vertices + edges), iterative (a path of 10^6 edges is fine).
///
/// Panics, saying which, if the root or an edge names a vertex `>= vertices` or the root's
/// part has a cycle.
pub fn tree_value(vertices: usize, edges: &[(usize, usize)], root: usize) -> u64 {
    assert!(
        root < vertices,
        "root {root} of a tree on {vertices} vertices (0..{vertices})"
    );
    let mut adjacent = vec![Vec::new(); vertices];
    for &(u, v) in edges {
        assert!(
            u < vertices && v < vertices,
            "edge ({u}, {v}) of a tree on {vertices} vertices"
        );
        adjacent[u].push(v);
        adjacent[v].push(u);
    }
    // Breadth-first from the root; `parent[v]` is `v`'s edge towards the ground.
    let mut parent = vec![usize::MAX; vertices];
    let mut order = vec![root];
    parent[root] = root;
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        let mut went_up = false;
        for &v in &adjacent[u] {
            if v == parent[u] && !went_up && u != root {
                went_up = true; // the edge we came down
            } else {
                assert!(
                    parent[v] == usize::MAX,
                    "the edges have a cycle through {v}"
                );
                parent[v] = u;
                order.push(v);
            }
        }
        i += 1;
    }
    // Leaves first: each vertex hands its subtree, with the edge above it, to its parent.
    let mut value = vec![0u64; vertices];
    for &v in order.iter().skip(1).rev() {
        value[parent[v]] ^= value[v] + 1;
    }
    value[root]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sg::Grundy;

    /// The game searched from its rules: a position is the set of edges still standing.
    fn searched_value(vertices: usize, edges: &[(usize, usize)], root: usize) -> u32 {
        let grounded = |standing: u32| -> u32 {
            let mut reached = 1u64 << root;
            let mut kept = 0u32;
            loop {
                let before = kept;
                for (i, &(u, v)) in edges.iter().enumerate() {
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
        let moves = |&standing: &u32| -> Vec<u32> {
            (0..edges.len())
                .filter(|&i| standing >> i & 1 == 1)
                .map(|i| grounded(standing & !(1 << i)))
                .collect()
        };
        assert!(vertices <= 64);
        Grundy::new(moves).value(&grounded((1u32 << edges.len()) - 1))
    }

    /// Every tree on up to 8 vertices, as parent arrays `parent[v] < v` (each unlabelled tree
    /// appears, rooted at 0, many times over).
    #[test]
    fn matches_the_search_on_every_tree_up_to_8_vertices() {
        for vertices in 1..=8usize {
            let mut parent = vec![0usize; vertices];
            loop {
                let edges: Vec<(usize, usize)> = (1..vertices).map(|v| (parent[v], v)).collect();
                let expected = searched_value(vertices, &edges, 0);
                assert_eq!(
                    tree_value(vertices, &edges, 0),
                    u64::from(expected),
                    "{edges:?}"
                );
                // The next parent array, like an odometer with digit v in 0..v.
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
    }

    #[test]
    fn other_roots_and_fallen_edges() {
        // A path 0-1-2-3 with a branch 2-4 and a piece 5-6 that has already fallen.
        let edges = [(0, 1), (1, 2), (2, 3), (2, 4), (5, 6)];
        for root in 0..5 {
            assert_eq!(
                tree_value(7, &edges, root),
                u64::from(searched_value(7, &edges, root)),
                "root {root}"
            );
        }
    }

    #[test]
    fn a_long_path_is_a_pile_of_its_length() {
        let n = 1_000_000;
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        assert_eq!(tree_value(n, &edges, 0), (n - 1) as u64);
        // From the middle: two stalks, of n/2 edges and of n - 1 - n/2 edges.
        let (left, right) = (n / 2, n - 1 - n / 2);
        assert_eq!(tree_value(n, &edges, n / 2), (left ^ right) as u64);
    }

    #[test]
    #[should_panic(expected = "root 3 of a tree on 3 vertices (0..3)")]
    fn a_root_out_of_range_is_named() {
        tree_value(3, &[(0, 1), (1, 2)], 3);
    }

    #[test]
    #[should_panic(expected = "root 0 of a tree on 0 vertices")]
    fn an_empty_tree_has_no_root() {
        tree_value(0, &[], 0);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn a_cycle_is_refused() {
        tree_value(3, &[(0, 1), (1, 2), (2, 0)], 0);
    }
}
