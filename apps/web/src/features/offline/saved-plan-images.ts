import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { SAVED_MAX_AGE_MS } from './saved-queries';

/**
 * The plan images of the technician's open orders, kept on the device for work without signal.
 *
 * Why IndexedDB and not the service worker: the service worker caches the app shell only and never the API (an
 * API answer cached by address would outlive a sign-out, serve one user's plan to the next, and could not tell
 * a replaced image from the old one at the same address). Here each image is kept by its plan and version (the
 * plan's `updatedAt`), for the user who read it, dropped on sign-out and after a week like the saved orders.
 * Not with the saved orders either: those are written again a second after every change, and a plan image is
 * megabytes. An image is written once per version, and a kept version is shown without asking the network.
 */
interface KeptImage {
  userId: number;
  updatedAt: string;
  type: string;
  /** The bytes, not the Blob: an ArrayBuffer survives every browser's structured clone. */
  bytes: ArrayBuffer;
  savedAt: number;
}

interface PlanVersion {
  id: number;
  updatedAt: string;
}

let defaultStore: UseStore | null = null;
function imageStore(): UseStore {
  defaultStore ??= createStore('rondin-plan-images', 'images');
  return defaultStore;
}

/** The kept image of this version of the plan, for this user and not too old; else null. */
export async function keptPlanImage(
  userId: number,
  plan: PlanVersion,
  store = imageStore(),
  now = Date.now(),
): Promise<Blob | null> {
  const kept = await get<KeptImage>(plan.id, store);
  if (!kept || kept.userId !== userId || kept.updatedAt !== plan.updatedAt) return null;
  if (now - kept.savedAt > SAVED_MAX_AGE_MS) return null;
  return new Blob([kept.bytes], { type: kept.type });
}

/** Keeps an image as its plan's one version on the device (a newer version replaces the older). */
export async function keepPlanImage(
  userId: number,
  plan: PlanVersion,
  image: Blob,
  store = imageStore(),
  now = Date.now(),
): Promise<void> {
  const kept: KeptImage = {
    userId,
    updatedAt: plan.updatedAt,
    type: image.type,
    bytes: await image.arrayBuffer(),
    savedAt: now,
  };
  await set(plan.id, kept, store);
}

/** Drops every kept image but those of these plans (the plans of the open orders) and this user's. */
export async function keepOnlyPlanImages(
  userId: number,
  planIds: ReadonlySet<number>,
  store = imageStore(),
): Promise<void> {
  for (const [key, kept] of await entries<number, KeptImage>(store)) {
    if (!planIds.has(key) || kept.userId !== userId) await del(key, store);
  }
}

export function forgetPlanImages(store = imageStore()): Promise<void> {
  return clear(store);
}

/**
 * A plan image for the technician: the kept copy of this version when there is one (a version never changes),
 * else read from the server and kept. Without signal and without a copy, the read's own error (no connection).
 */
export async function planImageOnDevice(
  userId: number,
  plan: PlanVersion,
  read: () => Promise<Blob>,
  store = imageStore(),
): Promise<Blob> {
  // A device that refuses IndexedDB (private mode, storage full) still shows the image online.
  const kept = await keptPlanImage(userId, plan, store).catch(() => null);
  if (kept) return kept;
  const image = await read();
  await keepPlanImage(userId, plan, image, store).catch(() => undefined);
  return image;
}
