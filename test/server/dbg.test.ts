import net from 'node:net';
import { it, expect } from 'vitest';
import { KEY, delay, fixtureBackend, memoryLogger, startServer } from '/work/wt-21/test/server/helpers.js';
it('dbg', async () => {
  const log = memoryLogger();
  const s = await startServer({ backend: await fixtureBackend(), logger: log, sendTimeoutMs: 500 });
  const port = Number(new URL(s.url).port);
  const body = JSON.stringify({ query: 'a lot [big:32768]' });
  const sock = net.connect(port, '127.0.0.1');
  sock.on('error', () => undefined);
  await new Promise((r) => sock.once('connect', r));
  sock.write(`POST /v2/sandp_500/query HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  sock.pause();
  for (let i = 0; i < 40; i++) { await delay(50); }
  console.log(log.lines);
  await s.close({timeoutMs:0});
});
