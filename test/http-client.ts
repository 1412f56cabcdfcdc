// A small HTTP client for tests that keeps cookies like a browser would, so a test can act as one
// signed-in member.
export type TestResponse<T = unknown> = {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
};

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  withBaseUrl(baseUrl: string): TestClient {
    const client = new TestClient(baseUrl, this.defaultHeaders);
    client.cookies = new Map(this.cookies);
    return client;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      // fetch sets the multipart content type (with its boundary) for a FormData body.
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers, setCookies };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, { body, headers });
  }

  /** Sends one file as multipart form data, the way a browser's file input does. */
  upload<T = Record<string, unknown>>(
    path: string,
    file: { field: string; name: string; type: string; bytes: Uint8Array },
  ): Promise<TestResponse<T>> {
    const form = new FormData();
    form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    return this.request<T>('POST', path, { form });
  }

  patch<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('PATCH', path, { body, headers });
  }
}

let counter = 0;

/** A unique, valid email for a test member. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function signUp(
  client: TestClient,
  overrides: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    ref?: string;
  } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const response = await client.post<Record<string, unknown>>('/api/auth/signup', {
    email,
    password,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName,
    ref: overrides.ref,
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    email,
    password,
    user: response.body as { id: string; referralCode: string } & Record<string, unknown>,
  };
}
