import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@rondin/contracts';

export interface TokenClaims {
  technicianId: number;
  role: Role;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Returns null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ALGORITHM = 'HS256';
const ISSUER = 'rondin';

export function createTokenService(secret: string, ttl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ technicianId, role }) =>
      new SignJWT({ role })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(technicianId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const technicianId = Number(payload.sub);
        const role = payload.role;
        if (!Number.isSafeInteger(technicianId) || (role !== 'ADMIN' && role !== 'TECH')) return null;
        return { technicianId, role };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
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
