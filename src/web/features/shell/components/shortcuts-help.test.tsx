import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { AppShell } from './app-shell';
import { ShortcutsHelp } from './shortcuts-help';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const load = () => Promise.resolve();
const pages = new Map(['/dashboard', '/assets', '/assets/market'].map((path) => [path, load]));
const hasPage = (path: string) => pages.has(path);

function rows(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('term')
    .map((term) => `${term.textContent} = ${term.nextElementSibling?.textContent}`);
}

describe('the keyboard shortcuts help', () => {
  it('lists every shortcut, and of Alt+1 … Alt+9 those whose page exists', () => {
    renderWithProviders(
      <ShortcutsHelp open onOpenChange={() => {}} hasPage={hasPage} searchEnabled />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(rows(dialog)).toEqual([
      'Open search = CtrlK',
      'Show or hide the sidebar = CtrlB',
      'Download the error report = CtrlShiftE',
      'Show these shortcuts = ?',
      'Dashboard = Alt1',
      'Assets = Alt2',
      'Market = Alt3',
    ]);
  });

  it('shows ⌘ and ⌥ on a Mac, in French, without search when the search bar is off', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    await i18n.changeLanguage('fr');
    renderWithProviders(
      <ShortcutsHelp open onOpenChange={() => {}} hasPage={hasPage} searchEnabled={false} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Raccourcis clavier' });
    const list = rows(dialog);
    expect(list.slice(0, 4)).toEqual([
      'Afficher ou masquer le menu latéral = ⌘B',
      'Télécharger le rapport d’erreurs = ⌘⇧E',
      'Afficher ces raccourcis = ?',
      'Tableau de bord = ⌥1',
    ]);
    expect(list).toContain('Bourse = ⌥3');
  });

  it('opens with "?" outside fields, not while typing, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AppShell pages={pages} flags={{ search_bar: true }} onOpenSearch={() => {}}>
        <input aria-label="Note" />
      </AppShell>,
      { route: '/dashboard' },
    );
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('?');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('main'));
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Open search')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
