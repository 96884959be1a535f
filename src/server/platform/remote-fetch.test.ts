import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemote, isPrivateAddress, isPrivateHost, RemoteFetchError } from './remote-fetch';

let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/logo') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('picture'));
    } else if (request.url?.startsWith('/hop/')) {
      const left = Number(request.url.slice(5));
      response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/logo' }).end();
    } else if (request.url === '/big') {
      response.writeHead(200).end(Buffer.alloc(2048));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allowed = { allowPrivateNetworks: true };

describe('fetching an address a user typed', () => {
  it('knows private, loopback, link-local and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'fd00::1',
      'fe80::1',
      'not an address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8', '::ffff:808:808']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('tells private hosts by their form: addresses, local names, single labels', () => {
    for (const host of [
      'localhost',
      'localhost.',
      'LOCALHOST..',
      'foo.localhost',
      'a.b.localhost.',
      'printer.local',
      'nas.home.arpa',
      'db.internal',
      'box.localdomain',
      'pi.lan',
      'intranet',
      '127.0.0.1',
      '[::1]',
      '[fd00::1]',
      '',
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'localhost.example.com',
      'local.example.org',
      '93.184.216.34',
      '[2606:4700::1111]',
    ]) {
      expect(isPrivateHost(host), host).toBe(false);
    }
  });

  it('refuses private addresses, names that resolve to one, other ports, schemes and credentials', async () => {
    const refused = [
      'http://127.0.0.1/logo',
      'http://[::1]/logo',
      'http://[::ffff:127.0.0.1]/logo',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost/logo',
      'http://foo.localhost./logo',
      'https://example.com:8443/logo',
      `${base}/logo`,
      'ftp://example.com/logo',
      'file:///etc/passwd',
      'https://user:secret@example.com/logo',
      'not a url',
    ];
    for (const url of refused) {
      await expect(fetchRemote(url), url).rejects.toBeInstanceOf(RemoteFetchError);
    }
    expect(hits).toEqual([]);
  });

  it('fetches, follows a few redirects, and stops at too many or too large', async () => {
    expect((await fetchRemote(`${base}/logo`, allowed)).toString()).toBe('picture');
    expect((await fetchRemote(`${base}/hop/2`, allowed)).toString()).toBe('picture');
    await expect(fetchRemote(`${base}/hop/5`, allowed)).rejects.toThrow('too many redirects');
    await expect(fetchRemote(`${base}/big`, { ...allowed, maxBytes: 1024 })).rejects.toThrow(
      'larger than 1024 bytes',
    );
    await expect(fetchRemote(`${base}/missing`, allowed)).rejects.toThrow('answered 404');
  });
});
