/* The fences of message passing on relaxed models, for mpdef-fenced.c. */
#define publish_fence() lsl_fence("store-store")
#define consume_fence() lsl_fence("load-load")
