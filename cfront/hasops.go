package cfront

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// cc's preprocessor answers __has_builtin itself but as no macro
// (#ifdef __has_builtin is false, gcc's is true), answers clang's
// __has_feature and __has_extension, which gcc 12 does not have, even where
// the program defines them for compilers without them (#ifndef
// __has_feature / #define __has_feature(x) 0), and has no __has_attribute.
// So each file's text names them otherwise, with as many characters (no
// column moves), and predefined defines gcc's two as macros (hasMacros);
// the other two are plain identifiers, undefined as in gcc 12.
// __has_c_attribute, which cc does not know either, is left undefined:
// code then falls back to __attribute__, which means the same here.
var hasOperators = map[string]string{
	"__has_builtin":   "__cfHasBltn__",
	"__has_attribute": "__cfHasAttrib__",
	"__has_feature":   "__cfHasFeat__",
	"__has_extension": "__cfHasExtens__",
}

// renameHasOperators renames the operators of hasOperators in a C text;
// everything else is unchanged, byte for byte.
func renameHasOperators(text string) string {
	if !strings.Contains(text, "__has_") {
		return text
	}
	var b []byte
	scanDirTokens(text, func(tok string, off, _, _, _ int) bool {
		if to, ok := hasOperators[tok]; ok {
			if b == nil {
				b = []byte(text)
			}
			copy(b[off:], to)
		}
		return true
	})
	if b == nil {
		return text
	}
	return string(b)
}

// hasOperatorNames turns the names of hasOperators back in a message.
var hasOperatorNames = func() *strings.Replacer {
	var r []string
	for from, to := range hasOperators {
		r = append(r, to, from)
	}
	return strings.NewReplacer(r...)
}()

// gccBuiltins are the names gcc 12.2 -std=gnu17 answers __has_builtin with
// 1 for on x86-64 (tested name by name against gcc): a builtin the
// translation does not read (__builtin_ctz) is then refused by name where
// the branch gcc takes calls it.
//
//go:embed gcc_builtins.txt
var gccBuiltinsText string

var gccBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(gccBuiltinsText) {
		m[n] = true
	}
	return m
}()

// gccAttributes are the attributes gcc 12.2 -std=gnu17 answers
// __has_attribute with 1 for on x86-64 (tested against gcc); those it
// answers with a C2x date are gccDatedAttributes. An attribute that
// changes what the code does and is not read is refused by name where it
// is used (refusedAttributes).
const gccAttributes = "NSObject access alias aligned alloc_align alloc_size always_inline " +
	"artificial assume_aligned callee_pop_aggregate_return cdecl cf_check " +
	"cleanup cold common const constructor copy designated_init destructor " +
	"error externally_visible fastcall fentry_name fentry_section flatten " +
	"force_align_arg_pointer format format_arg function_return gcc_struct " +
	"gnu_inline hot ifunc indirect_branch indirect_return interrupt leaf " +
	"malloc may_alias mode ms_abi ms_hook_prologue ms_struct naked " +
	"no_address_safety_analysis no_caller_saved_registers no_icf " +
	"no_instrument_function no_profile_instrument_function no_reorder " +
	"no_sanitize no_sanitize_address no_sanitize_coverage " +
	"no_sanitize_thread no_sanitize_undefined no_split_stack no_stack_limit " +
	"no_stack_protector nocf_check noclone nocommon nodirect_extern_access " +
	"noinit noinline noipa nonnull nonstring noplt noreturn nothrow " +
	"objc_nullability objc_root_class optimize packed " +
	"patchable_function_entry persistent pure regparm retain " +
	"returns_nonnull returns_twice scalar_storage_order section sentinel " +
	"signed_bool_precision simd sseregparm stack_protect stdcall symver " +
	"sysv_abi tainted_args target target_clones thiscall tls_model " +
	"transaction_callable transaction_may_cancel_outer transaction_pure " +
	"transaction_safe transaction_safe_dynamic transaction_unsafe " +
	"transaction_wrap transparent_union unavailable uninitialized unused " +
	"used vector_mask vector_size visibility volatile warn_if_not_aligned " +
	"warn_unused warn_unused_result warning weak weakref " +
	"zero_call_used_regs"

var gccDatedAttributes = map[string]int{
	"deprecated":   201904,
	"fallthrough":  201904,
	"maybe_unused": 201904,
	"nodiscard":    202003,
}

// hasMacros defines __has_attribute (renamed) as gcc answers it, name or
// __name__, by pasting its operand onto a prefix: a name of none pastes to
// an identifier without a macro, which #if reads as 0. And __has_builtin
// (renamed) as cc's operator, which asks gccBuiltins (cc.Config.HasBuiltin)
// but works in #if only (gcc's, in any expression: outside #if it is an
// undefined function here). Macros for the builtins, as for the
// attributes, would triple the time preprocessing takes.
var hasMacros = func() string {
	var b strings.Builder
	fmt.Fprintf(&b, "#define %s(x) __has_builtin(x)\n", hasOperators["__has_builtin"])
	fmt.Fprintf(&b, "#define %s(x) __cf_attribute_##x\n", hasOperators["__has_attribute"])
	def := func(name string, v int) {
		fmt.Fprintf(&b, "#define __cf_attribute_%s %d\n#define __cf_attribute___%s__ %d\n", name, v, name, v)
	}
	for _, n := range strings.Fields(gccAttributes) {
		def(n, 1)
	}
	for _, n := range slices.Sorted(maps.Keys(gccDatedAttributes)) {
		def(n, gccDatedAttributes[n])
	}
	return b.String()
}()
