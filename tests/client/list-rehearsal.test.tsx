// @vitest-environment happy-dom
/**
 * The list rehearsal (engine/ListRehearsal) draws a list where nobody sees it, asks the server
 * nothing, and is done after one frame; once the page has shown real rows it draws nothing.
 * EngineWarmup mounts it in idle time on a page without a list and unmounts it when done.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { ListRehearsal } from '../../src/client/engine/ListRehearsal';
import { markFirstRows } from '../../src/client/state/milestones';

afterEach(() => cleanup());

/** The host as EngineWarmup is: the rehearsal stays mounted until it says it is done. */
function Host({ done }: { done: () => void }) {
  const [on, setOn] = useState(true);
  return <>{on && <ListRehearsal onDone={() => { done(); setOn(false); }} />}<p>page</p></>;
}

it('draws a list of ten rows off the page, with no request, and is done after its first commit', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const fetch = vi.spyOn(globalThis, 'fetch');
  const divs: HTMLElement[] = [];
  const make = document.createElement.bind(document);
  const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string, o?: ElementCreationOptions) => {
    const el = make(tag, o);
    if (tag === 'div') divs.push(el);
    return el;
  }) as typeof document.createElement);
  const done = vi.fn();
  await act(async () => {
    render(<Host done={done} />);
  });
  spy.mockRestore();
  // the rows are drawn, into an element the document does not hold
  const box = divs.find((d) => d.querySelectorAll('tr.ant-table-row').length > 0);
  expect(box?.querySelectorAll('tr.ant-table-row')).toHaveLength(10);
  expect(box?.isConnected).toBe(false);
  expect(document.querySelectorAll('table, tr, .ant-table')).toHaveLength(0);
  expect(done).not.toHaveBeenCalled();
  await act(async () => {
    vi.runAllTimers();
  });
  vi.useRealTimers();
  expect(done).toHaveBeenCalledTimes(1);
  expect(box?.querySelectorAll('tr')).toHaveLength(0); // unmounted
  expect(document.body.textContent).toBe('page');
  expect(fetch).not.toHaveBeenCalled();
  fetch.mockRestore();
});

it('draws nothing once the page has shown a list\'s rows', async () => {
  markFirstRows();
  const done = vi.fn();
  const made = vi.spyOn(document, 'createElement');
  await act(async () => {
    render(<Host done={done} />);
  });
  expect(done).toHaveBeenCalledTimes(1);
  expect(made.mock.calls.filter(([t]) => t === 'tr')).toHaveLength(0);
  made.mockRestore();
});
