/**
 * The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly and runs on the
 * thread that calls it: in the server's thread, every query would stall every request. Here it
 * runs in a worker thread and speaks the PostgreSQL wire protocol over a MessagePort, so the
 * server reaches it through node-postgres exactly as it reaches a PostgreSQL server.
 *
 * PGlite is one session. The server holds one connection at a time (a pool of one); a new
 * connection replaces the previous one, rolling back what it left open.
 *
 * Messages from the server thread:
 *   { type: 'connect', port }  a new connection; protocol bytes flow both ways on `port`
 *   { type: 'close' }          close the database (answers { type: 'closed' })
 * To the server thread: { type: 'ready' } once open, { type: 'failed', message } if it cannot.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export type PgliteWorkerData = {
  /** A folder holding the database; absent for an in-memory database. */
  dataDir?: string;
  /** A gzipped tarball of a data folder to start from (dumpDataDir), in memory. */
  snapshot?: Uint8Array;
};

/** Protocol messages that start a connection carry no type byte: length, then this version. */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const TERMINATE = 0x58; // 'X'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S'
/** Answers are sent in pieces of about this size, so the server parses them a slice at a time. */
const FLUSH_BYTES = 64 * 1024;

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;
  /** Incoming bytes are handled one batch after another, in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: PGlite,
    private readonly port: MessagePort,
    /** What must finish first (the previous connection's clean-up). */
    after: Promise<void>,
  ) {
    this.queue = after;
    port.on('message', (data: Uint8Array) => {
      this.queue = this.queue.then(() =>
        // A failure here is PGlite's own (SQL errors are answers): the connection cannot go on.
        this.receive(data).catch((error: unknown) => {
          console.error('embedded database connection failed:', error);
          this.close();
        }),
      );
    });
    port.on('close', () => this.close());
  }

  /** Splits what arrived into whole protocol messages and runs each. */
  private async receive(data: Uint8Array) {
    if (this.closed) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : Buffer.from(data);
    const out: Uint8Array[] = [];
    let pending = 0;
    const flush = () => {
      if (!out.length || this.closed) return;
      // One buffer of its own, which the port takes over.
      let chunk: Uint8Array;
      if (out.length === 1 && out[0]) {
        chunk = out[0];
      } else {
        chunk = new Uint8Array(pending);
        let offset = 0;
        for (const piece of out) {
          chunk.set(piece, offset);
          offset += piece.length;
        }
      }
      out.length = 0;
      pending = 0;
      this.port.postMessage(chunk, [chunk.buffer as ArrayBuffer]);
    };
    while (this.buffer.length >= 5 && !this.closed) {
      let length: number;
      if (!this.started) {
        if (this.buffer.length < 8) break;
        length = this.buffer.readInt32BE(0);
        const code = this.buffer.readInt32BE(4);
        if (code === SSL_REQUEST) {
          // No TLS on a thread's own port.
          this.buffer = this.buffer.subarray(8);
          out.push(new Uint8Array([0x4e])); // 'N'
          pending += 1;
          continue;
        }
        if (code !== PROTOCOL_3) {
          this.close();
          return;
        }
      } else {
        length = 1 + this.buffer.readInt32BE(1);
      }
      if (this.buffer.length < length) break;
      const message = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
      if (this.started && message[0] === TERMINATE) {
        this.close();
        break;
      }
      this.started = true;
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(new Uint8Array(message), {
          onRawData: (bytes) => {
            // A copy: PGlite reuses its memory.
            out.push(bytes.slice());
            pending += bytes.length;
            if (pending >= FLUSH_BYTES) flush();
          },
        }),
      );
    }
    flush();
    if (!this.buffer.length) this.buffer = Buffer.alloc(0);
  }

  /** The server ended this connection (or replaced it): what it left open is rolled back. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    this.queue = this.queue.then(async () => {
      if (this.db.closed || !this.started) return;
      // Ends a half-sent extended query, then whatever transaction was left open.
      await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC));
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    });
  }

  /** Resolves once everything this connection sent has run. */
  idle() {
    return this.queue;
  }
}

async function run() {
  if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
  const port = parentPort;
  const data = workerData as PgliteWorkerData;
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.snapshot ? { loadDataDir: new Blob([data.snapshot]) } : {}),
    });
  } catch (error) {
    port.postMessage({ type: 'failed', message: (error as Error).message });
    return;
  }
  let current: Connection | null = null;
  port.on('message', (message: { type: 'connect'; port: MessagePort } | { type: 'close' }) => {
    if (message.type === 'connect') {
      const previous = current;
      previous?.close();
      // The new connection starts once the previous one has finished (and rolled back).
      current = new Connection(db, message.port, previous?.idle() ?? Promise.resolve());
    } else if (message.type === 'close') {
      current?.close();
      void (async () => {
        await current?.idle();
        if (!db.closed) await db.close();
        port.postMessage({ type: 'closed' });
      })();
    }
  });
  port.postMessage({ type: 'ready' });
}

void run();
