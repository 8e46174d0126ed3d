/* Thread-local storage: each global (and static local) marked
   _Thread_local or __thread is one per thread ("threadlocal"); the
   unroller gives each thread its copy. */
_Thread_local int mine;
static __thread int calls = 10;
int shared;

int *count(void) {
	static _Thread_local int local;
	calls++;
	local += mine;
	shared++;
	return &local;
}
