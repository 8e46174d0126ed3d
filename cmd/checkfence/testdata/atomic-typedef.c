#include "lsl_protos.h"
#include <stdatomic.h>

/* An _Atomic type named through a typedef of a typedef stays atomic, also
   once a pointer to it is declared (which made cc drop the mark). */
typedef atomic_int counter_t;
counter_t *unused;
counter_t g;

void inc(void) {
    int old = g++; /* one seq_cst read-modify-write */
    lsl_observe_output("old", old);
}

/* The same for seq_cst loads and stores: message passing holds on relaxed. */
typedef atomic_int flag_t;
flag_t *flagp;
flag_t flag;
int data;

void send(void) { data = 1; flag = 1; }
void recv(void) {
    if (flag)
        lsl_observe_output("data", data);
}
