import { SiteMessages, type PutThresholdsBody, type SiteThresholds, type ThresholdSet } from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ThresholdsRepository } from './thresholds.repository.js';

/**
 * Thresholds, global and per site, versioned. What a finding crosses, and the corrective action it opens, is
 * judged by the database in the finding's own transaction (sql/rondin_record_breach.sql).
 */
export class ThresholdsService {
  constructor(private readonly repository: ThresholdsRepository) {}

  thresholds(at?: string): Promise<ThresholdSet> {
    return this.repository.thresholds(null, at ? new Date(at) : null);
  }

  async putThresholds(body: PutThresholdsBody, user: AuthUser): Promise<ThresholdSet> {
    await this.repository.replaceThresholds(user, null, body.thresholds);
    return this.repository.thresholds(null);
  }

  async siteThresholds(siteId: number, at?: string): Promise<SiteThresholds> {
    if (!(await this.repository.siteExists(siteId))) throw AppError.notFound(SiteMessages.notFound);
    const when = at ? new Date(at) : null;
    const [overrides, defaults] = await Promise.all([
      this.repository.thresholds(siteId, when),
      this.repository.thresholds(null, when),
    ]);
    return { siteId, validFrom: overrides.validFrom, overrides: overrides.thresholds, defaults: defaults.thresholds };
  }

  async putSiteThresholds(siteId: number, body: PutThresholdsBody, user: AuthUser): Promise<SiteThresholds> {
    if (!(await this.repository.siteExists(siteId))) throw AppError.notFound(SiteMessages.notFound);
    await this.repository.replaceThresholds(user, siteId, body.thresholds);
    return this.siteThresholds(siteId);
  }
}
