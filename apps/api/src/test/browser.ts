import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface SetCookie {
  name: string;
  value: string;
  expires?: Date;
}

/**
 * One browser talking to the app through `inject`: it keeps its cookies, sends the CSRF header the page
 * would send, encrypts secrets with the server's public key, and comes from one IP address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private publicKey: string | undefined;
  /** The signed-in person's authenticator (set by `signIn`): a fresh code each time, as a phone would give. */
  codeSource: (() => string) | undefined;

  constructor(
    protected readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.csrfToken()) await this.request('GET', '/healthz');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && opts.csrf !== false) headers['x-csrf-token'] ??= this.csrfToken() ?? '';
    const { response, cookies } = await this.send(method, url, headers, body);
    for (const c of cookies) {
      const cleared = c.value === '' || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  /** One request as the server sees it, and the cookies its answer sets (here through `inject`). */
  protected async send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<{ response: LightMyRequestResponse; cookies: SetCookie[] }> {
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { response, cookies: response.cookies as SetCookie[] };
  }

  /** The readable CSRF cookie, under its HTTPS (`__Host-`) or plain name, as the page reads it. */
  csrfToken(): string | undefined {
    return this.cookies.get('__Host-vl_csrf') ?? this.cookies.get('vl_csrf');
  }

  post(url: string, body: unknown = {}, opts?: { csrf?: boolean }) {
    return this.request('POST', url, body, opts);
  }

  /** What the page does with a password or code: RSA-OAEP (SHA-256) under the server's key, base64. */
  async encrypt(plain: string): Promise<string> {
    if (!this.publicKey) {
      const res = await this.request('GET', '/api/v1/auth/public-key');
      this.publicKey = res.json().publicKey as string;
    }
    return publicEncrypt(
      { key: this.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    ).toString('base64');
  }

  /** A fresh authenticator code of the signed-in person, encrypted as the page sends it (authentication bodies). */
  async otp(): Promise<string> {
    if (!this.codeSource) throw new Error('this browser has no authenticator: sign in with signIn()');
    return this.encrypt(this.codeSource());
  }

  async login(email: string, password: string, otpCode?: string) {
    return this.post('/api/v1/organization/members/login', {
      email,
      passphrase: await this.encrypt(password),
      ...(otpCode === undefined ? {} : { otpCode: await this.encrypt(otpCode) }),
    });
  }
}
