import { useEffect, useRef, useState } from 'react';
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
  const [done, setDone] = useState<{ key: string; comparisons: Comparison[] }>({
    key: '',
    comparisons: [],
  });

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
      if (!cancelled) setDone({ key, comparisons });
    })();
    return () => {
      cancelled = true;
    };
  }, [key]);

  return done.key === key
    ? done.comparisons
    : done.comparisons.filter((c) => entries.some((entry) => entry.id === c.id));
}
