/* A test whose range analysis takes seconds: each '%' combines two sets
   of 4000 values (16 million pairs), and every result set fits in what
   the analysis tracks, so nothing stops it early. */
int x, y, z, w;
void g(void) {
  int a = lsl_choose(0, 3999);
  int b = lsl_choose(1, 4000);
  x = a % b;
  y = b % a;
  z = (a + 1) % b;
  w = (b + 1) % (a + 1);
}
