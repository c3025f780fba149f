import { z } from 'zod';

export const ComplianceReport = z.object({
  totalSessions: z.number().int(),
  completedSessions: z.number().int(),
  /** completed / total × 100, with one decimal; 0 when there are no orders. */
  completionRate: z.number(),
  pendingTraps: z.number().int(),
  overdueSessions: z.number().int(),
});
export type ComplianceReport = z.infer<typeof ComplianceReport>;

export const ExportQuery = z.strictObject({
  format: z.enum(['pdf', 'excel'], { error: 'El formato debe ser pdf o excel.' }),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const EXPORT_FILE_NAMES = { pdf: 'reporte-operativo.pdf', excel: 'reporte-operativo.xlsx' } as const;
