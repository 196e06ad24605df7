; The GPU's part of the run-time support (NVPTX): memory from the runner's
; pool and the device's heap, messages through vprintf, the grid's thread
; numbering, a barrier for the whole grid, fences, and pushes aggregated
; per warp.
;
; The whole grid is resident (cooperative launch), so a software barrier on
; a counter in global memory can wait for every block. LLVM's NVPTX backend
; emits atomicrmw without ordering, so the barrier and the fences order
; memory with explicit fences.

declare ptr @malloc(i64)
declare void @free(ptr)
declare i32 @vprintf(ptr, ptr)
declare void @llvm.trap() cold noreturn nounwind

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare void @llvm.nvvm.barrier.cta.sync.all(i32) convergent
declare i32 @llvm.nvvm.activemask() convergent
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) convergent
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) convergent
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) convergent
declare i32 @llvm.nvvm.match.any.sync.i64(i32, i64) convergent
declare { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32, i64) convergent
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.cttz.i32(i32, i1)

; The runner's pool of device memory: { base, next, end }, device
; addresses of a driver allocation the runner makes once and sets before
; each launch (next = base). Blocks are cut from it by an atomic add on
; `next`: a 64-byte prefix holding the block's size, then the bytes,
; rounded up to 64. A block that does not fit (or no pool: all zero) comes
; from the device heap, its cut given back when no other followed it.
; Freeing the last block cut gives it back (a
; compare-and-swap of `next`); other blocks of the pool stay until the
; next launch. The runner reads buffers of the pool with the driver's
; copies, and the heap's through `_strata_copy`.
@_strata_pool = global [3 x i64] zeroinitializer, align 8

define internal ptr @strata.mem_alloc(i64 %bytes) {
entry:
  %endp = getelementptr inbounds [3 x i64], ptr @_strata_pool, i64 0, i64 2
  %end = load i64, ptr %endp, align 8
  ; Below `end` (0 without a pool), the rounding cannot wrap.
  %small = icmp ult i64 %bytes, %end
  br i1 %small, label %cut, label %heap
cut:
  %padded = add i64 %bytes, 127
  %size = and i64 %padded, -64
  %nextp = getelementptr inbounds [3 x i64], ptr @_strata_pool, i64 0, i64 1
  %at = atomicrmw add ptr %nextp, i64 %size monotonic, align 8
  %room = sub i64 %end, %at
  %fits = icmp ule i64 %size, %room
  %inside = icmp ult i64 %at, %end
  %ok = and i1 %inside, %fits
  br i1 %ok, label %pooled, label %overshot
overshot:
  ; Give the cut back if no other came after it, so that smaller blocks
  ; still fit.
  %past = add i64 %at, %size
  %back = cmpxchg ptr %nextp, i64 %past, i64 %at monotonic monotonic, align 8
  br label %heap
pooled:
  %block = inttoptr i64 %at to ptr
  store i64 %size, ptr %block, align 8
  %data = getelementptr inbounds i8, ptr %block, i64 64
  ret ptr %data
heap:
  %p = call ptr @malloc(i64 %bytes)
  ret ptr %p
}

define internal void @strata.mem_free(ptr %p) {
entry:
  %base = load i64, ptr @_strata_pool, align 8
  %endp = getelementptr inbounds [3 x i64], ptr @_strata_pool, i64 0, i64 2
  %end = load i64, ptr %endp, align 8
  %at = ptrtoint ptr %p to i64
  %above = icmp uge i64 %at, %base
  %below = icmp ult i64 %at, %end
  %pooled = and i1 %above, %below
  br i1 %pooled, label %back, label %heap
back:
  %block = getelementptr inbounds i8, ptr %p, i64 -64
  %size = load i64, ptr %block, align 8
  %start = ptrtoint ptr %block to i64
  %stop = add i64 %start, %size
  %nextp = getelementptr inbounds [3 x i64], ptr @_strata_pool, i64 0, i64 1
  %r = cmpxchg ptr %nextp, i64 %stop, i64 %start monotonic monotonic, align 8
  ret void
heap:
  call void @free(ptr %p)
  ret void
}

; Zeroed memory: a block of whole 64-bit words, filled with 0 (blocks of
; the pool and the heap are 16-byte aligned).
define internal ptr @strata.mem_zalloc(i64 %bytes) {
entry:
  %bytes7 = add i64 %bytes, 7
  %words = lshr i64 %bytes7, 3
  %rounded = shl i64 %words, 3
  %p = call ptr @strata.mem_alloc(i64 %rounded)
  %null = icmp eq ptr %p, null
  br i1 %null, label %done, label %fill
fill:
  call void @strata.mem_fill(ptr %p, i64 %words, i64 0)
  br label %done
done:
  ret ptr %p
}

@.string = private constant [3 x i8] c"%s\00"

; A message (NUL-terminated) is printed as a string, never read as a format:
; a location may hold `%`.
define internal i64 @write(i32 %fd, ptr %msg, i64 %len) {
  %args = alloca ptr, align 8
  store ptr %msg, ptr %args, align 8
  %r = call i32 @vprintf(ptr @.string, ptr %args)
  ret i64 %len
}

; Stops the program with a message holding two numbers: `fmt` is a printf
; format with two %lld conversions (and no other), whose arguments vprintf
; reads from a buffer.
define internal void @strata.fail_values(ptr %fmt, i64 %a, i64 %b) noreturn cold {
  %args = alloca { i64, i64 }, align 8
  store i64 %a, ptr %args, align 8
  %second = getelementptr inbounds { i64, i64 }, ptr %args, i32 0, i32 1
  store i64 %b, ptr %second, align 8
  %r = call i32 @vprintf(ptr %fmt, ptr %args)
  call void @abort()
  unreachable
}

define internal void @abort() cold noreturn {
  call void @llvm.trap()
  unreachable
}

; This thread's number in the grid, and the grid's size.
define internal i64 @strata.gpu_thread_id() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t64 = zext i32 %t to i64
  %n64 = zext i32 %n to i64
  %b64 = zext i32 %b to i64
  %base = mul i64 %b64, %n64
  %id = add i64 %base, %t64
  ret i64 %id
}

define internal i64 @strata.gpu_num_threads() {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %n64 = zext i32 %n to i64
  %g64 = zext i32 %g to i64
  %all = mul i64 %n64, %g64
  ret i64 %all
}

; The profile's clock and master (`strata.profile_mark`): the GPU's
; global timer in nanoseconds, and thread 0 of the grid.
define internal i64 @strata.profile_clock() {
  %t = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  ret i64 %t
}

define internal i1 @strata.profile_master() {
  %t = call i64 @strata.gpu_thread_id()
  %m = icmp eq i64 %t, 0
  ret i1 %m
}

declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()

; A block's threads, and this thread's block and number in it.
define internal i64 @strata.gpu_block_size() {
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %n64 = zext i32 %n to i64
  ret i64 %n64
}

define internal i64 @strata.gpu_block_id() {
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b64 = zext i32 %b to i64
  ret i64 %b64
}

define internal i64 @strata.gpu_num_blocks() {
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %g64 = zext i32 %g to i64
  ret i64 %g64
}

define internal i64 @strata.gpu_block_thread_id() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  ret i64 %t64
}

; par.block_reduce and par.block_scan: one lane of each warp (%puts) puts
; the warp's value (as 64 bits) in the block's shared slot of its warp, and
; after the block's barrier every thread reads the slots; a second barrier
; lets the next collective reuse them (32 slots: a block of up to 1,024
; threads).
@strata.block_slots = internal addrspace(3) global [32 x i64] undef, align 8

define internal void @strata.block_put(i64 %bits, i1 %puts) convergent {
entry:
  br i1 %puts, label %put, label %wait
put:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %slot = getelementptr [32 x i64], ptr addrspace(3) @strata.block_slots, i32 0, i32 %w
  store i64 %bits, ptr addrspace(3) %slot, align 8
  br label %wait
wait:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}

define internal i64 @strata.block_slot(i32 %w) {
  %slot = getelementptr [32 x i64], ptr addrspace(3) @strata.block_slots, i32 0, i32 %w
  %bits = load i64, ptr addrspace(3) %slot, align 8
  ret i64 %bits
}

define internal void @strata.block_sync() convergent {
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}

; Ordered queues keep one block of buckets, placed between rounds: the
; device's threads neither place their pushes (`strata.ordered_flush`) nor
; take items for themselves (`strata.ordered_take_own` finds none).
define internal i64 @strata.thread_slot() {
  ret i64 0
}

define internal i64 @strata.max_threads() {
  ret i64 1
}

; Orders this thread's memory accesses for every thread of the device.
define internal void @strata.fence() {
  fence syncscope("device") seq_cst
  ret void
}

@strata.grid_arrived = internal global i32 0, align 4
@strata.grid_generation = internal global i32 0, align 4

; Waits for every thread of the grid; what each wrote before is visible to
; all after. Within a block, the hardware barrier (the form that divergent
; threads may use); across blocks, the first thread of each block arrives
; on a counter and the last to arrive starts the next generation.
define internal void @strata.grid_sync() convergent {
entry:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lead = icmp eq i32 %t, 0
  br i1 %lead, label %arrive, label %done
arrive:
  %blocks = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %gen = load atomic i32, ptr @strata.grid_generation monotonic, align 4
  fence syncscope("device") seq_cst
  %before = atomicrmw add ptr @strata.grid_arrived, i32 1 monotonic
  %after = add i32 %before, 1
  %last = icmp eq i32 %after, %blocks
  br i1 %last, label %release, label %wait
release:
  store atomic i32 0, ptr @strata.grid_arrived monotonic, align 4
  fence syncscope("device") seq_cst
  %next = add i32 %gen, 1
  store atomic i32 %next, ptr @strata.grid_generation monotonic, align 4
  br label %joined
wait:
  %now = load atomic volatile i32, ptr @strata.grid_generation monotonic, align 4
  %same = icmp eq i32 %now, %gen
  br i1 %same, label %wait, label %joined
joined:
  fence syncscope("device") seq_cst
  br label %done
done:
  call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  ret void
}

; A push from a thread of the grid: the lanes of a warp that push at the
; same time reserve their places with one atomic add (ballot, count, the
; leader's reservation shuffled to the others).
define internal void @strata.queue_push_warp(ptr %q, i64 %item, i1 %claim) convergent {
entry:
  %mask = call i32 @llvm.nvvm.activemask()
  %want = call i1 @strata.queue_claim(ptr %q, i64 %item, i1 %claim)
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 %mask, i1 %want)
  %none = icmp eq i32 %ballot, 0
  br i1 %none, label %done, label %some
some:
  %leader = call i32 @llvm.cttz.i32(i32 %ballot, i1 true)
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %lt = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %below = and i32 %ballot, %lt
  %rank = call i32 @llvm.ctpop.i32(i32 %below)
  %count = call i32 @llvm.ctpop.i32(i32 %ballot)
  %leads = icmp eq i32 %lane, %leader
  br i1 %leads, label %reserve, label %share
reserve:
  %n = zext i32 %count to i64
  %got = call i64 @strata.queue_reserve(ptr %q, i64 %n)
  br label %share
share:
  %mine = phi i64 [ 0, %some ], [ %got, %reserve ]
  %lo = trunc i64 %mine to i32
  %hi64 = lshr i64 %mine, 32
  %hi = trunc i64 %hi64 to i32
  %blo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %mask, i32 %lo, i32 %leader, i32 31)
  %bhi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %mask, i32 %hi, i32 %leader, i32 31)
  br i1 %want, label %write, label %done
write:
  %blo64 = zext i32 %blo to i64
  %bhi64 = zext i32 %bhi to i64
  %bhis = shl i64 %bhi64, 32
  %base = or i64 %bhis, %blo64
  %r64 = zext i32 %rank to i64
  %at = add i64 %base, %r64
  call void @strata.queue_put(ptr %q, i64 %at, i64 %item)
  br label %done
done:
  ret void
}
; A 64-bit value from lane %from of %mask (shfl.sync moves 32 bits: two
; halves); %bfly: from the lane whose number differs by %from instead.
define internal i64 @strata.shfl_i64(i32 %mask, i64 %b, i32 %from, i1 %bfly) convergent {
entry:
  %lo = trunc i64 %b to i32
  %hi64 = lshr i64 %b, 32
  %hi = trunc i64 %hi64 to i32
  br i1 %bfly, label %xor, label %idx
xor:
  %xlo = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %mask, i32 %lo, i32 %from, i32 31)
  %xhi = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %mask, i32 %hi, i32 %from, i32 31)
  br label %join
idx:
  %ilo = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %mask, i32 %lo, i32 %from, i32 31)
  %ihi = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %mask, i32 %hi, i32 %from, i32 31)
  br label %join
join:
  %glo = phi i32 [ %xlo, %xor ], [ %ilo, %idx ]
  %ghi = phi i32 [ %xhi, %xor ], [ %ihi, %idx ]
  %glo64 = zext i32 %glo to i64
  %ghi64 = zext i32 %ghi to i64
  %ghis = shl i64 %ghi64, 32
  %g = or i64 %ghis, %glo64
  ret i64 %g
}

; A double from lane %from of %mask (or the butterfly's partner).
define internal double @strata.shfl_f64(i32 %mask, double %x, i32 %from, i1 %bfly) convergent {
  %b = bitcast double %x to i64
  %g = call i64 @strata.shfl_i64(i32 %mask, i64 %b, i32 %from, i1 %bfly)
  %d = bitcast i64 %g to double
  ret double %d
}

; The sum of %x over the lanes of the warp that call it at once with the
; same %p (a butterfly when the whole warp does, else a walk over the
; peers), and whether this lane is the one of them that stores it.
define internal { double, i1 } @strata.peer_sum(ptr %p, double %x) convergent {
entry:
  %mask = call i32 @llvm.nvvm.activemask()
  %a = ptrtoint ptr %p to i64
  %peers = call i32 @llvm.nvvm.match.any.sync.i64(i32 %mask, i64 %a)
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %leader = call i32 @llvm.cttz.i32(i32 %peers, i1 true)
  %leads = icmp eq i32 %lane, %leader
  %whole = icmp eq i32 %peers, -1
  br i1 %whole, label %tree, label %walk
tree:
  %t16 = call double @strata.shfl_f64(i32 -1, double %x, i32 16, i1 true)
  %s16 = fadd double %x, %t16
  %t8 = call double @strata.shfl_f64(i32 -1, double %s16, i32 8, i1 true)
  %s8 = fadd double %s16, %t8
  %t4 = call double @strata.shfl_f64(i32 -1, double %s8, i32 4, i1 true)
  %s4 = fadd double %s8, %t4
  %t2 = call double @strata.shfl_f64(i32 -1, double %s4, i32 2, i1 true)
  %s2 = fadd double %s4, %t2
  %t1 = call double @strata.shfl_f64(i32 -1, double %s2, i32 1, i1 true)
  %s1 = fadd double %s2, %t1
  br label %done
walk:
  %rest = phi i32 [ %peers, %entry ], [ %left, %walk ]
  %acc = phi double [ -0.0, %entry ], [ %more, %walk ]
  %from = call i32 @llvm.cttz.i32(i32 %rest, i1 true)
  %v = call double @strata.shfl_f64(i32 %peers, double %x, i32 %from, i1 false)
  %more = fadd double %acc, %v
  %less = sub i32 %rest, 1
  %left = and i32 %rest, %less
  %end = icmp eq i32 %left, 0
  br i1 %end, label %done, label %walk
done:
  %sum = phi double [ %s1, %tree ], [ %more, %walk ]
  %r0 = insertvalue { double, i1 } undef, double %sum, 0
  %r = insertvalue { double, i1 } %r0, i1 %leads, 1
  ret { double, i1 } %r
}

; Grouped float adds (par.atomic_rmw's `grouped`): the lanes that add to
; the same element at once sum first and one of them adds the sum, so a
; warp makes one atomic per element instead of one per lane. What the
; element held is not returned (the verifier requires it unused).
define internal double @strata.atomic_fadd_f64_grouped(ptr %p, double %x) convergent {
entry:
  %r = call { double, i1 } @strata.peer_sum(ptr %p, double %x)
  %sum = extractvalue { double, i1 } %r, 0
  %leads = extractvalue { double, i1 } %r, 1
  br i1 %leads, label %add, label %done
add:
  %old = atomicrmw fadd ptr %p, double %sum monotonic, align 8
  br label %done
done:
  ret double %x
}

; The same for floats (summed as doubles).
define internal float @strata.atomic_fadd_f32_grouped(ptr %p, float %x) convergent {
entry:
  %wide = fpext float %x to double
  %r = call { double, i1 } @strata.peer_sum(ptr %p, double %wide)
  %sum = extractvalue { double, i1 } %r, 0
  %leads = extractvalue { double, i1 } %r, 1
  br i1 %leads, label %add, label %done
add:
  %narrow = fptrunc double %sum to float
  %old = atomicrmw fadd ptr %p, float %narrow monotonic, align 4
  br label %done
done:
  ret float %x
}

; Integer adds whose old value is read (a place reserved in a list, a
; ticket): the lanes of a warp that add the same %x to the same element at
; once are served by one atomic add of their sum, by the lowest of them,
; each lane then taking the old value plus %x for every peer below it, as
; if their adds had run one after another in lane order. Lanes alone, or
; adding different amounts, add on their own.
define internal i32 @strata.add_peers(ptr %p, i64 %x) convergent {
entry:
  %mask = call i32 @llvm.nvvm.activemask()
  %a = ptrtoint ptr %p to i64
  %peers = call i32 @llvm.nvvm.match.any.sync.i64(i32 %mask, i64 %a)
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %self = shl i32 1, %lane
  %alone = icmp eq i32 %peers, %self
  br i1 %alone, label %done, label %alike
alike:
  %m = call { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32 %peers, i64 %x)
  %same = extractvalue { i32, i1 } %m, 1
  %group = select i1 %same, i32 %peers, i32 %self
  br label %done
done:
  %r = phi i32 [ %self, %entry ], [ %group, %alike ]
  ret i32 %r
}

define internal i64 @strata.atomic_add_i64_grouped(ptr %p, i64 %x) convergent {
entry:
  %peers = call i32 @strata.add_peers(ptr %p, i64 %x)
  %n = call i32 @llvm.ctpop.i32(i32 %peers)
  %one = icmp eq i32 %n, 1
  br i1 %one, label %alone, label %group
alone:
  %own = atomicrmw add ptr %p, i64 %x seq_cst, align 8
  ret i64 %own
group:
  %leader = call i32 @llvm.cttz.i32(i32 %peers, i1 true)
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %leads = icmp eq i32 %lane, %leader
  br i1 %leads, label %add, label %share
add:
  %n64 = zext i32 %n to i64
  %sum = mul i64 %x, %n64
  %got = atomicrmw add ptr %p, i64 %sum seq_cst, align 8
  br label %share
share:
  %held = phi i64 [ 0, %group ], [ %got, %add ]
  %base = call i64 @strata.shfl_i64(i32 %peers, i64 %held, i32 %leader, i1 false)
  %lt = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %below = and i32 %peers, %lt
  %rank = call i32 @llvm.ctpop.i32(i32 %below)
  %rank64 = zext i32 %rank to i64
  %before = mul i64 %x, %rank64
  %old = add i64 %base, %before
  ret i64 %old
}

define internal i32 @strata.atomic_add_i32_grouped(ptr %p, i32 %x) convergent {
entry:
  %wide = sext i32 %x to i64
  %peers = call i32 @strata.add_peers(ptr %p, i64 %wide)
  %n = call i32 @llvm.ctpop.i32(i32 %peers)
  %one = icmp eq i32 %n, 1
  br i1 %one, label %alone, label %group
alone:
  %own = atomicrmw add ptr %p, i32 %x seq_cst, align 4
  ret i32 %own
group:
  %leader = call i32 @llvm.cttz.i32(i32 %peers, i1 true)
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %leads = icmp eq i32 %lane, %leader
  br i1 %leads, label %add, label %share
add:
  %sum = mul i32 %x, %n
  %got = atomicrmw add ptr %p, i32 %sum seq_cst, align 4
  br label %share
share:
  %held = phi i32 [ 0, %group ], [ %got, %add ]
  %base = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %peers, i32 %held, i32 %leader, i32 31)
  %lt = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %below = and i32 %peers, %lt
  %rank = call i32 @llvm.ctpop.i32(i32 %below)
  %before = mul i32 %x, %rank
  %old = add i32 %base, %before
  ret i32 %old
}

; The region the grid runs next (see lowering/llvm/src/entry.rs): a
; region's number while one runs, 0 outside regions, and FILL (-2) while
; the grid fills memory for the master.
@strata.dispatch = internal global i32 0, align 4

; What the grid fills: `words` 64-bit words at `at` with `pattern`.
@strata.fill_at = internal global ptr null, align 8
@strata.fill_words = internal global i64 0, align 8
@strata.fill_pattern = internal global i64 0, align 8

; This thread's share of the fill: the words `thread, thread + threads, ...`.
define internal void @strata.grid_fill_share() {
  %at = load ptr, ptr @strata.fill_at, align 8
  %words = load i64, ptr @strata.fill_words, align 8
  %pattern = load i64, ptr @strata.fill_pattern, align 8
  %first = call i64 @strata.gpu_thread_id()
  %stride = call i64 @strata.gpu_num_threads()
  call void @strata.fill_strided(ptr %at, i64 %first, i64 %stride, i64 %words, i64 %pattern)
  ret void
}

; Fills `words` 64-bit words at `p` with `pattern`. The master, outside
; parallel regions, has the grid do it when the words are many (the other
; threads wait for a region then): it names the fill in the dispatch word,
; meets the grid at a barrier, fills its share as every thread does, and
; meets it again. Elsewhere the calling thread fills the words alone.
define internal void @strata.mem_fill(ptr %p, i64 %words, i64 %pattern) {
entry:
  %many = icmp uge i64 %words, 8192
  br i1 %many, label %who, label %alone
who:
  %t = call i64 @strata.gpu_thread_id()
  %master = icmp eq i64 %t, 0
  %d = load i32, ptr @strata.dispatch, align 4
  %outside = icmp eq i32 %d, 0
  %grid = and i1 %master, %outside
  br i1 %grid, label %shared, label %alone
shared:
  store ptr %p, ptr @strata.fill_at, align 8
  store i64 %words, ptr @strata.fill_words, align 8
  store i64 %pattern, ptr @strata.fill_pattern, align 8
  store i32 -2, ptr @strata.dispatch, align 4
  call void @strata.grid_sync()
  call void @strata.grid_fill_share()
  call void @strata.grid_sync()
  store i32 0, ptr @strata.dispatch, align 4
  ret void
alone:
  call void @strata.fill_strided(ptr %p, i64 0, i64 1, i64 %words, i64 %pattern)
  ret void
}

; For the runner: copies `bytes` bytes between buffers of the device heap
; and its own memory (the driver's copies cannot reach the device heap).
define ptx_kernel void @_strata_copy(ptr %dst, ptr %src, i64 %bytes) {
entry:
  %first = call i64 @strata.gpu_thread_id()
  %stride = call i64 @strata.gpu_num_threads()
  br label %loop
loop:
  %i = phi i64 [ %first, %entry ], [ %next, %body ]
  %more = icmp ult i64 %i, %bytes
  br i1 %more, label %body, label %done
body:
  %from = getelementptr inbounds i8, ptr %src, i64 %i
  %to = getelementptr inbounds i8, ptr %dst, i64 %i
  %b = load i8, ptr %from
  store i8 %b, ptr %to
  %next = add i64 %i, %stride
  br label %loop
done:
  ret void
}

; For the runner's read-bandwidth probe: each thread sums the 16-byte
; words `thread, thread + threads, ...` of `src` (`words` of them; the
; threads of a warp read neighbouring words) and stores its sum at its
; place in `out`, so that the reads stay.
define ptx_kernel void @_strata_read_probe(ptr %src, i64 %words, ptr %out) {
entry:
  %first = call i64 @strata.gpu_thread_id()
  %stride = call i64 @strata.gpu_num_threads()
  br label %loop
loop:
  %i = phi i64 [ %first, %entry ], [ %next, %body ]
  %acc = phi <2 x i64> [ zeroinitializer, %entry ], [ %sum, %body ]
  %more = icmp ult i64 %i, %words
  br i1 %more, label %body, label %done
body:
  %p = getelementptr inbounds <2 x i64>, ptr %src, i64 %i
  %v = load <2 x i64>, ptr %p, align 16
  %sum = add <2 x i64> %acc, %v
  %next = add i64 %i, %stride
  br label %loop
done:
  %lo = extractelement <2 x i64> %acc, i32 0
  %hi = extractelement <2 x i64> %acc, i32 1
  %s = add i64 %lo, %hi
  %q = getelementptr inbounds i64, ptr %out, i64 %first
  store i64 %s, ptr %q
  ret void
}

; For the runner's gather probe: each thread sums the words
; `table[index[i]]` for `i = thread, thread + threads, ...` below `n` (the
; threads of a warp read neighbouring 32-bit indices, and gather wherever
; they point) and stores its sum at its place in `out`, so that the reads
; stay. The loop counts its turns first, so that LLVM unrolls it and a
; thread has several gathers in flight, as a graph program's unrolled walk
; of a list has.
define ptx_kernel void @_strata_gather_probe(ptr %index, i64 %n, ptr %table, ptr %out) {
entry:
  %first = call i64 @strata.gpu_thread_id()
  %stride = call i64 @strata.gpu_num_threads()
  %any = icmp ult i64 %first, %n
  br i1 %any, label %count, label %done
count:
  %span = sub i64 %n, %first
  %last = sub i64 %span, 1
  %whole = udiv i64 %last, %stride
  %turns = add i64 %whole, 1
  br label %body
body:
  %t = phi i64 [ 0, %count ], [ %t.next, %body ]
  %i = phi i64 [ %first, %count ], [ %next, %body ]
  %acc = phi i64 [ 0, %count ], [ %sum, %body ]
  %ip = getelementptr inbounds i32, ptr %index, i64 %i
  %k = load i32, ptr %ip, align 4
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds i64, ptr %table, i64 %k64
  %v = load i64, ptr %p, align 8
  %sum = add i64 %acc, %v
  %next = add i64 %i, %stride
  %t.next = add nuw i64 %t, 1
  %again = icmp ult i64 %t.next, %turns
  br i1 %again, label %body, label %done
done:
  %total = phi i64 [ 0, %entry ], [ %sum, %body ]
  %q = getelementptr inbounds i64, ptr %out, i64 %first
  store i64 %total, ptr %q
  ret void
}

; For the runner: releases a buffer a function returned.
define ptx_kernel void @_strata_free(ptr %data) {
entry:
  %t = call i64 @strata.gpu_thread_id()
  %first = icmp eq i64 %t, 0
  br i1 %first, label %free, label %done
free:
  call void @strata.free(ptr %data)
  br label %done
done:
  ret void
}
