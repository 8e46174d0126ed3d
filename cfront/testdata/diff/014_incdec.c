#include "lsl_protos.h"

int g = 10;

void run(void)
{
	int i = 5;
	int a = i++;
	int b = ++i;
	int c = i--;
	int d = --i;
	lsl_observe_output("a", a);
	lsl_observe_output("b", b);
	lsl_observe_output("c", c);
	lsl_observe_output("d", d);
	lsl_observe_output("i", i);
	lsl_observe_output("g++", g++);
	lsl_observe_output("g", g);
	lsl_observe_output("--g", --g);
	unsigned char uc = 255;
	uc++;
	lsl_observe_output("uc", uc);
	int arr[3] = {1, 2, 3};
	int k = 0;
	arr[k++] += 10;
	arr[k]++;
	lsl_observe_output("arr0", arr[0]);
	lsl_observe_output("arr1", arr[1]);
	lsl_observe_output("k", k);
}
