import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { CheckRules, checkRuleCode } from '../../src/server/rules/index.js';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await testApp();
  token = await login(app, 'zhuli');
});
afterAll(async () => app.close());

describe('checkRuleCode', () => {
  it('runs the rules of schemas/rules in order, digit windows then whole value', () => {
    expect(checkRuleCode('drug_code', 'YP000123')).toBeNull();
    expect(checkRuleCode('drug_code', '1P000123')).toBe('药品编号前2位必须是字母');
    expect(checkRuleCode('drug_code', 'YP00A123')).toBe('药品编号第3-8位必须是数字');
    expect(checkRuleCode('drug_code', 'YP00012')).toBe('药品编号第3-8位必须是数字');
    expect(checkRuleCode('drug_code', 'YP0001234')).toBe('药品编号必须是8位（2位字母+6位数字）');
    expect(checkRuleCode('drug_code', '')).toBeNull();
    expect(checkRuleCode('bill_no', 'CF202601150001')).toBeNull();
    expect(checkRuleCode('bill_no', 'CF202613150001')).toBe('单据编号第3-10位必须是日期（yyyyMMdd）');
    expect(() => checkRuleCode('nope', 'x')).toThrow('未找到校验规则：nope');
  });

  it('refuses malformed rule files', () => {
    expect(() => new CheckRules([{ file: 'a.json', rule: { code: 'a b', title: 't', rules: [{ pattern: 'x', message: 'm' }] } }])).toThrow();
    expect(() => new CheckRules([{ file: 'a.json', rule: { code: 'a', title: 't', rules: [{ pattern: 'x', message: 'm', digits: 0 }] } }])).toThrow();
    expect(() => new CheckRules([{ file: 'a.json', rule: { code: 'a', title: 't', rules: [{ pattern: '(', message: 'm' }] } }])).toThrow();
  });
});

describe('GET /sys/checkRule/checkByCode', () => {
  it('answers success or the rule message; unknown code is 404', async () => {
    const ok = await call(app, '/sys/checkRule/checkByCode', { token, query: { ruleCode: 'drug_code', value: 'AB123456' } });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const bad = await call(app, '/sys/checkRule/checkByCode', { token, query: { ruleCode: 'drug_code', value: 'AB12345' } });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: 400, message: '药品编号第3-8位必须是数字' });
    const unknown = await call(app, '/sys/checkRule/checkByCode', { token, query: { ruleCode: 'no_such', value: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('未找到校验规则：no_such');
    expect((await call(app, '/sys/checkRule/checkByCode', { token, query: { value: 'x' } })).status).toBe(400);
    expect((await call(app, '/sys/checkRule/checkByCode', { query: { ruleCode: 'drug_code', value: 'x' } })).status).toBe(401);
  });
});
