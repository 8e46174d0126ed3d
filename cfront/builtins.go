package cfront

import (
	"io/fs"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// builtinArgs are the C11, GCC and pthread functions the front end
// translates itself (SEMANTICS.md, "C11 and GCC atomics"), with their
// number of arguments. The shipped stdatomic.h maps the generic atomic_*
// functions to the GCC builtins, as GCC's own header does, and the
// predefined macros of the value-returning builtins cast the result to the
// type of the location (see builtinMacros), which cc cannot infer.
var builtinArgs = map[string]int{
	"__atomic_load_n": 2, "__atomic_load": 3, "__atomic_store_n": 3, "__atomic_store": 3,
	"__atomic_exchange_n": 3, "__atomic_exchange": 4,
	"__atomic_compare_exchange_n": 6, "__atomic_compare_exchange": 6,
	"__atomic_fetch_add": 3, "__atomic_fetch_sub": 3, "__atomic_fetch_and": 3,
	"__atomic_fetch_or": 3, "__atomic_fetch_xor": 3, "__atomic_fetch_nand": 3,
	"__atomic_add_fetch": 3, "__atomic_sub_fetch": 3, "__atomic_and_fetch": 3,
	"__atomic_or_fetch": 3, "__atomic_xor_fetch": 3, "__atomic_nand_fetch": 3,
	"__atomic_test_and_set": 2, "__atomic_clear": 2,
	"__atomic_thread_fence": 1, "__atomic_signal_fence": 1,
	"__sync_fetch_and_add": 2, "__sync_fetch_and_sub": 2, "__sync_fetch_and_and": 2,
	"__sync_fetch_and_or": 2, "__sync_fetch_and_xor": 2, "__sync_fetch_and_nand": 2,
	"__sync_add_and_fetch": 2, "__sync_sub_and_fetch": 2, "__sync_and_and_fetch": 2,
	"__sync_or_and_fetch": 2, "__sync_xor_and_fetch": 2, "__sync_nand_and_fetch": 2,
	"__sync_bool_compare_and_swap": 3, "__sync_val_compare_and_swap": 3,
	"__sync_lock_test_and_set": 2, "__sync_lock_release": 1, "__sync_synchronize": 0,
	"__checkfence_atomic_init": 2,
	"__builtin_expect":         2,
	"pthread_mutex_init":       2, "pthread_mutex_lock": 1, "pthread_mutex_trylock": 1,
	"pthread_mutex_unlock": 1, "pthread_mutex_destroy": 1,
	"pthread_spin_init": 2, "pthread_spin_lock": 1, "pthread_spin_trylock": 1,
	"pthread_spin_unlock": 1, "pthread_spin_destroy": 1,
}

// builtinMacros give the value-returning __atomic builtins the type of
// their location: cc types an undeclared function's result as int. A
// macro's own name is not expanded again in its replacement, so the inner
// call is the builtin. The __sync builtins get no such macro: programs
// written for the original CheckFence define functions of those names
// (a call of __sync_* still has the location's type in the translation,
// only cc's checks see int). The arguments pass on as written, however
// many, for builtin to count: __checkfence_ptr picks the location, the
// first argument, or a pointer to int where there is none (its , ##
// drops the comma before no arguments), so that a call with one argument
// or none still parses.
const builtinMacros = `#define __checkfence_ptr(...) __checkfence_ptr2(0, ## __VA_ARGS__, (int *)0)
#define __checkfence_ptr2(z, p, ...) (p)
#define __atomic_load_n(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_load_n(__VA_ARGS__))
#define __atomic_exchange_n(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_exchange_n(__VA_ARGS__))
#define __atomic_fetch_add(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_add(__VA_ARGS__))
#define __atomic_fetch_sub(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_sub(__VA_ARGS__))
#define __atomic_fetch_and(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_and(__VA_ARGS__))
#define __atomic_fetch_or(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_or(__VA_ARGS__))
#define __atomic_fetch_xor(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_xor(__VA_ARGS__))
#define __atomic_fetch_nand(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_fetch_nand(__VA_ARGS__))
#define __atomic_add_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_add_fetch(__VA_ARGS__))
#define __atomic_sub_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_sub_fetch(__VA_ARGS__))
#define __atomic_and_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_and_fetch(__VA_ARGS__))
#define __atomic_or_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_or_fetch(__VA_ARGS__))
#define __atomic_xor_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_xor_fetch(__VA_ARGS__))
#define __atomic_nand_fetch(...) ((__typeof__(*__checkfence_ptr(__VA_ARGS__)))__atomic_nand_fetch(__VA_ARGS__))
#define __builtin_expect(...) ((long)__builtin_expect(__VA_ARGS__))
#define __ATOMIC_RELAXED 0
#define __ATOMIC_CONSUME 1
#define __ATOMIC_ACQUIRE 2
#define __ATOMIC_RELEASE 3
#define __ATOMIC_ACQ_REL 4
#define __ATOMIC_SEQ_CST 5
`

// refArgs are the arguments, per builtin, that point to a plain value the
// operation reads or writes (compare-exchange's expected, the generic
// forms' value and result). Given as &local, the local stays a register
// (see funcTr.scan): taking its address for the call is no reason to put
// it in shared memory.
var refArgs = map[string][]int{
	"__atomic_compare_exchange_n": {1},
	"__atomic_compare_exchange":   {1, 2},
	"__atomic_load":               {1},
	"__atomic_store":              {1},
	"__atomic_exchange":           {1, 2},
	"memset":                      {0},
	"memcpy":                      {0, 1},
	"memmove":                     {0, 1},
}

// isRefArg reports whether argument i of a call of name is a refArg.
func isRefArg(name string, i int) bool {
	for _, k := range refArgs[name] {
		if k == i {
			return true
		}
	}
	return false
}

// fetchOps are the operations of the fetch-and-op builtins.
var fetchOps = map[string]lsl.OpCode{
	"add": lsl.OpAdd, "sub": lsl.OpSub, "and": lsl.OpAnd, "or": lsl.OpOr, "xor": lsl.OpXor, "nand": lsl.OpAnd,
}

// builtin translates a call of one of builtinArgs.
func (fn *funcTr) builtin(name string, pos lsl.Pos, args []cc.ExpressionNode) value {
	if n := builtinArgs[name]; len(args) != n {
		fn.errorAt(pos, "%s takes %d arguments, not %d", name, n, len(args))
		return fn.badValue()
	}
	if name == "__builtin_expect" {
		// a hint to the optimiser: the value of its first argument; the
		// expected value is a constant (gcc does not evaluate it)
		if _, ok := intValue(args[1]); !ok {
			fn.errorAt(posOf(args[1]), "the expected value of __builtin_expect must be an integer constant")
			return fn.badValue()
		}
		r := fn.exprTo(args[0], fn.f.ast.Long)
		return value{reg: r, typ: fn.f.ast.Long}
	}
	shown := fn.calledAs(name, pos)
	if fn.atomic > 0 && !strings.HasPrefix(name, "__checkfence") {
		fn.errorAt(pos, "%s inside lsl_atomic_begin/lsl_atomic_end is not supported", shown)
		return fn.badValue()
	}
	switch {
	case strings.HasPrefix(name, "pthread_"):
		return fn.pthread(name, pos, args)
	case name == "__atomic_thread_fence" || name == "__atomic_signal_fence" || name == "__sync_synchronize":
		op, order := opFence, orderSeqCst
		if name == "__atomic_signal_fence" {
			op = opSignalFence
		}
		if len(args) == 1 {
			var ok bool
			if order, ok = fn.orderArg(shown, args[0], op); !ok {
				return fn.badValue()
			}
		}
		fn.orderFences(pos, op, order, true)
		return fn.voidValue()
	}

	if objectOps[name] {
		return fn.objectAtomic(name, pos, args)
	}
	addr, t, ok := fn.atomicTarget(shown, args[0])
	if !ok {
		return fn.badValue()
	}
	res := value{typ: t}
	last := func(i int, op atomicOp) (memoryOrder, bool) { return fn.orderArg(shown, args[i], op) }
	operand := func(i int) (lsl.Reg, bool) {
		r := fn.exprTo(args[i], t)
		return r, r != undefReg
	}
	switch name {
	case "__atomic_load_n":
		order, ok := last(1, opLoad)
		if !ok {
			return fn.badValue()
		}
		res.reg = fn.atomicLoad(pos, addr, t, order)
		return res

	case "__sync_lock_release":
		fn.atomicStore(pos, addr, fn.conv(fn.intConst(pos, 0), intScal(lsl.I32), scalOf(t), pos), t, orderRelease)
		return fn.voidValue()

	case "__atomic_exchange_n", "__sync_lock_test_and_set", "__atomic_test_and_set":
		var v lsl.Reg
		order := orderAcquire // __sync_lock_test_and_set
		switch name {
		case "__atomic_test_and_set":
			v = fn.conv(fn.intConst(pos, 1), intScal(lsl.I32), scalOf(t), pos)
			order, ok = last(1, opRMW)
		default:
			if v, ok = operand(1); ok && name != "__sync_lock_test_and_set" {
				order, ok = last(len(args)-1, opRMW)
			}
		}
		if !ok {
			return fn.badValue()
		}
		res.reg = fn.atomicRMW(pos, addr, t, order, func(lsl.Reg) (lsl.Reg, lsl.Reg) { return v, "" })
		switch name {
		case "__atomic_test_and_set":
			z := fn.intConst(pos, 0)
			return value{reg: fn.prim(pos, lsl.OpNe, lsl.IntType{}, res.reg, z), typ: fn.f.ast.Int}
		}
		return res

	case "__atomic_clear":
		order, ok := last(1, opStore)
		if !ok {
			return fn.badValue()
		}
		fn.atomicStore(pos, addr, fn.conv(fn.intConst(pos, 0), intScal(lsl.I32), scalOf(t), pos), t, order)
		return fn.voidValue()

	case "__sync_bool_compare_and_swap", "__sync_val_compare_and_swap":
		return fn.syncCompareAndSwap(name, pos, addr, t, operand)
	}

	// Fetch-and-op and op-and-fetch.
	opName, fetchFirst := "", false
	switch {
	case strings.HasPrefix(name, "__atomic_fetch_"):
		opName, fetchFirst = strings.TrimPrefix(name, "__atomic_fetch_"), true
	case strings.HasPrefix(name, "__sync_fetch_and_"):
		opName, fetchFirst = strings.TrimPrefix(name, "__sync_fetch_and_"), true
	case strings.HasPrefix(name, "__atomic_"):
		opName = strings.TrimSuffix(strings.TrimPrefix(name, "__atomic_"), "_fetch")
	default:
		opName = strings.TrimSuffix(strings.TrimPrefix(name, "__sync_"), "_and_fetch")
	}
	op, known := fetchOps[opName]
	st := scalOf(t)
	if !known || st.ptr || st.boolean {
		fn.errorAt(pos, "%s on %s is not supported", shown, typeName(t))
		return fn.badValue()
	}
	v, ok := operand(1)
	if !ok {
		return fn.badValue()
	}
	order := orderSeqCst
	if strings.HasPrefix(name, "__atomic_") {
		if order, ok = last(2, opRMW); !ok {
			return fn.badValue()
		}
	}
	var nw lsl.Reg
	res.reg = fn.atomicRMW(pos, addr, t, order, func(old lsl.Reg) (lsl.Reg, lsl.Reg) {
		nw = fn.prim(pos, op, st.it, old, v)
		if opName == "nand" {
			nw = fn.prim(pos, lsl.OpBNot, st.it, nw)
		}
		return nw, ""
	})
	if !fetchFirst {
		res.reg = nw
	}
	return res
}

// syncCompareAndSwap is __sync_bool_compare_and_swap and
// __sync_val_compare_and_swap: a seq compare-and-swap returning whether it
// swapped or the value it read.
func (fn *funcTr) syncCompareAndSwap(name string, pos lsl.Pos, addr lsl.Reg, t cc.Type, operand func(int) (lsl.Reg, bool)) value {
	expected, ok1 := operand(1)
	desired, ok2 := operand(2)
	if !ok1 || !ok2 {
		return fn.badValue()
	}
	var ok lsl.Reg
	old := fn.atomicRMW(pos, addr, t, orderSeqCst, func(old lsl.Reg) (lsl.Reg, lsl.Reg) {
		ok = fn.prim(pos, lsl.OpEq, lsl.IntType{}, old, expected)
		return desired, ok
	})
	if name == "__sync_val_compare_and_swap" {
		return value{reg: old, typ: t}
	}
	return value{reg: ok, typ: fn.f.ast.Int}
}

// atomicTarget evaluates the location argument of an atomic operation: a
// pointer to a scalar.
func (fn *funcTr) atomicTarget(name string, e cc.ExpressionNode) (lsl.Reg, cc.Type, bool) {
	p := fn.pointerArg(e)
	if p == undefReg {
		return undefReg, nil, false
	}
	t, _ := pointee(fn.exprType(e))
	if t == nil || !isScalar(t) {
		fn.errorAt(posOf(e), "%s on %s is not supported", name, typeName(t))
		return undefReg, nil, false
	}
	return p, t, true
}

// refArg is the object a refArgs argument points to: the local itself for
// &local, else the memory the pointer points to, as a t.
func (fn *funcTr) refArg(name string, e cc.ExpressionNode, t cc.Type) *lvalue {
	if u, ok := strip(e).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		lv := fn.lval(u.CastExpression)
		if lv != nil && !isScalar(lv.typ) {
			fn.errorAt(posOf(e), "%s: a pointer to a scalar is needed here, not to %s", name, typeName(lv.typ))
			return nil
		}
		return lv
	}
	p := fn.pointerArg(e)
	if p == undefReg {
		return nil
	}
	return &lvalue{typ: t, base: p}
}

// orderArg evaluates a memory order argument, which must be a constant
// that op takes.
func (fn *funcTr) orderArg(name string, e cc.ExpressionNode, op atomicOp) (memoryOrder, bool) {
	n, ok := intValue(e)
	if !ok || hasSideEffects(e) {
		fn.errorAt(posOf(e), "%s: the memory order must be a constant", name)
		return 0, false
	}
	if n < 0 || n > int64(orderSeqCst) {
		fn.errorAt(posOf(e), "%s: %d is not a memory order", name, n)
		return 0, false
	}
	order := memoryOrder(n)
	if _, ok := c11Cell(op, order); !ok {
		fn.errorAt(posOf(e), "%s: %s is not valid here", name, order)
		return 0, false
	}
	return order, true
}

// pthread translates the pthread mutex and spin lock functions as
// lsl_lock and lsl_unlock (SEMANTICS.md); each returns 0, trylock EBUSY
// (16) when the lock is held.
func (fn *funcTr) pthread(name string, pos lsl.Pos, args []cc.ExpressionNode) value {
	l := fn.pointerArg(args[0])
	if l == undefReg {
		return fn.badValue()
	}
	if len(args) == 2 {
		fn.discard(args[1]) // the attributes or pshared flag change nothing
	}
	zero := value{reg: fn.intConst(pos, 0), typ: fn.f.ast.Int}
	switch strings.TrimPrefix(strings.TrimPrefix(name, "pthread_mutex_"), "pthread_spin_") {
	case "init":
		fn.lockOp("lsl_initlock", l, pos)
	case "lock":
		fn.lockOp("lsl_lock", l, pos)
	case "unlock":
		fn.lockOp("lsl_unlock", l, pos)
	case "trylock":
		// One attempt: take the lock if it is free. A successful attempt
		// is followed by lsl_lock's fences.
		var got lsl.Reg
		fn.atomicBlock(pos, func() {
			v := fn.temp()
			fn.emit(&lsl.Load{Pos: pos, Dst: v, Addr: l})
			got = fn.prim(pos, lsl.OpEq, lsl.IntType{}, v, fn.intConst(pos, 0))
			lb := fn.counterLabel("trylock")
			fn.block(lb, pos, func() {
				fn.emit(&lsl.Break{Pos: pos, Cond: fn.prim(pos, lsl.OpLNot, lsl.IntType{}, got), Label: lb})
				fn.emit(&lsl.Store{Pos: pos, Addr: l, Src: fn.intConst(pos, 1)})
			})
		})
		lb := fn.counterLabel("trylock")
		fn.block(lb, pos, func() {
			fn.emit(&lsl.Break{Pos: pos, Cond: fn.prim(pos, lsl.OpLNot, lsl.IntType{}, got), Label: lb})
			fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.LoadLoad})
			fn.emit(&lsl.Fence{Pos: pos, Kind: lsl.LoadStore})
		})
		busy := fn.prim(pos, lsl.OpMul, lsl.I32, fn.prim(pos, lsl.OpLNot, lsl.IntType{}, got), fn.intConst(pos, 16))
		return value{reg: busy, typ: fn.f.ast.Int}
	case "destroy":
	}
	return zero
}

// structBuiltinError refuses a value-returning builtin on a struct.
func (fn *funcTr) structBuiltinError(pos lsl.Pos, name string) {
	fn.errorAt(pos, "%s on a struct is not supported: __atomic_load, __atomic_store, __atomic_exchange and compare-exchange take one", fn.calledAs(name, pos))
}

// stdatomicCalls maps each macro of the shipped stdatomic.h that expands
// to a call of a builtin (builtinArgs) to that builtin.
var stdatomicCalls = func() map[string]string {
	text, err := fs.ReadFile(includeFS, "include/stdatomic.h")
	if err != nil {
		panic(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.ReplaceAll(string(text), "\\\n", " "), "\n") {
		def, ok := strings.CutPrefix(strings.TrimSpace(line), "#define ")
		if !ok {
			continue
		}
		name := tokenAt(def)
		body := def[len(name):]
		if strings.HasPrefix(body, "(") {
			_, body, _ = strings.Cut(body, ")")
		}
		for i := 0; i < len(body); i++ {
			if !isIdentByte(body[i]) {
				continue
			}
			tok := tokenAt(body[i:])
			if _, ok := builtinArgs[tok]; ok {
				out[name] = tok
				break
			}
			i += len(tok) - 1
		}
	}
	return out
}()

// calledAs is the name a call of builtin name at pos is written with: the
// stdatomic.h macro whose use stands there (atomic_load_explicit, whose
// expansion calls __atomic_load_n at the macro's position), else name.
// Refusals name what the program says, not what the header makes of it.
func (fn *funcTr) calledAs(name string, pos lsl.Pos) string {
	if !fn.f.l.sourceAt(pos, "atomic_") {
		return name
	}
	line, ok := lineOf(fn.f.l.texts[pos.File], pos.Line)
	if !ok || pos.Col-1 >= len(line) {
		return name
	}
	if w := tokenAt(line[pos.Col-1:]); stdatomicCalls[w] == name {
		return w
	}
	return name
}

// typedBuiltin returns the name of the builtin if e is builtinMacros'
// cast of a call of one.
func (fn *funcTr) typedBuiltin(e cc.ExpressionNode) string {
	c, ok := strip(e).(*cc.CastExpression)
	if !ok || c.Case != cc.CastExpressionCast {
		return ""
	}
	call, ok := strip(c.CastExpression).(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall {
		return ""
	}
	name := fn.apiName(call.PostfixExpression)
	if _, ok := builtinArgs[name]; !ok {
		return ""
	}
	return name
}

// objectOps are the builtins whose operands and results pass through
// pointers or arguments, so that they take a scalar or an atomic struct
// (a pointer with a counter, updated as one). The value-returning forms
// (__atomic_load_n, and C11's atomic_load and atomic_exchange built on
// them) cannot return a struct through cc's int-typed builtins and are
// refused on structs.
var objectOps = map[string]bool{
	"__atomic_store_n": true, "__atomic_store": true, "__atomic_load": true, "__atomic_exchange": true,
	"__atomic_compare_exchange_n": true, "__atomic_compare_exchange": true,
	"__checkfence_atomic_init": true,
}

// objectAtomic translates one of objectOps on the object (a scalar, or
// every field of a struct) args[0] points to: loaded, compared and stored
// with the order's fences around; a struct's fields in one atomic block,
// as a read-modify-write always is (a load's or store's is no fence on
// tso).
func (fn *funcTr) objectAtomic(name string, pos lsl.Pos, args []cc.ExpressionNode) value {
	p := fn.pointerArg(args[0])
	if p == undefReg {
		return fn.badValue()
	}
	t, _ := pointee(fn.exprType(args[0]))
	ls, ok := leaves(t)
	shown := fn.calledAs(name, pos)
	if c, _ := classify(t); c != clStruct && !isScalar(t) || !ok {
		fn.errorAt(posOf(args[0]), "%s on %s is not supported", shown, typeName(t))
		return fn.badValue()
	}
	scalar := isScalar(t)
	target := &lvalue{typ: t, base: p}
	var addrs []lsl.Reg
	var types []cc.Type
	for _, l := range ls {
		lv := target.leaf(l)
		addrs = append(addrs, fn.addr(lv, pos))
		types = append(types, lv.typ)
	}
	// operand is an object argument: given by pointer (a refArg) or by
	// value (a scalar converted to t, held in a register).
	operand := func(i int) *lvalue {
		// expected, value and result are plain objects, read and written
		// as such whatever the target (SEMANTICS.md: only the target's
		// accesses are atomic)
		plain := func(lv *lvalue) *lvalue {
			if lv != nil {
				lv.plain = true
			}
			return lv
		}
		switch {
		case isRefArg(name, i) && scalar:
			return plain(fn.refArg(shown, args[i], t))
		case isRefArg(name, i):
			return plain(fn.structRef(shown, args[i], t))
		case scalar:
			r := fn.exprTo(args[i], t)
			if r == undefReg {
				return nil
			}
			return &lvalue{typ: t, reg: string(r)}
		}
		return fn.structArg(args[i], t, shown+" value")
	}
	// block runs the accesses of a load or store gen in an atomic block
	// unless the object is one word: a single access needs none. The
	// block is no fence on tso, where a load or store has none.
	block := func(gen func()) {
		if scalar {
			gen()
			return
		}
		fn.accessBlock(pos, gen)
	}
	read := func(lv *lvalue) []lsl.Reg { return fn.readObject(lv, ls, pos) }
	write := func(lv *lvalue, vals []lsl.Reg) { fn.writeObject(lv, ls, vals, pos) }
	loadAll := func() []lsl.Reg {
		var out []lsl.Reg
		for i, a := range addrs {
			r := fn.temp()
			fn.emitLoad(pos, r, a, types[i])
			out = append(out, r)
		}
		return out
	}
	storeAll := func(vals []lsl.Reg) {
		for i, a := range addrs {
			fn.emitStore(pos, a, vals[i], types[i])
		}
	}
	switch name {
	case "__checkfence_atomic_init":
		src := operand(1)
		if src == nil {
			return fn.badValue()
		}
		storeAll(read(src))
		return fn.voidValue()
	case "__atomic_store_n", "__atomic_store":
		src := operand(1)
		order, ok := fn.orderArg(shown, args[2], opStore)
		if src == nil || !ok {
			return fn.badValue()
		}
		vals := read(src)
		fn.orderFences(pos, opStore, order, false)
		block(func() { storeAll(vals) })
		fn.orderFences(pos, opStore, order, true)
		return fn.voidValue()
	case "__atomic_load":
		dst := operand(1)
		order, ok := fn.orderArg(shown, args[2], opLoad)
		if dst == nil || !ok {
			return fn.badValue()
		}
		var vals []lsl.Reg
		fn.orderFences(pos, opLoad, order, false)
		block(func() { vals = loadAll() })
		fn.orderFences(pos, opLoad, order, true)
		write(dst, vals)
		return fn.voidValue()
	case "__atomic_exchange":
		src, dst := operand(1), operand(2)
		order, ok := fn.orderArg(shown, args[3], opRMW)
		if src == nil || dst == nil || !ok {
			return fn.badValue()
		}
		vals := read(src)
		var olds []lsl.Reg
		fn.orderFences(pos, opRMW, order, false)
		fn.atomicBlock(pos, func() {
			olds = loadAll()
			storeAll(vals)
		})
		fn.orderFences(pos, opRMW, order, true)
		write(dst, olds)
		return fn.voidValue()
	}
	// Compare-exchange.
	exp, desired := operand(1), operand(2)
	if exp == nil || desired == nil {
		return fn.badValue()
	}
	w, ok := intValue(args[3])
	if !ok || hasSideEffects(args[3]) {
		fn.errorAt(posOf(args[3]), "%s: the weak argument must be a constant", shown)
		return fn.badValue()
	}
	success, ok1 := fn.orderArg(shown, args[4], opRMW)
	failure, ok2 := fn.orderArg(shown, args[5], opLoad)
	if !ok1 || !ok2 {
		return fn.badValue()
	}
	order := stronger(success, failure)
	expVals, desVals := read(exp), read(desired)
	var olds []lsl.Reg
	var swapped lsl.Reg
	fn.orderFences(pos, opRMW, order, false)
	fn.atomicBlock(pos, func() {
		olds = loadAll()
		for i := range olds {
			eq := fn.prim(pos, lsl.OpEq, lsl.IntType{}, olds[i], expVals[i])
			if i == 0 {
				swapped = eq
			} else {
				swapped = fn.prim(pos, lsl.OpAnd, lsl.I32, swapped, eq)
			}
		}
		if w != 0 {
			spurious := fn.temp()
			fn.emit(&lsl.Choose{Pos: pos, Dst: spurious, Lo: 0, Hi: 1})
			swapped = fn.prim(pos, lsl.OpAnd, lsl.I32, swapped, spurious)
		}
		l := fn.counterLabel("rmw")
		fn.block(l, pos, func() {
			fn.emit(&lsl.Break{Pos: pos, Cond: fn.prim(pos, lsl.OpLNot, lsl.IntType{}, swapped), Label: l})
			storeAll(desVals)
		})
	})
	fn.orderFences(pos, opRMW, order, true)
	l := fn.counterLabel("cmpxchg")
	fn.block(l, pos, func() {
		fn.emit(&lsl.Break{Pos: pos, Cond: swapped, Label: l})
		write(exp, olds)
	})
	return value{reg: swapped, typ: fn.f.ast.Int}
}

// structRef is the struct a refArgs argument points to: the local itself
// for &local (registers, see funcTr.scan), else the memory it points to.
func (fn *funcTr) structRef(name string, e cc.ExpressionNode, t cc.Type) *lvalue {
	if u, ok := strip(e).(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionAddrof {
		return fn.structArg(u.CastExpression, t, name+" operand")
	}
	p := fn.pointerArg(e)
	if p == undefReg {
		return nil
	}
	return &lvalue{typ: t, base: p}
}
