import { type ProjectionInput, type ProjectionResult, runProjection } from '@/domain/projection';

export type ProjectionRequest = { id: number; input: ProjectionInput };
export type ProjectionReply =
  { id: number; result: ProjectionResult } | { id: number; error: string };

/** Runs projections, the latest asked winning: an answer to an older request is dropped. */
export type ProjectionRunner = {
  run(input: ProjectionInput): Promise<ProjectionResult | null>;
  dispose(): void;
};

/**
 * In a Web Worker where the browser has them (always, in the browsers Cairn supports); on the
 * page's thread otherwise (a test's jsdom), a moment later so the page can paint first.
 */
export function createProjectionRunner(): ProjectionRunner {
  let latest = 0;
  if (typeof Worker === 'undefined') {
    return {
      run(input) {
        const id = ++latest;
        return new Promise((resolve, reject) => {
          setTimeout(() => {
            if (id !== latest) return resolve(null);
            try {
              resolve(runProjection(input));
            } catch (error) {
              reject(error as Error);
            }
          }, 0);
        });
      },
      dispose() {
        latest += 1;
      },
    };
  }
  const worker = new Worker(new URL('./projection.worker.ts', import.meta.url), {
    type: 'module',
  });
  let disposed = false;
  const waiting = new Map<
    number,
    { resolve: (result: ProjectionResult | null) => void; reject: (error: Error) => void }
  >();
  const failAll = (message: string) => {
    for (const pending of waiting.values()) pending.reject(new Error(message));
    waiting.clear();
  };
  worker.onmessage = (event: MessageEvent<ProjectionReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!pending) return;
    if (reply.id !== latest) pending.resolve(null);
    else if ('error' in reply) pending.reject(new Error(reply.error));
    else pending.resolve(reply.result);
  };
  // The worker's code did not load, or it stopped: every request still waiting fails (the page
  // offers to try again) rather than waiting for ever.
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'projection worker failed');
  };
  worker.onmessageerror = () => failAll('projection worker answer unreadable');
  return {
    run(input) {
      if (disposed) return Promise.resolve(null);
      const id = ++latest;
      // Older requests still running answer null when they come back.
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, input } satisfies ProjectionRequest);
      });
    },
    dispose() {
      disposed = true;
      worker.terminate();
      for (const pending of waiting.values()) pending.resolve(null);
      waiting.clear();
    },
  };
}
