/**
 * Tells whoever holds an account's live connections that its access changed (password, role, deactivation,
 * deletion), so they are closed at once instead of serving it until they drop. Realtime delivery lives elsewhere.
 */
export interface AccountEvents {
  accessChanged(technicianId: number): void;
}
