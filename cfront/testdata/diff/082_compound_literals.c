#include "lsl_protos.h"
struct pair { int a; long b; };
struct tagged { struct pair *p; long tag; };
int g;
static int sum(struct pair q) { return q.a + (int)q.b; }
void run(void) {
  struct pair x = (struct pair){1, 2};
  lsl_observe_output("x", x.a * 10 + x.b);
  lsl_observe_output("sel", ((struct pair){.b = 7}).b);
  lsl_observe_output("sum", sum((struct pair){3, 4}));
  struct pair *pp = &(struct pair){5, 6};
  pp->a += 1;
  lsl_observe_output("pp", pp->a * 10 + pp->b);
  int *arr = (int[]){10, 20, 30};
  lsl_observe_output("arr", arr[0] + arr[2]);
  int i = g + 1;
  lsl_observe_output("idx", ((int[3]){4, 5, 6})[i]);
  struct tagged t = (struct tagged){ pp, 3 };
  t = (struct tagged){ t.p, t.tag + 1 };
  lsl_observe_output("tag", t.tag + t.p->a);
  lsl_observe_output("scalar", (int){9} + (long){g});
}
