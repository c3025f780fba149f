import { vi } from 'vitest';

type Handler = (payload?: unknown) => void;

/** A realtime connection the app opened, with the handlers it set, for the test to read and to fire. */
export interface FakeSocket {
  url: string;
  options: Record<string, unknown>;
  handlers: Map<string, Handler>;
  disconnect: ReturnType<typeof vi.fn>;
}

/** Every connection opened in this file, in order; a test empties it before it starts. */
export const sockets: FakeSocket[] = [];

/**
 * socket.io-client's `io` for the tests, which MSW's network does not carry: a file that renders a screen with
 * realtime events puts it in place with `vi.mock('socket.io-client', () => import('…/testing/fake-socket'))`.
 */
export function io(url: string, options: Record<string, unknown>) {
  const socket: FakeSocket = { url, options, handlers: new Map(), disconnect: vi.fn() };
  sockets.push(socket);
  return {
    on: (event: string, handler: Handler) => socket.handlers.set(event, handler),
    disconnect: socket.disconnect,
  };
}
