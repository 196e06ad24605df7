//! The names of the `sched` dialect's operations, declared once.

strata_ir::op_names!("sched":
    FOREACH = "foreach",
);
