/** Shared with the header's user menu and the settings pages (web/lib/display-name.ts). */
export { displayNameOf, initialsOf, type NamedUser } from '@/web/lib/display-name';
