package cfront

import "testing"

// blankAsmInline blanks the inline of asm inline only: an asm that ends a
// macro's body qualifies nothing after the directive.
func TestBlankAsmInline(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"asm inline volatile(\"\");", "asm        volatile(\"\");"},
		{"__asm__ __volatile__ inline (\"\");", "__asm__ __volatile__        (\"\");"},
		{"#define ASM asm\ninline int f(void);", "#define ASM asm\ninline int f(void);"},
		{"#define ASM asm /* a\n b */\ninline int f(void);", "#define ASM asm /* a\n b */\ninline int f(void);"},
		{"#define ASM asm inline\n", "#define ASM asm       \n"},
	} {
		if got := blankAsmInline(tc.text); got != tc.want {
			t.Errorf("blankAsmInline(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
