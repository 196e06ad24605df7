//! Helpers shared by the integration tests.

pub mod random_arith;
