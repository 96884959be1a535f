import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SIMULATION_THEMES, type SimulationTheme } from '@/contracts/portfolios';
import { cn } from '@/web/lib/cn';
import { SIMULATION_THEME_STYLES } from '../lib/simulation-themes';

type Props = {
  name: string;
  value: SimulationTheme;
  onChange: (theme: SimulationTheme) => void;
};

/** The five background themes as a radio list, each with its colour, name and meaning. */
export function ThemePicker({ name, value, onChange }: Props) {
  const { t } = useTranslation('portfolios');
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm leading-tight font-medium">
        {t('simulationDialog.theme')}
      </legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {SIMULATION_THEMES.map((theme) => {
          const id = `${name}-${theme}`;
          const checked = value === theme;
          return (
            <label
              key={theme}
              htmlFor={id}
              className={cn(
                'relative flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked && 'border-foreground/40 bg-muted',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={theme}
                checked={checked}
                onChange={() => onChange(theme)}
                // Covers the whole option, invisibly: a click anywhere on it lands on the radio.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-5 shrink-0 items-center justify-center rounded-full text-white dark:text-black',
                  SIMULATION_THEME_STYLES[theme].dot,
                )}
              >
                {checked ? <Check className="size-3" strokeWidth={3} /> : null}
              </span>
              <span className="grid min-w-0">
                <span className="font-medium">{t(`themes.${theme}.name`)}</span>
                <span className="text-[13px] text-muted-foreground">
                  {t(`themes.${theme}.meaning`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
