import { useEffect, useRef, useState } from 'react';
import type { ProjectionInput, ProjectionResult, ProjectionTarget } from '@/domain/projection';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

/** Inputs settle this long before a run (typing a number changes it at every key). */
const SETTLE_MS = 250;

/**
 * The projection of `input` (null: nothing to run), run off the page's thread; the last result
 * stays on screen, marked busy, while the next one runs.
 */
export function useProjection(input: ProjectionInput | null) {
  const runner = useRef<ProjectionRunner | null>(null);
  const [state, setState] = useState<{
    result: ProjectionResult | null;
    /** The targets the result's `targetProbabilities` answer, in order. */
    targets: readonly ProjectionTarget[];
    /** The inputs (as `key`) and attempt the result or the error belongs to. */
    of: string | null;
    error: string | null;
  }>({ result: null, targets: [], of: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    runner.current = createProjectionRunner();
    return () => {
      runner.current?.dispose();
      runner.current = null;
    };
  }, []);

  // Runs when the values change, not when an equal object comes (each render makes one): the
  // inputs are plain numbers, the same after a round trip through JSON.
  const inputs = input ? JSON.stringify(input) : null;
  const key = inputs ? `${attempt}:${inputs}` : null;
  useEffect(() => {
    if (!key || !inputs) return;
    const timer = setTimeout(() => {
      const asked = JSON.parse(inputs) as ProjectionInput;
      runner.current
        ?.run(asked)
        .then((result) => {
          if (result) setState({ result, targets: asked.targets ?? [], of: key, error: null });
        })
        .catch((error: Error) =>
          setState((previous) => ({ ...previous, of: key, error: error.message })),
        );
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, inputs]);

  return {
    result: state.result,
    /** The targets of the inputs the result was run with (the last may differ while busy). */
    targets: state.targets,
    busy: key !== null && state.of !== key,
    error: state.of === key ? state.error : null,
    /** Runs the same inputs again (after an error), on a new worker. */
    retry: () => {
      runner.current?.dispose();
      runner.current = createProjectionRunner();
      setAttempt((count) => count + 1);
    },
  };
}
