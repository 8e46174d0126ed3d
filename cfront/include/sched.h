#ifndef _SCHED_H
#define _SCHED_H
/* sched_yield() gives up the processor: nothing the check observes, so a
   call (as a statement) does nothing. */
int sched_yield(void);
#endif
