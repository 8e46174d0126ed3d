extern int data, flag;
static inline void publish(int v)
{
    data = v;
    flag = 1;
}
