//! Petteia / Ludus Latrunculorum.
#![deny(missing_docs)]
