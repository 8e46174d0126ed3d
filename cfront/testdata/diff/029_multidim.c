#include "lsl_protos.h"

int m[3][4];
long cube[2][2][2];

void run(void)
{
	int i, j, k;
	for (i = 0; i < 3; i++)
		for (j = 0; j < 4; j++)
			m[i][j] = i * 10 + j;
	lsl_observe_output("m21", m[2][1]);
	int *row = m[1];
	lsl_observe_output("row3", row[3]);
	int (*pr)[4] = m;
	lsl_observe_output("pr22", pr[2][2]);
	pr++;
	lsl_observe_output("pr02", (*pr)[2]);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			for (k = 0; k < 2; k++)
				cube[i][j][k] = i * 4 + j * 2 + k;
	long s = 0;
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			for (k = 0; k < 2; k++)
				s = s * 3 + cube[i][j][k];
	lsl_observe_output("s", s);
	char loc[2][3];
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			loc[i][j] = i - j;
	lsl_observe_output("loc12", loc[1][2]);
	lsl_observe_output("loc01", loc[0][1]);
}
