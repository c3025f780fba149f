import './trap-link.css';
import type { Session } from '@rondin/contracts';
import { qrSlugFromLabel } from '@rondin/contracts/qr-code';
import { useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { BrandMark } from '../../components/layouts/brand-mark';
import { Loading } from '../../components/ui/loading';
import { ApiError, serverMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth/components/auth-provider';
import { SignInFirst } from '../../features/auth/components/protected-route';
import { useSavedQueries } from '../../features/offline/hooks/use-saved-queries';
import { qrHash } from '../../lib/qr-hash';
import { useMyOpenSessions } from '../../features/orders/api/get-my-open-sessions';
import { useTrapByQr } from '../../features/traps/api/get-trap-by-qr';

export const TRAP_LINK_MESSAGES = {
  opening: 'Abriendo la trampa…',
  notALabel: 'Este enlace no corresponde a una etiqueta de Rondín.',
  notInOpenOrders: 'Esta trampa no está en ninguna de tus órdenes abiertas.',
  notInOpenOrdersHint: 'Si debías inspeccionarla, pide al administrador que la agregue a una orden.',
  noTrap: 'Ninguna trampa tiene ese código QR.',
  failed: 'No se pudo abrir la trampa.',
  toOrders: 'Ver mis órdenes',
  toTraps: 'Ver trampas',
} as const;

/** Where the scan route picks up the code of a label opened from outside the app, to register it. */
export interface ScanOnArrival {
  scanQr: string;
}

/**
 * /t/{code}: the address a label encodes when PUBLIC_URL is set, opened by the phone's own camera app. A
 * technician lands on the scan screen of the open order that holds the trap, with that scan registered (through
 * the offline queue, so it works without signal: the orders are the ones kept on the phone); an administrator on
 * the trap's page; a visitor signs in first and comes back here.
 */
export default function TrapLinkRoute() {
  const { token, user } = useAuth();
  const slug = qrSlugFromLabel(useParams().slug ?? '');
  if (!token || !user) return <SignInFirst />;
  // A plant's account has no traps to open: it goes home, as from any other page outside the portal.
  if (user.role === 'CLIENTE') return <Navigate to="/" replace />;
  if (!slug)
    return <LinkProblem text={TRAP_LINK_MESSAGES.notALabel} back="/" backLabel={TRAP_LINK_MESSAGES.toOrders} />;
  return user.role === 'ADMIN' ? <AdminTrapLink slug={slug} /> : <TechTrapLink slug={slug} userId={user.id} />;
}

function AdminTrapLink({ slug }: { slug: string }) {
  const trap = useTrapByQr(slug);
  if (trap.data) return <Navigate to={`/admin/traps/${trap.data.id}`} replace />;
  if (trap.isError) {
    const missing = trap.error instanceof ApiError && trap.error.status === 404;
    return (
      <LinkProblem
        text={missing ? TRAP_LINK_MESSAGES.noTrap : TRAP_LINK_MESSAGES.failed}
        detail={missing ? undefined : serverMessage(trap.error)}
        back="/admin/traps"
        backLabel={TRAP_LINK_MESSAGES.toTraps}
      />
    );
  }
  return <Loading text={TRAP_LINK_MESSAGES.opening} className="boot-screen" />;
}

function TechTrapLink({ slug, userId }: { slug: string; userId: number }) {
  // The orders kept on the phone come back first: without signal they are all there is.
  const restoring = useSavedQueries(userId);
  const orders = useMyOpenSessions();
  const hash = useMemo(() => qrHash(slug), [slug]);

  if (restoring || (orders.data === undefined && !orders.isError)) {
    return <Loading text={TRAP_LINK_MESSAGES.opening} className="boot-screen" />;
  }
  if (orders.data === undefined) {
    return (
      <LinkProblem
        text={TRAP_LINK_MESSAGES.failed}
        detail={serverMessage(orders.error)}
        back="/tech/sessions"
        backLabel={TRAP_LINK_MESSAGES.toOrders}
      />
    );
  }
  const order = orderFor(orders.data, hash);
  if (!order) {
    return (
      <LinkProblem
        text={TRAP_LINK_MESSAGES.notInOpenOrders}
        detail={TRAP_LINK_MESSAGES.notInOpenOrdersHint}
        back="/tech/sessions"
        backLabel={TRAP_LINK_MESSAGES.toOrders}
      />
    );
  }
  const arrival: ScanOnArrival = { scanQr: slug };
  return <Navigate to={`/tech/sessions/${order.id}/scan`} replace state={arrival} />;
}

/** The open order holding the trap: one where it is still pending first, else the first that has it. */
function orderFor(orders: readonly Session[], qrHash: string): Session | undefined {
  const holding = orders.filter(
    (order) => order.status !== 'COMPLETED' && order.items.some((item) => item.trap.qrHash === qrHash),
  );
  return (
    holding.find((order) => order.items.some((item) => item.trap.qrHash === qrHash && item.status === 'PENDING')) ??
    holding[0]
  );
}

function LinkProblem({
  text,
  detail,
  back,
  backLabel,
}: {
  text: string;
  detail?: string | undefined;
  back: string;
  backLabel: string;
}) {
  return (
    <main className="trap-link">
      <BrandMark />
      <div className="notice notice--info" role="alert">
        <div className="notice__body">
          <p className="notice__text">{text}</p>
          {detail ? <p className="notice__detail">{detail}</p> : null}
        </div>
      </div>
      <Link to={back} className="button button--primary button--large">
        {backLabel}
      </Link>
    </main>
  );
}
