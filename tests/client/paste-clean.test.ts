import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from '../../src/client/engine/fields/pasteClean';

describe('cleanPastedHtml (paste from Word)', () => {
  it('drops conditional comments, <o:p>, style blocks, Mso classes, mso- styles and lang', () => {
    const word = [
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{mso-style-parent:"";}</style></head><body>',
      '<!--[if gte mso 9]><xml><o:DocumentProperties></o:DocumentProperties></xml><![endif]-->',
      '<h1 class=MsoTitle>健康科普</h1>',
      '<p class="MsoNormal lead" style="mso-margin-top-alt:auto;color:red;tab-stops:21.0pt"><span lang=EN-US style="mso-bidi-font-family:宋体">高血压<o:p></o:p></span></p>',
      '<p class=MsoListParagraph style="mso-list:l0 level1 lfo1">一、少盐</p>',
      '</body></html>',
    ].join('');
    const out = cleanPastedHtml(word);
    expect(out).not.toMatch(/mso|Mso|o:p|<style|<meta|<!--|lang=/);
    expect(out).toContain('<h1>健康科普</h1>');
    expect(out).toContain('<p class="lead" style="color:red"><span>高血压</span></p>');
    expect(out).toContain('<p>一、少盐</p>');
  });

  it('leaves ordinary HTML alone', () => {
    const html = '<p class="note" style="text-align: center">正文 <a href="https://a.cn">链接</a></p>';
    expect(cleanPastedHtml(html)).toBe(html);
  });
});
