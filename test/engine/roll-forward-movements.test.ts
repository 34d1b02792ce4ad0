// A roll-forward's movements, on sample-corpus filings: a row between two dated balance rows is the
// movement of the year its block closes ("Acquisitions" between "Balance as of October 30, 2022" and
// "Balance as of October 29, 2023" is fiscal 2023's), read in the column of the part the question names
// when the rest of its words name the row; and a roll-forward of dollar amounts printed without a unit
// line takes the filing's unit when its rows add up.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleAnswers } from '../helpers/sample-answers.js';
import { readRawFiling } from '../../src/engine/filing/raw.js';
import { prepareFiling } from '../../src/engine/ingest/prepare.js';
import { sampleFiling } from '../helpers/sample.js';

const AIR_PRODUCTS = '2969_10K_2023_0000002969-23-000047.json.gz';
const KEYSIGHT = '1601046_10K_2023_0001601046-23-000134.json.gz';

describe('a roll-forward without a unit line', () => {
  it('Air Products\' unrecognized tax benefits ("$103.5" ... "$96.5", rows adding up) take the statements\' millions', async () => {
    const p = prepareFiling(await readRawFiling(sampleFiling(AIR_PRODUCTS)), basename(AIR_PRODUCTS), new Map());
    const t = p.tables.find((m) => m.rows.some((r) => r.label === 'Reductions for tax positions of prior years'))!;
    expect(t.unit).toMatchObject({ scale: 1_000_000, inferred: true });
  });
});

describe('columns named by initials', () => {
  it('Keysight goodwill: "CSG EISG Total" above the unit line names the three columns', async () => {
    const p = prepareFiling(await readRawFiling(sampleFiling(KEYSIGHT)), basename(KEYSIGHT), new Map());
    const t = p.tables.find((m) => m.rows.some((r) => r.label === 'Goodwill arising from acquisitions'))!;
    expect(t.columns.map((c) => c.part)).toEqual(['CSG', 'EISG', 'Total']);
  });
});

describe('movements of a roll-forward dated in its rows', () => {
  const ask = sampleAnswers();

  it("a part's movement in the year its block closes (Broadcom's acquisitions, Cooper's currency translation)", async () => {
    const avgo = await ask("How much goodwill did Broadcom's Infrastructure Software segment add from acquisitions in fiscal 2023?");
    expect(avgo.values).toEqual([5_000_000]);
    const coo = await ask("What was the foreign currency translation adjustment to CooperSurgical's goodwill in fiscal 2023?");
    expect(coo.values).toEqual([-18_900_000]);
  });

  it('a caption line of initials names the columns ("CSG EISG Total", "DMED DPEP Total"): Keysight\'s and Disney\'s movements', async () => {
    const keys = await ask("How much goodwill from acquisitions did Keysight's CSG segment add in fiscal 2023?");
    expect(keys.values).toEqual([36_000_000]);
    const dis = await ask("What were currency translation adjustments and other, net to Disney's DMED goodwill in fiscal 2022?");
    expect(dis.values).toEqual([-174_000_000]);
  });

  it("a part named by its initials leaves the rest of the words to the row (Qualcomm's QTL currency translation, fiscal 2022)", async () => {
    const a = await ask('What was the QTL goodwill foreign currency translation adjustment of Qualcomm in fiscal 2022?');
    expect(a.values).toEqual([-4_000_000]);
    // (Fiscal 2021's is a dash: never the QTL balance, nor the total column's 6.)
    const none = await ask('What was the QTL goodwill foreign currency translation adjustment of Qualcomm in fiscal 2021?');
    expect(none.values).toEqual([]);
  });

  it("a one-column roll-forward (Analog Devices' additions for prior years' tax positions, fiscal 2023)", async () => {
    const a = await ask(
      'In fiscal 2023, how much did Analog Devices add to unrealized tax benefits for tax positions related to prior years?',
    );
    expect(a.values).toEqual([17_096_000]);
  });

  it("a reconciliation without a unit line (Air Products' reductions for prior years' positions, fiscal 2022)", async () => {
    const a = await ask(
      "In fiscal 2022, what were Air Products' reductions for tax positions of prior years in its unrecognized tax benefits?",
    );
    expect(a.values).toEqual([-15_400_000]);
  });
});
