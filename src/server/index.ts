// What the server offers whoever starts it (the serve command, tests, benchmarks): createServer, the
// pieces its options are built from, and its own errors.
export { createServer, type RunningServer, type ServerOptions } from './http-server.js';
export { createLogger, type LogFormat, type Logger } from './access-log.js';
export { isLoopbackHost, KeyConfigError, loadKeys, MIN_KEY_LENGTH } from './auth.js';
export { TrustProxyError } from './client-address.js';
export { ListenError, ServerConfigError } from './errors.js';
export { SERVER_DEFAULTS, type ServerLimits } from './limits.js';
