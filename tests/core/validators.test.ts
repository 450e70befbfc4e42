import { describe, expect, test } from 'vitest';
import { checkFormat, checkRule, evaluateCondition, fieldRules, formatRule, isIdCard, requiredMessage } from '../../src/core/validators/index.js';

describe('formats', () => {
  test('phone', () => {
    for (const ok of ['13800138000', '15912345678', '19912345678', '16612345678']) expect(checkFormat('phone', ok)).toBe(true);
    for (const bad of ['12345678901', '1380013800', '138001380000', '14012345678', '19412345678', 'abc']) expect(checkFormat('phone', bad)).toBe(false);
  });
  test('idcard: check digit, real date, 15 digits', () => {
    expect(isIdCard('110101199003078515')).toBe(true);
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110101199003078514')).toBe(false); // wrong check digit
    expect(isIdCard('110101199002308511')).toBe(false); // 30 February
    expect(isIdCard('110101900307851')).toBe(true);
    expect(isIdCard('110101901307851')).toBe(false); // month 13
    expect(isIdCard('1101011990030785')).toBe(false);
  });
  test('url, email, password', () => {
    expect(checkFormat('url', 'https://a.cn/x?y=1')).toBe(true);
    expect(checkFormat('url', 'ftp://a.cn')).toBe(false);
    expect(checkFormat('url', 'www.a.cn')).toBe(false);
    expect(checkFormat('email', 'a.b@c.com')).toBe(true);
    expect(checkFormat('email', 'a@b')).toBe(false);
    expect(checkFormat('password', 'Admin@123456')).toBe(true);
    expect(checkFormat('password', 'Admin@1234')).toBe(true);
    expect(checkFormat('password', 'Admin@123')).toBe(false); // 9 chars
    expect(checkFormat('password', 'Admin123456')).toBe(false); // no special
    expect(checkFormat('password', 'Admin@abcde')).toBe(false); // no digit
  });
  test('formatRule is a Formily rule', () => {
    expect(formatRule('110101199003078514', { format: 'idcard', message: 'm' })).toBe('m');
    expect(formatRule('', { format: 'idcard', message: 'm' })).toBe('');
  });
});

describe('fieldRules', () => {
  test('messages', () => {
    expect(fieldRules({ key: 'phone', title: '手机号', kind: 'phone', required: true })).toEqual([
      { type: 'required', message: '请输入手机号码!' },
      { type: 'format', format: 'phone', message: '手机号码格式不正确!' },
    ]);
    expect(fieldRules({ key: 'idCard', title: '身份证号', kind: 'idcard', required: true }).map((r) => r.message)).toEqual(['请输入身份证号码!', '身份证号码格式不正确!']);
    expect(fieldRules({ key: 'u', title: '官网', kind: 'url' })[0]!.message).toBe('请输入以 http:// 或 https:// 开头的网址');
    expect(fieldRules({ key: 'e', title: '邮箱', kind: 'email' })[0]!.message).toBe('邮箱格式不正确');
    expect(fieldRules({ key: 'p', title: '密码', kind: 'password', required: true }).map((r) => r.message)).toEqual(['请输入密码!', '密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!']);
    expect(fieldRules({ key: 'n', title: '姓名', kind: 'string', minLength: 2, maxLength: 32 }).map((r) => r.message)).toEqual(['姓名长度不能少于2个字符', '姓名长度不能超过32个字符']);
    expect(fieldRules({ key: 'a', title: '年龄', kind: 'integer', min: 0, max: 150 }).map((r) => r.message)).toEqual(['年龄必须是整数', '年龄不能小于0', '年龄不能大于150']);
    expect(fieldRules({ key: 'c', title: '编码', kind: 'string', pattern: '^[A-Z]+$', patternMessage: '编码只能是大写字母' }).at(-1)).toEqual({ type: 'pattern', pattern: '^[A-Z]+$', message: '编码只能是大写字母' });
    expect(requiredMessage({ kind: 'dict', title: '性别' })).toBe('请选择性别!');
    expect(requiredMessage({ kind: 'string', title: '姓名' })).toBe('请输入姓名!');
  });
  test('checkRule', () => {
    const [, min, max] = fieldRules({ key: 'a', title: '年龄', kind: 'integer', min: 0, max: 150 });
    expect(checkRule(min!, -1)).toBe('年龄不能小于0');
    expect(checkRule(max!, '151')).toBe('年龄不能大于150');
    expect(checkRule(max!, 150)).toBeUndefined();
    const money = fieldRules({ key: 'm', title: '价格', kind: 'money' });
    expect(checkRule(money.find((r) => r.type === 'precision')!, 1.234)).toBe('价格最多2位小数');
  });
});

describe('evaluateCondition', () => {
  const values = { a: '1', b: true, c: '', d: ['x', 'y'], n: 2 };
  test.each([
    [{ a: '1' }, true], [{ a: 1 }, true], [{ a: '2' }, false],
    [{ b: true }, true], [{ b: false }, false], [{ missing: false }, true],
    [{ a: { in: ['1', '3'] } }, true], [{ a: { in: ['3'] } }, false],
    [{ a: { ne: '1' } }, false], [{ a: { ne: '2' } }, true],
    [{ c: { empty: true } }, true], [{ d: { notEmpty: true } }, true], [{ missing: { empty: true } }, true],
    [{ a: '1', b: false }, false], [{ c: null }, true], [{ n: 2 }, true],
  ] as const)('%j -> %s', (cond, expected) => {
    expect(evaluateCondition(cond as never, values)).toBe(expected);
  });
});
