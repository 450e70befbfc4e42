// @vitest-environment happy-dom
/**
 * 退出登录 with CAS: clearing the session sends the guard to the login page, which with CAS goes
 * to CAS's login at once; that navigation must not replace the one to CAS's logout.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PROTOCOL_CONFIG, encryptText } from '../../src/core/protocol/index';
import { appStore, tokenAtom } from '../../src/client/state/atoms';
import { logout } from '../../src/client/state/session';
import CasLogin from '../../src/client/pages/login/CasLogin';

const CAS = 'https://cas.example.org/cas';
const cfg = DEFAULT_PROTOCOL_CONFIG;

describe('CAS logout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('the login page shown while 退出登录 is under way does not go to CAS\'s login; the browser goes to CAS\'s logout only', async () => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'OLD', expire: null }));
    appStore.set(tokenAtom, 'OLD');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let answer: (() => void) | undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => {
      answer = () => resolve(new Response(encryptText(JSON.stringify({ success: true, code: 200, message: '退出登录成功！', result: null }), cfg)));
    }));
    const done = logout({ casServerUrl: CAS });
    // the guard has cleared the session and shows the login page while /sys/logout is answered
    render(<MemoryRouter initialEntries={['/user/login?redirect=%2Fdashboard%2Fanalysis']}><CasLogin casServerUrl={CAS} /></MemoryRouter>);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer!();
    await done;
    expect(assign.mock.calls.map((c) => String(c[0]))).toEqual([`${CAS}/logout?service=${encodeURIComponent(`${window.location.origin}/user/login`)}`]);
  });
});
