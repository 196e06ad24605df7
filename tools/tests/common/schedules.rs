//! The schedules the corpus is compiled under, besides the default.

/// Schedules the compiled runs use (besides the default): every loop that
/// can be pulled pulled, every worklist loop that can scan a bitmap
/// scanning one, every loop that can be collapsed collapsed, direct pushes,
/// other distributions, hybrid loops pulling every round they can beside
/// every loop over all nodes that can walk its lists in segments doing so
/// in three, and every loop that can share its nodes' neighbour loops
/// sharing those of more than one neighbour, every loop that can run an
/// iteration per subgroup (a GPU warp) running so, the four tiers (a thread per node
/// below 2 neighbours, a subgroup below 6, a block below 16, the team from
/// 16), every loop that can run an iteration per block running so,
/// every loop that can share its nodes' lists edge by edge doing so, and
/// pushes aggregated per block (cooperative conversion) beside split lists;
/// some with loops unrolled with masked tails (`unroll`) and each thread's
/// iterations of work-sharing loops interleaved (`interleave`).
pub const SCHEDULES: [&str; 10] = [
    "",
    // On the GPU, the tiers off: what graph-run compiles for a graph no node
    // of which reaches them.
    "direction=pull,frontier=bitmap,order=degree,split=0,warp=0",
    "mapping=edge,frontier=bitmap,pushes=direct,dist=static,chunk=7",
    "alpha=1000000,beta=1000000,segments=3,dist=guided,chunk=2",
    "split=2,dist=static,chunk=5,interleave=5",
    "mapping=warp,unroll=4,interleave=4",
    "split=16,block=6,warp=2,dist=static,chunk=3,order=degree,unroll=3",
    "mapping=block,unroll=2,interleave=2",
    "mapping=edge-balanced,dist=dynamic,chunk=3",
    "pushes=block,split=2,dist=static,chunk=3",
];
