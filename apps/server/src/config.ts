import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'debe empezar por redis:// o rediss://')
      .optional(),
  ),
  /** An MQTT broker to take electronic devices' events from (LoRaWAN bridges): modules/integrations/remote-events. */
  MQTT_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(mqtts?|wss?):\/\//, 'debe empezar por mqtt://, mqtts://, ws:// o wss://')
      .optional(),
  ),
  /** The topic (wildcards allowed) the MQTT subscriber listens to. */
  MQTT_TOPIC: z.string().trim().min(1).default('rondin/remote-events'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'debe tener al menos 32 caracteres').optional()),
  TOKEN_TTL: z
    .string()
    .regex(/^\d+\s*(m|h|d)$/, 'debe ser una duración como 30m, 12h o 7d')
    .default('12h'),
  ADMIN_EMAIL: optionalText.pipe(z.email('debe ser un correo válido').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'debe tener al menos 8 caracteres').optional()),
  CORS_ORIGIN: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url('debe ser una lista de orígenes como https://app.ejemplo.com')))
      .optional(),
  ),
  /**
   * The address people open Rondín at (https://rondin.example.cl): labels then encode {PUBLIC_URL}/t/{code},
   * which a phone's own camera app opens. Unset, labels hold the bare code. An origin only: the web app is built
   * to be served at the root, so a path prefix would print labels that open nothing.
   */
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .refine(
        isPublicUrl,
        'debe ser una dirección http:// o https:// completa, sin ? ni #, como https://rondin.ejemplo.cl',
      )
      // One form for every label: no trailing slash, so {PUBLIC_URL}/t/{code} never has two.
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  TIME_ZONE: z
    .string()
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    .refine(isTimeZone, 'debe ser una zona horaria IANA, por ejemplo America/Santiago'),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Public certificate verifications (GET /api/verify/{code}) allowed per address and minute. */
  VERIFY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Sightings the public poster page (POST /api/public/sightings/{token}) takes per address and hour. */
  SIGHTING_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Set behind a reverse proxy so rate limits see the client's address, not the proxy's. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Serves GET /metrics (Prometheus) to `Authorization: Bearer <token>`; unset, /metrics does not exist. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'debe tener al menos 16 caracteres').optional()),
  /**
   * The mail server notifications are sent through: smtp://user:password@host:587 (STARTTLS when offered) or
   * smtps://…:465 (TLS). Unset, no email is sent; the in-app notifications still are.
   */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .refine(isSmtpUrl, 'debe ser una dirección smtp:// o smtps:// como smtps://usuario:clave@correo.ejemplo.cl:465')
      .optional(),
  ),
  /** The sender of every email (Rondín <avisos@ejemplo.cl>); required with SMTP_URL. */
  MAIL_FROM: optionalText.pipe(
    z.string().refine(isMailFrom, 'debe ser un correo, como Rondín <avisos@ejemplo.cl>').optional(),
  ),
  /**
   * Lets webhooks point at this machine or a private network (127.0.0.1, 10.x, 192.168.x, fc00::/7…). Unset:
   * allowed outside production (development and tests use local receivers), refused in production (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z.stringbool({ error: 'debe ser true o false' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set, new files go to this bucket of an S3-compatible store instead of the database (src/files). */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'debe ser un nombre de bucket: de 3 a 63 minúsculas, cifras, puntos o guiones, sin empezar ni acabar en punto o guion',
      )
      .optional(),
  ),
  /** The store's address (MinIO, Garage, Ceph, a provider's); unset, Amazon S3 itself. */
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .refine(isEndpoint, 'debe ser una dirección http:// o https:// completa, como https://s3.ejemplo.cl')
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'debe ser el nombre de una región, como us-east-1')
      .optional(),
  ),
  /** Both or neither; neither, the SDK's usual sources (AWS_ACCESS_KEY_ID…, a profile, the machine's role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (https://host/bucket/key) rather than in the host name: what most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'debe ser true o false' }).default(false),
});

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings only mean something together with S3_BUCKET, and the two keys only in pairs. */
const CheckedConfigSchema = ConfigSchema.superRefine((config, context) => {
  if (config.S3_BUCKET === undefined) {
    const stray = S3_SETTINGS.filter((name) => config[name] !== undefined);
    if (stray.length) {
      context.addIssue({
        code: 'custom',
        path: [stray[0]!],
        message: `no se usa sin S3_BUCKET: define S3_BUCKET para guardar los archivos en S3, o quita ${stray.join(', ')}`,
      });
    }
  }
  if ((config.SMTP_URL === undefined) !== (config.MAIL_FROM === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [config.SMTP_URL === undefined ? 'SMTP_URL' : 'MAIL_FROM'],
      message: 'SMTP_URL y MAIL_FROM van juntas: define las dos para enviar correos, o ninguna',
    });
  }
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [config.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas: define las dos, o ninguna',
    });
  }
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export class ConfigError extends Error {}

function isPublicUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[?#\s]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '' && url.pathname === '/';
  } catch {
    return false;
  }
}

function isEndpoint(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '' && (url.pathname === '' || url.pathname === '/') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

/** An address, bare or with a display name: avisos@ejemplo.cl, Rondín <avisos@ejemplo.cl>. */
function isMailFrom(value: string): boolean {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reads the whole configuration once; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = CheckedConfigSchema.safeParse(env);
  if (!result.success) {
    // Messages from the Spanish locale already name their field («PORT»: …); our own ones do not.
    const lines = result.error.issues.map((issue) =>
      issue.message.startsWith('«') ? `  - ${issue.message}` : `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
