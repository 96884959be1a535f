import { AppError } from '../../../platform/errors';

/**
 * The HTTP client of every provider: global fetch with a timeout on each attempt (10 s), and up to
 * 3 attempts with exponential backoff and jitter (base x 2^(attempt-1), plus up to one base at
 * random) on network errors, timeouts, 429 and 5xx only; any other answer is final. Each failed
 * attempt logs one line (provider, symbol, status, attempt); the last failure throws
 * MARKET_DATA_UNAVAILABLE ('Failed to fetch stock prices'), which callers turn into stored data.
 * Neither the URL's query nor any header (an API key) is logged.
 */

export type ProviderLogger = {
  warn(obj: object, msg: string): void;
};

export type HttpOptions = {
  log: ProviderLogger;
  timeoutMs?: number;
  attempts?: number;
  baseDelayMs?: number;
  headers?: Record<string, string>;
  /** Waits between attempts (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
};

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BASE_DELAY_MS = 500;
/**
 * A call a user waits for (the instrument lookup's suggestions): one attempt of at most 3 s, so a
 * slow provider costs the page 3 s at worst, then the stored results answer alone.
 */
export const INTERACTIVE = { attempts: 1, timeoutMs: 3_000 } as const;
export type CallOptions = { attempts?: number; timeoutMs?: number };
/** Bodies larger than this are refused (the ECB's full history is about 6 MB uncompressed). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ProviderHttp {
  constructor(
    readonly provider: string,
    private readonly options: HttpOptions,
  ) {}

  /** The body of a successful GET as text. */
  async get(url: string, subject: string, call: CallOptions = {}): Promise<string> {
    const attempts = Math.min(
      this.options.attempts ?? DEFAULT_ATTEMPTS,
      call.attempts ?? Number.POSITIVE_INFINITY,
    );
    const timeoutMs = Math.min(
      this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      call.timeoutMs ?? Number.POSITIVE_INFINITY,
    );
    const base = this.options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
    const sleep = this.options.sleep ?? wait;
    let lastStatus: number | null = null;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let retryable = true;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json, application/xml;q=0.9', ...this.options.headers },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'follow',
        });
        lastStatus = response.status;
        if (response.ok) {
          const length = Number(response.headers.get('content-length') ?? '0');
          if (length > MAX_BODY_BYTES) throw this.malformed(subject, 'body too large');
          return await response.text();
        }
        retryable = response.status === 429 || response.status >= 500;
        await response.body?.cancel().catch(() => {});
        this.logFailure(subject, response.status, attempt, retryable && attempt < attempts);
      } catch (error) {
        if (error instanceof AppError) throw error;
        lastStatus = null;
        this.logFailure(subject, null, attempt, attempt < attempts, error);
      }
      if (!retryable || attempt === attempts) break;
      await sleep(base * 2 ** (attempt - 1) + Math.random() * base);
    }
    throw new AppError('MARKET_DATA_UNAVAILABLE', {
      provider: this.provider,
      symbol: subject,
      status: lastStatus,
    });
  }

  /** The body of a successful GET as JSON (a body that is not JSON is malformed). */
  async getJson(url: string, subject: string, call: CallOptions = {}): Promise<unknown> {
    const text = await this.get(url, subject, call);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.malformed(subject, 'not JSON');
    }
  }

  /** An answer that does not have the expected shape: logged, never retried. */
  malformed(subject: string, reason: string): AppError {
    this.options.log.warn(
      { provider: this.provider, symbol: subject, reason },
      'market data answer malformed',
    );
    return new AppError('MARKET_DATA_UNAVAILABLE', {
      provider: this.provider,
      symbol: subject,
      reason,
    });
  }

  private logFailure(
    subject: string,
    status: number | null,
    attempt: number,
    willRetry: boolean,
    error?: unknown,
  ) {
    const reason =
      error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : null;
    this.options.log.warn(
      { provider: this.provider, symbol: subject, status, attempt, willRetry, reason },
      'market data request failed',
    );
  }
}

// Reading untrusted JSON ---------------------------------------------------------------------------

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringOr = (value: unknown, fallback: string | null = null) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

export const finiteNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
