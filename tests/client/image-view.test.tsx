// @vitest-environment happy-dom
/**
 * An image field's thumbnails (list cells, detail forms) are plain images; the first click on
 * one loads antd's preview and shows that image full size, with the field's other images a
 * click of the arrows away.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ImageView } from '../../src/client/engine/fields/views';

afterEach(() => cleanup());

const previewSrc = () => document.querySelector<HTMLImageElement>('.ant-image-preview-img')?.getAttribute('src');
/** The preview dialog is shown and not on its way out (happy-dom never ends antd's leave motion). */
const previewOpen = () => {
  const dialog = document.querySelector('.ant-image-preview-wrap [role=dialog]');
  return dialog !== null && !dialog.className.includes('-leave');
};

it('draws one thumbnail per image at the size asked, each addressed through the file server', () => {
  render(<ImageView value="avatar/a.png,https://cdn.example.cn/b.jpg" size={32} />);
  const thumbs = screen.getAllByRole('button');
  expect(thumbs.map((t) => t.getAttribute('src'))).toEqual(['/hospital/sys/common/static/avatar/a.png', 'https://cdn.example.cn/b.jpg']);
  expect(thumbs.map((t) => [t.getAttribute('width'), t.getAttribute('height'), t.getAttribute('alt')])).toEqual([['32', '32', '图片1'], ['32', '32', '图片2']]);
  expect(document.querySelector('.ant-image-preview-img')).toBeNull();
});

it('an empty field shows the dash, not an image', () => {
  const { container } = render(<ImageView value="" />);
  expect(container.textContent).toBe('-');
  expect(container.querySelector('img')).toBeNull();
});

it('a click on the second thumbnail previews the second image; the arrow goes back to the first; Esc closes it', async () => {
  render(<ImageView value="a.png,b.png" />);
  fireEvent.click(screen.getAllByRole('button', { name: '图片2' })[0]!);
  await waitFor(() => expect(previewSrc()).toBe('/hospital/sys/common/static/b.png'));
  fireEvent.click(document.querySelector('.ant-image-preview-switch-left')!);
  await waitFor(() => expect(previewSrc()).toBe('/hospital/sys/common/static/a.png'));
  fireEvent.keyDown(document.querySelector('.ant-image-preview-wrap')!, { key: 'Escape', keyCode: 27 });
  await waitFor(() => expect(previewOpen()).toBe(false));
  // and it opens again, on the image asked for
  fireEvent.keyDown(screen.getAllByRole('button', { name: '图片2' })[0]!, { key: 'Enter' });
  await waitFor(() => { expect(previewOpen()).toBe(true); expect(previewSrc()).toBe('/hospital/sys/common/static/b.png'); });
});
