//! Helpers shared by the integration tests; each test uses some of them.
#![allow(dead_code)]

pub mod files;
pub mod random_arith;
pub mod schedules;
