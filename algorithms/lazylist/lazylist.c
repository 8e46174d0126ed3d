/*
 * Lazy list-based set, as published in
 *   S. Heller, D. Hendler, M. Herlihy, V. Luchangco, M. Moir, W. N. Scherer III,
 *   N. Shavit. "A Lazy Concurrent List-Based Set Algorithm". OPODIS 2005.
 *
 * A sorted linked list between two sentinel entries. add and remove traverse
 * without locks, lock the two entries they work on and validate them; remove
 * deletes logically (marked) before it unlinks. contains takes no locks.
 *
 * This file follows the published pseudocode, without fences, and keeps its
 * bug: a new entry's 'marked' field is never initialised (it comes from
 * lsl_malloc_noreuse, whose contents are undefined), so validate and
 * contains branch on an undefined value once the entry is in the list.
 */
#include "lsl_protos.h"

typedef int setkey_t;

/* The sentinels' keys; the operations use keys 0 and 1 only. */
#define MIN_KEY (-1)
#define MAX_KEY 2

typedef struct entry {
  setkey_t key;
  struct entry *next;
  boolean_t marked;
  lsl_lock_t lock;
} entry_t;

typedef struct set {
  entry_t *head;
  entry_t *tail;
} set_t;

typedef struct window {
  entry_t *pred;
  entry_t *curr;
} window_t;

static entry_t *new_entry(setkey_t key)
{
  entry_t *entry = lsl_malloc_noreuse(sizeof(entry_t));
  entry->key = key;
  lsl_initlock(&entry->lock);
  /* the pseudocode sets no 'marked' here */
  return entry;
}

void init_set(set_t *set)
{
  entry_t *head = lsl_malloc_noreuse(sizeof(entry_t));
  entry_t *tail = lsl_malloc_noreuse(sizeof(entry_t));
  head->key = MIN_KEY;
  head->marked = false;
  lsl_initlock(&head->lock);
  tail->key = MAX_KEY;
  tail->next = 0;
  tail->marked = false;
  lsl_initlock(&tail->lock);
  head->next = tail;
  set->head = head;
  set->tail = tail;
}

static boolean_t validate(entry_t *pred, entry_t *curr)
{
  return !pred->marked && !curr->marked && pred->next == curr;
}

/*
 * The traversal add and remove both begin with: find the first entry curr
 * whose key is not below key, and its predecessor pred.
 */
static window_t locate(set_t *set, setkey_t key)
{
  window_t w;

  w.pred = set->head;
  w.curr = w.pred->next;
  while (w.curr->key < key) {
    w.pred = w.curr;
    w.curr = w.curr->next;
  }
  return w;
}

/*
 * noretry: the primed operations of the CheckFence tests, where a failed
 * validation does not retry (such executions are dropped).
 */
boolean_t add(set_t *set, setkey_t key, boolean_t noretry)
{
  window_t w;
  entry_t *pred, *curr, *entry;
  boolean_t result;

  while (true) {
    w = locate(set, key);
    pred = w.pred;
    curr = w.curr;
    lsl_lock(&pred->lock);
    lsl_lock(&curr->lock);
    if (validate(pred, curr)) {
      if (curr->key == key) {
        result = false;
      } else {
        entry = new_entry(key);
        entry->next = curr;
        pred->next = entry;
        result = true;
      }
      lsl_unlock(&pred->lock);
      lsl_unlock(&curr->lock);
      return result;
    }
    lsl_unlock(&pred->lock);
    lsl_unlock(&curr->lock);
    if (noretry)
      lsl_assume(false);
  }
}

boolean_t remove(set_t *set, setkey_t key, boolean_t noretry)
{
  window_t w;
  entry_t *pred, *curr;
  boolean_t result;

  while (true) {
    w = locate(set, key);
    pred = w.pred;
    curr = w.curr;
    lsl_lock(&pred->lock);
    lsl_lock(&curr->lock);
    if (validate(pred, curr)) {
      if (curr->key != key) {
        result = false;
      } else {
        curr->marked = true;
        pred->next = curr->next;
        result = true;
      }
      lsl_unlock(&pred->lock);
      lsl_unlock(&curr->lock);
      return result;
    }
    lsl_unlock(&pred->lock);
    lsl_unlock(&curr->lock);
    if (noretry)
      lsl_assume(false);
  }
}

boolean_t contains(set_t *set, setkey_t key)
{
  entry_t *curr;

  curr = set->head;
  while (curr->key < key)
    curr = curr->next;
  return curr->key == key && !curr->marked;
}

/* ---- test operations ---- */

set_t theset;

void i(void) { init_set(&theset); }

static void do_add(boolean_t noretry)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", add(&theset, key, noretry));
}

static void do_contains(void)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", contains(&theset, key));
}

static void do_remove(boolean_t noretry)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", remove(&theset, key, noretry));
}

void a(void) { do_add(false); }
void c(void) { do_contains(); }
void r(void) { do_remove(false); }

/* contains has no retry loop: cp is c */
void ap(void) { do_add(true); }
void cp(void) { do_contains(); }
void rp(void) { do_remove(true); }
