import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import type { PackDays } from '../utils/pack-period';

export type AuditPackFormat = 'pdf' | 'excel';

/** Where a site's pack is read: the office's GET /sites/{id}/audit-pack, or the plant's portal's own. */
export type AuditPackPath = (siteId: number) => string;
export const OFFICE_AUDIT_PACK: AuditPackPath = (siteId) => `/sites/${siteId}/audit-pack`;

/** The PDF or its Excel annex of the given days, or of the last twelve months. */
export function getAuditPack(
  siteId: number,
  format: AuditPackFormat,
  days: PackDays,
  path: AuditPackPath = OFFICE_AUDIT_PACK,
): Promise<Blob> {
  const query = new URLSearchParams({ format, ...days });
  return apiBlob(`${path(siteId)}?${query}`);
}

/** 'dossier-auditoria-planta-norte-2026-01-01-2026-12-31.pdf', as the server names it, or '…-ultimos-12-meses'. */
export function auditPackFileName(siteName: string, format: AuditPackFormat, days: PackDays): string {
  const slug =
    siteName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'sitio';
  const period = days ? `${days.from}-${days.to}` : 'ultimos-12-meses';
  return `dossier-auditoria-${slug}-${period}.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
}

export function useDownloadAuditPack(path: AuditPackPath = OFFICE_AUDIT_PACK) {
  return useMutation({
    mutationFn: async ({
      site,
      format,
      days,
    }: {
      site: { id: number; name: string };
      format: AuditPackFormat;
      days: PackDays;
    }) => saveBlob(await getAuditPack(site.id, format, days, path), auditPackFileName(site.name, format, days)),
  });
}
