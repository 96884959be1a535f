import { CalendarDays } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { DATE_MAX, DATE_MIN } from '@/contracts/input-rules';
import { cn } from '@/web/lib/cn';
import {
  formatTypedDate,
  inputDateFormat,
  isoToLocalDate,
  localDateToIso,
  parseTypedDate,
} from '@/web/lib/date-input';
import { useFormatPreferences } from '@/web/lib/preferences';
import { Button } from './button';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './popover';

/** How many years after this one the calendar shows (typing reaches the whole range). */
const CALENDAR_YEARS_AHEAD = 100;

export type DateFieldProps = {
  /**
   * The date as the form holds it: '' (none), YYYY-MM-DD, or, while what was typed is no date,
   * that text (so the form's check says 'Invalid date format').
   */
  value: string;
  onChange: (value: string) => void;
  /** The first and last days allowed (YYYY-MM-DD); the product's range by default. */
  min?: string;
  max?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  onBlur?: () => void;
};

/**
 * A date typed in the user's date format (settings: dd/MM/yyyy, MM/dd/yyyy or yyyy-MM-dd) or
 * picked from a calendar in their language (French month and day names, weeks from Monday in
 * French), inside the product's range. The form gets ISO YYYY-MM-DD, as the API takes it.
 */
export function DateField({
  value,
  onChange,
  min = DATE_MIN,
  max = DATE_MAX,
  id,
  name,
  disabled,
  className,
  onBlur,
  ...aria
}: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const pattern = inputDateFormat(useFormatPreferences()?.dateFormat, language);
  const [text, setText] = useState(() => formatTypedDate(value, pattern));
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // What this field last told the form: a value from elsewhere (a reset, a fill) is shown anew.
  const sent = useRef(value);
  const shownPattern = useRef(pattern);
  useEffect(() => {
    if (value !== sent.current || pattern !== shownPattern.current) {
      sent.current = value;
      shownPattern.current = pattern;
      setText(formatTypedDate(value, pattern));
    }
  }, [value, pattern]);

  const send = (next: string) => {
    sent.current = next;
    onChange(next);
  };

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    send(typed.trim() === '' ? '' : (parseTypedDate(typed, pattern) ?? typed.trim()));
  };

  const placeholder = pattern
    .replace('dd', t('dateField.dd'))
    .replace('MM', t('dateField.mm'))
    .replace('yyyy', t('dateField.yyyy'));
  const selected = isoToLocalDate(value);
  const first = isoToLocalDate(min) ?? isoToLocalDate(DATE_MIN);
  const last = isoToLocalDate(max) ?? isoToLocalDate(DATE_MAX);
  const today = new Date();
  // The calendar's years run to a century from now at most (a list of 1,100 years helps no one);
  // a later date inside the range is typed.
  const horizon = new Date(today.getFullYear() + CALENDAR_YEARS_AHEAD, 11, 31);
  const lastMonth = last && last < horizon ? last : horizon;
  const month = selected && selected <= lastMonth ? selected : last && today > last ? last : today;
  const hintId = useId();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div data-slot="date-field" className={cn('relative', className)}>
          <input
            ref={input}
            id={id}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            onChange={type}
            onBlur={() => {
              // '5/3/2024' reads back as '05/03/2024' once it is a date.
              const parsed = parseTypedDate(text, pattern);
              if (parsed) setText(formatTypedDate(parsed, pattern));
              onBlur?.();
            }}
            data-slot="input"
            className={cn(
              'tabular flex h-9 w-full min-w-0 rounded-md border border-input bg-card py-1 pr-10 pl-3 text-base text-foreground shadow-xs outline-none transition-[color,box-shadow,border-color] placeholder:text-muted-foreground sm:text-sm',
              'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35',
              'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
              'disabled:cursor-not-allowed disabled:opacity-50',
            )}
            {...aria}
          />
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={disabled}
              className="absolute top-1/2 right-0.5 -translate-y-1/2 text-muted-foreground"
              aria-label={t('dateField.choose')}
              aria-describedby={hintId}
            >
              <CalendarDays aria-hidden="true" />
            </Button>
          </PopoverTrigger>
          <span id={hintId} className="sr-only">
            {t('dateField.format', { format: placeholder })}
          </span>
        </div>
      </PopoverAnchor>
      <PopoverContent
        aria-label={t('dateField.choose')}
        align="start"
        className="w-auto p-2"
        // The calendar puts the focus on the chosen day (or today) itself.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <DayPicker
          className="cairn-calendar"
          mode="single"
          required
          autoFocus
          locale={language === 'fr' ? fr : enUS}
          captionLayout="dropdown"
          selected={selected}
          defaultMonth={month}
          startMonth={first}
          endMonth={lastMonth}
          disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
          onSelect={(date) => {
            if (!date) return;
            const picked = localDateToIso(date);
            setText(formatTypedDate(picked, pattern));
            send(picked);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
