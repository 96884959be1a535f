import { type SQL, sql } from 'drizzle-orm';
import { canonicalInviteCode } from '@/contracts/auth';
import { inviteCodes } from '../../db/schema';

/** The invite whose code matches `code` typed with either of the characters that read alike. */
export function inviteCodeMatches(code: string): SQL {
  return sql`translate(upper(${inviteCodes.code}), 'OIL', '011') = ${canonicalInviteCode(code)}`;
}
