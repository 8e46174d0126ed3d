/* a header-only message passing structure */
struct mp {
	int data, flag;
};

static inline void publish(struct mp *m, int v)
{
	m->data = v;
	m->flag = 1;
}

static inline int consume(struct mp *m)
{
	if (m->flag == 0)
		return -1;
	return m->data;
}
