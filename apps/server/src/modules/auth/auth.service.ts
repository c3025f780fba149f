import { LOGIN_FAILED_MESSAGE, type LoginBody, type LoginResponse } from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import type { TechniciansRepository } from '../technicians/technicians.repository.js';
import { toTechnician } from '../technicians/technicians.service.js';
import type { TokenService } from './tokens.js';

export class AuthService {
  constructor(
    private readonly technicians: TechniciansRepository,
    private readonly tokens: TokenService,
  ) {}

  /**
   * An unknown email, a wrong password and an inactive account get the same answer after the same work,
   * so the login form cannot be used to learn which accounts exist.
   */
  async login({ email, password }: LoginBody): Promise<LoginResponse> {
    const row = await this.technicians.findByEmail(email);
    const valid = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !valid || !row.isActive) throw AppError.unauthorized(LOGIN_FAILED_MESSAGE);
    const accessToken = await this.tokens.sign({ technicianId: row.id, role: row.role });
    return { accessToken, technician: toTechnician(row) };
  }
}
