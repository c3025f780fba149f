import { SESSIONS_NAMESPACE, type SessionServerEvents } from '@rondin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { TokenService } from '../modules/auth/tokens.js';
import type { OrderEvents } from '../lib/order-events.js';
import type { AccountEvents } from '../modules/technicians/account-events.js';
import type { BellEvents } from '../modules/notifications/bell-events.js';
import type { ActiveAccount } from '../modules/technicians/technicians.repository.js';
import { AuthMessages } from '../lib/auth-user.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes order changes to the assigned technician's connected devices. */
    orderEvents: OrderEvents;
    /** Closes an account's sockets, in every process, when its access changes. */
    accountEvents: AccountEvents;
    /** Tells an account's sockets, in every process, that it has new notifications. */
    bellEvents: BellEvents;
    /** Realtime sockets open on this process. */
    openSockets(): number;
  }
}

export interface RealtimeOptions {
  tokens: TokenService;
  findActiveAccount(technicianId: number): Promise<ActiveAccount | undefined>;
  /** With several server processes, Redis carries each event to the process holding the socket. */
  redisUrl?: string | undefined;
  corsOrigins?: string[] | undefined;
}

const technicianRoom = (technicianId: number) => `technician:${technicianId}`;
/** Administrators' sockets: the office hears every order's changes and the findings; technicians never join. */
const OFFICE_ROOM = 'office';
/** Every socket of one account, whatever its role: the room closed when that account's access changes. */
const accountRoom = (technicianId: number) => `account:${technicianId}`;

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `expire` at `at` (ms since the epoch), however far off. Returns the function that cancels it. */
function at(time: number, expire: () => void): () => void {
  let timer: NodeJS.Timeout;
  const schedule = () => {
    const wait = time - Date.now();
    if (wait <= 0) return expire();
    timer = setTimeout(schedule, Math.min(wait, MAX_TIMER_MS));
  };
  schedule();
  return () => clearTimeout(timer);
}

/**
 * socket.io on the API's own HTTP server, namespace /sessions, websocket transport only. The handshake
 * must carry a valid token of an active account, of its current token version, in `auth.token`. A
 * technician's sockets join their room, and an order's events go only to its technician's room and to the
 * office's (administrators' sockets), which alone hears what was found. A socket is closed when its token
 * expires and when its account's access changes (deactivated, deleted, role or password changed): it may
 * connect again only with a token that is still good.
 */
export default fp<RealtimeOptions>(
  async function realtime(app: FastifyInstance, { tokens, findActiveAccount, redisUrl, corsOrigins }) {
    const io = new Server(app.server, {
      transports: ['websocket'],
      serveClient: false,
      cors: corsOrigins?.length ? { origin: corsOrigins } : undefined,
    });

    const redisClients: { quit(): Promise<unknown> }[] = [];
    if (redisUrl) {
      // Loaded only here: a single process (npm start) does without them, and starts a sixth of a second sooner.
      const [{ createClient }, { createAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-adapter'),
      ]);
      const publisher = createClient({ url: redisUrl });
      const subscriber = publisher.duplicate();
      for (const client of [publisher, subscriber]) {
        client.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
        redisClients.push(client);
      }
      await Promise.all([publisher.connect(), subscriber.connect()]);
      io.adapter(createAdapter(publisher, subscriber));
    }

    const sessions = io.of(SESSIONS_NAMESPACE) as ReturnType<Server<Record<string, never>, SessionServerEvents>['of']>;
    sessions.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || !token) return next(new Error(AuthMessages.missingToken));
      tokens
        .verify(token)
        .then(async (claims) => {
          if (!claims) return next(new Error(AuthMessages.invalidToken));
          const account = await findActiveAccount(claims.technicianId);
          if (!account) return next(new Error(AuthMessages.inactive));
          if (account.tokenVersion !== claims.tokenVersion) return next(new Error(AuthMessages.passwordChanged));
          if (account.mustChangePassword) return next(new Error(AuthMessages.passwordChangeRequired));
          socket.data.technicianId = claims.technicianId;
          socket.data.role = account.role;
          socket.data.expiresAt = claims.expiresAt;
          next();
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'socket authentication failed');
          next(new Error('Error interno del servidor.'));
        });
    });
    sessions.on('connection', (socket) => {
      const technicianId = socket.data.technicianId as number;
      void socket.join(accountRoom(technicianId));
      if (socket.data.role === 'TECH') void socket.join(technicianRoom(technicianId));
      // A role change closes the account's sockets (accountEvents), so the office room follows the role.
      if (socket.data.role === 'ADMIN') void socket.join(OFFICE_ROOM);
      const cancelExpiry = at(socket.data.expiresAt as number, () => socket.disconnect(true));
      socket.once('disconnect', cancelExpiry);
    });

    app.decorate('orderEvents', {
      created: (technicianId, sessionId) =>
        sessions.to([technicianRoom(technicianId), OFFICE_ROOM]).emit('session.created', { sessionId }),
      updated: (technicianId, sessionId) =>
        sessions.to([technicianRoom(technicianId), OFFICE_ROOM]).emit('session.updated', { sessionId }),
      findingRecorded: (sessionId, itemId) => sessions.to(OFFICE_ROOM).emit('finding.recorded', { sessionId, itemId }),
      actionOpened: (actionId) => sessions.to(OFFICE_ROOM).emit('action.opened', { actionId }),
      sightingCreated: (sightingId, siteId, actionId) =>
        sessions.to(OFFICE_ROOM).emit('sighting.created', { sightingId, siteId, actionId }),
    } satisfies OrderEvents);
    app.decorate('openSockets', () => sessions.sockets.size);
    app.decorate('accountEvents', {
      accessChanged: (technicianId) => sessions.in(accountRoom(technicianId)).disconnectSockets(true),
    } satisfies AccountEvents);

    app.decorate('bellEvents', {
      notified: (counts) => {
        for (const [accountId, count] of counts)
          sessions.to(accountRoom(accountId)).emit('notification.created', { count });
      },
    } satisfies BellEvents);

    app.addHook('preClose', async () => {
      sessions.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    });
  },
  { name: 'realtime' },
);
