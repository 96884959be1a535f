import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * Where a `PortSocket` gets its message port: the embedded database's thread takes the other end
 * (client.ts on the request thread; a compute worker asks the request thread for one). An Error
 * refuses the connection.
 */
export type PortSource = () => MessagePort | Error | Promise<MessagePort | Error>;

/**
 * A connection to the embedded database's thread over a message port, shaped like the net.Socket
 * node-postgres expects. Writes made in one turn of the event loop travel as one message.
 */
export class PortSocket extends Duplex {
  private port: MessagePort | null = null;
  private outgoing: Buffer[] = [];

  constructor(private readonly source: PortSource) {
    super();
  }

  connect() {
    void (async () => {
      let port: MessagePort | Error;
      try {
        port = await this.source();
      } catch (error) {
        port = error instanceof Error ? error : new Error(String(error));
      }
      if (port instanceof Error) {
        this.destroy(port);
        return;
      }
      if (this.destroyed) {
        port.close();
        return;
      }
      this.port = port;
      port.on('message', (data: Uint8Array) =>
        this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)),
      );
      port.on('close', () => {
        if (!this.destroyed) this.destroy(new Error('the embedded database closed the connection'));
      });
      this.emit('connect');
    })();
    return this;
  }

  setNoDelay() {
    return this;
  }

  setKeepAlive() {
    return this;
  }

  ref() {
    this.port?.ref();
    return this;
  }

  unref() {
    this.port?.unref();
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error) => void) {
    if (!this.port) return callback(new Error('not connected'));
    if (this.outgoing.length === 0) queueMicrotask(() => this.flush());
    this.outgoing.push(chunk);
    callback();
  }

  private flush() {
    if (!this.port || this.outgoing.length === 0) return;
    const data = new Uint8Array(Buffer.concat(this.outgoing));
    this.outgoing = [];
    this.port.postMessage(data, [data.buffer]);
  }

  override _final(callback: (error?: Error) => void) {
    this.flush();
    this.port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.port?.close();
    this.port = null;
    callback(error);
  }
}
