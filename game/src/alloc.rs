//! Large allocations that fail with an error instead of aborting.
//!
//! Rust's collections abort the process when the system refuses memory
//! (an address-space limit, `ulimit -v`, a machine without the memory).
//! The engine's and the solvers' big tables (a transposition table, a
//! tier's value codes) are allocated here instead, so that a refusal is an
//! [`AllocError`] naming the size asked for, which a front end reports as
//! an error of its own. A solver's table is written once when it is made
//! ([`try_vec_with`]), so memory the system only promised is claimed at
//! once, not in the middle of a solve. A search's table is asked for
//! already zeroed ([`try_zeroed`]), so that it need not be written in full:
//! fresh pages come zero from the system, and the transposition table
//! touches each page once to claim it (it then keeps a dropped table's
//! memory for the next engine, hiding stale entries with one bit a bucket,
//! rather than have the allocator clear it again). Either way
//! a refusal the system reports (an address-space limit, strict overcommit
//! accounting) is an error when the table is made.
//!
//! A table is only kept when [`HEADROOM`] more bytes could still be had
//! after it (a block asked for and given back at once): the small
//! allocations that follow a table (a position, a move list, the error's
//! own message) cannot be refused, they abort, so the refusal should fall
//! on the table, while the address space still has room for the rest.

use std::fmt;

/// The process's peak resident memory in bytes (`VmHWM` of
/// `/proc/self/status`), where the system reports it (Linux): what the
/// tablebase builds and the web server's load test report.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// The system refused an allocation (or the size does not fit the address
/// space).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError {
    /// The size asked for, in bytes (saturated at `u64::MAX`).
    pub bytes: u64,
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate {}: the system refused", byte_size(self.bytes))
    }
}

impl std::error::Error for AllocError {}

/// A size in bytes for people: `512 bytes`, `3.4 MiB`, `1.2 GiB`.
///
/// ```
/// use lapilli_game::alloc::byte_size;
/// assert_eq!(byte_size(512), "512 bytes");
/// assert_eq!(byte_size(3 << 20), "3.0 MiB");
/// assert_eq!(byte_size(1_288_490_189), "1.2 GiB");
/// ```
pub fn byte_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut size = bytes as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

/// The room a table leaves for the small allocations that follow it: 4
/// MiB.
pub const HEADROOM: usize = 4 << 20;

/// Whether `HEADROOM` more bytes can be had now (asked for and given back).
pub fn has_headroom() -> bool {
    has_room(HEADROOM)
}

/// The address space a thread takes as it starts: its stack (2 MiB,
/// Rust's default) and its signal stack with guard pages (well under 1
/// MiB), rounded up: 3 MiB. A thread whose signal stack the system refuses
/// panics as it starts (in the standard library), so this room is asked
/// for before a pool of threads is built.
pub const THREAD_START: usize = 3 << 20;

/// The room a new thread needs before it is started: its stack (2 MiB,
/// Rust's default), the address space the system allocator reserves for
/// the thread's own arena on its first allocation (64 MiB with glibc on
/// 64-bit systems; an arena refused makes that first small allocation
/// abort), and [`HEADROOM`]: 70 MiB of address space, little of it ever
/// touched.
pub const THREAD_ROOM: usize = (2 << 20) + (64 << 20) + HEADROOM;

/// Whether `bytes` more bytes can be had now (asked for and given back at
/// once: address space, not memory written).
pub fn has_room(bytes: usize) -> bool {
    Vec::<u8>::new().try_reserve_exact(bytes).is_ok()
}

/// The bytes `len` values of `T` take, saturated.
fn bytes_of<T>(len: usize) -> u64 {
    (len as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// Room for `additional` more elements in `v` (exactly that many) with
/// [`HEADROOM`] to spare after it, or the error naming the bytes asked
/// for (without the headroom).
///
/// # Errors
/// [`AllocError`] when the system refuses the memory.
pub fn try_reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> Result<(), AllocError> {
    let refused = AllocError { bytes: bytes_of::<T>(v.len().saturating_add(additional)) };
    let before = v.capacity();
    v.try_reserve_exact(additional).map_err(|_| refused)?;
    if v.capacity() > before && !has_headroom() {
        v.shrink_to(before.max(v.len()));
        return Err(refused);
    }
    Ok(())
}

/// Room for `additional` more elements in `v`, growing as [`Vec::reserve`]
/// does (amortised), or the error naming the bytes asked for; no
/// [`HEADROOM`] is checked (for lists that grow a little at a time).
///
/// # Errors
/// [`AllocError`] when the system refuses the memory.
pub fn try_reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<(), AllocError> {
    v.try_reserve(additional)
        .map_err(|_| AllocError { bytes: bytes_of::<T>(v.len().saturating_add(additional)) })
}

/// A vector of `len` elements made by `fill`, allocated fallibly and
/// written once.
///
/// # Errors
/// [`AllocError`] with `len` times the element's size when the system
/// refuses the memory.
///
/// ```
/// use lapilli_game::alloc::{try_vec_with, AllocError};
/// use std::sync::atomic::AtomicU8;
/// assert_eq!(try_vec_with(3, || 7u16), Ok(vec![7, 7, 7]));
/// let e = try_vec_with(usize::MAX / 4, || AtomicU8::new(0)).unwrap_err();
/// assert_eq!(e, AllocError { bytes: (usize::MAX / 4) as u64 });
/// assert!(e.to_string().starts_with("cannot allocate "));
/// ```
pub fn try_vec_with<T>(len: usize, fill: impl FnMut() -> T) -> Result<Vec<T>, AllocError> {
    let mut v = Vec::new();
    try_reserve_exact(&mut v, len)?;
    v.resize_with(len, fill);
    Ok(v)
}

/// `len` zeroed values of `T`, allocated fallibly and zeroed by the
/// system (`calloc`): large blocks come as fresh pages that are mapped,
/// already zero, when first touched, so nothing is written here. Room for
/// the table and [`HEADROOM`] together is asked for (and given back) first,
/// the table only then: checking the headroom after the table instead
/// would leave a freed block above it that the allocator gives back to the
/// system, so that a table made and dropped again and again (one fresh
/// engine per search) would fault its pages in anew each time.
///
/// # Errors
/// [`AllocError`] with `len` times the element's size when the system
/// refuses the memory (or leaves no headroom after it).
///
/// ```
/// use lapilli_game::alloc::{try_zeroed, AllocError};
/// use std::sync::atomic::{AtomicU64, Ordering};
/// let t = try_zeroed::<AtomicU64>(1 << 16).unwrap();
/// assert_eq!(t.len(), 1 << 16);
/// assert!(t.iter().all(|w| w.load(Ordering::Relaxed) == 0));
/// let e = try_zeroed::<AtomicU64>(usize::MAX / 16).unwrap_err();
/// assert_eq!(e, AllocError { bytes: (usize::MAX / 16 * 8) as u64 });
/// ```
pub fn try_zeroed<T: bytemuck::Zeroable>(len: usize) -> Result<Box<[T]>, AllocError> {
    let refused = AllocError { bytes: bytes_of::<T>(len) };
    let bytes = usize::try_from(refused.bytes).map_err(|_| refused)?;
    if !has_room(bytes.saturating_add(HEADROOM)) {
        return Err(refused);
    }
    bytemuck::allocation::try_zeroed_slice_box::<T>(len).map_err(|()| refused)
}

/// A vector of `len` copies of `value`, allocated fallibly and written
/// once.
///
/// # Errors
/// [`AllocError`] with `len` times the element's size when the system
/// refuses the memory.
pub fn try_vec<T: Clone>(len: usize, value: T) -> Result<Vec<T>, AllocError> {
    let mut v = Vec::new();
    try_reserve_exact(&mut v, len)?;
    v.resize(len, value);
    Ok(v)
}
