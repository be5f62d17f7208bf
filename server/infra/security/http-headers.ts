import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Browser-facing hardening (security.md "Browser"): a strict Content-Security-Policy, HSTS, nosniff,
 * a referrer policy and a CORS allow-list, on every HTTP response of the app. Choices and reasons:
 * docs/decisions.md "Security headers and CSP".
 */

/** How long browsers keep the HTTPS-only rule (one year, the usual preload threshold). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** How long a browser may reuse a CORS preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Request headers the client sends (API.md "Conventions"); an allow-listed site may send them. */
const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'apikey',
  'pixelid',
  'zone',
  'curreny',
  'deviceid',
  'devices',
  'lang',
  'accept-language',
  'x-request-id',
].join(', ');

const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

/**
 * The `'sha256-…'` sources of the inline scripts of an HTML page. Vite's build has none today; if
 * one appears (a preload polyfill, an import map), its hash keeps it running without
 * `'unsafe-inline'`, and any other inline script stays blocked.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** The hashes of the built client's inline scripts, read once at start (none when not built). */
export function clientScriptHashes(staticDir: string): string[] {
  const index = resolve(staticDir, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

/**
 * The hosts a hosted captcha's widget loads from (its script, its frame, its calls, hCaptcha's
 * styles), as the providers document them; none for Trevo's own picture.
 */
export function captchaHosts(provider: 'local' | 'turnstile' | 'hcaptcha'): string[] {
  if (provider === 'turnstile') return ['https://challenges.cloudflare.com'];
  if (provider === 'hcaptcha') return ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
  return [];
}

/**
 * The Content-Security-Policy of every response, allowing the given inline-script hashes and the
 * hosted captcha's hosts, if one is configured.
 */
export function contentSecurityPolicy(scriptHashes: string[], widgetHosts: string[] = []): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    // Scripts only from Trevo's own files (and a configured captcha provider's): no inline
    // script, no eval.
    ['script-src', ["'self'", ...scriptHashes, ...widgetHosts]],
    // React `style` props and gsap write through the CSSOM, which CSP does not govern; the
    // attribute and <style> sources allowed here are for the debug tuning pane and the dev outbox.
    ['style-src', ["'self'", "'unsafe-inline'", ...widgetHosts]],
    // Pixi textures and the QR code come from data: and blob: URLs made by Trevo's own scripts.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    // 'self' covers the same-origin socket (ws/wss) in CSP 3; blob:/data: are the synthesised sounds.
    ['connect-src', ["'self'", 'blob:', 'data:', ...widgetHosts]],
    ['media-src', ["'self'", 'blob:', 'data:']],
    // The payment page (/pix/checkout, /sandbox-psp/checkout) is Trevo's own.
    ['frame-src', ["'self'", ...widgetHosts]],
    ['frame-ancestors', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Headers that do not depend on the request: also sent by the socket's polling responses. */
export function staticSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    // Same-origin only: a /zgo{token} or /pix/checkout/{txid} address never leaves the site.
    'referrer-policy': 'same-origin',
    // For browsers without frame-ancestors.
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  };
}

/**
 * Whether a browser page at `origin` may talk to this server: its own host (as the request names
 * it), the public address, or an allow-listed site. No Origin means no browser cross-site request.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (!['http:', 'https:'].includes(url.protocol)) return false;
  return url.host === host || allowed.includes(url.origin);
}

export interface SecurityHeadersOptions {
  /** Exact origins of other sites allowed by CORS (TREVO_CORS_ORIGINS). */
  corsOrigins: readonly string[];
  /** The built client's folder, whose index.html inline scripts are hashed. */
  staticDir: string;
  /** Hosts a hosted captcha widget loads from (captchaHosts). */
  widgetHosts?: string[];
}

/**
 * Adds the security headers and CORS to every response of `app` (call on the root instance). Returns
 * the request-independent headers, for the socket server to send too.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Record<string, string> {
  const fixed = staticSecurityHeaders(
    contentSecurityPolicy(clientScriptHashes(options.staticDir), options.widgetHosts),
  );
  const corsAllowed = new Set(options.corsOrigins);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const listed = typeof origin === 'string' && corsAllowed.has(origin);
    if (listed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'x-request-id');
    }
    // A preflight is answered here, before routing: allowed sites learn what they may send, any
    // other site gets no CORS header and its browser refuses the call.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (listed) {
        reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
        reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
        reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
      }
      return reply.code(204).send();
    }
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(fixed)) {
      // A route that sets its own policy keeps it (only the stored-document route does, to sandbox
      // the file); every other answer gets the site's.
      if (name === 'content-security-policy' && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    // Caches must not hand one site's CORS answer to another.
    const vary = reply.getHeader('vary');
    const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
    if (!/\borigin\b/i.test(current)) reply.header('vary', current ? `${current}, Origin` : 'Origin');
    return payload;
  });

  return fixed;
}
