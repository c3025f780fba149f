import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, networkError } from '../../../testing/network';
import { createTestQueryClient } from '../../../testing/render';
import { getAuth, setAuth } from '../../../lib/auth-store';
import { AUTO_CLOSE_MS, ChangePasswordDialog } from './change-password-dialog';
import { validatePasswordChange } from './password-change-form';

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <div id="root" />
      <ChangePasswordDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Contraseña actual'), current);
  if (next) await user.type(screen.getByLabelText('Nueva contraseña'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm);
}

describe('validatePasswordChange', () => {
  it('requires non-blank current and new passwords, then a matching confirmation', () => {
    expect(validatePasswordChange('', 'nueva-clave', 'nueva-clave')).toBe('Completa todos los campos.');
    expect(validatePasswordChange('actual', '   ', '   ')).toBe('Completa todos los campos.');
    expect(validatePasswordChange('actual', 'nueva-clave', 'otra-clave')).toBe('Las contraseñas nuevas no coinciden.');
    expect(validatePasswordChange('actual', 'nueva-clave', 'nueva-clave')).toBeNull();
  });
});

describe('ChangePasswordDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the spec fields: placeholder and minimum length on the new passwords', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAttribute('placeholder', 'Mínimo 8 caracteres');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('Confirmar nueva contraseña')).toHaveAttribute('minlength', '8');
  });

  it('shows the validation messages without calling the server', async () => {
    const calls = answerRequests(() => undefined);
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Completa todos los campos.');
    await fill(user, 'actual-1', 'nueva-clave', 'nueva-clavX');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas nuevas no coinciden.');
    expect(calls).toHaveLength(0);
  });

  it('takes a validation message away once the fields are fixed, and the server refusal once a field is edited', async () => {
    const user = userEvent.setup();
    answerRequests(() => ({ status: 400, body: { message: 'La contraseña actual no es correcta.' } }));
    renderDialog();
    await fill(user, 'actual-1', 'nueva-clave', 'nueva-clavX');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas nuevas no coinciden.');
    const confirm = screen.getByLabelText('Confirmar nueva contraseña');
    await user.clear(confirm);
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas nuevas no coinciden.');
    await user.type(confirm, 'nueva-clave');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta.');
    await user.type(screen.getByLabelText('Contraseña actual'), '2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the message field',
      { status: 400, body: JSON.stringify({ message: 'La contraseña actual no es correcta.' }) },
      'La contraseña actual no es correcta.',
    ],
    ['a list joined by spaces', { status: 400, body: JSON.stringify({ message: ['Uno.', 'Dos.'] }) }, 'Uno. Dos.'],
    ['a plain text body', { status: 500, body: 'Servidor en mantención' }, 'Servidor en mantención'],
    ['nothing readable', { status: 500, body: '' }, 'No se pudo completar la acción.'],
  ])("shows the server's words on failure: %s", async (_case, answer, expected) => {
    answerRequests(() => new Response(answer.body, { status: answer.status }));
    const user = userEvent.setup();
    renderDialog();
    await fill(user, 'actual-1', 'nueva-clave', 'nueva-clave');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
  });

  it('says in Spanish that the server could not be reached when the request never got there', async () => {
    answerRequests(networkError);
    const user = userEvent.setup();
    renderDialog();
    await fill(user, 'actual-1', 'nueva-clave', 'nueva-clave');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.',
    );
  });

  it("reads 'Guardando…' and cannot be closed while saving, keeps the new token, then closes itself 1.5 s after success", async () => {
    setAuth({ accessToken: 'token-anterior', user: null });
    let answer: (response: Response) => void = () => {};
    const calls = answerRequests(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const onClose = renderDialog();
    await fill(user, 'actual-1', 'nueva-clave', 'nueva-clave');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByRole('button', { name: 'Guardando…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    // The request reaches the server a moment after the click, its answer waits for the test.
    await vi.waitFor(() => expect(calls[0]?.body).toEqual({ currentPassword: 'actual-1', newPassword: 'nueva-clave' }));

    vi.useFakeTimers();
    await act(async () => answer(new Response(JSON.stringify({ accessToken: 'token-nuevo' }), { status: 200 })));
    expect(screen.getByRole('status')).toHaveTextContent('Contraseña actualizada correctamente.');
    // The old token stopped working on the server: this device must carry on with the new one.
    expect(getAuth()?.accessToken).toBe('token-nuevo');
    act(() => vi.advanceTimersByTime(AUTO_CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape when idle', () => {
    const onClose = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
