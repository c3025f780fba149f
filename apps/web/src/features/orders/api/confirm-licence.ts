import { LICENCE_EXPIRED_CODE } from '@rondin/contracts/technician-rules';
import { ApiError } from '../../../lib/api-client';

/** The question from the server's refusal: "El carné de … caducó el …." then "¿Asignar igualmente?". */
export function licenceQuestion(serverMessage: string | undefined): string {
  const first = serverMessage?.split('. ')[0] ?? 'El carné del técnico está caducado';
  return `${first}. ¿Asignar igualmente?`;
}

/**
 * Sends an assignment; when the server answers that the technician's licence has expired (409
 * LICENCE_EXPIRED), asks the user and, on "Aceptar", sends it again confirmed. Declined, the assignment is
 * not made and the refusal says why in the user's words.
 */
export async function withLicenceConfirmation<T>(
  send: (confirmExpiredLicence: boolean) => Promise<T>,
  ask: (question: string) => boolean = (question) => window.confirm(question),
): Promise<T> {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== LICENCE_EXPIRED_CODE) throw error;
    const question = licenceQuestion(error.serverMessage);
    if (!ask(question)) {
      throw new ApiError(409, `${question.replace(' ¿Asignar igualmente?', '')} No se asignó la orden.`, error.code);
    }
    return send(true);
  }
}
