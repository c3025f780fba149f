/**
 * Tells the assigned technician's devices, and the office's screens, that an order changed; realtime delivery
 * lives elsewhere.
 */
export interface OrderEvents {
  created(technicianId: number, sessionId: number): void;
  updated(technicianId: number, sessionId: number): void;
  /** A device's finding was stored: for the office only. */
  findingRecorded(sessionId: number, itemId: number): void;
  /** A corrective action opened, over a threshold or by hand: for the office only. */
  actionOpened(actionId: number): void;
  /** The plant's staff reported a sighting (its action opened with it): for the office only. */
  sightingCreated(sightingId: number, siteId: number, actionId: number): void;
}

/** For work done with the server stopped (seeding, benchmarks of a service alone): nobody to tell. */
export const NO_ORDER_EVENTS: OrderEvents = {
  created() {},
  updated() {},
  findingRecorded() {},
  actionOpened() {},
  sightingCreated() {},
};
