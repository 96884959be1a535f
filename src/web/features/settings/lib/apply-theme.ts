import type { Contrast, FontSize } from '@/contracts/settings';

/**
 * Puts the font size and contrast on <html> (`data-font-size`, `data-contrast`); the styles in
 * styles/index.css scale the root font and strengthen the tokens. Medium and normal are the
 * defaults: no attribute.
 */
export function applyThemeAttributes(theme: { fontSize: FontSize; contrast: Contrast } | null) {
  const root = document.documentElement;
  if (theme && theme.fontSize !== 'medium') root.dataset.fontSize = theme.fontSize;
  else delete root.dataset.fontSize;
  if (theme && theme.contrast !== 'normal') root.dataset.contrast = theme.contrast;
  else delete root.dataset.contrast;
}
