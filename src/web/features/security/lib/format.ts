export { formatRelativeTime } from '@/web/lib/relative-time';

/** A base32 secret in groups of four for reading and typing ('JBSW Y3DP EHPK 3PXP'). */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
