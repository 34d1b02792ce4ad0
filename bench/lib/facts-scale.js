// Company facts at the scale of the S&P 500, made from the three recorded files of
// ../shared/edgar/companyfacts (AAPL, NVDA, GOOGL): each constituent gets one of them (in turn) under
// its own CIK and name, every value scaled by a factor of its own (0.9 to 1.1, kept to the precision
// the value was stated in), so that no two companies' figures are the same. Dates, units, concepts,
// accessions and forms stay as recorded: the fiscal calendars are Apple's (September), NVIDIA's
// (late January) and Alphabet's (December). And a stand-in of data.sec.gov that serves such files
// gzipped, as EDGAR does, logging each request's arrival. Used by bench/facts-scale.js and the tests.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const RECORDED_FACTS = ['CIK0000320193.json', 'CIK0001045810.json', 'CIK0001652044.json'];

/** The recorded files, parsed, or undefined when the directory lacks them. */
export function recordedFacts(edgarDir) {
  const paths = RECORDED_FACTS.map((f) => join(edgarDir, 'companyfacts', f));
  if (!paths.every((p) => existsSync(p))) return undefined;
  return paths.map((p) => JSON.parse(readFileSync(p, 'utf8')));
}

/** The factor of the company at `i`: 0.9 to 1.1, spread so that neighbours differ. */
export const factorOf = (i) => 0.9 + ((i * 7919) % 201) / 1000;

/** `v` times `k`, stated to the precision `v` was (a whole million stays a whole million; cents stay cents). */
export function scaled(v, k) {
  if (v === 0 || !Number.isFinite(v)) return v;
  if (Number.isInteger(v)) {
    let p = 1;
    while (p < 1e6 && v % (p * 10) === 0) p *= 10;
    return Math.round((v * k) / p) * p;
  }
  const decimals = Math.min(10, (String(v).split('.')[1] ?? '').length);
  return Number((v * k).toFixed(decimals));
}

/**
 * A company facts file of `cik` and `name` from `template` (a parsed file), its values scaled by
 * `factor`; with `concepts`, only those ("us-gaap:Revenues") are kept (small files for tests).
 */
export function derivedFacts(template, { cik, name, factor, concepts }) {
  const keep = concepts ? new Set(concepts) : undefined;
  const facts = {};
  for (const [taxonomy, byName] of Object.entries(template.facts)) {
    for (const [concept, c] of Object.entries(byName)) {
      if (keep && !keep.has(`${taxonomy}:${concept}`)) continue;
      const units = {};
      for (const [unit, points] of Object.entries(c.units)) units[unit] = points.map((p) => ({ ...p, val: scaled(p.val, factor) }));
      (facts[taxonomy] ??= {})[concept] = { ...c, units };
    }
  }
  return { cik: Number(cik), entityName: name, facts };
}

/** The constituents of a constituents CSV: one a CIK (the last row of a CIK, as the index keeps them). */
export function constituentsOf(csvText) {
  const [header, ...rows] = csvText.trim().split(/\r?\n/);
  const cols = splitCsv(header);
  const at = (n) => cols.indexOf(n);
  const byCik = new Map();
  for (const line of rows) {
    const r = splitCsv(line);
    const cik = r[at('CIK')].replace(/^0+/, '');
    byCik.set(cik, {
      symbol: r[at('Symbol')],
      security: r[at('Security')],
      sector: r[at('GICS Sector')],
      subIndustry: r[at('GICS Sub-Industry')],
      cik,
    });
  }
  return [...byCik.values()];
}

/** The fields of one CSV line (quoted fields, doubled quotes). */
export function splitCsv(line) {
  const out = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

export const factsPath = (cik) => `/api/xbrl/companyfacts/CIK${String(cik).padStart(10, '0')}.json`;

/**
 * A stand-in of data.sec.gov's company facts on loopback: `bodyOf(path)` gives a path's gzipped body
 * (or undefined: 404, as EDGAR answers an unknown CIK). Every request is logged with its arrival time
 * (performance.now()). `/files/company_tickers.json` is answered 404: the constituents resolve the tickers.
 */
export async function startFactsServer(bodyOf) {
  const log = [];
  const server = createServer((req, res) => {
    const at = performance.now();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = bodyOf(path);
    log.push({ path, at, status: body ? 200 : 404 });
    if (!body) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    log,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The gzipped body of a derived file, as EDGAR sends it. */
export const gzipped = (file) => gzipSync(JSON.stringify(file));

/** The most requests that arrived within any `windowMs` (default one second) of the log. */
export function peakRate(times, windowMs = 1000) {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i] - t[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/**
 * The frames API's bodies that company facts files imply: every fact a file places in a frame (its
 * `frame` field, CY2023, CY2023Q4I) is that filer's row of the frame of its concept and unit, as EDGAR
 * builds the frames from the same facts. By path (/api/xbrl/frames/us-gaap/Revenues/USD/CY2023.json),
 * each {taxonomy, tag, ccp, uom, label, description, pts, data: [{accn, cik, entityName, start?, end,
 * val}]}; `loc` (the filer's state) is not in company facts and is left out.
 */
export function framesOf(files) {
  const out = new Map();
  for (const file of files) {
    for (const [taxonomy, byName] of Object.entries(file.facts)) {
      for (const [tag, c] of Object.entries(byName)) {
        for (const [unit, points] of Object.entries(c.units)) {
          for (const p of points) {
            if (!p.frame) continue;
            const uom = unit.replace('/', '-per-');
            const path = `/api/xbrl/frames/${taxonomy}/${tag}/${uom}/${p.frame}.json`;
            let f = out.get(path);
            if (!f)
              out.set(path, (f = { taxonomy, tag, ccp: p.frame, uom: unit, label: c.label, description: c.description, pts: 0, data: [] }));
            f.data.push({
              accn: p.accn,
              cik: file.cik,
              entityName: file.entityName,
              ...(p.start ? { start: p.start } : {}),
              end: p.end,
              val: p.val,
            });
            f.pts = f.data.length;
          }
        }
      }
    }
  }
  return out;
}
