import { z } from 'zod';

/** Every account's role: the office's administrators and technicians, and CLIENTE, a person of a client (the portal). */
export const Role = z.enum(['ADMIN', 'TECH', 'CLIENTE']);
export type Role = z.infer<typeof Role>;

/** The roles of the pest-control company's own accounts: the Técnicos screen creates, lists and edits only these. */
export const StaffRole = z.enum(['ADMIN', 'TECH'], { error: 'El rol debe ser ADMIN o TECH.' });
export type StaffRole = z.infer<typeof StaffRole>;

export const SessionStatus = z.enum(['PENDING', 'IN_PROGRESS', 'COMPLETED']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const ItemStatus = z.enum(['PENDING', 'COMPLETED']);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** Largest value of a PostgreSQL `integer` column: ids beyond it can never exist. */
export const MAX_ID = 2_147_483_647;

const ID_MESSAGE = 'El identificador debe ser un número entero positivo.';

/** An id in a JSON body: a number, never a numeric string. */
export const IdNumber = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(MAX_ID, 'El identificador no existe.');

/**
 * A whole number in a path or query string, where everything arrives as text: plain decimal digits only, with
 * no leading zero. Number() alone would also read "0x1", "1e0", "+1", " 1" and "01" as 1, so one order would
 * have many addresses (and caches, logs and audit trails would tell them apart).
 */
export const digits = (message: string) =>
  z
    .string({ error: message })
    .regex(/^(0|[1-9][0-9]{0,15})$/, message)
    .transform(Number);

/** An id in a path or query string. */
export const Id = digits(ID_MESSAGE).pipe(z.number().positive(ID_MESSAGE).max(MAX_ID, 'El identificador no existe.'));

export const IdParams = z.strictObject({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** The body of every error the API returns. Validation errors carry one message per problem. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
  /** Set where a client must tell one refusal from another (LICENCE_EXPIRED: confirm and resend). */
  code: z.string().optional(),
  /** A scan refused for a code that is not the order's, when the code is a device's: which one (SCAN_REFUSAL_CODES). */
  device: z.object({ id: z.number().int(), code: z.string(), area: z.string().nullable() }).optional(),
  /** FINDINGS_MISSING: every inspected item of the order without a finding. */
  items: z.array(z.object({ itemId: z.number().int(), code: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A UTF-16 surrogate not paired with its other half: it has no character, and UTF-8 cannot carry it. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Characters nobody types on purpose, each of which changes what a text shows or how it reads elsewhere: C0 and
 * C1 controls and DEL (an ANSI escape "\u001b[31m" repaints a terminal that reads a log or a CSV), format
 * characters (bidi overrides and isolates U+202A–U+202E and U+2066–U+2069 reorder what is shown, zero-width
 * spaces and joiners, the BOM and the soft hyphen hide inside a code that then matches nothing) and the Unicode
 * line and paragraph separators. U+0000 has its own message; tab, LF and CR are allowed where a field is
 * multi-line (MULTILINE_FORBIDDEN).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this rule is for.
const FORBIDDEN = /[\u0001-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this rule is for.
const MULTILINE_FORBIDDEN = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
/**
 * The format characters emoji are made of, which a phone's keyboard does type: the joiner between two pictographs
 * (🤷‍♂️, 👨‍👩‍👧) and the tags of a subdivision's flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Taken out before the check, so only these uses pass.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** The first character `value` may not hold, as U+XXXX; undefined when it holds none. */
export function forbiddenCharacter(value: string, multiline = false): string | undefined {
  const found = (multiline ? MULTILINE_FORBIDDEN : FORBIDDEN).exec(
    value.replace(EMOJI_TAGS, '').replace(EMOJI_JOINER, ''),
  )?.[0];
  return found && `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const forbiddenMessage = (label: string, code: string, multiline: boolean) =>
  `${label} contiene un carácter de control o invisible (${code})${multiline ? '' : ' o un salto de línea'}: escríbelo sin él.`;

/** `label` names the field in the messages, as the other rules' messages do ("El código…"). */
const encodable = (label: string, params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !value.includes('\0'), `${label} no puede contener el carácter nulo (U+0000).`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contiene caracteres Unicode mal formados.`);

/** encodable, and no character FORBIDDEN (or MULTILINE_FORBIDDEN) holds. */
const visible = (label: string, multiline: boolean, params?: Parameters<typeof z.string>[0]) =>
  encodable(label, params).superRefine((value, context) => {
    const code = forbiddenCharacter(value, multiline);
    if (code) context.addIssue({ code: 'custom', message: forbiddenMessage(label, code, multiline) });
  });

/**
 * The one rule for text typed by people, on one line: no U+0000 (PostgreSQL cannot store it), no lone
 * surrogates (they would be stored as U+FFFD, silently changing the data: refused instead), no control or
 * invisible character (FORBIDDEN), no line break; and NFC, so "José" typed with a combining accent and "José"
 * typed precomposed are the same name for search, uniqueness and printing.
 */
export const text = (label: string, params?: Parameters<typeof z.string>[0]) =>
  visible(label, false, params).normalize('NFC');

/** An optional text of one line: trimmed, at most `max` characters, empty or null stored as null. */
export const optionalText = (label: string, max: number) =>
  text(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

/** text for a field typed in a text area (notes, descriptions): tabs and line breaks are its own. */
export const multilineText = (label: string, params?: Parameters<typeof z.string>[0]) =>
  visible(label, true, params).normalize('NFC');

/** Secrets are compared byte for byte: checked like any text on one line, never normalised. */
export const secretText = (label: string, params?: Parameters<typeof z.string>[0]) => visible(label, false, params);

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

export const Password = secretText('La contraseña', { error: 'La contraseña es obligatoria.' })
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`)
  .max(MAX_PASSWORD_LENGTH, `La contraseña admite como máximo ${MAX_PASSWORD_LENGTH} caracteres.`);

export const Email = text('El correo', { error: 'El correo es obligatorio.' })
  .trim()
  .max(254, 'El correo admite como máximo 254 caracteres.')
  .pipe(z.email('El correo no es válido.'));

/** A date and time as the API answers it (ISO 8601, always in UTC with "Z"). */
export const Timestamp = z.iso.datetime({ offset: true });

export const DateTimeMessages = {
  format: 'La fecha debe tener el formato ISO 8601 con zona horaria, por ejemplo 2026-05-04T08:30:00Z.',
  range: 'La fecha debe estar entre los años 1 y 9999, con una diferencia horaria de hasta ±15:59.',
} as const;

/** Offsets PostgreSQL accepts in a timestamptz; real zones stay within ±14:00. */
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

function inStorableRange(value: string): boolean {
  const match = /^(\d{4})-.*?(?:Z|([+-])(\d{2}):?(\d{2}))$/i.exec(value);
  if (!match) return false;
  const offset = match[2] ? Number(match[3]) * 60 + Number(match[4]) : 0;
  const year = new Date(value).getUTCFullYear();
  return Number(match[1]) >= 1 && offset <= MAX_OFFSET_MINUTES && year >= 1 && year <= 9999;
}

/**
 * A date and time sent to the API: ISO 8601 with an offset, in years 1–9999 (also once turned into UTC) and
 * with an offset PostgreSQL can store. One rule for every date field, so none of them reaches the database
 * as something it refuses.
 */
export const DateTimeInput = z.iso
  .datetime({ offset: true, error: DateTimeMessages.format, abort: true })
  .refine(inStorableRange, DateTimeMessages.range);

/** GET /api/health: the server answers and its database too; `timeZone` is its TIME_ZONE (sites without a zone). */
export const Health = z.object({ status: z.literal('ok'), timeZone: z.string() });
export type Health = z.infer<typeof Health>;
