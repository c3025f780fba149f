import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { Role } from '@rondin/contracts';

const isRole = (value: unknown): value is Role => (Role.options as readonly unknown[]).includes(value);

export interface TokenClaims {
  technicianId: number;
  role: Role;
  /** The account's token version when the token was issued (technicians.token_version). */
  tokenVersion: number;
  /**
   * Issued to an account that must change its password first: the routes that check the token alone (the
   * scan, findings) refuse it without a database read. Changing the password revokes it.
   */
  mustChangePassword?: boolean;
}

export interface VerifiedClaims extends TokenClaims {
  /** When the token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<VerifiedClaims | null>;
  /**
   * A 32-byte key for `purpose`, derived from the same secret (HKDF-SHA256): what the server keeps sealed (the
   * company's signing certificate) opens only on servers given that secret.
   */
  sealingKey(purpose: string): Buffer;
}

const ALGORITHM = 'HS256';
const ISSUER = 'rondin';
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** TOKEN_TTL as config.ts accepts it ('30m', '12h', '7d') in milliseconds. */
function ttlMs(ttl: string): number {
  const match = /^(\d+)\s*([mhd])$/.exec(ttl);
  if (!match) throw new Error(`TOKEN_TTL inválido: ${ttl}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/**
 * HS256 tokens with fast-jwt, which signs and verifies synchronously with node:crypto: verifying costs about
 * 6 µs where jose's WebCrypto path cost about 120 µs, a fifth of the server's CPU on the scan hot path.
 */
export function createTokenService(secret: string, ttl: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: ALGORITHM, iss: ISSUER, expiresIn: ttlMs(ttl) });
  const verifier = createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    allowedIss: ISSUER,
    requiredClaims: ['iss', 'sub', 'exp'],
  });
  return {
    sealingKey: (purpose) => Buffer.from(hkdfSync('sha256', secret, '', `rondin:${purpose}`, 32)),
    sign: async ({ technicianId, role, tokenVersion, mustChangePassword }) =>
      signer({ role, ver: tokenVersion, sub: String(technicianId), ...(mustChangePassword ? { pwc: true } : {}) }),
    async verify(token) {
      try {
        const payload = verifier(token) as { sub?: unknown; role?: unknown; ver?: unknown; pwc?: unknown; exp: number };
        const technicianId = Number(payload.sub);
        const role = payload.role;
        // Tokens issued before versions existed carry none: they belong to version 0, every account's first.
        const tokenVersion = payload.ver ?? 0;
        if (!Number.isSafeInteger(technicianId) || !isRole(role)) return null;
        if (!Number.isSafeInteger(tokenVersion)) return null;
        return {
          technicianId,
          role,
          tokenVersion: tokenVersion as number,
          ...(payload.pwc === true ? { mustChangePassword: true } : {}),
          expiresAt: payload.exp * 1000,
        };
      } catch (error) {
        if (error instanceof TokenError) return null;
        throw error;
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in the data
 * folder, so tokens survive a restart. Several processes sharing a database must be given JWT_SECRET.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
