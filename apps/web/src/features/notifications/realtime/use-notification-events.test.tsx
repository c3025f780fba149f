import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { sockets } from '../../../testing/fake-socket';
import { renderRealtimeHook } from '../../../testing/realtime-hook';
import { useNotificationEvents } from './use-notification-events';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const setup = (token: string | null) => renderRealtimeHook(useNotificationEvents, token);

describe('useNotificationEvents (the portal bell)', () => {
  beforeEach(() => {
    sockets.length = 0;
  });

  it('opens no connection without a token', () => {
    setup(null);
    expect(sockets).toHaveLength(0);
  });

  it('reads the notifications again when new ones are written, and after a dropped connection comes back', async () => {
    const { hook, invalidate } = setup('token-cliente');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({ transports: ['websocket'], auth: { token: 'token-cliente' } });
    sockets[0]!.handlers.get('connect')!();
    expect(invalidate).not.toHaveBeenCalled();
    sockets[0]!.handlers.get('notification.created')!({ count: 1 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications }));
    invalidate.mockClear();
    sockets[0]!.handlers.get('connect')!();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.notifications }));
    hook.unmount();
    expect(sockets[0]!.disconnect).toHaveBeenCalledTimes(1);
  });
});
