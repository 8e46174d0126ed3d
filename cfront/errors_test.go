package cfront

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"checkfence/lsl"
)

// TestErrors checks that each rejected construct is reported with its
// position and name, as "file:line:col: message".
func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // the whole error text
	}{
		{"float variable", "float f;\n",
			"e.c:1:7: floating point is not supported"},
		{"double local", "void f(void) {\n  double d = 1;\n}\n",
			"e.c:2:10: floating point is not supported"},
		{"float constant", "int f(int x) {\n  return x * 1.5;\n}\n",
			"e.c:2:14: floating point is not supported"},
		// cc refused these without a position, in its own words.
		{"_Float16 local", "void f(void) {\n    _Float16 h;\n}\n",
			"e.c:2:5: floating point (_Float16) is not supported"},
		{"_Float16 in sizeof", "int x;\nvoid f(void) {\n  x = sizeof(_Float16);\n}\n",
			"e.c:3:14: floating point (_Float16) is not supported"},
		{"_Float16 typedef", "typedef _Float16 H;\n",
			"e.c:1:9: floating point (_Float16) is not supported"},
		{"__fp16", "__fp16 g;\n",
			"e.c:1:1: floating point (__fp16) is not supported"},
		{"__bf16", "__bf16 g;\n",
			"e.c:1:1: floating point (__bf16) is not supported"},
		{"_Float128x", "void f(void) {\n  _Float128x h;\n}\n",
			"e.c:2:3: floating point (_Float128x) is not supported"},
		{"__float80", "__float80 g;\n",
			"e.c:1:11: floating point is not supported"},
		{"_Imaginary", "void f(void) {\n  float _Imaginary h;\n}\n",
			"e.c:2:9: imaginary type is not supported"},
		{"recursion", "int f(int n) {\n  if (n) return f(n - 1);\n  return 0;\n}\n",
			"e.c:2:17: recursion is not supported"},
		{"mutual recursion", "int g(int);\nint f(int n) { return g(n); }\nint g(int n) { return f(n); }\n",
			"e.c:3:23: recursion is not supported"},
		{"call through a function pointer", "int f(int (*fp)(int)) {\n  return fp(1);\n}\n",
			"e.c:2:10: call through a function pointer is not supported"},
		{"function pointer value", "void g(void) {}\nvoid f(void) {\n  void (*p)(void) = g;\n}\n",
			"e.c:3:21: function pointer is not supported"},
		{"function pointer global", "void g(void) {}\nvoid (*p)(void) = g;\n",
			"e.c:2:19: function pointer is not supported"},
		{"atomic_exchange of a function pointer", "#include <stdatomic.h>\n_Atomic(void (*)(void)) fp;\nvoid f(void) {\n  atomic_exchange(&fp, 0);\n}\n",
			"e.c:4:3: function pointer is not supported"},
		{"function pointer copied", "void f(void) {\n  void (*a)(void) = 0;\n  void (*b)(void) = a;\n}\n",
			"e.c:3:21: function pointer is not supported"},
		{"pointer converted to a function pointer", "int *p;\nvoid f(void) {\n  void (*a)(void) = (void (*)(void))p;\n}\n",
			"e.c:3:21: function pointer is not supported"},
		{"address of a function", "void g(void) {}\nvoid *f(void) {\n  return &g;\n}\n",
			"e.c:3:10: function pointer is not supported"},
		{"variadic function definition", "int f(int n, ...) {\n  return n;\n}\n",
			"e.c:1:5: variadic function definition is not supported"},
		{"inline assembly", "void f(void) {\n  __asm__(\"lock; addl $0,0(%%rsp)\");\n}\n",
			"e.c:2:3: inline assembly is not supported (only a fence or spin-wait hint without operands, such as asm volatile(\"mfence\" ::: \"memory\"), or the empty compiler barrier)"},
		{"empty asm with an output", "void f(void) {\n  int x;\n  asm volatile(\"\" : \"=r\"(x));\n}\n",
			"e.c:3:3: inline assembly is not supported (only a fence or spin-wait hint without operands, such as asm volatile(\"mfence\" ::: \"memory\"), or the empty compiler barrier)"},
		{"empty asm with an input", "int g;\nvoid f(void) {\n  asm volatile(\"\" : : \"r\"(g) : \"memory\");\n}\n",
			"e.c:3:3: inline assembly is not supported (only a fence or spin-wait hint without operands, such as asm volatile(\"mfence\" ::: \"memory\"), or the empty compiler barrier)"},
		{"asm goto", "void f(void) {\n  asm goto(\"\" :::: out);\nout:\n  return;\n}\n",
			"e.c:2:3: inline assembly is not supported (only a fence or spin-wait hint without operands, such as asm volatile(\"mfence\" ::: \"memory\"), or the empty compiler barrier)"},
		{"printf's result", "#include <stdio.h>\nint f(void) {\n  return printf(\"x\");\n}\n",
			"e.c:3:10: the result of printf is not supported (it is not modelled: call it as a statement)"},
		{"memset to 1", "#include <string.h>\nint a[2];\nvoid f(void) {\n  memset(a, 1, sizeof a);\n}\n",
			"e.c:4:13: memset to a value other than 0 is not supported: memory holds a value per scalar object, not bytes"},
		{"memset of part of an object", "#include <string.h>\nstruct s { int a, b; } g;\nvoid f(void) {\n  memset(&g, 0, 4);\n}\n",
			"e.c:4:10: memset of 4 bytes on struct s {a int; b int} (8 bytes) is not supported: only whole objects"},
		{"memcpy through void *", "#include <string.h>\nint g;\nvoid f(void *p) {\n  memcpy(&g, p, sizeof g);\n}\n",
			"e.c:4:14: memcpy through pointer to void is not supported: memory holds a value per scalar object, so the object's type must be known"},
		{"memcpy between types", "#include <string.h>\nint g;\nlong h;\nvoid f(void) {\n  memcpy(&h, &g, 4);\n}\n",
			"e.c:5:10: memcpy of 4 bytes on long (8 bytes) is not supported: only whole objects"},
		{"memset of a variable size", "#include <string.h>\nint g;\nvoid f(int n) {\n  memset(&g, 0, n);\n}\n",
			"e.c:4:17: memset of a non-constant size is not supported"},
		{"memcpy's result", "#include <string.h>\nint g, h;\nvoid f(void) {\n  int *p = memcpy(&g, &h, sizeof g);\n}\n",
			"e.c:4:12: the result of memcpy is not supported: call it as a statement"},
		{"printf's %n", "#include <stdio.h>\nvoid f(void) {\n  int k;\n  printf(\"ab%3n\\n\", &k);\n}\n",
			"e.c:4:10: printf with %n is not supported: the conversion stores through its argument"},
		{"a variable-length compound literal", "int n = 2;\nvoid f(void) {\n  int *p = (int[n]){ 1 };\n}\n",
			"e.c:3:12: variable-length array is not supported"},
		{"a mark on a pointer to char", "#include <stdint.h>\nchar c[4];\nuintptr_t f(void) { return (uintptr_t)&c[1] | 1; }\n",
			"e.c:3:45: '|' on a pointer to char converted to an integer is not supported: its low bits are part of its address"},
		{"abort's arguments", "#include <stdlib.h>\nvoid f(void) {\n  abort(1);\n}\n",
			"e.c:3:3: abort takes 0 arguments, not 1"},
		{"__builtin_expect's expected value", "int g;\nvoid f(void) {\n  if (__builtin_expect(g, g))\n    g = 1;\n}\n",
			"e.c:3:7: the expected value of __builtin_expect must be an integer constant"},
		{"__builtin_expect's arguments", "int g;\nvoid f(void) {\n  if (__builtin_expect(g))\n    g = 1;\n}\n",
			"e.c:3:7: __builtin_expect takes 2 arguments, not 1"},
		{"setjmp", "int setjmp(void *);\nint buf[8];\nvoid f(void) {\n  setjmp(buf);\n}\n",
			"e.c:4:3: setjmp is not supported"},
		{"irreducible goto", "void f(int x) {\n  if (x) goto in;\nloop:\n  x++;\nin:\n  x--;\n  if (x) goto loop;\n}\n",
			"e.c:2:10: irreducible goto is not supported"},
		{"goto into a block", "void f(int x) {\n  goto in;\n  if (x) {\n  in:\n    x++;\n  }\n}\n",
			"e.c:2:3: goto into a block is not supported"},
		{"computed goto", "void f(void) {\n  void *p = &&l;\nl:\n  goto *p;\n}\n",
			"e.c:2:13: address of a label is not supported\ne.c:4:3: computed goto is not supported"},
		{"union", "union u { int a; long b; } x;\n",
			"e.c:1:28: union is not supported"},
		{"bit-field", "struct s { int a : 3; } x;\n",
			"e.c:1:25: bit-field is not supported"},
		{"union parameter", "union u { int a; };\nint f(union u v) {\n  return 0;\n}\n",
			"e.c:2:15: union is not supported"},
		{"string literal", "void f(void) {\n  char *s = \"hi\";\n}\n",
			"e.c:2:13: string literal is not supported"},
		{"fence kind", "#include \"lsl_protos.h\"\nvoid f(void) {\n  lsl_fence(\"sideways\");\n}\n",
			`e.c:3:13: unknown fence kind "sideways" (load-load, load-store, store-load, store-store or full)`},
		{"fence needs a literal", "#include \"lsl_protos.h\"\nvoid f(const char *k) {\n  lsl_fence(k);\n}\n",
			"e.c:3:13: lsl_fence needs a string literal"},
		{"choose needs constants", "#include \"lsl_protos.h\"\nint f(int n) {\n  return lsl_choose(0, n);\n}\n",
			"e.c:3:10: lsl_choose needs constant bounds"},
		{"choose with bounds empty as ints", "#include \"lsl_protos.h\"\nint g;\nvoid f(void) { g = lsl_choose(2147483647L, 2147483648L); }\n",
			"e.c:3:20: lsl_choose: empty range [2147483647, -2147483648] (its bounds converted to int)"},
		{"choose with an empty range", "#include \"lsl_protos.h\"\nint g;\nvoid f(void) { g = lsl_choose(2, 1); }\n",
			"e.c:3:20: lsl_choose: empty range [2, 1]"},
		{"choose declared otherwise", "int lsl_choose(char *lo, int hi);\nint g;\nvoid f(void) { g = lsl_choose(0, 1); }\n",
			"e.c:3:20: lsl_choose needs two parameters of one integer type and an integer result (lsl_protos.h: int lsl_choose(int lo, int hi))"},
		{"allocation size", "#include \"lsl_protos.h\"\nvoid *f(int n) {\n  return lsl_malloc(n);\n}\n",
			"e.c:3:21: allocation of a non-constant size is not supported"},
		{"allocation of no type", "#include \"lsl_protos.h\"\nvoid *f(void) {\n  return lsl_malloc(8);\n}\n",
			"e.c:3:10: the type of the allocated block is not known: convert the result of the allocation to a pointer to the object type where it is allocated (T *p = malloc(sizeof(T)))"},
		{"allocation through void *", "#include \"lsl_protos.h\"\nvoid f(void) {\n  void *v = lsl_malloc(8);\n  int *a = v;\n  a[1] = 5;\n}\n",
			"e.c:3:13: the type of the allocated block is not known: convert the result of the allocation to a pointer to the object type where it is allocated (T *p = malloc(sizeof(T)))"},
		{"allocation smaller than its type", "#include \"lsl_protos.h\"\nstruct n { struct n *next; int v; };\nvoid f(void) {\n  struct n *p = lsl_malloc(sizeof(p));\n  p->v = 1;\n}\n",
			"e.c:4:28: allocation of 8 bytes for struct n (16 bytes): the size must be sizeof(struct n) or a multiple of it"},
		{"allocation of part of an element", "#include \"lsl_protos.h\"\nvoid f(void) {\n  int *p = lsl_malloc(6);\n}\n",
			"e.c:3:23: allocation of 6 bytes for int (4 bytes): the size must be sizeof(int) or a multiple of it"},
		{"allocation of nothing", "#include \"lsl_protos.h\"\nvoid f(void) {\n  int *p = lsl_malloc(0);\n  *p = 1;\n}\n",
			"e.c:3:23: allocation of 0 bytes for int (4 bytes): the size must be sizeof(int) or a multiple of it"},
		{"loop inside atomic", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  lsl_atomic_begin();\n  while (x) x--;\n  lsl_atomic_end();\n}\n",
			"e.c:5:3: loop inside an atomic block is not supported"},
		{"call inside atomic", "#include \"lsl_protos.h\"\nint x;\nvoid g(void) {}\nvoid f(void) {\n  lsl_atomic_begin();\n  g();\n  lsl_atomic_end();\n}\n",
			"e.c:6:3: call inside an atomic block is not supported"},
		{"return inside atomic", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  lsl_atomic_begin();\n  if (x) return;\n  lsl_atomic_end();\n}\n",
			"e.c:5:10: return inside an atomic block is not supported"},
		{"atomic begin without end", "#include \"lsl_protos.h\"\nvoid f(void) {\n  lsl_atomic_begin();\n}\n",
			"e.c:3:3: lsl_atomic_begin without lsl_atomic_end in the same block"},
		{"atomic end in another block", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  lsl_atomic_begin();\n  if (x) {\n    lsl_atomic_end();\n  }\n}\n",
			"e.c:4:3: lsl_atomic_begin without lsl_atomic_end in the same block"},
		// A label on lsl_atomic_end is inside the block, before its end;
		// one on lsl_atomic_begin before the block.
		{"goto back to a label on atomic end", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  lsl_atomic_begin();\n  x = 1;\nE: lsl_atomic_end();\n  if (x) goto E;\n}\n",
			"e.c:7:10: goto into an atomic block is not supported: the label E on lsl_atomic_end is inside the block, before its end"},
		{"goto forward to a label on atomic end", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  if (x) goto E;\n  lsl_atomic_begin();\n  x = 1;\nE: lsl_atomic_end();\n}\n",
			"e.c:4:10: goto into an atomic block is not supported: the label E on lsl_atomic_end is inside the block, before its end"},
		{"goto from inside an atomic block to a label on its begin", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\nL: lsl_atomic_begin();\n  x = 1;\n  if (x) goto L;\n  lsl_atomic_end();\n}\n",
			"e.c:6:10: goto out of an atomic block is not supported: the label L on lsl_atomic_begin is before the block"},
		{"goto into an atomic block", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  if (x) goto M;\n  lsl_atomic_begin();\nM: x = 1;\n  lsl_atomic_end();\n}\n",
			"e.c:4:10: goto into an atomic block is not supported"},
		{"goto out of an atomic block", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) {\n  lsl_atomic_begin();\n  if (x) goto out;\n  x = 1;\n  lsl_atomic_end();\nout:\n  x = 2;\n}\n",
			"e.c:5:10: goto out of an atomic block is not supported"},
		{"labelled atomic end without begin", "#include \"lsl_protos.h\"\nvoid f(void) {\n  L: lsl_atomic_end();\n}\n",
			"e.c:3:6: lsl_atomic_end without lsl_atomic_begin in the same block"},
		{"labelled atomic begin without end", "#include \"lsl_protos.h\"\nvoid f(void) {\n  L: M: lsl_atomic_begin();\n}\n",
			"e.c:3:9: lsl_atomic_begin without lsl_atomic_end in the same block"},
		{"undefined function", "int g(int);\nint f(void) {\n  return g(1);\n}\n",
			"e.c:3:10: function g is not defined"},
		{"undefined global", "extern int x;\nint f(void) {\n  return x;\n}\n",
			"e.c:3:10: x is declared but never defined"},
		{"statement expression", "int f(void) {\n  return ({ 1; });\n}\n",
			"e.c:2:10: statement expression is not supported"},
		{"compound literal of a global", "struct s { int a; };\nstruct s *g = &(struct s){1};\n",
			"e.c:2:16: compound literal at file scope is not supported"},
		{"floating constant initializing a global int", "int g = 2.5;\n",
			"e.c:1:9: floating point is not supported"},
		{"a global pointer before its object", "int x;\nint *p = &x - 1;\n",
			"e.c:2:13: pointer arithmetic to before its object or past one past it (undefined in C)"},
		{"a global pointer two past its object", "struct s { int a; } s;\nstruct s *p = 2 + &s;\n",
			"e.c:2:17: pointer arithmetic to before its object or past one past it (undefined in C)"},
		{"compound literal with a string", "struct s { int a; };\nint f(void) {\n  return ((struct s){\"x\"}).a;\n}\n",
			"e.c:3:22: string literal is not supported"},
		{"variable-length array", "void f(int n) {\n  int a[n];\n  a[0] = 1;\n}\n",
			"e.c:2:7: variable-length array is not supported"},
		{"case in a nested statement", "void f(int x) {\n  switch (x) {\n  case 0:\n    if (x) {\n    case 1:\n      x++;\n    }\n  }\n}\n",
			"e.c:5:5: case label inside a nested statement is not supported"},
		{"__int128", "__int128 x;\n",
			"e.c:1:10: __int128 is not supported"},
		{"a GNU builtin in code for gcc", "#ifdef __GNUC__\n#define CTZ(x) __builtin_ctz(x)\n#else\n#define CTZ(x) 0\n#endif\nunsigned u = 8;\nint f(void) { return CTZ(u); }\n",
			"e.c:7:22: __builtin_ctz is not supported"},
		{"a builtin taking a type", "int g;\nvoid f(void) {\n  g = __builtin_types_compatible_p(int, long);\n}\n",
			"e.c:3:7: __builtin_types_compatible_p is not supported"},
		{"a builtin taking a type, spaced", "int g;\nvoid f(void) {\n\tg = 1 + __builtin_types_compatible_p\t (long, int);\n}\n",
			"e.c:3:10: __builtin_types_compatible_p is not supported"},
		{"a call of a type, not a builtin", "int g;\nvoid f(void) {\n  g = h(int);\n}\n",
			"e.c:3:8: unexpected '(', expected postfix expression"},
		// GNU attributes that change what the code does, which cc
		// accepts and ignores.
		{"cleanup attribute", "void check(int *p) { }\nvoid a(void) {\n  int v __attribute__((cleanup(check))) = 1;\n}\n",
			"e.c:3:24: __attribute__((cleanup)) is not supported: call the function where the variable's scope ends instead"},
		{"cleanup attribute from a macro, among others", "void done(int *p) { }\n#define AUTO __attribute__((unused, __cleanup__(done)))\nvoid a(void) {\n  int v AUTO;\n}\n",
			"e.c:4:9: __attribute__((__cleanup__)) is not supported: call the function where the variable's scope ends instead"},
		{"mode attribute", "typedef unsigned int u8 __attribute__((mode(QI)));\nu8 x = 255;\n",
			"e.c:1:40: __attribute__((mode)) is not supported: write a type of the width wanted (int8_t, uint16_t, …)"},
		{"__mode__ attribute", "int f(void) {\n  int __attribute__((__mode__(__HI__))) h = 0;\n  return h;\n}\n",
			"e.c:2:22: __attribute__((__mode__)) is not supported: write a type of the width wanted (int8_t, uint16_t, …)"},
		{"mode attribute of a word", "typedef int w __attribute__((__mode__(__word__)));\n",
			"e.c:1:30: __attribute__((__mode__)) is not supported: write a type of the width wanted (int8_t, uint16_t, …)"},
		{"packed struct", "struct __attribute__((packed)) s { char c; int i; };\n",
			"e.c:1:23: __attribute__((packed)) is not supported: members are laid out at their natural alignment here"},
		{"packed struct after its braces", "struct t { char c; int i; } __attribute__((packed));\n",
			"e.c:1:44: __attribute__((packed)) is not supported: members are laid out at their natural alignment here"},
		{"packed member", "struct s { char c; int i __attribute__((__packed__)); };\n",
			"e.c:1:41: __attribute__((__packed__)) is not supported: members are laid out at their natural alignment here"},
		{"packed enumeration", "enum e { A, B } __attribute__((packed));\n",
			"e.c:1:32: __attribute__((packed)) is not supported: members are laid out at their natural alignment here"},
		{"constructor", "int ready;\n__attribute__((constructor)) static void setup(void) { ready = 1; }\n",
			"e.c:2:16: __attribute__((constructor)) is not supported: call it from the test's init operation instead"},
		{"constructor with a priority", "int ready;\nstatic void __attribute__((__constructor__(101))) setup(void) { ready = 1; }\n",
			"e.c:2:28: __attribute__((__constructor__)) is not supported: call it from the test's init operation instead"},
		{"destructor", "int g;\nvoid c(void) __attribute__((destructor));\nvoid c(void) { g = 5; }\n",
			"e.c:2:29: __attribute__((destructor)) is not supported: call it at the end of the test instead"},
		{"weak object", "__attribute__((weak)) int x = 5;\n",
			"e.c:1:16: __attribute__((weak)) is not supported: define the object or function once, without weak"},
		{"weak function", "int g;\n__attribute__((weak)) void f(void) { g = 1; }\n",
			"e.c:2:16: __attribute__((weak)) is not supported: define the object or function once, without weak"},
		{"weak declaration among others", "extern int w __attribute__((unused, __weak__));\n",
			"e.c:1:37: __attribute__((__weak__)) is not supported: define the object or function once, without weak"},
		{"weak beside _Atomic", "_Atomic int w __attribute__((weak));\n",
			"e.c:1:30: __attribute__((weak)) is not supported: define the object or function once, without weak"},
		{"#pragma weak", "int x;\n#pragma weak x\n",
			"e.c:2:9: #pragma weak is not supported: define the object or function once, without weak"},
		{"_Pragma weak", "int x;\n_Pragma(\"weak x\")\n",
			"e.c:2:1: #pragma weak is not supported: define the object or function once, without weak"},
		{"alias", "int g;\nvoid f(void) { g = 1; }\nvoid h(void) __attribute__((alias(\"f\")));\n",
			"e.c:3:29: __attribute__((alias)) is not supported: use the aliased name itself"},
		{"weakref", "int g;\nstatic void h(void) __attribute__((weakref(\"f\")));\nvoid f(void) { g = 1; }\n",
			"e.c:2:36: __attribute__((weakref)) is not supported: use the referenced name itself"},
		{"ifunc", "void f(void) __attribute__((ifunc(\"r\")));\n",
			"e.c:1:29: __attribute__((ifunc)) is not supported: call the implementation itself"},
		{"aligned without an alignment", "struct b { char c; } __attribute__((aligned));\n",
			"e.c:1:37: __attribute__((aligned)) without an alignment is not supported: write aligned(16), gcc's default"},
		{"#pragma pack", "#include <stddef.h>\n#pragma pack(1)\nstruct s { char c; int i; };\nlong f(void) { return offsetof(struct s, i); }\n",
			"e.c:2:9: #pragma pack is not supported: members are laid out at their natural alignment here"},
		{"_Pragma pack", "int x;\n_Pragma(\"pack(push, 1)\")\nstruct s { char c; int i; };\n",
			"e.c:2:1: #pragma pack is not supported: members are laid out at their natural alignment here"},
		{"parse error", "int f(void) {\n  return 1 +;\n}\n",
			"e.c:2:13: unexpected ';', expected unary expression\ne.c:3:1: unexpected '}', expected ';'"},
		{"struct containing itself", "struct node {\n  struct node next;\n};\nstruct node *p;\nint f(void) { return p->nex; }\n",
			"e.c:2:15: struct node contains itself"},
		{"pointer declarator running into the end", "void f(void) {\n  int *;\n}\n",
			"e.c:2:8: unexpected ';', expected type qualifier\ne.c:3:1: unexpected '}', expected type qualifier"},
		{"character constant running into the end", "int c = 'x\\\n",
			"e.c:1:9: character constant not terminated\ne.c:2:1: unexpected rune: '\\n'"},
		{"initialised object of an undefined struct", "struct u x[2] = {{1}};\n",
			"e.c:1:10: struct u is not defined"},
		{"member of an undefined struct type", "struct u;\nstruct v {\n  struct u a[2];\n} w = {0};\n",
			"e.c:3:12: struct u is not defined"},
		{"member without a name", "struct s {\n  char;\n  int x;\n} g;\n",
			"e.c:2:3: member without a name is not supported"},
		{"missing header", "#include \"nothere.h\"\n",
			`e.c:1:10: include file not found: "nothere.h"`},
		{"system header we do not ship", "#include <signal.h>\n",
			"e.c:1:10: include file not found: <signal.h>"},
		// Operands that must be lvalues: cc's checker reported most as
		// "internal error" without a position, and accepted &1.
		{"decrement of a constant", "int x;\nvoid f(void) { x = --1; }\n",
			"e.c:2:20: lvalue required as decrement operand"},
		{"increment of a constant", "int x;\nvoid f(void) { x = ++1; }\n",
			"e.c:2:20: lvalue required as increment operand"},
		{"postfix increment of a sum", "int x;\nvoid f(void) { (x+1)++; }\n",
			"e.c:2:21: lvalue required as increment operand"},
		{"postfix decrement of a sum", "int x;\nvoid f(void) { (x+1)--; }\n",
			"e.c:2:21: lvalue required as decrement operand"},
		{"increment of an increment", "int x;\nvoid f(void) { ++x++; }\n",
			"e.c:2:16: lvalue required as increment operand"},
		{"address of a constant", "int *f(void) { return &1; }\n",
			"e.c:1:23: lvalue required as unary '&' operand"},
		{"address of a sum", "int x;\nint f(void) { return &(x+1) != 0; }\n",
			"e.c:2:22: lvalue required as unary '&' operand"},
		{"address of an enumeration constant", "enum { A };\nint *f(void) { return &A; }\n",
			"e.c:2:23: lvalue required as unary '&' operand"},
		{"assignment to a constant", "void f(void) { 1 = 2; }\n",
			"e.c:1:18: lvalue required as left operand of assignment"},
		{"void pointer plus", "int a[4];\nvoid f(void) { void *v = a; int *q = v + 4; }\n",
			"e.c:2:40: arithmetic on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements): convert it to a pointer to the element type first"},
		{"void pointer difference", "int a[4];\nlong f(void) { void *v = a, *w = &a[2]; return w - v; }\n",
			"e.c:2:50: arithmetic on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements): convert it to a pointer to the element type first"},
		{"void pointer +=", "int a[4];\nvoid f(void) { void *v = a; v += 4; }\n",
			"e.c:2:31: += on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements)"},
		{"void pointer ++", "int a[4];\nvoid f(void) { void *v = a; v++; }\n",
			"e.c:2:30: ++/-- on a void pointer is not supported (GNU C counts it in bytes; here a pointer moves by elements)"},
		{"compound assignment to a constant", "void f(void) { 1 += 2; }\n",
			"e.c:1:18: lvalue required as left operand of assignment"},
		{"assignment to a comma expression", "int x, y;\nvoid f(void) { (x, y) = 1; }\n",
			"e.c:2:23: lvalue required as left operand of assignment"},
		{"assignment to an enumeration constant", "enum { A };\nvoid f(void) { A = 1; }\n",
			"e.c:2:18: lvalue required as left operand of assignment"},
		{"assignment to a member of a call", "struct s { int a; };\nstruct s g(void);\nvoid f(void) { g().a = 1; }\n",
			"e.c:3:22: lvalue required as left operand of assignment"},
		// Accepted by cc and translated wrongly.
		{"assignment to an array", "int a[3], b[3];\nvoid f(void) { a = b; }\n",
			"e.c:2:18: assignment to expression with array type"},
		{"increment of a const", "const int c = 1;\nvoid f(void) { c++; }\n",
			"e.c:2:17: increment of read-only location"},
		{"increment of a __const__", "__const__ int c = 1;\nvoid f(void) { c++; }\n",
			"e.c:2:17: increment of read-only location"},
		// cc reported these without a position, or panicked.
		{"dereference of an int", "int f(int *p) { return **p; }\n",
			"e.c:1:25: operand shall be a pointer: int"},
		{"constant ?: without a middle operand", "int g = 1 ?: 2;\n",
			"e.c:1:11: ?: without a middle operand is not supported"},
		{"malformed floating constant", "double d = 1e;\n",
			`e.c:1:12: invalid floating constant "1e"`},
		{"__func__", "int f(void) { return __func__[0]; }\n",
			"e.c:1:22: __func__ is not supported"},
		// Sizes over 2^63-1 bytes: cc's sizes wrapped around.
		{"array larger than the address space", "char a[1L<<62][1L<<62];\n",
			"e.c:1:6: size of array is too large (more than 2^63-1 bytes)"},
		{"sizeof of an array too large", "int big[0x7fffffffffffffff];\nlong f(void) { return sizeof big; }\n",
			"e.c:1:5: size of array is too large (more than 2^63-1 bytes)"},
		{"sizeof of an array type too large", "long f(void) { return sizeof(char[1L<<62][4]); }\n",
			"e.c:1:30: size of array is too large (more than 2^63-1 bytes)"},
		{"struct too large", "struct s { char a[1L<<62]; char b[1L<<62]; };\nlong f(void) { return sizeof(struct s); }\n",
			"e.c:2:30: size of struct s is too large (more than 2^63-1 bytes)"},
		{"pointer to an array too large", "char (*p)[1L<<62][4];\n",
			"e.c:1:6: size of array is too large (more than 2^63-1 bytes)"},
		{"array length over 2^63-1", "int a[0x8000000000000000];\n",
			"e.c:1:5: size of array is too large (more than 2^63-1 bytes)"},
		// C11 and GCC atomics: what is refused, and why.
		{"_Atomic pointer qualifier", "int *_Atomic p;\n",
			"e.c:1:6: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier after __const__", "int * __const__ _Atomic p;\n",
			"e.c:1:17: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier after __const", "int * __const _Atomic p;\n",
			"e.c:1:15: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier after __volatile", "int * __volatile _Atomic p;\n",
			"e.c:1:18: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier after __volatile__", "int * __volatile__ _Atomic p;\n",
			"e.c:1:20: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier after __restrict__ const", "int * __restrict__ const _Atomic p;\n",
			"e.c:1:26: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Atomic pointer qualifier from a macro", "#define AQ _Atomic\nint a[2];\nint * AQ p;\n",
			"e.c:3:7: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		// markAtomic marks the keyword as written in the text; one made
		// otherwise would be a plain int.
		{"_Atomic pasted by ##", "#define CAT(a, b) a##b\nCAT(_At, omic) int x;\nvoid f(void) { x = 1; }\n",
			"e.c:2:1: _Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself"},
		{"_Atomic(T) pasted by ##", "#define CAT(a, b) a##b\nCAT(_At, omic)(int) x;\n",
			"e.c:2:1: _Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself"},
		{"_Atomic pasted in a macro's body", "#define AT _At##omic\nstruct s { int n; AT int f; } g;\n",
			"e.c:2:19: _Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself"},
		{"_Atomic pasted in sizeof", "#define AT _At##omic\nlong f(void) { return sizeof(AT int); }\n",
			"e.c:2:30: _Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself"},
		{"_Atomic split by a line splice", "int y;\n_Ato\\\nmic int x;\n",
			"e.c:2:1: _Atomic formed by token pasting (##) or split by a line splice is not supported: write the keyword _Atomic itself"},
		// cc reads typeof and _Alignas of a type name only when a type
		// specifier comes first (gcc takes any order)
		{"typeof of a type name starting with a qualifier", "long f(void) { return sizeof(__typeof__(const int)); }\n",
			"e.c:1:30: __typeof__ of a type name that starts with const is not supported: write the type specifiers first, as in __typeof__(int const)"},
		{"_Alignas of a type name starting with a qualifier", "_Alignas(volatile long) int x;\n",
			"e.c:1:1: _Alignas of a type name that starts with volatile is not supported: write the type specifiers first, as in _Alignas(int volatile)"},
		{"typeof of _Atomic from a macro", "#define AT _Atomic\nlong f(void) { return sizeof(typeof(AT int)); }\n",
			"e.c:2:30: typeof of a type name that starts, once AT is expanded, with _Atomic, a qualifier or an attribute is not supported: write the type specifiers first, as in typeof(int const)"},
		{"_Alignas of _Atomic(T) from a macro", "#define AI _Atomic(int)\n_Alignas(AI) int x;\n",
			"e.c:2:1: _Alignas of a type name that starts, once AI is expanded, with _Atomic, a qualifier or an attribute is not supported: write the type specifiers first, as in _Alignas(int const)"},
		{"_Atomic pointer qualifier pasted by ##", "#define CAT(a, b) a##b\nint * CAT(_At, omic) p;\n",
			"e.c:2:7: an _Atomic pointer written T * _Atomic p is not supported: write _Atomic(T *) p"},
		{"_Generic choosing an _Atomic pointer for a plain one",
			"#include <stdatomic.h>\n#define LOAD(p) _Generic((p), _Atomic int *: atomic_load_explicit((_Atomic int *)(p), memory_order_acquire), default: *(p))\nint flag;\nint f(void) {\n  return LOAD(&flag);\n}\n",
			"e.c:5:10: _Generic: the C type checker, which does not tell _Atomic types apart, would choose the association for pointer to _Atomic int for the controlling type pointer to int, which is not compatible with it (C11 6.2.7): not supported"},
		{"_Generic choosing a pointer to const for a plain pointer", "int h;\nint f(void) { int *p = &h; return _Generic(p, const int *: 1, default: 2); }\n",
			"e.c:2:35: _Generic over a pointer type with const or volatile in it (an association's) is not supported: the C type checker does not tell such types from unqualified ones"},
		{"_Generic choosing a plain pointer for a pointer to const", "int h;\nint f(void) { const int *p = &h; return _Generic(p, int *: 1, default: 2); }\n",
			"e.c:2:41: _Generic over a pointer type with const or volatile in it (the controlling expression's) is not supported: the C type checker does not tell such types from unqualified ones"},
		{"_Generic over a pointer to a volatile pointer", "int *ph;\nint f(void) { int * volatile *p = &ph; return _Generic(p, int **: 1, default: 2); }\n",
			"e.c:2:47: _Generic over a pointer type with const or volatile in it (the controlling expression's) is not supported: the C type checker does not tell such types from unqualified ones"},
		{"_Generic choosing a plain pointer for a pointer to a pointer", "int **pp;\nint f(void) { return _Generic(pp, int *: 1, default: 2); }\n",
			"e.c:2:22: _Generic: the C type checker would choose the association for pointer to int for the controlling type pointer to pointer to int, which is not compatible with it (C11 6.2.7): not supported"},
		{"_Atomic qualifying an array typedef", "typedef int A2[2];\n_Atomic A2 z;\n",
			"e.c:2:1: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying an array typedef behind a pointer", "typedef int A2[2];\n_Atomic A2 *p;\n",
			"e.c:2:1: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying an array field", "typedef int A2[2];\nstruct s { int n; _Atomic A2 f; } s;\n",
			"e.c:2:19: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying an array local", "typedef int A2[2];\nvoid f(void) {\n  _Atomic A2 z;\n}\n",
			"e.c:3:3: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying an array parameter", "typedef int A2[2];\nvoid f(_Atomic A2 z);\n",
			"e.c:2:8: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying typeof an array", "int a[2];\n_Atomic __typeof__(a) z;\n",
			"e.c:2:1: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic from a macro qualifying an array", "#define AQ _Atomic\ntypedef int A2[2];\nAQ A2 z;\n",
			"e.c:3:1: _Atomic applied to an array type (C11 6.7.3): an array of atomic elements is written _Atomic T a[n]"},
		{"_Atomic qualifying a function type", "typedef void F(void);\n_Atomic F *fp;\n",
			"e.c:2:1: _Atomic applied to a function type (C11 6.7.3)"},
		{"_Atomic(T) of an array", "_Atomic(int[2]) z;\n",
			"e.c:1:1: _Atomic(T) of an array type (C11 6.7.2.4): an array of atomic elements is written _Atomic(T) a[n]"},
		{"_Atomic(T) of an array typedef", "typedef int A2[2];\nint f(void) {\n  return sizeof(_Atomic(A2));\n}\n",
			"e.c:3:17: _Atomic(T) of an array type (C11 6.7.2.4): an array of atomic elements is written _Atomic(T) a[n]"},
		{"_Atomic(T) of a function type", "typedef void F(void);\n_Atomic(F) *fp;\n",
			"e.c:2:1: _Atomic(T) of a function type (C11 6.7.2.4)"},
		{"_Atomic(T) of const", "_Atomic(const int) z;\n",
			"e.c:1:1: _Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)"},
		{"_Atomic(T) of volatile", "int x;\n_Atomic(volatile int) z;\n",
			"e.c:2:1: _Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)"},
		{"_Atomic(T) of a const typedef", "typedef const int CI;\ntypedef CI CI2;\n_Atomic(CI2) z;\n",
			"e.c:3:1: _Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)"},
		{"_Atomic(T) of a const pointer", "_Atomic(int *const) p;\n",
			"e.c:1:1: _Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)"},
		{"_Atomic(T) of a const pointer typedef", "typedef int *const CP;\n_Atomic(CP) p;\n",
			"e.c:2:1: _Atomic(T) of a qualified type (C11 6.7.2.4): qualify the atomic type instead, as in const _Atomic(T)"},
		{"_Atomic(T) of atomic_int", "#include <stdatomic.h>\n_Atomic(atomic_int) z;\n",
			"e.c:2:1: _Atomic(T) of an atomic type (C11 6.7.2.4): T is already atomic"},
		{"_Atomic(T) of _Atomic int", "_Atomic(_Atomic int) z;\n",
			"e.c:1:1: _Atomic(T) of an atomic type (C11 6.7.2.4): T is already atomic"},
		{"_Atomic(T) of _Atomic(T)", "_Atomic(_Atomic(long)) z;\n",
			"e.c:1:1: _Atomic(T) of an atomic type (C11 6.7.2.4): T is already atomic"},
		{"memory order not constant", "#include <stdatomic.h>\natomic_int x;\nint f(memory_order o) { return atomic_load_explicit(&x, o); }\n",
			"e.c:3:32: atomic_load_explicit: the memory order must be a constant"},
		// The refusals of a stdatomic.h call name the function written,
		// not the builtin the header's macro expands to, at the call.
		{"memory order a wrapper's parameter", "#include <stdatomic.h>\nstatic inline int my_load(atomic_int *p, memory_order mo) { return atomic_load_explicit(p, mo); }\n",
			"e.c:2:68: atomic_load_explicit: the memory order must be a constant"},
		{"store order a wrapper's parameter", "#include <stdatomic.h>\nvoid my_store(atomic_int *p, int v, memory_order mo) { atomic_store_explicit(p, v, mo); }\n",
			"e.c:2:56: atomic_store_explicit: the memory order must be a constant"},
		{"fence order not constant", "#include <stdatomic.h>\nvoid f(memory_order o) { atomic_thread_fence(o); }\n",
			"e.c:2:26: atomic_thread_fence: the memory order must be a constant"},
		{"fetch_add order not constant", "#include <stdatomic.h>\natomic_int x;\nint f(memory_order o) { return atomic_fetch_add_explicit(&x, 1, o); }\n",
			"e.c:3:32: atomic_fetch_add_explicit: the memory order must be a constant"},
		{"flag order not constant", "#include <stdatomic.h>\natomic_flag fl;\nvoid f(memory_order o) { atomic_flag_clear_explicit(&fl, o); }\n",
			"e.c:3:26: atomic_flag_clear_explicit: the memory order must be a constant"},
		{"atomic_fetch_add on a pointer", "#include <stdatomic.h>\n_Atomic(int *) p;\nvoid f(void) { atomic_fetch_add(&p, 1); }\n",
			"e.c:3:16: atomic_fetch_add on pointer to int is not supported"},
		// a builtin written in the program, directly or in its own macro,
		// is named as such
		{"memory order not constant in the program's macro", "int x;\n#define LD(p, o) __atomic_load_n(p, o)\nint f(int o) { return LD(&x, o); }\n",
			"e.c:3:23: __atomic_load_n: the memory order must be a constant"},
		{"memory order not constant, builtin", "int x;\nint f(int o) { return __atomic_load_n(&x, o); }\n",
			"e.c:2:23: __atomic_load_n: the memory order must be a constant"},
		{"release load", "#include <stdatomic.h>\natomic_int x;\nint f(void) { return atomic_load_explicit(&x, memory_order_release); }\n",
			"e.c:3:22: atomic_load_explicit: memory_order_release is not valid here"},
		{"acquire store", "#include <stdatomic.h>\natomic_int x;\nvoid f(void) { atomic_store_explicit(&x, 1, memory_order_acquire); }\n",
			"e.c:3:16: atomic_store_explicit: memory_order_acquire is not valid here"},
		{"release failure order", "#include <stdatomic.h>\natomic_int x;\nint f(void) { int e = 0; return atomic_compare_exchange_strong_explicit(&x, &e, 1, memory_order_seq_cst, memory_order_release); }\n",
			"e.c:3:33: atomic_compare_exchange_strong_explicit: memory_order_release is not valid here"},
		{"order out of range", "int x;\nint f(void) { return __atomic_load_n(&x, 9); }\n",
			"e.c:2:22: __atomic_load_n: 9 is not a memory order"},
		{"weak not constant", "int x;\nint f(int w) { int e = 0; return __atomic_compare_exchange_n(&x, &e, 1, w, 5, 5); }\n",
			"e.c:2:73: __atomic_compare_exchange_n: the weak argument must be a constant"},
		{"atomic_load of a struct", "#include <stdatomic.h>\nstruct p { int a, b; };\n_Atomic(struct p) s;\nstruct p f(void) { return atomic_load(&s); }\n",
			"e.c:4:27: atomic_load on a struct is not supported: __atomic_load, __atomic_store, __atomic_exchange and compare-exchange take one"},
		{"fetch_add on a struct", "struct p { int a, b; } s;\nvoid f(void) { __atomic_fetch_add(&s, 1, 5); }\n",
			"e.c:2:16: __atomic_fetch_add on a struct is not supported: __atomic_load, __atomic_store, __atomic_exchange and compare-exchange take one"},
		{"fetch_add on a pointer", "int *p;\nvoid f(void) { __atomic_fetch_add(&p, 1, 5); }\n",
			"e.c:2:16: __atomic_fetch_add on pointer to int is not supported"},
		{"builtin argument count", "int x;\nvoid f(void) { __atomic_store_n(&x, 1); }\n",
			"e.c:2:16: __atomic_store_n takes 3 arguments, not 2"},
		{"atomic inside lsl_atomic", "#include \"lsl_protos.h\"\nint x;\nvoid f(void) { lsl_atomic_begin(); __atomic_store_n(&x, 1, 0); lsl_atomic_end(); }\n",
			"e.c:3:36: __atomic_store_n inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"assignment to an _Atomic object inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); x = 1; lsl_atomic_end(); return r; }\n",
			"e.c:7:48: an assignment to an _Atomic object inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"read of an _Atomic object inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); r = x; lsl_atomic_end(); return r; }\n",
			"e.c:7:50: a read of an _Atomic object inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"++ on an _Atomic object inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); r = x++; lsl_atomic_end(); return r; }\n",
			"e.c:7:51: ++ on an _Atomic object inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"-- on an _Atomic object inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); --x; lsl_atomic_end(); return r; }\n",
			"e.c:7:46: -- on an _Atomic object inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"compound assignment to an _Atomic object inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); x |= 2; lsl_atomic_end(); return r; }\n",
			"e.c:7:48: |= on an _Atomic object inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"read of an _Atomic struct inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); t = s; lsl_atomic_end(); return r; }\n",
			"e.c:7:48: a read of an _Atomic struct inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"assignment to an _Atomic struct inside lsl_atomic", "#include \"lsl_protos.h\"\n#include <stdatomic.h>\natomic_int x;\nstruct p { int a, b; };\n_Atomic struct p s;\nstruct p t;\nint f(void) { int r = 0; lsl_atomic_begin(); s = t; lsl_atomic_end(); return r; }\n",
			"e.c:7:48: an assignment to an _Atomic struct inside lsl_atomic_begin/lsl_atomic_end is not supported"},
		{"unknown builtin", "int x;\nint f(void) { return __atomic_always_lock_free(4, 0); }\n",
			"e.c:2:22: __atomic_always_lock_free is not supported"},
		{"pthread_create", "#include <pthread.h>\nvoid *g(void *a) { return a; }\nvoid f(void) { pthread_create(0, 0, g, 0); }\n",
			"e.c:3:16: function pthread_create is not defined"},
		// the other pthread types declare; their functions are refused by name
		{"pthread_rwlock", "#include <pthread.h>\nstatic pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;\nvoid f(void) { pthread_rwlock_rdlock(&l); }\n",
			"e.c:3:16: function pthread_rwlock_rdlock is not defined"},
		{"pthread_once", "#include <pthread.h>\nstatic pthread_once_t o = PTHREAD_ONCE_INIT;\nint g;\nvoid f(void) { pthread_once(&o, 0); }\n",
			"e.c:4:16: function pthread_once is not defined"},
		{"pthread_cond", "#include <pthread.h>\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\npthread_cond_t c = PTHREAD_COND_INITIALIZER;\nvoid f(void) { pthread_cond_wait(&c, &m); }\n",
			"e.c:4:16: function pthread_cond_wait is not defined"},
		// Memory holds a value per scalar object: no reading an object as
		// another type, no byte arithmetic.
		{"int * to char *", "int g[2];\nint f(void) { return *(int *)((char *)g + 4); }\n",
			"e.c:2:31: conversion from pointer to int to pointer to char is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"int * to unsigned char *", "int h;\nint f(void) { return *(unsigned char *)&h; }\n",
			"e.c:2:23: conversion from pointer to int to pointer to unsigned char is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"long * to int * by assignment", "long g[2];\nint f(void) { int *p = g; return p[1]; }\n",
			"e.c:2:24: conversion from pointer to long to pointer to int is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"struct * to its first field's type", "struct s { int a; int b; } x;\nint f(void) { return *(int *)&x; }\n",
			"e.c:2:23: conversion from pointer to struct s to pointer to int is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"duplicate label", "void f(void) { a: ; a: ; }\n",
			`e.c:1:21: duplicate label "a"`},
		{"duplicate case value", "int g;\nvoid f(void) { switch (g) { case 1: case 1: g = 2; } }\n",
			"e.c:2:37: duplicate case value 1"},
		{"two defaults", "int g;\nvoid f(void) { switch (g) { default: g = 1; break; default: ; } }\n",
			"e.c:2:52: multiple default labels in one switch"},
		{"return with a value from a void function", "void f(void) { return 1; }\n",
			"e.c:1:16: return with a value in a function returning void"},
		{"observation name with a newline", "#include \"lsl_protos.h\"\nvoid f(void) { lsl_observe_output(\"a\\nb\", 1); }\n",
			`e.c:2:35: lsl_observe_output: the name "a\nb" holds a control character (observations print one test per line)`},
		{"allocation too large", "#include <stdlib.h>\nvoid f(void) { void *p = malloc(0xffffffffffffffffUL); }\n",
			"e.c:2:33: allocation of 18446744073709551615 bytes is too large"},
		{"pointer arithmetic as an integer", "#include <stdint.h>\nint *p;\nuintptr_t f(void) { return (uintptr_t)p + 4; }\n",
			"e.c:3:41: '+' on a pointer converted to an integer is not supported: pointers are not numbers here (only marks in their low bits, with &, | and ^)"},
		{"order of a pointer converted to an integer", "#include <stdint.h>\nint x, g;\nvoid f(void) { g = (uintptr_t)&x > 1; }\n",
			"e.c:3:34: '>' on a pointer converted to an integer is not supported: pointers are not numbers here (== and != compare them)"},
		{"order of two pointers converted to integers", "#include <stdint.h>\nint x, y, g;\nvoid f(void) { g = (intptr_t)&x <= (intptr_t)&y; }\n",
			"e.c:3:33: '<=' on a pointer converted to an integer is not supported: pointers are not numbers here (== and != compare them)"},
		// a condition is translated negated: the message names the source's operator
		{"lock order by address", "#include <stdint.h>\nint g;\nvoid f(int *p, int *q) {\n  if ((uintptr_t)p < (uintptr_t)q) g = 1;\n}\n",
			"e.c:4:20: '<' on a pointer converted to an integer is not supported: pointers are not numbers here (== and != compare them)"},
		{"order of a pointer converted to an integer in a loop test", "#include <stdint.h>\nint a[4];\nvoid f(int *p) {\n  while (4096 >= (uintptr_t)p) p++;\n}\n",
			"e.c:4:15: '>=' on a pointer converted to an integer is not supported: pointers are not numbers here (== and != compare them)"},
		{"function not closed", "void f(void) {\n",
			"e.c:1:15: unexpected end of file, expected '}'"},
		{"last declaration without ';'", "int x;\nint y\n",
			"e.c:2:6: unexpected end of file, expected external declaration"},
		{"constant shift past the width", "int g;\nvoid f(void) { g = 1 << 40; }\n",
			"e.c:2:22: shift by 40 is out of range for a 32-bit int (undefined in C)"},
		{"shift of a variable by its width", "int g, s;\nvoid f(void) { g = s >> 32; }\n",
			"e.c:2:22: shift by 32 is out of range for a 32-bit int (undefined in C)"},
		{"duplicate member", "struct D { int a; long b; int a; };\n",
			"e.c:1:31: duplicate member a"},
		{"duplicate member of a nested struct", "struct E { struct { int x, x; } in; int y; };\n",
			"e.c:1:28: duplicate member x"},
		{"enumerator past int", "enum flags { F_A = 1, F_HIGH = 1u << 31 };\nint f(int x) { return x < F_A; }\n",
			"e.c:1:23: enumerator F_HIGH = 2147483648 does not fit in int (a GNU extension, which changes the types of the enum's constants) is not supported"},
		{"negative enumerator past int", "enum m { A = -1, B = -2147483649LL };\n",
			"e.c:1:18: enumerator B = -2147483649 does not fit in int (a GNU extension, which changes the types of the enum's constants) is not supported"},
		{"compound shift by the width", "int g;\nvoid f(void) { g <<= 32; }\n",
			"e.c:2:18: shift by 32 is out of range for a 32-bit int (undefined in C)"},
		{"compound shift of a char by a negative amount", "char c;\nvoid f(void) { c >>= -1; }\n",
			"e.c:2:18: shift by -1 is out of range for a 32-bit int (undefined in C)"},
		// the type is what is refused, not a width it does not have
		{"constant shift of an __int128 past 32", "long g;\nvoid f(void) {\n  __int128 v = 1;\n  g = (long)(v << 40);\n}\n",
			"e.c:3:12: __int128 is not supported"},
		{"constant shift of an __int128 cast", "long g;\nvoid f(void) { g = (long)((unsigned __int128)1 << 100); }\n",
			"e.c:2:27: __int128 is not supported"},
		{"pointer cut to an int", "int x;\nint f(void) { return (int)&x; }\n",
			"e.c:2:22: conversion of a pointer to int, narrower than a pointer, is not supported"},
		{"goto from one case to another", "int f(int g) {\n  int a = 0;\n  switch (g) {\n  case 1:\n    goto two;\n  case 2:\n  two:\n    a++;\n  }\n  return a;\n}\n",
			"e.c:5:5: goto from one case of a switch to another is not supported"},
		{"an array's length from sizeof of an array parameter", "void f(int a[4]) {\n  char b[sizeof(a)];\n  b[0] = 1;\n}\n",
			"e.c:2:10: sizeof of a pointer that C obtains from an array, in a constant of a declaration, is not supported"},
		{"an enumerator from sizeof of a decayed array", "int g[4];\nenum { N = sizeof(g + 1) };\n",
			"e.c:2:12: sizeof of a pointer that C obtains from an array, in a constant of a declaration, is not supported"},
		{"a position after a parameter of an array of unknown size", "void f(int *a[], int n) { n = (int)&n; }\n",
			"e.c:1:31: conversion of a pointer to int, narrower than a pointer, is not supported"},
		{"a global initialized with an int read as unsigned", "int x = -1;\nunsigned *up = (unsigned *)&x;\n",
			"e.c:2:16: conversion from pointer to int to pointer to unsigned is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"a global initialized with an int read as bytes", "int x;\nunsigned char *cp = (unsigned char *)&x + 1;\n",
			"e.c:2:21: conversion from pointer to int to pointer to unsigned char is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"a global initialized with a long array read as ints", "long g[2];\nint *p = g;\n",
			"e.c:2:10: conversion from pointer to long to pointer to int is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"a global initialized with an int read as unsigned without a cast", "int x;\nunsigned *q = &x;\n",
			"e.c:2:15: conversion from pointer to int to pointer to unsigned is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
		{"a global initialized with a struct read as an int", "struct s { int a; long b; } g;\nlong *p = (long *)(void *)(int *)&g;\n",
			"e.c:2:27: conversion from pointer to struct s to pointer to int is not supported: memory holds one value per scalar object, not bytes, so an object cannot be read as another type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := CompileSources([]Source{{Name: "e.c", Text: tc.src}}, Options{})
			if err == nil {
				t.Fatalf("no error; got\n%s", prog)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error\n%s\nwant\n%s", got, tc.want)
			}
			var le *lsl.Error
			if !errors.As(err, &le) {
				t.Errorf("%T does not unwrap to *lsl.Error", err)
			}
		})
	}
}

// TestBuiltinMacroArity: a builtin that builtinMacros wraps (to type its
// result) called with the wrong number of arguments, none or only the
// location among them, is refused as any other builtin is: one error, at
// the call, with the number the builtin takes.
func TestBuiltinMacroArity(t *testing.T) {
	names := regexp.MustCompile(`(?m)^#define (\w+)\(`).FindAllStringSubmatch(builtinMacros, -1)
	n := 0
	for _, m := range names {
		name := m[1]
		want, ok := builtinArgs[name]
		if !ok {
			continue // a helper
		}
		n++
		for k := 0; k <= want+1; k++ {
			if k == want {
				continue
			}
			args := []string{"&x", "1", "5"}[:min(k, 3)]
			for len(args) < k {
				args = append(args, "5")
			}
			src := "int x;\nlong f(void) {\n  return " + name + "(" + strings.Join(args, ", ") + ");\n}\n"
			t.Run(fmt.Sprintf("%s/%d", name, k), func(t *testing.T) {
				_, err := CompileSources([]Source{{Name: "e.c", Text: src}}, Options{})
				wantErr := fmt.Sprintf("e.c:3:10: %s takes %d arguments, not %d", name, want, k)
				if err == nil || err.Error() != wantErr {
					t.Errorf("error\n%v\nwant\n%s", err, wantErr)
				}
			})
		}
	}
	if n < 15 {
		t.Fatalf("%d builtins found in builtinMacros, want the 14 value-returning __atomic ones and __builtin_expect", n)
	}
}

// TestSeveralFiles links two translation units: a global and a function
// defined in one file are used in the other, and static names stay apart.
func TestSeveralFiles(t *testing.T) {
	a := "int shared = 4;\nstatic int own = 1;\nint get(void) { return shared + own; }\n"
	b := "extern int shared;\nstatic int own = 10;\nint get(void);\nint twice(void) { shared++; return get() * 2 + own; }\n"
	prog, err := CompileSources([]Source{{Name: "a.c", Text: a}, {Name: "b.c", Text: b}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range prog.Globals {
		names = append(names, g.Name)
	}
	if got, want := strings.Join(names, " "), "shared own own$2"; got != want {
		t.Errorf("globals %q, want %q", got, want)
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	res, err := in.Call("twice")
	if err != nil {
		t.Fatal(err)
	}
	if res[0] != lsl.Int(22) { // (5 + 1) * 2 + 10
		t.Errorf("twice() = %v, want 22", res[0])
	}

	// A function defined in two files is an error.
	_, err = CompileSources([]Source{{Name: "a.c", Text: "int f(void) { return 1; }\n"}, {Name: "b.c", Text: "int f(void) { return 2; }\n"}}, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "b.c:1:5: f is defined twice") {
		t.Errorf("duplicate definition: %v", err)
	}
}

// TestHomonyms: the procedures a C function name became are that name
// and its freshName twins (name$2, …), no other.
func TestHomonyms(t *testing.T) {
	prog := &lsl.Program{}
	for _, n := range []string{"st", "st2", "st$2", "st$x", "st$02", "st$1", "stx", "s", "st$10"} {
		prog.Procs = append(prog.Procs, &lsl.Proc{Name: n})
	}
	var got []string
	for _, p := range Homonyms(prog, "st") {
		got = append(got, p.Name)
	}
	if strings.Join(got, " ") != "st st$2 st$10" {
		t.Errorf("Homonyms(st) = %q, want st st$2 st$10", got)
	}
	if hs := Homonyms(prog, "none"); len(hs) != 0 {
		t.Errorf("Homonyms(none) = %v", hs)
	}
}

// TestIncludes checks the shipped headers: lsl_protos.h needs no flag and
// defines nothing that clashes with the PyPy examples' own typedefs, and
// the standard headers carry their types and macros.
func TestIncludes(t *testing.T) {
	src := `#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <assert.h>
#include "lsl_protos.h"
uint16_t u = UINT16_MAX;
int64_t big = INT64_MIN;
size_t sz = sizeof(ptrdiff_t);
bool flag = true;
int *p = NULL;
void f(void) { assert(u == 65535); lsl_assert(flag); }
`
	prog, err := CompileSources([]Source{{Name: "inc.c", Text: src}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	if _, err := in.Call("f"); err != nil {
		t.Errorf("f: %v", err)
	}
	// A program may define what stdint.h and stdbool.h would: lsl_protos.h
	// must not include them.
	own := "#include \"lsl_protos.h\"\ntypedef unsigned short uint16_t;\ntypedef boolean_t bool;\nbool b = true;\nuint16_t x;\nint *q = NULL;\n"
	if _, err := CompileSources([]Source{{Name: "own.c", Text: own}}, Options{}); err != nil {
		t.Errorf("own typedefs: %v", err)
	}
	// Defines and include directories from the options.
	if _, err := CompileSources([]Source{{Name: "d.c", Text: "int a[N];\n"}}, Options{Defines: []string{"N=3"}}); err != nil {
		t.Errorf("-D: %v", err)
	}
}

// TestDiskIncludes compiles files from disk: a header beside the C file,
// one from Options.IncludeDirs, and a header that ends in a backslash
// (which must not hang the scanner).
func TestDiskIncludes(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	if err := os.Mkdir(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(dir, "main.c"):  "#include \"local.h\"\n#include <extra.h>\nint f(void) { return LOCAL + EXTRA; }\n",
		filepath.Join(dir, "local.h"): "#define LOCAL 40\n",
		filepath.Join(inc, "extra.h"): "#define EXTRA 2\n",
		filepath.Join(dir, "bad.c"):   "#include \"bad.h\"\n",
		filepath.Join(dir, "bad.h"):   "char c = 'x\\\n",
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := Compile([]string{filepath.Join(dir, "main.c")}, Options{IncludeDirs: []string{inc}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := lsl.NewInterp(prog, lsl.InterpOptions{}).Call("f")
	if err != nil || res[0] != lsl.Int(42) {
		t.Errorf("f() = %v, %v; want 42", res, err)
	}
	_, err = Compile([]string{filepath.Join(dir, "bad.c")}, Options{})
	if err == nil || !strings.Contains(err.Error(), "bad.h:1:10: character constant not terminated") {
		t.Errorf("bad.h: %v", err)
	}
	_, err = Compile([]string{filepath.Join(dir, "missing.c")}, Options{})
	if err == nil || !strings.Contains(err.Error(), "missing.c") {
		t.Errorf("missing file: %v", err)
	}
}

// TestCastsOfTheSameWords: the pointer conversions that keep the words an
// object is made of are accepted (TestErrors has those that do not).
func TestCastsOfTheSameWords(t *testing.T) {
	src := `#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdatomic.h>
atomic_int ai;
struct a { int x; long y; };
struct b { int u; long v; };
struct a sa;
int32_t i32; unsigned long ul;
long f(void) {
  int *p = (int *)&i32;               /* int and int32_t: the same word */
  unsigned long long *q = (unsigned long long *)&ul;
  struct b *pb = (struct b *)&sa;     /* the same layout */
  void *v = &sa; struct a *back = v;  /* through void * */
  struct a *m = (struct a *)malloc(sizeof(struct a));
  void **pp = (void **)&m;            /* a pointer is a pointer */
  free(0);                            /* a null pointer constant */
  long off = offsetof(struct a, y);   /* in bytes, as C's */
  off += atomic_is_lock_free(&ai) + ATOMIC_POINTER_LOCK_FREE;
  if (&sa) *p = 1;                    /* a pointer tested as a truth value */
  return *p + (long)*q + pb->v + back->y + (long)(uintptr_t)m + (pp != 0) + off;
}
`
	if _, err := CompileSources([]Source{{Name: "ok.c", Text: src}}, Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestCompilerBarrierIsNothing: an empty asm statement and the
// __builtin_expect hint translate to what the code without them does (a
// compiler barrier is no fence: the relaxed model still reorders around it).
func TestCompilerBarrierIsNothing(t *testing.T) {
	tests := []struct{ name, with, without string }{
		{"barrier", `asm volatile("" ::: "memory");`, `;`},
		{"__asm__ __volatile__", `__asm__ __volatile__("");`, `;`},
		{"clobbers", `asm("" : : : "memory", "cc");`, `;`},
		{"likely", `if (__builtin_expect(!!(data), 1)) flag = 2;`, `if ((long)!!(data)) flag = 2;`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "int flag, data;\nvoid send(void) {\n  data = 42;\n  %s\n  flag = 1;\n}\n"
			var out [2]string
			for i, body := range []string{tc.with, tc.without} {
				p, err := CompileSources([]Source{{Name: "b.c", Text: strings.Replace(src, "%s", body, 1)}}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				out[i] = regexp.MustCompile(` @\d+:\d+`).ReplaceAllString(p.String(), "") // columns differ
			}
			if out[0] != out[1] {
				t.Errorf("with %s:\n%s\nwithout:\n%s", tc.with, out[0], out[1])
			}
			if strings.Contains(out[0], "fence") {
				t.Errorf("a fence:\n%s", out[0])
			}
		})
	}
}

// TestAsmFences: the fence instructions of asmInstructions become the
// program's fences of their kinds, the hints nothing, in any spelling.
func TestAsmFences(t *testing.T) {
	tests := []struct {
		asm  string
		want []string // the fence statements, in order
	}{
		{`asm volatile("mfence" ::: "memory");`, []string{"fence full"}},
		{`__asm__ __volatile__("  MFENCE ;\n");`, []string{"fence full"}},
		{`asm volatile("dmb ish" : : : "memory");`, []string{"fence full"}},
		{`asm volatile("sync");`, []string{"fence full"}},
		{`asm volatile("fence rw, rw");`, []string{"fence full"}},
		{`asm volatile("sfence");`, []string{"fence store-store"}},
		{`asm volatile("dmb ishst");`, []string{"fence store-store"}},
		{`asm volatile("lfence");`, []string{"fence load-load"}},
		{`asm volatile("dmb ishld");`, []string{"fence load-load", "fence load-store"}},
		{`asm volatile("fence r,rw");`, []string{"fence load-load", "fence load-store"}},
		{`asm volatile("fence rw,w");`, []string{"fence load-store", "fence store-store"}},
		{`asm volatile("lwsync" ::: "memory");`, []string{"fence load-load", "fence load-store", "fence store-store"}},
		{`asm volatile("pause" ::: "memory");`, nil},
		{`asm inline volatile("mfence" ::: "memory");`, []string{"fence full"}},
		{`__asm__ __inline__ ("sfence");`, []string{"fence store-store"}},
		{`asm volatile("rep; nop");`, nil},
		{`asm volatile("yield");`, nil},
		{`asm volatile("" ::: "memory");`, nil},
	}
	fence := regexp.MustCompile(`fence [a-z-]+`)
	for _, tc := range tests {
		t.Run(tc.asm, func(t *testing.T) {
			src := "int flag, data;\nvoid send(void) {\n  data = 42;\n  " + tc.asm + "\n  flag = 1;\n}\n"
			p, err := CompileSources([]Source{{Name: "a.c", Text: src}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := fence.FindAllString(p.String(), -1)
			if strings.Join(got, ", ") != strings.Join(tc.want, ", ") {
				t.Errorf("fences %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAlignedLayout: aligned(N) and _Alignas, which are not refused, lay
// structs out as gcc does on x86-64 (an alignment raised by a member, a
// struct or a typedef, lowered by a typedef).
func TestAlignedLayout(t *testing.T) {
	src := `#include <stddef.h>
struct a { char c; int i __attribute__((aligned(16))); };
struct __attribute__((aligned(32))) b { char c; };
struct c { char c; } __attribute__((__aligned__(8)));
typedef int ai __attribute__((aligned(8)));
struct d { char c; ai x; };
struct e { char c; _Alignas(16) int x; };
typedef int i2 __attribute__((aligned(2)));
struct f { char c; i2 i; };
typedef long l1 __attribute__((aligned(1)));
struct g { char c; l1 l; };
struct h { char c; struct c x; };
long off[] = { offsetof(struct a, i), offsetof(struct d, x), offsetof(struct e, x),
  offsetof(struct f, i), offsetof(struct g, l), offsetof(struct h, x) };
long size[] = { sizeof(struct a), sizeof(struct b), sizeof(struct c), sizeof(struct d),
  sizeof(struct f), sizeof(struct h) };
long f(int i) { return off[i]; }
long s(int i) { return size[i]; }
`
	prog, err := CompileSources([]Source{{Name: "al.c", Text: src}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := lsl.NewInterp(prog, lsl.InterpOptions{})
	for _, fn := range []struct {
		name string
		want []int64
	}{
		{"f", []int64{16, 8, 16, 2, 1, 8}},
		{"s", []int64{32, 32, 8, 16, 6, 16}},
	} {
		for i, w := range fn.want {
			res, err := in.Call(fn.name, lsl.Int(int64(i)))
			if err != nil || len(res) != 1 || res[0] != lsl.Int(w) {
				t.Errorf("%s(%d) = %v, %v; want %d", fn.name, i, res, err, w)
			}
		}
	}
}

// TestAtomicTypesAccepted: the _Atomic types C allows beside those
// TestErrors refuses: arrays of _Atomic elements, _Atomic of pointers to
// arrays and to qualified types, qualifiers on an atomic type, and a
// block's typedef that hides a qualified one.
func TestAtomicTypesAccepted(t *testing.T) {
	src := `#include <stdatomic.h>
typedef int A2[2];
typedef const int CI;
typedef _Atomic int AI;
_Atomic int a[2];
AI b[2];
atomic_int c[3];
_Atomic(int) d[2];
_Atomic atomic_int e;
const _Atomic(int) f;
_Atomic const volatile int g;
_Atomic(const int *) h;
_Atomic(CI *) i;
_Atomic(A2 *) j;
_Atomic(int *) k;
_Atomic(struct s { int x; } *) l;
int m(void) {
  typedef const int T;
  {
    typedef int T;
    _Atomic(T) n = 1;
    return n + a[1]++ + (int)sizeof(_Atomic(int));
  }
}
`
	if _, err := CompileSources([]Source{{Name: "ok.c", Text: src}}, Options{}); err != nil {
		t.Fatal(err)
	}
}
