import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerRequests, type ApiCall } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { PublicSightingPage } from './public-sighting-page';
import { REPORTER_NAME_KEY } from './sighting-form';

const TOKEN = 'Abc123_-Abc123_-Abc123';
const PAGE = `/api/public/sightings/${TOKEN}`;
const page = { siteName: 'Planta Norte', areas: ['Almacén', 'Muelle de carga', 'Producción'] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The public routes as the server answers them; any request carrying a sign-in is refused, as the page never sends one. */
function serve(answer: (call: ApiCall) => Response | undefined) {
  return answerRequests((call) =>
    call.headers.has('authorization') ? json(400, { message: 'sent a sign-in' }) : answer(call),
  );
}

/** What the browser sent as multipart, read back as the server would. */
async function formOf(call: ApiCall): Promise<FormData> {
  return new Response(call.body as string, {
    headers: { 'content-type': call.headers.get('content-type')! },
  }).formData();
}

function renderPage(area: string | null = 'Muelle de carga', token = TOKEN) {
  return renderWithApp(<PublicSightingPage token={token} area={area} />);
}

// Typing through user-event takes seconds on a shared 2-core machine.
describe('PublicSightingPage', { timeout: 20_000 }, () => {
  afterEach(() => localStorage.clear());

  it("reports a sighting in a few taps: the poster's area chosen, a pest group, a name; then says it was received", async () => {
    // An office user's sign-in on the same phone must not travel with the public report.
    storeSignIn(makeTechnician());
    const user = userEvent.setup();
    const calls = serve((call) => {
      if (call.key === `GET ${PAGE}`) return json(200, page);
      if (call.key === `POST ${PAGE}`) return json(201, { id: 41, message: TEXT.sent });
      return undefined;
    });
    renderPage();

    expect(await screen.findByText('Planta Norte')).toBeInTheDocument();
    const areas = screen.getByRole('group', { name: TEXT.area });
    expect(within(areas).getByRole('radio', { name: 'Muelle de carga' })).toBeChecked();
    expect(within(areas).getByText(TEXT.areaHint)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Roedores' }));
    await user.type(screen.getByLabelText(TEXT.reporterName), 'Lucía Gómez');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: TEXT.send }));

    const sent = await screen.findByRole('heading', { name: TEXT.sent });
    expect(sent).toHaveFocus();
    expect(screen.getByText(TEXT.sentNumber(41))).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(post);
    expect(form.get('area')).toBe('Muelle de carga');
    expect(form.get('pestGroup')).toBe('ROEDORES');
    // The server wants words: a group alone travels as its name.
    expect(form.get('description')).toBe('Roedores');
    expect(form.get('reporterName')).toBe('Lucía Gómez');
    // Untouched, «¿Cuándo?» is the moment it was sent.
    const seenAt = new Date(String(form.get('seenAt'))).getTime();
    expect(seenAt).toBeGreaterThanOrEqual(before - 1000);
    expect(seenAt).toBeLessThanOrEqual(Date.now());
    expect(form.getAll('file')).toHaveLength(0);

    // The next report is a fresh form with the name remembered on the phone.
    await user.click(screen.getByRole('button', { name: TEXT.another }));
    expect(screen.getByLabelText(TEXT.reporterName)).toHaveValue('Lucía Gómez');
    expect(screen.getByRole('radio', { name: 'Roedores' })).not.toBeChecked();
    expect(localStorage.getItem(REPORTER_NAME_KEY)).toBe('Lucía Gómez');
  });

  it('sends the time typed and the words written, and refuses a time still to come before sending', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      if (call.key === `GET ${PAGE}`) return json(200, page);
      if (call.key === `POST ${PAGE}`) return json(201, { id: 42, message: TEXT.sent });
      return undefined;
    });
    renderPage(null);
    await screen.findByText('Planta Norte');
    // No poster's area: nothing is chosen, and the first thing missing is said at its field.
    await user.type(screen.getByLabelText(TEXT.reporterName), 'Lucía');
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    expect(screen.getAllByText(TEXT.areaRequired).length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'Almacén' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Almacén' }));
    // Put right, the field stops saying what was wrong.
    expect(screen.queryByText(TEXT.areaRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    expect(screen.getAllByText(TEXT.whatRequired).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText(TEXT.description), 'Cucarachas junto al desagüe');

    const when = screen.getByLabelText(TEXT.seenAt);
    await user.clear(when);
    await user.type(when, '2099-01-01T10:00');
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    expect(screen.getAllByText(TEXT.seenAtFuture).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(when);
    await user.type(when, '2026-11-28T23:40');
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    await screen.findByRole('heading', { name: TEXT.sent });
    const form = await formOf(calls.find((call) => call.method === 'POST')!);
    expect(form.get('description')).toBe('Cucarachas junto al desagüe');
    expect(form.get('pestGroup')).toBeNull();
    expect(form.get('seenAt')).toBe(new Date('2026-11-28T23:40').toISOString());
  });

  it('says a rotated or unknown link is no longer in use, and shows no form', async () => {
    serve((call) =>
      call.key === `GET ${PAGE}`
        ? json(404, { message: 'Este enlace de avistamientos ya no está en uso.' })
        : undefined,
    );
    renderPage();
    expect(await screen.findByText(TEXT.linkGone)).toBeInTheDocument();
    expect(screen.getByText(TEXT.linkGoneHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.send })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.retry })).not.toBeInTheDocument();
  });

  it('does not even ask for a link that cannot be a token', async () => {
    const calls = serve(() => json(200, page));
    renderPage(null, 'nada');
    expect(screen.getByText(TEXT.linkGone)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says when the address's limit is reached, keeping what was typed", async () => {
    const user = userEvent.setup();
    serve((call) => {
      if (call.key === `GET ${PAGE}`) return json(200, page);
      if (call.key === `POST ${PAGE}`) return json(429, { message: 'Too Many Requests' });
      return undefined;
    });
    renderPage();
    await screen.findByText('Planta Norte');
    await user.click(screen.getByRole('radio', { name: 'Insectos voladores' }));
    await user.type(screen.getByLabelText(TEXT.reporterName), 'Lucía');
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    expect(await screen.findByText(TEXT.tooMany)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Insectos voladores' })).toBeChecked();
    expect(screen.getByLabelText(TEXT.reporterName)).toHaveValue('Lucía');
  });

  it('offers to try again when the page could not be opened for want of signal', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve((call) => {
      if (call.key !== `GET ${PAGE}`) return undefined;
      if (fail) return Response.error();
      return json(200, page);
    });
    renderPage();
    expect(await screen.findByText(TEXT.offline)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: TEXT.retry }));
    expect(await screen.findByText('Planta Norte')).toBeInTheDocument();
  });

  it('shows only the site name and its areas, and says when it has none to report in', async () => {
    serve((call) => (call.key === `GET ${PAGE}` ? json(200, { siteName: 'Planta Sur', areas: [] }) : undefined));
    renderPage();
    expect(await screen.findByText(TEXT.noAreas)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.send })).not.toBeInTheDocument();
  });

  it('says a photo it cannot read could not be used, and sends without it', async () => {
    const user = userEvent.setup();
    serve((call) => (call.key === `GET ${PAGE}` ? json(200, page) : undefined));
    renderPage();
    await screen.findByText('Planta Norte');
    const input = screen.getByLabelText(TEXT.takePhoto);
    await user.upload(input, new File(['no es una foto'], 'foto.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.photoFailed);
    expect(screen.getByRole('heading', { name: TEXT.photos(0) })).toBeInTheDocument();
  });
});
