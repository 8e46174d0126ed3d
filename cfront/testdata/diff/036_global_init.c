#include "lsl_protos.h"

int i1 = 42;
int i2 = -7;
unsigned u1 = -1;
char c1 = 'x';
short s1 = 70000;
long l1 = 1L << 40;
int arr[5] = {1, 2, 3};
int arr2[] = {9, 8, 7, 6};
struct pt {
	int x, y;
	char tag[2];
} p1 = {3, 4, {'a', 'b'}}, p2 = {.y = 9};
struct pt pts[3] = {[2] = {.x = 5, .tag = {1}}, [0] = {6, 7}, {8}};
int mat[2][3] = {{1, 2, 3}, {4, 5, 6}};
int flat[2][2] = {1, 2, 3};
_Bool bb = 17;
int zero;

void run(void)
{
	lsl_observe_output("i1", i1);
	lsl_observe_output("i2", i2);
	lsl_observe_output("u1", u1);
	lsl_observe_output("c1", c1);
	lsl_observe_output("s1", s1);
	lsl_observe_output("l1", l1);
	lsl_observe_output("arr2", arr[2]);
	lsl_observe_output("arr4", arr[4]);
	lsl_observe_output("arr2_3", arr2[3]);
	lsl_observe_output("p1", p1.x * 100 + p1.y * 10 + p1.tag[1]);
	lsl_observe_output("p2", p2.x * 100 + p2.y);
	lsl_observe_output("pts2", pts[2].x * 100 + pts[2].tag[0]);
	lsl_observe_output("pts0", pts[0].x * 10 + pts[0].y);
	lsl_observe_output("pts1", pts[1].x);
	lsl_observe_output("mat", mat[1][2] * 10 + mat[0][1]);
	lsl_observe_output("flat", flat[1][0] * 10 + flat[1][1]);
	lsl_observe_output("bb", bb);
	lsl_observe_output("zero", zero);
}
