/** Time-ordered 19-digit string ids: 13 digits of ms + 6 digits of sequence. */
let lastMs = 0;
let seq = 0;

export function newId(now = Date.now()): string {
  if (now <= lastMs) {
    seq++;
    if (seq > 999_999) {
      lastMs++;
      seq = 0;
    }
  } else {
    lastMs = now;
    seq = Math.floor(Math.random() * 1000); // different processes rarely collide
  }
  return `${lastMs}${String(seq).padStart(6, '0')}`;
}

/** `YYYY-MM-DD HH:mm:ss` in local time, the API's date-time format. */
export function nowText(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
