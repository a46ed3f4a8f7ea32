// Run logs the server has not acknowledged yet, kept in localStorage by run id, so a
// dropped connection or a closed tab never loses a run: the play page offers to send
// the latest one again.

const STORAGE_KEY = "tod:unsent-runs";

// Every run not yet acknowledged by the server, by run id: {runId: {log, ...}}.
function pendingAll() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
  } catch {
    return {};
  }
}

function pendingWrite(all) {
  try {
    if (Object.keys(all).length === 0) {
      localStorage.removeItem(STORAGE_KEY);
    } else {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
    }
  } catch {
    // Private mode or a full quota: the run still goes to the server directly.
  }
}

/** The most recent run the server has not acknowledged, or null. */
export function pendingLoad() {
  const runs = Object.values(pendingAll()).filter(
    (pending) => pending && typeof pending.runId === "string" && Array.isArray(pending.log?.moves),
  );
  runs.sort((left, right) => right.savedAt - left.savedAt);
  return runs[0] ?? null;
}

/** Keeps ``record`` ({runId, challengeId, status, log, clientScore, savedAt}). */
export function pendingStore(record) {
  const all = pendingAll();
  all[record.runId] = record;
  pendingWrite(all);
}

export function pendingClear(runId) {
  const all = pendingAll();
  delete all[runId];
  pendingWrite(all);
}
