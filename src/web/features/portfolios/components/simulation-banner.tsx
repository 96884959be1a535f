import { ArrowLeft, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { useActiveScope } from '@/web/lib/active-scope';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { useFailureToast } from '@/web/components/ui/use-failure-toast';
import { useLiveSimulation } from '../api/queries';
import { SIMULATION_THEME_STYLES } from '../lib/simulation-themes';

/**
 * Under the header while a simulation is active: its name and theme colour, the word
 * "Simulation" and a way back, plus a frame around the window, so simulated figures are never
 * taken for real ones.
 */
export function SimulationBanner() {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const { simulation, portfolio, switchSimulation } = useActiveScope();
  const live = useLiveSimulation(simulation);
  useFailureToast(live, { wrap: (message) => t('simulationFailed.fetch', { message }) });
  if (!simulation || !portfolio) return null;
  const { cash, cashCurrency } = live.data ?? simulation;
  const theme = SIMULATION_THEME_STYLES[simulation.backgroundTheme];
  return (
    <>
      <section
        aria-label={t('banner.label')}
        data-testid="simulation-banner"
        data-theme={simulation.backgroundTheme}
        className={cn(
          'sticky top-14 z-20 flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 text-sm shadow-sm sm:px-4',
          theme.banner,
        )}
      >
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
          <span className="rounded-sm border border-current/40 px-1.5 py-px text-[11px] font-semibold tracking-wide uppercase">
            {t('banner.badge')}
          </span>
          <span className="min-w-0 truncate font-semibold">{simulation.name}</span>
          <span className="hidden truncate opacity-90 sm:inline">
            {t('banner.inPortfolio', { name: portfolio.name })}
          </span>
          {cash !== undefined ? (
            <span className="tabular whitespace-nowrap" data-testid="simulation-cash">
              {t('banner.cash', {
                amount: format.money(cash, { currency: cashCurrency, decimals: true }),
              })}
            </span>
          ) : null}
        </p>
        <Button
          size="sm"
          variant="outline"
          className="h-7 border-current/50 bg-transparent text-current hover:bg-white/15 dark:hover:bg-black/10"
          onClick={() => switchSimulation(null)}
        >
          <ArrowLeft aria-hidden="true" />
          {t('banner.backToReal')}
        </Button>
      </section>
      <div
        aria-hidden="true"
        className={cn('pointer-events-none fixed inset-0 z-40 border-[3px]', theme.frame)}
      />
    </>
  );
}
