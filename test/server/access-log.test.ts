// The access log: one JSON line per entry with a timestamp, key-like query values masked, and
// nothing at all with --log-format off.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, loggablePath } from '../../src/server/access-log.js';

describe('access log', () => {
  it('writes one JSON line per request with the documented fields', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString()));
    const log = createLogger('json', out);
    log.access({
      request_id: 'req_x',
      method: 'POST',
      path: '/v2/sandp_500/query',
      status: 200,
      duration_ms: 12.5,
      bytes: 345,
      key_id: 'abcd1234',
    });
    log.error('boom', { request_id: 'req_x' });
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!)).toEqual(['time', 'request_id', 'method', 'path', 'status', 'duration_ms', 'bytes', 'key_id']);
    expect(new Date(lines[0]!.time as string).toISOString()).toBe(lines[0]!.time);
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'boom' });
  });

  it('logs only the parameters of the API; any other, name and value, is ***', () => {
    expect(loggablePath('/v2/sandp_500/metadata-filters?field=sec_ticker&api_key=SECRET&X-API-Key=S2&token=S3')).toBe(
      '/v2/sandp_500/metadata-filters?field=sec_ticker&***&***&***',
    );
    const secrets = '?secret=K1&password=K2&k=K3&sig=K4&jwt=K5&session=K6&api_key[]=K7&K8=x&include_values=true';
    expect(loggablePath(`/v2/sandp_500/metadata-filters${secrets}`)).toBe(
      '/v2/sandp_500/metadata-filters?***&***&***&***&***&***&***&***&include_values=true',
    );
    expect(loggablePath('/healthz')).toBe('/healthz');
  });

  it('--log-format off writes nothing', () => {
    const out = new PassThrough();
    let n = 0;
    out.on('data', () => n++);
    const log = createLogger('off', out);
    log.access({ request_id: 'r', method: 'GET', path: '/', status: 404, duration_ms: 1, bytes: 2 });
    log.info('listening');
    expect(n).toBe(0);
  });
});
