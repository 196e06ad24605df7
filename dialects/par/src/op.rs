//! The names of the `par` dialect's operations, declared once.

strata_ir::op_names!("par":
    ALLOC = "alloc",
    ATOMIC_RMW = "atomic_rmw",
    BARRIER = "barrier",
    CMPXCHG = "cmpxchg",
    FOR = "for",
    FREE = "free",
    GRAPH_ARRAY = "graph_array",
    GRAPH_SIZE = "graph_size",
    LOAD = "load",
    LOCAL = "local",
    NUM_THREADS = "num_threads",
    PARALLEL = "parallel",
    QUEUE_ADVANCE = "queue_advance",
    QUEUE_ITEMS = "queue_items",
    QUEUE_NEW = "queue_new",
    QUEUE_PUSH = "queue_push",
    QUEUE_SIZE = "queue_size",
    STORE = "store",
    THREAD_ID = "thread_id",
    YIELD = "yield",
);
