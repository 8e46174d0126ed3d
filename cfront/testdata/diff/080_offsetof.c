#include <stddef.h>
#include "lsl_protos.h"

/* offsetof in bytes, as C's, also with an index in the member designator
   (which the C parser does not fold). */
struct in { char c; int x; long y[3]; };
struct s { int a; struct in in; struct in arr[2]; };

void run(void)
{
	lsl_observe_output("in", (long)offsetof(struct s, in));
	lsl_observe_output("in.x", (long)offsetof(struct s, in.x));
	lsl_observe_output("in.y2", (long)offsetof(struct s, in.y[2]));
	lsl_observe_output("arr1.y1", (long)offsetof(struct s, arr[1].y[1]));
	lsl_observe_output("arr0", (long)offsetof(struct s, arr[0]));
}
