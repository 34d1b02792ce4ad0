// `filings corpus cache [--clear]`: where EDGAR downloads are kept, how much, and clearing them.
import { cacheStats, clearCache, type CacheStats } from '../../../edgar/cache.js';
import type { ActionContext } from '../../command.js';
import type { Factory } from '../../factory.js';
import { json, mb, type CorpusOpts } from './common.js';

export interface CacheOpts extends CorpusOpts {
  clear?: boolean;
}

export function cacheText(s: CacheStats, cleared: boolean): string {
  const k = s.byKind;
  return [
    `Cache       ${s.path}`,
    `Documents   ${k.documents.files} (${mb(k.documents.bytes)}), kept`,
    `Submissions ${k.submissions.files} (${mb(k.submissions.bytes)}), refreshed after a day`,
    `Other       ${k.other.files} (${mb(k.other.bytes)})`,
    cleared ? 'Cleared.' : `Total       ${s.files} files, ${mb(s.bytes)}`,
  ].join('\n') + '\n';
}

export async function corpusCache(o: CacheOpts, f: Factory): Promise<CacheStats> {
  const { io } = f;
  const root = await f.cacheRoot();
  const before = cacheStats(root);
  if (o.clear) clearCache(root);
  if (o.json) io.stdout.write(json({ ...before, cleared: Boolean(o.clear) }));
  else io.stdout.write(cacheText(before, Boolean(o.clear)));
  return before;
}

export async function run({ opts, f }: ActionContext): Promise<void> {
  await corpusCache(opts as CacheOpts, f);
}
