import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@/contracts/i18n';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { chooseLanguage, currentLanguage } from '@/web/lib/i18n';

/**
 * Language picker (French, English); the choice is saved and applies at once (signed in, it
 * becomes the language preference of the settings).
 */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const language = currentLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size={compact ? 'icon' : 'sm'} aria-label={t('language.label')}>
          <Languages aria-hidden="true" />
          {!compact && <span className="uppercase">{language}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value)) void chooseLanguage(value);
          }}
        >
          {LANGUAGES.map((lang) => (
            <DropdownMenuRadioItem key={lang} value={lang} lang={lang}>
              {t(`language.${lang}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
