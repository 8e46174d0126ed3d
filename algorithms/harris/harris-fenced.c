/*
 * Nonblocking sorted linked-list set of
 *   T. L. Harris. "A Pragmatic Implementation of Non-Blocking Linked-Lists".
 *   DISC 2001, LNCS 2180, pages 300-314 (Fig. 4-6: insert, delete, find,
 *   search),
 * with the fences it needs on the model Relaxed (the algorithm itself is
 * unchanged): a store-store fence before a new node is linked (C2); a
 * load-load fence before each read of a reference (read_ref), so that
 * a node's fields are loaded after the reference to it and a traversal does
 * not read values older than those the thread has already read; a
 * load-store fence before each CAS (cas_ref), so that C1 and C4 do not
 * publish a reference before it has been loaded.
 * On TSO none is needed (it keeps store-store, load-load and load-store
 * order); on PSO only the store-store fence is.
 *
 * A sorted list between the sentinels head and tail. A node is deleted
 * logically by marking the reference in its next field (C3), then unlinked
 * with a CAS on its predecessor (C4, or C1 in a later search). The
 * publication reclaims no memory (it assumes a garbage collector), so
 * neither does this file.
 *
 * Marked references. The publication steals the low bit of the next pointer
 * for the mark. Our pointers are a base plus field offsets, with no bits to
 * steal, so each reference is the pair of fields { next, marked } of a node.
 * - A CAS on a marked reference is lsl_dcas on the two fields of that pair:
 *   it compares and swaps exactly the same information as the single-word
 *   CAS of the publication (cas_ref).
 * - A read of a marked reference is one word in the publication, so it sees
 *   a next and a mark that were in the node together. Two plain loads could
 *   combine an old next with a newer mark (next N1 unmarked, then N2
 *   inserted, then marked: reading N1 then the mark gives "N1, marked",
 *   which never existed), and search would then unlink the node N2 that was
 *   just inserted. So read_ref brackets the two loads in an atomic block.
 *   Where only the mark is needed (is_marked_reference(right_node.next)),
 *   one load of the mark suffices.
 */
#include "lsl_protos.h"

typedef int setkey_t;

typedef struct node {
  setkey_t key;
  struct node *next;    /* the reference to the successor ...   */
  boolean_t marked;     /* ... and its mark: one marked reference */
} node_t;

typedef struct list {
  node_t *head;
  node_t *tail;
} list_t;

/* A marked reference as read from a node. */
typedef struct ref {
  node_t *next;
  boolean_t marked;
} ref_t;

/* search's result: right_node and (the publication's out parameter) left_node. */
typedef struct window {
  node_t *left;
  node_t *right;
} window_t;

static ref_t read_ref(node_t *n)
{
  ref_t r;

  /* Every read of a reference comes after every earlier load of the
     thread. In search this orders the loads of a node's fields (next, mark,
     key) after the load of the reference to the node (dependent loads); at
     the start of search, it orders the traversal after the loads of the
     CAS that failed before a retry (else each retry may read the same old
     values again, without bound) and after the loads of the thread's
     previous operation (else it may see a node that operation already
     found marked or unlinked). */
  lsl_fence("load-load");
  lsl_atomic_begin();
  r.next = n->next;
  r.marked = n->marked;
  lsl_atomic_end();
  return r;
}

/* CAS (&n.next, <oldnext, oldmark>, <newnext, newmark>) */
static boolean_t cas_ref(node_t *n, node_t *oldnext, boolean_t oldmark,
                         node_t *newnext, boolean_t newmark)
{
  /* C1 and C4 store a reference that was loaded from a marked node
     (right_node, right_node_next): the load must come first, else the store
     may publish the reference before the node it points to is initialised
     (the store does not wait for the load its value came from). Harmless
     before C2 and C3. */
  lsl_fence("load-store");
  return lsl_dcas(&n->next, &n->marked, oldnext, oldmark, newnext, newmark);
}

void init_list(list_t *list)
{
  node_t *head = lsl_malloc_noreuse(sizeof(node_t));
  node_t *tail = lsl_malloc_noreuse(sizeof(node_t));

  /* head.next = tail, an unmarked reference */
  head->next = tail;
  head->marked = false;
  list->head = head;
  list->tail = tail;
}

/*
 * noretry: the primed operations of the CheckFence tests, where every retry
 * (here: B2, G1, G2, B3, B4) is dropped instead of taken.
 */
static window_t search(list_t *list, setkey_t search_key, boolean_t noretry)
{
  node_t *tail = list->tail;
  node_t *left_node, *left_node_next, *right_node, *t;
  ref_t t_next;
  window_t w;

  do {                                  /* search_again: */
    t = list->head;
    t_next = read_ref(t);
    /* 1: Find left_node and right_node */
    do {
      if (!t_next.marked) {
        left_node = t;
        left_node_next = t_next.next;
      }
      t = t_next.next;                  /* get_unmarked_reference(t_next) */
      if (t == tail)
        break;
      t_next = read_ref(t);
    } while (t_next.marked || (t->key < search_key));   /* B1 */
    right_node = t;
    w.left = left_node;
    w.right = right_node;

    /* 2: Check nodes are adjacent */
    if (left_node_next == right_node) {
      if ((right_node != tail) && right_node->marked) {
        if (noretry)
          lsl_assume(false);
        continue;                       /* G1: goto search_again */
      }
      return w;                         /* R1 */
    }

    /* 3: Remove one or more marked nodes */
    if (cas_ref(left_node, left_node_next, false, right_node, false)) { /* C1 */
      if ((right_node != tail) && right_node->marked) {
        if (noretry)
          lsl_assume(false);
        continue;                       /* G2: goto search_again */
      }
      return w;                         /* R2 */
    }
    if (noretry)
      lsl_assume(false);
  } while (true);                       /* B2 */
}

boolean_t insert(list_t *list, setkey_t key, boolean_t noretry)
{
  node_t *tail = list->tail;
  node_t *new_node = lsl_malloc_noreuse(sizeof(node_t));
  node_t *right_node, *left_node;
  window_t w;

  new_node->key = key;
  do {
    w = search(list, key, noretry);
    left_node = w.left;
    right_node = w.right;
    if ((right_node != tail) && (right_node->key == key))   /* T1 */
      return false;
    /* new_node.next = right_node, an unmarked reference */
    new_node->next = right_node;
    new_node->marked = false;
    /* new_node's fields are stored before C2 links it */
    lsl_fence("store-store");
    if (cas_ref(left_node, right_node, false, new_node, false))  /* C2 */
      return true;
    if (noretry)
      lsl_assume(false);
  } while (true);                                          /* B3 */
}

boolean_t delete(list_t *list, setkey_t search_key, boolean_t noretry)
{
  node_t *tail = list->tail;
  node_t *right_node, *left_node;
  ref_t right_node_next;
  window_t w;

  do {
    w = search(list, search_key, noretry);
    left_node = w.left;
    right_node = w.right;
    if ((right_node == tail) || (right_node->key != search_key))  /* T1 */
      return false;
    right_node_next = read_ref(right_node);
    if (!right_node_next.marked)
      if (cas_ref(right_node, right_node_next.next, false,           /* C3 */
                  right_node_next.next, true))
        break;
    if (noretry)
      lsl_assume(false);
  } while (true);                                                 /* B4 */
  if (!cas_ref(left_node, right_node, false, right_node_next.next, false)) /* C4 */
    search(list, right_node->key, noretry);
  return true;
}

boolean_t find(list_t *list, setkey_t search_key, boolean_t noretry)
{
  node_t *tail = list->tail;
  node_t *right_node;
  window_t w;

  w = search(list, search_key, noretry);
  right_node = w.right;
  if ((right_node == tail) || (right_node->key != search_key))
    return false;
  else
    return true;
}

/* ---- test operations ---- */

list_t thelist;

void i(void) { init_list(&thelist); }

static void do_add(boolean_t noretry)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", insert(&thelist, key, noretry));
}

static void do_contains(boolean_t noretry)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", find(&thelist, key, noretry));
}

static void do_remove(boolean_t noretry)
{
  setkey_t key = lsl_choose(0, 1);
  lsl_observe_input("key", key);
  lsl_observe_output("result", delete(&thelist, key, noretry));
}

void a(void) { do_add(false); }
void c(void) { do_contains(false); }
void r(void) { do_remove(false); }

void ap(void) { do_add(true); }
void cp(void) { do_contains(true); }
void rp(void) { do_remove(true); }
