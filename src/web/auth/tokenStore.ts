/** The admin bearer token lives in localStorage so a session survives reloads and new tabs. */
const TOKEN_KEY = 'auth_token';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
