// EDGAR's two hosts and the addresses the pull reads. Configurable for tests and mirrors. Pure.

export interface EdgarHosts {
  /** https://www.sec.gov: Archives, company_tickers.json. */
  www: string;
  /** https://data.sec.gov: submissions and company facts JSON. */
  data: string;
}

function base(value: string | undefined, fallback: string, name: string): string {
  const v = (value ?? '').trim() || fallback;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name} is not a URL: "${v}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http:// or https:// URL`);
  return v.replace(/\/+$/, '');
}

export function edgarHosts(env: NodeJS.ProcessEnv): EdgarHosts {
  return {
    www: base(env.FILINGS_SEC_WWW_URL, 'https://www.sec.gov', 'FILINGS_SEC_WWW_URL'),
    data: base(env.FILINGS_SEC_DATA_URL, 'https://data.sec.gov', 'FILINGS_SEC_DATA_URL'),
  };
}

export const padCik = (cik: string) => cik.replace(/^0+/, '').padStart(10, '0');

export const urls = {
  tickers: (h: EdgarHosts) => `${h.www}/files/company_tickers.json`,
  submissions: (h: EdgarHosts, cik: string) => `${h.data}/submissions/CIK${padCik(cik)}.json`,
  submissionsPage: (h: EdgarHosts, name: string) => `${h.data}/submissions/${name}`,
  companyFacts: (h: EdgarHosts, cik: string) => `${h.data}/api/xbrl/companyfacts/CIK${padCik(cik)}.json`,
  document: (h: EdgarHosts, cik: string, accession: string, file: string) =>
    `${h.www}/Archives/edgar/data/${cik.replace(/^0+/, '')}/${accession.replace(/-/g, '')}/${file}`,
  filingIndex: (h: EdgarHosts, cik: string, accession: string) =>
    `${h.www}/Archives/edgar/data/${cik.replace(/^0+/, '')}/${accession.replace(/-/g, '')}/${accession}-index.html`,
  completeText: (h: EdgarHosts, cik: string, accession: string) =>
    `${h.www}/Archives/edgar/data/${cik.replace(/^0+/, '')}/${accession.replace(/-/g, '')}/${accession}.txt`,
};
