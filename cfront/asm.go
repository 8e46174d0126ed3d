package cfront

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"

	"checkfence/lsl"
)

// asmInstructions are the inline assembly statements the front end reads:
// one instruction, no operands (clobbers such as "memory" may be listed),
// whose whole architectural meaning is a fence of SEMANTICS.md's kinds or
// nothing. Pre-C11 lock-free code writes its fences so (smp_mb() as
// asm volatile("mfence" ::: "memory")) and its spin-wait hints (pause);
// the empty asm is the compiler barrier, which orders only the compiler's
// code, and the translation never moves an access. The fences are the
// program's own, on every model (as lsl_fence's); the spelling is
// lower-cased, with spaces collapsed and a trailing ';' dropped. Anything
// else is refused with its position.
var asmInstructions = map[string][]lsl.FenceKind{
	"": nil,
	// spin-wait hints
	"pause": nil, "rep; nop": nil, "rep nop": nil, "nop": nil, "yield": nil,
	// full fences: x86, ARMv8, POWER, RISC-V
	"mfence": {lsl.Full}, "dmb ish": {lsl.Full}, "dmb sy": {lsl.Full},
	"dsb ish": {lsl.Full}, "dsb sy": {lsl.Full},
	"sync": {lsl.Full}, "hwsync": {lsl.Full},
	"fence": {lsl.Full}, "fence rw,rw": {lsl.Full},
	// store-store
	"sfence": {lsl.StoreStore}, "dmb ishst": {lsl.StoreStore}, "dmb st": {lsl.StoreStore},
	"fence w,w": {lsl.StoreStore},
	// load-load
	"lfence": {lsl.LoadLoad}, "fence r,r": {lsl.LoadLoad},
	// acquire-like: loads before, everything after
	"dmb ishld": {lsl.LoadLoad, lsl.LoadStore}, "dmb ld": {lsl.LoadLoad, lsl.LoadStore},
	"fence r,rw": {lsl.LoadLoad, lsl.LoadStore},
	// release-like: everything before, stores after
	"fence rw,w": {lsl.LoadStore, lsl.StoreStore},
	// POWER's lightweight sync: all but store-load
	"lwsync": {lsl.LoadLoad, lsl.LoadStore, lsl.StoreStore},
}

// asmFences returns the fences of an asm statement, and false if it is
// not one of asmInstructions.
func asmFences(a *cc.Asm) ([]lsl.FenceKind, bool) {
	if a == nil {
		return nil, false
	}
	for q := a.AsmQualifierList; q != nil; q = q.AsmQualifierList {
		if q.AsmQualifier != nil && q.AsmQualifier.Case == cc.AsmQualifierGoto {
			return nil, false
		}
	}
	for l := a.AsmArgList; l != nil; l = l.AsmArgList {
		for e := l.AsmExpressionList; e != nil; e = e.AsmExpressionList {
			if e.AsmIndex != nil {
				return nil, false
			}
			if _, ok := stringArg(e.AssignmentExpression); !ok {
				return nil, false // an operand, not a clobber
			}
		}
	}
	text, err := strconv.Unquote(a.Token3.SrcStr())
	if err != nil {
		return nil, false
	}
	kinds, ok := asmInstructions[normalizeAsm(text)]
	return kinds, ok
}

// normalizeAsm is the spelling asmInstructions uses: lower case, blanks
// collapsed to one space, none around commas, no trailing ';'.
func normalizeAsm(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	s = strings.ReplaceAll(strings.ReplaceAll(s, ", ", ","), " ,", ",")
	s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
	return strings.ReplaceAll(s, " ;", ";")
}
