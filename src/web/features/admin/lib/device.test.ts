import { describe, expect, it } from 'vitest';
import { guessPlaceFromTimeZone } from './device';

describe('guessPlaceFromTimeZone', () => {
  it.each([
    ['Europe/Paris', { city: 'Paris', region: 'Europe' }],
    ['America/Argentina/Buenos_Aires', { city: 'Buenos Aires', region: 'America' }],
    ['America/New_York', { city: 'New York', region: 'America' }],
  ])('places %s', (zone, place) => {
    expect(guessPlaceFromTimeZone(zone)).toEqual(place);
  });

  it.each([['UTC'], ['Etc/GMT+2'], [null]])('gives nothing for %s', (zone) => {
    expect(guessPlaceFromTimeZone(zone)).toBeNull();
  });
});
