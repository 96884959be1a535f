import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { FakeClock, SECOND } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----cairn${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fileOf = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));
const avatarFiles = async () =>
  (await readdir(path.join(t.config.dataDir, 'uploads', 'avatars')).catch(() => [])).map(
    (name) => `/uploads/avatars/${name}`,
  );
const avatarOf = async (userId: string) =>
  (
    await t.database.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId))
  )[0]?.avatarUrl ?? null;

function upload(agent: Agent, filename: string, type: string, content: Buffer) {
  const { payload, headers } = multipart('file', filename, type, content);
  return agent.request('POST', '/api/v1/profile/avatar', payload, { headers });
}

/** A photo with EXIF metadata (camera make, GPS-like comment) that must not survive. */
async function photo(format: 'jpeg' | 'png' | 'webp', width = 800, height = 600) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  }).withMetadata({
    exif: { IFD0: { Make: 'SecretCam', ImageDescription: 'home at 48.8566N 2.3522E' } },
  });
  return image.toFormat(format).toBuffer();
}

describe('profile', () => {
  it('reads and changes the full name, within 100 characters', async () => {
    const { agent } = await registerUser(t.app, 'person@example.com', { fullName: 'Ada Lovelace' });
    expect((await agent.get('/api/v1/profile')).json().user).toMatchObject({
      email: 'person@example.com',
      fullName: 'Ada Lovelace',
      avatarUrl: null,
      role: expect.any(String),
    });
    expect(
      (await agent.patch('/api/v1/profile', { fullName: 'Ada King' })).json().user.fullName,
    ).toBe('Ada King');
    const long = await agent.patch('/api/v1/profile', { fullName: 'x'.repeat(101) });
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'fullName: Name cannot exceed 100 characters',
    });
  });

  it('accepts only its own uploaded avatars as avatarUrl', async () => {
    const { agent } = await registerUser(t.app, 'urls@example.com');
    for (const avatarUrl of [
      'not a url',
      'https://tracker.example/pixel.png',
      'http://localhost:3000/uploads/avatars/someone-else-1.webp',
    ]) {
      const res = await agent.patch('/api/v1/profile', { avatarUrl });
      expect(res.json().error.message, avatarUrl).toBe('avatarUrl: Invalid avatar URL');
    }
  });
});

describe('avatar upload', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    're-encodes a %s into a 256 px WebP without its metadata',
    async (format) => {
      const { agent, userId } = await registerUser(t.app, `avatar-${format}@example.com`);
      const res = await upload(agent, `me.${format}`, `image/${format}`, await photo(format));
      expect(res.statusCode).toBe(200);
      const url = res.json().user.avatarUrl as string;
      // A random name (128 bits): it says nothing about its owner and cannot be guessed.
      expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
      expect(url).not.toContain(userId);

      const served = await agent.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    },
  );

  it('replaces the previous avatar file and can remove it', async () => {
    const { agent } = await registerUser(t.app, 'replace@example.com');
    const first = (await upload(agent, 'a.png', 'image/png', await photo('png'))).json().user
      .avatarUrl as string;
    clock.advance(SECOND);
    const second = (await upload(agent, 'b.png', 'image/png', await photo('png'))).json().user
      .avatarUrl as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    expect((await agent.delete('/api/v1/profile/avatar')).json().user.avatarUrl).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it('judges the type by content, not by name', async () => {
    const { agent } = await registerUser(t.app, 'sneaky@example.com');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const [name, type, content] of [
      ['photo.png', 'image/png', Buffer.from('this is not an image at all')],
      ['photo.png', 'image/png', svg],
      ['page.html', 'text/html', Buffer.from('<html><script>alert(1)</script></html>')],
      [
        'anim.gif',
        'image/gif',
        await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
          .gif()
          .toBuffer(),
      ],
    ] as const) {
      const res = await upload(agent, name, type, content);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toMatchObject({
        code: 'AVATAR_INVALID_TYPE',
        message: 'Avatar must be a JPEG, PNG, or WebP image',
      });
    }
    // A real JPEG named .txt is fine: the name is not trusted either way.
    expect((await upload(agent, 'notes.txt', 'text/plain', await photo('jpeg'))).statusCode).toBe(
      200,
    );
  });

  it('refuses more than 5 MB with 413', async () => {
    const { agent } = await registerUser(t.app, 'huge@example.com');
    const big = Buffer.concat([await photo('png'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(agent, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'AVATAR_TOO_LARGE',
      message: 'Avatar file size cannot exceed 5MB',
    });
  });

  it('ends two uploads at once with one avatar and no orphan file', async () => {
    const { agent, userId } = await registerUser(t.app, 'racing@example.com');
    const before = new Set(await avatarFiles());
    const images = await Promise.all([photo('png'), photo('jpeg'), photo('webp')]);
    const answers = await Promise.all(
      images.map((image, i) => upload(agent, `p${i}.img`, 'image/png', image)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const current = await avatarOf(userId);
    const added = (await avatarFiles()).filter((file) => !before.has(file));
    expect(added).toEqual([current]);
  });

  it('keeps the avatar file when the profile change fails (the file goes only after the commit)', async () => {
    const { agent, userId } = await registerUser(t.app, 'faulty@example.com');
    const url = (await upload(agent, 'a.png', 'image/png', await photo('png'))).json().user
      .avatarUrl as string;
    // A fault injected in the database: this profile's next update fails.
    await t.database.db.execute(
      sql.raw(`
      create or replace function fail_profile_update() returns trigger language plpgsql as $$
      begin
        if new.full_name = 'Fail Me' then raise exception 'injected failure'; end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_profile_update before update on profiles
        for each row execute function fail_profile_update()`),
    );
    try {
      const res = await agent.patch('/api/v1/profile', { fullName: 'Fail Me', avatarUrl: null });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_profile_update on profiles'));
      await t.database.db.execute(sql.raw('drop function fail_profile_update()'));
    }
    expect(await avatarOf(userId)).toBe(url);
    expect(existsSync(fileOf(url))).toBe(true);
    expect((await agent.get(url)).statusCode).toBe(200);
  });

  it('acts only on the caller’s own profile: ids and roles sent by the client are ignored, others’ avatars refused', async () => {
    const alice = await registerUser(t.app, 'alice@example.com', { fullName: 'Alice' });
    const bob = await registerUser(t.app, 'bob@example.com', { fullName: 'Bob' });
    const aliceAvatar = (await upload(alice.agent, 'a.png', 'image/png', await photo('png'))).json()
      .user.avatarUrl as string;

    // Bob cannot name Alice's file as his avatar (nor remove it that way).
    const stolen = await bob.agent.patch('/api/v1/profile', { avatarUrl: aliceAvatar });
    expect(stolen.json().error.message).toBe('avatarUrl: Invalid avatar URL');
    const absolute = await bob.agent.patch('/api/v1/profile', {
      avatarUrl: `http://localhost:3000${aliceAvatar}`,
    });
    expect(absolute.json().error.message).toBe('avatarUrl: Invalid avatar URL');

    // Fields naming another user or a role are not Bob's to set: they change nothing.
    const sneaky = await bob.agent.request('PATCH', '/api/v1/profile', {
      fullName: 'Bob B.',
      id: alice.userId,
      userId: alice.userId,
      role: 'admin',
      email: 'alice@example.com',
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().user).toMatchObject({
      id: bob.userId,
      email: 'bob@example.com',
      fullName: 'Bob B.',
      role: 'user',
    });
    expect(
      (await bob.agent.request('DELETE', '/api/v1/profile/avatar', { userId: alice.userId })).json()
        .user.id,
    ).toBe(bob.userId);

    // Alice is untouched: name, role, avatar and its file.
    expect((await alice.agent.get('/api/v1/profile')).json().user).toMatchObject({
      id: alice.userId,
      fullName: 'Alice',
      avatarUrl: aliceAvatar,
      role: 'user',
    });
    expect(existsSync(fileOf(aliceAvatar))).toBe(true);
    // And Bob reads his own profile, whatever he asks for.
    expect((await bob.agent.get(`/api/v1/profile?userId=${alice.userId}`)).json().user.id).toBe(
      bob.userId,
    );
  });

  it('refuses uploads from another site', async () => {
    const { agent } = await registerUser(t.app, 'csrf@example.com');
    const { payload, headers } = multipart('file', 'a.png', 'image/png', await photo('png'));
    const res = await agent.request('POST', '/api/v1/profile/avatar', payload, {
      headers: { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});
