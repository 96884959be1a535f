import { Timer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChallengeResponse } from '@/contracts/auth';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useTestChallenge } from '../api/mutations';
import { useAssurance, useMyFactors } from '../api/queries';
import { formatCountdown } from '../lib/format';
import { useNow } from '../lib/use-locale';
import { LoadError } from './data-table';
import { FactorStatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

function Countdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('admin');
  const now = useNow(1000);
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0)
    return (
      <Badge variant="outline">
        <Timer aria-hidden="true" />
        {t('mfa.challenge.expired')}
      </Badge>
    );
  return (
    <span role="timer" className="inline-flex items-center gap-1.5 text-[13px] tabular">
      <Timer className="size-3.5 text-muted-foreground" aria-hidden="true" />
      {t('mfa.challenge.expiresIn', { time: formatCountdown(left) })}
    </span>
  );
}

function Assurance() {
  const { t } = useTranslation('admin');
  const assurance = useAssurance();
  if (assurance.isPending) return <Skeleton className="h-12 w-full" />;
  if (assurance.isError) return <LoadError onRetry={() => void assurance.refetch()} />;
  const { current, next, bypass } = assurance.data;
  const items: [string, string][] = [
    [t('mfa.assurance.current'), current.toUpperCase()],
    [t('mfa.assurance.next'), next.toUpperCase()],
    [t('mfa.assurance.bypass'), bypass ? t('common.yes') : t('common.no')],
  ];
  return (
    <dl aria-label={t('mfa.assurance.label')} className="grid grid-cols-3 gap-3">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-lg border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-mono text-sm font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The admin's own factors, assurance level, and a throwaway challenge with its countdown. */
export function MfaOwnAccount() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const errorText = useErrorText();
  const factors = useMyFactors();
  const challenge = useTestChallenge();
  const [factorId, setFactorId] = useState<string | null>(null);
  const [result, setResult] = useState<ChallengeResponse | null>(null);
  const list = factors.data ?? [];
  const chosen = list.find((factor) => factor.id === factorId) ?? list[0];

  const create = () => {
    if (!chosen) return;
    challenge.mutate(chosen.id, {
      onSuccess: setResult,
      onError: (error) => toast.error(t('mfa.challenge.failed'), { description: errorText(error) }),
    });
  };

  return (
    <Card>
      <section aria-labelledby="mfa-own-title" className="grid gap-4 px-4 py-3.5">
        <div className="grid gap-0.5">
          <h2 id="mfa-own-title" className="text-[15px] font-semibold">
            {t('mfa.own.title')}
          </h2>
          <p className="text-[13px] text-muted-foreground">{t('mfa.own.description')}</p>
        </div>
        <Assurance />
        {factors.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : factors.isError ? (
          <LoadError onRetry={() => void factors.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">{t('mfa.own.empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableCaption>{t('mfa.own.factorsCaption')}</TableCaption>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t('mfa.columns.name')}</TableHead>
                  <TableHead>{t('mfa.columns.status')}</TableHead>
                  <TableHead>{t('mfa.columns.added')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((factor) => (
                  <TableRow key={factor.id}>
                    <TableCell className="font-medium">{factor.friendlyName}</TableCell>
                    <TableCell>
                      <FactorStatusBadge status={factor.status} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular">
                      {format.date(factor.createdAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {chosen ? (
          <div className="grid gap-3 border-t pt-4">
            <div className="flex flex-wrap items-end gap-2">
              {list.length > 1 ? (
                <div className="grid gap-1.5">
                  <Label htmlFor="mfa-challenge-factor">{t('mfa.challenge.factor')}</Label>
                  <NativeSelect
                    id="mfa-challenge-factor"
                    value={chosen.id}
                    onChange={(event) => setFactorId(event.target.value)}
                  >
                    {list.map((factor) => (
                      <option key={factor.id} value={factor.id}>
                        {factor.friendlyName}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ) : null}
              <Button change variant="outline" disabled={challenge.isPending} onClick={create}>
                <Timer aria-hidden="true" />
                {t('mfa.challenge.create')}
              </Button>
            </div>
            <p className="text-[13px] text-muted-foreground">{t('mfa.challenge.hint')}</p>
            {result ? (
              <dl
                aria-label={t('mfa.challenge.resultLabel')}
                className="grid gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-[13px] sm:grid-cols-[auto_1fr] sm:gap-x-4"
              >
                <dt className="text-muted-foreground">{t('mfa.challenge.id')}</dt>
                <dd className="min-w-0 font-mono break-all">{result.challengeId}</dd>
                <dt className="text-muted-foreground">{t('mfa.challenge.expiry')}</dt>
                <dd>
                  <Countdown key={result.challengeId} expiresAt={result.expiresAt} />
                </dd>
              </dl>
            ) : null}
          </div>
        ) : null}
      </section>
    </Card>
  );
}
