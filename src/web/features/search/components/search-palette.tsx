import {
  ArrowLeftRight,
  Bitcoin,
  Building2,
  FileText,
  FlaskConical,
  HandCoins,
  Loader2,
  type LucideIcon,
  Package,
  PiggyBank,
  Search,
  Settings,
  Target,
  TrendingUp,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CURRENCIES, type Currency } from '@/contracts/settings';
import type { SearchResult } from '@/domain/search';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Kbd } from '@/web/components/ui/kbd';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { cn } from '@/web/lib/cn';
import { searchTermForAnalytics, trackEvent } from '@/web/lib/consent/analytics';
import { useFormatters } from '@/web/lib/preferences';
import { withScopeParams } from '@/web/lib/scope-params';
import { useGlobalSearch } from '../hooks/use-search';
import { SEARCH_SOURCES } from '../registry';
import type { SearchSource } from '../sources/source';

const ICONS: Record<string, LucideIcon> = {
  market: TrendingUp,
  crypto: Bitcoin,
  real_estate: Building2,
  crowdfunding: HandCoins,
  savings: PiggyBank,
  generic: Package,
  transaction: ArrowLeftRight,
  goal: Target,
  page: FileText,
  settings: Settings,
};

const STATUS_VARIANTS: Record<string, 'success' | 'warning' | 'destructive' | 'outline'> = {
  active: 'success',
  completed: 'success',
  achieved: 'success',
  repaid: 'success',
  pending: 'warning',
  delayed: 'warning',
  defaulted: 'destructive',
  cancelled: 'destructive',
};

function isCurrency(value: string | undefined): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

export type SearchPaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pages that exist (go-to actions only for these). */
  hasPage: (path: string) => boolean;
  /** What is searched; the registry's sources unless a test gives others. */
  sources?: readonly SearchSource<never>[];
};

/**
 * The global search palette (spec 002, section 2): a modal combobox over everything the active
 * portfolio or simulation holds. Arrows move, Enter goes to the result, Escape closes; closing
 * clears the query and the results (the content unmounts).
 */
export function SearchPalette({ open, onOpenChange, hasPage, sources }: SearchPaletteProps) {
  const { t } = useTranslation('search');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        className="top-3 max-h-[calc(100dvh-1.5rem)] max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[10vh] sm:max-h-[80vh]"
      >
        <PaletteBody
          hasPage={hasPage}
          sources={sources ?? SEARCH_SOURCES}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({
  hasPage,
  sources,
  onClose,
}: {
  hasPage: (path: string) => boolean;
  sources: readonly SearchSource<never>[];
  onClose: () => void;
}) {
  const { t } = useTranslation('search');
  const format = useFormatters();
  const navigate = useNavigate();
  const { search: currentSearch } = useLocation();
  const [query, setQuery] = useState('');
  const state = useGlobalSearch(query, sources, hasPage);
  // What is searched follows the active scope: a simulation's own holdings and transactions.
  const scope = useOptionalActiveScope();
  const simulation = scope?.simulation ?? null;
  const results = useMemo(
    () => state.answer?.groups.flatMap((group) => group.results) ?? [],
    [state.answer],
  );
  const [active, setActive] = useState(0);
  // New results: the first one is active (adjusted while rendering, not in an effect).
  const [shownAnswer, setShownAnswer] = useState(state.answer);
  if (shownAnswer !== state.answer) {
    setShownAnswer(state.answer);
    setActive(0);
  }
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeIndex = results.length ? Math.min(active, results.length - 1) : -1;

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  function select(result: SearchResult) {
    // Settings pages carry only the simulation (spec 001, section 2).
    const keepPortfolio = !result.path.startsWith('/settings');
    // Only with analytics consent (nothing is sent otherwise); the term cut to 20 characters.
    trackEvent('search', { search_term: searchTermForAnalytics(query) });
    onClose();
    void navigate(withScopeParams(result.path, currentSearch, { keepPortfolio }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!results.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(results.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const result = results[activeIndex];
      if (result) select(result);
    }
  }

  const typed = query.trim() !== '';
  const showResults = typed && results.length > 0;
  let position = 0;

  return (
    <div className="flex min-h-0 flex-col">
      <div className="border-b px-4 pt-4 pb-3">
        <DialogTitle className={cn('pr-8 text-sm', simulation ? 'mb-1' : 'mb-3')}>
          {t('title')}
        </DialogTitle>
        {simulation ? (
          <DialogDescription className="mb-3 flex items-start gap-1.5 pr-8 text-xs text-muted-foreground">
            <FlaskConical aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span className="min-w-0 break-words">
              {t('scope.simulation', { name: simulation.name })}
            </span>
          </DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{t('description')}</DialogDescription>
        )}
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="text"
            role="combobox"
            aria-label={t('inputLabel')}
            aria-expanded={showResults}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={
              showResults && activeIndex >= 0 ? optionId(activeIndex) : undefined
            }
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={t('placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-md border border-input bg-background pr-10 pl-9 text-base text-foreground outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
          />
          {state.pending ? (
            <Loader2
              role="status"
              aria-label={t('searching')}
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            />
          ) : null}
        </div>
      </div>

      <div className="max-h-[500px] min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {!typed ? (
          <EmptyPrompt />
        ) : state.failed ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-destructive">
            {t('failed')}
          </p>
        ) : !state.pending && state.answer && results.length === 0 ? (
          <div role="status" className="grid gap-1 px-4 py-8 text-center text-sm">
            <p className="font-medium">{t('noResults.title', { query: state.searched.trim() })}</p>
            {simulation ? (
              <>
                <p className="text-muted-foreground">
                  {t('noResults.simulationHint', { name: simulation.name })}
                </p>
                <p className="mt-2">
                  <Button variant="outline" size="sm" onClick={() => scope?.switchSimulation(null)}>
                    {t('noResults.backToReal')}
                  </Button>
                </p>
              </>
            ) : (
              <p className="text-muted-foreground">{t('noResults.hint')}</p>
            )}
          </div>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={t('title')}
          className={cn('grid gap-1 p-2', !showResults && 'hidden')}
        >
          {state.answer?.groups.map((group) => {
            const headingId = `${baseId}-group-${group.category}`;
            return (
              <div key={group.category} role="group" aria-labelledby={headingId} className="grid">
                <div
                  id={headingId}
                  className="px-2 pt-2 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase"
                >
                  {t(`categories.${group.category}`, { defaultValue: group.category })}
                </div>
                {group.results.map((result) => {
                  const index = position;
                  position += 1;
                  return (
                    <ResultOption
                      key={result.id}
                      id={optionId(index)}
                      result={result}
                      active={index === activeIndex}
                      format={format}
                      onHover={() => setActive(index)}
                      onSelect={() => select(result)}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>

      {typed && state.answer && !state.failed ? (
        <div
          className="flex items-center justify-between gap-3 border-t px-4 py-2 text-xs text-muted-foreground"
          data-testid="search-footer"
        >
          <span aria-live="polite">{t('footer.count', { count: state.answer.count })}</span>
          {state.elapsedMs !== null ? (
            <span className="tabular">
              {t('footer.elapsed', { ms: format.number(state.elapsedMs, 1) })}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function EmptyPrompt() {
  const { t } = useTranslation('search');
  return (
    <div className="grid justify-items-center gap-2 px-4 py-8 text-center text-sm">
      <p className="font-medium">{t('empty.title')}</p>
      <p className="text-muted-foreground">
        <Trans t={t} i18nKey="empty.keys" components={{ key: <Kbd /> }} />
      </p>
    </div>
  );
}

function ResultOption({
  id,
  result,
  active,
  format,
  onHover,
  onSelect,
}: {
  id: string;
  result: SearchResult;
  active: boolean;
  format: ReturnType<typeof useFormatters>;
  onHover: () => void;
  onSelect: () => void;
}) {
  const { t } = useTranslation('search');
  const Icon = ICONS[result.icon ?? ''] ?? FileText;
  const { amount, currency, symbol, progress, status } = result.metadata;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseMove={active ? undefined : onHover}
      onClick={onSelect}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-sm',
        active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted/60',
      )}
    >
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md border bg-background text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{result.title}</span>
          {symbol ? (
            <Badge variant="outline" className="font-mono text-[11px]">
              {symbol}
            </Badge>
          ) : null}
          {result.demo ? <Badge variant="outline">{t('demo')}</Badge> : null}
        </span>
        {result.description ? (
          <span className="truncate text-xs text-muted-foreground">{result.description}</span>
        ) : null}
      </span>
      <span className="grid shrink-0 justify-items-end gap-1 text-right">
        {amount !== undefined && isCurrency(currency) ? (
          <span className="tabular text-sm">
            {format.money(amount, { currency, decimals: true })}
          </span>
        ) : null}
        <span className="flex items-center gap-1.5">
          {progress !== undefined ? (
            <span className="tabular text-xs text-muted-foreground">
              {t('complete', { percent: format.percent(progress, { decimals: 0 }) })}
            </span>
          ) : null}
          {status ? (
            <Badge variant={STATUS_VARIANTS[status] ?? 'outline'}>
              {t(`statuses.${status}`, { defaultValue: status })}
            </Badge>
          ) : null}
        </span>
      </span>
    </div>
  );
}
