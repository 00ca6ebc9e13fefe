// An account made the way a user makes one, over HTTP against a running dev server (DEV_MODE): register,
// open the verification link from the dev mail sink, log in, create an API key. Registrations are limited
// per client address (H6: 10 an hour), so each registration names the address it comes from
// (CF-Connecting-IP, which wrangler dev passes on).

export interface HttpAccount {
  email: string;
  password: string;
  /** The session cookie (`name=value`). */
  cookie: string;
  apiKey: string;
}

const PASSWORD = 'correct horse battery';

async function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function expectStatus(res: Response, status: number, step: string): Promise<Response> {
  if (res.status !== status) throw new Error(`${step}: ${res.status} ${await res.text()}`);
  return res;
}

/** Registers `tag-…@example.com` from `clientIp`; the account is not verified yet. */
export async function registeredEmail(baseUrl: string, tag: string, clientIp: string): Promise<string> {
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await post(
    baseUrl,
    '/api/auth/register',
    { email, password: PASSWORD },
    { 'CF-Connecting-IP': clientIp },
  );
  await expectStatus(res, 201, `register ${email}`);
  return email;
}

/** Register, verify through the dev mail sink, log in and create a key: a verified free-plan account. */
export async function httpAccount(baseUrl: string, tag: string, clientIp: string): Promise<HttpAccount> {
  const email = await registeredEmail(baseUrl, tag, clientIp);
  const mails = (await (await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(email)}`)).json()) as {
    emails: { links: string[] }[];
  };
  await expectStatus(await fetch(mails.emails[0].links[0]), 200, `verify ${email}`);
  const login = await expectStatus(
    await post(baseUrl, '/api/auth/login', { email, password: PASSWORD }, { 'CF-Connecting-IP': clientIp }),
    200,
    `log in ${email}`,
  );
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const key = await expectStatus(
    await fetch(`${baseUrl}/api/auth/generate-api-key`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    }),
    200,
    `API key for ${email}`,
  );
  const { api_key } = (await key.json()) as { api_key: string };
  return { email, password: PASSWORD, cookie, apiKey: api_key };
}
