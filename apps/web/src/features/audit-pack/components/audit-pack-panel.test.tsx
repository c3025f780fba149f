import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerLater } from '../../../testing/answer-later';
import { answerRequests } from '../../../testing/network';
import { createTestQueryClient, makeTechnician, storeSignIn } from '../../../testing/render';
import { AuditPackPanel } from './audit-pack-panel';

/** The panel needs a query client and the stored sign-in its requests carry; nothing else of the app. */
const renderPanel = (panel: React.ReactElement) =>
  render(<QueryClientProvider client={createTestQueryClient()}>{panel}</QueryClientProvider>);

const SITES = [
  { id: 1, name: 'Planta Norte' },
  { id: 7, name: 'Almacén Sur' },
];

/** The server's answers to the pack, one per request, with the URLs and the sign-in each request carried. */
function serve(...answers: (() => Response | Promise<Response>)[]) {
  const requests: { url: string; authorization: string | null }[] = [];
  answerRequests(({ path, headers }) => {
    requests.push({ url: path, authorization: headers.get('authorization') });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${path}`);
    return answer();
  });
  return requests;
}

const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });

describe('Dossier de auditoría', { timeout: 20_000 }, () => {
  let saved: string[];
  beforeEach(() => {
    storeSignIn(makeTechnician());
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pack', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("downloads the chosen site's last twelve months, saying it is being prepared meanwhile", async () => {
    const user = userEvent.setup();
    const later = answerLater<Response>();
    const requests = serve(() => later.promise);
    renderPanel(<AuditPackPanel sites={SITES} />);
    expect(screen.getByRole('heading', { name: 'Dossier de auditoría' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Últimos 12 meses' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Sitio'), 'Almacén Sur');
    await user.click(screen.getByRole('button', { name: 'Descargar dossier (PDF)' }));

    const busy = await screen.findByRole('button', { name: 'Preparando el PDF…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Puede tardar unos segundos');
    // A second press while the server works asks for nothing more.
    await user.click(screen.getByRole('button', { name: 'Descargar anexo (Excel)' }));
    expect(requests).toHaveLength(1);

    later.resolve(pdf());
    expect(await screen.findByText('Descarga iniciada.')).toBeInTheDocument();
    expect(requests).toEqual([{ url: '/api/sites/7/audit-pack?format=pdf', authorization: 'Bearer token-de-prueba' }]);
    expect(saved).toEqual(['dossier-auditoria-almacen-sur-ultimos-12-meses.pdf']);
    expect(screen.getByRole('button', { name: 'Descargar dossier (PDF)' })).not.toHaveAttribute('aria-disabled');
  });

  it('asks for the two days of a chosen period, checked in Spanish before anything is sent', async () => {
    const user = userEvent.setup();
    const requests = serve(() => new Response('xlsx', { status: 200 }));
    renderPanel(<AuditPackPanel sites={SITES} siteId={1} />);
    // The site's own page: no choice of site.
    expect(screen.queryByLabelText('Sitio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Elegir fechas' }));
    await user.click(screen.getByRole('button', { name: 'Descargar anexo (Excel)' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indica las fechas de inicio y de término del período.');
    const from = screen.getByLabelText('Desde');
    expect(from).toHaveFocus();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.type(from, '2026-07-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-06-30');
    expect(screen.getByRole('alert')).toHaveTextContent('La fecha inicial no puede ser posterior a la final.');
    await user.click(screen.getByRole('button', { name: 'Descargar anexo (Excel)' }));
    expect(requests).toHaveLength(0);

    await user.clear(from);
    await user.type(from, '2026-01-01');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar anexo (Excel)' }));
    await screen.findByText('Descarga iniciada.');
    expect(requests.map((request) => request.url)).toEqual([
      '/api/sites/1/audit-pack?format=excel&from=2026-01-01&to=2026-06-30',
    ]);
    expect(saved).toEqual(['dossier-auditoria-planta-norte-2026-01-01-2026-06-30.xlsx']);
  });

  it("says in Spanish when the pack fails, with the server's reason for a refused period", async () => {
    const user = userEvent.setup();
    serve(
      () => new Response(JSON.stringify({ message: 'Error interno' }), { status: 500 }),
      () =>
        new Response(JSON.stringify({ message: 'El período del dossier no puede superar 24 meses.' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderPanel(<AuditPackPanel sites={SITES} />);
    await user.click(screen.getByRole('button', { name: 'Descargar dossier (PDF)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo preparar el dossier. Inténtalo nuevamente en unos segundos.');
    expect(alert).not.toHaveTextContent('Error interno');
    await user.click(screen.getByRole('button', { name: 'Descargar anexo (Excel)' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El período del dossier no puede superar 24 meses.'),
    );
    expect(saved).toEqual([]);
  });

  it('chooses the first active site by default and marks the inactive ones', async () => {
    const user = userEvent.setup();
    const requests = serve(pdf);
    renderPanel(
      <AuditPackPanel
        sites={[
          { id: 3, name: 'Almacén cerrado', isActive: false },
          { id: 1, name: 'Planta Norte', isActive: true },
        ]}
      />,
    );
    expect(screen.getByLabelText('Sitio')).toHaveDisplayValue('Planta Norte');
    expect(screen.getByRole('option', { name: 'Almacén cerrado (inactivo)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar dossier (PDF)' }));
    await screen.findByText('Descarga iniciada.');
    expect(requests.map((request) => request.url)).toEqual(['/api/sites/1/audit-pack?format=pdf']);
  });

  it('says so when there is no site yet', () => {
    renderPanel(<AuditPackPanel sites={[]} />);
    expect(screen.getByText('Todavía no hay sitios: crea uno para preparar su dossier.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar dossier (PDF)' })).not.toBeInTheDocument();
  });
});
