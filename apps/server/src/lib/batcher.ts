/**
 * Two turns of the event loop: the first ends the current one, the second comes after the next poll for
 * I/O, so requests that arrived while the process was busy have been read and have queued their calls.
 * Needed because PGlite runs in this thread: while it works, no request is even read.
 */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * Group commit for a resource that serves `concurrency` calls at a time (one by default): calls that arrive
 * while every one of them is busy wait, then go together as the next single call (at most `maxBatch` of
 * them). Nothing waits on a timer: an idle batcher sends a call after a turn of the event loop, so latency
 * only grows under load, where grouping pays. `run` answers one output per input, in order. A batch that
 * fails is run again one call at a time, so a call that cannot succeed fails alone: the calls that happened
 * to share its batch (other users' requests) never inherit its error.
 */
export interface Batched<In, Out> {
  (input: In): Promise<Out>;
  /** Calls waiting for the next batch. */
  queued(): number;
}

export function batched<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  maxBatch: number,
  concurrency = 1,
): Batched<In, Out> {
  type Call = { input: In; resolve(output: Out): void; reject(error: unknown): void };
  const waiting: Call[] = [];
  let serving = 0;

  async function serve() {
    serving++;
    while (waiting.length > 0) {
      await afterPendingIo();
      const batch = waiting.splice(0, maxBatch);
      // Another server took them during those turns.
      if (batch.length === 0) break;
      try {
        settle(batch, await run(batch.map((call) => call.input)));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const call of batch) await runAlone(call);
      }
    }
    serving--;
  }

  function settle(batch: Call[], outputs: Out[]): void {
    if (outputs.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outputs.length}`);
    batch.forEach((call, index) => call.resolve(outputs[index]!));
  }

  async function runAlone(call: Call): Promise<void> {
    try {
      settle([call], await run([call.input]));
    } catch (error) {
      call.reject(error);
    }
  }

  const call = (input: In) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (serving < concurrency) void serve();
    });
  return Object.assign(call, { queued: () => waiting.length });
}
