import { CircleCheck, CircleDashed, ShieldCheck, ShieldOff, UserRoundSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser } from '@/contracts/admin';
import { errorCodeOf, useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { type PlanChange, type RoleChange, useChangeRole, useSetPlan } from '../api/mutations';
import { formatRelativeTime } from '../lib/format';
import { useLocale, useNow } from '../lib/use-locale';
import { EmptyRow, LoadErrorRow, SkeletonRows } from './data-table';
import { RoleBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';
import { NativeSelect } from '@/web/components/ui/select';
import { type Tier, TIERS } from '@/contracts/subscription';

const COLUMNS = 10;
const PROVIDERS = ['email', 'google', 'github', 'facebook', 'twitter', 'azure'];

function Dash() {
  return (
    <span className="text-muted-foreground" aria-hidden="true">
      —
    </span>
  );
}

/** The user's plan, changed on the spot (an admin sets plans: self-hosting has no billing). */
function PlanSelect({
  user,
  onChange,
}: {
  user: AdminUser;
  onChange: (change: PlanChange) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect
      change
      aria-label={t('users.plan.label', { email: user.email })}
      className="w-auto min-w-28 [&_select]:h-7 [&_select]:text-[13px]"
      value={user.tier}
      onChange={(event) => {
        const tier = event.target.value as Tier;
        if (tier !== user.tier) onChange({ user, tier });
      }}
    >
      {TIERS.map((tier) => (
        <option key={tier} value={tier}>
          {t(`users.plan.tiers.${tier}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

function RoleAction({
  user,
  self,
  onRequest,
}: {
  user: AdminUser;
  self: boolean;
  onRequest: (change: RoleChange) => void;
}) {
  const { t } = useTranslation('admin');
  const hintId = useId();
  if (user.role === 'user') {
    return (
      <Button
        change
        variant="outline"
        size="sm"
        className="h-7"
        aria-label={t('users.promote.label', { email: user.email })}
        onClick={() => onRequest({ user, role: 'admin' })}
      >
        <ShieldCheck aria-hidden="true" />
        {t('users.promote.button')}
      </Button>
    );
  }
  const button = (
    <Button
      change
      variant="outline"
      size="sm"
      className="h-7"
      disabled={self}
      aria-label={t('users.demote.label', { email: user.email })}
      aria-describedby={self ? hintId : undefined}
      onClick={() => onRequest({ user, role: 'user' })}
    >
      <ShieldOff aria-hidden="true" />
      {t('users.demote.button')}
    </Button>
  );
  if (!self) return button;
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the hint. */}
          <span
            tabIndex={0}
            className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {button}
          </span>
        </TooltipTrigger>
        <TooltipContent>{t('users.selfDemotion')}</TooltipContent>
      </Tooltip>
      <span id={hintId} className="sr-only">
        {t('users.selfDemotion')}
      </span>
    </>
  );
}

function UserRow({
  user,
  self,
  now,
  onRequest,
  onPlanChange,
}: {
  user: AdminUser;
  self: boolean;
  now: Date;
  onRequest: (change: RoleChange) => void;
  onPlanChange: (change: PlanChange) => void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const format = useFormatters();
  const provider = PROVIDERS.includes(user.provider)
    ? t(`users.providers.${user.provider}`)
    : user.provider;
  return (
    <TableRow>
      <TableCell className="max-w-72">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" title={user.email}>
            {user.email}
          </span>
          {self ? <Badge variant="outline">{t('users.you')}</Badge> : null}
        </div>
        <div className="truncate text-[13px] text-muted-foreground">
          {user.fullName ?? <Dash />}
        </div>
      </TableCell>
      <TableCell>
        <RoleBadge role={user.role} />
      </TableCell>
      <TableCell>
        <PlanSelect user={user} onChange={onPlanChange} />
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular 2xl:table-cell">
        <time dateTime={user.createdAt}>{format.date(user.createdAt)}</time>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular md:table-cell">
        {user.lastSignInAt ? (
          <time
            dateTime={user.lastSignInAt}
            title={format.dateTime(user.lastSignInAt, { dateStyle: 'medium' })}
          >
            {formatRelativeTime(user.lastSignInAt, now, locale)}
          </time>
        ) : (
          <span className="text-muted-foreground">{t('users.never')}</span>
        )}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap tabular lg:table-cell">
        {user.emailConfirmedAt ? (
          <span className="inline-flex items-center gap-1.5">
            <CircleCheck className="size-3.5 text-gain" aria-hidden="true" />
            <time dateTime={user.emailConfirmedAt}>{format.date(user.emailConfirmedAt)}</time>
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-muted-foreground">
            <CircleDashed className="size-3.5" aria-hidden="true" />
            {t('users.notConfirmed')}
          </span>
        )}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap 2xl:table-cell">{provider}</TableCell>
      <TableCell className="hidden whitespace-nowrap tabular 2xl:table-cell">
        {user.phone ?? <Dash />}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">
        {user.twoFactor ? (
          <span className="inline-flex items-center gap-1.5">
            <ShieldCheck className="size-3.5 text-gain" aria-hidden="true" />
            {t('users.twoFactorOn')}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('users.twoFactorOff')}</span>
        )}
      </TableCell>
      <TableCell className="text-right">
        <RoleAction user={user} self={self} onRequest={onRequest} />
      </TableCell>
    </TableRow>
  );
}

/** The users, with promote and demote behind a confirmation (shown at once, undone on error). */
export function UsersTable({
  users,
  currentUserId,
  loading,
  failed,
  onRetry,
  searching,
}: {
  users: AdminUser[] | undefined;
  currentUserId: string | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  searching: boolean;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const now = useNow();
  const changeRole = useChangeRole();
  const setPlan = useSetPlan();
  const changePlan = (change: PlanChange) =>
    setPlan.mutate(change, {
      onSuccess: () =>
        toast.success(
          t('users.plan.done', {
            email: change.user.email,
            plan: t(`users.plan.tiers.${change.tier}`),
          }),
        ),
      onError: (error) => toast.error(t('users.plan.failed'), { description: errorText(error) }),
    });
  const [pending, setPending] = useState<RoleChange | null>(null);
  const [open, setOpen] = useState(false);

  const request = (change: RoleChange) => {
    setPending(change);
    setOpen(true);
  };

  const confirm = () => {
    if (!pending) return;
    const { user, role } = pending;
    changeRole.mutate(pending, {
      onSuccess: () =>
        toast.success(
          t(role === 'admin' ? 'users.promote.done' : 'users.demote.done', { email: user.email }),
        ),
      onError: (error) =>
        toast.error(t('users.roleFailed'), {
          description:
            errorCodeOf(error) === 'SELF_DEMOTION' ? t('users.selfDemotion') : errorText(error),
        }),
    });
  };

  const promoting = pending?.role === 'admin';
  return (
    <>
      <Table>
        <TableCaption>{t('users.caption')}</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('users.columns.user')}</TableHead>
            <TableHead>{t('users.columns.role')}</TableHead>
            <TableHead>{t('users.columns.plan')}</TableHead>
            <TableHead className="hidden 2xl:table-cell">{t('users.columns.created')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('users.columns.lastSignIn')}</TableHead>
            <TableHead className="hidden lg:table-cell">
              {t('users.columns.emailConfirmed')}
            </TableHead>
            <TableHead className="hidden 2xl:table-cell">{t('users.columns.provider')}</TableHead>
            <TableHead className="hidden 2xl:table-cell">{t('users.columns.phone')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('users.columns.twoFactor')}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t('users.columns.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            <SkeletonRows columns={COLUMNS} />
          ) : failed ? (
            <LoadErrorRow colSpan={COLUMNS} onRetry={onRetry} title={t('users.loadFailed')} />
          ) : !users || users.length === 0 ? (
            <EmptyRow
              colSpan={COLUMNS}
              icon={UserRoundSearch}
              title={searching ? t('users.emptySearch.title') : t('users.empty.title')}
              description={
                searching ? t('users.emptySearch.description') : t('users.empty.description')
              }
            />
          ) : (
            users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                self={user.id === currentUserId}
                now={now}
                onRequest={request}
                onPlanChange={changePlan}
              />
            ))
          )}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={
          pending
            ? t(promoting ? 'users.promote.title' : 'users.demote.title', {
                email: pending.user.email,
              })
            : ''
        }
        description={promoting ? t('users.promote.description') : t('users.demote.description')}
        confirmLabel={promoting ? t('users.promote.confirm') : t('users.demote.confirm')}
        destructive={!promoting}
        onConfirm={confirm}
      />
    </>
  );
}
