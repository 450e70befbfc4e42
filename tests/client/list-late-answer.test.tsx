// @vitest-environment happy-dom
/**
 * useListQuery: an early answer (engine/earlyList.ts) that comes in while the page's first
 * render is under way — a menu click's route renders while its call is out — is taken when that
 * render commits, so the rows are drawn before the browser paints the spinner: no request of its
 * own, and no loading state left for a later frame.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import type { ResourceSchema } from '../../src/core/schema/types';
import { http } from '../../src/client/api';

/** settledFirstList's answers in call order: the first render's, then the commit's. */
const early = vi.hoisted(() => ({ answers: [] as unknown[], asked: 0 }));
vi.mock('../../src/client/engine/earlyList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/client/engine/earlyList')>()),
  settledFirstList: () => {
    early.asked++;
    return early.answers.shift();
  },
}));

const { useListQuery } = await import('../../src/client/engine/useListQuery');

const schema: ResourceSchema = {
  schemaVersion: 1,
  name: 'lateDoctor',
  title: '医生管理',
  entity: '医生',
  fields: [{ key: 'realname', title: '姓名', kind: 'string' }],
  list: { columns: ['realname'] },
};
const answer = { success: true, code: 200, message: '', timestamp: 0, result: { records: [{ id: '1', realname: '张三' }, { id: '2', realname: '李四' }], total: 12 } };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  early.answers = [];
  early.asked = 0;
});

it('an answer that came during the first render is shown by the commit that follows it: rows at once, no request sent', () => {
  const get = vi.spyOn(http, 'get');
  early.answers = [undefined, answer];
  const { result } = renderHook(() => useListQuery(schema));
  // no await: what the layout effect's update rendered before the hook returned
  expect(early.asked).toBe(2);
  expect(result.current.rows.map((r) => r.realname)).toEqual(['张三', '李四']);
  expect([result.current.total, result.current.settled, result.current.loading]).toEqual([12, true, false]);
  expect(get).not.toHaveBeenCalled();
});

it('with no answer yet at the commit either, the page asks for its rows itself', () => {
  const get = vi.spyOn(http, 'get').mockReturnValue(new Promise(() => undefined));
  early.answers = [undefined, undefined];
  const { result } = renderHook(() => useListQuery(schema));
  expect([result.current.settled, result.current.loading]).toEqual([false, true]);
  expect(get).toHaveBeenCalledTimes(1);
  expect(get.mock.calls[0]![0]).toBe('/lateDoctor/list');
});
