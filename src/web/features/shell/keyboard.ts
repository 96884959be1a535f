function asElement(target: EventTarget | null): Element | null {
  return target instanceof Element ? target : null;
}

/** Focus is inside a contenteditable area (rich-text editors). */
export function isInContentEditable(target: EventTarget | null) {
  const element = asElement(target);
  return Boolean(element?.closest('[contenteditable]:not([contenteditable="false"])'));
}

/**
 * Focus is where typing goes: an input (read-only ones excepted, like the header search field),
 * a textarea, a select or a contenteditable area. Global shortcuts stay out of the way there.
 */
export function isInEditableField(target: EventTarget | null) {
  const element = asElement(target);
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !element.readOnly;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return isInContentEditable(element);
}

/** Ctrl on Windows and Linux, Cmd on a Mac. */
export function hasCommandModifier(event: KeyboardEvent) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Apple keyboards show ⌘ instead of Ctrl. */
export function isApplePlatform() {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}
