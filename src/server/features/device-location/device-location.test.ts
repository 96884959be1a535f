import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { IpLocator, isPrivate } from './device-location.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('device location', () => {
  it('locates a public address from the offline database', async () => {
    const { agent } = await registerUser(t.app, 'where@example.com');
    const located = new Agent(t.app, { ip: '8.8.8.8' });
    located.cookies.set('cairn_session', agent.cookies.get('cairn_session')!);
    const res = await located.get('/api/v1/device-location');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ip: '8.8.8.8',
      country: 'US',
      city: 'Mountain View',
      region: 'California',
    });
  });

  it('gives no location for private and loopback addresses', async () => {
    const { agent } = await registerUser(t.app, 'home@example.com');
    expect((await agent.get('/api/v1/device-location')).json()).toEqual({
      data: { ip: expect.any(String), country: null, city: null, region: null },
    });
  });

  it('answers without a database (the client then guesses from its time zone)', async () => {
    expect(await new IpLocator(null).locate('8.8.8.8')).toEqual({
      ip: '8.8.8.8',
      country: null,
      city: null,
      region: null,
    });
  });

  it.each([
    ['10.1.2.3', true],
    ['192.168.1.1', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:10.0.0.1', true],
    ['fd00::1', true],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
  ])('%s is private: %s', (ip, expected) => {
    expect(isPrivate(ip)).toBe(expected);
  });
});
