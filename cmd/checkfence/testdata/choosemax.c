long long x;
void w(void) { x = lsl_choose(9223372036854775806LL, 9223372036854775807LL); }
void rd(void) { lsl_observe_output("v", x); }
