import {
  Briefcase,
  ChevronsUpDown,
  FlaskConical,
  Pencil,
  Plus,
  Search,
  Settings2,
} from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { can, type Portfolio, type Simulation } from '@/contracts/portfolios';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { useActiveScope } from '@/web/lib/active-scope';
import { cn } from '@/web/lib/cn';
import { filterPortfolios } from '../lib/search';
import { SIMULATION_THEME_STYLES } from '../lib/simulation-themes';
import { PortfolioBadges } from './portfolio-badges';
import { usePortfolioDialogs } from './portfolio-dialogs-context';

const OPTION = 'data-switcher-option';
const optionClass =
  'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring';
const editClass =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-3.5';

/** Up/Down (and Home/End) move between the popup's options; the search field leads into them. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const inSearch = event.target instanceof HTMLInputElement;
  if (inSearch && (event.key === 'Home' || event.key === 'End')) return;
  const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(`[${OPTION}]`));
  if (options.length === 0) return;
  event.preventDefault();
  const index = options.indexOf(document.activeElement as HTMLElement);
  let next = 0;
  if (event.key === 'End') next = options.length - 1;
  else if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % options.length;
  else if (event.key === 'ArrowUp') next = index <= 0 ? options.length - 1 : index - 1;
  options[next]?.focus();
}

function ThemeDot({ simulation, className }: { simulation: Simulation; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'size-2.5 shrink-0 rounded-full',
        SIMULATION_THEME_STYLES[simulation.backgroundTheme].dot,
        className,
      )}
    />
  );
}

type ListProps = {
  portfolios: Portfolio[];
  activePortfolioId: string | null;
  activeSimulationId: string | null;
  onSwitchPortfolio: (portfolio: Portfolio) => void;
  onSwitchSimulation: (simulation: Simulation) => void;
  onEditPortfolio: (portfolio: Portfolio) => void;
  onEditSimulation: (simulation: Simulation) => void;
};

function PortfolioEntry({
  portfolio,
  ...props
}: { portfolio: Portfolio } & Omit<ListProps, 'portfolios'>) {
  const { t } = useTranslation('portfolios');
  const activeReal = portfolio.id === props.activePortfolioId && props.activeSimulationId === null;
  return (
    <li>
      <div className="flex items-center gap-1">
        <button
          type="button"
          {...{ [OPTION]: '' }}
          aria-current={activeReal ? 'true' : undefined}
          onClick={() => props.onSwitchPortfolio(portfolio)}
          className={cn(optionClass, activeReal && 'bg-muted font-medium')}
        >
          <Briefcase aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="truncate">{portfolio.name}</span>
            <PortfolioBadges portfolio={portfolio} />
          </span>
        </button>
        {portfolio.isOwner ? (
          <button
            type="button"
            className={editClass}
            aria-label={t('switcher.editPortfolio', { name: portfolio.name })}
            onClick={() => props.onEditPortfolio(portfolio)}
          >
            <Pencil aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {portfolio.simulations.length > 0 ? (
        <ul
          aria-label={t('switcher.simulationsOf', { name: portfolio.name })}
          className="mt-0.5 ml-4 grid gap-0.5 border-l pl-2"
        >
          {portfolio.simulations.map((simulation) => {
            const active = simulation.id === props.activeSimulationId;
            return (
              <li key={simulation.id} className="flex items-center gap-1">
                <button
                  type="button"
                  {...{ [OPTION]: '' }}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => props.onSwitchSimulation(simulation)}
                  className={cn(optionClass, 'py-1', active && 'bg-muted font-medium')}
                >
                  <ThemeDot simulation={simulation} />
                  <span className="truncate">{simulation.name}</span>{' '}
                  <span className="sr-only">{t('switcher.simulationSuffix')}</span>
                </button>
                {can(simulation.permissionLevel, 'manageSimulations') ? (
                  <button
                    type="button"
                    className={editClass}
                    aria-label={t('switcher.editSimulation', { name: simulation.name })}
                    onClick={() => props.onEditSimulation(simulation)}
                  >
                    <Pencil aria-hidden="true" />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

function PortfolioGroups(props: ListProps & { headingId: string }) {
  const { t } = useTranslation('portfolios');
  const owned = props.portfolios.filter((p) => p.isOwner);
  const shared = props.portfolios.filter((p) => !p.isOwner);
  const groups = [
    { id: 'owned', label: t('switcher.owned'), items: owned },
    { id: 'shared', label: t('switcher.shared'), items: shared },
  ].filter((group) => group.items.length > 0);
  return (
    <>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`${props.headingId}-${group.id}`} className="py-1">
          <h3
            id={`${props.headingId}-${group.id}`}
            className="px-2 pb-1 text-xs font-medium text-muted-foreground"
          >
            {group.label}
          </h3>
          <ul className="grid gap-0.5">
            {group.items.map((portfolio) => (
              <PortfolioEntry key={portfolio.id} portfolio={portfolio} {...props} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

type SwitcherProps = {
  /** The sidebar is the 3rem icon rail: the trigger shows only an icon. */
  collapsed?: boolean;
  /** After a switch (the mobile sheet closes). */
  onSwitched?: () => void;
};

/**
 * The sidebar footer's portfolio switcher (spec 001, section 2): the active portfolio (and in
 * simulation mode the simulation, in its theme colour); a popup with every portfolio and its
 * simulations, a search, edit buttons and the create actions the user's rights allow.
 */
export function PortfolioSwitcher({ collapsed = false, onSwitched }: SwitcherProps) {
  const { t } = useTranslation('portfolios');
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const headingId = useId();
  const searchId = useId();
  const { portfolio, simulation } = scope;

  if (scope.status === 'loading' && !portfolio) {
    return (
      <div className="flex h-11 items-center gap-2 px-2" aria-busy="true">
        <Skeleton className="size-6 shrink-0" />
        {collapsed ? null : <Skeleton className="h-4 flex-1" />}
        <span className="sr-only">{t('switcher.loading')}</span>
      </div>
    );
  }

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const after = () => {
    close();
    onSwitched?.();
  };
  const visible = filterPortfolios(scope.portfolios, query);
  const canCreateSimulation = !!portfolio && can(portfolio.permissionLevel, 'manageSimulations');
  const triggerLabel = portfolio
    ? simulation
      ? t('switcher.triggerSimulation', { simulation: simulation.name, name: portfolio.name })
      : t('switcher.trigger', { name: portfolio.name })
    : t('switcher.triggerNone');
  const managePath = `/portfolio-management${search}`;

  const trigger = (
    <PopoverTrigger
      aria-label={triggerLabel}
      className={cn(
        'flex w-full min-w-0 items-center gap-2 rounded-md text-left text-sm outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent',
        collapsed ? 'size-8 justify-center' : 'h-11 px-2',
        simulation && !collapsed && 'border',
        simulation && !collapsed && SIMULATION_THEME_STYLES[simulation.backgroundTheme].soft,
      )}
    >
      <span className="relative flex size-6 shrink-0 items-center justify-center rounded-md bg-sidebar-accent text-sidebar-accent-foreground">
        {simulation ? (
          <FlaskConical aria-hidden="true" className="size-3.5" />
        ) : (
          <Briefcase aria-hidden="true" className="size-3.5" />
        )}
        {simulation ? (
          <ThemeDot
            simulation={simulation}
            className="absolute -top-0.5 -right-0.5 ring-2 ring-sidebar"
          />
        ) : null}
      </span>
      {collapsed ? null : (
        <>
          <span className="grid min-w-0 flex-1 leading-tight" aria-hidden="true">
            <span className="truncate font-medium">{portfolio?.name ?? t('switcher.none')}</span>
            <span className="truncate text-xs opacity-80">
              {simulation
                ? t('switcher.simulationLine', { name: simulation.name })
                : portfolio && !portfolio.isOwner
                  ? t('switcher.sharedLine', {
                      permission: t(`permission.${portfolio.permissionLevel}`),
                    })
                  : t('switcher.realLine')}
            </span>
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
        </>
      )}
    </PopoverTrigger>
  );

  return (
    <Popover open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{trigger}</TooltipTrigger>
          <TooltipContent side="right">{triggerLabel}</TooltipContent>
        </Tooltip>
      ) : (
        trigger
      )}
      <PopoverContent
        side={collapsed ? 'right' : 'top'}
        align={collapsed ? 'end' : 'start'}
        aria-labelledby={headingId}
        className="flex max-h-[min(34rem,calc(100dvh-5rem))] w-[min(22rem,calc(100vw-1.5rem))] flex-col"
        onKeyDown={moveFocus}
      >
        <h2 id={headingId} className="sr-only">
          {t('switcher.title')}
        </h2>
        <div className="relative border-b p-2">
          <label htmlFor={searchId} className="sr-only">
            {t('switcher.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={searchId}
            type="search"
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('switcher.searchPlaceholder')}
            autoComplete="off"
            className="h-8 w-full rounded-md border border-input bg-card pr-2 pl-8 text-base outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
          />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-1">
          {visible.length === 0 ? (
            <p role="status" className="px-2 py-6 text-center text-sm text-muted-foreground">
              {t('switcher.noMatch', { query: query.trim() })}
            </p>
          ) : (
            <PortfolioGroups
              headingId={headingId}
              portfolios={visible}
              activePortfolioId={portfolio?.id ?? null}
              activeSimulationId={simulation?.id ?? null}
              onSwitchPortfolio={(p) => {
                if (p.id !== portfolio?.id || simulation) {
                  if (p.id === portfolio?.id) scope.switchSimulation(null);
                  else scope.switchPortfolio(p.id);
                }
                after();
              }}
              onSwitchSimulation={(s) => {
                if (s.id !== simulation?.id) scope.switchSimulation(s.id);
                after();
              }}
              onEditPortfolio={(p) => {
                close();
                dialogs.open({ kind: 'edit-portfolio', portfolio: p });
              }}
              onEditSimulation={(s) => {
                close();
                dialogs.open({ kind: 'edit-simulation', simulation: s });
              }}
            />
          )}
        </div>
        <div className="grid gap-0.5 border-t p-1">
          <button
            type="button"
            {...{ [OPTION]: '' }}
            className={optionClass}
            onClick={() => {
              close();
              dialogs.open({ kind: 'create-portfolio' });
            }}
          >
            <Plus aria-hidden="true" className="size-4 shrink-0" />
            {t('switcher.createPortfolio')}
          </button>
          {canCreateSimulation && portfolio ? (
            <button
              type="button"
              {...{ [OPTION]: '' }}
              className={optionClass}
              onClick={() => {
                close();
                dialogs.open({
                  kind: 'create-simulation',
                  portfolioId: portfolio.id,
                  fixed: !portfolio.isOwner,
                });
              }}
            >
              <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
              {t('switcher.createSimulation')}
            </button>
          ) : null}
          <Link to={managePath} {...{ [OPTION]: '' }} className={optionClass} onClick={after}>
            <Settings2 aria-hidden="true" className="size-4 shrink-0" />
            {t('switcher.manage')}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
