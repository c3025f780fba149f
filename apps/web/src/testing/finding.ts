import type { Finding } from '@rondin/contracts';

/** A finding as the API answers it ("sin novedad" unless told otherwise), for component and unit tests. */
export function makeFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 1,
    itemId: 1,
    clientFindingId: '00000000-0000-4000-8000-000000000001',
    recordedAt: '2030-01-01T10:00:00.000Z',
    receivedAt: '2030-01-01T10:00:01.000Z',
    recordedBy: { id: 2, fullName: 'Tomás Tapia' },
    deviceStatus: 'OK',
    activity: 'NINGUNA',
    derivedActivity: 'NINGUNA',
    baitConsumption: null,
    baitState: null,
    captures: [],
    evidence: [],
    actions: [],
    notes: null,
    reason: null,
    isCorrection: false,
    flags: [],
    isCurrent: true,
    versionCount: 1,
    ...overrides,
  };
}
