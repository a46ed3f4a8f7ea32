// The JSON API as the browser calls it: same-origin session, CSRF on unsafe methods,
// every answer read as JSON (errors carry a "detail"), a dropped connection told
// apart from an answer.

import { gettext, interpolate } from "./i18n.js";

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
    throw new NetworkError(interpolate(gettext("The server could not be reached (%(reason)s)."), { reason: error.message }));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { detail: interpolate(gettext("The server answered %(status)s without a readable body."), { status: response.status }) };
  }
  return { status: response.status, data: data ?? {} };
}
