import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProjectionInput, ProjectionResult } from '@/domain/projection';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

export type Comparison = { id: string; name: string; result: ProjectionResult };

/**
 * The projections of the scenarios compared with the form's, one after another on a worker of
 * their own (the form's keeps answering as it is typed into). An entry whose inputs cannot run
 * is left out.
 */
export function useComparisons(entries: { id: string; name: string; input: ProjectionInput }[]) {
  const runner = useRef<ProjectionRunner | null>(null);
  const [done, setDone] = useState<Comparison[]>([]);

  useEffect(() => {
    runner.current = createProjectionRunner();
    return () => {
      runner.current?.dispose();
      runner.current = null;
    };
  }, []);

  const key = JSON.stringify(entries);
  useEffect(() => {
    let cancelled = false;
    const wanted = JSON.parse(key) as typeof entries;
    void (async () => {
      const comparisons: Comparison[] = [];
      for (const entry of wanted) {
        const result = await runner.current?.run(entry.input).catch(() => null);
        if (cancelled) return;
        if (result) comparisons.push({ id: entry.id, name: entry.name, result });
      }
      if (!cancelled) setDone(comparisons);
    })();
    return () => {
      cancelled = true;
    };
  }, [key]);

  // Until the new runs are done, the last ones of scenarios still compared stay on the chart.
  return useMemo(() => {
    const ids = new Set((JSON.parse(key) as typeof entries).map((entry) => entry.id));
    return done.filter((comparison) => ids.has(comparison.id));
  }, [done, key]);
}
