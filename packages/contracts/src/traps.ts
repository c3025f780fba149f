import { z } from 'zod';
import { Id, IdNumber, ItemStatus, MAX_ID, multilineText, SessionStatus, text, Timestamp } from './common.js';
import { EXTERNAL_ID_MAX, RISK_LEVELS, TRAP_TYPES, ZONES } from './devices.js';
import { ItemRecord } from './findings.js';
import { TrapMessages } from './messages.js';
import { QR_SLUG_ALPHABET, QR_SLUG_LENGTH } from './qr-code.js';
import { PageParams, pageOf, SearchText } from './paging.js';

export const TrapTypeSchema = z.enum(TRAP_TYPES, { error: `El tipo debe ser uno de: ${TRAP_TYPES.join(', ')}.` });
export const ZoneSchema = z.enum(ZONES, { error: `La zona debe ser una de: ${ZONES.join(', ')}.` });
export const RiskLevelSchema = z.enum(RISK_LEVELS, {
  error: `El nivel de riesgo debe ser uno de: ${RISK_LEVELS.join(', ')}.`,
});

export const Trap = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  code: z.string(),
  type: TrapTypeSchema,
  /** Null for a device that predates zones and nobody has classified yet. */
  zone: ZoneSchema.nullable(),
  riskLevel: RiskLevelSchema.nullable(),
  area: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  qrSlug: z.string(),
  /** Its place in the site's walk order (1 first; GET/PUT /sites/{id}/route); null when it has none. */
  routeOrder: z.number().int().nullable(),
  /** The id an electronic device reports its events under (POST /api/remote-events); unique over all devices. */
  externalId: z.string().nullable(),
  createdAt: Timestamp,
});
export type Trap = z.infer<typeof Trap>;

export const TRAP_CODE_MAX = 40;

const TrapCode = text('El código', { error: TrapMessages.codeRequired })
  .trim()
  .min(1, TrapMessages.codeRequired)
  .max(TRAP_CODE_MAX, `El código admite como máximo ${TRAP_CODE_MAX} caracteres.`);

/** Optional text: trimmed, and stored as null when nothing is left. `multiline` for a text area's. */
const optionalText = (label: string, max: number, multiline = false) =>
  (multiline ? multilineText : text)(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

const Area = optionalText('El área', 80);
/** An electronic device's own id: what its events name it by. */
const ExternalId = optionalText('El identificador externo', EXTERNAL_ID_MAX);
const Description = optionalText('La descripción', 500, true);

export const CreateTrapBody = z.strictObject({
  /** Needed only when there is more than one active site. */
  siteId: IdNumber.optional(),
  code: TrapCode,
  type: TrapTypeSchema.default('OTRO'),
  zone: ZoneSchema.nullable().optional(),
  riskLevel: RiskLevelSchema.nullable().optional(),
  area: Area.optional(),
  description: Description.optional(),
  externalId: ExternalId.optional(),
  isActive: z.boolean().default(true),
});
export type CreateTrapBody = z.infer<typeof CreateTrapBody>;
/** What a client sends: the fields with a default (type, isActive) may be left out. */
export type CreateTrapInput = z.input<typeof CreateTrapBody>;

export const UpdateTrapBody = z.strictObject({
  code: TrapCode.optional(),
  type: TrapTypeSchema.optional(),
  zone: ZoneSchema.nullable().optional(),
  riskLevel: RiskLevelSchema.nullable().optional(),
  area: Area.optional(),
  description: Description.optional(),
  externalId: ExternalId.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTrapBody = z.infer<typeof UpdateTrapBody>;

const Active = z.enum(['true', 'false'], { error: 'active debe ser true o false.' });

/**
 * Filters for the inventory: code or area containing `q` anywhere (any case); exact area, or traps without one
 * (`noArea`); site; device type; status; on a plan or not. In code order, or by area then code (`sort=area`: the order form's groups, page after page).
 */
export const TrapListQuery = z.strictObject({
  ...PageParams,
  siteId: Id.optional(),
  type: TrapTypeSchema.optional(),
  q: SearchText.optional(),
  area: SearchText.optional(),
  noArea: z.enum(['true'], { error: 'noArea solo admite true.' }).optional(),
  active: Active.optional(),
  /** On a floor plan (`true`) or on none yet (`false`): the office's "sin ubicar". */
  placed: z.enum(['true', 'false'], { error: 'placed debe ser true o false.' }).optional(),
  sort: z.enum(['code', 'area'], { error: 'sort debe ser code o area.' }).optional(),
});
export type TrapListQuery = z.infer<typeof TrapListQuery>;

export const TrapPage = pageOf(Trap);
export type TrapPage = z.infer<typeof TrapPage>;

/** The areas in use (of the traps whose code or area contains `q`, when given; of one site's, with `siteId`). */
export const TrapAreasQuery = z.strictObject({ q: SearchText.optional(), siteId: Id.optional() });
export type TrapAreasQuery = z.infer<typeof TrapAreasQuery>;

/** One area with how many traps it holds, and how many of them are active; `area` null for traps without one. */
export const TrapAreaCount = z.object({
  area: z.string().nullable(),
  total: z.number().int(),
  active: z.number().int(),
});
export type TrapAreaCount = z.infer<typeof TrapAreaCount>;

export const MAX_LABELS_PER_SHEET = 5000;

/** The list's filters without its paging and order: which traps, not which page of them. */
export const TrapListFilter = TrapListQuery.omit({ page: true, pageSize: true, sort: true });
export type TrapListFilter = z.infer<typeof TrapListFilter>;

/**
 * The traps whose labels to print: the given ids, or the traps the list's filters match (the list's very
 * filters, so the sheet holds what the list shows), or without either every active trap.
 */
export const LabelSheetQuery = TrapListFilter.extend({
  ids: z
    .string()
    .max(100_000, 'Demasiados identificadores.')
    // Canonical digits, as every id in a path or query (common.ts digits).
    .regex(/^[1-9]\d*(,[1-9]\d*)*$/, 'ids debe ser una lista de números separados por comas.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'Algunas trampas solicitadas no existen.')
    .refine(
      (ids) => ids.length <= MAX_LABELS_PER_SHEET,
      `Se pueden imprimir como máximo ${MAX_LABELS_PER_SHEET} etiquetas a la vez.`,
    )
    .optional(),
}).refine(({ ids, ...filter }) => ids === undefined || Object.values(filter).every((value) => value === undefined), {
  path: ['ids'],
  message: 'ids no se combina con filtros: elige las trampas o filtra la lista.',
});
export type LabelSheetQuery = z.infer<typeof LabelSheetQuery>;

/** The traps whose labels to print, for a choice too long for an address (POST /traps/labels). */
export const LabelSheetBody = z.strictObject({
  ids: z
    .array(IdNumber, { error: 'ids debe ser una lista de números.' })
    .min(1, 'Elige al menos una trampa.')
    .max(MAX_LABELS_PER_SHEET, `Se pueden imprimir como máximo ${MAX_LABELS_PER_SHEET} etiquetas a la vez.`)
    .transform((ids) => [...new Set(ids)]),
});
export type LabelSheetBody = z.infer<typeof LabelSheetBody>;

const QR_SLUG_FORMAT = new RegExp(`^[${QR_SLUG_ALPHABET}]{${QR_SLUG_LENGTH}}$`);

/** A label's code (GET /api/traps/by-qr?qrSlug=…): 20 characters of the slug alphabet, as printed. */
export const TrapQrQuery = z.strictObject({
  qrSlug: z.string({ error: TrapMessages.qrFormat }).regex(QR_SLUG_FORMAT, TrapMessages.qrFormat),
});
export type TrapQrQuery = z.infer<typeof TrapQrQuery>;

/** One order a trap was in, newest first: the order's state, the trap's state in it, when and by whom. */
export const TrapHistoryEntry = z.object({
  sessionId: z.number().int(),
  sessionStatus: SessionStatus,
  scheduledAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
  /** Closed by an administrator while some traps were still pending. */
  forceClosed: z.boolean(),
  /** The technician the order is assigned to. */
  technician: z.object({ id: z.number().int(), fullName: z.string() }),
  /** The trap's state in that order. */
  status: ItemStatus,
  /** When the trap was inspected in that order. */
  completedAt: Timestamp.nullable(),
  completedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  /** How the visit ended, what was found (current version) and its photos, as in the order's item. */
  ...ItemRecord,
});
export type TrapHistoryEntry = z.infer<typeof TrapHistoryEntry>;

export const TrapHistoryQuery = z.strictObject({ ...PageParams });
export type TrapHistoryQuery = z.infer<typeof TrapHistoryQuery>;

export const TrapHistoryPage = pageOf(TrapHistoryEntry);
export type TrapHistoryPage = z.infer<typeof TrapHistoryPage>;

/** The spreadsheet media types the import reads and the export writes. */
export const TRAP_FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The columns of an import or export file, in order (headers in Spanish, as a person types them). The device
 * columns came later and follow the first four, so a file of an older export still reads the same.
 */
export const TRAP_FILE_COLUMNS = [
  'codigo',
  'area',
  'descripcion',
  'activa',
  'tipo',
  'zona',
  'riesgo',
  'sitio',
] as const;
export type TrapFileColumn = (typeof TRAP_FILE_COLUMNS)[number];

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export const TrapImportQuery = z.strictObject({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun debe ser true o false.' }).optional(),
  /**
   * The site every row goes to (importing from the site's page): no «sitio» column is needed, and a row whose
   * «sitio» names another site is refused.
   */
  siteId: Id.optional(),
});
export type TrapImportQuery = z.infer<typeof TrapImportQuery>;

/** One problem of one row: its row number in the file (the header is row 1), its column, and what is wrong. */
export const TrapImportProblem = z.object({
  row: z.number().int(),
  column: z.enum(TRAP_FILE_COLUMNS).nullable(),
  message: z.string(),
});
export type TrapImportProblem = z.infer<typeof TrapImportProblem>;

/** A row as it would be written. */
export const TrapImportRow = z.object({
  row: z.number().int(),
  code: z.string(),
  area: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  type: TrapTypeSchema,
  zone: ZoneSchema.nullable(),
  riskLevel: RiskLevelSchema.nullable(),
  /** The site named in «sitio», or the only active one when the cell is empty. */
  siteId: z.number().int(),
  siteName: z.string(),
});
export type TrapImportRow = z.infer<typeof TrapImportRow>;

/**
 * The preview (dryRun) or the outcome of an import: every row read and every problem found. Rows are written
 * only when there is no problem at all, all of them in one transaction.
 */
export const TrapImportResult = z.object({
  dryRun: z.boolean(),
  rows: z.array(TrapImportRow),
  problems: z.array(TrapImportProblem),
  created: z.number().int(),
});
export type TrapImportResult = z.infer<typeof TrapImportResult>;

/** An import refused for its problems (422): nothing was written. */
export const TrapImportRefused = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  problems: z.array(TrapImportProblem),
});
export type TrapImportRefused = z.infer<typeof TrapImportRefused>;

export const TrapExportQuery = z.strictObject({
  format: z.enum(['csv', 'xlsx'], { error: 'format debe ser csv o xlsx.' }),
  /** One site's traps only; without it, every site's. */
  siteId: Id.optional(),
});
export type TrapExportQuery = z.infer<typeof TrapExportQuery>;
