import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../lib/auth-store';
import { answerRequests, networkError } from '../../../testing/network';
import { makeTechnician, renderWithApp, storeSignIn } from '../../../testing/render';
import { useAuth } from './auth-provider';

function SignedInAs() {
  const { user } = useAuth();
  return <output data-testid="user">{user?.email ?? 'nadie'}</output>;
}

describe('AuthProvider start-up', () => {
  it('keeps the stored sign-in when the server cannot be reached, so the field screens open offline', async () => {
    const tech = makeTechnician({ role: 'TECH', email: 'tecnico@rondin.test' });
    storeSignIn(tech);
    answerRequests(networkError);
    renderWithApp(<SignedInAs />);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('tecnico@rondin.test'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it('drops a stored token without its user when the server cannot be reached: there is nobody to show', async () => {
    storeSignIn(null);
    answerRequests(networkError);
    renderWithApp(<SignedInAs />);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nadie'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
