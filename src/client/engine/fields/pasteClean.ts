/**
 * Cleans HTML pasted from Word (and WeChat articles, which carry Word's markup when copied
 * from it) before the editor parses it: conditional comments and comments, `<o:p>` and other
 * namespaced tags, `<style>` / `<meta>` / `<link>` / `<xml>` blocks, `Mso*` classes and `mso-*`
 * style declarations, and Word's empty `lang` spans. What stays is content; the server's
 * sanitizer still decides what is saved.
 */
export function cleanPastedHtml(html: string): string {
  let s = html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|xml|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(meta|link)\b[^>]*>/gi, '')
    .replace(/<\/?[a-z]+:[a-z]+\b[^>]*>/gi, '');
  // class="MsoNormal other" -> class="other"; an emptied class attribute goes away
  s = s.replace(/\sclass\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi, (_m, _q, d: string | undefined, q: string | undefined, b: string | undefined) => {
    const kept = (d ?? q ?? b ?? '').split(/\s+/).filter((c) => c && !/^mso/i.test(c));
    return kept.length ? ` class="${kept.join(' ')}"` : '';
  });
  // style="mso-x: y; color: red" -> style="color: red"
  s = s.replace(/\sstyle\s*=\s*("([^"]*)"|'([^']*)')/gi, (_m, _q, d: string | undefined, q: string | undefined) => {
    const kept = (d ?? q ?? '')
      .split(';')
      .map((x) => x.trim())
      .filter((x) => x && !/^mso-/i.test(x) && !/^tab-stops\s*:/i.test(x));
    return kept.length ? ` style="${kept.join('; ').replace(/"/g, "'")}"` : '';
  });
  return s.replace(/\slang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
}
