/*
 * msn-reuse-nocount: msn-reuse.c with the modification counters left out
 * (the pointers are still compared and swapped with their counter words, but
 * the counters never change): the ABA problem the counters prevent. In test
 * Taba a dequeue reads the head (node A) and its successor, and is delayed;
 * the other thread dequeues A (freeing it), enqueues into A's block again and
 * dequeues once more, so the head is A again; the delayed CAS succeeds and
 * installs a node that was dequeued and freed. Fails on sc.
 */
#define NO_COUNTERS
#include "msn-reuse.c"
