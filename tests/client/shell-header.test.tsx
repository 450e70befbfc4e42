// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useHeaderHidden } from '../../src/client/shell/useHeaderHidden';
import { AnnouncementModal } from '../../src/client/shell/dialogs/index';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('hide header on scroll (seed §9: more than 100 px)', () => {
  it('hides only past 100 px while scrolling down and shows again when scrolling up', () => {
    const { result } = renderHook(() => useHeaderHidden(true));
    scrollTo(100);
    expect(result.current).toBe(false);
    scrollTo(101);
    expect(result.current).toBe(true);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(350); // scrolling up
    expect(result.current).toBe(false);
  });

  it('never hides when the option is off', () => {
    const { result } = renderHook(() => useHeaderHidden(false));
    scrollTo(500);
    expect(result.current).toBe(false);
  });
});

describe('announcement modal', () => {
  it('toggles fullscreen from its title bar', () => {
    render(
      <MemoryRouter>
        <AnnouncementModal open announcement={{ id: '1', title: '停诊通知', sender: '管理员', sendTime: '2026-11-20 09:00:00', msgContent: '<p>本周六停诊</p>' }} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const modal = () => document.querySelector('.ant-modal') as HTMLElement;
    expect(modal().style.width).toBe('60%');
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    // the whole viewport: full width, from the top, the content as tall as the window
    expect(modal().style.width).toBe('100vw');
    expect(modal().style.top).toBe('0px');
    expect((document.querySelector('.ant-modal-content') as HTMLElement).style.height).toBe('100vh');
    fireEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(modal().style.width).toBe('60%');
  });
});
