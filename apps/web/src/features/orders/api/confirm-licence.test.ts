import { LICENCE_EXPIRED_CODE } from '@rondin/contracts/technician-rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { withLicenceConfirmation } from './confirm-licence';

const refusal = new ApiError(
  409,
  'El carné de Luis Gómez caducó el 09/05/2026. Para asignarle la orden igualmente, confirma con confirmExpiredLicence: true.',
  LICENCE_EXPIRED_CODE,
);

describe('assigning to a technician whose licence has expired', () => {
  it('asks in Spanish and resends confirmed when accepted', async () => {
    const sent: boolean[] = [];
    const asked: string[] = [];
    const result = await withLicenceConfirmation(
      async (confirmed) => {
        sent.push(confirmed);
        if (!confirmed) throw refusal;
        return 'asignada';
      },
      (question) => {
        asked.push(question);
        return true;
      },
    );
    expect(result).toBe('asignada');
    expect(sent).toEqual([false, true]);
    expect(asked).toEqual(['El carné de Luis Gómez caducó el 09/05/2026. ¿Asignar igualmente?']);
  });

  it('sends nothing more when declined, and passes any other refusal through unasked', async () => {
    const sent: boolean[] = [];
    const declined = withLicenceConfirmation(
      async (confirmed) => {
        sent.push(confirmed);
        throw refusal;
      },
      () => false,
    );
    await expect(declined).rejects.toThrow('El carné de Luis Gómez caducó el 09/05/2026. No se asignó la orden.');
    expect(sent).toEqual([false]);
    const other = new ApiError(400, 'El técnico no existe o está inactivo.');
    await expect(
      withLicenceConfirmation(
        async () => {
          throw other;
        },
        () => {
          throw new Error('no debe preguntar');
        },
      ),
    ).rejects.toBe(other);
  });
});
