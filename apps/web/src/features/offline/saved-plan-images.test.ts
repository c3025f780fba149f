import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { UnreachableError } from '../../lib/api-client';
import {
  forgetPlanImages,
  keepOnlyPlanImages,
  keepPlanImage,
  keptPlanImage,
  planImageOnDevice,
} from './saved-plan-images';
import { SAVED_MAX_AGE_MS } from './saved-queries';

let storeCount = 0;
const freshStore = () => createStore(`plan-images-test-${++storeCount}`, 'images');
const png = (text: string) => new Blob([text], { type: 'image/png' });
const plan = { id: 5, updatedAt: '2030-01-02T08:00:00.000Z' };

describe('plan images kept on the device', () => {
  it('shows the kept image of a plan without signal, for the user who read it', async () => {
    const store = freshStore();
    let reads = 0;
    const online = await planImageOnDevice(
      7,
      plan,
      async () => {
        reads += 1;
        return png('plano v1');
      },
      store,
    );
    expect(await online.text()).toBe('plano v1');
    const offline = await planImageOnDevice(7, plan, () => Promise.reject(new UnreachableError('network')), store);
    expect(await offline.text()).toBe('plano v1');
    expect(offline.type).toBe('image/png');
    expect(reads).toBe(1);
    // Another technician on the same phone does not see it.
    await expect(
      planImageOnDevice(8, plan, () => Promise.reject(new UnreachableError('network')), store),
    ).rejects.toBeInstanceOf(UnreachableError);
  });

  it('reads a replaced image again: a kept copy serves only its own version', async () => {
    const store = freshStore();
    await keepPlanImage(7, plan, png('v1'), store);
    const replaced = { ...plan, updatedAt: '2030-01-03T08:00:00.000Z' };
    expect(await keptPlanImage(7, replaced, store)).toBeNull();
    const image = await planImageOnDevice(7, replaced, async () => png('v2'), store);
    expect(await image.text()).toBe('v2');
    // The newer version took the older one's place.
    expect(await keptPlanImage(7, plan, store)).toBeNull();
  });

  it('drops a copy older than a week, like the saved orders', async () => {
    const store = freshStore();
    const savedAt = Date.parse('2030-01-02T08:00:00.000Z');
    await keepPlanImage(7, plan, png('v1'), store, savedAt);
    expect(await keptPlanImage(7, plan, store, savedAt + SAVED_MAX_AGE_MS)).not.toBeNull();
    expect(await keptPlanImage(7, plan, store, savedAt + SAVED_MAX_AGE_MS + 1)).toBeNull();
  });

  it('keeps only the plans of the open orders, and forgets them all on sign-out', async () => {
    const store = freshStore();
    await keepPlanImage(7, plan, png('a'), store);
    await keepPlanImage(7, { id: 6, updatedAt: plan.updatedAt }, png('b'), store);
    await keepOnlyPlanImages(7, new Set([6]), store);
    expect(await keptPlanImage(7, plan, store)).toBeNull();
    expect(await keptPlanImage(7, { id: 6, updatedAt: plan.updatedAt }, store)).not.toBeNull();
    await forgetPlanImages(store);
    expect(await keptPlanImage(7, { id: 6, updatedAt: plan.updatedAt }, store)).toBeNull();
  });
});
