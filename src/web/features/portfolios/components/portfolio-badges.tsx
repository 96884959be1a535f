import { Eye, Pencil, Star, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Portfolio } from '@/contracts/portfolios';
import { Badge } from '@/web/components/ui/badge';

/** Owned or shared, default or custom, and the permission when the user is not the owner. */
export function PortfolioBadges({
  portfolio,
  compact = false,
}: {
  portfolio: Portfolio;
  /** Only what differs from the usual (shared, default, permission): for tight rows. */
  compact?: boolean;
}) {
  const { t } = useTranslation('portfolios');
  return (
    <span className="flex flex-wrap items-center gap-1">
      {portfolio.isOwner ? (
        compact ? null : (
          <Badge variant="outline">{t('badges.owned')}</Badge>
        )
      ) : (
        <Badge variant="secondary">
          <Users aria-hidden="true" />
          {t('badges.shared')}
        </Badge>
      )}
      {portfolio.isDefault ? (
        <Badge variant="outline">
          <Star aria-hidden="true" />
          {t('badges.default')}
        </Badge>
      ) : compact ? null : (
        <Badge variant="outline">{t('badges.custom')}</Badge>
      )}
      {portfolio.isOwner ? null : <PermissionBadge level={portfolio.permissionLevel} />}
    </span>
  );
}

export function PermissionBadge({ level }: { level: Portfolio['permissionLevel'] }) {
  const { t } = useTranslation('portfolios');
  return (
    <Badge variant={level === 'read' ? 'outline' : 'warning'}>
      {level === 'read' ? <Eye aria-hidden="true" /> : <Pencil aria-hidden="true" />}
      {t(`permission.${level}`)}
    </Badge>
  );
}
