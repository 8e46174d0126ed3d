// Package memmodel declares the memory models checkfence checks against, as
// data: one row per model in the table of ../shared/spec/SEMANTICS.md
// (CheckFence paper, Section 2.3, extended with TSO, PSO and RMO).
//
// In: a model name. Out: a *Model whose fields say which program-order
// pairs stay ordered in memory order, whether a load sees its own thread's
// buffered stores, and how atomic blocks and operations behave. The
// encoder reads only these fields; adding a model is adding a row.
package memmodel
