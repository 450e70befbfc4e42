/** The schema linter knows the decoration component types: a shipped template naming another type, or a block missing a required property, is an error. */
import { describe, expect, it } from 'vitest';
import { templateProblems } from '../../generators/lint.js';
import { TEMPLATES } from '../../src/core/decoration/templates.js';

describe('lint: decoration templates', () => {
  it('the shipped templates are clean', () => {
    expect(templateProblems()).toEqual([]);
  });
  it('an unknown type and a missing image are reported with the template and the block', () => {
    const bad = [{ ...TEMPLATES[0]!, page: { settings: TEMPLATES[0]!.page.settings, components: [
      { id: 'm', type: 'marquee', props: {} },
      { id: 'a', type: 'headerAd', props: { image: '', height: 80 } },
    ] } }];
    expect(templateProblems(bad).map((p) => `${p.path} ${p.message}`)).toEqual([
      '/blank/components/0 模板「空白页面」未知的组件类型：marquee',
      '/blank/components/1 模板「空白页面」头部广告：「广告图」不能为空',
    ]);
  });
});
