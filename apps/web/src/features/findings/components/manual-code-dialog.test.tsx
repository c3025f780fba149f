import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../testing/render';
import { makeSession } from '../../../testing/sessions';
import { ManualCodeDialog } from './manual-code-dialog';

const item = makeSession({}, [
  { trap: { code: 'TRP-113', area: 'Bodega', type: 'CEBADERO', qrHash: 'a'.repeat(64), routeOrder: null } },
]).items[0]!;

describe('«Código escrito»', () => {
  it('takes the printed code in any case with a reason, and opens the sheet once recorded', async () => {
    const user = userEvent.setup();
    const record = vi.fn(() => Promise.resolve({ queued: true }));
    const onRecorded = vi.fn();
    renderWithApp(
      <ManualCodeDialog sessionId={12} item={item} record={record} onRecorded={onRecorded} onClose={() => undefined} />,
    );
    expect(screen.getByRole('dialog', { name: 'TRP-113: código escrito' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código impreso en la etiqueta'), ' trp-113 ');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige por qué no se pudo leer la etiqueta.');
    await user.click(screen.getByRole('radio', { name: 'Etiqueta ausente' }));
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(record).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'manual',
        sessionId: 12,
        itemId: item.id,
        qrHash: 'a'.repeat(64),
        body: expect.objectContaining({
          code: 'trp-113',
          reason: 'ETIQUETA_AUSENTE',
          clientScanId: expect.any(String),
        }),
      }),
    );
    expect(onRecorded).toHaveBeenCalled();
  });

  it('refuses another device’s code in the server’s words, without sending it', async () => {
    const user = userEvent.setup();
    const record = vi.fn(() => Promise.resolve({ queued: true }));
    renderWithApp(
      <ManualCodeDialog
        sessionId={12}
        item={item}
        record={record}
        onRecorded={() => undefined}
        onClose={() => undefined}
      />,
    );
    const field = screen.getByLabelText('Código impreso en la etiqueta');
    await user.type(field, 'TRP-114');
    await user.click(screen.getByRole('radio', { name: 'Etiqueta dañada' }));
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El código escrito (TRP-114) no es el de este dispositivo (TRP-113): revisa lo escrito.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(record).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays open', async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(409, 'La orden ya está cerrada.');
    const record = vi.fn(() => Promise.reject(refusal));
    const onRecorded = vi.fn();
    renderWithApp(
      <ManualCodeDialog sessionId={12} item={item} record={record} onRecorded={onRecorded} onClose={() => undefined} />,
    );
    await user.type(screen.getByLabelText('Código impreso en la etiqueta'), 'TRP-113');
    await user.click(screen.getByRole('radio', { name: 'Etiqueta dañada' }));
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('No se pudo registrar el código escrito.')).toBeInTheDocument();
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
