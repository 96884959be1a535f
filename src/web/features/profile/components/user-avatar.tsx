/** Shared with the settings pages (web/components/user-avatar.tsx). */
export { UserAvatar } from '@/web/components/user-avatar';
