/*
 * harris: T. L. Harris, "A Pragmatic Implementation of Non-Blocking
 * Linked-Lists", DISC 2001 (Fig. 4-6), written as the publication writes
 * it: the mark of a deleted node is the low bit of its next pointer
 * ((uintptr_t)p | 1), and every link is one _Atomic word read and
 * compare-and-swapped whole. Every atomic is seq_cst (the defaults of
 * <stdatomic.h>). algorithms/harris/harris.c is the same algorithm with the
 * mark in a field of its own (the paper's form); harris-relaxed.c is this
 * file with relaxed atomics.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "lsl_protos.h"

#ifndef ORDER
#define ORDER memory_order_seq_cst
#endif

typedef int setkey_t;

typedef struct node {
  setkey_t key;
  _Atomic(struct node *) next;   /* the successor, its low bit the mark */
} node_t;

typedef struct list {
  node_t *head;
  node_t *tail;
} list_t;

static bool is_marked(node_t *p) { return ((uintptr_t)p & 1) != 0; }
static node_t *marked(node_t *p) { return (node_t *)((uintptr_t)p | 1); }
static node_t *unmarked(node_t *p) { return (node_t *)((uintptr_t)p & ~(uintptr_t)1); }

static node_t *read_next(node_t *n) { return atomic_load_explicit(&n->next, ORDER); }

static bool cas_next(node_t *n, node_t *old, node_t *new)
{
  return atomic_compare_exchange_strong_explicit(&n->next, &old, new, ORDER, ORDER);
}

static void init_list(list_t *list)
{
  node_t *head = lsl_malloc_noreuse(sizeof(node_t));
  node_t *tail = lsl_malloc_noreuse(sizeof(node_t));

  atomic_store_explicit(&head->next, tail, ORDER);
  list->head = head;
  list->tail = tail;
}

/* search returns right_node, and left_node through *left. */
static node_t *search(list_t *list, setkey_t search_key, node_t **left)
{
  node_t *tail = list->tail;
  node_t *left_node, *left_node_next, *right_node, *t, *t_next;

  do {                                  /* search_again: */
    t = list->head;
    t_next = read_next(t);
    /* 1: Find left_node and right_node */
    do {
      if (!is_marked(t_next)) {
        left_node = t;
        left_node_next = t_next;
      }
      t = unmarked(t_next);
      if (t == tail)
        break;
      t_next = read_next(t);
    } while (is_marked(t_next) || (t->key < search_key));   /* B1 */
    right_node = t;
    *left = left_node;

    /* 2: Check nodes are adjacent */
    if (left_node_next == right_node) {
      if ((right_node != tail) && is_marked(read_next(right_node)))
        continue;                       /* G1: goto search_again */
      return right_node;                /* R1 */
    }

    /* 3: Remove one or more marked nodes */
    if (cas_next(left_node, left_node_next, right_node)) {     /* C1 */
      if ((right_node != tail) && is_marked(read_next(right_node)))
        continue;                       /* G2: goto search_again */
      return right_node;                /* R2 */
    }
  } while (true);                       /* B2 */
}

static bool insert(list_t *list, setkey_t key)
{
  node_t *tail = list->tail;
  node_t *new_node = lsl_malloc_noreuse(sizeof(node_t));
  node_t *right_node, *left_node;

  new_node->key = key;
  do {
    right_node = search(list, key, &left_node);
    if ((right_node != tail) && (right_node->key == key))    /* T1 */
      return false;
    atomic_store_explicit(&new_node->next, right_node, ORDER);
    if (cas_next(left_node, right_node, new_node))           /* C2 */
      return true;
  } while (true);                                            /* B3 */
}

static bool delete(list_t *list, setkey_t search_key)
{
  node_t *tail = list->tail;
  node_t *right_node, *right_node_next, *left_node;

  do {
    right_node = search(list, search_key, &left_node);
    if ((right_node == tail) || (right_node->key != search_key))  /* T1 */
      return false;
    right_node_next = read_next(right_node);
    if (!is_marked(right_node_next))
      if (cas_next(right_node, right_node_next, marked(right_node_next)))  /* C3 */
        break;
  } while (true);                                            /* B4 */
  if (!cas_next(left_node, right_node, right_node_next))     /* C4 */
    search(list, right_node->key, &left_node);
  return true;
}

static bool find(list_t *list, setkey_t search_key)
{
  node_t *tail = list->tail;
  node_t *left_node;
  node_t *right_node = search(list, search_key, &left_node);

  return (right_node != tail) && (right_node->key == search_key);
}

/* ---- test operations ---- */

list_t thelist;

void i(void) { init_list(&thelist); }

void a(void)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", insert(&thelist, key));
}

void c(void)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", find(&thelist, key));
}

void r(void)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", delete(&thelist, key));
}
