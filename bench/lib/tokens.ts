import { SignJWT } from 'jose';
import { JWT_SECRET } from './server.js';

/** A token the benchmark's servers accept (they share JWT_SECRET), without a login per run. */
export function tokenFor(technicianId: number, role: 'ADMIN' | 'TECH' | 'CLIENTE'): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(technicianId))
    .setIssuer('rondin')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}
