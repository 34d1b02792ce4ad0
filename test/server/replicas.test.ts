// Issue 21.6: several `filings serve` replicas behind nginx, reading one index that a publisher
// replaces (docs/server.md has the recipe this follows). Real processes: nginx in front of two
// replicas, load through it while one replica is stopped (SIGTERM) and started again and a new index
// is renamed over the old one. No request fails, and every answer is the old index's or the new one's,
// never one from a half-written file. Skips, saying why, where nginx is not installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { envIn } from '../edgar/stand-in.js';
import { sampleIndexPath } from '../helpers/sample.js';
import { KEY, ROOT, call, delay, ensureBuilt, postQuery } from './helpers.js';
import { started, type Proc } from './sockets.js';
import { tempDir } from '../helpers/tmp.js';

const NGINX = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin']
  .map((d) => join(d, 'nginx'))
  .find((p) => existsSync(p));
const title = NGINX
  ? 'replicas behind nginx'
  : 'replicas behind nginx (skipped: no nginx on this machine; CI installs it: apt-get install nginx)';
if (!NGINX) console.warn(`test/server/replicas.test.ts: ${title}`);

/** A port free now (taken back at once: nginx's configuration needs the replicas' ports ahead). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe.skipIf(!NGINX)(title, () => {
  const dir = tempDir('filings-replicas-');
  const live = join(dir, 'index.sqlite');
  const next = join(dir, 'next.sqlite');
  let ports: number[] = [];
  let front = 0;
  const replicas: (Proc | undefined)[] = [];
  let nginx: ChildProcess | undefined;

  const replica = async (i: number): Promise<Proc> => {
    const args = [
      join(ROOT, 'bin/filings.js'),
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      String(ports[i]),
      '--index',
      live,
      '--workers',
      '1',
      '--trust-proxy',
      '127.0.0.1',
      '--watch-interval',
      '200',
    ];
    const proc = spawn(process.execPath, args, { env: { ...process.env, FILINGS_SERVER_KEYS: KEY }, stdio: ['ignore', 'pipe', 'pipe'] });
    return started(proc, `replica ${i}`);
  };

  beforeAll(async () => {
    ensureBuilt();
    copyFileSync(sampleIndexPath(), live);
    // The publisher's next index: the same filings but one.
    copyFileSync(sampleIndexPath(), next);
    const removed = await runCli(['corpus', 'remove', '--index', next, '0001558370-19-000470'], { env: envIn(join(dir, 'home')) });
    expect(removed.code, removed.stderr).toBe(0);
    ports = [await freePort(), await freePort()];
    front = await freePort();
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, t));
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream filings {
    server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=1s;
    server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=1s;
    keepalive 16;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${front};
    location / {
      proxy_pass http://filings;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_buffering off;
      proxy_read_timeout 90s;
    }
  }
}
`,
    );
    const check = spawnSync(NGINX!, ['-t', '-c', conf, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    replicas[0] = await replica(0);
    replicas[1] = await replica(1);
    nginx = spawn(NGINX!, ['-c', conf, '-e', join(dir, 'error.log')], { stdio: 'ignore' });
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = (await call(`http://127.0.0.1:${front}`, '/healthz', { key: null }).catch(() => undefined))?.status === 200;
      if (!up) await delay(50);
    }
    expect(up).toBe(true);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const r of replicas) await r?.stop();
    if (nginx && nginx.exitCode === null) await new Promise((r) => nginx!.once('exit', r));
  });

  it('no request fails while a replica restarts and a new index is swapped in; every answer is of one index, whole', async () => {
    const base = `http://127.0.0.1:${front}`;
    const tickers = '/v2/sandp_500/metadata-filters?include_values=true&field=sec_ticker';
    const direct = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const oldBody = (await call(direct(1), tickers)).text;

    const failures: string[] = [];
    const bodies = new Map<string, number>();
    let answered = 0;
    let stop = false;
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const r =
          i % 2 === 0
            ? await call(base, tickers).catch((e: Error) => ({ status: 0, text: e.message }))
            : await postQuery(base, {
                query: ['supply chain risks', 'revenue growth', 'interest rate risk'][(i + c) % 3],
                mode: 'research',
              }).catch((e: Error) => ({ status: 0, text: e.message }));
        if (r.status !== 200) failures.push(`${r.status} ${r.text.slice(0, 200)}`);
        else answered++;
        if (i % 2 === 0 && r.status === 200) bodies.set(r.text, (bodies.get(r.text) ?? 0) + 1);
      }
    };
    const load = [client(0), client(1), client(2)];
    await delay(1500);

    // A replica stops (its in-flight requests finish; nginx sends the rest to the other) and starts again.
    const before = answered;
    await replicas[0]!.stop();
    await delay(1000);
    expect(answered).toBeGreaterThan(before);
    replicas[0] = await replica(0);
    await delay(1500);

    // The publisher swaps the new index in by rename; each replica picks it up on its own.
    copyFileSync(next, `${live}.publishing`);
    renameSync(`${live}.publishing`, live);
    // Each replica opened its index once at start (generation 1); the new one is generation 2.
    const generation = async (i: number) => (await call(direct(i), '/healthz', { key: null })).json.index.generation as number;
    let swapped = false;
    for (let i = 0; i < 200 && !swapped; i++) {
      swapped = (await generation(0)) >= 2 && (await generation(1)) >= 2;
      if (!swapped) await delay(50);
    }
    expect(swapped).toBe(true);
    const newBody = (await call(direct(1), tickers)).text;
    const afterSwap = answered;
    await delay(1500);
    stop = true;
    await Promise.all(load);

    expect(failures).toEqual([]);
    expect(answered - afterSwap).toBeGreaterThan(0);
    expect(newBody).not.toBe(oldBody);
    // Every answer is the old index's or the new one's, and both were seen.
    expect([...bodies.keys()].every((b) => b === oldBody || b === newBody)).toBe(true);
    expect(bodies.get(oldBody)).toBeGreaterThan(0);
    expect(bodies.get(newBody)).toBeGreaterThan(0);
  });
});
