/**
 * The baseline for the scan benchmark: the same scan written the straightforward way, as separate Drizzle
 * queries inside a transaction (user check, lock the order, find the item, update it, update the order,
 * log the event), then the updated order read back with more queries. Same database, same schema, same
 * Fastify and JWT; only the database work differs from the production route.
 */
import Fastify from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { scanEvents, sessionItems, sessions, technicians, traps } from '../apps/server/dist/db/schema.js';
import { createTokenService } from '../apps/server/dist/modules/auth/tokens.js';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const db = drizzle({ client: pool });
const tokens = createTokenService(process.env.JWT_SECRET!, '1h');
const app = Fastify();

app.get('/api/health', async () => ({ status: 'ok' }));

app.post<{ Params: { id: string }; Body: { qrSlug: string } }>('/api/sessions/:id/scan', async (request, reply) => {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  const claims = await tokens.verify(token);
  if (!claims) return reply.code(401).send({ message: 'token' });
  const userId = claims.technicianId;
  const [user] = await db
    .select()
    .from(technicians)
    .where(and(eq(technicians.id, userId), eq(technicians.isActive, true)));
  if (!user) return reply.code(401).send({ message: 'inactive' });
  const sessionId = Number(request.params.id);
  const slug = request.body.qrSlug;

  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
    if (!order || (user.role !== 'ADMIN' && order.technicianId !== userId)) return undefined;
    if (order.status === 'COMPLETED') return undefined;
    const [item] = await tx
      .select({ id: sessionItems.id, status: sessionItems.status })
      .from(sessionItems)
      .innerJoin(traps, eq(traps.id, sessionItems.trapId))
      .where(and(eq(sessionItems.sessionId, sessionId), eq(traps.qrSlug, slug)));
    if (!item) return undefined;
    if (item.status !== 'COMPLETED') {
      const now = new Date();
      await tx
        .update(sessionItems)
        .set({ status: 'COMPLETED', completedAt: now, receivedAt: now, completedById: userId })
        .where(eq(sessionItems.id, item.id));
      await tx
        .update(sessions)
        .set({
          completedCount: sql`${sessions.completedCount} + 1`,
          status: order.status === 'PENDING' ? 'IN_PROGRESS' : order.status,
          startedAt: order.startedAt ?? now,
        })
        .where(eq(sessions.id, sessionId));
    }
    await tx.insert(scanEvents).values({
      sessionId,
      itemId: item.id,
      technicianId: userId,
      qrSlug: slug,
      result: item.status === 'COMPLETED' ? 'ALREADY_COMPLETED' : 'ACCEPTED',
    });
    return item.id;
  });
  if (outcome === undefined) return reply.code(404).send({ message: 'refused' });

  // The same answer as the production route: the order without its items, and the scanned item.
  const [order] = await db
    .select({ session: sessions, technician: technicians })
    .from(sessions)
    .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
    .where(eq(sessions.id, sessionId));
  const [scanned] = await db
    .select({ item: sessionItems, code: traps.code, area: traps.area, by: technicians.fullName })
    .from(sessionItems)
    .innerJoin(traps, eq(traps.id, sessionItems.trapId))
    .leftJoin(technicians, eq(technicians.id, sessionItems.completedById))
    .where(eq(sessionItems.id, outcome));
  const { session } = order!;
  return {
    session: {
      ...session,
      closedBy: null,
      technician: { id: order!.technician.id, fullName: order!.technician.fullName, email: order!.technician.email },
    },
    item: {
      id: scanned!.item.id,
      trapId: scanned!.item.trapId,
      status: scanned!.item.status,
      completedAt: scanned!.item.completedAt,
      completedBy: scanned!.item.completedById ? { id: scanned!.item.completedById, fullName: scanned!.by } : null,
      trap: { code: scanned!.code, area: scanned!.area },
    },
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
