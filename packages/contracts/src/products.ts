import { z } from 'zod';
import { IdNumber, Id, text, Timestamp } from './common.js';
import { APPLICATION_UNITS, PRODUCT_DOCUMENT_KINDS, USER_CATEGORIES } from './product-names.js';
import { LocalDate } from './service-plans.js';

/** Spanish answers about products and their applications, shared by the server and the screens. */
export const ProductMessages = {
  notFound: 'El producto no existe.',
  nameTaken: 'Ya existe un producto con ese nombre.',
  allForAdmins: 'Solo un administrador puede ver los productos desactivados.',
  documentNotFound: 'El producto no tiene ese documento.',
  documentTooLarge: 'El documento pasa de 10 MB.',
  documentWrongType: 'El documento debe ser un PDF.',
  documentNotPdf:
    'El documento no es un PDF válido: empieza como uno, pero no se puede leer. Guárdalo de nuevo como PDF.',
  documentActiveContent:
    'El PDF lleva JavaScript, acciones automáticas o archivos incrustados: guárdalo de nuevo sin ellos (por ejemplo, «Imprimir a PDF»).',
  documentEmpty: 'El documento está vacío.',
  documentRequired: 'Adjunta el documento en PDF (campo file).',
  documentDateRequired: 'Indica la fecha del documento (issuedOn, AAAA-MM-DD).',
  documentDateFuture: 'La fecha del documento no puede ser posterior a hoy.',
} as const;

export const ApplicationMessages = {
  notFound: 'La aplicación no existe en esta orden.',
  clientIdReused: 'Ese clientApplicationId ya se usó en otra orden.',
  productNotFound: 'El producto aplicado no existe.',
  productInactive: 'El producto está desactivado: no se puede aplicar.',
  authorisationExpired: (expiresAt: string) =>
    `La autorización del producto venció el ${expiresAt.split('-').reverse().join('/')}: no se puede aplicar.`,
  notForFood: 'El producto no está autorizado para uso en la industria alimentaria.',
  needsQualification:
    'El producto es de uso profesional especializado: el aplicador necesita una cualificación registrada.',
  needsSpecial: 'El producto es tóxico o CMR: el aplicador necesita la cualificación especial.',
  trapNotInOrder: 'El dispositivo indicado no pertenece a la orden.',
  pestNotFound: 'La plaga objetivo no existe o está desactivada.',
  endBeforeStart: 'La hora de inicio no puede ser posterior a la hora de fin.',
  endInFuture: 'La hora de fin no puede ser posterior a la hora actual.',
} as const;

/** Biocide product types (Reglamento (UE) 528/2012, anexo V) a pest-control company applies; TP1–TP22 are accepted. */
export const PRODUCT_TYPE_LABELS: Record<string, string> = {
  TP8: 'TP8 · Protectores para maderas',
  TP14: 'TP14 · Rodenticidas',
  TP18: 'TP18 · Insecticidas, acaricidas y otros artrópodos',
  TP19: 'TP19 · Repelentes y atrayentes',
  TP20: 'TP20 · Control de otros vertebrados',
};
export const ProductType = z
  .string({ error: 'El tipo de producto debe ser TP seguido de su número (TP14, TP18…).' })
  .trim()
  .toUpperCase()
  .regex(/^TP([1-9]|1[0-9]|2[0-2])$/, 'El tipo de producto debe ser TP seguido de su número (TP1 a TP22).');

export const UserCategory = z.enum(USER_CATEGORIES, {
  error: 'La categoría de usuario debe ser PROFESIONAL o ESPECIALIZADO.',
});
export type UserCategory = z.infer<typeof UserCategory>;

export const ProductDocumentKind = z.enum(PRODUCT_DOCUMENT_KINDS, {
  error: 'El documento debe ser sds (ficha de datos de seguridad) o label (etiqueta).',
});
export type ProductDocumentKind = z.infer<typeof ProductDocumentKind>;
export const PRODUCT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const ProductDocument = z.object({
  /** The date printed on the document (its revision). */
  issuedOn: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type ProductDocument = z.infer<typeof ProductDocument>;

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  activeIngredients: z.string(),
  registrationNumber: z.string(),
  type: z.string(),
  authorisationExpiresAt: z.string(),
  userCategory: UserCategory,
  foodIndustryAllowed: z.boolean(),
  safetyIntervalHours: z.number().int(),
  toxic: z.boolean(),
  cmr: z.boolean(),
  anticoagulant: z.boolean(),
  sds: ProductDocument.nullable(),
  label: ProductDocument.nullable(),
  isActive: z.boolean(),
  createdAt: Timestamp,
});
export type Product = z.infer<typeof Product>;

const required = (label: string, max: number) =>
  text(label, { error: `${label} es obligatorio.` })
    .trim()
    .min(1, `${label} es obligatorio.`)
    .max(max, `${label} admite como máximo ${max} caracteres.`);

const productFields = {
  name: required('El nombre', 120),
  activeIngredients: required('El campo de sustancias activas', 500),
  registrationNumber: required('El número de registro', 60),
  type: ProductType,
  authorisationExpiresAt: LocalDate,
  userCategory: UserCategory,
  foodIndustryAllowed: z.boolean({ error: 'foodIndustryAllowed debe ser verdadero o falso.' }),
  safetyIntervalHours: z
    .number({ error: 'El plazo de seguridad debe ser un número de horas.' })
    .int('El plazo de seguridad debe ser un número entero de horas.')
    .min(0, 'El plazo de seguridad no puede ser negativo.')
    .max(8760, 'El plazo de seguridad admite como máximo 8760 horas (un año).'),
  toxic: z.boolean({ error: 'toxic debe ser verdadero o falso.' }),
  cmr: z.boolean({ error: 'cmr debe ser verdadero o falso.' }),
  anticoagulant: z.boolean({ error: 'anticoagulant debe ser verdadero o falso.' }),
  isActive: z.boolean({ error: 'isActive debe ser verdadero o falso.' }),
};

export const CreateProductBody = z.strictObject({
  ...productFields,
  foodIndustryAllowed: productFields.foodIndustryAllowed.default(false),
  safetyIntervalHours: productFields.safetyIntervalHours.default(0),
  toxic: productFields.toxic.default(false),
  cmr: productFields.cmr.default(false),
  anticoagulant: productFields.anticoagulant.default(false),
  isActive: productFields.isActive.default(true),
});
export type CreateProductBody = z.infer<typeof CreateProductBody>;
export type CreateProductInput = z.input<typeof CreateProductBody>;

/** A product named by an application is never deleted: it is deactivated with isActive false. */
export const UpdateProductBody = z.strictObject(
  Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
  },
);
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

export const ProductListQuery = z.strictObject({
  all: z.enum(['true', 'false'], { error: 'all debe ser true o false.' }).optional(),
});

export const ProductDocumentParams = z.strictObject({ id: Id, kind: ProductDocumentKind });

export const ApplicationUnit = z.enum(APPLICATION_UNITS, {
  error: `La unidad debe ser una de: ${APPLICATION_UNITS.join(', ')}.`,
});
export type ApplicationUnit = z.infer<typeof ApplicationUnit>;

const optionalText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const Instant = z.iso.datetime({ offset: true, error: 'La fecha debe tener el formato ISO 8601 con zona horaria.' });

export const PutApplicationBody = z
  .strictObject({
    productId: IdNumber,
    batch: required('El lote', 60),
    quantity: z
      .number({ error: 'La cantidad debe ser un número.' })
      .positive('La cantidad debe ser mayor que cero.')
      .max(1_000_000, 'La cantidad admite como máximo 1.000.000.'),
    unit: ApplicationUnit,
    area: optionalText('La zona', 120),
    trapId: IdNumber.nullable().optional(),
    targetPestId: IdNumber.nullable().optional(),
    method: required('El método', 80),
    dose: optionalText('La dosis', 120),
    /** The phone's times; left out, the time the server receives it. */
    startedAt: Instant.optional(),
    endedAt: Instant.optional(),
  })
  .refine((body) => !body.startedAt || !body.endedAt || Date.parse(body.startedAt) <= Date.parse(body.endedAt), {
    message: ApplicationMessages.endBeforeStart,
    path: ['startedAt'],
  });
export type PutApplicationBody = z.infer<typeof PutApplicationBody>;
export type PutApplicationInput = z.input<typeof PutApplicationBody>;

export const ClientApplicationId = z.uuid('clientApplicationId debe ser un UUID.');
export const ApplicationParams = z.strictObject({ id: Id, clientApplicationId: ClientApplicationId });

export const Application = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  clientApplicationId: z.string(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    registrationNumber: z.string(),
    activeIngredients: z.string(),
    type: z.string(),
  }),
  batch: z.string(),
  quantity: z.number(),
  unit: ApplicationUnit,
  area: z.string().nullable(),
  trap: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  targetPest: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  method: z.string(),
  dose: z.string().nullable(),
  startedAt: Timestamp,
  endedAt: Timestamp,
  safetyIntervalHours: z.number().int(),
  /** endedAt plus the product's safety interval when it was applied. */
  reEntryAt: Timestamp,
  applicator: z.object({
    id: z.number().int(),
    fullName: z.string(),
    licenceNumber: z.string().nullable(),
  }),
  createdAt: Timestamp,
});
export type Application = z.infer<typeof Application>;
