// @vitest-environment happy-dom
/**
 * A list's dictionary tags are plain markup (engine/lightTag.tsx): under a table's TagStyles each
 * is the element antd's Tag draws for the same colour, class for class and style for style, in
 * the default theme and in another; outside one a cell draws antd's Tag itself.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { TagStyles, lightTag, useTagClasses } from '../../src/client/engine/lightTag';

afterEach(() => cleanup());

const COLOURS = [undefined, 'blue', 'green', 'red-inverse', 'success', 'processing', 'error', 'warning', 'default', '#f50', 'rgb(45, 183, 245)'];
const STYLE = { marginInlineEnd: 0 };

function Light({ colours }: { colours: Array<string | undefined> }) {
  const classes = useTagClasses();
  return <>{colours.map((c, i) => lightTag(classes, String(i), c, STYLE, `标签${i}`))}</>;
}

function tagsOf(node: ReactNode): string[] {
  const { container } = render(node);
  return [...container.querySelectorAll('span.ant-tag')].map((e) => e.outerHTML);
}

it.each([
  ['the default theme', {}],
  ['a dark theme with another primary colour', { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#722ed1' } }],
])('draws every colour as antd Tag draws it, in %s', (_name, themeConfig) => {
  const wrap = (n: ReactNode) => <ConfigProvider theme={themeConfig}>{n}</ConfigProvider>;
  const antd = tagsOf(wrap(<>{COLOURS.map((c, i) => <Tag key={i} color={c} style={STYLE}>{`标签${i}`}</Tag>)}</>));
  const light = tagsOf(wrap(<TagStyles><Light colours={COLOURS} /></TagStyles>));
  expect(light).toHaveLength(COLOURS.length);
  expect(light).toEqual(antd);
});

it("keeps ConfigProvider's tag class and style", () => {
  const wrap = (n: ReactNode) => <ConfigProvider tag={{ className: 'hospital-tag', style: { fontWeight: 600 } }}>{n}</ConfigProvider>;
  const antd = tagsOf(wrap(<Tag color="blue" style={STYLE}>标签0</Tag>));
  const light = tagsOf(wrap(<TagStyles><Light colours={['blue']} /></TagStyles>));
  expect(light[0]).toContain('hospital-tag');
  expect(light).toEqual(antd);
});

it("outside a table's TagStyles a tag is antd's own", () => {
  const light = tagsOf(<Light colours={['green']} />);
  const antd = tagsOf(<Tag color="green" style={STYLE}>标签0</Tag>);
  expect(light).toEqual(antd);
});
