import type { ClientSignature } from '@rondin/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientSignatureDialog } from './client-signature-dialog';

// jsdom has neither a 2D context nor PNG encoding: the browser's part of the export, as a canvas would answer.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function renderDialog(error: Parameters<typeof ClientSignatureDialog>[0]['error'] = null) {
  const onSubmit = vi.fn<(signature: ClientSignature) => void>();
  const onClose = vi.fn();
  render(
    <div id="root">
      <ClientSignatureDialog sessionId={12} saving={false} error={error} onSubmit={onSubmit} onClose={onClose} />
    </div>,
  );
  return { onSubmit, onClose };
}

function sign() {
  const canvas = screen.getByRole('img', { name: /Recuadro de firma/ });
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 30 });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 30 });
}

describe('client signature dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // Any drawing call is taken and draws nothing.
    const context = new Proxy({}, { get: () => () => undefined, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(`data:image/png;base64,${PNG}`);
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the name, then for the signature, before sending anything', async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Firma del cliente' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Cerrar y emitir certificado' });
    await user.click(submit);
    expect(screen.getByText('Falta el nombre de quien firma por el cliente.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Nombre'), '  Ana Pérez ');
    expect(screen.queryByText('Falta el nombre de quien firma por el cliente.')).not.toBeInTheDocument();
    await user.click(submit);
    expect(
      screen.getByText('Falta la firma: que el cliente firme en el recuadro, o marca «Cliente ausente».'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name, the role and the drawn signature as a PNG without the data: prefix', async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Ana Pérez');
    await user.type(screen.getByLabelText(/Cargo/), 'Jefa de calidad');
    sign();
    await user.click(screen.getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana Pérez', role: 'Jefa de calidad', imagePng: PNG });
  });

  it("with 'Cliente ausente' (keyboard only) sends that nobody signed and why, and nothing else", async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    // Tab from the name to the checkbox and tick it with the space bar: no pointer needed.
    const absent = screen.getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' });
    absent.focus();
    await user.keyboard(' ');
    expect(absent).toBeChecked();
    expect(screen.getByLabelText('Nombre')).toBeDisabled();
    expect(
      screen.getByText('El certificado dirá «Cliente ausente» y el motivo en lugar de la firma.'),
    ).toBeInTheDocument();
    // Without a reason nothing is sent; the preset reasons are one key each.
    await user.keyboard('{Tab}{Tab}{Tab}{Enter}');
    expect(screen.getByText('Indica por qué nadie del cliente pudo firmar.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    absent.focus();
    await user.keyboard('{Tab} ');
    expect(screen.getByRole('radio', { name: 'Nadie del cliente en planta' })).toBeChecked();
    await user.keyboard('{Tab}{Tab}{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ absent: true, reason: 'Nadie del cliente en planta' });
  });

  it('«Otro»: the reason is typed, and required', async () => {
    const { onSubmit } = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }));
    await user.click(screen.getByRole('radio', { name: 'Otro' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(screen.getByText('Indica por qué nadie del cliente pudo firmar.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Escribe el motivo' }), ' Planta en inventario ');
    await user.click(screen.getByRole('button', { name: 'Cerrar y emitir certificado' }));
    expect(onSubmit).toHaveBeenCalledWith({ absent: true, reason: 'Planta en inventario' });
  });

  it("shows the server's refusal, and says without connection that closing needs it", async () => {
    renderDialog({
      tone: 'error',
      text: 'No se pudo cerrar la orden.',
      detail: 'La orden aún tiene trampas pendientes.',
    });
    expect(screen.getByText('La orden aún tiene trampas pendientes.')).toBeInTheDocument();
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(
      screen.getByText(/Sin conexión: cerrar la orden y emitir el certificado necesita el servidor/),
    ).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument();
  });
});
