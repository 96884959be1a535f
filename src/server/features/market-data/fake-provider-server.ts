import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local HTTP server standing in for a market data provider in tests (127.0.0.1, a free port):
 * each path answers with the next step of its script (the last step repeats): a status and a
 * body, or `hang` (never answers: a timeout). Nothing leaves the machine.
 */

export type Step = { status?: number; body?: string; type?: string } | 'hang';

export type SeenRequest = { path: string; query: URLSearchParams; headers: IncomingHttpHeaders };

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

export class FakeProviderServer {
  readonly requests: SeenRequest[] = [];
  private readonly scripts = new Map<string, Step[]>();
  private readonly server: Server;
  private readonly hanging = new Set<() => void>();

  constructor() {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      this.requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
      const script = this.scripts.get(url.pathname);
      const step = script ? (script.length > 1 ? script.shift() : script[0]) : undefined;
      if (step === 'hang') {
        const end = () => response.destroy();
        this.hanging.add(end);
        response.on('close', () => this.hanging.delete(end));
        return;
      }
      const status = step?.status ?? (step ? 200 : 404);
      const body = step?.body ?? (step ? '' : '{"error":"not found"}');
      response.writeHead(status, {
        'content-type': step?.type ?? (body.startsWith('<') ? 'text/xml' : 'application/json'),
      });
      response.end(body);
    });
  }

  /** What `path` answers, in order (the last step repeats). */
  on(pathname: string, ...steps: Step[]) {
    this.scripts.set(pathname, steps);
    return this;
  }

  /** Requests made to `path`. */
  hits(pathname: string) {
    return this.requests.filter((request) => request.path === pathname);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop() {
    for (const end of this.hanging) end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
