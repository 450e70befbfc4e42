import { describe, expect, it } from 'vitest';
import { changeText, figureText } from '../../src/client/pages/dashboard/api';

describe('home page figures as shown', () => {
  it('counts change by whole numbers, money by fen', () => {
    expect(changeText({ measure: 'count', value: 12, yesterday: 9 })).toEqual({ text: '较昨日 +3', trend: 'up' });
    expect(changeText({ measure: 'count', value: 2, yesterday: 9 })).toEqual({ text: '较昨日 -7', trend: 'down' });
    expect(changeText({ measure: 'count', value: 4, yesterday: 4 })).toEqual({ text: '与昨日持平', trend: 'flat' });
    expect(changeText({ measure: 'revenue', value: 100.1, yesterday: 87.6 })).toEqual({ text: '较昨日 +12.50', trend: 'up' });
    expect(changeText({ measure: 'revenue', value: 0.3, yesterday: 0.1 + 0.2 })).toEqual({ text: '与昨日持平', trend: 'flat' });
  });
  it('money has two decimals, counts none', () => {
    expect(figureText({ measure: 'revenue', value: 1234.5 })).toBe('1234.50');
    expect(figureText({ measure: 'count', value: 17 })).toBe('17');
  });
});
