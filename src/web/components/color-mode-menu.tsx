import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { COLOR_MODES, type ColorMode, useColorMode } from '@/web/lib/color-mode';

const ICONS: Record<ColorMode, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light, dark or follow the system. */
export function ColorModeMenu() {
  const { t } = useTranslation('common');
  const [mode, setMode] = useColorMode();
  const Icon = ICONS[mode];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t('colorMode.label')}: ${t(`colorMode.${mode}`)}`}
        >
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('colorMode.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={mode} onValueChange={(value) => setMode(value as ColorMode)}>
          {COLOR_MODES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon aria-hidden="true" />
                {t(`colorMode.${option}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
