import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type SetCookie, TestBrowser } from './browser.js';

/** One `Set-Cookie` header: its name, value and expiry (a past expiry or `Max-Age=0` clears the cookie). */
function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: SetCookie = { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)) };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) cookie.expires = new Date(0);
  }
  return cookie;
}

/**
 * A `TestBrowser` talking to a server over real HTTP (a server in another process): the same cookies, CSRF header
 * and encrypted secrets. `moveTo` sends its later calls to another server, as a load balancer would.
 */
export class HttpBrowser extends TestBrowser {
  constructor(private base: string) {
    super(undefined as unknown as FastifyInstance, '127.0.0.1');
  }

  moveTo(base: string): this {
    this.base = base;
    return this;
  }

  protected override async send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<{ response: LightMyRequestResponse; cookies: SetCookie[] }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const response = {
      statusCode: res.status,
      body: text,
      payload: text,
      headers: Object.fromEntries(res.headers),
      json: () => JSON.parse(text),
    } as unknown as LightMyRequestResponse;
    return { response, cookies: res.headers.getSetCookie().map(parseSetCookie) };
  }
}
