// @vitest-environment happy-dom
/**
 * A menu group opening asks the dictionaries of its modules, in one call, beside their schema
 * chunks: a click on one of its entries then sends the page's list call alone, and the rows do
 * not wait for a dictionary answer.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { MenuItem } from '../../src/client/state/types';
import { clearDictCache, http } from '../../src/client/api';
import { clearEarlyLists } from '../../src/client/engine/earlyList';
import { readSchemaFiles } from '../../src/server/schemas-fs';
import type { ResourceSchema } from '../../src/core/schema/types';
import { firstListStart } from '../../src/core/projections/firstList';
import { HOME_AND_STAFF } from './menu-fixture';

import { SideMenu } from '../../src/client/shell/SideMenu';

// what the build's virtual:menu-starts says of these modules (vitest.config.ts resolves it as the build does)
const schemas = new Map(readSchemaFiles().modules.map((f) => [(f.data as ResourceSchema).name, f.data as ResourceSchema]));
const dictsOf = (name: string) => firstListStart(schemas.get(name)!).dicts;
const doctorList = firstListStart(schemas.get('hisDoctor')!).list!;
const MENU: MenuItem[] = [
  ...HOME_AND_STAFF,
  {
    path: '/hospital',
    component: 'layouts/RouteView',
    meta: { title: '医院管理' },
    children: [{ path: schemas.get('hisHospital')!.menu!.path, component: 'resource/hisHospital', meta: { title: '医院信息' } }],
  },
];

const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 0 });
let get: ReturnType<typeof vi.spyOn>;
const calls = () => get.mock.calls.map((c: unknown[]) => [c[0], c[1]]);

beforeEach(() => {
  clearDictCache();
  clearEarlyLists();
  // every dictionary asked answers (a code missing from the answer is not kept, and asked again)
  get = vi.spyOn(http, 'get').mockImplementation(async (path: string, params?: Record<string, unknown>) => (
    path.endsWith('/list') ? ok({ records: [], total: 0 })
      : path.startsWith('/sys/dict/getDictItems/') ? ok([])
        : ok(Object.fromEntries(String(params?.codes ?? '').split(',').map((c) => [c, []])))
  ) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('opening a group asks its modules\' dictionaries in one call; a click on one of them then sends its list call alone', async () => {
  render(<MemoryRouter initialEntries={['/dashboard/analysis']}><SideMenu menu={MENU} mode="inline" theme="dark" /></MemoryRouter>);
  await screen.findByText('医护管理');
  await act(async () => {
    fireEvent.click(screen.getByText('医护管理'));
  });
  const groupDicts = [...new Set([...dictsOf('hisDoctor'), ...dictsOf('hisNurseStaff')])];
  expect(groupDicts.length).toBeGreaterThan(2);
  await waitFor(() => expect(calls()).toEqual([['/sys/dict/getDictItemsBatch', { codes: groupDicts.join(',') }]]));

  await act(async () => {
    fireEvent.click(await screen.findByText('医生管理'));
  });
  // the press and the click start the page's first calls: its list call, no dictionary
  await waitFor(() => expect(calls()).toHaveLength(2));
  expect(calls()[1]).toEqual([doctorList.path, doctorList.params]);

  // another group: only the dictionaries not asked before
  const fresh = dictsOf('hisHospital').filter((d) => !groupDicts.includes(d));
  expect(fresh.length).toBeGreaterThan(1);
  await act(async () => {
    fireEvent.click(screen.getByText('医院管理'));
  });
  await waitFor(() => expect(calls()).toHaveLength(3));
  expect(calls()[2]).toEqual(['/sys/dict/getDictItemsBatch', { codes: fresh.join(',') }]);
});
