import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar';
import { initialsOf } from '@/web/lib/display-name';

/**
 * The user's picture, or up to two initials of `name` when there is none (or it fails to load).
 * Decorative: the name is always said next to it or on the control that holds it.
 */
export function UserAvatar({
  avatarUrl,
  name,
  className,
  fallbackClassName,
}: {
  avatarUrl?: string | null;
  name: string;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className} aria-hidden="true">
      {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
      <AvatarFallback className={fallbackClassName} delayMs={avatarUrl ? 300 : undefined}>
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
