import type { Plan, PlanDetail, PlanDevice } from '@rondin/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { renderWithApp } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { OrderPlanButton } from './order-plan-view';

const STAMP = '2030-01-01T00:00:00.000Z';
const FIRST_LOAD = { timeout: 5000 };

function device(trapId: number, number: number, code: string, area: string | null = null): PlanDevice {
  return {
    trapId,
    planId: 5,
    x: 0.1 * trapId,
    y: 0.5,
    placedAt: STAMP,
    number,
    code,
    type: 'CEBADERO',
    zone: null,
    area,
    isActive: true,
  };
}

function plan(id: number, name: string, devices: PlanDevice[]): PlanDetail {
  return {
    id,
    siteId: 1,
    name,
    width: 1000,
    height: 800,
    mediaType: 'image/png',
    size: 10,
    placedCount: devices.length,
    createdAt: STAMP,
    updatedAt: STAMP,
    devices,
  };
}

const summary = ({ devices: _devices, ...rest }: PlanDetail): Plan => rest;

// Trap 4 is on the plan but not in the order; trap 3 is in the order but on no plan.
const bodega = plan(5, 'Bodega', [
  device(2, 1, 'A-01', 'Pasillo 2'),
  device(1, 2, 'B-01', 'Andén'),
  device(4, 3, 'C-09'),
]);
const empty = plan(6, 'Oficinas', []);
const order = makeSession({ id: 12, siteId: 1 }, [{ trapId: 1 }, { trapId: 2 }, { trapId: 3 }]);

function serve(plans: PlanDetail[]) {
  const calls = mockApi({
    'GET /api/sites/1/plans': () => ({ body: plans.map(summary) }),
    'GET /api/plans/5': () => ({ body: bodega }),
    'GET /api/plans/6': () => ({ body: empty }),
  });
  return calls;
}

describe("'Ver en el plano' on the scan screen", () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the order's devices on its plan: what is pending, numbered as on the printed map", async () => {
    const calls = serve([bodega, empty]);
    const readImage = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
    const user = userEvent.setup();
    renderWithApp(
      <OrderPlanButton
        order={order}
        done={
          new Map([
            [1, true],
            [2, false],
            [3, false],
          ])
        }
        lastTrapId={1}
        readImage={readImage}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Ver en el plano' }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Plano de la orden' });
    expect(await within(dialog).findByText('1 pendiente de 2 en este plano.')).toBeInTheDocument();
    const pending = within(dialog).getByRole('region', { name: 'Pendientes en este plano' });
    // A-01 is n.º 1 on the map (code order among all the plan's devices), and still to do.
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1A-01Pasillo 2']);
    expect(within(dialog).getByRole('application', { name: 'Plano «Bodega» de la orden' })).toBeInTheDocument();
    // The image was read for the device as soon as the order showed, through the copy kept on the phone.
    expect(readImage).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }), expect.anything());
    // A plan without devices is never read in full.
    expect(calls.some((call) => call.key === 'GET /api/plans/6')).toBe(false);
  });

  it('offers no button when none of the order is on a plan', async () => {
    const calls = serve([empty]);
    renderWithApp(<OrderPlanButton order={order} done={new Map()} lastTrapId={null} />);
    await waitFor(() => expect(calls.some((call) => call.key === 'GET /api/sites/1/plans')).toBe(true), FIRST_LOAD);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ver en el plano' })).not.toBeInTheDocument());
  });
});
