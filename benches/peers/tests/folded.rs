//! The folded morris adapter: its `move_with_key` (a ply and the removal it
//! earns, found by key) against its own generation.

use lapilli_conformance::check_move_with_key_given;
use lapilli_peers::FoldedMorris;

#[test]
fn every_folded_move_is_found_by_its_key() {
    // Random games through placing, sliding, flying and the removals of
    // the mills they close.
    let start = FoldedMorris(lapilli_morris::Position::default());
    let plies = check_move_with_key_given(&start, 20, 100, 47);
    assert!(plies > 20 * 100, "only {plies} plies checked");
}
