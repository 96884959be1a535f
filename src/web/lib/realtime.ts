import { useEffect, useRef } from 'react';
import { SESSION_ENDED_CLOSE_CODE, type RealtimeServerMessage } from '@/contracts/realtime';

type Handler = (payload: unknown) => void;

/** Events per topic reach handlers at most twice a second (spec 001, section 9); the latest wins. */
export const MIN_EVENT_INTERVAL_MS = 500;
const MAX_BACKOFF_MS = 30_000;

type Throttle = {
  last: number;
  timer: ReturnType<typeof setTimeout> | null;
  pending: { payload: unknown } | null;
};

/**
 * One WebSocket to /api/v1/realtime for the whole app, opened with the first subscription and
 * closed with the last. It reconnects with a growing delay, subscribes again, and tells
 * `onReconnect` listeners, which refetch what they show (events sent meanwhile are not replayed).
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly throttles = new Map<string, Throttle>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private everOpened = false;

  constructor(
    private readonly url: () => string = () =>
      `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/v1/realtime`,
    private readonly createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  subscribe(topic: string, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      this.send({ type: 'subscribe', topic });
    }
    set.add(handler);
    this.ensureConnected();
    return () => {
      const current = this.handlers.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size > 0) return;
      this.handlers.delete(topic);
      this.send({ type: 'unsubscribe', topic });
      if (this.handlers.size === 0) this.close();
    };
  }

  onReconnect(listener: () => void) {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  /** Calls `listener` when the server closes the socket because its session ended. */
  onSessionEnded(listener: () => void) {
    this.sessionEndedListeners.add(listener);
    return () => {
      this.sessionEndedListeners.delete(listener);
    };
  }

  /** Starts a new connection (after sign-in or sign-out: the socket carries the session it opened with). */
  reset() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.everOpened = false;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    if (this.handlers.size > 0) this.connect();
  }

  close() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.everOpened = false;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    for (const throttle of this.throttles.values())
      if (throttle.timer) clearTimeout(throttle.timer);
    this.throttles.clear();
  }

  private ensureConnected() {
    if (!this.socket && !this.retryTimer) this.connect();
  }

  private send(message: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    const socket = this.createSocket(this.url());
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      for (const topic of this.handlers.keys())
        socket.send(JSON.stringify({ type: 'subscribe', topic }));
      if (this.everOpened) for (const listener of this.reconnectListeners) listener();
      this.everOpened = true;
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      if (this.socket !== socket) return;
      let message: RealtimeServerMessage;
      try {
        message = JSON.parse(event.data) as RealtimeServerMessage;
      } catch {
        return;
      }
      if (message.type === 'event') this.deliver(message.topic, message.payload);
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        // No point reconnecting with a dead session: the app refetches it and calls reset().
        for (const listener of this.sessionEndedListeners) listener();
        return;
      }
      if (this.handlers.size === 0) return;
      const delay =
        Math.min(1_000 * 2 ** this.attempt, MAX_BACKOFF_MS) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.handlers.size > 0) this.connect();
      }, delay);
    });
  }

  private deliver(topic: string, payload: unknown) {
    let throttle = this.throttles.get(topic);
    if (!throttle) {
      throttle = { last: 0, timer: null, pending: null };
      this.throttles.set(topic, throttle);
    }
    const now = Date.now();
    const wait = throttle.last + MIN_EVENT_INTERVAL_MS - now;
    if (wait <= 0 && !throttle.timer) {
      throttle.last = now;
      this.dispatch(topic, payload);
      return;
    }
    throttle.pending = { payload };
    if (!throttle.timer) {
      const current = throttle;
      current.timer = setTimeout(
        () => {
          current.timer = null;
          current.last = Date.now();
          const pending = current.pending;
          current.pending = null;
          if (pending) this.dispatch(topic, pending.payload);
        },
        Math.max(wait, 0),
      );
    }
  }

  private dispatch(topic: string, payload: unknown) {
    for (const handler of [...(this.handlers.get(topic) ?? [])]) handler(payload);
  }
}

export const realtime = new RealtimeClient();

/** Calls `listener` when the server ends the socket because the session ended. */
export function useRealtimeSessionEnded(listener: () => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => realtime.onSessionEnded(() => latest.current()), []);
}

/** Calls `handler` with each event on `topic` (null: no subscription) while mounted. */
export function useRealtime(topic: string | null, handler: Handler) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!topic) return;
    return realtime.subscribe(topic, (payload) => latest.current(payload));
  }, [topic]);
}

/** Calls `listener` when the connection comes back after a drop (to refetch missed changes). */
export function useRealtimeReconnect(listener: () => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
}
