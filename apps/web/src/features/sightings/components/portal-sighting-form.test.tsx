import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { makeSighting } from '../../../testing/sightings';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { PortalSightingForm } from './portal-sighting-form';

const contact = makeTechnician({ id: 40, fullName: 'Marta Ruiz (Calidad)' });

async function formOf(call: ApiCall): Promise<FormData> {
  return new Response(call.body as string, {
    headers: { 'content-type': call.headers.get('content-type')! },
  }).formData();
}

// Typing through user-event takes seconds on a shared 2-core machine.
describe('PortalSightingForm (the client portal’s report)', { timeout: 20_000 }, () => {
  it('reports as the signed-in contact, without asking a name, and offers a fresh form', async () => {
    storeSignIn(contact);
    const user = userEvent.setup();
    const onSent = vi.fn();
    const calls = mockApi({
      'GET /api/technicians/me/profile': () => ({ body: contact }),
      'POST /api/portal/sites/7/sightings': () => ({ status: 201, body: makeSighting({ id: 52 }) }),
    });
    renderWithApp(<PortalSightingForm siteId={7} areas={['Almacén', 'Producción']} onSent={onSent} />);
    expect(await screen.findByRole('group', { name: TEXT.area })).toBeInTheDocument();
    expect(screen.queryByLabelText(TEXT.reporterName)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Producción' }));
    await user.type(screen.getByLabelText(TEXT.description), 'Moscas en la línea 2');
    await user.click(screen.getByRole('button', { name: TEXT.send }));

    expect(await screen.findByText(TEXT.sentNumber(52))).toBeInTheDocument();
    expect(onSent).toHaveBeenCalledWith(52);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('authorization')).toBe('Bearer token-de-prueba');
    const form = await formOf(post);
    expect(form.get('area')).toBe('Producción');
    expect(form.get('description')).toBe('Moscas en la línea 2');
    expect(form.has('reporterName')).toBe(false);
    expect(screen.getByRole('radio', { name: 'Producción' })).not.toBeChecked();
    expect(screen.getByLabelText(TEXT.description)).toHaveValue('');
  });

  it("shows the server's refusal in its words and keeps what was written", async () => {
    storeSignIn(contact);
    const user = userEvent.setup();
    mockApi({
      'POST /api/portal/sites/7/sightings': () => ({
        status: 400,
        body: { message: 'El área no es una de las áreas del sitio.' },
      }),
    });
    renderWithApp(<PortalSightingForm siteId={7} areas={['Almacén']} />);
    // One area: it is the one.
    expect(await screen.findByRole('radio', { name: 'Almacén' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Otros' }));
    await user.click(screen.getByRole('button', { name: TEXT.send }));
    expect(await screen.findByText('El área no es una de las áreas del sitio.')).toBeInTheDocument();
    expect(screen.getByText(TEXT.sendFailed)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Otros' })).toBeChecked();
  });

  it('says there is nowhere to report while the site has no areas', async () => {
    storeSignIn(contact);
    renderWithApp(<PortalSightingForm siteId={7} areas={[]} />);
    expect(await screen.findByText(TEXT.noAreas)).toBeInTheDocument();
  });
});
