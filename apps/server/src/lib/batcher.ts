/**
 * Two turns of the event loop: the first ends the current one, the second comes after the next poll for
 * I/O, so requests that arrived while the process was busy have been read and have queued their calls.
 * Needed because PGlite runs in this thread: while it works, no request is even read.
 */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * Group commit for a resource that serves one call at a time: calls that arrive while one is being
 * served wait, then go together as the next single call (at most `maxBatch` of them). Nothing waits
 * on a timer: an idle batcher sends a call after a turn of the event loop, so latency only grows under
 * load, where grouping pays. `run` answers one output per input, in order; if it fails, every call of
 * that batch fails with its error and the next batch goes ahead.
 */
export function batched<In, Out>(run: (inputs: In[]) => Promise<Out[]>, maxBatch: number): (input: In) => Promise<Out> {
  const waiting: { input: In; resolve(output: Out): void; reject(error: unknown): void }[] = [];
  let serving = false;

  async function serve() {
    serving = true;
    while (waiting.length > 0) {
      await afterPendingIo();
      const batch = waiting.splice(0, maxBatch);
      try {
        const outputs = await run(batch.map((call) => call.input));
        if (outputs.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outputs.length}`);
        batch.forEach((call, index) => call.resolve(outputs[index]!));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    serving = false;
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!serving) void serve();
    });
}
