/** REST auth endpoints of the server contract. */

export interface AuthResult {
  ok: boolean;
  status: number;
  detail: string | null;
}

async function post(path: string, body?: unknown): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, detail: 'The server could not be reached. Please try again.' };
  }
  let detail: string | null = null;
  if (!response.ok) {
    try {
      const data = (await response.json()) as { detail?: unknown };
      if (typeof data.detail === 'string') detail = data.detail;
      else if (Array.isArray(data.detail)) {
        detail = data.detail
          .map((item) => (item && typeof item === 'object' && 'msg' in item ? String(item.msg) : String(item)))
          .join(' ');
      }
    } catch {
      detail = null;
    }
  }
  return { ok: response.ok, status: response.status, detail };
}

export function login(email: string, password: string): Promise<AuthResult> {
  return post('/auth/login', { email, password });
}

export function signup(email: string, password: string): Promise<AuthResult> {
  return post('/auth/signup', { email, password });
}

export function logout(): Promise<AuthResult> {
  return post('/auth/logout');
}
