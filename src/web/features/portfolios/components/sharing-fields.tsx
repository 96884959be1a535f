import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SHARE_PERMISSIONS,
  SIMULATION_SHARING_MODES,
  type SharePermission,
  type Simulation,
  type SimulationSharingMode,
} from '@/contracts/portfolios';
import { Checkbox } from '@/web/components/ui/checkbox';
import { cn } from '@/web/lib/cn';
import { SIMULATION_THEME_STYLES } from '../lib/simulation-themes';

const choiceClass =
  'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

export function PermissionChoice({
  value,
  onChange,
}: {
  value: SharePermission;
  onChange: (value: SharePermission) => void;
}) {
  const { t } = useTranslation('portfolios');
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm leading-tight font-medium">
        {t('sharing.permission')}
      </legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {SHARE_PERMISSIONS.map((level) => (
          <label
            key={level}
            className={cn(choiceClass, value === level && 'border-foreground/40 bg-muted')}
          >
            <input
              type="radio"
              name={name}
              checked={value === level}
              onChange={() => onChange(level)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid">
              <span className="font-medium">{t(`sharing.permissions.${level}.label`)}</span>
              <span className="text-[13px] text-muted-foreground">
                {t(`sharing.permissions.${level}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type SimulationSharingProps = {
  simulations: Simulation[];
  mode: SimulationSharingMode;
  onModeChange: (mode: SimulationSharingMode) => void;
  ids: string[];
  onIdsChange: (ids: string[]) => void;
  /** Translated error for the simulation list ('choose at least one'). */
  error?: string;
};

/** Which simulations go with the share: none, all, or those ticked. */
export function SimulationSharingChoice({
  simulations,
  mode,
  onModeChange,
  ids,
  onIdsChange,
  error,
}: SimulationSharingProps) {
  const { t } = useTranslation('portfolios');
  const name = useId();
  const errorId = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm leading-tight font-medium">
        {t('sharing.simulations')}
      </legend>
      <div className="grid gap-1.5 sm:grid-cols-3">
        {SIMULATION_SHARING_MODES.map((option) => (
          <label
            key={option}
            className={cn(
              choiceClass,
              'items-center',
              mode === option && 'border-foreground/40 bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              checked={mode === option}
              onChange={() => onModeChange(option)}
              disabled={option !== 'none' && simulations.length === 0}
              className="size-4 accent-primary"
            />
            <span className="font-medium">{t(`sharing.modes.${option}`)}</span>
          </label>
        ))}
      </div>
      {simulations.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">{t('sharing.noSimulations')}</p>
      ) : null}
      {mode === 'specific' ? (
        <div
          role="group"
          aria-label={t('sharing.pickSimulations')}
          aria-describedby={error ? errorId : undefined}
          className="grid max-h-44 gap-1 overflow-y-auto rounded-lg border p-2"
        >
          {simulations.map((simulation) => {
            const id = `${name}-${simulation.id}`;
            const checked = ids.includes(simulation.id);
            return (
              <div key={simulation.id} className="flex items-center gap-2 rounded-md px-1 py-1">
                <Checkbox
                  id={id}
                  checked={checked}
                  aria-invalid={error ? true : undefined}
                  onChange={() =>
                    onIdsChange(
                      checked ? ids.filter((x) => x !== simulation.id) : [...ids, simulation.id],
                    )
                  }
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    'size-2.5 shrink-0 rounded-full',
                    SIMULATION_THEME_STYLES[simulation.backgroundTheme].dot,
                  )}
                />
                <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer truncate text-sm">
                  {simulation.name}
                </label>
              </div>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
