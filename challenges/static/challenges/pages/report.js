// The form that reports an entry to the moderators (replay page, once the results are
// out): sends it to the API, then says what happened in place of the form.

import { NetworkError, api } from "../lib/api.js";
import { REPORT_THANKS, reportRefused } from "../lib/review_words.js";

const form = document.getElementById("report-form");
const result = document.getElementById("report-result");

if (form && result) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const send = form.querySelector("button[type=submit]");
    send.disabled = true;
    const body = {
      reason: form.elements.reason.value,
      detail: form.elements.detail.value,
    };
    let answer;
    try {
      answer = await api(form.dataset.url, { method: "POST", body });
    } catch (error) {
      result.textContent = error instanceof NetworkError ? error.message : String(error);
      result.hidden = false;
      send.disabled = false;
      return;
    }
    if (answer.status === 201) {
      form.hidden = true;
      result.textContent = REPORT_THANKS;
    } else {
      // Already reported, results not out, too many reports: the server says which.
      result.textContent = answer.data.detail ?? reportRefused(answer.status);
      send.disabled = false;
      form.hidden = answer.status === 409;
    }
    result.hidden = false;
  });
}
