/**
 * The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly and runs on the
 * thread that calls it: in the server's thread, every query would stall every request. Here it
 * runs in a worker thread and speaks the PostgreSQL wire protocol over MessagePorts, so the
 * server reaches it through node-postgres exactly as it reaches a PostgreSQL server.
 *
 * PGlite is one session, shared by every connection. The worker runs one statement group at a
 * time (a simple query, or an extended query up to its Sync), first come first served. While a
 * connection is inside a transaction block, only its own groups run, so transactions never mix,
 * with one exception: a transaction marked as a bulk write (a large import runs BULK_WRITE_MARK
 * inside it) lets the read-only groups of `readers` connections run between its statements,
 * each inside a savepoint. The server thread sends a query on a readers connection only for a
 * request that cannot see what bulk writes write (access-context.ts), and the SQL is checked
 * here too. Those reads see what they would see without the bulk write, and a long import no
 * longer stalls everyone else.
 *
 * Messages from the server thread:
 *   { type: 'connect', port, readers }  a new connection; protocol bytes flow both ways on `port`
 *   { type: 'close' }                   close the database (answers { type: 'closed' })
 * To the server thread: { type: 'ready' } once open, { type: 'failed', message } if it cannot.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { BULK_WRITE_MARK, isReadOnlySql } from './read-only-sql';

export type PgliteWorkerData = {
  /** A folder holding the database; absent for an in-memory database. */
  dataDir?: string;
  /** A gzipped tarball of a data folder to start from (dumpDataDir), in memory. */
  snapshot?: Uint8Array;
};

/** A new connection; `readers`: its reads may run beside a bulk write. */
export type ConnectMessage = { type: 'connect'; port: MessagePort; readers: boolean };

/** Protocol messages that start a connection carry no type byte: length, then this version. */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const TERMINATE = 0x58; // 'X'
const SYNC_TYPE = 0x53; // 'S'
const QUERY_TYPE = 0x51; // 'Q'
const PARSE_TYPE = 0x50; // 'P'
const ERROR_TYPE = 0x45; // 'E'
const READY_TYPE = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
/** Answers are sent in pieces of about this size, so the server parses them a slice at a time. */
const FLUSH_BYTES = 64 * 1024;
const SAVEPOINT = 'cairn_beside_bulk';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A simple-protocol query message. */
function queryMessage(sql: string): Uint8Array {
  const text = encoder.encode(`${sql}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = QUERY_TYPE;
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  return message;
}
const SYNC = new Uint8Array([SYNC_TYPE, 0, 0, 0, 4]);

/** The SQL a Parse or Query message carries, or null for other messages. */
function sqlOf(message: Uint8Array): string | null {
  if (message[0] === QUERY_TYPE) return decoder.decode(message.subarray(5, message.length - 1));
  if (message[0] !== PARSE_TYPE) return null;
  const nameEnd = message.indexOf(0, 5);
  const queryEnd = message.indexOf(0, nameEnd + 1);
  return decoder.decode(message.subarray(nameEnd + 1, queryEnd));
}

/** Walks the protocol messages of an answer: [type, start, end] of each. */
function* messagesOf(bytes: Uint8Array): Generator<[number, number, number]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const end = offset + 1 + view.getInt32(offset + 1);
    yield [bytes[offset] ?? 0, offset, end];
    offset = end;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

type Group = {
  connection: Connection;
  messages: Uint8Array[];
  /** Arrival order across connections. */
  seq: number;
  /** The connection's start-up: it runs no SQL and may run at any time. */
  startup: boolean;
};

class Connection {
  private buffer: Uint8Array = new Uint8Array(0);
  private started = false;
  closed = false;
  /** Complete groups waiting their turn, in order. */
  readonly groups: Group[] = [];
  private pending: Uint8Array[] = [];
  /** The transaction status after this connection's last group ('I', 'T' or 'E'). */
  status = IDLE;
  /** Its open transaction lets joinable reads run between its statements. */
  allowsReaders = false;

  constructor(
    private readonly scheduler: Scheduler,
    readonly port: MessagePort,
    /** Its reads may run beside a bulk write. */
    readonly readers: boolean,
  ) {
    port.on('message', (data: Uint8Array) => this.receive(data));
    port.on('close', () => scheduler.disconnect(this));
  }

  /** Splits what arrived into protocol messages, and those into groups. */
  private receive(data: Uint8Array) {
    if (this.closed) return;
    this.buffer = this.buffer.length
      ? concat([this.buffer, data], this.buffer.length + data.length)
      : data;
    const view = () =>
      new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
    while (this.buffer.length >= 5) {
      let length: number;
      if (!this.started) {
        if (this.buffer.length < 8) break;
        length = view().getInt32(0);
        const code = view().getInt32(4);
        if (code === SSL_REQUEST) {
          // No TLS on a thread's own port.
          this.buffer = this.buffer.subarray(8);
          this.send(new Uint8Array([0x4e])); // 'N'
          continue;
        }
        if (code !== PROTOCOL_3) {
          this.scheduler.disconnect(this);
          return;
        }
      } else {
        length = 1 + view().getInt32(1);
      }
      if (this.buffer.length < length) break;
      const message = this.buffer.slice(0, length);
      this.buffer = this.buffer.subarray(length);
      if (!this.started) {
        this.started = true;
        this.scheduler.add(this, [message], true);
        continue;
      }
      if (message[0] === TERMINATE) {
        this.scheduler.disconnect(this);
        return;
      }
      this.pending.push(message);
      if (message[0] === SYNC_TYPE || message[0] === QUERY_TYPE) {
        const messages = this.pending;
        this.pending = [];
        this.scheduler.add(this, messages, false);
      }
    }
  }

  send(bytes: Uint8Array) {
    if (this.closed || bytes.length === 0) return;
    this.port.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
  }
}

/** Runs one group at a time, keeping transactions apart (see the top of this file). */
class Scheduler {
  private readonly connections = new Set<Connection>();
  /** The connection inside a transaction block, if any. */
  private owner: Connection | null = null;
  private running = false;
  private seq = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly db: PGlite) {}

  connect(port: MessagePort, readers: boolean) {
    this.connections.add(new Connection(this, port, readers));
  }

  add(connection: Connection, messages: Uint8Array[], startup: boolean) {
    this.seq += 1;
    connection.groups.push({ connection, messages, seq: this.seq, startup });
    void this.pump();
  }

  disconnect(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    connection.groups.length = 0;
    connection.port.close();
    this.connections.delete(connection);
    void this.pump();
  }

  /** Resolves when nothing runs and nothing waits. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** A group that may run beside a bulk write: a start-up, or reads of a readers connection. */
  private joinable(group: Group) {
    if (group.startup) return true;
    if (!group.connection.readers) return false;
    let statements = 0;
    for (const message of group.messages) {
      const sql = sqlOf(message);
      if (sql === null) continue;
      if (!isReadOnlySql(sql)) return false;
      statements += 1;
    }
    return statements > 0;
  }

  /** The next group to run, and whether it runs beside an open bulk transaction. */
  private next(): { group: Group; beside: boolean } | null {
    const owner = this.owner;
    if (owner && !owner.closed) {
      const own = owner.groups[0];
      if (own) return { group: own, beside: false };
      if (!owner.allowsReaders || owner.status !== 0x54 /* 'T' */) return null;
      let best: Group | null = null;
      for (const connection of this.connections) {
        const head = connection.groups[0];
        if (connection !== owner && head && this.joinable(head) && (!best || head.seq < best.seq))
          best = head;
      }
      return best ? { group: best, beside: true } : null;
    }
    let best: Group | null = null;
    for (const connection of this.connections) {
      const head = connection.groups[0];
      if (head && (!best || head.seq < best.seq)) best = head;
    }
    return best ? { group: best, beside: false } : null;
  }

  private async pump() {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        // A transaction whose connection went away is rolled back before anything else runs.
        if (this.owner?.closed) await this.abandon();
        const next = this.next();
        if (!next) break;
        next.group.connection.groups.shift();
        await this.run(next.group, next.beside);
      }
    } catch (error) {
      console.error('embedded database failed:', error);
    } finally {
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private exec(message: Uint8Array, onData?: (bytes: Uint8Array) => void) {
    return this.db.runExclusive(() =>
      this.db.execProtocolRawStream(message, { onRawData: onData ?? (() => {}) }),
    );
  }

  /** Ends a half-sent extended query and the transaction a vanished connection left open. */
  private async abandon() {
    this.owner = null;
    await this.exec(SYNC);
    if (this.db.isInTransaction()) await this.exec(queryMessage('ROLLBACK'));
  }

  private async run(group: Group, beside: boolean) {
    const { connection } = group;
    const parts: Uint8Array[] = [];
    let length = 0;
    // The answer's last bytes: a group's answer ends with ReadyForQuery ('Z', length 5, status).
    let tail = new Uint8Array(0);
    const flush = () => {
      if (!parts.length) return;
      connection.send(concat(parts, length));
      parts.length = 0;
      length = 0;
    };
    const onData = (bytes: Uint8Array) => {
      const copy = bytes.slice(); // PGlite reuses its memory
      parts.push(copy);
      length += copy.length;
      tail =
        copy.length >= 6
          ? copy.subarray(copy.length - 6)
          : concat([tail, copy], tail.length + copy.length).slice(-6);
      // Beside a bulk write the answer is held whole: it is checked and rewritten below.
      if (!beside && length >= FLUSH_BYTES) flush();
    };

    if (beside && !group.startup) await this.exec(queryMessage(`SAVEPOINT ${SAVEPOINT}`));
    for (const message of group.messages) await this.exec(message, onData);

    if (beside) {
      const answer = concat(parts, length);
      let failed = false;
      let readyAt = -1;
      for (const [type, start] of messagesOf(answer)) {
        if (type === ERROR_TYPE) failed = true;
        if (type === READY_TYPE) readyAt = start;
      }
      if (!group.startup) {
        if (failed) await this.exec(queryMessage(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`));
        await this.exec(queryMessage(`RELEASE SAVEPOINT ${SAVEPOINT}`));
      }
      // For this connection no transaction is open.
      if (readyAt >= 0) answer[readyAt + 5] = IDLE;
      connection.send(answer);
      return;
    }

    flush();
    const status =
      tail.length === 6 && tail[0] === READY_TYPE ? (tail[5] ?? IDLE) : connection.status;
    connection.status = status;
    if (status === IDLE) {
      if (this.owner === connection) this.owner = null;
      connection.allowsReaders = false;
    } else {
      this.owner = connection;
      connection.allowsReaders ||= group.messages.some((message) =>
        sqlOf(message)?.includes(BULK_WRITE_MARK),
      );
    }
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
  const scheduler = new Scheduler(db);
  port.on('message', (message: ConnectMessage | { type: 'close' }) => {
    if (message.type === 'connect') {
      scheduler.connect(message.port, message.readers);
    } else if (message.type === 'close') {
      void (async () => {
        await scheduler.idle();
        if (!db.closed) await db.close();
        port.postMessage({ type: 'closed' });
      })();
    }
  });
  port.postMessage({ type: 'ready' });
}

void run();
