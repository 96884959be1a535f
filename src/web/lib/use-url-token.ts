import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The one-time `?token=` of an emailed link, read once and kept in the component's state; the
 * address bar drops it at once (a history replace), so it does not stay in the history, in
 * bookmarks, in screenshots or in an error report.
 */
export function useUrlToken(): string {
  const [searchParams, setSearchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const inUrl = searchParams.has('token');
  useEffect(() => {
    if (!inUrl) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
  }, [inUrl, setSearchParams]);
  return token;
}
