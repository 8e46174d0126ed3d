#include "lsl_protos.h"

typedef struct {
	unsigned ptr;
	unsigned count;
} pointer_t;

pointer_t head;

boolean_t advance(void)
{
	pointer_t old = head, nw;
	nw.ptr = old.ptr + 1;
	nw.count = old.count + 1;
	return lsl_cas_64(&head, old, nw) && lsl_dcas(&head.ptr, &head.count, 1, 2, 3, 4);
}
