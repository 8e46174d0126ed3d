#include "lsl_protos.h"

typedef struct {
	int read_version;
	int flag;
	int v1, v2;
} obj_t;

obj_t obj[3][2];

void copy(int td, int od, int ts, int os)
{
	obj[td][od].v1 = obj[ts][os].v1;
	obj[td][od].v2 = obj[ts][os].v2;
}

void run(void)
{
	int t, o;
	for (t = 0; t < 3; t++)
		for (o = 0; o < 2; o++) {
			obj[t][o].v1 = t * 10 + o;
			obj[t][o].v2 = -(t * 10 + o);
			obj[t][o].flag = (t + o) % 2;
		}
	copy(2, 0, 0, 1);
	copy(0, 1, 1, 0);
	int s = 0;
	for (t = 0; t < 3; t++)
		for (o = 0; o < 2; o++)
			s = s * 3 + obj[t][o].v1 + obj[t][o].v2 * 2 + obj[t][o].flag;
	lsl_observe_output("s", s);
}
