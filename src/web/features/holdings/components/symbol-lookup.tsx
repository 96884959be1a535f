import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@/contracts/market-data';
import type { FieldControlProps } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { useInstrumentLookup } from '../api/instruments';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** Spec: lookups wait until typing pauses for 300 ms. */
export const LOOKUP_DEBOUNCE_MS = 300;

/** A closing day ('2026-11-20') read at noon UTC, so no time zone moves it to another day. */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date);

/**
 * The symbol field with suggestions (an ARIA 1.2 combobox): typing looks instruments up after a
 * pause; arrows move through the list, Enter chooses, Escape closes it (not the dialog). A failed
 * lookup says so quietly and the field keeps working as a plain text field.
 */
export function SymbolLookup({
  control,
  name,
  value,
  onChange,
  onPick,
}: {
  control: FieldControlProps;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (instrument: Instrument) => void;
}) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const listId = useId();
  /** Suggestions show only once the user typed (not after a pick, not on the initial value). */
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(typed ? value : '', LOOKUP_DEBOUNCE_MS);
  const lookup = useInstrumentLookup(query);
  const suggestions = lookup.data ?? [];
  const shown = open && typed && query.trim().length > 0 && suggestions.length > 0;

  // New suggestions: nothing is highlighted (adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(lookup.data);
  if (seen !== lookup.data) {
    setSeen(lookup.data);
    setActive(-1);
  }

  const pick = (instrument: Instrument) => {
    setTyped(false);
    setOpen(false);
    setActive(-1);
    onPick(instrument);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0 || !typed) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!shown) {
        setOpen(true);
        setActive(step === 1 ? 0 : suggestions.length - 1);
        return;
      }
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter') {
      const chosen = shown && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        // Chooses the suggestion instead of submitting the form.
        event.preventDefault();
        pick(chosen);
      }
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status =
    !typed || query.trim().length === 0
      ? ''
      : lookup.isError
        ? t('lookup.unavailable')
        : lookup.isSuccess
          ? suggestions.length === 0
            ? t('lookup.none')
            : t('lookup.count', { count: suggestions.length })
          : '';

  return (
    <div className="relative">
      <Input
        {...control}
        name={name}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => {
          setTyped(true);
          setOpen(true);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('lookup.label')}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {shown
          ? suggestions.map((instrument, index) => (
              <li
                key={`${instrument.symbol}-${instrument.source}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] gap-x-3 rounded-sm px-2 py-1.5 text-sm',
                  index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                )}
                // Keeps the focus in the field (a blur would close the list before the click).
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(instrument)}
              >
                <span className="min-w-0 truncate">
                  <span className="font-mono font-semibold">{instrument.symbol}</span>{' '}
                  <span>{instrument.name}</span>
                </span>
                <span className="text-right tabular">
                  {instrument.latestClose !== null && instrument.currency
                    ? t('lookup.close', {
                        close: format.number(instrument.latestClose, 4),
                        currency: instrument.currency,
                      })
                    : instrument.latestClose !== null
                      ? format.number(instrument.latestClose, 4)
                      : ''}
                </span>
                <span className="min-w-0 truncate text-xs text-muted-foreground">
                  {[instrument.exchange, instrument.currency].filter(Boolean).join(' · ')}
                </span>
                <span className="text-right text-xs text-muted-foreground tabular">
                  {instrument.latestDate
                    ? format.date(dayOf(instrument.latestDate))
                    : t('lookup.noClose')}
                </span>
              </li>
            ))
          : null}
      </ul>
      <p
        role="status"
        className={cn('mt-1 text-xs text-muted-foreground', !lookup.isError && 'sr-only')}
      >
        {status}
      </p>
    </div>
  );
}
