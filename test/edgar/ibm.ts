// IBM's FY2024 10-K for the stand-in EDGAR: the recorded primary document (Items 7 and 8 are pointers
// to its annual report), and what the recordings lack, made here in EDGAR's formats: IBM's
// submissions file (one 10-K row), the filing's index page listing the 10-K and its Exhibit 13, and the
// exhibit itself (fixtures/ibm-annual-report-ex13.htm).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { edgarDir } from './fixtures.js';

export const IBM = {
  cik: '51143',
  accession: '0000051143-25-000015',
  primary: 'ibm-20241231.htm',
  exhibit: 'ibm-20241231xex13.htm',
  filed: '2025-02-25',
};

const folder = `/Archives/edgar/data/${IBM.cik}/${IBM.accession.replace(/-/g, '')}`;
export const ibmPaths = {
  submissions: `/submissions/CIK${IBM.cik.padStart(10, '0')}.json`,
  index: `${folder}/${IBM.accession}-index.html`,
  primary: `${folder}/${IBM.primary}`,
  exhibit: `${folder}/${IBM.exhibit}`,
};

export const ibmPrimary = (): Buffer => readFileSync(join(edgarDir(), 'primary', '10-K', 'ibm-10-k-2025-02-25.html'));
export const ibmExhibit = (): Buffer => readFileSync(join(__dirname, 'fixtures', 'ibm-annual-report-ex13.htm'));

function submissions(): string {
  return JSON.stringify({
    cik: IBM.cik,
    name: 'INTERNATIONAL BUSINESS MACHINES CORP',
    tickers: ['IBM'],
    fiscalYearEnd: '1231',
    filings: {
      recent: {
        accessionNumber: [IBM.accession],
        filingDate: [IBM.filed],
        reportDate: ['2024-12-31'],
        form: ['10-K'],
        primaryDocument: [IBM.primary],
        items: [''],
        isXBRL: [1],
        isInlineXBRL: [1],
      },
      files: [],
    },
  });
}

/** The filing index page as EDGAR lays it out (its "Document Format Files" table). */
function indexPage(): string {
  const row = (seq: number, description: string, file: string, type: string, size: number) =>
    `<tr><td scope="row">${seq}</td><td scope="row">${description}</td><td scope="row"><a href="${folder}/${file}">${file}</a></td><td scope="row">${type}</td><td scope="row">${size}</td></tr>`;
  return `<html><body><div class="formGrouping"><div class="infoHead">Filing Date</div><div class="info">${IBM.filed}</div></div>
<table class="tableFile" summary="Document Format Files">
<tr><th scope="col">Seq</th><th scope="col">Description</th><th scope="col">Document</th><th scope="col">Type</th><th scope="col">Size</th></tr>
${row(1, '10-K', IBM.primary, '10-K', ibmPrimary().length)}
${row(2, 'EX-13', IBM.exhibit, 'EX-13', ibmExhibit().length)}
</table></body></html>`;
}

/** The files to give the stand-in (its `extra`). */
export function ibmFiles(): Map<string, Buffer> {
  return new Map([
    [ibmPaths.submissions, Buffer.from(submissions())],
    [ibmPaths.index, Buffer.from(indexPage())],
    [ibmPaths.primary, ibmPrimary()],
    [ibmPaths.exhibit, ibmExhibit()],
  ]);
}
