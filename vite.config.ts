import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { menuSchemas, menuStarts } from './generators/menu-starts';
import { PLANNING_ENV, planRouteChunks, preloadScript, routeFilesOf, type RouteEntries } from './generators/route-chunks';
import { antdStaticCss } from './generators/antd-css';
import { precompressDir } from './generators/precompress';
import { KEYS, NAMESPACE } from './src/client/state/storage';
import { HOME_PATH } from './src/client/app/paths';

/** .br and .gz beside every text asset, made once at build time (generators/precompress.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir, process.env.PRECOMPRESS_CACHE ?? resolve(__dirname, 'node_modules/.cache/precompress'));
    },
  };
}

/**
 * index.html preloads the chunks of the routes its address opens (generators/route-chunks.ts
 * preloadScript): the login route without a stored login; the shell, and the engine on a
 * module's list or the dashboard on the home page, with one.
 */
function routePreloads(routes: RouteEntries): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((o) => o.type === 'chunk') as unknown as Parameters<typeof routeFilesOf>[0];
        const files = routeFilesOf(chunks, __dirname, routes);
        const script = preloadScript(files, {
          tokenKey: NAMESPACE + KEYS.accessToken,
          userPrefix: '/user/',
          anonymous: ['login'],
          loggedIn: ['shell', 'early'],
          byPath: [{ paths: menuSchemas().map((m) => m.schema.menu!.path), routes: ['engine'] }, { paths: [HOME_PATH, '/'], routes: ['dashboard'] }],
        });
        // after the entry's own tag, so the entry is asked for first
        return html.replace(/(<script type="module"[^>]*><\/script>)/, `$1\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * Narrow import rewrites that keep code the routes do not use out of their static closures
 * (same runtime behaviour, smaller static import graph). Build only; vitest does not load them.
 *
 * - antd's Button style token imports `isBright` from color-picker/components/ColorPresets,
 *   which statically pulls Collapse (rc-collapse) and the whole @rc-component/color-picker
 *   barrel into every Button user (login included). The token gets a module with the same
 *   `isBright` (extracted from antd's own source at build time) instead.
 * - antd's color-picker/color.js and util.js only use `Color` from the @rc-component/color-picker
 *   barrel; they import it from its own module (the same module the barrel re-exports).
 * - antd's form/context.js (imported by every input for FormItemInputContext) only uses
 *   `FormProvider` from the rc-field-form barrel; it imports it from its own module, so the
 *   field store and async-validator stay with the pages that render an antd Form.
 * - antd's Radio.Group (every Table user reaches it through row selection) imports only
 *   `toNamePathStr` from form/hooks/useForm, which pulls the whole field store: it gets a
 *   module with the same function (extracted from antd's own source at build time).
 * - antd's Table renders its column filter dropdown (Tree, Menu, Radio, Checkbox) only for
 *   columns that declare filters, yet imports it statically: it becomes a lazily loaded
 *   component (same props; `flattenKeys`, which the table uses at once, is extracted).
 */
function slimImports(): Plugin {
  const ISBRIGHT = '\0slim:antd-isBright';
  const NAME_PATH = '\0slim:antd-toNamePathStr';
  const FILTER_DROPDOWN = '\0slim:antd-FilterDropdown';
  const norm = (id: string | undefined) => (id ?? '').replace(/\\/g, '/').split('?')[0]!;
  return {
    name: 'slim-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      const from = norm(importer);
      if (!from.includes('/node_modules/')) return null;
      if (source === '../../color-picker/components/ColorPresets' && from.endsWith('/antd/es/button/style/token.js')) {
        return ISBRIGHT;
      }
      if (source === '@rc-component/color-picker' && /\/antd\/es\/color-picker\/(color|util)\.js$/.test(from)) {
        return (await this.resolve('@rc-component/color-picker/es/color', importer, { skipSelf: true }))?.id ?? null;
      }
      if (source === '../form/hooks/useForm' && from.endsWith('/antd/es/radio/group.js')) return NAME_PATH;
      if (source === './FilterDropdown' && from.endsWith('/antd/es/table/hooks/useFilter/index.js')) return FILTER_DROPDOWN;
      if (source === 'rc-field-form' && from.endsWith('/antd/es/form/context.js')) {
        return (await this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true }))?.id ?? null;
      }
      return null;
    },
    async load(id) {
      if (id === ISBRIGHT) {
        const presets = (await this.resolve('antd/es/color-picker/components/ColorPresets'))?.id;
        const src = presets ? readFileSync(norm(presets), 'utf8') : '';
        const fn = /export const isBright = [\s\S]*?\n};/.exec(src)?.[0];
        if (!fn || !/^import \{[^}]*Color as RcColor[^}]*\} from '@rc-component\/color-picker';$/m.test(src)) {
          this.warn('antd ColorPresets changed: isBright not extracted, using the original module');
          return `export { isBright } from ${JSON.stringify(norm(presets))};`;
        }
        return `import { Color as RcColor } from '@rc-component/color-picker/es/color';\n${fn}\n`;
      }
      if (id === NAME_PATH) {
        const hooks = (await this.resolve('antd/es/form/hooks/useForm'))?.id;
        const src = hooks ? readFileSync(norm(hooks), 'utf8') : '';
        const fn = /export function toNamePathStr\(name\) \{[\s\S]*?\n\}/.exec(src)?.[0];
        if (!fn || !/^import \{ getFieldId, toArray \} from '\.\.\/util';$/m.test(src)) {
          this.warn('antd form/hooks/useForm changed: toNamePathStr not extracted, using the original module');
          return `export { toNamePathStr } from ${JSON.stringify(norm(hooks))};`;
        }
        const util = (await this.resolve('antd/es/form/util'))?.id;
        return `import { toArray } from ${JSON.stringify(norm(util))};\n${fn}\n`;
      }
      if (id === FILTER_DROPDOWN) {
        const real = (await this.resolve('antd/es/table/hooks/useFilter/FilterDropdown'))?.id;
        const src = real ? readFileSync(norm(real), 'utf8') : '';
        const fn = /export function flattenKeys\(filters\) \{[\s\S]*?\n\}/.exec(src)?.[0];
        if (!fn || !/_toConsumableArray/.test(fn) || !/const \{\n\s+tablePrefixCls,\n\s+prefixCls,/.test(src)) {
          this.warn('antd FilterDropdown changed: not made lazy, using the original module');
          return `export { default, flattenKeys } from ${JSON.stringify(norm(real))};`;
        }
        // until its chunk is in, a filtered column shows its title as the dropdown would
        return [
          `import _toConsumableArray from '@babel/runtime/helpers/esm/toConsumableArray';`,
          `import { createElement, lazy, Suspense } from 'react';`,
          fn,
          `const Lazy = lazy(() => import(${JSON.stringify(norm(real))}));`,
          `export default function FilterDropdown(props) {`,
          `  const title = createElement('div', { className: props.prefixCls + '-column' }, createElement('span', { className: props.tablePrefixCls + '-column-title' }, props.children));`,
          `  return createElement(Suspense, { fallback: title }, createElement(Lazy, props));`,
          `}`,
        ].join('\n');
      }
      return null;
    },
  };
}

// Console build: dist/client, with a manifest (the server serves it at /).
// Route-level splitting: login/shell stay antd-core only; the list table lives in the engine
// chunk (src/client/engine), the search form and Formily in lazy chunks below it. What each
// route loads at once is grouped into a few files per route (generators/route-chunks.ts).
/** The routes a user opens, by the files that start them (generators/route-chunks.ts). */
const ROUTES: RouteEntries = {
  login: ['src/client/pages/user/UserLayout.tsx', 'src/client/pages/login/Login.tsx'],
  early: ['src/client/app/earlyStart.ts'],
  shell: ['src/client/shell/Shell.tsx'],
  engine: ['src/client/engine/index.ts'],
  dashboard: ['src/client/pages/dashboard/Analysis.tsx'],
};

/** Every page opens one of these: the login route (anonymous) or the shell (logged in). */
const EVERY_PAGE = ['login', 'shell'];
/** A route group this small (unminified) that imports nothing else goes to the entry's chunk. */
const SMALL_LEAF_BYTES = 4096;

export default defineConfig(async ({ command }) => {
  const planning = Boolean(process.env[PLANNING_ENV]);
  const chunks = command === 'build' && !planning ? await planRouteChunks(__dirname, ROUTES, { everyPage: EVERY_PAGE, smallLeafBytes: SMALL_LEAF_BYTES }) : undefined;
  return {
    plugins: [menuStarts(), slimImports(), react(), ...(planning ? [] : [routePreloads(ROUTES), antdStaticCss(), precompress()])],
    publicDir: 'public',
    // react-router 7 publishes its development build (warnings, invariant texts) under every
    // export condition; the console build takes the production build beside it (same API).
    resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') }] } : {},
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: chunks ? { output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: (id: string) => chunks.get(id) ?? null }] } } } : {},
    },
    server: {
      proxy: {
        '/hospital': { target: 'http://localhost:8080', changeOrigin: true },
        // Notices: the server's websocket lives at /websocket/{userId} on the API host.
        '/websocket': { target: 'ws://localhost:8080', ws: true },
      },
    },
    preview: {
      proxy: {
        '/hospital': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
  };
});
