import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export type Secrets = {
  /** Signs cookies (@fastify/cookie). */
  cookieSecret: string;
  /** 32 bytes, base64url: encrypts secrets stored in the database (authenticator keys). */
  dataKey: string;
};

const secretsFileSchema = z.object({
  cookieSecret: z.string().min(32),
  dataKey: z.string().length(43),
});

export const SECRETS_FILE = 'secrets.json';

/**
 * The secrets the app needs: taken from the configuration when given (COOKIE_SECRET, DATA_KEY),
 * otherwise read from DATA_DIR/secrets.json, which is created on first start (mode 0600) with
 * fresh random values. Several processes must share them: set both variables for each process,
 * or share DATA_DIR.
 */
export async function loadSecrets(
  dataDir: string,
  given: { cookieSecret: string | null; dataKey: string | null },
): Promise<Secrets> {
  if (given.cookieSecret && given.dataKey)
    return { cookieSecret: given.cookieSecret, dataKey: given.dataKey };
  const fromFile = await readOrCreateSecretsFile(dataDir);
  return {
    cookieSecret: given.cookieSecret ?? fromFile.cookieSecret,
    dataKey: given.dataKey ?? fromFile.dataKey,
  };
}

function readOrCreateSecretsFile(dataDir: string): Promise<Secrets> {
  return readOrCreateJsonFile(path.join(dataDir, SECRETS_FILE), secretsFileSchema, () => ({
    cookieSecret: randomBytes(32).toString('base64url'),
    dataKey: randomBytes(32).toString('base64url'),
  }));
}

/** Web Push's VAPID key pair (base64url P-256 keys) and the contact push services see. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = 'vapid.json';

const vapidFileSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The VAPID keys: from the configuration when given (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else
 * from DATA_DIR/vapid.json, created on first start like secrets.json. Browsers subscribe with the
 * public key: changing it makes every existing subscription useless (they are dropped on their
 * next send, when the push service refuses them).
 */
export async function loadVapidKeys(
  dataDir: string,
  given: { publicKey: string | null; privateKey: string | null; subject: string },
): Promise<VapidKeys> {
  if (given.publicKey && given.privateKey)
    return { publicKey: given.publicKey, privateKey: given.privateKey, subject: given.subject };
  const keys = await readOrCreateJsonFile(path.join(dataDir, VAPID_FILE), vapidFileSchema, () =>
    webpush.generateVAPIDKeys(),
  );
  return { ...keys, subject: given.subject };
}

/**
 * Reads a JSON file of generated secrets, or creates it (mode 0600) with `generate()`'s values.
 */
async function readOrCreateJsonFile<T>(
  file: string,
  schema: z.ZodType<T>,
  generate: () => T,
): Promise<T> {
  try {
    return schema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: delete it to generate new secrets`, { cause: error });
    }
  }
  const secrets = generate();
  await mkdir(path.dirname(file), { recursive: true });
  // Written to a private temporary file, then linked into place: link() is atomic and fails if
  // another process got there first, in which case its (complete) file wins.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return schema.parse(JSON.parse(await readFile(file, 'utf8')));
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
