import {
  LOGIN_FAILED_MESSAGE,
  TechnicianMessages,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  type LoginBody,
  type LoginResponse,
} from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { AccountEvents } from '../technicians/account-events.js';
import type { TechnicianRow, TechniciansRepository } from '../technicians/technicians.repository.js';
import { refuseWeakPassword, toTechnician } from '../technicians/technicians.service.js';
import type { TokenService } from './tokens.js';

export class AuthService {
  constructor(
    private readonly technicians: TechniciansRepository,
    private readonly tokens: TokenService,
    private readonly events: AccountEvents,
  ) {}

  /**
   * An unknown email, a wrong password and an inactive account get the same answer after the same work,
   * so the login form cannot be used to learn which accounts exist.
   */
  async login({ email, password }: LoginBody): Promise<LoginResponse> {
    const row = await this.technicians.findByEmail(email);
    const valid = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !valid || !row.isActive) throw AppError.unauthorized(LOGIN_FAILED_MESSAGE);
    return { accessToken: await this.tokenFor(row), technician: toTechnician(row) };
  }

  /**
   * Every sign-in made with the old password ends (REST, realtime, scans); the device that changed it
   * gets a new token in the answer and stays signed in.
   */
  async changePassword(
    id: number,
    { currentPassword, newPassword }: ChangePasswordBody,
  ): Promise<ChangePasswordResponse> {
    const row = await this.technicians.findById(id);
    if (!row) throw AppError.notFound(TechnicianMessages.notFound);
    if (!(await verifyPassword(currentPassword, row.passwordHash))) {
      // 400, not 401: the session is fine, only the typed password is wrong.
      throw AppError.badRequest(TechnicianMessages.wrongCurrentPassword);
    }
    refuseWeakPassword(newPassword, row.email);
    const passwordHash = await hashPassword(newPassword);
    // The account's own change: the change log records it as theirs.
    const updated = await this.technicians.transaction({ id }, (tx) =>
      this.technicians.update(tx, id, { passwordHash, mustChangePassword: false }, { revokeTokens: true }),
    );
    this.events.accessChanged(id);
    return { accessToken: await this.tokenFor(updated!) };
  }

  private tokenFor(row: TechnicianRow): Promise<string> {
    return this.tokens.sign({
      technicianId: row.id,
      role: row.role,
      tokenVersion: row.tokenVersion,
      mustChangePassword: row.mustChangePassword,
    });
  }
}
