import type { Technician } from '@rondin/contracts';

/** First letter of the full name, else of the email, else 'U'. */
export function avatarLetter(user: Pick<Technician, 'fullName' | 'email'> | null | undefined): string {
  const source = user?.fullName?.trim() || user?.email?.trim() || 'U';
  return Array.from(source)[0]!.toLocaleUpperCase('es');
}
