/** One response as a test looks at it. */
export interface TestResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
}

/**
 * A minimal browser for integration tests: remembers the cookies the app sets (name=value only;
 * a Max-Age=0 cookie is dropped) and sends them back, with JSON bodies both ways.
 */
export class TestBrowser {
  readonly #baseUrl: string;
  readonly #cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.#baseUrl = baseUrl;
  }

  /** The value of one cookie the app set, if it is still set. */
  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** Replace this browser's cookie jar (e.g. to act as another device with a stolen cookie). */
  setCookie(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  /** The Cookie header this browser sends (undefined while it holds none). */
  cookieHeader(): string | undefined {
    return this.#cookies.size > 0 ? [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  }

  async request<Body = unknown>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<TestResponse<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = this.cookieHeader();
    if (cookie !== undefined) headers.cookie = cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.#baseUrl}${path}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (attributes.some((attribute) => attribute.toLowerCase() === 'max-age=0') || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, headers: response.headers, body: (isJson && text !== '' ? JSON.parse(text) : text) as Body };
  }

  get<Body = unknown>(path: string, headers?: Record<string, string>): Promise<TestResponse<Body>> {
    return this.request<Body>('GET', path, headers === undefined ? {} : { headers });
  }

  post<Body = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<Body>> {
    return this.request<Body>('POST', path, { ...(body !== undefined && { body }), ...(headers !== undefined && { headers }) });
  }

  patch<Body = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<Body>> {
    return this.request<Body>('PATCH', path, { ...(body !== undefined && { body }), ...(headers !== undefined && { headers }) });
  }
}
