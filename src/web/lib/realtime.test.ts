import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/web/test/fake-websocket';
import { SESSION_ENDED_CLOSE_CODE } from '@/contracts/realtime';
import { MIN_EVENT_INTERVAL_MS, RealtimeClient } from './realtime';

function setup() {
  const client = new RealtimeClient(
    () => 'ws://test/api/v1/realtime',
    (url) => new FakeWebSocket(url) as unknown as WebSocket,
  );
  return client;
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one socket for all topics and subscribes to each once it is open', () => {
    const client = setup();
    client.subscribe('feature-flags', () => {});
    client.subscribe('user:abc', () => {});
    client.subscribe('user:abc', () => {});
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://test/api/v1/realtime');
    socket.serverOpen();
    expect(socket.sent).toEqual([
      { type: 'subscribe', topic: 'feature-flags' },
      { type: 'subscribe', topic: 'user:abc' },
    ]);
    client.close();
  });

  it('delivers events to the handlers of their topic only', () => {
    const client = setup();
    const flags = vi.fn();
    const user = vi.fn();
    client.subscribe('feature-flags', flags);
    client.subscribe('user:abc', user);
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverEvent('user:abc', { type: 'role', role: 'admin' });
    expect(user).toHaveBeenCalledWith({ type: 'role', role: 'admin' });
    expect(flags).not.toHaveBeenCalled();
    socket.serverSend('not json at all');
    socket.serverSend({ type: 'pong' });
    expect(user).toHaveBeenCalledTimes(1);
    client.close();
  });

  it('passes at most two events a second per topic, the latest winning', () => {
    const client = setup();
    const handler = vi.fn();
    client.subscribe('feature-flags', handler);
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverEvent('feature-flags', 1);
    socket.serverEvent('feature-flags', 2);
    socket.serverEvent('feature-flags', 3);
    expect(handler.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(MIN_EVENT_INTERVAL_MS - 1);
    expect(handler.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(handler.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(MIN_EVENT_INTERVAL_MS * 4);
    expect(handler).toHaveBeenCalledTimes(2);
    client.close();
  });

  it('unsubscribes when the last handler of a topic leaves and closes with the last topic', () => {
    const client = setup();
    const first = client.subscribe('feature-flags', () => {});
    const second = client.subscribe('feature-flags', () => {});
    const other = client.subscribe('admin', () => {});
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    first();
    expect(socket.sent).not.toContainEqual({ type: 'unsubscribe', topic: 'feature-flags' });
    second();
    expect(socket.sent).toContainEqual({ type: 'unsubscribe', topic: 'feature-flags' });
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    other();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('reconnects after a drop with a growing delay, subscribes again and tells listeners', () => {
    const client = setup();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.subscribe('feature-flags', () => {});
    FakeWebSocket.latest().serverOpen();
    expect(reconnected).not.toHaveBeenCalled();

    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(700); // the first retry waits 1 s ± 25 %
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(600);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // A failed attempt doubles the wait.
    FakeWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(1_300);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1_300);
    expect(FakeWebSocket.instances).toHaveLength(3);

    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'feature-flags' }]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    client.close();
  });

  it('does not reconnect when the server ends the session, and says so', () => {
    const client = setup();
    const ended = vi.fn();
    client.onSessionEnded(ended);
    client.subscribe('user:abc', () => {});
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(SESSION_ENDED_CLOSE_CODE);
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    // After signing in again the app resets the client: a new socket carries the new session.
    client.reset();
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.close();
  });

  it('reset drops the old socket and opens a new one for the current topics', () => {
    const client = setup();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.subscribe('user:abc', () => {});
    const old = FakeWebSocket.latest();
    old.serverOpen();
    client.reset();
    expect(old.readyState).toBe(FakeWebSocket.CLOSED);
    const next = FakeWebSocket.latest();
    expect(next).not.toBe(old);
    next.serverOpen();
    expect(next.sent).toEqual([{ type: 'subscribe', topic: 'user:abc' }]);
    // A deliberate new connection is not a recovery from a drop.
    expect(reconnected).not.toHaveBeenCalled();
    // Events on the old socket no longer reach handlers.
    client.close();
  });

  it('ignores events from a socket it has replaced', () => {
    const client = setup();
    const handler = vi.fn();
    client.subscribe('user:abc', handler);
    const old = FakeWebSocket.latest();
    old.serverOpen();
    client.reset();
    old.serverEvent('user:abc', 'stale');
    expect(handler).not.toHaveBeenCalled();
    client.close();
  });
});
