import type { Plan, PlanDetail } from '@rondin/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPlanImages } from '../features/offline/saved-plan-images';
import { answerRequests, mockApi, networkError } from '../testing/network';
import { createTestQueryClient, makeTechnician, storeSignIn } from '../testing/render';
import { makeSession } from '../testing/sessions';
import { keepPlansOfOrders, readPlanImageOnDevice } from './offline-plans';

const STAMP = '2030-01-01T00:00:00.000Z';
const bodega: PlanDetail = {
  id: 5,
  siteId: 1,
  name: 'Bodega',
  width: 1000,
  height: 800,
  mediaType: 'image/png',
  size: 10,
  placedCount: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  devices: [
    {
      trapId: 1,
      planId: 5,
      x: 0.5,
      y: 0.5,
      placedAt: STAMP,
      number: 1,
      code: 'A-01',
      type: 'OTRO',
      zone: null,
      area: null,
      isActive: true,
    },
  ],
};
const { devices: _devices, ...summary } = bodega;

describe("the open orders' plans kept on the phone", () => {
  afterEach(async () => {
    await forgetPlanImages();
  });

  it('reads the plans and images of the open orders at once, and shows the image later without signal', async () => {
    storeSignIn(makeTechnician({ id: 2, role: 'TECH' }));
    const calls = mockApi({
      'GET /api/sites/1/plans': () => ({ body: [summary satisfies Plan] }),
      'GET /api/plans/5': () => ({ body: bodega }),
      'GET /api/plans/5/image': () => ({ body: 'imagen' }),
    });
    const client = createTestQueryClient();
    await keepPlansOfOrders(client, [makeSession({ id: 12, siteId: 1 }, [{ trapId: 1 }])], 2);
    expect(calls.map((call) => call.key)).toEqual([
      'GET /api/sites/1/plans',
      'GET /api/plans/5',
      'GET /api/plans/5/image',
    ]);

    // Out of coverage: every request fails, the kept copy answers.
    answerRequests(networkError);
    const image = await readPlanImageOnDevice(bodega, new AbortController().signal);
    expect(await image.text()).toBe('"imagen"');
  });
});
