// GETs from EDGAR, as EDGAR asks: the user's User-Agent on every request, at most 8 request starts a
// second across the process, retries with full-jitter backoff on network errors, 429 and 5xx
// (honouring Retry-After), gzip accepted. EDGAR's answers are told apart: 404 or a 403 with S3's XML
// AccessDenied body is a missing document; the rate-limit page is a block that stops the run (retrying
// into it only extends it).
import { gunzipSync, inflateSync } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { parseRetryAfter, resolveRetries, withRetries, type Attempt, type RetryPolicy } from '../retry.js';
import { EdgarBlockedError, EdgarHttpError, EdgarMissingError } from './errors.js';
import { EDGAR_RATE, type RateLimiter } from './rate-limit.js';

export interface EdgarClientOptions {
  userAgent: string;
  limiter?: RateLimiter;
  retries?: Partial<RetryPolicy>;
  dispatcher?: Dispatcher;
  /** First byte and idle timeouts, ms. */
  timeoutMs?: number;
}

const BLOCK_PAGE = /Request Rate Threshold Exceeded|Exceeded the SEC.{0,3}s Traffic Limit|Undeclared Automated Tool/i;

export function isBlockPage(body: string): boolean {
  return BLOCK_PAGE.test(body);
}

export const EDGAR_RETRIES: RetryPolicy = { max: 4, baseMs: 1000, maxMs: 16_000, retryAfterCapMs: 60_000 };

export class EdgarClient {
  readonly userAgent: string;
  private readonly limiter: RateLimiter;
  private readonly retries: RetryPolicy;
  private readonly dispatcher: Dispatcher;
  private readonly ownDispatcher: boolean;
  private readonly timeoutMs: number;
  /** Requests sent and bytes received, for progress and tests. */
  requests = 0;
  bytes = 0;

  constructor(o: EdgarClientOptions) {
    this.userAgent = o.userAgent;
    this.limiter = o.limiter ?? EDGAR_RATE;
    this.retries = resolveRetries({ ...EDGAR_RETRIES, ...(o.retries ?? {}) });
    this.ownDispatcher = !o.dispatcher;
    this.dispatcher = o.dispatcher ?? new Agent({ connect: { timeout: 15_000 }, connections: 4 });
    this.timeoutMs = o.timeoutMs ?? 60_000;
  }

  /** The body of `url`; throws EdgarMissingError, EdgarBlockedError or EdgarHttpError. */
  async get(url: string, signal?: AbortSignal): Promise<Buffer> {
    return withRetries<Buffer>(this.retries, signal, async (): Promise<Attempt<Buffer>> => {
      await this.limiter.acquire();
      signal?.throwIfAborted();
      this.requests++;
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, {
          method: 'GET',
          headers: { 'user-agent': this.userAgent, 'accept-encoding': 'gzip, deflate', accept: '*/*' },
          dispatcher: this.dispatcher,
          signal,
          headersTimeout: this.timeoutMs,
          bodyTimeout: this.timeoutMs,
        });
      } catch (e) {
        if (signal?.aborted) throw e;
        return { retry: new EdgarHttpError(url, `cannot reach ${new URL(url).host}: ${(e as Error).message}`) };
      }
      let body: Buffer;
      try {
        body = Buffer.from(await res.body.arrayBuffer());
      } catch (e) {
        if (signal?.aborted) throw e;
        return { retry: new EdgarHttpError(url, `the connection broke while reading ${url}: ${(e as Error).message}`) };
      }
      this.bytes += body.length;
      const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
      if (encoding === 'gzip') body = gunzipSync(body);
      else if (encoding === 'deflate') body = inflateSync(body);
      const s = res.statusCode;
      // The block page is HTML whatever was asked for; a small body is enough to tell.
      const small = body.length < 64_000 ? body.toString('utf8') : '';
      if (small && isBlockPage(small)) throw new EdgarBlockedError(url);
      if (s >= 200 && s < 300) return { done: body };
      if (s === 404 || (s === 403 && /<Code>\s*(?:AccessDenied|NoSuchKey)\s*<\/Code>/.test(small))) throw new EdgarMissingError(url, s);
      if (s === 429 || s >= 500) {
        const wait = parseRetryAfter(res.headers['retry-after'] as string | undefined);
        const e = new EdgarHttpError(url, `EDGAR answered HTTP ${s} for ${url}`, s);
        return wait === undefined ? { retry: e } : { retry: e, retryAfterMs: wait };
      }
      throw new EdgarHttpError(url, `EDGAR answered HTTP ${s} for ${url}`, s);
    });
  }

  async close(): Promise<void> {
    if (this.ownDispatcher) await this.dispatcher.close();
  }
}
