// Package litmus reads litmus tests in herd7's X86 syntax and turns them
// into LSL tests, a front end beside the C one (spec/INPUTS.md, "Litmus
// files").
//
// In: the text of a .litmus file (Parse). Out: a File holding the parsed
// test, its translation to an *lsl.Test in straight-line form (File.Test),
// ready for the encoder, and the final condition, which decides on the
// encoder's outcomes whether the condition's proposition is reachable
// (File.Allowed) and whether the test holds as herd states it
// (File.Validated).
//
// The translation follows the CheckFence paper's load-store language
// (Section 3.1): every location is a scalar global, every thread P0, P1, …
// one thread of one operation invocation, each instruction a short
// sequence of LSL statements (XCHG an atomic block), and registers the
// condition reads are recorded as output observations at the end of their
// thread. MFENCE is a full fence, SFENCE a store-store fence and LFENCE a
// load-load fence (shared/litmus/README.md).
package litmus
