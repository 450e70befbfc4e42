// @vitest-environment happy-dom
/**
 * useRouteNavigate (app/navigate.ts): the shell's always-mounted parts navigate without
 * reading the location, so a navigation does not render them again; their moves land where
 * useNavigate's would, always on this site.
 */
import { afterEach, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useRouteNavigate } from '../../src/client/app/navigate';

afterEach(() => cleanup());

let headerRenders = 0;
function Header() {
  headerRenders++;
  const go = useRouteNavigate();
  return (
    <>
      <button onClick={() => go('/account/center')}>个人中心</button>
      <button onClick={() => go('app/notice')}>公告</button>
      <button onClick={() => go('//evil.example/x')}>外链</button>
      <button onClick={() => go('/app/doctor', { replace: true })}>替换</button>
    </>
  );
}
function Page() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="at">{location.pathname}</p>
      <button onClick={() => navigate('/app/hospital')}>医院管理</button>
      <button onClick={() => navigate(-1)}>后退</button>
    </>
  );
}

it('renders the header once across navigations, and moves from the site root', () => {
  headerRenders = 0;
  render(<MemoryRouter initialEntries={['/dashboard/analysis']}><Header /><Page /></MemoryRouter>);
  const at = () => screen.getByTestId('at').textContent;
  expect(headerRenders).toBe(1);
  act(() => { fireEvent.click(screen.getByText('医院管理')); });
  expect(at()).toBe('/app/hospital');
  act(() => { fireEvent.click(screen.getByText('个人中心')); });
  expect(at()).toBe('/account/center');
  act(() => { fireEvent.click(screen.getByText('公告')); });
  expect(at()).toBe('/app/notice');
  act(() => { fireEvent.click(screen.getByText('外链')); });
  expect(at()).toBe('/evil.example/x');
  expect(headerRenders).toBe(1);
});

it('replace takes the place of the current entry', () => {
  render(<MemoryRouter initialEntries={['/a', '/b']} initialIndex={1}><Header /><Page /></MemoryRouter>);
  act(() => { fireEvent.click(screen.getByText('替换')); });
  expect(screen.getByTestId('at').textContent).toBe('/app/doctor');
  act(() => { fireEvent.click(screen.getByText('后退')); });
  expect(screen.getByTestId('at').textContent).toBe('/a');
});
