// What this thread's JavaScript heap allocated over a stretch of work. V8's GC profiler gives the heap's
// use before and after each collection; what was allocated is what the heap grew by between them. Unlike
// a time, the figure hardly moves with the machine's load, so a change's effect on it shows in one run.
import v8 from "node:v8";

export function allocationMeter(): { stop(): number } {
  const profiler = new v8.GCProfiler();
  const start = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return {
    /** Bytes allocated since the meter started. */
    stop() {
      const end = v8.getHeapStatistics().used_heap_size;
      const { statistics } = profiler.stop();
      let bytes = 0;
      let last = start;
      for (const gc of statistics) {
        bytes += gc.beforeGC.heapStatistics.usedHeapSize - last;
        last = gc.afterGC.heapStatistics.usedHeapSize;
      }
      return bytes + end - last;
    },
  };
}
