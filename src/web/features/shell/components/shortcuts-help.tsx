import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '@/web/components/ui/kbd';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/web/components/ui/sheet';
import { NAVIGATION_SHORTCUTS } from '../hooks/use-navigation-shortcuts';
import { isApplePlatform } from '../keyboard';

type Shortcut = { keys: string[]; label: string };

/** The keys of a shortcut, as this platform's keyboard shows them (⌘ ⌥ ⇧ on a Mac). */
export function shortcutKeys(apple: boolean) {
  const command = apple ? '⌘' : 'Ctrl';
  return {
    search: [command, 'K'],
    sidebar: [command, 'B'],
    errorReport: apple ? ['⌘', '⇧', 'E'] : ['Ctrl', 'Shift', 'E'],
    help: ['?'],
    navigation: (digit: number) => [apple ? '⌥' : 'Alt', String(digit)],
  };
}

function ShortcutList({ title, shortcuts }: { title: string; shortcuts: Shortcut[] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      <dl className="grid gap-1.5">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.label} className="flex items-center justify-between gap-3 text-sm">
            <dt className="min-w-0">{shortcut.label}</dt>
            <dd className="flex shrink-0 items-center gap-1">
              {shortcut.keys.map((key, i) => (
                <Fragment key={i}>
                  <Kbd>{key}</Kbd>
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Every keyboard shortcut of the app ("?" opens it): search, sidebar, error report, help, and
 * Alt+1 … Alt+9 with their pages (a page that does not exist yet is marked so).
 */
export function ShortcutsHelp({
  open,
  onOpenChange,
  hasPage,
  searchEnabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPage: (path: string) => boolean;
  /** The search_bar flag: Ctrl/Cmd+K is listed only when it opens something. */
  searchEnabled: boolean;
}) {
  const { t } = useTranslation('shortcuts');
  const keys = shortcutKeys(isApplePlatform());
  const general: Shortcut[] = [
    ...(searchEnabled ? [{ keys: keys.search, label: t('search') }] : []),
    { keys: keys.sidebar, label: t('sidebar') },
    { keys: keys.errorReport, label: t('errorReport') },
    { keys: keys.help, label: t('help') },
  ];
  // Like the sidebar: a shortcut is listed only when its page exists, keeping its own number.
  const navigation: Shortcut[] = NAVIGATION_SHORTCUTS.flatMap((path, i) =>
    hasPage(path) ? [{ keys: keys.navigation(i + 1), label: t(`destinations.${path}`) }] : [],
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel={t('close')}
        className="w-96 gap-5 overflow-y-auto bg-card p-5 text-card-foreground"
      >
        <div className="grid gap-1 pr-8">
          <SheetTitle className="text-base font-semibold">{t('title')}</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">
            {t('description')}
          </SheetDescription>
        </div>
        <ShortcutList title={t('groups.general')} shortcuts={general} />
        <ShortcutList title={t('groups.navigation')} shortcuts={navigation} />
      </SheetContent>
    </Sheet>
  );
}
