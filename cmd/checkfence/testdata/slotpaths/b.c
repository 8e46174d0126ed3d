#include "h.h"
void send2(void) { publish(2); }
