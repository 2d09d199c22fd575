// The Activity's requests to its server: JSON over relative URLs (the page may be mounted
// under a prefix, and inside Discord every request goes through Discord's proxy).

/** Sends a request and reads its JSON answer: `{ ok, status, data }`, with status 0 when
 * the server could not be reached. Never throws. */
export async function call(method, url, { body, token } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (e) {
    return { ok: false, status: 0, data: null };
  }
  const data = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data };
}

/** The server's own words for a refusal (`{"error": "…"}`), if it sent any. */
export function errorText(answer) {
  const said = answer && answer.data && answer.data.error;
  return typeof said === 'string' && said.trim() ? said : null;
}

/** A URL with a stream's one-time ticket in its query (the session itself never goes into
 * a URL: proxies log those). */
export function withTicket(path, ticket) {
  return `${path}?ticket=${encodeURIComponent(ticket)}`;
}
