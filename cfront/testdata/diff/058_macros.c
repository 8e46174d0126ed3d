#include "lsl_protos.h"

#define SWAP(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 4
#define SQ(x) ((x) * (x))

void run(void)
{
	int x = 1, y = 2;
	SWAP(x, y);
	lsl_observe_output("x", x);
	lsl_observe_output("y", y);
	lsl_observe_output("max", MAX(x * 3, y + 5));
	int arr[N + 1];
	int i;
	for (i = 0; i <= N; i++)
		arr[i] = SQ(i - 2);
	lsl_observe_output("arr", arr[0] + arr[4] * 10 + arr[2] * 100);
}
