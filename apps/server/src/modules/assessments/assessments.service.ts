import {
  ASSESSMENT_PHOTOS_MAX,
  AssessmentMessages,
  ClientPhotoId,
  PHOTO_MAX_DIMENSION,
  PHOTO_MAX_PIXELS,
  PhotoMessages,
  PortalMessages,
  type Assessment,
  type AssessmentDueList,
  type AssessmentSummary,
  type AssessmentKind,
  type AssessmentPhoto,
  type CreateAssessmentBody,
  type SiteAssessments,
  type UpdateAssessmentBody,
} from '@rondin/contracts';
import { Readable } from 'node:stream';
import type { StoredRecommendationRow } from '../../db/schema.js';
import type { FileStorage, OpenedFile } from '../../files/file-storage.js';
import { type ImageRules, withoutMetadata } from '../../files/images.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import { spool, type SpooledFile } from '../../files/spool.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import { PHOTO_FORM } from '../findings/findings.service.js';
import { printablePng } from '../../lib/pdf-image.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import type { PdfSeal } from '../../lib/pdf-signature.js';
import { spoolPrintThumbnail, storedPrintThumbnail } from '../../lib/print-thumbnail.js';
import { localDate } from '../../lib/time-zone.js';
import { byUrgency, dueOf, isQuarterStart, quarterEnd } from './assessment-due.js';
import { type FiguresSource, quarterFigures } from './assessment-figures.js';
import { type AreaPhotos, renderAssessmentReport } from './assessment-report.js';
import type { AssessmentChanges, AssessmentsRepository } from './assessments.repository.js';

/** An assessment's photo: the findings' form (the photo and its clientPhotoId) and rules. */
export const ASSESSMENT_PHOTO_FORM: UploadSpec = PHOTO_FORM;
const PHOTO_IMAGE: ImageRules = {
  maxWidth: PHOTO_MAX_DIMENSION,
  maxHeight: PHOTO_MAX_DIMENSION,
  maxPixels: PHOTO_MAX_PIXELS,
  messages: { unreadable: PhotoMessages.unreadable, tooManyPixels: PhotoMessages.tooManyPixels },
};

/** The signer's stored signature as the report prints it (the certificates' box). */
const SIGNATURE_PRINT = { width: 800, height: 260 };
const SIGNATURE_MAX_PIXELS = 4_000_000;
const SIGNATURE_COPY = {
  accept: ['image/png'] as const,
  maxBytes: 2 * 1024 * 1024,
  messages: { tooLarge: 'Firma demasiado grande.', wrongType: 'La firma no es PNG.', empty: 'Firma vacía.' },
};
/** A report's PDF: a limit keeps a runaway render from filling the disk. */
const PDF_FILE = {
  accept: ['application/pdf'] as const,
  maxBytes: 256 * 1024 * 1024,
  messages: { tooLarge: 'Informe demasiado grande.', wrongType: 'El informe no es PDF.', empty: 'Informe vacío.' },
};
/** Photos printed per area; the rest are counted. */
const AREA_PHOTOS_PRINTED = 4;

export type ReadForm = () => Promise<Upload>;

export interface AssessmentsOptions {
  timeZone: string;
  trends: FiguresSource['trends'];
  coverage: FiguresSource['coverage'];
  company: LetterheadSource;
  events: OrderEvents;
  seal?: PdfSeal | undefined;
}

async function bytesOf(opened: OpenedFile | undefined): Promise<Buffer | null> {
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether a CLIENTE may see the site (its scope); the portal's routes only are open to it. */
const inScope = (user: AuthUser, siteId: number) => (user.siteIds ?? []).includes(siteId);

const withoutActions = (recommendations: { text: string; dueDate: string }[]): StoredRecommendationRow[] =>
  recommendations.map(({ text, dueDate }) => ({ text, dueDate, actionId: null }));

/**
 * Site assessments (DESIGN-plant.md, "Control programme and assessments"): drafts written area by area, signed
 * by a technical manager with the stored signature and then fixed, corrected by a revision; the quarterly
 * review's figures; what each site owes. The module's README says why where the design is silent.
 */
export class AssessmentsService {
  constructor(
    private readonly repository: AssessmentsRepository,
    private readonly files: FileStorage,
    private readonly options: AssessmentsOptions,
  ) {}

  private get figures(): FiguresSource {
    return { trends: this.options.trends, coverage: this.options.coverage, repository: this.repository };
  }

  async list(siteId: number): Promise<SiteAssessments> {
    const site = await this.site(siteId);
    const [items, facts] = await Promise.all([this.repository.list(siteId), this.repository.dueFacts(siteId)]);
    const today = localDate(new Date(), site.timeZone);
    return { items, due: facts.flatMap((each) => dueOf(each, today)).sort(byUrgency), asOf: today };
  }

  /** What every active site owes, each judged on its own calendar day. */
  async due(): Promise<AssessmentDueList> {
    const now = new Date();
    const facts = await this.repository.dueFacts();
    return {
      asOf: localDate(now, this.options.timeZone),
      items: facts.flatMap((each) => dueOf(each, localDate(now, each.timeZone))).sort(byUrgency),
    };
  }

  async get(id: number): Promise<Assessment> {
    const found = await this.repository.detail(id);
    if (!found) throw AppError.notFound(AssessmentMessages.notFound);
    const { timeZone: _zone, siteAddress: _address, client: _client, reportFileId: _file, ...assessment } = found;
    return assessment;
  }

  /**
   * Opens a draft; a replayed clientAssessmentId answers the stored one (created false). A quarterly review
   * holds its quarter's figures from the start; a revision the content of the one it corrects, unless given.
   */
  async create(
    user: AuthUser,
    siteId: number,
    body: CreateAssessmentBody,
  ): Promise<{ assessment: Assessment; created: boolean }> {
    const site = await this.site(siteId);
    const replayed = await this.replay(siteId, body.clientAssessmentId);
    if (replayed) return { assessment: replayed, created: false };
    const today = localDate(new Date(), site.timeZone);
    const period = this.period(body.kind, body.periodFrom ?? null, body.periodTo ?? null, today);
    const performedById = body.performedBy ?? user.id;
    await this.performer(performedById);
    const figures =
      body.kind === 'REVISION_TRIMESTRAL'
        ? await quarterFigures(this.figures, site, period.periodFrom!, period.periodTo!)
        : null;
    let id: number;
    try {
      id = await this.repository.transaction(user, async (tx) => {
        let base: Awaited<ReturnType<AssessmentsRepository['content']>> | undefined;
        if (body.revisionOf !== undefined) {
          const original = await this.repository.revisable(tx, body.revisionOf);
          if (!original || original.siteId !== siteId) throw AppError.badRequest(AssessmentMessages.revisionOfNotFound);
          if (original.kind !== body.kind) throw AppError.badRequest(AssessmentMessages.revisionKind);
          if (original.status === 'BORRADOR') throw AppError.conflict(AssessmentMessages.revisionOfDraft);
          if (original.revisedBy !== null) {
            throw AppError.conflict(
              original.revisedByStatus === 'BORRADOR'
                ? AssessmentMessages.revisionOpen
                : AssessmentMessages.revisionOfSuperseded,
            );
          }
          base = await this.repository.content(tx, original.id);
        }
        return this.repository.insert(tx, {
          clientAssessmentId: body.clientAssessmentId ?? null,
          siteId,
          kind: body.kind,
          periodFrom: period.periodFrom ?? base?.periodFrom ?? null,
          periodTo: period.periodTo ?? base?.periodTo ?? null,
          performedAt: body.performedAt ? new Date(body.performedAt) : null,
          performedById,
          areas: body.areas ?? base?.areas ?? [],
          conclusions: body.conclusions !== undefined ? body.conclusions : (base?.conclusions ?? null),
          recommendations: body.recommendations
            ? withoutActions(body.recommendations)
            : withoutActions(base?.recommendations ?? []),
          figures,
          revisionOfId: body.revisionOf ?? null,
          createdById: user.id,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two deliveries of one POST at once: the second finds what the first stored.
      const stored = await this.replay(siteId, body.clientAssessmentId);
      if (stored) return { assessment: stored, created: false };
      throw AppError.conflict(AssessmentMessages.revisionOpen);
    }
    return { assessment: await this.get(id), created: true };
  }

  /** A draft's fields; a signed assessment never changes (409). */
  async update(user: AuthUser, id: number, body: UpdateAssessmentBody): Promise<Assessment> {
    const current = await this.repository.detail(id);
    if (!current) throw AppError.notFound(AssessmentMessages.notFound);
    if (current.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.signedReadOnly);
    const today = localDate(new Date(), current.timeZone);
    const changes: AssessmentChanges = {};
    if (body.periodFrom !== undefined || body.periodTo !== undefined) {
      const from = body.periodFrom !== undefined ? body.periodFrom : current.periodFrom;
      const to =
        body.periodTo !== undefined
          ? body.periodTo
          : current.kind === 'REVISION_TRIMESTRAL' && body.periodFrom !== undefined
            ? null
            : current.periodTo;
      const period = this.period(current.kind, from, to, today);
      Object.assign(changes, period);
      if (current.kind === 'REVISION_TRIMESTRAL' && period.periodFrom !== current.periodFrom) {
        // Another quarter: its own figures.
        changes.figures = await quarterFigures(
          this.figures,
          { id: current.site.id, timeZone: current.timeZone },
          period.periodFrom!,
          period.periodTo!,
        );
      }
    }
    if (body.performedBy !== undefined) {
      await this.performer(body.performedBy);
      changes.performedById = body.performedBy;
    }
    if (body.performedAt !== undefined) changes.performedAt = new Date(body.performedAt);
    if (body.areas !== undefined) changes.areas = body.areas;
    if (body.conclusions !== undefined) changes.conclusions = body.conclusions;
    if (body.recommendations !== undefined) changes.recommendations = withoutActions(body.recommendations);
    await this.repository.transaction(user, async (tx) => {
      const locked = await this.repository.lock(tx, id);
      if (!locked) throw AppError.notFound(AssessmentMessages.notFound);
      if (locked.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.signedReadOnly);
      if (Object.keys(changes).length > 0) await this.repository.update(tx, id, changes);
    });
    return this.get(id);
  }

  /**
   * Signs a draft as the caller: a technical manager (403 otherwise) with a stored signature (409 without).
   * The report is drawn and stored with its SHA-256, a copy of the signature kept, and each recommendation made
   * a CLIENTE corrective action with its due date, in one transaction.
   */
  async sign(user: AuthUser, id: number): Promise<Assessment> {
    const signer = await this.repository.account(user.id);
    if (signer?.qualification !== 'RESPONSABLE_TECNICO') {
      throw AppError.forbidden(AssessmentMessages.signNotQualified);
    }
    if (signer.signatureFileId === null) throw AppError.conflict(AssessmentMessages.signNoSignature);
    const current = await this.repository.detail(id);
    if (!current) throw AppError.notFound(AssessmentMessages.notFound);
    if (current.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.notDraft);
    if (current.areas.length === 0) throw AppError.conflict(AssessmentMessages.signNeedsAreas);
    if (!current.conclusions) throw AppError.conflict(AssessmentMessages.signNeedsConclusions);
    const uploaded = new Set(current.photos.map((photo) => photo.clientPhotoId));
    const missing = current.areas.flatMap((area) => area.photoIds).filter((photo) => !uploaded.has(photo)).length;
    if (missing > 0) throw AppError.conflict(AssessmentMessages.signPhotosMissing(missing));

    const signatureBytes = await this.files.open(signer.signatureFileId).then(bytesOf);
    if (!signatureBytes) throw AppError.conflict(AssessmentMessages.signNoSignature);
    const printed = await printablePng(signatureBytes, SIGNATURE_PRINT, SIGNATURE_MAX_PIXELS);
    if (!printed) throw AppError.conflict(AssessmentMessages.signNoSignature);
    const signedAt = new Date();
    const signed = {
      ...current,
      status: 'FIRMADA' as const,
      signedAt: signedAt.toISOString(),
      signedBy: { id: signer.id, fullName: signer.fullName, qualification: 'RESPONSABLE_TECNICO' as const },
    };
    const drawn = await this.render(signed, printed);
    const title = `Evaluación N.º ${id}`;
    const pdf = await spool(this.options.seal ? await this.options.seal(drawn, title) : drawn, PDF_FILE);
    const signatureCopy = await spool(Readable.from([printed]), SIGNATURE_COPY);
    let actionIds: number[] = [];
    try {
      actionIds = await this.repository.transaction(user, async (tx) => {
        const locked = await this.repository.lock(tx, id);
        if (!locked) throw AppError.notFound(AssessmentMessages.notFound);
        if (locked.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.notDraft);
        // Changed while the report was drawn: what was drawn is not what is stored.
        if (locked.updatedAt !== current.updatedAt) throw AppError.conflict(AssessmentMessages.changedWhileSigning);
        const report = await this.files.save(pdf, `evaluacion-${id}`, tx);
        const signature = await this.files.save(signatureCopy, `firma-evaluacion-${id}`, tx);
        const recommendations: StoredRecommendationRow[] = [];
        for (const recommendation of current.recommendations) {
          const actionId = await this.repository.insertRecommendationAction(tx, {
            siteId: current.site.id,
            assessmentId: id,
            text: recommendation.text,
            dueDate: recommendation.dueDate,
            byId: user.id,
            note: `Recomendación de la evaluación N.º ${id}.`,
          });
          recommendations.push({ text: recommendation.text, dueDate: recommendation.dueDate, actionId });
        }
        await this.repository.sign(tx, id, {
          signedById: signer.id,
          signerName: signer.fullName,
          signerQualification: 'RESPONSABLE_TECNICO',
          signedAt,
          signatureFileId: signature.id,
          reportFileId: report.id,
          reportSha256: report.sha256,
          recommendations,
        });
        return recommendations.map((each) => each.actionId!);
      });
    } finally {
      await Promise.all([pdf.dispose(), signatureCopy.dispose()]);
    }
    for (const actionId of actionIds) this.options.events.actionOpened(actionId);
    return this.get(id);
  }

  /** The signed report as issued; a draft's is drawn as it stands, marked unsigned. */
  async report(id: number): Promise<ServedFile | { name: string; stream: Readable }> {
    const current = await this.repository.detail(id);
    if (!current) throw AppError.notFound(AssessmentMessages.notFound);
    const name = `evaluacion-${id}`;
    if (current.reportFileId !== null) {
      const opened = await this.files.open(current.reportFileId);
      if (!opened) throw AppError.notFound(AssessmentMessages.notFound);
      return { file: opened.file, name, open: () => opened.content };
    }
    return { name: `${name}-borrador`, stream: await this.render(current, null) };
  }

  /** Adds a photo, named by the clientPhotoId an area gives; a replayed one answers the stored photo. */
  async addPhoto(
    user: AuthUser,
    id: number,
    readForm: ReadForm,
  ): Promise<{ photo: AssessmentPhoto; created: boolean }> {
    const current = await this.repository.detail(id);
    if (!current) throw AppError.notFound(AssessmentMessages.notFound);
    const { file: upload, fields } = await readForm();
    let kept: SpooledFile | undefined;
    let thumbnail: SpooledFile | null = null;
    try {
      const clientPhotoId = ClientPhotoId.safeParse(fields.clientPhotoId);
      if (!clientPhotoId.success) throw AppError.badRequest(PhotoMessages.clientPhotoIdRequired);
      const photoId = clientPhotoId.data.toLowerCase();
      const replay = await this.repository.transaction(user, (tx) => this.repository.photoByClientId(tx, photoId));
      if (replay) {
        if (replay.assessmentId !== id) throw AppError.conflict(AssessmentMessages.clientPhotoIdReused);
        return { photo: (await this.repository.photos(id)).find((photo) => photo.id === replay.id)!, created: false };
      }
      if (current.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.photoSigned);
      if (!upload) throw AppError.badRequest(PhotoMessages.fileRequired);
      const file = await withoutMetadata(upload, PHOTO_IMAGE);
      kept = file;
      thumbnail = await spoolPrintThumbnail(file);
      const stored = await this.repository
        .transaction(user, async (tx) => {
          const locked = await this.repository.lock(tx, id);
          if (!locked) throw AppError.notFound(AssessmentMessages.notFound);
          const again = await this.repository.photoByClientId(tx, photoId);
          if (again) {
            if (again.assessmentId !== id) throw AppError.conflict(AssessmentMessages.clientPhotoIdReused);
            return { id: again.id, created: false };
          }
          if (locked.status !== 'BORRADOR') throw AppError.conflict(AssessmentMessages.photoSigned);
          if ((await this.repository.photoCount(tx, id)) >= ASSESSMENT_PHOTOS_MAX) {
            throw AppError.conflict(AssessmentMessages.photosTooMany(ASSESSMENT_PHOTOS_MAX));
          }
          const saved = await this.files.save(file, `Foto de la evaluación ${id}`, tx);
          const small = thumbnail && (await this.files.save(thumbnail, `Miniatura de la evaluación ${id}`, tx));
          const inserted = await this.repository.insertPhoto(tx, {
            assessmentId: id,
            clientPhotoId: photoId,
            fileId: saved.id,
            thumbnailFileId: small ? small.id : null,
            byId: user.id,
          });
          return { id: inserted, created: true };
        })
        .catch((error: unknown) => {
          // The same photo delivered twice at once: the second finds the first's row after its commit.
          if (isUniqueViolation(error)) throw AppError.conflict(AssessmentMessages.clientPhotoIdReused);
          throw error;
        });
      const photo = (await this.repository.photos(id)).find((each) => each.id === stored.id)!;
      return { photo, created: stored.created };
    } finally {
      await Promise.all([upload?.dispose(), kept !== upload && kept?.dispose(), thumbnail?.dispose()]);
    }
  }

  /** A photo of the assessment, or its small JPEG (the photo itself when it has none). */
  async photoFile(id: number, photoId: number, thumbnail: boolean): Promise<ServedFile> {
    const found = await this.repository.photoFiles(id, photoId);
    if (!found) throw AppError.notFound(AssessmentMessages.photoNotFound);
    const fileId = thumbnail ? (found.thumbnailFileId ?? found.fileId) : found.fileId;
    const opened = await this.files.open(fileId);
    if (!opened) throw AppError.notFound(AssessmentMessages.photoNotFound);
    return {
      file: opened.file,
      name: `evaluacion-${id}-foto-${photoId}${thumbnail ? '-miniatura' : ''}`,
      open: () => opened.content,
    };
  }

  /** The plant's side (portal): the site's signed assessments, accepted or not, newest first. */
  signedOf(siteId: number): Promise<AssessmentSummary[]> {
    return this.repository.signed(siteId);
  }

  /** The signed report of an assessment of one of a CLIENTE's sites; a draft, or another site's, is a 404. */
  async scopedReport(user: AuthUser, id: number): Promise<ServedFile> {
    const found = await this.repository.detail(id);
    if (!found || found.reportFileId === null || !inScope(user, found.site.id)) {
      throw AppError.notFound(PortalMessages.assessmentNotFound);
    }
    const opened = await this.files.open(found.reportFileId);
    if (!opened) throw AppError.notFound(PortalMessages.assessmentNotFound);
    return { file: opened.file, name: `evaluacion-${id}`, open: () => opened.content };
  }

  /**
   * The plant accepts a signed assessment of one of its sites (status ACEPTADA): who, when and their note, once,
   * in the change log as theirs. Another site's is a 404; a draft, one already accepted or one a signed revision
   * replaced is a 409.
   */
  async acknowledge(user: AuthUser, id: number, note: string | null): Promise<AssessmentSummary> {
    const found = await this.repository.summary(id);
    if (!found || !inScope(user, found.site.id)) throw AppError.notFound(PortalMessages.assessmentNotFound);
    if (found.supersededBy !== null) throw AppError.conflict(PortalMessages.assessmentSuperseded);
    await this.repository.transaction(user, async (tx) => {
      const locked = await this.repository.lock(tx, id);
      if (!locked) throw AppError.notFound(PortalMessages.assessmentNotFound);
      if (locked.status === 'BORRADOR') throw AppError.conflict(PortalMessages.assessmentNotSigned);
      if (locked.status === 'ACEPTADA') throw AppError.conflict(PortalMessages.assessmentAlreadyAccepted);
      await this.repository.accept(tx, id, user.id, note);
    });
    return (await this.repository.summary(id))!;
  }

  private async site(id: number) {
    const site = await this.repository.site(id);
    if (!site) throw AppError.notFound(AssessmentMessages.siteNotFound);
    return site;
  }

  private async performer(id: number): Promise<void> {
    const account = await this.repository.account(id);
    if (!account?.isActive) throw AppError.badRequest(AssessmentMessages.performedByNotFound);
  }

  /** The stored assessment a retried POST names; another site's id is a 409. */
  private async replay(siteId: number, clientAssessmentId: string | undefined): Promise<Assessment | undefined> {
    if (clientAssessmentId === undefined) return undefined;
    const stored = await this.repository.byClientId(clientAssessmentId);
    if (!stored) return undefined;
    if (stored.siteId !== siteId) throw AppError.conflict(AssessmentMessages.clientIdReused);
    return this.get(stored.id);
  }

  /**
   * The period a kind takes: none for a diagnosis; a whole quarter that has begun for a quarterly review
   * (periodTo worked out when left out); any, or none, for an annual survey.
   */
  private period(
    kind: AssessmentKind,
    periodFrom: string | null,
    periodTo: string | null,
    today: string,
  ): { periodFrom: string | null; periodTo: string | null } {
    if (kind === 'DIAGNOSTICO') {
      if (periodFrom !== null || periodTo !== null) throw AppError.badRequest(AssessmentMessages.diagnosisNoPeriod);
      return { periodFrom: null, periodTo: null };
    }
    if (kind === 'REVISION_ANUAL') {
      if (periodFrom !== null && periodTo !== null && periodFrom > periodTo) {
        throw AppError.badRequest(AssessmentMessages.periodReversed);
      }
      return { periodFrom, periodTo };
    }
    if (periodFrom === null) throw AppError.badRequest(AssessmentMessages.quarterRequired);
    if (!isQuarterStart(periodFrom)) throw AppError.badRequest(AssessmentMessages.quarterStart);
    const end = quarterEnd(periodFrom);
    if (periodTo !== null && periodTo !== end) throw AppError.badRequest(AssessmentMessages.quarterEnd);
    if (periodFrom > today) throw AppError.badRequest(AssessmentMessages.quarterFuture);
    return { periodFrom, periodTo: end };
  }

  private async render(
    assessment: Assessment & { timeZone: string; siteAddress: string | null; client: string | null },
    signature: Buffer | null,
  ): Promise<Readable> {
    return renderAssessmentReport(assessment, {
      timeZone: assessment.timeZone,
      letterhead: await this.options.company(),
      signature,
      photos: await this.printPhotos(assessment),
    });
  }

  /** Each area's first photos, small: the thumbnail made at upload, in the order the area names them. */
  private async printPhotos(assessment: Assessment): Promise<AreaPhotos> {
    const stored = new Map(
      (await this.repository.printPhotos(assessment.id)).map((photo) => [photo.clientPhotoId, photo]),
    );
    const printed: AreaPhotos = new Map();
    for (const area of assessment.areas) {
      const shown = [];
      for (const photoId of area.photoIds.slice(0, AREA_PHOTOS_PRINTED)) {
        const photo = stored.get(photoId);
        if (!photo?.thumbnailFileId) continue;
        const bytes = await this.files.open(photo.thumbnailFileId).then(bytesOf, () => null);
        const thumbnail = bytes && (await storedPrintThumbnail(bytes));
        if (thumbnail) shown.push(thumbnail);
      }
      printed.set(area.area, { shown, total: area.photoIds.length });
    }
    return printed;
  }
}
