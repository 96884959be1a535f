import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin-cli';
import { registerUser } from './testing/agent';
import { createTestApp, type TestApp } from './testing/test-app';

describe('npm run admin', () => {
  it('explains its usage', async () => {
    expect(await runAdminCommand([])).toEqual({
      code: 2,
      message: 'Usage: npm run admin -- promote <email> | demote <email> | mail [email]',
    });
    expect((await runAdminCommand(['promote'])).code).toBe(2);
  });

  describe('on a database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('promotes and demotes by email, and the user’s next request gets a new session token', async () => {
      await registerUser(t.app, 'owner@example.com');
      const { agent } = await registerUser(t.app, 'helper@example.com');
      // The command opens the configured database; point it at this test's one.
      const { setRole } = await import('./admin-cli');
      expect(await setRole(t.database, 'Helper@Example.com', 'admin')).toEqual(expect.any(String));
      const before = agent.cookies.get('cairn_session');
      const session = await agent.get('/api/v1/auth/session');
      expect(session.json().user.role).toBe('admin');
      expect(agent.cookies.get('cairn_session')).not.toBe(before);
      expect(await setRole(t.database, 'nobody@example.com', 'admin')).toBeNull();
    });

    it('lists the emails kept for the administrator, with their links, newest first', async () => {
      const { keptMail } = await import('./admin-cli');
      const { Agent, uniqueIp } = await import('./testing/agent');
      const visitor = new Agent(t.app, { ip: uniqueIp() });
      await visitor.post('/api/v1/auth/password/forgot', { email: 'owner@example.com' });
      await t.app.ctx.jobs.idle();
      const kept = await keptMail(t.database, 'OWNER@example.com');
      const reset = kept.find((lines) => lines.includes('Reset your Cairn password'));
      expect(reset).toMatch(
        /owner@example\.com {2}Reset your Cairn password\n {2}http:\/\/localhost:3000\/auth\/reset-password\?token=/,
      );
      expect(await keptMail(t.database, 'nobody@example.com')).toEqual([]);
    });
  });
});
