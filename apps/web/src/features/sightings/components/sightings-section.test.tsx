import type { SightingLink } from '@rondin/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSighting } from '../../../testing/sightings';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { REPORTER_NAME_KEY } from './sighting-form';
import { SightingsSection } from './sightings-section';

const link = (token: string): SightingLink => ({
  siteId: 7,
  token,
  url: `https://rondin.example/avistamiento/${token}`,
  createdAt: '2026-11-01T10:00:00.000Z',
});

function renderSection(areas: string[] | undefined = ['Almacén', 'Muelle de carga']) {
  return renderWithApp(<SightingsSection siteId={7} areas={areas} actionPath={(id) => `/admin/actions/${id}`} />);
}

// Typing through user-event takes seconds on a shared 2-core machine.
describe('SightingsSection (the office, on a site page)', { timeout: 20_000 }, () => {
  let saved: string[];
  beforeEach(() => {
    storeSignIn(makeTechnician());
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:poster', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the site's link to copy, and its sightings with their state and corrective action", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/sites/7/sighting-link': () => ({ body: link('tok1tok1tok1tok1tok1') }),
      'GET /api/sites/7/sightings': () => ({
        body: {
          items: [
            makeSighting(),
            makeSighting({
              id: 30,
              area: 'Muelle de carga',
              pestGroup: 'VOLADORES',
              description: 'Insectos voladores',
              status: 'ATENDIDO',
              action: { id: 88, status: 'CERRADA', dueDate: '2026-11-20', closedAt: null, closedBy: 'Ana' },
            }),
          ],
          openCount: 1,
        },
      }),
    });
    renderSection();
    const section = await screen.findByRole('region', { name: TEXT.sectionTitle });
    const url = await within(section).findByDisplayValue('https://rondin.example/avistamiento/tok1tok1tok1tok1tok1');
    expect(url).toHaveAttribute('readonly');
    await user.click(within(section).getByRole('button', { name: TEXT.copy }));
    expect(await navigator.clipboard.readText()).toBe('https://rondin.example/avistamiento/tok1tok1tok1tok1tok1');
    expect(within(section).getByText(TEXT.copied)).toBeInTheDocument();

    const items = await within(section).findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading')).toHaveTextContent(
      'Avistamiento: Roedores — Un ratón junto a los palés',
    );
    expect(items[0]).toHaveTextContent('Almacén');
    expect(items[0]).toHaveTextContent('Lucía Gómez');
    expect(items[0]).toHaveTextContent('Abierto');
    expect(within(items[0]!).getByRole('link', { name: TEXT.actionLink(90) })).toHaveAttribute(
      'href',
      '/admin/actions/90',
    );
    // A group alone is not said twice.
    expect(within(items[1]!).getByRole('heading')).toHaveTextContent(/^Avistamiento: Insectos voladores$/);
    expect(items[1]).toHaveTextContent('Atendido');
  });

  it('changes the link only once the office confirms that the printed posters stop working', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/sites/7/sighting-link': () => ({ body: link('tok1tok1tok1tok1tok1') }),
      'POST /api/sites/7/sighting-link': () => ({ body: link('tok2tok2tok2tok2tok2') }),
      'GET /api/sites/7/sightings': () => ({ body: { items: [], openCount: 0 } }),
    });
    renderSection();
    await screen.findByDisplayValue(/tok1tok1/);
    expect(await screen.findByText(TEXT.listEmpty)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TEXT.rotate }));
    const dialog = screen.getByRole('dialog', { name: TEXT.rotateTitle });
    expect(dialog).toHaveTextContent('Los carteles impresos con el enlace actual dejarán de funcionar');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: TEXT.rotate }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: TEXT.rotate }));
    expect(await screen.findByDisplayValue(/tok2tok2/)).toBeInTheDocument();
    expect(screen.getByText(TEXT.rotated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("downloads one area's poster, or all of them", async () => {
    const user = userEvent.setup();
    const pdf = () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    const calls = mockApi({
      'GET /api/sites/7/sighting-link': () => ({ body: link('tok1tok1tok1tok1tok1') }),
      'GET /api/sites/7/sightings': () => ({ body: { items: [], openCount: 0 } }),
      'GET /api/sites/7/sighting-poster.pdf?area=Muelle%20de%20carga': pdf,
      'GET /api/sites/7/sighting-poster.pdf': pdf,
    });
    renderSection();
    await user.click(await screen.findByRole('button', { name: `${TEXT.posterOf('Muelle de carga')} (PDF)` }));
    await vi.waitFor(() => expect(saved).toEqual(['cartel-avistamientos-sitio-7-muelle-de-carga.pdf']));
    await user.click(screen.getByRole('button', { name: TEXT.posterAll }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('cartel-avistamientos-sitio-7-todas-las-areas.pdf');
    expect(calls.map((call) => call.path)).toContain('/api/sites/7/sighting-poster.pdf?area=Muelle%20de%20carga');
  });

  it('says why there are no posters, and offers to retry a list that failed', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/sites/7/sighting-link': () => ({ body: link('tok1tok1tok1tok1tok1') }),
      'GET /api/sites/7/sightings': () =>
        fail ? { status: 500, body: { message: 'Error interno' } } : { body: { items: [], openCount: 0 } },
    });
    renderSection([]);
    expect(await screen.findByText(TEXT.postersNoAreas)).toBeInTheDocument();
    expect(await screen.findByText(TEXT.listFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(TEXT.listEmpty)).toBeInTheDocument();
  });

  it('registers a sighting phoned in, with who told it, and lists it', async () => {
    const user = userEvent.setup();
    const listed = [makeSighting({ id: 29, source: 'OFICINA' })];
    let list = { items: [] as typeof listed, openCount: 0 };
    const calls = mockApi({
      'GET /api/technicians/me/profile': () => ({ body: makeTechnician() }),
      'GET /api/sites/7/sighting-link': () => ({ body: link('tok1tok1tok1tok1tok1') }),
      'GET /api/sites/7/sightings': () => ({ body: list }),
      'POST /api/sites/7/sightings': () => {
        list = { items: listed, openCount: 1 };
        return { status: 201, body: listed[0] };
      },
    });
    renderSection();
    await screen.findByText(TEXT.listEmpty);
    await user.click(screen.getByRole('button', { name: TEXT.officeReport }));
    const dialog = screen.getByRole('dialog', { name: TEXT.officeReportTitle });
    await user.click(within(dialog).getByRole('radio', { name: 'Almacén' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Roedores' }));
    await user.type(within(dialog).getByLabelText(TEXT.officeReporter), 'Jefe de turno');
    await user.click(within(dialog).getByRole('button', { name: TEXT.send }));

    expect(await screen.findByText(TEXT.officeReported(29))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article')).toHaveTextContent('Lucía Gómez');
    const post = calls.find((call) => call.method === 'POST')!;
    const form = await new Response(post.body as string, {
      headers: { 'content-type': post.headers.get('content-type')! },
    }).formData();
    expect(form.get('reporterName')).toBe('Jefe de turno');
    expect(form.get('area')).toBe('Almacén');
    // The office's screen is shared: the name is not kept for the next one.
    expect(localStorage.getItem(REPORTER_NAME_KEY)).toBeNull();
  });
});
