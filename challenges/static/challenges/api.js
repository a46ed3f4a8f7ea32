// The JSON API as the browser calls it: same-origin session, CSRF on unsafe methods,
// every answer read as JSON (errors carry a "detail"), a dropped connection told
// apart from an answer.

export class NetworkError extends Error {}

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

/** Calls the API; resolves to {status, data}; rejects with NetworkError when offline. */
export async function api(url, { method = "GET", body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["X-CSRFToken"] = csrfToken();
  }
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(`The server could not be reached (${error.message}).`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { detail: `The server answered ${response.status} without a readable body.` };
  }
  return { status: response.status, data: data ?? {} };
}
