/** Tells the assigned technician's devices that an order changed; realtime delivery lives elsewhere. */
export interface SessionEvents {
  created(technicianId: number, sessionId: number): void;
  updated(technicianId: number, sessionId: number): void;
}
