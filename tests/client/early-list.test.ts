/**
 * engine/earlyList.ts: a list answer asked ahead of the page (at start-up, on a menu click) is
 * taken once by the page with the same parameters, and never after a write was sent: a page that
 * did not take it must not show it later, stale.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictCache, getDictItems, http } from '../../src/client/api';
import { clearEarlyLists, settledFirstList, startDicts, startListCall, takeFirstList } from '../../src/client/engine/earlyList';

const page = { success: true, code: 200, message: '', result: { records: [{ id: '1' }], total: 1 }, timestamp: 0 };

describe('early list answers', () => {
  let get: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    clearEarlyLists();
    get = vi.spyOn(http, 'get').mockResolvedValue(page as never);
  });
  afterEach(() => vi.restoreAllMocks());

  it('the page with the same parameters takes the answer, once; the same call is not sent twice', async () => {
    startListCall('hisDoctor', '/hisDoctor/list', { pageNo: '1', pageSize: '10' });
    startListCall('hisDoctor', '/hisDoctor/list', { pageSize: '10', pageNo: '1' });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]!.slice(0, 2)).toEqual(['/hisDoctor/list', { pageNo: '1', pageSize: '10' }]);
    expect(takeFirstList({ name: 'hisDoctor' }, { pageNo: '2', pageSize: '10' }, new AbortController().signal)).toBeUndefined();
    await expect(takeFirstList({ name: 'hisDoctor' }, { pageNo: '1', pageSize: '10' }, new AbortController().signal)).resolves.toEqual(page);
    expect(takeFirstList({ name: 'hisDoctor' }, { pageNo: '1', pageSize: '10' }, new AbortController().signal)).toBeUndefined();
  });

  it('an answer already in is given to the first render, once; not before it came, not a failed one, not after a write', async () => {
    const params = { pageNo: '1', pageSize: '10' };
    startListCall('hisDoctor', '/hisDoctor/list', params);
    expect(settledFirstList({ name: 'hisDoctor' }, params)).toBeUndefined(); // still under way
    await Promise.resolve();
    expect(settledFirstList({ name: 'hisDoctor' }, { pageNo: '2', pageSize: '10' })).toBeUndefined();
    expect(settledFirstList({ name: 'hisDoctor' }, params)).toEqual(page);
    expect(settledFirstList({ name: 'hisDoctor' }, params)).toBeUndefined();
    expect(takeFirstList({ name: 'hisDoctor' }, params, new AbortController().signal)).toBeUndefined();

    get.mockResolvedValueOnce({ ...page, success: false, message: '无权限' } as never);
    startListCall('hisPatient', '/hisPatient/list', params);
    await Promise.resolve();
    // a failed answer is left to the page's own request path (which shows its message)
    expect(settledFirstList({ name: 'hisPatient' }, params)).toBeUndefined();
    expect(takeFirstList({ name: 'hisPatient' }, params, new AbortController().signal)).toBeDefined();

    startListCall('hisReconcile', '/hisReconcile/list', params);
    await Promise.resolve();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await http.post('/hisReconcile/compare', { id: '1' }, undefined, { silent: true }).catch(() => undefined);
    expect(settledFirstList({ name: 'hisReconcile' }, params)).toBeUndefined();
  });

  it('after a write no page takes an answer asked before it, and the next start asks again', async () => {
    startListCall('hisReconcile', '/hisReconcile/list', { pageNo: '1' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await http.post('/hisReconcile/compare', { id: '1' }, undefined, { silent: true }).catch(() => undefined);
    expect(takeFirstList({ name: 'hisReconcile' }, { pageNo: '1' }, new AbortController().signal)).toBeUndefined();
    startListCall('hisReconcile', '/hisReconcile/list', { pageNo: '1' });
    expect(get).toHaveBeenCalledTimes(2);
    await expect(takeFirstList({ name: 'hisReconcile' }, { pageNo: '1' }, new AbortController().signal)).resolves.toEqual(page);
  });

  it("a page's dictionaries leave with its list call, in one call, not a task later; one asked again is not re-sent", async () => {
    clearDictCache();
    get.mockResolvedValue({ ...page, result: { sex: [{ value: 1, text: '男' }], doctor_title: [] } } as never);
    startDicts(['sex', 'doctor_title']);
    // sent in this task: no timer had to run
    expect(get.mock.calls.map((c: unknown[]) => c.slice(0, 2))).toEqual([['/sys/dict/getDictItemsBatch', { codes: 'sex,doctor_title' }]]);
    await expect(getDictItems('sex')).resolves.toEqual([{ value: '1', text: '男' }]);
    startDicts(['sex']);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

