import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { OutboundError } from '../errors.js';

/** Redirect hops followed before giving up; each hop is checked like the first request. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Caller headers still sent after a redirect to another origin; the rest may carry credentials. */
const CROSS_ORIGIN_SAFE_HEADERS = new Set(['accept', 'accept-encoding', 'accept-language', 'content-type', 'user-agent']);

export interface OutboundRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds for the whole exchange: DNS, connect, every redirect and the body. */
  timeoutMs: number;
  /** Largest body accepted, in bytes after decompression. */
  maxBytes: number;
  /** Default true. false: a redirect is answered as it came (a webhook receiver must answer itself). */
  followRedirects?: boolean;
  /** Default false: a longer body throws too_large. true: the first maxBytes bytes are answered (an excerpt). */
  truncateBody?: boolean;
}

export interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decompressed when the server sent gzip, deflate or br. */
  body: Buffer;
  /** The URL finally answered, after redirects. */
  url: string;
}

export interface OutboundClient {
  request(url: string, init: OutboundRequestInit): Promise<OutboundResponse>;
}

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an IP address is on the public internet. Everything else (loopback, private, link-local
 * incl. cloud metadata, CGNAT, unspecified, multicast, broadcast, reserved, documentation,
 * unique-local, IPv6 outside global unicast) is refused unless private fetches are allowed.
 * IPv6 forms that embed an IPv4 address (mapped, translated, NAT64) are judged by that address.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const range = parsed.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || parsed.match(NAT64_WELL_KNOWN)) {
    return isPublicAddress(new ipaddr.IPv4(parsed.toByteArray().slice(12)).toString());
  }
  return range === 'unicast' && parsed.match(IPV6_GLOBAL_UNICAST);
}

export interface OutboundClientOptions {
  /** Skip the address check entirely (ALLOW_PRIVATE_FETCH: tests, intranets). */
  allowPrivate: boolean;
  userAgent: string;
  /** Which resolved addresses may be connected to when allowPrivate is false. Default isPublicAddress. */
  addressPolicy?: (address: string) => boolean;
}

export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const allowed = options.allowPrivate ? () => true : (options.addressPolicy ?? isPublicAddress);
  const lookup = options.allowPrivate ? undefined : checkedLookup(allowed);
  return {
    async request(url, init) {
      let target = parseTarget(url);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), init.timeoutMs);
      try {
        let method = init.method ?? 'GET';
        let body = init.body;
        let headers = mergeHeaders({ 'user-agent': options.userAgent, 'accept-encoding': 'gzip, deflate, br' }, init.headers ?? {});
        for (let redirects = 0; ; redirects++) {
          refuseDisallowedLiteral(target, allowed);
          const response = await send(target, method, headers, body, lookup, controller.signal);
          const location = response.headers.location;
          if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location || init.followRedirects === false) {
            const responseBody = await readBody(response, init.maxBytes, target.hostname, controller.signal, init.truncateBody ?? false);
            return { status: response.statusCode ?? 0, headers: flattenHeaders(response.headers), body: responseBody, url: target.href };
          }
          response.destroy();
          if (redirects === MAX_REDIRECTS) {
            throw new OutboundError('unreachable', `Could not reach ${target.hostname}: more than ${MAX_REDIRECTS} redirects`);
          }
          const next = parseTarget(resolveRedirect(location, target));
          if (next.origin !== target.origin) headers = crossOriginHeaders(headers);
          // Browsers turn a redirected POST into a GET for 301/302/303; only 307/308 repeat the body.
          if (response.statusCode === 303 || (method === 'POST' && (response.statusCode === 301 || response.statusCode === 302))) {
            method = 'GET';
            body = undefined;
            headers = withoutBodyHeaders(headers);
          }
          target = next;
        }
      } catch (error) {
        throw toOutboundError(error, target.hostname, controller.signal, init.timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Whether `url` may be fetched, without fetching it: an http(s) URL whose host (an IP literal, or
 * every address its name resolves to now) passes the same guard as a request. Throws OutboundError
 * (invalid_url, refused, or unreachable when the name does not resolve). A request is checked
 * again when it is sent, as names can resolve differently later.
 */
export async function checkOutboundUrl(url: string, options: Pick<OutboundClientOptions, 'allowPrivate' | 'addressPolicy'>): Promise<void> {
  const target = parseTarget(url);
  if (options.allowPrivate) return;
  const allowed = options.addressPolicy ?? isPublicAddress;
  refuseDisallowedLiteral(target, allowed);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch (error) {
    throw toOutboundError(error, target.hostname, new AbortController().signal, 0);
  }
  if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) throw refusedError(target.hostname);
}

function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundError('invalid_url', `"${url}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundError('invalid_url', `Only http and https URLs can be fetched, not ${parsed.protocol.replace(/:$/, '')}`);
  }
  return parsed;
}

function resolveRedirect(location: string, from: URL): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new OutboundError('invalid_response', `${from.hostname} redirected to an invalid URL`);
  }
}

function refusedError(host: string): OutboundError {
  return new OutboundError('refused', `Refused to fetch ${host}: private or local network addresses are not allowed`);
}

/** Node connects to an IP-literal host without calling `lookup`, so literals are checked here. */
function refuseDisallowedLiteral(target: URL, allowed: (address: string) => boolean): void {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0 && !allowed(host)) throw refusedError(target.hostname);
}

/**
 * The DNS lookup of every connection: the addresses checked are the addresses connected to, so a
 * name that resolves differently on a second lookup (DNS rebinding) cannot slip past. A name with
 * any disallowed address is refused outright rather than trimmed to its allowed ones.
 */
function checkedLookup(allowed: (address: string) => boolean): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (!first || addresses.some((a) => !allowed(a.address))) return callback(refusedError(hostname), '');
      if (lookupOptions.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

function send(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  lookup: net.LookupFunction | undefined,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = target.protocol === 'https:' ? https : http;
    const bodyHeaders: Record<string, string> = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    // agent: false gives each request its own connection, so no pooled socket skips the lookup check.
    const request = transport.request(target, { method, headers: { ...headers, ...bodyHeaders }, lookup, agent: false, signal }, resolve);
    request.on('error', reject);
    request.end(body);
  });
}

async function readBody(response: http.IncomingMessage, maxBytes: number, host: string, signal: AbortSignal, truncate: boolean): Promise<Buffer> {
  const tooLarge = new OutboundError('too_large', `The response from ${host} is larger than ${describeBytes(maxBytes)}`);
  const declared = Number(response.headers['content-length']);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge;
  }
  const onAbort = () => response.destroy(new Error('aborted by the overall timeout'));
  signal.addEventListener('abort', onAbort, { once: true });
  let connectionFailed = false;
  response.once('error', () => {
    connectionFailed = true;
  });
  const decoder = decoderFor(response.headers['content-encoding']);
  try {
    const stream: Readable = decoder ? pipeline(response, decoder, () => undefined) : response;
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) {
        response.destroy();
        if (!truncate) throw tooLarge;
        chunks.push(buffer.subarray(0, buffer.length - (total - maxBytes)));
        return Buffer.concat(chunks, maxBytes);
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (decoder && !connectionFailed && !signal.aborted && !(error instanceof OutboundError)) {
      throw new OutboundError('invalid_response', `The response from ${host} could not be decompressed`);
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/** Header names are case-insensitive: lower-case them so a later value replaces an earlier one. */
function mergeHeaders(...sets: Record<string, string>[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const set of sets) for (const [name, value] of Object.entries(set)) merged[name.toLowerCase()] = value;
  return merged;
}

function crossOriginHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_SAFE_HEADERS.has(name)));
}

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type' && name !== 'content-length'));
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function toOutboundError(error: unknown, host: string, signal: AbortSignal, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) {
    return new OutboundError('timeout', `The request to ${host} timed out after ${Number((timeoutMs / 1000).toPrecision(3))} s`);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return new OutboundError('unreachable', `Could not reach ${host}: ${describeNetworkError(code, error)}`);
}

function describeNetworkError(code: string, error: unknown): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network is unreachable';
    case 'ETIMEDOUT':
      return 'the connection timed out';
  }
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('HPE_')) return `the answer was not valid HTTP (${message})`;
  if (/CERT|SSL|TLS|SIGNATURE/.test(code)) return `its TLS certificate was not accepted (${message})`;
  return message;
}

/** "50 MB", "64 KB", "500 bytes"; 1 MB = 1,048,576 bytes. */
function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toPrecision(3))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toPrecision(3))} KB`;
  return `${bytes} bytes`;
}
