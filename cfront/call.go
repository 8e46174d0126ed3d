package cfront

import (
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// apiFuncs are the functions of lsl_protos.h that the front end
// translates itself (INPUTS.md), unless the program defines a function of
// that name.
var apiFuncs = map[string]bool{
	"lsl_assert": true, "assert": true, "lsl_assume": true, "lsl_fence": true,
	"lsl_cas_32": true, "lsl_cas_64": true, "lsl_cas_ptr": true, "lsl_dcas": true,
	"lsl_atomic_begin": true, "lsl_atomic_end": true,
	"lsl_malloc": true, "malloc": true, "lsl_malloc_noreuse": true,
	"lsl_free": true, "free": true, "lsl_free_noreuse": true,
	"lsl_initlock": true, "lsl_lock": true, "lsl_unlock": true,
	"lsl_choose": true, "lsl_observe_input": true, "lsl_observe_output": true,
	"lsl_observe_label": true, "lsl_get_thread_id": true,
	"abort":  true,
	"printf": true, "fprintf": true, "puts": true, "fputs": true, "putchar": true,
	"perror": true, "fflush": true, "sched_yield": true,
	"memset": true, "memcpy": true, "memmove": true,
}

// noEffectFuncs change nothing the check observes: the stdio.h functions
// that only write to a stream (the check observes no output) and
// sched_yield (it only gives up the processor). A call evaluates its
// arguments and does nothing else; leaving out the stream's own lock can
// only let more executions fail, never fewer. Only as a statement: their
// results are not modelled.
var noEffectFuncs = map[string]bool{
	"printf": true, "fprintf": true, "puts": true, "fputs": true, "putchar": true,
	"perror": true, "fflush": true, "sched_yield": true,
}

// noEffect translates a statement that calls one of noEffectFuncs: each
// argument evaluated for its side effects, string literals (the format,
// the text) left out, also as the last operand of a comma. A format that
// stores (%n) is refused.
func (fn *funcTr) noEffect(name string, args []cc.ExpressionNode) {
	var arg func(a cc.ExpressionNode)
	arg = func(a cc.ExpressionNode) {
		switch x := strip(a).(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionString || x.Case == cc.PrimaryExpressionLString {
				if s, ok := stringArg(x); ok && storesThroughFormat(s) {
					fn.errorAt(posOf(a), "%s with %%n is not supported: the conversion stores through its argument", name)
				}
				return
			}
			if x.Case == cc.PrimaryExpressionExpr {
				arg(x.ExpressionList)
				return
			}
		case *cc.ExpressionList:
			for l := x; l != nil; l = l.ExpressionList {
				arg(l.AssignmentExpression)
			}
			return
		}
		fn.discard(a)
	}
	for _, a := range args {
		arg(a)
	}
}

// storesThroughFormat reports whether a printf format holds a %n
// conversion (with flags, width or length before the n).
func storesThroughFormat(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0123456789.*hljztL'", f[j]) >= 0 {
			j++
		}
		if j < len(f) && f[j] == 'n' {
			return true
		}
		i = j // past the conversion (%% included)
	}
	return false
}

// procFor returns the definition a function declarator refers to.
func (f *fileTr) procFor(d *cc.Declarator) *procInfo {
	if p := f.l.procs[f.linkKey(d)]; p != nil {
		return p
	}
	// A block-scope declaration of a static function.
	if p := f.l.procs[f.name+"\x00"+d.Name()]; p != nil {
		return p
	}
	return f.l.procs[d.Name()]
}

// calleeDecl returns the function declarator a call's callee names, or
// nil if it is not a plain function name.
func calleeDecl(e cc.ExpressionNode) *cc.Declarator {
	pe, ok := strip(e).(*cc.PrimaryExpression)
	if !ok || pe.Case != cc.PrimaryExpressionIdent {
		return nil
	}
	d, ok := pe.ResolvedTo().(*cc.Declarator)
	if !ok || d == nil {
		return nil
	}
	if c, _ := classify(d.Type()); c != clFunc {
		return nil
	}
	return d
}

// calleeType returns the function type a call's callee names.
func calleeType(e cc.ExpressionNode) (*cc.FunctionType, bool) {
	d := calleeDecl(e)
	if d == nil {
		return nil, false
	}
	ft, ok := d.Type().(*cc.FunctionType)
	return ft, ok
}

// apiName returns the API function the callee e names, or "".
func (fn *funcTr) apiName(e cc.ExpressionNode) string {
	d := calleeDecl(e)
	if d == nil {
		return ""
	}
	if _, builtin := builtinArgs[d.Name()]; !apiFuncs[d.Name()] && !builtin || fn.f.procFor(d) != nil {
		return ""
	}
	return d.Name()
}

func argList(l *cc.ArgumentExpressionList) []cc.ExpressionNode {
	var args []cc.ExpressionNode
	for ; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	return args
}

// call translates a function call; hint is the type the result is
// assigned to, for the shape of an allocation.
func (fn *funcTr) call(x *cc.PostfixExpression, hint cc.Type) value {
	pos := posOf(x)
	args := argList(x.ArgumentExpressionList)
	d := calleeDecl(x.PostfixExpression)
	if d == nil {
		fn.errorAt(pos, "call through a function pointer is not supported")
		return fn.badValue()
	}
	if name := fn.apiName(x.PostfixExpression); name != "" {
		if _, ok := builtinArgs[name]; ok {
			return fn.builtin(name, pos, args)
		}
		return fn.api(name, x, args, hint)
	}
	if strings.HasPrefix(d.Name(), "__builtin_") || strings.HasPrefix(d.Name(), "__sync_") || strings.HasPrefix(d.Name(), "__atomic_") {
		if fn.f.procFor(d) == nil {
			fn.errorAt(pos, "%s is not supported", d.Name())
			return fn.badValue()
		}
	}
	if d.Name() == "setjmp" || d.Name() == "longjmp" || d.Name() == "_setjmp" || d.Name() == "sigsetjmp" {
		fn.errorAt(pos, "setjmp is not supported")
		return fn.badValue()
	}
	p := fn.f.procFor(d)
	if p == nil {
		fn.errorAt(pos, "function %s is not defined", d.Name())
		return fn.badValue()
	}
	if fn.atomic > 0 {
		fn.errorAt(pos, "call inside an atomic block is not supported")
		return fn.badValue()
	}
	params := params(p.typ)
	if len(args) != len(params) {
		fn.errorAt(pos, "%s takes %d arguments, not %d", d.Name(), len(params), len(args))
		return fn.badValue()
	}
	var regs []lsl.Reg
	for i, a := range args {
		pt := params[i].Type()
		if pt.Kind() == cc.Array {
			pt = pt.Decay()
		}
		if c, _ := classify(pt); c == clStruct {
			// A struct is passed as its scalar leaves.
			src := fn.structArg(a, pt, "argument")
			ls, ok := leaves(pt)
			if src == nil || !ok {
				return fn.badValue()
			}
			regs = append(regs, fn.readObject(src, ls, posOf(a))...)
			continue
		}
		regs = append(regs, fn.exprTo(a, pt))
	}
	rt := p.typ.Result()
	call := &lsl.Call{Pos: pos, Proc: p.name, Args: regs}
	fn.p.calls = append(fn.p.calls, callSite{callee: p, pos: pos})
	switch c, _ := classify(rt); c {
	case clVoid:
		fn.emit(call)
		return fn.voidValue()
	case clInt, clPtr:
		r := fn.temp()
		call.Results = []lsl.Reg{r}
		fn.emit(call)
		return value{reg: r, typ: rt}
	case clStruct:
		// A struct result arrives in one register per leaf.
		ls, ok := leaves(rt)
		if !ok || fn.f.l.tc.check(rt) != "" {
			break
		}
		base := string(fn.named(p.cname + ".result"))
		for _, l := range ls {
			call.Results = append(call.Results, lsl.Reg(base+l.suffix))
		}
		fn.emit(call)
		return value{typ: rt, lv: &lvalue{typ: rt, reg: base}}
	}
	// The definition reports its unsupported return type.
	fn.emit(call)
	return fn.badValue()
}
