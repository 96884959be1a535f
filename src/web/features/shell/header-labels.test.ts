import { describe, expect, it } from 'vitest';
import { greetingName, unreadBadge } from './header-labels';

describe('header labels', () => {
  it('greets by full name, else by the part of the e-mail before the @', () => {
    expect(greetingName({ fullName: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(greetingName({ fullName: '  ', email: 'ada.l@example.com' })).toBe('ada.l');
    expect(greetingName({ fullName: null, email: 'grace@example.com' })).toBe('grace');
    expect(greetingName({ email: '@example.com' })).toBeNull();
    expect(greetingName(undefined)).toBeNull();
  });

  it('shows the unread count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-3)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(120)).toBe('99+');
  });
});
