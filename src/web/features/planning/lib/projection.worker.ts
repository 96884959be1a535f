/// <reference lib="webworker" />
/**
 * The wealth projection's Monte Carlo run, off the page's thread (10,000 paths x up to 600 months:
 * about 80 ms for 30 years here, during which the page stays responsive). The result's arrays are
 * transferred, not copied.
 */
import { runProjection } from '@/domain/projection';
import type { ProjectionRequest, ProjectionReply } from './projection-runner';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ProjectionRequest>) => {
  const { id, input } = event.data;
  try {
    const result = runProjection(input);
    const buffers = [
      result.deterministic,
      result.paidIn,
      result.deflator,
      ...Object.values(result.bands),
    ].map((array) => array.buffer as ArrayBuffer);
    self.postMessage({ id, result } satisfies ProjectionReply, buffers);
  } catch (error) {
    self.postMessage({ id, error: (error as Error).message } satisfies ProjectionReply);
  }
};
