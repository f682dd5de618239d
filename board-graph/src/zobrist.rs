//! Zobrist keys: fixed pseudo-random 64-bit keys that rules crates XOR
//! together into position hashes.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): the key for index `i` is the generator's
/// output for state `i`. Usable in `const` tables, so keys are the same in
/// every build and every run.
///
/// ```
/// use lapilli_board_graph::zobrist::splitmix64;
/// const KEYS: [u64; 3] = [splitmix64(1), splitmix64(2), splitmix64(3)];
/// assert_ne!(KEYS[0], KEYS[1]);
/// ```
pub const fn splitmix64(i: u64) -> u64 {
    let mut x = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// `N` keys for the indices `offset..offset + N`.
///
/// ```
/// use lapilli_board_graph::zobrist::{keys, splitmix64};
/// const K: [u64; 4] = keys(100);
/// assert_eq!(K[2], splitmix64(102));
/// ```
pub const fn keys<const N: usize>(offset: u64) -> [u64; N] {
    let mut k = [0u64; N];
    let mut i = 0;
    while i < N {
        k[i] = splitmix64(offset + i as u64);
        i += 1;
    }
    k
}
