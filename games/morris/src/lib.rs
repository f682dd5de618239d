//! Nine Men's Morris and its relatives.
#![deny(missing_docs)]
