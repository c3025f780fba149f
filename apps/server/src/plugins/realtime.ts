import { SESSIONS_NAMESPACE, type Role, type SessionServerEvents } from '@rondin/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { TokenService } from '../modules/auth/tokens.js';
import type { SessionEvents } from '../modules/sessions/session-events.js';
import { AuthMessages } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes order changes to the assigned technician's connected devices. */
    sessionEvents: SessionEvents;
  }
}

export interface RealtimeOptions {
  tokens: TokenService;
  findActiveRole(technicianId: number): Promise<Role | undefined>;
  /** With several server processes, Redis carries each event to the process holding the socket. */
  redisUrl?: string | undefined;
  corsOrigins?: string[] | undefined;
}

const technicianRoom = (technicianId: number) => `technician:${technicianId}`;

/**
 * socket.io on the API's own HTTP server, namespace /sessions, websocket transport only. The handshake
 * must carry a valid token of an active account in `auth.token`. A technician's sockets join their room;
 * events go only to that room.
 */
export default fp<RealtimeOptions>(
  async function realtime(app: FastifyInstance, { tokens, findActiveRole, redisUrl, corsOrigins }) {
    const io = new Server(app.server, {
      transports: ['websocket'],
      serveClient: false,
      cors: corsOrigins?.length ? { origin: corsOrigins } : undefined,
    });

    const redisClients: { quit(): Promise<unknown> }[] = [];
    if (redisUrl) {
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
          const role = await findActiveRole(claims.technicianId);
          if (!role) return next(new Error(AuthMessages.inactive));
          socket.data.technicianId = claims.technicianId;
          socket.data.role = role;
          next();
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'socket authentication failed');
          next(new Error('Error interno del servidor.'));
        });
    });
    sessions.on('connection', (socket) => {
      if (socket.data.role === 'TECH') void socket.join(technicianRoom(socket.data.technicianId as number));
    });

    app.decorate('sessionEvents', {
      created: (technicianId, sessionId) => sessions.to(technicianRoom(technicianId)).emit('session.created', { sessionId }),
      updated: (technicianId, sessionId) => sessions.to(technicianRoom(technicianId)).emit('session.updated', { sessionId }),
    } satisfies SessionEvents);

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
