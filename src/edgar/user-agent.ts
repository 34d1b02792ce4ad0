// The User-Agent EDGAR requires: a person or company and an email address, the user's own. Pure.
import { UserAgentMissingError } from './errors.js';

export const USER_AGENT_HOWTO = [
  'EDGAR asks every program that downloads from it to name its user and an email address in the User-Agent.',
  'Give yours (not an invented one) in one of these ways:',
  '  filings corpus pull --user-agent "Jane Analyst jane@example.com" AAPL',
  '  export FILINGS_SEC_USER_AGENT="Jane Analyst jane@example.com"',
  '  filings config set sec_user_agent "Jane Analyst jane@example.com"',
].join('\n');

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[A-Za-z]{2,}/;

/** The User-Agent given (the sec_user_agent setting, which the CLI resolves flag > environment >
 * profile), checked; throws with how to set it when it is missing or unusable. */
export function checkUserAgent(given: string | undefined): string {
  const value = (given ?? '').trim();
  if (!value) throw new UserAgentMissingError(`no User-Agent for EDGAR.\n${USER_AGENT_HOWTO}`);
  if (!EMAIL.test(value)) throw new UserAgentMissingError(`the User-Agent "${value}" has no email address.\n${USER_AGENT_HOWTO}`);
  if (/[\r\n]/.test(value) || value.length > 200)
    throw new UserAgentMissingError('the User-Agent must be one line of at most 200 characters');
  return value;
}
