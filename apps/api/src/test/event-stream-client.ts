// Test-only: a real HTTP client of the server's event streams (events, events.announced and operator-events tests).
import type { TestBrowser } from './browser.js';

/** A real HTTP client reading the stream as text, as EventSource would. */
export class Stream {
  text = '';
  ended = false;
  private readonly abort = new AbortController();
  status = 0;

  /** The stream at `path` of the server at `base`, opened with `browser`'s cookies. */
  static async open(base: string, path: string, browser: TestBrowser) {
    const s = new Stream();
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${base}${path}`, { headers: { cookie }, signal: s.abort.signal });
    s.status = res.status;
    if (res.ok && res.body) void s.read(res.body.getReader(), res.headers.get('content-type'));
    else s.text = await res.text();
    return s;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>, type: string | null) {
    this.text += `content-type: ${type}\n`;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.text += decoder.decode(value);
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
  }

  async waitFor(pattern: RegExp, ms = 5000) {
    const until = Date.now() + ms;
    while (!pattern.test(this.text) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    return pattern.test(this.text);
  }

  close() {
    this.abort.abort();
  }
}
