import { describe, expect, it } from 'vitest';
import { batched } from './batcher.js';

/**
 * A resource serving one call at a time, recording the batches it was given. `hold()` keeps the next call in
 * service until the test lets it finish: it resolves, once that call is in service, with the function that does.
 */
function recorder(fail?: (inputs: number[]) => boolean) {
  const batches: number[][] = [];
  let held: ((finish: () => void) => void) | undefined;
  const run = async (inputs: number[]) => {
    batches.push(inputs);
    const inService = held;
    held = undefined;
    if (inService) await new Promise<void>((finish) => inService(finish));
    if (fail?.(inputs)) throw new Error(`failed ${inputs.join(',')}`);
    return inputs.map((input) => input * 10);
  };
  const hold = () =>
    new Promise<() => void>((inService) => {
      held = inService;
    });
  return { batches, run, hold };
}

describe('batched', () => {
  it('groups the calls that arrive while one is served, in order, and sends a lone call alone', async () => {
    const { batches, run, hold } = recorder();
    const call = batched(run, 100);
    const served = hold();
    const first = call(1);
    const finish = await served; // 1 is being served
    const meanwhile = [2, 3, 4, 5].map((input) => call(input));
    // The turns of the event loop after which an idle batcher sends a call: these wait for 1 instead.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(batches).toEqual([[1]]);
    finish();
    const answers = await Promise.all([first, ...meanwhile]);
    expect(answers).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(await call(6)).toBe(60);
    expect(batches).toEqual([[1], [2, 3, 4, 5], [6]]);
  });

  it('takes in the calls of requests read after a busy spell in this thread (PGlite works synchronously)', async () => {
    const batches: number[][] = [];
    const busy = async (inputs: number[]) => {
      batches.push(inputs);
      const until = performance.now() + 5;
      while (performance.now() < until); // the database working in this thread: nothing else runs
      return inputs;
    };
    const call = batched(busy, 100);
    // Requests whose bytes arrive meanwhile are read on later turns of the event loop.
    const arriving = [2, 3, 4].map((input) => new Promise((resolve) => setImmediate(() => resolve(call(input)))));
    await Promise.all([call(1), ...arriving]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('never sends more than the maximum at once', async () => {
    const { batches, run } = recorder();
    const call = batched(run, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((input) => call(input)));
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('serves as many batches at once as its concurrency, and groups the calls that wait behind them', async () => {
    const batches: number[][] = [];
    const finish: (() => void)[] = [];
    const run = async (inputs: number[]) => {
      batches.push(inputs);
      await new Promise<void>((done) => finish.push(done));
      return inputs.map((input) => input * 10);
    };
    const turns = () => new Promise((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve))));
    const call = batched(run, 100, 2);
    const answers = [call(1)];
    await turns();
    answers.push(call(2));
    await turns();
    expect(batches).toEqual([[1], [2]]); // 2 did not wait for 1
    answers.push(call(3), call(4), call(5));
    await turns();
    expect(batches).toEqual([[1], [2]]); // both in service: 3 to 5 wait
    finish[0]!();
    await turns();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    for (const done of finish) done();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails only the call that cannot succeed: the others of its batch are run again alone and answered', async () => {
    const { batches, run } = recorder((inputs) => inputs.includes(3));
    const call = batched(run, 2);
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((input) => call(input)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[3]).toEqual({ status: 'fulfilled', value: 40 });
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: new Error('failed 3') });
    expect(batches).toEqual([[1, 2], [3, 4], [3], [4], [5]]);
  });

  it("never answers a call with another call's output when a batch gets a different number of results", async () => {
    // Drops the last result of any batch: only a call served alone is answered right.
    const call = batched(
      async (inputs: number[]) => inputs.slice(0, Math.max(1, inputs.length - 1)).map((input) => input * 10),
      10,
    );
    const first = call(1);
    const outcomes = await Promise.allSettled([first, call(2), call(3)]);
    expect(outcomes).toEqual([10, 20, 30].map((value) => ({ status: 'fulfilled', value })));
  });
});
