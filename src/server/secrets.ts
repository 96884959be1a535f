import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

async function readOrCreateSecretsFile(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  try {
    return secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: delete it to generate new secrets`, { cause: error });
    }
  }
  const secrets: Secrets = {
    cookieSecret: randomBytes(32).toString('base64url'),
    dataKey: randomBytes(32).toString('base64url'),
  };
  await mkdir(dataDir, { recursive: true });
  // Written to a private temporary file, then linked into place: link() is atomic and fails if
  // another process got there first, in which case its (complete) file wins.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return secretsFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
