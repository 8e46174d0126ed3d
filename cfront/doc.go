// Package cfront is the C front end (CheckFence paper, Section 3.1): it
// translates the C implementation of a concurrent data type into one LSL
// program.
//
// In: C files, written against lsl_protos.h (INPUTS.md). The package ships
// that header, stdatomic.h and pthread.h, stdint.h (all of C99 7.18),
// and minimal stdbool.h, stddef.h, assert.h (NDEBUG as C11 7.2) and
// stdlib.h, and puts them on the include path itself. Each file is preprocessed,
// parsed and type-checked by modernc.org/cc/v4 as x86-64 Linux C (char 8
// bits and signed, short 16, int 32, long and long long 64, pointers 64);
// the files are separate translation units linked by name.
//
// Limits on the input, each refused with its position (only the file's
// for nesting that macro expansion alone creates): a C file or header
// read from disk must be a regular file (not a device, FIFO or directory)
// of at most 16 MiB, reached without a symlink loop; #include nests at
// most 200 deep (deeper is a file including itself), and at most 65536
// files are included into one translation unit; after preprocessing,
// at most 1000 levels of parentheses, brackets and braces are open at
// once, a chain of tokens (counted from the last ';', ',' or '{' at each
// open level: operator chains, declarators, unbraced statements) is at
// most 4096 long, and a translation unit has at most 2^22 tokens (the C
// parser recurses on nesting, and a Go stack overflow cannot be
// recovered); no object or type is larger than 2^63-1 bytes. #pragma once
// is honoured.
//
// Out: an *lsl.Program with one procedure per C function and one global
// per global variable (and per static local, named function.variable),
// numbered 1, 2, … in source order, with its shape and initial values. Or
// an ErrorList of "file:line:col: message" errors; an unsupported
// construct is reported as "<construct> is not supported".
//
// The translation follows the paper:
//
//   - Values are untyped; every integer operation carries the C type it is
//     computed in (after the integer promotions and the usual arithmetic
//     conversions, which the front end applies as gcc does), so wraparound
//     is exact. Conversions that can change a value become conv.
//
//   - Pointers are a base and offsets (Fig. 5): field selection appends the
//     field's index, array indexing the element's index, and pointer
//     arithmetic moves the last offset. An array used as a value is a
//     pointer to its element 0. Casts between pointers and integers keep
//     the pointer. Every scalar is one location; struct assignment copies
//     field by field.
//
//   - Locals live in registers, except those whose address is taken and
//     arrays used as pointers or indexed by a variable, which get a block
//     of their own (alloc noreuse) at their declaration.
//
//   - Control flow keeps the block structure of the source (Section 3.1,
//     "Control flow"): if, loops, switch (with fall-through), break,
//     continue, return, && || ?: and goto become labelled blocks left by
//     conditional break or repeated by conditional continue. A goto is
//     supported where the blocks can nest: forward to a later statement or
//     backward to an earlier one of an enclosing block, not into a block or
//     into the middle of a loop.
//
//   - The lsl_protos.h functions become LSL statements: compare-and-swap
//     and the lock operations are atomic blocks as in Fig. 6 and Fig. 7
//     (the lock's spin reduced to its last iteration), fences, allocation
//     and free, assertions, assumptions, observations, nondeterministic
//     choice and the thread index.
//
//   - C11 and GCC atomics (SEMANTICS.md, "C11 and GCC atomics"; the
//     shipped stdatomic.h and pthread.h): each operation is a load, a
//     store or an atomic block with the fences of the C11 mapping table
//     (c11.go, data), each fence tagged with the models it exists on
//     (lsl.Fence.Only) and, for an operation's order, Implied. Plain
//     access to an _Atomic object is seq, compound assignment and ++/--
//     on one a seq read-modify-write; its initializer is plain stores,
//     as atomic_init (decl.go, initLocal). cc keeps no trace of _Atomic in
//     types, so markAtomic rewrites the keyword into a type attribute
//     before preprocessing (atomicmark.go).
//
//   - The shipped stdlib.h, stdio.h, string.h and sched.h: abort() is a
//     failing assertion, output calls and sched_yield evaluate their
//     arguments only (call.go, noEffectFuncs), and memset/memcpy/memmove work on whole objects of a
//     known type (memfuncs.go).
//
//   - Thread-local storage (_Thread_local, __thread) is a global marked
//     ThreadLocal, of which the unroller gives each thread a copy.
//
//   - Calls are LSL calls; parameters and results are registers, a struct
//     one register per scalar leaf.
//
// Not supported (rejected with a position): floating point, unions,
// bit-fields, function pointers, recursion, variadic function
// definitions, string literals except as names in the API (and __func__),
// variable-length arrays, inline assembly (except one fence or hint
// instruction without operands, asm.go, and the empty compiler barrier),
// setjmp, _Atomic in a pointer's
// qualifier list (T * _Atomic p), an _Atomic keyword formed by token
// pasting or split by a line splice (markAtomic marks only the keyword
// written as such; syntax.go, atomicMarks), a _Generic whose association cc would
// choose and C would not (cc tells neither _Atomic int * from int * nor a
// pointer to a pointer from other pointers; atomictypes.go,
// genericMismatch), the value-returning atomic operations
// and fetch-and-op on structs, pointer conversions that would read an
// object as another type (int * to char *, long * to int *, a struct
// pointer to its first field's type: memory holds a value per scalar
// object, not bytes; void * and types of the same words convert freely,
// conv.go, reinterprets), a pointer converted to an integer narrower
// than a pointer (through an integer variable, an error of the
// execution: lsl.FaultPointerCut), arithmetic other than marks (&, |,
// ^) and relational comparisons (<, >, <=, >=) on a pointer converted to
// an integer (ops.go; through an integer variable, an invalid pointer
// operation of the execution), sizeof of a pointer obtained from an
// array (a parameter declared as one, arr + 1) in an array's length, an
// enumerator or a bit-field's width (sizeof.go), a goto from one case of a
// switch into another, and the GNU
// extensions statement expressions, computed goto, ?: without a middle
// operand, enumerators that do not fit in int (syntax.go, enumErrors),
// nested functions and __typeof__ of a type name in a
// declaration's specifiers (cc types it only in sizeof and casts),
// __typeof__ and _Alignas of a type name that starts with a qualifier
// (__typeof__(const int), or _Atomic from a macro; cc parses only a
// type specifier first there; input.go, typeNameFirst), and the
// attributes cleanup, mode, packed (and #pragma pack), aligned without an
// alignment, constructor, destructor, weak (and #pragma weak), alias,
// weakref and ifunc (syntax.go,
// refusedAttributes; aligned(N) and _Alignas lay structs out as gcc does). Operands that C requires to be lvalues
// (of ++, --, & and assignment) are checked as gcc does, and so are the
// _Atomic types C forbids: the qualifier on an array or function type
// (typedef int A2[2]; _Atomic A2 z), _Atomic(T) of an array, function,
// atomic or qualified type (atomictypes.go).
package cfront
