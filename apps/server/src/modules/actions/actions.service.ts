import {
  ACTION_PHOTOS_MAX,
  ACTION_TRANSITIONS,
  ActionMessages,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DIMENSION,
  PHOTO_MAX_PIXELS,
  PHOTO_TYPES,
  PhotoMessages,
  SiteMessages,
  ACTION_ORIGIN_NAMES,
  ACTION_RESPONSIBLE_NAMES,
  ACTION_SEVERITY_NAMES,
  ACTION_STATUS_NAMES,
  PRODUCT_IMPACT_NAMES,
  type ActionExportQuery,
  type ActionList,
  type ActionPhoto,
  type ActionListQuery,
  type CorrectiveAction,
  type CorrectiveActionDetail,
  type CreateActionBody,
  type PortalActionList,
  type UpdateActionBody,
  ActionResponseFields,
  PORTAL_RESPONSE_PHOTOS_MAX,
  PortalMessages,
} from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../files/file-storage.js';
import { type ImageRules, withoutMetadata } from '../../files/images.js';
import type { ReadUpload, Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import type { SpooledFile } from '../../files/spool.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import { type ExportColumn, fileDay, writeListExport } from '../../lib/list-export.js';
import { spoolPrintThumbnail } from '../../lib/print-thumbnail.js';
import { wallClock } from '../../lib/time-zone.js';
import type {
  ActionChanges,
  ActionsRepository,
  FieldChange,
  LockedAction,
  UnacknowledgedRecommendation,
} from './actions.repository.js';

/** The plant's response: a note and up to 3 photos, each under the action photos' rules. */
export const ACTION_RESPONSE_FORM: UploadSpec = {
  accept: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  messages: { tooLarge: PhotoMessages.tooLarge, wrongType: PhotoMessages.wrongType, empty: PhotoMessages.emptyFile },
  fields: ['note'],
  maxFiles: { count: PORTAL_RESPONSE_PHOTOS_MAX, message: PortalMessages.tooManyPhotos },
};

/** Whether the caller may see the site: any for the office's accounts, its scope's for a CLIENTE. */
const inScope = (user: AuthUser, siteId: number) => user.role !== 'CLIENTE' || (user.siteIds ?? []).includes(siteId);

/** An action's photo: the findings' rules (JPEG or WebP, 2 MB, decoded whole, kept without metadata). */
export const ACTION_PHOTO_FORM: UploadSpec = {
  accept: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  messages: { tooLarge: PhotoMessages.tooLarge, wrongType: PhotoMessages.wrongType, empty: PhotoMessages.emptyFile },
  fields: [],
};
const ACTION_PHOTO_IMAGE: ImageRules = {
  maxWidth: PHOTO_MAX_DIMENSION,
  maxHeight: PHOTO_MAX_DIMENSION,
  maxPixels: PHOTO_MAX_PIXELS,
  messages: { unreadable: PhotoMessages.unreadable, tooManyPixels: PhotoMessages.tooManyPixels },
};

/** Actions an export reads at once. */
const EXPORT_BATCH = 500;

type ExportedAction = { action: CorrectiveAction; timeZone: string };

/** An instant's calendar day in the site's zone, YYYY-MM-DD. */
const localDay = (at: string | null, timeZone: string) =>
  at === null ? null : wallClock(at, timeZone).toISOString().slice(0, 10);

/** The export's columns: every field the action keeps, in the site's words, days in the site's calendar. */
const EXPORT_COLUMNS: readonly ExportColumn<ExportedAction>[] = [
  { header: 'N.º', width: 7, kind: 'number', value: ({ action }) => action.id },
  { header: 'Sitio', width: 22, value: ({ action }) => action.site.name },
  {
    header: 'Dispositivo',
    width: 26,
    value: ({ action }) => (action.trap ? `${action.trap.code} · ${TRAP_TYPE_NAMES[action.trap.type]}` : null),
  },
  { header: 'Área', width: 18, value: ({ action }) => action.area },
  { header: 'Origen', width: 22, value: ({ action }) => ACTION_ORIGIN_NAMES[action.origin] },
  {
    header: 'Detectada',
    width: 11,
    kind: 'date',
    value: ({ action, timeZone }) => localDay(action.detectedAt, timeZone),
  },
  { header: 'Detectada por', width: 22, value: ({ action }) => action.detectedBy?.fullName ?? null },
  { header: 'Gravedad', width: 9, value: ({ action }) => ACTION_SEVERITY_NAMES[action.severity] },
  { header: 'Descripción', width: 40, value: ({ action }) => action.description },
  { header: 'Corrección inmediata', width: 30, value: ({ action }) => action.immediateCorrection },
  {
    header: 'Impacto en producto',
    width: 18,
    value: ({ action }) => (action.productImpactKind ? PRODUCT_IMPACT_NAMES[action.productImpactKind] : null),
  },
  { header: 'Detalle del impacto', width: 30, value: ({ action }) => action.productImpact },
  { header: 'Causa raíz', width: 30, value: ({ action }) => action.rootCause },
  { header: 'Acción preventiva', width: 30, value: ({ action }) => action.preventiveAction },
  { header: 'Responsable', width: 12, value: ({ action }) => ACTION_RESPONSIBLE_NAMES[action.responsible] },
  { header: 'Nombre del responsable', width: 22, value: ({ action }) => action.responsibleName },
  { header: 'Fecha límite', width: 11, kind: 'date', value: ({ action }) => action.dueDate },
  { header: 'Estado', width: 10, value: ({ action }) => ACTION_STATUS_NAMES[action.status] },
  { header: 'Vencida', width: 8, value: ({ action }) => (action.overdue ? 'Sí' : 'No') },
  { header: 'Plan de verificación', width: 30, value: ({ action }) => action.verificationPlan },
  { header: 'Cómo se verificó', width: 30, value: ({ action }) => action.verificationResult },
  { header: 'Verificada por', width: 22, value: ({ action }) => action.verifiedBy },
  { header: 'Fecha de verificación', width: 11, kind: 'date', value: ({ action }) => action.verifiedOn },
  {
    header: 'Cerrada el',
    width: 11,
    kind: 'date',
    value: ({ action, timeZone }) => localDay(action.closedAt, timeZone),
  },
  { header: 'Nota de cierre', width: 30, value: ({ action }) => action.closingNote },
  { header: 'Ocurrencias', width: 10, kind: 'number', value: ({ action }) => action.occurrenceCount },
];

/** Reads the request's form: the routes know the request, the service decides when to read it. */
export type ReadForm = () => Promise<Upload>;

/** A day as the office writes it: 31/01/2026. */
const spanishDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The changes of due date and responsible a PATCH makes. Its reason is the due date's when that changes (the one
 * a postponement must give), else the responsible's.
 */
function trackedChanges(current: LockedAction, changes: ActionChanges, reason: string | null): FieldChange[] {
  const found: FieldChange[] = [];
  const dueChanged = changes.dueDate !== undefined && changes.dueDate !== current.dueDate;
  for (const field of ['dueDate', 'responsible', 'responsibleName'] as const) {
    const after = changes[field];
    if (after === undefined || after === current[field]) continue;
    found.push({ field, before: current[field], after, reason: field === 'dueDate' || !dueChanged ? reason : null });
  }
  return found;
}

/** The fields PATCH may change besides the state, as the repository names them. */
const EDITABLE = [
  'severity',
  'description',
  'immediateCorrection',
  'productImpact',
  'rootCause',
  'preventiveAction',
  'responsible',
  'responsibleName',
  'dueDate',
  'verificationPlan',
  'verificationResult',
  'verifiedBy',
  'verifiedOn',
  'productImpactKind',
] as const;

/**
 * Corrective actions. Actions over a threshold are opened by the database in the finding's own transaction
 * (modules/thresholds/sql/rondin_record_breach.sql); here: the manual ones, and every state change, which a person makes.
 */
export class ActionsService {
  constructor(
    private readonly repository: ActionsRepository,
    private readonly events: Pick<OrderEvents, 'actionOpened'>,
    private readonly files: FileStorage,
    /** The server's zone: the day in an export's file name. */
    private readonly timeZone: string,
  ) {}

  list(query: ActionListQuery): Promise<ActionList> {
    return this.repository.list(query);
  }

  /** Every action the list's filters keep, in the list's order, as CSV or Excel, a batch at a time. */
  export(query: ActionExportQuery): { fileName: string; content: Readable } {
    const { format, ...filters } = query;
    const repository = this.repository;
    async function* batches() {
      let cursor: string | undefined;
      for (;;) {
        const rows = await repository.batch({ ...filters, ...(cursor ? { cursor } : {}) }, EXPORT_BATCH);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        cursor = rows.at(-1)!.key;
      }
    }
    return {
      fileName: `acciones-correctivas-${fileDay(this.timeZone)}.${format}`,
      content: writeListExport({ format, sheet: 'Acciones correctivas', columns: EXPORT_COLUMNS, batches: batches() }),
    };
  }

  async get(id: number): Promise<CorrectiveActionDetail> {
    const action = await this.repository.detail(id);
    if (!action) throw AppError.notFound(ActionMessages.notFound);
    return action;
  }

  async create(body: CreateActionBody, user: AuthUser): Promise<CorrectiveActionDetail> {
    if (!(await this.repository.siteExists(body.siteId))) throw AppError.badRequest(SiteMessages.notFound);
    let area = body.area ?? null;
    if (body.trapId) {
      const trap = await this.repository.trapOfSite(body.trapId, body.siteId);
      if (!trap) throw AppError.badRequest(ActionMessages.trapOtherSite);
      area ??= trap.area;
    }
    const responsible = body.responsible ?? (body.origin === 'RECOMENDACION' ? 'CLIENTE' : 'EMPRESA');
    const id = await this.repository.insert({ ...body, area, responsible }, user.id);
    this.events.actionOpened(id);
    return this.get(id);
  }

  /**
   * A change of state or fields, in one transaction with the action's row locked. Closing states how it was
   * verified, by whom and when (422 without); a due date moved later needs a reason (422); every change of due
   * date or responsible is kept with who, when, before and after; a closed action changes only by reopening.
   */
  async update(id: number, body: UpdateActionBody, user: AuthUser): Promise<CorrectiveActionDetail> {
    let reopened = false;
    try {
      await this.repository.transaction(user, async (tx) => {
        const current = await this.repository.lock(tx, id);
        if (!current) throw AppError.notFound(ActionMessages.notFound);
        const changes: ActionChanges = {};
        for (const field of EDITABLE) {
          if (body[field] !== undefined) Object.assign(changes, { [field]: body[field] });
        }
        const to = body.status !== undefined && body.status !== current.status ? body.status : undefined;
        if (current.status === 'CERRADA' && to === undefined && Object.keys(changes).length > 0) {
          throw AppError.conflict(ActionMessages.closedReadOnly);
        }
        const reason = body.reason ?? null;
        if (changes.dueDate !== undefined && changes.dueDate > current.dueDate && !reason) {
          throw new AppError(422, ActionMessages.postponeReasonRequired);
        }
        if (changes.verifiedOn && changes.verifiedOn > current.today) {
          throw new AppError(422, ActionMessages.verifiedOnFuture);
        }
        let note: string | null = null;
        if (to !== undefined) {
          if (!ACTION_TRANSITIONS[current.status].includes(to)) {
            throw AppError.conflict(ActionMessages.transition(current.status, to));
          }
          if (to === 'CERRADA') {
            const result =
              changes.verificationResult !== undefined ? changes.verificationResult : current.verificationResult;
            const by = changes.verifiedBy !== undefined ? changes.verifiedBy : current.verifiedBy;
            const on = changes.verifiedOn !== undefined ? changes.verifiedOn : current.verifiedOn;
            if (!result || !by || !on) throw new AppError(422, ActionMessages.verificationRequired);
            if (on > current.today) throw new AppError(422, ActionMessages.verifiedOnFuture);
            changes.closingNote = body.closingNote ?? null;
            changes.closedAt = new Date();
            changes.closedById = user.id;
            const statement = `Verificada el ${spanishDay(on)} por ${by}: ${result}`;
            note = body.closingNote ? `${statement}\n${body.closingNote}` : statement;
          } else if (current.status === 'CERRADA') {
            if (!reason) throw AppError.badRequest(ActionMessages.reasonRequired);
            // A new close states its own verification: the previous one stays in the history and the change log.
            changes.closedAt = null;
            changes.closedById = null;
            changes.verificationResult ??= null;
            changes.verifiedBy ??= null;
            changes.verifiedOn ??= null;
            note = reason;
            reopened = true;
          }
          changes.status = to;
        }
        if (Object.keys(changes).length === 0) return;
        const tracked = trackedChanges(current, changes, reason);
        await this.repository.update(
          tx,
          id,
          changes,
          to === undefined ? null : { from: current.status, to, note, byId: user.id },
          tracked,
          { id: user.id, reason: note ?? (tracked.length > 0 ? reason : null) },
        );
      });
    } catch (error) {
      // Reopened while the device's breaches opened another action meanwhile.
      if (isUniqueViolation(error)) throw AppError.conflict(ActionMessages.anotherOpen);
      throw error;
    }
    if (reopened) this.events.actionOpened(id);
    return this.get(id);
  }

  /**
   * Adds a photo as the action's evidence, checked as a finding's photo is (type by its bytes, 2 MB, decoded
   * whole, kept without metadata) with its small JPEG made at upload. Not on a closed action (409).
   */
  async addPhoto(user: AuthUser, actionId: number, readForm: ReadForm): Promise<ActionPhoto> {
    const action = await this.get(actionId);
    if (action.status === 'CERRADA') throw AppError.conflict(ActionMessages.closedReadOnly);
    const { file: upload } = await readForm();
    let kept: SpooledFile | undefined;
    let thumbnail: SpooledFile | null = null;
    try {
      if (!upload) throw AppError.badRequest(PhotoMessages.fileRequired);
      const file = await withoutMetadata(upload, ACTION_PHOTO_IMAGE);
      kept = file;
      thumbnail = await spoolPrintThumbnail(file);
      const photoId = await this.repository.transaction(user, async (tx) => {
        const locked = await this.repository.lock(tx, actionId);
        if (!locked) throw AppError.notFound(ActionMessages.notFound);
        if (locked.status === 'CERRADA') throw AppError.conflict(ActionMessages.closedReadOnly);
        // The office's own evidence: the photos the plant sent with its responses never take the office's room.
        if ((await this.repository.officePhotoCount(actionId, tx)) >= ACTION_PHOTOS_MAX) {
          throw AppError.conflict(ActionMessages.photosTooMany(ACTION_PHOTOS_MAX));
        }
        const saved = await this.files.save(file, `Foto de la acción ${actionId}`, tx);
        const small = thumbnail && (await this.files.save(thumbnail, `Miniatura de la acción ${actionId}`, tx));
        return this.repository.insertPhoto(tx, {
          actionId,
          fileId: saved.id,
          thumbnailFileId: small ? small.id : null,
          byId: user.id,
        });
      });
      const photos = await this.repository.photos(actionId);
      return photos.find((photo) => photo.id === photoId)!;
    } finally {
      await Promise.all([upload?.dispose(), kept !== upload && kept?.dispose(), thumbnail?.dispose()]);
    }
  }

  /** The site's actions with the plant's answers, for the plant's portal (the site already in its scope). */
  async forPortal(user: AuthUser, siteId: number): Promise<PortalActionList> {
    if (!inScope(user, siteId)) throw AppError.notFound(PortalMessages.siteNotFound);
    const actions = await this.repository.forSite(siteId);
    const answers = await this.repository.plantAnswers(actions.map((action) => action.id));
    return { items: actions.map((action) => ({ ...action, ...answers.get(action.id)! })) };
  }

  /**
   * A recommendation (responsible CLIENTE) acknowledged by a person of the client: who and when, recorded once
   * (a second acknowledgement answers the first), in the change log as theirs.
   */
  async acknowledge(user: AuthUser, actionId: number, note: string | null): Promise<CorrectiveActionDetail> {
    const action = await this.recommendation(user, actionId);
    if (!action.acknowledgement) {
      await this.repository.transaction(user, (tx) => this.repository.acknowledge(tx, actionId, user.id, note));
    }
    return this.get(actionId);
  }

  /** What the plant did about a recommendation: a note and up to PORTAL_RESPONSE_PHOTOS_MAX photos. */
  async respond(
    user: AuthUser,
    actionId: number,
    readForm: () => Promise<ReadUpload>,
  ): Promise<CorrectiveActionDetail> {
    await this.recommendation(user, actionId);
    const { files: uploads, fields } = await readForm();
    const kept: SpooledFile[] = [];
    const thumbnails: (SpooledFile | null)[] = [];
    try {
      const parsed = ActionResponseFields.safeParse(fields);
      if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]!.message);
      for (const upload of uploads) {
        const file = await withoutMetadata(upload, ACTION_PHOTO_IMAGE);
        kept.push(file);
        thumbnails.push(await spoolPrintThumbnail(file));
      }
      await this.repository.transaction(user, async (tx) => {
        const locked = await this.repository.lock(tx, actionId);
        if (!locked) throw AppError.notFound(ActionMessages.notFound);
        if (locked.status === 'CERRADA') throw AppError.conflict(PortalMessages.actionClosed);
        const responseId = await this.repository.insertResponse(tx, {
          actionId,
          note: parsed.data.note,
          byId: user.id,
        });
        for (const [index, file] of kept.entries()) {
          const saved = await this.files.save(file, `Foto de la respuesta a la acción ${actionId}`, tx);
          const thumbnail = thumbnails[index];
          const small = thumbnail && (await this.files.save(thumbnail, `Miniatura de la acción ${actionId}`, tx));
          await this.repository.insertPhoto(tx, {
            actionId,
            fileId: saved.id,
            thumbnailFileId: small ? small.id : null,
            byId: user.id,
            responseId,
          });
        }
      });
      return this.get(actionId);
    } finally {
      await Promise.all([
        ...uploads.map((upload) => upload.dispose()),
        ...kept.filter((file) => !uploads.includes(file)).map((file) => file.dispose()),
        ...thumbnails.map((file) => file?.dispose()),
      ]);
    }
  }

  /** A photo of an action of a site in the caller's scope (the portal's, for a CLIENTE). */
  async scopedPhotoFile(user: AuthUser, actionId: number, photoId: number, thumbnail: boolean): Promise<ServedFile> {
    const action = await this.repository.detail(actionId);
    if (!action || !inScope(user, action.site.id)) throw AppError.notFound(ActionMessages.notFound);
    return this.photoFile(actionId, photoId, thumbnail);
  }

  /**
   * Open recommendations no one of the client acknowledged for `days` days (RECOMMENDATION_REMINDER_DAYS): for
   * the reminder (notifications) and the audit pack's mark.
   */
  unacknowledgedRecommendations(days: number, now?: Date): Promise<UnacknowledgedRecommendation[]> {
    return this.repository.unacknowledgedRecommendations(days, now);
  }

  /** An open recommendation of a site in the caller's scope; another site's, or no recommendation, refused. */
  private async recommendation(user: AuthUser, actionId: number): Promise<CorrectiveActionDetail> {
    const action = await this.repository.detail(actionId);
    if (!action || !inScope(user, action.site.id)) throw AppError.notFound(ActionMessages.notFound);
    if (action.responsible !== 'CLIENTE') throw AppError.conflict(PortalMessages.notRecommendation);
    if (action.status === 'CERRADA') throw AppError.conflict(PortalMessages.actionClosed);
    return action;
  }

  /** A photo of the action, or its small JPEG (the photo itself when it has none). */
  async photoFile(actionId: number, photoId: number, thumbnail: boolean): Promise<ServedFile> {
    const found = await this.repository.photoFiles(actionId, photoId);
    if (!found) throw AppError.notFound(ActionMessages.photoNotFound);
    const fileId = thumbnail ? (found.thumbnailFileId ?? found.fileId) : found.fileId;
    const opened = await this.files.open(fileId);
    if (!opened) throw AppError.notFound(ActionMessages.photoNotFound);
    const name = `accion-${actionId}-foto-${photoId}${thumbnail ? '-miniatura' : ''}`;
    return { file: opened.file, name, open: () => opened.content };
  }

  /**
   * Takes a photo out of an open action, its files with it; a closed action's photos stay (409), and so do those
   * the plant sent with its response (409): they are the plant's evidence, not the office's to take back.
   */
  async deletePhoto(user: AuthUser, actionId: number, photoId: number): Promise<void> {
    await this.repository.transaction(user, async (tx) => {
      const locked = await this.repository.lock(tx, actionId);
      if (!locked) throw AppError.notFound(ActionMessages.notFound);
      const found = await this.repository.photoFiles(actionId, photoId, tx);
      if (!found) throw AppError.notFound(ActionMessages.photoNotFound);
      if (locked.status === 'CERRADA') throw AppError.conflict(ActionMessages.closedReadOnly);
      if (found.responseId !== null) throw AppError.conflict(ActionMessages.responsePhotoKept);
      await this.repository.deletePhoto(tx, photoId);
      await this.files.remove(found.fileId, tx);
      if (found.thumbnailFileId !== null) await this.files.remove(found.thumbnailFileId, tx);
    });
  }
}
