import type { SimulationTheme } from '@/contracts/portfolios';

/**
 * How each simulation theme looks. Text/background pairs meet WCAG AA in both colour modes:
 * the banner is a deep shade with white text in light mode and a pale shade with dark text in
 * dark mode; the dot and frame only decorate (the name and the word "Simulation" carry meaning).
 */
export const SIMULATION_THEME_STYLES: Record<
  SimulationTheme,
  { banner: string; dot: string; frame: string; soft: string }
> = {
  blue: {
    banner: 'bg-blue-700 text-white dark:bg-blue-300 dark:text-blue-950',
    dot: 'bg-blue-600 dark:bg-blue-400',
    frame: 'border-blue-600/60 dark:border-blue-400/60',
    soft: 'border-blue-600/40 bg-blue-600/10 text-blue-800 dark:border-blue-400/40 dark:bg-blue-400/10 dark:text-blue-200',
  },
  green: {
    banner: 'bg-emerald-700 text-white dark:bg-emerald-300 dark:text-emerald-950',
    dot: 'bg-emerald-600 dark:bg-emerald-400',
    frame: 'border-emerald-600/60 dark:border-emerald-400/60',
    soft: 'border-emerald-600/40 bg-emerald-600/10 text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-400/10 dark:text-emerald-200',
  },
  purple: {
    banner: 'bg-violet-700 text-white dark:bg-violet-300 dark:text-violet-950',
    dot: 'bg-violet-600 dark:bg-violet-400',
    frame: 'border-violet-600/60 dark:border-violet-400/60',
    soft: 'border-violet-600/40 bg-violet-600/10 text-violet-800 dark:border-violet-400/40 dark:bg-violet-400/10 dark:text-violet-200',
  },
  orange: {
    banner: 'bg-orange-800 text-white dark:bg-orange-300 dark:text-orange-950',
    dot: 'bg-orange-600 dark:bg-orange-400',
    frame: 'border-orange-600/60 dark:border-orange-400/60',
    soft: 'border-orange-600/40 bg-orange-600/10 text-orange-900 dark:border-orange-400/40 dark:bg-orange-400/10 dark:text-orange-200',
  },
  red: {
    banner: 'bg-red-700 text-white dark:bg-red-300 dark:text-red-950',
    dot: 'bg-red-600 dark:bg-red-400',
    frame: 'border-red-600/60 dark:border-red-400/60',
    soft: 'border-red-600/40 bg-red-600/10 text-red-800 dark:border-red-400/40 dark:bg-red-400/10 dark:text-red-200',
  },
};
