/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as lowercase hex. WebCrypto offers no MD5; this
 * compact version works on 32-bit words of one typed array and replaces a general crypto
 * library in the console's bundle.
 */
const S = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21];
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) | 0;

const encoder = new TextEncoder();

export function md5Hex(text: string): string {
  const msg = encoder.encode(text);
  const len = msg.length;
  const blocks = ((len + 8) >>> 6) + 1;
  const words = new Int32Array(blocks * 16);
  for (let i = 0; i < len; i++) words[i >> 2]! |= msg[i]! << ((i & 3) << 3);
  words[len >> 2]! |= 0x80 << ((len & 3) << 3);
  words[blocks * 16 - 2] = (len * 8) | 0;
  words[blocks * 16 - 1] = Math.floor(len / 0x20000000);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let off = 0; off < words.length; off += 16) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const t = (a + f + K[i]! + words[off + g]!) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((t << S[i]!) | (t >>> (32 - S[i]!)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const w of [a0, b0, c0, d0]) {
    for (let j = 0; j < 4; j++) hex += ((w >>> (j * 8)) & 255).toString(16).padStart(2, '0');
  }
  return hex;
}
