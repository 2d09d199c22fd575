// The move clock shared by the live game page and the Activity: the time left until a
// deadline, as the clocks show it.

/** Seconds left until `deadlineMs` (milliseconds since the epoch) and the time as `m:ss`
 * or `h:mm:ss`; never below zero. */
export function timeLeft(deadlineMs, now = Date.now()) {
  const seconds = Math.max(0, Math.floor((deadlineMs - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  const text = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  return { seconds, text };
}
