// The proxy a request goes through, from the environment's variables as curl reads them: HTTP_PROXY for
// http:// targets (sent to the proxy in absolute form), HTTPS_PROXY for https:// ones (a CONNECT tunnel,
// TLS end to end), none for a host NO_PROXY names ("*", a host, ".domain" or "*.domain", with or
// without a port).

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** The proxy variables (lower case first, as curl reads them); undefined when none is set. */
export function proxyFromEnv(env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const httpProxy = env.http_proxy || env.HTTP_PROXY || '';
  const httpsProxy = env.https_proxy || env.HTTPS_PROXY || '';
  if (!httpProxy && !httpsProxy) return undefined;
  return { httpProxy, httpsProxy, noProxy: env.no_proxy || env.NO_PROXY || '' };
}

/** Whether NO_PROXY exempts `target`. */
export function exempt(target: URL, noProxy: string): boolean {
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy.split(/[,\s]+/).filter(Boolean)) {
    if (raw === '*') return true;
    const m = /^(.*?)(?::(\d+))?$/.exec(raw.toLowerCase().replace(/^\[|\]$/g, ''))!;
    const name = m[1]!.replace(/^\*?\./, '');
    if (m[2] && m[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy for `target`, or undefined to connect directly. */
export function proxyFor(target: URL, settings: ProxySettings | undefined): URL | undefined {
  if (!settings || exempt(target, settings.noProxy)) return undefined;
  const url = target.protocol === 'https:' ? settings.httpsProxy : settings.httpProxy;
  return url ? new URL(/^\w+:\/\//.test(url) ? url : `http://${url}`) : undefined;
}
