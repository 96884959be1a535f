import WebSocket from 'ws';
import type { RealtimeServerMessage } from '@/contracts/realtime';

/** A WebSocket test client that records messages and waits for the one a test expects. */
export class TestSocket {
  readonly messages: RealtimeServerMessage[] = [];
  private waiters: {
    match: (m: RealtimeServerMessage) => boolean;
    resolve: (m: RealtimeServerMessage) => void;
  }[] = [];

  /** Resolves with the close code and reason when the connection closes. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as RealtimeServerMessage;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(
    match: (m: RealtimeServerMessage) => boolean,
    timeoutMs = 5_000,
  ): Promise<RealtimeServerMessage> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('timed out waiting for a realtime message')),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(message), 1);
          resolve(message);
        },
      });
    });
  }

  /** Resolves after a ping round trip: everything the server sent before it has arrived. */
  async flush() {
    this.send({ type: 'ping' });
    await this.next((m) => m.type === 'pong');
  }

  close() {
    this.socket.close();
  }
}
