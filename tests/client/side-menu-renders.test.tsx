// @vitest-environment happy-dom
/**
 * The side menu renders rc-menu again only when what it shows changes (entries, open groups,
 * the selection): the shell renders on every navigation, tab change and header show/hide, and
 * rc-menu renders every entry each time. Its handlers still act on the latest render. The
 * highlight of a list page still waiting for its rows moves after them.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { holdForRows } from '../../src/client/state/milestones';
import { MemoryRouter, useLocation } from 'react-router';
import { HOME_AND_STAFF } from './menu-fixture';

const menuRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  const Real = antd.Menu;
  const Counting = ((props: Parameters<typeof Real>[0]) => {
    menuRenders.count++;
    return <Real {...props} />;
  }) as unknown as typeof Real;
  return { ...antd, Menu: Counting };
});

const { SideMenu } = await import('../../src/client/shell/SideMenu');

afterEach(() => cleanup());

const MENU = HOME_AND_STAFF;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** A stand-in for the shell: renders for reasons of its own, and passes a new onPicked each time. */
function Shell({ picked }: { picked: (n: number) => void }) {
  const [n, setN] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setN((x) => x + 1)}>shell renders</button>
      <SideMenu menu={MENU} mode="inline" theme="dark" onPicked={() => picked(n)} />
      <Where />
    </>
  );
}

const selected = () => [...document.querySelectorAll('.ant-menu-item-selected')].map((e) => e.textContent);

it('a shell render alone does not render the menu again; a pick navigates, moves the highlight and calls the latest onPicked', async () => {
  const picked: number[] = [];
  render(<MemoryRouter initialEntries={['/app/doctor']}><Shell picked={(n) => picked.push(n)} /></MemoryRouter>);
  await screen.findByText('护士管理');
  expect(selected()).toEqual(['医生管理']);

  const before = menuRenders.count;
  fireEvent.click(screen.getByText('shell renders'));
  fireEvent.click(screen.getByText('shell renders'));
  expect(menuRenders.count).toBe(before);

  await act(async () => {
    fireEvent.click(screen.getByText('护士管理'));
  });
  expect(screen.getByTestId('where').textContent).toBe('/app/nurse');
  expect(selected()).toEqual(['护士管理']);
  expect(menuRenders.count).toBeGreaterThan(before);
  // the shell rendered twice before the pick: the handler saw that render's onPicked
  expect(picked).toEqual([2]);
});

it('the pointer crossing the open menu and a press on an entry make no entry rc-menu\'s active one (each change of it renders every entry again); the press leaves the focus where it was', async () => {
  render(<MemoryRouter initialEntries={['/app/doctor']}><Shell picked={() => undefined} /></MemoryRouter>);
  await screen.findByText('护士管理');
  const entry = (title: string) => screen.getByText(title).closest('li')!;
  const focused = document.activeElement;
  await act(async () => {
    for (const title of ['首页', '医护管理', '医生管理', '护士管理']) {
      fireEvent.mouseOver(entry(title));
      fireEvent.mouseOut(entry(title));
    }
    fireEvent.mouseOver(entry('护士管理'));
    expect(fireEvent.mouseDown(entry('护士管理'))).toBe(false); // default prevented: no focus move
  });
  expect(document.activeElement).toBe(focused);
  expect(document.querySelectorAll('.ant-menu-item-active')).toHaveLength(0);
  expect(selected()).toEqual(['医生管理']);
});

it('collapsing and expanding the sidebar keep the same menu (no new mount of every entry); the collapsed menu lets the pointer through', async () => {
  function Collapsible() {
    const [collapsed, setCollapsed] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setCollapsed((c) => !c)}>toggle</button>
        <SideMenu menu={MENU} mode="inline" theme="dark" collapsed={collapsed} onPicked={() => undefined} />
      </>
    );
  }
  render(<MemoryRouter initialEntries={['/app/doctor']}><Collapsible /></MemoryRouter>);
  await screen.findByText('护士管理');
  const menu = screen.getByTestId('side-menu');
  fireEvent.click(screen.getByText('toggle'));
  expect(screen.getByTestId('side-menu')).toBe(menu);
  // collapsed: the press is rc-menu's again (its popups and tooltips need the pointer)
  expect(fireEvent.mouseDown(screen.getByText('首页').closest('li')!)).toBe(true);
  fireEvent.click(screen.getByText('toggle'));
  expect(screen.getByTestId('side-menu')).toBe(menu);
});

it('a pick of a list still waiting for its first answer moves the highlight once that answer is drawn, not before', async () => {
  /** A page that holds its rows back until its answer button is pressed (as useListQuery does). */
  function WaitingList() {
    const [release] = useState(() => holdForRows());
    useEffect(() => release, [release]);
    return <button type="button" onClick={release}>answer</button>;
  }
  function Page() {
    return useLocation().pathname === '/app/nurse' ? <WaitingList /> : null;
  }
  render(
    <MemoryRouter initialEntries={['/app/doctor']}>
      <SideMenu menu={MENU} mode="inline" theme="dark" onPicked={() => undefined} />
      <Page />
    </MemoryRouter>,
  );
  await screen.findByText('护士管理');
  await act(async () => {
    fireEvent.click(screen.getByText('护士管理'));
  });
  await screen.findByText('answer');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(selected()).toEqual(['医生管理']);
  await act(async () => {
    fireEvent.click(screen.getByText('answer'));
  });
  await waitFor(() => expect(selected()).toEqual(['护士管理']));
});
