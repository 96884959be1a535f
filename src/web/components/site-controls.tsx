import { Languages, Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/contracts/i18n';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { cx } from '@/web/lib/cx';
import { COLOR_MODES, type ColorMode, useColorMode } from '@/web/lib/color-mode';
import { changeLanguage, currentLanguage } from '@/web/lib/i18n';

/**
 * One click switches between the two languages (the public site's header: lighter than a menu,
 * and the other language's name is written in that language).
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const other: Language = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      className={cx(buttonVariants({ variant: 'ghost', size: 'sm' }), className)}
      aria-label={t('language.switchTo', { language: t(`language.${other}`) })}
      onClick={() => void changeLanguage(other)}
    >
      <Languages aria-hidden="true" />
      <span lang={other}>{t(`language.${other}`)}</span>
    </button>
  );
}

const ICONS: Record<ColorMode, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Cycles system → light → dark; the label says the current mode. */
export function ColorModeToggle() {
  const { t } = useTranslation('common');
  const [mode, setMode] = useColorMode();
  const next = COLOR_MODES[(COLOR_MODES.indexOf(mode) + 1) % COLOR_MODES.length] ?? 'system';
  const Icon = ICONS[mode];
  const label = `${t('colorMode.label')}: ${t(`colorMode.${mode}`)}`;
  return (
    <button
      type="button"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      aria-label={label}
      title={`${label} (${t('colorMode.next', { mode: t(`colorMode.${next}`) })})`}
      onClick={() => setMode(next)}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}
