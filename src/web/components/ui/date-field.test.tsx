import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DateFormat } from '@/contracts/settings';
import { FormatPreferencesProvider } from '@/web/lib/preferences';
import { DateField } from './date-field';

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

function Harness({
  initial = '',
  dateFormat,
  onValue,
  min,
  max,
}: {
  initial?: string;
  dateFormat?: DateFormat;
  onValue?: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  const field = (
    <>
      <label htmlFor="when">When</label>
      <DateField
        id="when"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="sent">{value}</output>
    </>
  );
  return dateFormat ? (
    <FormatPreferencesProvider
      value={{ currency: 'EUR', dateFormat, numberFormat: 'european', timeZone: null }}
    >
      {field}
    </FormatPreferencesProvider>
  ) : (
    field
  );
}

describe('DateField', () => {
  it('shows and reads dates in the user’s format, and hands the form ISO', async () => {
    render(<Harness initial="2024-03-05" dateFormat="dd/MM/yyyy" />);
    const input = screen.getByLabelText('When');
    expect(input).toHaveValue('05/03/2024');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.clear(input);
    await userEvent.type(input, '14/07/2025');
    expect(screen.getByTestId('sent')).toHaveTextContent('2025-07-14');
  });

  it('reads the same digits the other way round in the US format', async () => {
    render(<Harness dateFormat="MM/dd/yyyy" />);
    await userEvent.type(screen.getByLabelText('When'), '07/04/2025');
    expect(screen.getByTestId('sent')).toHaveTextContent('2025-07-04');
  });

  it('passes unreadable text on as typed (for the form’s “Invalid date format”), and empty as empty', async () => {
    render(<Harness initial="2024-03-05" dateFormat="dd/MM/yyyy" />);
    const input = screen.getByLabelText('When');
    await userEvent.clear(input);
    expect(screen.getByTestId('sent')).toHaveTextContent(/^$/);
    await userEvent.type(input, '31/02/2024');
    expect(screen.getByTestId('sent')).toHaveTextContent('31/02/2024');
  });

  it('tidies a short date once the field is left', async () => {
    render(<Harness dateFormat="dd/MM/yyyy" />);
    const input = screen.getByLabelText('When');
    await userEvent.type(input, '5/3/2024');
    await userEvent.tab();
    expect(input).toHaveValue('05/03/2024');
    expect(screen.getByTestId('sent')).toHaveTextContent('2024-03-05');
  });

  it('shows a new value from the form (a reset)', async () => {
    function Reset() {
      const [value, setValue] = useState('2024-03-05');
      return (
        <>
          <DateField aria-label="When" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2020-01-02')}>
            reset
          </button>
        </>
      );
    }
    render(<Reset />);
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    // No preference: the language's way (English: month first).
    expect(screen.getByLabelText('When')).toHaveValue('01/02/2020');
  });

  it('picks a day from a calendar with the keyboard, and gives the focus back', async () => {
    render(<Harness initial="2024-03-05" dateFormat="dd/MM/yyyy" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAccessibleName('March 2024');
    // The chosen day has the focus; the arrow moves a day on, Enter picks it.
    expect(document.activeElement).toHaveAccessibleName(/March 5th, 2024/);
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByTestId('sent')).toHaveTextContent('2024-03-06');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByLabelText('When')).toHaveValue('06/03/2024');
    expect(screen.getByLabelText('When')).toHaveFocus();
  });

  it('speaks French in French: month and day names, weeks from Monday', async () => {
    await i18n.changeLanguage('fr');
    render(<Harness initial="2024-03-05" />);
    expect(screen.getByLabelText('When')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await userEvent.click(screen.getByRole('button', { name: 'Choisir une date' }));
    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAccessibleName('mars 2024');
    // The weekday row is hidden from assistive tech (each day's name says its weekday).
    const weekdays = [...grid.querySelectorAll('th')].map((th) => th.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('lundi');
    expect(weekdays[6]).toBe('dimanche');
    expect(within(grid).getByRole('button', { name: /mardi 5 mars 2024/ })).toHaveFocus();
  });

  it('starts weeks on Sunday in English', async () => {
    render(<Harness initial="2024-03-05" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    const grid = await screen.findByRole('grid');
    expect(grid.querySelector('th')).toHaveAttribute('aria-label', 'Sunday');
  });

  it('cannot pick a day outside its bounds', async () => {
    render(<Harness initial="2024-03-05" max="2024-03-05" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    const grid = await screen.findByRole('grid');
    const sixth = within(grid).getByRole('button', { name: /March 6th, 2024/ });
    expect(sixth).toBeDisabled();
    await userEvent.click(sixth);
    expect(screen.getByTestId('sent')).toHaveTextContent('2024-03-05');
  });
});
