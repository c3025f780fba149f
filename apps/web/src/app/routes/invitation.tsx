import './login.css';
import { useNavigate, useParams } from 'react-router';
import { BrandMark } from '../../components/layouts/brand-mark';
import { useLogin } from '../../features/auth/api/login';
import { homePathFor } from '../../features/auth/components/protected-route';
import { InvitationView } from '../../features/portal/components/invitation-view';
import { INVITATION_MESSAGES } from '../../features/portal/messages';

/**
 * /invitacion/{token}: the single-use link the office gives a client's person. Public, outside every layout; once
 * the password is set the person is signed in with it and lands on the portal.
 */
export default function InvitationRoute() {
  const token = useParams().token ?? '';
  const login = useLogin();
  const navigate = useNavigate();

  async function signIn(email: string, password: string) {
    const { technician } = await login.mutateAsync({ email, password });
    await navigate(homePathFor(technician.role), { replace: true });
  }

  return (
    <div className="login-page login-page--single">
      <main className="login-main">
        <div className="login-card">
          <div className="login-card__brand">
            <BrandMark subtitle={INVITATION_MESSAGES.subtitle} />
          </div>
          <h1 className="login-card__title">{INVITATION_MESSAGES.title}</h1>
          <InvitationView key={token} token={token} onAccepted={signIn} />
        </div>
      </main>
    </div>
  );
}
