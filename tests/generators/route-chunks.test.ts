/**
 * generators/route-chunks.ts: which chunk each module of the console build goes to. A module
 * goes to the group of the routes whose static chunk closure held it in the automatic build,
 * so no route loads a byte it did not load before; lazily loaded modules stay where the
 * automatic build put them.
 */
import { describe, expect, it } from 'vitest';
import { planFromChunks, preloadScript, routeFilesOf } from '../../generators/route-chunks';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], opts: { entry?: boolean; facade?: string } = {}) => ({
  type: 'chunk' as const, fileName, moduleIds, imports, isEntry: opts.entry ?? false, facadeModuleId: opts.facade ?? null,
});

// automatic build: index (entry) -> react; Login and Shell share `button`; Shell and Engine share
// `table-core`; Engine alone has `table`; a lazily loaded `editor` is reached by no route
const chunks = [
  chunk('index.js', ['/r/src/main.tsx'], ['react.js'], { entry: true }),
  chunk('react.js', ['/r/node_modules/react/index.js']),
  chunk('Login.js', ['/r/src/Login.tsx'], ['button.js', 'react.js', 'captcha.js'], { facade: '/r/src/Login.tsx' }),
  chunk('captcha.js', ['/r/src/captcha.ts']),
  chunk('button.js', ['/r/node_modules/antd/button.js', '/r/node_modules/antd/wave.js']),
  chunk('Shell.js', ['/r/src/Shell.tsx', '/r/src/menu.ts'], ['button.js', 'table-core.js'], { facade: '/r/src/Shell.tsx' }),
  chunk('table-core.js', ['/r/node_modules/rc-table/core.js']),
  chunk('engine.js', ['/r/src/engine/index.ts'], ['table.js', 'table-core.js'], { facade: '/r/src/engine/index.ts' }),
  chunk('table.js', ['/r/node_modules/antd/table.js']),
  chunk('Editor.js', ['/r/src/Editor.tsx'], ['button.js'], { facade: '/r/src/Editor.tsx' }),
];
const routes = { login: ['src/Login.tsx'], shell: ['src/Shell.tsx'], engine: ['src/engine/index.ts'] };

describe('route chunk plan', () => {
  const plan = planFromChunks(chunks, '/r', routes);

  it('the entry closure is one boot group', () => {
    expect(plan.get('/r/src/main.tsx')).toBe('route-boot');
    expect(plan.get('/r/node_modules/react/index.js')).toBe('route-boot');
  });

  it('a module goes to the group of exactly the routes that loaded it', () => {
    expect(plan.get('/r/node_modules/antd/button.js')).toBe('route-login-shell');
    expect(plan.get('/r/node_modules/antd/wave.js')).toBe('route-login-shell');
    expect(plan.get('/r/node_modules/rc-table/core.js')).toBe('route-shell-engine');
    expect(plan.get('/r/node_modules/antd/table.js')).toBe('route-engine');
    expect(plan.get('/r/src/menu.ts')).toBe('route-shell');
  });

  it('a route file stays its own chunk, a lazily loaded module is left to the automatic split', () => {
    expect(plan.has('/r/src/Shell.tsx')).toBe(false);
    expect(plan.has('/r/src/engine/index.ts')).toBe(false);
    expect(plan.has('/r/src/Editor.tsx')).toBe(false);
  });

  it('a module of one route only goes to that route\'s group', () => {
    expect(plan.get('/r/src/captcha.ts')).toBe('route-login');
  });

  it('a group every page loads (one of `everyPage` opens on each) goes to boot; the others stay', () => {
    const everywhere = planFromChunks(chunks, '/r', routes, { everyPage: ['login', 'shell'] });
    expect(everywhere.get('/r/node_modules/antd/button.js')).toBe('route-boot');
    expect(everywhere.get('/r/node_modules/antd/wave.js')).toBe('route-boot');
    expect(everywhere.get('/r/node_modules/rc-table/core.js')).toBe('route-shell-engine');
    expect(everywhere.get('/r/src/captcha.ts')).toBe('route-login');
    expect(everywhere.get('/r/src/menu.ts')).toBe('route-shell');
  });

  it('a small group that imports nothing but boot goes to boot; a larger one, or one importing another group, stays', () => {
    const sized = chunks.map((c) => ({ ...c, code: 'x'.repeat(c.fileName === 'table-core.js' ? 300 : c.fileName === 'captcha.js' ? 900 : 5000) }));
    const small = planFromChunks(sized, '/r', routes, { smallLeafBytes: 500 });
    expect(small.get('/r/node_modules/rc-table/core.js')).toBe('route-boot');
    expect(small.get('/r/src/captcha.ts')).toBe('route-login');
    expect(small.get('/r/node_modules/antd/table.js')).toBe('route-engine');
    // the login group (captcha; Login's own chunk stays apart) imports the login-shell group
    // (button): a leaf once that group is in boot, and not before
    expect(planFromChunks(sized, '/r', routes, { smallLeafBytes: 1000 }).get('/r/src/captcha.ts')).toBe('route-login');
    expect(planFromChunks(sized, '/r', routes, { smallLeafBytes: 1000, everyPage: ['login', 'shell'] }).get('/r/src/captcha.ts')).toBe('route-boot');
    const importer = sized.map((c) => (c.fileName === 'captcha.js' ? { ...c, imports: ['table.js'] } : c));
    expect(planFromChunks(importer, '/r', routes, { smallLeafBytes: 1000, everyPage: ['login', 'shell'] }).get('/r/src/captcha.ts')).toBe('route-login');
  });

  it('a route naming a file that is not a chunk of its own is refused', () => {
    expect(() => planFromChunks(chunks, '/r', { ...routes, other: ['src/menu.ts'] })).toThrow(/other names a file that is no chunk of its own/);
  });
});

describe('route preloads in index.html', () => {
  const files = routeFilesOf(chunks, '/r', routes);

  it('a route preloads the chunk files it loads at once, beyond the entry\'s', () => {
    expect(files).toEqual({
      login: ['Login.js', 'button.js', 'captcha.js'],
      shell: ['Shell.js', 'button.js', 'table-core.js'],
      engine: ['engine.js', 'table-core.js', 'table.js'],
    });
  });

  /** Runs the inline script at an address with or without a stored login; returns the preloaded hrefs. */
  function preloadsAt(pathname: string, token: string | null): string[] {
    const links: Array<{ rel: string; href: string; crossOrigin: string | null }> = [];
    const script = preloadScript(files, {
      tokenKey: 'pro__Access-Token', userPrefix: '/user/', anonymous: ['login'], loggedIn: ['shell'],
      byPath: [{ paths: ['/app/doctor'], routes: ['engine'] }],
    });
    const document = { createElement: () => ({ rel: '', href: '', crossOrigin: null }), head: { appendChild: (l: (typeof links)[number]) => links.push(l) } };
    const localStorage = { getItem: (k: string) => (k === 'pro__Access-Token' ? token : null) };
    new Function('location', 'localStorage', 'document', script)({ pathname }, localStorage, document);
    for (const l of links) expect([l.rel, l.crossOrigin]).toEqual(['modulepreload', '']);
    return links.map((l) => l.href);
  }

  it('without a stored login: the login route', () => {
    expect(preloadsAt('/app/doctor', null)).toEqual(['/Login.js', '/button.js', '/captcha.js']);
  });

  it('on a login page: the login route, even with a stored login', () => {
    expect(preloadsAt('/user/login', 'x')).toEqual(['/Login.js', '/button.js', '/captcha.js']);
  });

  it('with a stored login: the shell, and on a module list the engine too, each file once', () => {
    expect(preloadsAt('/dashboard/analysis', 'x')).toEqual(['/Shell.js', '/button.js', '/table-core.js']);
    expect(preloadsAt('/app/doctor/', 'x')).toEqual(['/Shell.js', '/button.js', '/table-core.js', '/engine.js', '/table.js']);
  });
});
