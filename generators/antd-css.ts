/**
 * antd's component styles for the console's first screens, written at build time as one
 * stylesheet (dist/client/assets/antd-<hash>.css, linked from index.html).
 *
 * antd 5 writes its styles at run time: on first render every component builds a style object,
 * serialises it with stylis, hashes it and inserts a <style> tag (about 480 KB of CSS and
 * 150 ms of main-thread work before a list page's rows). The same CSS is rendered here in
 * Node under the console's themes and extracted with the cache-path map that
 * @ant-design/cssinjs reads at run time: a component whose theme and path are in the map takes
 * its style from the file and generates nothing. Anything not rendered here (a popup opened
 * later, a theme colour chosen in the settings drawer) is still generated at run time, as before.
 *
 * SPECIMENS lists what the login page, the shell, a list page and the dashboard draw before the
 * first interaction; tests/e2e/antd-css.test.ts fails when one of those pages still has to
 * generate a component style, naming it, so the list follows the pages.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { THEME } from '../src/client/app/themes';

// antd's CommonJS build and the cssinjs instance it requires: StyleProvider and extractStyle must
// be the very module antd registers its styles with.
const require = createRequire(import.meta.url);

type Antd = typeof import('antd');
type H = (type: unknown, props?: Record<string, unknown> | null, ...children: ReactNode[]) => ReactElement;

/** Components drawn before the first interaction on the login page, the shell, a list page and the dashboard. */
function specimens(a: Antd, h: H): ReactNode[] {
  const row = { key: 1, name: '张三' };
  const column = { title: '姓名', dataIndex: 'name', key: 'name', sorter: true };
  return [
    h(a.App, null, h('span')),
    h(a.Layout, null, h(a.Layout.Sider, null), h(a.Layout.Header, null), h(a.Layout.Content, null)),
    h(a.Menu, { mode: 'inline', items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }] }),
    h(a.Breadcrumb, { items: [{ title: 'a' }] }),
    h(a.Avatar, null),
    h(a.Badge, { count: 1 }, h('span')),
    h(a.Dropdown, { menu: { items: [] } }, h('span')),
    h(a.Tooltip, { title: 't' }, h('span')),
    h(a.Popover, { content: 'c' }, h('span')),
    h(a.Button, { type: 'primary' }, 'b'),
    h(a.Space, null, h('span')),
    h(a.Space.Compact, null, h(a.Input, null)),
    h(a.Row, null, h(a.Col, { span: 6 })),
    h(a.Form, null, h(a.Form.Item, { label: 'l' }, h(a.Input, null))),
    h(a.Input.Password, null),
    h(a.Input.Search, null),
    h(a.Select, { options: [] }),
    h(a.Checkbox, null),
    h(a.Checkbox.Group, { options: [] }),
    h(a.Tag, { color: 'blue' }, 't'),
    h(a.Tag, { color: 'success' }, 't'),
    h(a.Spin, null),
    h(a.Empty, null),
    h(a.Pagination, { total: 50, showSizeChanger: true, showQuickJumper: true }),
    h(a.Table, { columns: [column], dataSource: [row], rowSelection: {}, pagination: { total: 50 } }),
  ];
}

/** The stylesheet: every specimen under the console's theme. */
export function renderAntdCss(): string {
  const prevEnv = process.env.NODE_ENV;
  // antd names its hash class css-dev-only-do-not-override-* outside production builds
  process.env.NODE_ENV = 'production';
  try {
    const { createElement } = require('react') as { createElement: H };
    const { renderToString } = require('react-dom/server') as { renderToString: (el: ReactElement) => string };
    const antd = require('antd') as Antd;
    const cssinjs = require('@ant-design/cssinjs') as {
      createCache: () => unknown;
      extractStyle: (cache: unknown, options: { plain: boolean }) => string;
      StyleProvider: ComponentType<{ cache: unknown; children?: ReactNode }>;
    };
    const cache = cssinjs.createCache();
    const h = createElement;
    renderToString(
      h(cssinjs.StyleProvider, { cache },
        h(antd.ConfigProvider, { theme: THEME },
          ...specimens(antd, h),
        ),
      ),
    );
    return cssinjs.extractStyle(cache, { plain: true });
  } finally {
    process.env.NODE_ENV = prevEnv;
  }
}

/** Vite plugin (build only): emits the stylesheet and links it at the end of index.html's head. */
export function antdStaticCss(): Plugin {
  let fileName = '';
  return {
    name: 'antd-static-css',
    apply: 'build',
    buildStart() {
      const css = renderAntdCss();
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      // last in <head>: the inline preload script above it is not held up by the stylesheet,
      // while the module scripts (deferred) still run only once it has loaded.
      handler: (html) => html.replace('</head>', `  <link rel="stylesheet" href="/${fileName}">\n  </head>`),
    },
  };
}
