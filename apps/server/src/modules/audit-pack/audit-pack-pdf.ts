import type { Readable } from 'node:stream';
import { renderInTwoPasses } from '../../lib/pdf-sections.js';
import { drawActions } from './pdf/actions.js';
import { annexPages, drawAnnexes } from './pdf/annexes.js';
import { drawActivity } from './pdf/activity.js';
import { drawAssessments, drawReviews } from './pdf/assessments.js';
import { drawCertificates } from './pdf/certificates.js';
import { drawCover, drawIndex } from './pdf/cover.js';
import { drawCoverage } from './pdf/coverage.js';
import { drawInventory } from './pdf/inventory.js';
import { PACK_TITLE, type PackData, PackPages, type PackSectionId, periodIsEmpty } from './pdf/pack-pages.js';
import { drawPlanPages } from './pdf/plans.js';
import { drawContractedCoverage, drawProgramme } from './pdf/programme.js';
import { drawRemoteEvents } from './pdf/remote.js';
import { drawCompany, drawScope } from './pdf/scope.js';
import { drawSightings } from './pdf/sightings.js';
import { drawThresholds } from './pdf/thresholds.js';
import { drawTreatments } from './pdf/treatments.js';
import { drawTrends } from './pdf/trends.js';

/**
 * The audit pack as a PDF stream, its sections in the order an auditor reads them (PACK_SECTIONS), each drawn by
 * a file of its own in pdf/ on the shared section pieces of lib/pdf-sections.ts. Laid out twice: the index needs
 * every section's first page (renderInTwoPasses).
 */
export function renderAuditPack(data: PackData): Promise<Readable> {
  return renderInTwoPasses<PackSectionId>(`${PACK_TITLE} · ${data.site.name}`, async (doc, known, pace) => {
    const pack = new PackPages(doc, data, known, pace);
    pack.footer();
    drawCover(pack);
    drawIndex(pack);
    drawScope(pack);
    drawCompany(pack);
    if (periodIsEmpty(data)) return pack.pages();
    drawProgramme(pack);
    drawAssessments(pack);
    drawReviews(pack);
    await drawPlanPages(pack, 'plans');
    await drawInventory(pack);
    await drawCoverage(pack);
    await drawContractedCoverage(pack);
    await drawCertificates(pack);
    drawActivity(pack);
    await drawTreatments(pack);
    await drawThresholds(pack);
    await drawActions(pack);
    await drawSightings(pack);
    await drawRemoteEvents(pack);
    drawTrends(pack);
    await drawPlanPages(pack, 'heat');
    drawAnnexes(pack);
    // The annexes' pages follow (pack-annexes.ts): every "Página N de M" counts them.
    const laidOut = pack.pages();
    return { ...laidOut, total: laidOut.total + annexPages(data.annexes) };
  });
}
