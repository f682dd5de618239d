//! A game the harness is run on beside `lapilli_game::doc_game::Nim`:
//! tic-tac-toe with its board's symmetry group. Each test file uses part
//! of it.
#![allow(dead_code)]

pub mod ttt;
