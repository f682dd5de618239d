//! The closure check of [`crate::Group::from_elements`]: whether a list
//! of permutations is closed under composition, through a generating set.

use crate::error::SymmetryError;
use crate::permutation::Permutation;
use lapilli_board_graph::Point;
use std::collections::HashMap;

/// Checks that `elements` (identity first, no repeats, `index` mapping each
/// one's images to its position) is closed under composition.
///
/// Generators are picked greedily (an element not yet generated becomes
/// one, so there are at most `log2 |G|` of them) and the generated set is
/// grown by right multiplication; every product must be in the list. The
/// generated set is then a group inside the list holding every element, so
/// it is the list.
pub(crate) fn check_closed(
    elements: &[Permutation],
    index: &HashMap<&[Point], usize>,
) -> Result<(), SymmetryError> {
    let mut generated = vec![false; elements.len()];
    generated[0] = true;
    let mut found = vec![0usize];
    let mut generators: Vec<usize> = Vec::new();
    let mut product = elements[0].images().to_vec();
    for s in 1..elements.len() {
        if generated[s] {
            continue;
        }
        generators.push(s);
        let mut head = 0;
        while head < found.len() {
            let x = found[head];
            head += 1;
            for &g in &generators {
                for (c, &p) in product.iter_mut().zip(elements[g].images()) {
                    *c = elements[x].apply(p);
                }
                match index.get(product.as_slice()) {
                    None => return Err(SymmetryError::NotClosed { left: x, right: g }),
                    Some(&k) if !generated[k] => {
                        generated[k] = true;
                        found.push(k);
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(())
}
