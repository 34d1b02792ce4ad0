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

/** EDGAR's own hosts: the default of the sec_www_url and sec_data_url settings. */
export const EDGAR_HOSTS: EdgarHosts = { www: 'https://www.sec.gov', data: 'https://data.sec.gov' };

/** The hosts given (the sec_www_url and sec_data_url settings), EDGAR's own where one is not. */
export function edgarHosts(given: Partial<EdgarHosts> = {}): EdgarHosts {
  return { www: base(given.www, EDGAR_HOSTS.www, 'sec_www_url'), data: base(given.data, EDGAR_HOSTS.data, 'sec_data_url') };
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
