import { useEffect, useState } from 'react';

/** The current time, refreshed every minute (for '5 minutes ago'). */
export function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
